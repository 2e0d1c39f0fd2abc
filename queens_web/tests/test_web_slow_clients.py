"""A client that sends its request's head a byte at a time is cut off once the head's
deadline passes, quietly; clients that send whole requests, one after another on one
connection, are served as before."""

from __future__ import annotations

import socket
import threading
import time

import pytest
import uvicorn

from queens_web import slow_clients
from queens_web.server import uvicorn_config


async def hello(scope, receive, send):
    headers = [(b"content-length", b"5")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"hello"})


@pytest.fixture
def server(monkeypatch):
    """A server of the page's uvicorn set-up, the head's deadline 0.5 s, on a free port."""
    monkeypatch.setattr(slow_clients, "HEAD_SECONDS", 0.5)
    listening = socket.create_server(("127.0.0.1", 0))
    running = uvicorn.Server(uvicorn_config(hello))
    thread = threading.Thread(target=running.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    while not running.started:
        time.sleep(0.01)
    yield listening.getsockname()[1]
    running.should_exit = True
    thread.join(5)


def _request(port: int) -> bytes:
    return f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()


def _answer(client: socket.socket) -> bytes:
    answer = b""
    while not answer.endswith(b"hello"):
        chunk = client.recv(4096)
        assert chunk, "the connection was closed"
        answer += chunk
    return answer


@pytest.mark.slow
def test_a_head_sent_byte_by_byte_is_cut_off_quietly(server, capfd):
    head = _request(server)
    with socket.create_connection(("127.0.0.1", server), timeout=5) as client:
        started = time.monotonic()
        sent = 0
        try:
            for byte in head:
                client.sendall(bytes([byte]))
                sent += 1
                time.sleep(0.1)
            answer = client.recv(4096)
        except ConnectionError:
            answer = b""
        took = time.monotonic() - started
    assert answer == b"", "the slow head was answered"
    assert sent < len(head) and took < 2.5
    assert capfd.readouterr().err == ""


@pytest.mark.slow
def test_a_silent_connection_is_cut_off(server):
    with socket.create_connection(("127.0.0.1", server), timeout=5) as client:
        started = time.monotonic()
        assert client.recv(4096) == b""
        assert 0.4 < time.monotonic() - started < 2.5


@pytest.mark.slow
def test_whole_requests_on_one_connection_are_served_past_the_deadline(server, capfd):
    """Kept alive: a second request that comes after the head's deadline (but within
    uvicorn's keep-alive) is answered on the same connection; so is a head that comes in
    a few pieces well within it."""
    with socket.create_connection(("127.0.0.1", server), timeout=5) as client:
        client.sendall(_request(server))
        assert _answer(client).startswith(b"HTTP/1.1 200")
        time.sleep(0.8)
        client.sendall(_request(server))
        assert _answer(client).startswith(b"HTTP/1.1 200")
        head = _request(server)
        for piece in (head[:5], head[5:20], head[20:]):
            client.sendall(piece)
            time.sleep(0.1)
        assert _answer(client).startswith(b"HTTP/1.1 200")
    assert capfd.readouterr().err == ""

"""Listening: the socket, the names the server answers to, and uvicorn running the app."""

from __future__ import annotations

import errno
import socket
import sys
import threading
import traceback
import webbrowser
from collections.abc import Callable, Iterable
from typing import Any

import click

from queens_core import Registry
from queens_core.cli.exits import EXIT_BAD_INPUT, fail, warn

#: Bind addresses that accept connections from other machines: the Host check cannot know
#: the names they are reached by, so ``--allow-host`` must list them.
WILDCARDS = ("0.0.0.0", "::", "")
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
#: Seconds a thread runs before another waiting for the interpreter gets it.
SWITCH_INTERVAL = 0.001
#: Seconds after start-up when the rules are loaded if no page or request asked first.
LOAD_AFTER = 0.5


def url_host(host: str) -> str:
    """``host`` as it appears in a URL and a Host header (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host


def allowed_hosts(host: str, port: int, extra: Iterable[str] = ()) -> set[str]:
    """The Host headers to answer: the address listened on, ``localhost`` and
    127.0.0.1 when it is on this machine only, and ``extra``; each with the port (and
    without it, as browsers send it, on port 80)."""
    names = {url_host(name) for name in extra}
    if host in LOOPBACK_NAMES or host in WILDCARDS:
        names.update(url_host(name) for name in LOOPBACK_NAMES)
    if host not in WILDCARDS:
        names.add(url_host(host))
    hosts = {f"{name}:{port}" for name in names}
    if port == 80:
        hosts.update(names)
    return {h.lower() for h in hosts}


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port``, or exit 2 with one line saying why not."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(64)
    except OSError as err:
        reason = err.strerror or str(err)
        hint = "; pass --port to choose another" if err.errno == errno.EADDRINUSE else ""
        fail(f"cannot listen on {url_host(host)}:{port}: {reason}{hint}", EXIT_BAD_INPUT)
    sock.set_inheritable(True)
    return sock


def run(
    registry: Callable[[], Registry],
    host: str,
    port: int,
    open_browser: bool,
    extra_hosts: Iterable[str],
) -> None:
    """Serve the page until interrupted (Ctrl-C). ``registry`` loads the rules and
    readers; it runs once the server listens, so the page paints meanwhile, and when it
    exits (a broken rule package: it has said why) the server stops with its status."""
    import uvicorn

    from .app import create_app

    # The event loop asks for the interpreter back after 1 ms, not 5, when a worker
    # thread computes: /api/info and the page's files stay quick during a long generate.
    sys.setswitchinterval(SWITCH_INTERVAL)
    sock = listen(host, port)
    port = sock.getsockname()[1]
    app, library = create_app(registry, allowed_hosts(host, port, extra_hosts))
    shown = "127.0.0.1" if host in WILDCARDS else host
    url = f"http://{url_host(shown)}:{port}/"
    if host in WILDCARDS and not extra_hosts:
        warn(
            f"listening on every address, but answering only requests to localhost:{port}; "
            "add --allow-host NAME for each name other machines use"
        )
    server = uvicorn.Server(uvicorn_config(app))
    if open_browser:
        threading.Thread(target=_open_when_started, args=(server, url), daemon=True).start()

    def load_library() -> None:
        library.load()  # at once if the page has not asked for it yet: see app.py
        failure = library.failure
        if isinstance(failure, SystemExit):  # the registry has said why: stop
            server.should_exit = True
        elif failure is not None:  # our bug: the terminal gets the story, requests a line
            traceback.print_exception(failure, file=sys.stderr)

    timer = threading.Timer(LOAD_AFTER, load_library)
    timer.daemon = True
    timer.start()
    click.echo(f"queens: serving {url} (press Ctrl-C to stop)")
    sys.stdout.flush()
    server.run(sockets=[sock])
    if isinstance(library.failure, SystemExit):
        raise library.failure


def uvicorn_config(app: Any) -> Any:
    """How uvicorn runs the page: quiet, and cutting off clients whose request head
    comes too slowly (:mod:`.slow_clients`)."""
    import uvicorn

    from .slow_clients import protocol

    return uvicorn.Config(
        app,
        http=protocol(),
        log_level="warning",
        access_log=False,
        lifespan="off",
        server_header=False,
    )


def _open_when_started(server: object, url: str) -> None:
    pause = threading.Event()  # never set: a sleep that reads as one
    while not getattr(server, "started", False) and not getattr(server, "should_exit", False):
        pause.wait(0.05)
    if getattr(server, "started", False):
        webbrowser.open(url)

"""The page against plugin code that will not stop, and clients that misbehave: a stuck
rule costs one worker thread, never the server, and its 503 names it; a client that
goes away or sends its body too slowly is cut off quietly."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

#: A server whose one rule sleeps in one C call (an exception raised in its thread
#: waits for the call to return), with short budgets; it prints what it answered.
STUCK_SERVER = """
import json, sys, time
from starlette.testclient import TestClient
from queens_core import hookimpl, load_registry
from queens_core.plugins.registry import make_plugin_manager
from queens_core.runtime import guards
from queens_core.testing import make_rule
from queens_web import app

guards.GRACE = 0.3
app.BUDGETS["explain"] = 0.5

def stuck(ctx):
    time.sleep(2.5)

class Package:
    @hookimpl
    def queens_register_rules(self):
        return [make_rule("stuck", stuck)]

pm = make_plugin_manager()
pm.register(Package(), name="queens-rules-stuck")
page, _ = app.create_app(load_registry(pm, use_entry_points=False), ["testserver"])
client = TestClient(page)
rows = {rows!r}
answers = []
for _ in range(app.WORKERS + 1):
    got = client.post("/api/explain", json={{"board": rows}})
    answers.append([got.status_code, got.json().get("error", "")])
started = time.monotonic()
info = client.get("/api/info").status_code
answers.append([info, round(time.monotonic() - started, 1)])
print(json.dumps(answers))
sys.stdout.flush()
"""


@pytest.mark.slow
def test_a_rule_stuck_in_one_call_costs_one_worker_and_is_named_in_its_503():
    """More requests than worker threads, each stuck in a rule that no exception can
    reach while it sleeps: each 503 names the rule; after the grace each stuck worker is
    given up and another takes its place; the server never ends, and answers at once."""
    from pathlib import Path

    board = Path(__file__).resolve().parents[2] / "archive" / "boards" / "1.txt"
    rows = board.read_text(encoding="utf-8").split()
    done = subprocess.run(
        [sys.executable, "-c", STUCK_SERVER.format(rows=rows)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout)
    *stuck, info = answers
    for status, error in stuck:
        assert status == 503
        assert error.startswith("rule 'stuck' (stuck) from queens-rules-stuck did not finish"), (
            error
        )
    assert info[0] == 200 and info[1] < 1.0
    assert "Traceback" not in done.stderr


def _post_in_pieces(page, pieces) -> list[dict]:
    """POST /api/explain to ``page`` straight through ASGI, its body as ``pieces`` (a
    piece is bytes, a number of seconds to wait, or None: the client goes away); the
    messages the page sent back."""
    import asyncio

    sent: list[dict] = []
    waiting = list(pieces)

    async def receive():
        while waiting:
            piece = waiting.pop(0)
            if piece is None:
                return {"type": "http.disconnect"}
            if isinstance(piece, float):
                await asyncio.sleep(piece)
                continue
            return {"type": "http.request", "body": piece, "more_body": bool(waiting)}
        await asyncio.sleep(3600)  # nothing more comes

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/explain",
        "raw_path": b"/api/explain",
        "query_string": b"",
        "headers": [(b"host", b"testserver"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 1),
        "server": ("testserver", 80),
        "scheme": "http",
        "http_version": "1.1",
        "root_path": "",
    }
    asyncio.run(page(scope, receive, send))
    return sent


def _status(sent: list[dict]) -> int:
    return next(m["status"] for m in sent if m["type"] == "http.response.start")


def test_a_client_that_goes_away_mid_body_leaves_no_traceback(capfd):
    """The body stops coming (the client disconnected): the request ends with one line
    of answer, which no one reads, and nothing on the server's standard error."""
    from queens_core import load_registry
    from queens_web.app import create_app

    page, _ = create_app(load_registry(), ["testserver"])
    sent = _post_in_pieces(page, [b'{"board": ', None])
    assert _status(sent) == 400
    error = capfd.readouterr().err
    assert error == ""


def test_a_body_that_comes_too_slowly_is_cut_off_with_a_408(monkeypatch, capfd):
    from queens_core import load_registry
    from queens_web import app

    monkeypatch.setattr(app, "BODY_SECONDS", 0.2)
    page, _ = app.create_app(load_registry(), ["testserver"])
    sent = _post_in_pieces(page, [b'{"board": ', 0.6, b"[]}"])
    assert _status(sent) == 408
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    assert json.loads(body)["error"] == "the request's body did not arrive within 0.2 s"
    assert capfd.readouterr().err == ""


def test_a_negative_seed_is_taken_as_the_command_line_takes_it():
    """``queens generate --seed -7`` makes a batch; the page makes the same board of
    that seed instead of refusing it."""
    from pathlib import Path

    from starlette.testclient import TestClient

    from queens_core import load_registry
    from queens_web.app import create_app

    page, _ = create_app(load_registry(), ["testserver"])
    got = TestClient(page).post("/api/generate", json={"size": 6, "seed": -7})
    assert got.status_code == 200, got.text
    assert got.json()["seed"] <= 0  # the seed, or the next round of it
    # The command in a process of its own, as a user runs it: in this one the page's
    # threads swap the process's sys.stdout while they solve, and one that finishes
    # late would put its own back under a CliRunner's capture.
    queens = Path(sys.executable).with_name("queens")
    seed = str(got.json()["seed"])
    made = subprocess.run(
        [str(queens), "generate", "--size", "6", "--seed", seed, "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout.splitlines()[0])["board"] == got.json()["board"]["rows"]

"""``queens generate`` off a terminal (a script, CI) is not silent for the half minute a
32×32 board takes: a line on standard error after a few seconds, then now and then, says
what is being made and for how long; standard output is the same byte for byte, and
``--quiet`` says nothing. On a terminal the bar counts the seconds of a long board.

No test waits for the clock: the ticker's first line is made due at once, and the batch
hands over its first board only once the line has been said (an event, not a sleep)."""

from __future__ import annotations

import io
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from queens_core.api.generation import Batch
from queens_core.cli import app as cli
from queens_core.cli.commands import generate as command
from queens_core.render import progress
from queens_core.render.progress import Progress, Ticker

ARGS = ["generate", "--size", "8", "--count", "2", "--seed", "1"]


def tickers() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "queens-ticker"]


@pytest.fixture
def said_first(monkeypatch) -> threading.Event:
    """The ticker speaks at once; the batch's boards wait until it has spoken."""
    spoken = threading.Event()
    monkeypatch.delenv("QUEENS_QUIET", raising=False)  # the suite runs quiet (conftest.py)
    monkeypatch.setattr(progress, "FIRST_TICK", 0.0)
    saying = command._saying

    def noting(batch: Batch, todo: int) -> Callable[[int, float], str]:
        say = saying(batch, todo)

        def noted(done: int, seconds: float) -> str:
            line = say(done, seconds)
            spoken.set()
            return line

        return noted

    monkeypatch.setattr(command, "_saying", noting)
    boards = Batch.boards

    def after_the_line(self: Batch, *args: Any) -> Iterator[Any]:
        assert spoken.wait(60), "the ticker said nothing"
        yield from boards(self, *args)

    monkeypatch.setattr(Batch, "boards", after_the_line)
    return spoken


def test_a_long_batch_off_a_terminal_says_what_it_makes_and_prints_the_same_boards(said_first):
    ticking = CliRunner().invoke(cli.main, ARGS)
    assert ticking.exit_code == 0, ticking.output
    first, *rest = ticking.stderr.splitlines()
    assert first == "queens: making 2 boards of 8×8: none made yet, 0 s so far", ticking.stderr
    assert all(line.startswith("queens: making 2 boards of 8×8: ") for line in rest)
    assert not tickers()  # its thread has ended with the command

    quiet = CliRunner().invoke(cli.main, [*ARGS, "--quiet"])
    assert quiet.exit_code == 0 and quiet.stderr == ""
    assert ticking.stdout_bytes == quiet.stdout_bytes


@pytest.mark.parametrize(("option", "variable"), [("-q", None), (None, "1")])
def test_quiet_starts_no_ticker(monkeypatch, option, variable):
    """``--quiet``, or QUEENS_QUIET=1 (a CI job that cannot change the command line)."""
    if variable is None:
        monkeypatch.delenv("QUEENS_QUIET", raising=False)
    else:
        monkeypatch.setenv("QUEENS_QUIET", variable)
    monkeypatch.setattr(progress, "FIRST_TICK", 0.0)
    seen: list[int] = []
    boards = Batch.boards

    def looking(self: Batch, *args: Any) -> Iterator[Any]:
        seen.append(len(tickers()))
        yield from boards(self, *args)

    monkeypatch.setattr(Batch, "boards", looking)
    quiet = CliRunner().invoke(cli.main, [*ARGS, *([option] if option else [])])
    assert quiet.exit_code == 0 and quiet.stderr == ""
    assert seen == [0]


def test_a_star_battle_batch_is_said_with_its_stars():
    batch = Batch.__new__(Batch)
    batch.maker = type("Maker", (), {"size": 10})()  # type: ignore[assignment]
    batch.stars = 2
    say = command._saying(batch, 1)
    assert say(0, 21.4) == (
        "queens: making 1 board of 10×10 with 2 stars per unit: none made yet, 21 s so far"
    )
    assert command._saying(batch, 3)(2, 65) == (
        "queens: making 3 boards of 10×10 with 2 stars per unit: 2 made, 65 s so far"
    )


def until(condition: Callable[[], bool]) -> bool:
    """Whether ``condition`` came true within a generous bound (a loaded machine)."""
    deadline = time.monotonic() + 30
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def test_the_ticker_writes_lines_off_a_terminal_until_closed():
    stream = io.StringIO()
    ticker = Ticker(Progress(stream), 3, lambda done, s: f"{done} made", first=0.0, every=0.001)
    assert until(lambda: stream.getvalue().count("\n") >= 2)
    ticker.step(2)
    assert until(lambda: stream.getvalue().endswith("2 made\n"))
    ticker.close()
    assert not tickers()
    written = stream.getvalue()
    assert set(written.splitlines()) <= {"0 made", "2 made"}
    assert written == stream.getvalue()  # nothing after close: its thread has ended


def test_the_ticker_keeps_the_bar_moving_on_a_terminal_and_erases_it():
    stream = io.StringIO()
    bar = Progress(stream, delay=3600.0, enabled=True)  # the bar alone would wait an hour
    ticker = Ticker(bar, 1, lambda done, s: "never a line", first=0.0, every=0.001)
    assert until(lambda: " s" in stream.getvalue())
    ticker.close()
    drawn = stream.getvalue()
    assert drawn.startswith("\r[------------------------------] 0/1 boards, ")
    assert "never a line" not in drawn and drawn.endswith("\r")


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="needs pthread_sigmask")
def test_the_tickers_thread_leaves_ctrl_c_to_the_main_thread():
    """A C library that sets its own SIGINT handler while it works (CryptoMiniSat, asked
    by the Star Battle maker) must not get Ctrl-C in the ticker's thread, where nothing
    stops the batch: the thread blocks it, as the watchdog's does."""
    masks: list[set[int]] = []

    def say(done: int, seconds: float) -> str:
        masks.append(set(signal.pthread_sigmask(signal.SIG_BLOCK, [])))
        return "said"

    ticker = Ticker(Progress(io.StringIO()), 1, say, first=0.0, every=0.001)
    assert until(lambda: bool(masks))
    ticker.close()
    assert {signal.SIGINT, signal.SIGTERM} <= masks[0]
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])

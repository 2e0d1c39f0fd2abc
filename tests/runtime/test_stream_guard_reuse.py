"""The guards a solve puts on standard output and standard error are taken again by the
next solve in the same thread on the same streams, and made anew for another stream or
another thread: a rule that prints is stopped either way, and nothing reaches the
stream."""

from __future__ import annotations

import io
import sys
import threading

import pytest

from queens_core import Board, Solver, load_registry
from queens_core.engine.driver import RuleFailure
from queens_core.engine.rules import Rule, Tier
from queens_core.runtime import guards
from tests.support import ROOT

BOARD = Board.parse((ROOT / "archive" / "boards" / "1.txt").read_text())


class Printer(Rule):
    counter = "printer"
    display_name = "Printer"
    tier = Tier.CHEAP
    position = 1
    summary = "Prints, which no rule may do."

    @staticmethod
    def apply(ctx):
        print("a rule's words")


def solve_printing() -> RuleFailure:
    load_registry()  # installs the supervisor whose watch puts the guards in place
    with pytest.raises(RuleFailure) as caught:
        Solver([Printer()]).solve(BOARD)
    return caught.value


def test_the_next_solve_on_the_same_stream_takes_the_same_guard(monkeypatch):
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    first = solve_printing()
    guard = guards._last_stdout_guard
    second = solve_printing()
    assert guards._last_stdout_guard is guard
    assert guard.stream is stream
    assert 'it wrote "a rule\'s words" to standard output' in str(first)
    assert str(first) == str(second)
    assert stream.getvalue() == ""
    assert sys.stdout is stream  # each solve put the stream back


def test_another_stream_or_thread_gets_a_guard_of_its_own(monkeypatch):
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    solve_printing()
    guard = guards._last_stdout_guard
    other = io.StringIO()
    monkeypatch.setattr(sys, "stdout", other)
    solve_printing()
    assert guards._last_stdout_guard is not guard
    assert guards._last_stdout_guard.stream is other
    mine = guards._last_stdout_guard
    failures = []
    worker = threading.Thread(target=lambda: failures.append(solve_printing()))
    worker.start()
    worker.join()
    assert len(failures) == 1
    assert guards._last_stdout_guard is not mine
    assert guards._last_stdout_guard.thread == worker.ident
    assert other.getvalue() == ""

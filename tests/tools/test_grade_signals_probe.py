"""bench/probe_star_grade_signals.py solves Star Battle boards breadth first (every rule of
the Medium rung on the same position, all they find made at once; the cheap tier's rules
when they find nothing) and reads the size of a step's reason off its detail: on real
boards the breadth-first solve settles every cell once and ends on the board's solution,
and a reason names the units it should."""

from __future__ import annotations

import importlib.util
import sys

from support import ROOT

from queens_core import Board
from queens_core.engine.driver import Solver
from queens_core.engine.rules import Grade, Tier
from queens_core.referee.exact import find_solutions

STAR_BOARDS = sorted((ROOT / "archive" / "starbattle").glob("*.txt"))


def _probe():
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        spec = importlib.util.spec_from_file_location(
            "probe_star_grade_signals", ROOT / "bench" / "probe_star_grade_signals.py"
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return module


def _board(path) -> Board:
    text = path.read_text().splitlines()
    return Board(tuple(text[1:]), int(text[0].split(":")[1]))


def test_the_breadth_first_solve_settles_each_cell_once_and_ends_on_the_solution(registry):
    probe = _probe()
    solved = 0
    for path in STAR_BOARDS[::6]:
        board = _board(path)
        rules = [r for r in registry.rules if r.sound_for(board.stars)]
        medium = Solver([r for r in rules if r.grade_needed <= Grade.MEDIUM], stars=board.stars)
        cheap = Solver([r for r in rules if r.tier is Tier.CHEAP], stars=board.stars)
        rounds, state = probe.breadth_first_rounds(board, medium, cheap)
        assert all(steps >= 1 and cells >= 1 for _, steps, cells in rounds), path.stem
        assert all(rung in (2, 3) for rung, _, _ in rounds), path.stem
        settled = sum(cells for _, _, cells in rounds)
        (solution,) = find_solutions(board, 2)
        # Sound deductions made at once stay sound: no star off the solution, none of
        # its cells ruled out, and every cell settled once.
        assert not state.queens & ~solution and not solution & ~(state.live | state.queens)
        assert settled == (board.full & ~state.live).bit_count(), path.stem
        solved += state.queens == solution
    assert solved, "no board of the sample was solved breadth first: the test checks little"


def test_a_reason_names_the_units_one_holds_in_mind(registry):
    probe = _probe()
    board = _board(STAR_BOARDS[0])
    solver = Solver([r for r in registry.rules if r.sound_for(board.stars)], stars=board.stars)
    kinds = set()
    for step in solver.solve(board).steps:
        span = probe.reason_span(step.detail, board.n)
        name = type(step.detail).__name__
        kinds.add(name)
        if name in ("Undercount", "Overcount"):
            count = len(step.detail.regions)
            assert span == min(count, board.n - count) >= 1
        elif name == "Blocks":
            assert span == (2 if step.detail.where[0] in ("rows", "columns") else 1)
        else:
            assert span >= 1
    assert "Blocks" in kinds

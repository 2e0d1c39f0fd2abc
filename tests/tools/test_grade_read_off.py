"""The grade read off the full solve is the grade of the ladder solved rung by rung: on
the Queens archive and the Star Battle boards of every K, each rung's rules solving the
board alone, from scratch, give the same rung, score, steps and counters as
Grader.assess (which solves a rung only when the full solve cannot stand for it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import ROOT

from queens_core import Solver
from queens_core.api import Application

STAR_BOARDS = sorted((ROOT / "archive" / "starbattle").glob("*.txt"))


@pytest.fixture(scope="module")
def app() -> Application:
    return Application()


def ladder_solved_rung_by_rung(grader, board):
    """(level, score, counters) of the first rung whose rules alone solve ``board``."""
    rules = grader.full.rules
    for rung, _ in grader.rungs:
        solver = Solver([r for r in rules if r.counter in rung.counters], stars=board.stars)
        result = solver.solve(board)
        if result.solved:
            score = sum(grader.weights[c] * n for c, n in result.counters.items())
            return rung.level, score, result
    return None


@pytest.mark.slow
@pytest.mark.parametrize("path", STAR_BOARDS, ids=lambda p: p.stem)
def test_a_star_battle_grade_is_the_ladders_own(app, path: Path):
    board = app.read(str(path)).board
    grader = app.grader().for_stars(board.stars)
    assessment = grader.assess(board)
    expected = ladder_solved_rung_by_rung(grader, board) if assessment.solved else None
    if expected is None:
        assert assessment.rung is None
        return
    assert assessment.rung is not None and assessment.graded is not None
    level, score, result = expected
    assert (assessment.rung.level, assessment.score) == (level, score)
    # The same steps; a solve read off the full one also lists the rules the rung leaves
    # out, at 0.
    assert assessment.graded.steps == result.steps
    assert nonzero(assessment.graded.counters) == nonzero(result.counters)


def nonzero(counters: dict[str, int]) -> dict[str, int]:
    return {counter: count for counter, count in counters.items() if count}


@pytest.mark.slow
def test_every_archive_grade_is_the_ladders_own_step_for_step(app, archive):
    grader = app.grader()
    for key, board in archive.items():
        assessment = grader.assess(board)
        level, score, result = ladder_solved_rung_by_rung(grader, board)
        assert assessment.rung is not None and assessment.graded is not None
        assert (assessment.rung.level, assessment.score) == (level, score), key
        assert assessment.graded.steps == result.steps, key
        assert nonzero(assessment.graded.counters) == nonzero(result.counters), key

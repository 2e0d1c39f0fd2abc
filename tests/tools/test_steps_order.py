""" "Easiest first" (``queens hint --all``, the page's "Every step now", the hint) goes
by the rung of the difficulty ladder, then the weight within it: a Medium deduction such
as Unit exactly filled (a unit with as many live cells as stars it lacks) comes before a
Hard one such as Exclusion, whatever their weights."""

from __future__ import annotations

from pathlib import Path

import pytest

from queens_core import load_registry
from queens_core.api import Application
from queens_core.engine.driver import Solver
from queens_core.engine.rules import Grade
from queens_core.engine.state import State
from queens_core.exact import find_solutions
from queens_core.tools.explain import apply_step
from queens_core.tools.steps import easiness, start_position, steps_now

ROOT = Path(__file__).resolve().parents[2]
BOARD = ROOT / "archive" / "starbattle-sizes" / "10x10-2stars-01.txt"


@pytest.fixture(scope="module")
def board():
    return Application().steps(str(BOARD)).hint.board


@pytest.fixture(scope="module")
def solver(board):
    return Solver(load_registry().rules).for_stars(board.stars)


def a_position_with_both(board, solver):
    """The first position of the solve where Unit exactly filled and a Hard rule both
    have a step, with those steps."""
    position = start_position(board, State.initial(board))
    for step in solver.solve(board, position.copy()).steps:
        apply_step(board, position, step)
        here = steps_now(board, position, solver)
        counters = [f.rule.counter for f in here]
        if "unit_exactly_filled" in counters and any(
            f.rule.grade_needed >= Grade.HARD for f in here
        ):
            return position.copy(), here
    raise AssertionError("no position of the solve lists both")


@pytest.mark.slow
def test_a_medium_step_comes_before_every_hard_one_whatever_the_weights(board, solver):
    position, here = a_position_with_both(board, solver)
    assert [easiness(f.rule) for f in here] == sorted(easiness(f.rule) for f in here)
    filled = [i for i, f in enumerate(here) if f.rule.counter == "unit_exactly_filled"]
    hard = [i for i, f in enumerate(here) if f.rule.grade_needed >= Grade.HARD]
    assert max(filled) < min(hard)
    # Some Hard rule weighs less than Unit exactly filled: the weight alone misorders.
    assert any(here[i].rule.score_weight < here[filled[0]].rule.score_weight for i in hard)
    # The steps are true of the position: each agrees with the board's solution.
    (solution,) = find_solutions(board, 2)
    for found in here:
        assert not found.step.killed & solution and not found.step.placed & ~solution
    # The hint is the first of them.
    (easiest,) = steps_now(board, position, solver, easiest_only=True)
    assert easiest.step == here[0].step


def test_the_list_names_each_steps_rung_and_weight(board):
    answer = Application().steps(str(BOARD))
    text = answer.text()
    for number, found in enumerate(answer.steps, 1):
        rung = found.rule.grade_needed.title
        assert f"{number:>3}. [{rung}, weight {found.rule.score_weight}] " in text

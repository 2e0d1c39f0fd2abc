"""The steps from a state no solution can agree with are refused: the easiest step's
search leaves the check to its first rule call, and makes it itself when it has no
rule to call."""

from __future__ import annotations

import pytest
from support import ARCHIVE

from queens_core import Solver, State
from queens_core.engine.state import InvalidState
from queens_core.plugins.readers import read_source
from queens_core.tools.steps import steps_now


def _touching_stars():
    reading = read_source(str(ARCHIVE.parent / "starbattle" / "10x10-2stars-01.txt"))
    assert reading.stars is not None
    board = reading.board.with_stars(reading.stars)
    both = 1 << board.cell(0, 0) | 1 << board.cell(1, 1)
    return board, State(board.full & ~both, both)


@pytest.mark.parametrize("easiest_only", [True, False])
def test_touching_stars_are_refused_by_the_rules(registry, easiest_only):
    board, state = _touching_stars()
    with pytest.raises(InvalidState, match="r1c1"):
        steps_now(board, state, Solver(registry.rules), easiest_only=easiest_only)


def test_touching_stars_are_refused_with_no_rule_to_ask():
    board, state = _touching_stars()
    with pytest.raises(InvalidState, match="r1c1"):
        steps_now(board, state, Solver([]), easiest_only=True)

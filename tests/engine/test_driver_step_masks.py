"""A step whose placed or killed is no mask is a bad step however the driver folds the
steps of a call (kills and placements apart since it folds them for less): the rule is
named with the same words."""

from __future__ import annotations

import pytest

from queens_core import Board, Solver
from queens_core.engine.driver import RuleFailure
from queens_core.engine.rules import Rule, Step, Tier
from tests.support import ROOT

BOARD = Board.parse((ROOT / "archive" / "boards" / "1.txt").read_text())
BAD_STEP = (
    "broke the rule contract: it recorded a Step whose counter, placed or killed is not "
    "what ctx.place() and ctx.kill() record"
)


def forger(placed: object, killed: object) -> Rule:
    class Forger(Rule):
        counter = "forger"
        display_name = "Forger"
        tier = Tier.CHEAP
        position = 1
        summary = "Kills a cell, then records a step of its own making."

        @staticmethod
        def apply(ctx):
            if ctx.state.live & 1:
                ctx.kill(1)
                ctx.steps.append(Step(ctx.counter, placed, killed, ()))

    return Forger()


@pytest.mark.parametrize(
    ("placed", "killed"), [(None, 0), ("", 0), (0.0, 0), (0, None), (0, "x"), ("q", 0)]
)
def test_a_step_without_masks_is_a_bad_step(placed, killed):
    with pytest.raises(RuleFailure) as caught:
        Solver([forger(placed, killed)]).solve(BOARD)
    assert BAD_STEP in str(caught.value)


def test_a_step_with_false_for_no_placement_is_a_mask_of_no_cells():
    # bool is an int: False is the empty mask, as it always was.
    result = Solver([forger(False, 0)]).solve(BOARD)
    assert result.counters["forger"] == 1

"""The unit sets of bench/probe_unit_cores.py: on a hand-made board and on random K = 2
boards against every solution the state still allows, a cell it says some units rule out
holds no star in any of them, those units alone rule it out, and none of them can go."""

from __future__ import annotations

import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import ROOT
from test_starbattle_counting import random_case

from queens_core.board import bits
from queens_core.engine.board import Board
from queens_core.engine.state import State

sys.path.insert(0, str(ROOT / "bench"))
from probe_unit_cores import UnitSwitches, all_units


def _board() -> Board:
    # Two stars a unit on 6×6, in six regions of two rows by three columns.
    return Board(("AAABBB", "AAABBB", "CCCDDD", "CCCDDD", "EEEFFF", "EEEFFF"), 2)


def test_a_star_in_the_middle_of_a_two_by_three_region_is_ruled_out_by_it_alone():
    board = _board()
    units, names = all_units(board)
    state = State((1 << 36) - 1, 0)
    model = UnitSwitches(board, state, units)
    # Region A is two rows of three: a star on r1c2 touches every other cell of it.
    # Rows 1–2 also do (their 4 stars in three 2×2 blocks once r1c2 takes one), so the
    # set found first may be either; each is minimal.
    region_a = names.index("region A")
    assert model.refuting(1, [region_a]) == [region_a]
    assert [
        names[i]
        for i in model.refuting(1, [region_a, names.index("row 1"), names.index("row 2")]) or []
    ] in (
        ["region A"],
        ["row 1", "row 2"],
    )
    # Its corner r1c1 is allowed by region A alone (with r1c3 or r2c3).
    assert model.refuting(0, [region_a]) is None


def _check(board: Board, state: State, allowed: set[int], cells: list[int]) -> None:
    units, _ = all_units(board)
    model = UnitSwitches(board, state, units)
    for cell in cells:
        core = model.refuting(cell)
        if core is None:
            continue
        for solution in allowed:
            assert not solution >> cell & 1
        # Those units alone rule the star out, in a model of their own; without any one
        # of them it stands.
        alone = UnitSwitches(board, state, units)
        assert alone.refuting(cell, core) == core
        for left_out in core:
            assert alone.refuting(cell, [i for i in core if i != left_out]) is None


def test_a_stalled_style_state_on_a_small_board():
    board = _board()
    state = State((1 << 36) - 1, 0)
    _check(board, state, set(), list(range(36)))


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from([(8, 2), (9, 2), (10, 2)]))
def test_no_unit_set_rules_out_a_cell_of_an_allowed_solution(rng, shape):
    case = random_case(rng, shape)
    if case is None:
        return
    board, state, allowed = case
    live = list(bits(state.live))
    _check(board, state, allowed, rng.sample(live, min(8, len(live))))

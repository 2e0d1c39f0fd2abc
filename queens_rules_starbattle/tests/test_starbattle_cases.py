"""The case split: a hand-checked board, its sentences against the state they describe,
and Hypothesis against the exact engine on random boards with K = 2 to 6 (no solution may
ever be ruled out, and every case it calls impossible has no solution)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from queens_core import Board, Context, Contradiction, Solver, State, Tier, cell_label
from queens_core.board import bits
from queens_core.referee.exact import find_solutions
from queens_core.tools.explain import explain_steps
from queens_rules_starbattle import RULES
from queens_rules_starbattle.cases import CASES, case_split, suppose
from queens_rules_starbattle.details import CaseSplit
from queens_rules_starbattle.refute import told_case

from .test_starbattle_counting import random_case

#: (size, K): the published shapes, and smaller ones where cases come up more often.
SHAPES = [(8, 2), (10, 2), (12, 3), (14, 3), (17, 4), (21, 5), (25, 6)]


def _split(board: Board, state: State) -> tuple[State, list]:
    after = state.copy()
    ctx = Context(board, after, [])
    ctx.counter = "case_split"
    case_split(ctx)
    return after, ctx.steps


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(SHAPES))
def test_a_case_split_never_rules_out_a_solution(rng, shape):
    case = random_case(rng, shape)
    if case is None:
        return
    board, state, allowed = case
    try:
        after, steps = _split(board, state)
    except Contradiction as err:
        raise AssertionError(f"a contradiction on a board with a solution: {err}") from err
    for solution in allowed:
        assert not after.queens & ~solution
        assert not solution & ~(after.live | after.queens)
    for step in steps:
        assert isinstance(step.detail, CaseSplit)
        cases = step.detail.cases
        assert 2 <= len(cases) <= CASES
        for case in cases:
            placement = sum(1 << cell for cell in case.placement)
            if case.kind is not None:
                # An impossible case: no solution of the state puts these stars down.
                assert all(s & placement != placement for s in allowed)


def first_stall_needing(
    counter: str, split: Callable[[Board, State], tuple[State, list]], seeds: int
) -> tuple[Board, State, list]:
    """The first generated 10×10 board on which the cheap tier without the rule
    ``counter`` stalls and ``split`` (that rule, once) then finds steps: the board, the
    state it stalls at and those steps."""
    from queens_rules_starbattle.generate import generate_starbattle

    others = [r for r in RULES if r.tier is Tier.CHEAP and r.counter != counter]
    for seed in range(seeds):
        board = generate_starbattle(10, 2, seed=seed)
        stalled = Solver(others).solve(board)
        if stalled.solved:
            continue
        _after, steps = split(board, stalled.state)
        if steps:
            return board, stalled.state, steps
    raise AssertionError(f"no 10×10 board among {seeds} needs {counter}")


def _board_with_a_split() -> tuple[Board, State, list]:
    """The first generated 10×10 board, from the state the cheap tier stalls at without
    the case split, and the case split's steps there."""
    return first_stall_needing("case_split", _split, 40)


@pytest.mark.slow
def test_a_split_says_which_ways_are_left_and_what_they_agree_on():
    board, before, steps = _board_with_a_split()
    (solution,) = find_solutions(board, 2)
    state = before.copy()
    for step in steps:
        detail = step.detail
        (explanation,) = explain_steps(board, [step], RULES, state)
        why = explanation.why
        assert not explanation.generic
        for case in detail.cases:
            for cell in case.placement:
                assert cell_label(board, cell) in why
            placement = sum(1 << cell for cell in case.placement)
            after, failure, forced = suppose(board, state, placement)
            # The case is told as it is: impossible exactly when its walk fails, with the
            # stars the walk forced, each named.
            assert (failure is None) == (case.kind is None)
            alone = sum(c.kind is None for c in detail.cases) == 1
            if not (alone and failure is None):
                assert tuple(f[0] for f in forced) == tuple(f[0] for f in case.forced)
            # What the sentence tells: an impossible case's chain as shortened on this state.
            for star, _, _ in told_case(board, state, case).forced:
                if isinstance(star, int):
                    assert f"{cell_label(board, star)} would hold a star" in why
                else:  # cells an impossible case's chain rules out
                    cells = " ".join(cell_label(board, cell) for cell in star)
                    assert f"{cells} would " in why
            if failure is None:
                # What the step says every way agrees on is true in this way.
                assert not step.killed & (after.live | after.queens)
                assert not step.placed & ~after.queens
        changed = step.placed or step.killed
        for cell in bits(changed):
            assert cell_label(board, cell) in why
        assert not step.placed & ~solution
        assert not step.killed & solution
        if step.placed:
            state.queens |= step.placed
            state.live &= ~(step.placed | board.kill_masks[step.placed.bit_length() - 1])
        state.live &= ~step.killed


def test_two_ways_that_empty_the_same_cell():
    # Rows are regions, K = 2; row 1 keeps three live cells, r1c1, r1c3 and r1c5.
    board = Board(tuple("ABCDEFGHIJ"[r] * 10 for r in range(10)), 2)
    live = board.full & ~sum(1 << board.cell(0, c) for c in range(10) if c not in (0, 2, 4))
    state = State(live, 0)
    after, steps = _split(board, state)
    # Ways: {c1, c3}, {c1, c5}, {c3, c5}: each kills row 2's cells next to its stars;
    # r2c2 touches c1 or c3, r2c4 touches c3 or c5, so both touch a star of every way.
    killed = 0
    for step in steps:
        killed |= step.killed
    assert killed & (1 << board.cell(1, 1))
    assert killed & (1 << board.cell(1, 3))
    assert all(s & (1 << board.cell(1, 1)) == 0 for s in find_solutions(board, 5, after.copy()))


@pytest.mark.slow
def test_a_split_stays_cheap_on_the_largest_boards():
    from queens_rules_starbattle.generate import generate_starbattle

    board = generate_starbattle(25, 6, seed=3)
    state = State.initial(board)
    started = time.process_time()
    _split(board, state)
    assert time.process_time() - started < 5

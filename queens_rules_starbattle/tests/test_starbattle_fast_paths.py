"""The fast paths of the classical Star Battle deductions give what the plain definitions
give: the 2×2 cover search (cut branches, remembered answers) finds the very cover the
exhaustive search finds, and the counting rules (regions kept as bit sets per line) make
the same steps, in the same order, as a direct reading of their definition. The trial
star calls both thousands of times a solve, so their answers are the grades' answers."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_starbattle_counting import random_board, random_state

from queens_core import Board, Context, Contradiction, State
from queens_rules_starbattle.deductions import (
    overcounting,
    undercounting,
    window_cover,
    windows,
)


def plain_cover(n: int, cells: int, limit: int) -> tuple[int, ...] | None:
    """The exhaustive search, as the definition reads: the first uncovered cell in
    reading order is the top-left or the top-right cell of a window of the cover."""
    if not cells:
        return ()
    if limit <= 0:
        return None
    cell = (cells & -cells).bit_length() - 1
    options = [windows(n)[cell]]
    if cell % n:
        options.append(windows(n)[cell - 1])
    for window in options:
        rest = plain_cover(n, cells & ~window, limit - 1)
        if rest is not None:
            return (window, *rest)
    return None


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=3, max_value=9),
    st.randoms(use_true_random=False),
    st.floats(min_value=0.05, max_value=0.6),
    st.integers(min_value=0, max_value=8),
)
def test_the_cover_search_finds_the_cover_the_exhaustive_one_finds(n, rng, density, limit):
    cells = sum(1 << i for i in range(n * n) if rng.random() < density)
    assert window_cover(n, cells, limit) == plain_cover(n, cells, limit)


def plain_counting(board: Board, state: State, over: bool) -> list[tuple[int, tuple]]:
    """Over- or undercounting as its definition reads: every run of adjacent rows, then
    of columns, shortest first, against the regions reaching into it (or lying within
    it), looked at again after each kill. The kills as (cells, detail)."""
    n = board.n
    steps: list[tuple[int, tuple]] = []
    for kind, masks in (("rows", board.row_masks), ("columns", board.col_masks)):
        for length in range(1, n):
            for first in range(n - length + 1):
                last = first + length - 1
                lines = 0
                for line in masks[first : last + 1]:
                    lines |= line
                taken = state.live | state.queens
                cells = [region & taken for region in board.region_masks]
                if over:
                    members = [k for k, mine in enumerate(cells) if mine & lines]
                else:
                    members = [k for k, mine in enumerate(cells) if mine and not mine & ~lines]
                if len(members) > length and not over:
                    raise Contradiction(f"{kind} {first}-{last}")
                if len(members) != length:
                    continue
                union = 0
                for k in members:
                    union |= board.region_masks[k]
                doomed = state.live & ((union & ~lines) if over else (lines & ~union))
                if doomed:
                    state.live &= ~doomed
                    steps.append(
                        (doomed, ("regions", tuple(members), kind, tuple(range(first, last + 1))))
                    )
    return steps


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from([(8, 2), (10, 2), (12, 3), (14, 3)]))
def test_the_counting_rules_make_the_steps_their_definition_makes(rng, shape):
    made = random_board(*shape, rng)
    if made is None:
        return
    board, planted = made
    start = random_state(board, planted, random.Random(rng.random()))
    for rule, over in ((undercounting, False), (overcounting, True)):
        expected_state = start.copy()
        try:
            expected = plain_counting(board, expected_state, over)
        except Contradiction:
            expected = None
        state = start.copy()
        ctx = Context(board, state, [])
        ctx.counter = rule.__name__
        try:
            rule(ctx)
        except Contradiction:
            assert expected is None, rule.__name__
            continue
        assert expected is not None, rule.__name__
        assert [(step.killed, step.detail) for step in ctx.steps] == expected, rule.__name__
        assert state.live == expected_state.live

"""The three-unit sums of bench/probe_three_unit_covers.py: the exclusion it tries (a star
on a cell, its neighbours killed, the rest against the smallest multi-cover) on a hand-made
strip, and on random K = 2 boards against every solution the state still allows (no cell
it empties may hold a star in one of them)."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import ROOT
from test_starbattle_counting import random_case

sys.path.insert(0, str(ROOT / "bench"))
from probe_three_unit_covers import (
    excluded_by,
    layered_room,
    sums_of_three,
    weighted,
)
from probe_weighted_covers import over_covered, smallest_multicover


def test_a_strip_of_two_by_three_with_two_stars_keeps_its_middle_empty():
    n = 4
    grid = [[1, 1, 1, 0], [1, 1, 1, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    live = sum(1 << (r * n + c) for r in range(n) for c in range(n))
    # A star in the middle column kills the rest of the strip and leaves one star unplaced;
    # a star in a corner leaves the far column, one block for the one star still needed.
    # Beside the strip, a star in column 3 kills all of column 2, and the two stars cannot
    # both fit in columns 0–1.
    assert excluded_by(n, grid, 2, live) == {1, 5, 3, 7}
    # The strip is tight (two blocks, two stars), so the same cells also come out of the
    # over-cover test, which adds a third block's worth of weight to them.
    assert smallest_multicover(grid, 2) == 2
    assert {1, 5} <= over_covered(n, grid, 2, live)


def test_a_dead_cell_is_never_reported():
    n = 4
    grid = [[1, 1, 1, 0], [1, 0, 1, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    live = sum(1 << (r * n + c) for r in range(n) for c in range(n)) & ~(1 << 5)
    assert 5 not in excluded_by(n, grid, 2, live)
    assert 5 not in over_covered(n, grid, 2, live)


def test_the_layered_room_is_a_multicover_never_below_the_smallest():
    n = 6
    rng = random.Random(5)
    for _ in range(30):
        grid = [[rng.choice((0, 0, 1, 2, 3)) for _ in range(n)] for _ in range(n)]
        bound = layered_room(n, grid)
        assert smallest_multicover(grid, bound) is not None


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from([(8, 2), (9, 2), (10, 2)]))
def test_no_three_unit_sum_empties_a_cell_of_an_allowed_solution(rng, shape):
    case = random_case(rng, shape)
    if case is None:
        return
    board, state, allowed = case
    n = board.n
    sums = sums_of_three(n, list(board.region_masks), state.live)
    for _, parts in rng.sample(sums, min(6, len(sums))):
        grid, need = weighted(n, parts, state.live, state.queens, board.stars)
        size = smallest_multicover(grid, need + 2)
        if size is None:
            continue
        emptied = excluded_by(n, [row[:] for row in grid], need, state.live)
        if size <= need:
            emptied |= over_covered(n, [row[:] for row in grid], need, state.live)
        for solution in allowed:
            assert not any(solution >> cell & 1 for cell in emptied)

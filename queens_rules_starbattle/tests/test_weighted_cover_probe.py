"""The smallest weighted 2×2-block multi-cover of bench/probe_weighted_covers.py, against
every choice of 0–2 copies of each block on grids up to 4×4 with weights 0–2."""

from __future__ import annotations

import itertools
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import ROOT

sys.path.insert(0, str(ROOT / "bench"))
from probe_weighted_covers import smallest_multicover


def fewest_by_trying(weights: list[list[int]]) -> int:
    n = len(weights)
    anchors = [(r, c) for r in range(n - 1) for c in range(n - 1)]
    best = None
    for copies in itertools.product(range(3), repeat=len(anchors)):
        covered = [[0] * n for _ in range(n)]
        for (r, c), k in zip(anchors, copies, strict=True):
            for dr, dc in itertools.product((0, 1), repeat=2):
                covered[r + dr][c + dc] += k
        if all(covered[r][c] >= weights[r][c] for r in range(n) for c in range(n)):
            best = sum(copies) if best is None else min(best, sum(copies))
    assert best is not None
    return best


@pytest.mark.slow
@given(
    st.integers(2, 4).flatmap(
        lambda n: st.lists(
            st.lists(st.integers(0, 2), min_size=n, max_size=n), min_size=n, max_size=n
        )
    )
)
@settings(max_examples=60, deadline=None)
def test_the_smallest_multicover_matches_trying_every_one(weights):
    fewest = fewest_by_trying(weights)
    assert smallest_multicover(weights, fewest) == fewest
    if fewest:
        assert smallest_multicover(weights, fewest - 1) is None


def test_a_cell_counted_twice_in_a_corner_takes_two_blocks():
    assert smallest_multicover([[2, 0, 0], [0, 0, 0], [0, 0, 0]], 5) == 2
    assert smallest_multicover([[2, 1, 0], [1, 1, 0], [0, 0, 0]], 5) == 2
    assert smallest_multicover([[1, 0, 1], [0, 0, 0], [1, 0, 1]], 5) == 4

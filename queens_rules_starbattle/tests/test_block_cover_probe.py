"""The smallest 2×2-block covers of bench/probe_block_covers.py: exact against an
exhaustive search on small grids, and never above composite regions' band covers (which
are true covers, so a smallest cover can only match or beat them)."""

from __future__ import annotations

import functools
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import ROOT

from queens_rules_starbattle.composite import room, transpose

sys.path.insert(0, str(ROOT / "bench"))
from probe_block_covers import exhaustive_fewest, smallest_cover


def union(blocks: list[int]) -> int:
    return functools.reduce(int.__or__, blocks, 0)


@given(st.integers(3, 5).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, (1 << n * n) - 1))))
@pytest.mark.slow
@settings(max_examples=150, deadline=None)
def test_the_smallest_cover_is_a_cover_and_no_cover_is_smaller(case):
    n, cells = case
    blocks = smallest_cover(n, cells)
    assert blocks is not None
    assert union(blocks) & cells == cells
    assert all(block.bit_count() == 4 for block in blocks)
    assert len(blocks) == exhaustive_fewest(n, cells)


@given(
    st.integers(5, 17).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, (1 << n * n) - 1)))
)
@pytest.mark.slow
@settings(max_examples=150, deadline=None)
def test_the_band_cover_is_never_below_the_smallest(case):
    n, cells = case
    band = room(n, cells, transpose(n, cells))
    smaller = smallest_cover(n, cells, band + 1)
    assert smaller is not None and len(smaller) <= band
    assert not cells or smallest_cover(n, cells, len(smaller)) is None  # none below it


def test_two_diagonal_pairs_take_fewer_blocks_than_any_band_cover():
    # r2c3 r3c4 share a block, and so do r5c3 r6c2; but each cut of the rows into bands
    # of two parts one pair, and each cut of the columns the other.
    n = 6
    cells = sum(1 << (r * n + c) for r, c in [(1, 2), (2, 3), (4, 2), (5, 1)])
    assert len(smallest_cover(n, cells) or ()) == 2
    assert room(n, cells, transpose(n, cells)) == 3

"""The 8×8 maker's shortcuts give what the long way gives: the ring test of a cell leaving
its region is the flood fill of what the region keeps, the draws of a skipped shuffle
are a shuffle's draws, the exact check hands over the solutions the table holds, and a
seed makes the boards the previous version made."""

from __future__ import annotations

import hashlib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from queens_core import load_registry
from queens_core.engine.board import connected_part
from queens_core.generator.queens_maker import (
    Maker,
    MapGeometry,
    MapUnderRepair,
    _shuffle,
    _shuffle_draws,
)
from queens_core.generator.regions import grow_region_map, random_queens

#: Boards 0 to 39 of seed 1 at 8×8 and 0 to 3 at 10×10 (rows joined by "/", then the
#: solution's queen mask, a line a board), as the version before these shortcuts made
#: them: a change of draws, of moves or of the exact check shows here.
BATCHES = {
    (8, 40): "3445afdf535770f9b8487791ddb3102a5ebcc7c849f2c0398fc51ad58cb8fa78",
    (10, 4): "67a05541becfbd1bd1453988d24a4dccb9b8e0de6cff1bd95cca51ae493e1391",
}


def grown(seed: int, n: int) -> tuple[MapGeometry, list[int], int]:
    rng = random.Random(seed)
    columns = random_queens(n, rng)
    assert columns is not None
    seeds = [r * n + c for r, c in enumerate(columns)]
    return MapGeometry(n), grow_region_map(n, seeds, rng, 1.0), sum(1 << s for s in seeds)


@given(seed=st.integers(0, 10**6), n=st.integers(4, 8) | st.integers(10, 12))
@settings(max_examples=40, deadline=None)
def test_the_ring_test_keeps_what_a_flood_fill_keeps(seed, n):
    geometry, region, planted = grown(seed, n)
    masks = [0] * n
    for cell, k in enumerate(region):
        masks[k] |= 1 << cell
    for cell in range(n * n):
        mask = masks[region[cell]]
        if (1 << cell) & planted or mask.bit_count() < 2:
            continue
        start = mask & planted
        expected = connected_part(n, mask & ~(1 << cell), start)
        # Twice: the second answer comes from the table of ring patterns.
        assert geometry.left_without(cell, mask, start) == expected
        assert geometry.left_without(cell, mask, start) == expected


@given(seed=st.integers(0, 2**64), length=st.integers(0, 70))
@settings(max_examples=60, deadline=None)
def test_the_draws_of_a_skipped_shuffle_are_a_shuffles(seed, length):
    skipped, shuffled = random.Random(seed), random.Random(seed)
    _shuffle_draws(length, skipped)
    _shuffle(list(range(length)), shuffled)
    assert skipped.getstate() == shuffled.getstate()


@given(seed=st.integers(0, 10**6), n=st.integers(5, 8), most=st.integers(1, 6))
@settings(max_examples=40, deadline=None)
def test_the_exact_check_hands_over_the_tables_solutions(seed, n, most):
    geometry, region, planted = grown(seed, n)
    regions = MapUnderRepair(geometry, region, planted, 1)
    table = geometry.table
    assert table is not None
    every = set(table.queens[i] for i in range(table.count) if regions.holds(table.queens[i]))
    others = every - {planted}
    found, all_of_them = regions.other_solutions(most, random.Random(seed))
    assert len(found) == min(most, len(others)) == len(set(found))
    assert set(found) <= others
    assert all_of_them == (len(found) == len(others))
    assert regions.unique() == (not others)


def test_a_seed_makes_the_boards_it_made_before():
    rules = load_registry().rules
    for (size, count), expected in BATCHES.items():
        maker = Maker(rules, size)
        digest = hashlib.sha256()
        for index in range(count):
            made = maker.make(1, index)
            digest.update(("/".join(made.board.rows) + f" {made.solution}\n").encode())
        assert digest.hexdigest() == expected, f"{size}×{size}"

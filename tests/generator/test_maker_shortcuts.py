"""The 8×8 maker's shortcuts give what the long way gives: the ring test of a cell leaving
its region is the flood fill of what the region keeps, the draws of a skipped shuffle
are a shuffle's draws, the exact check hands over the solutions the table holds (in the
batch's order), a cell's moves are those the long way finds, a map's board is its
lettered rows' and its region masks its cells by region, region growth draws what
``rng.choices`` and ``rng.randrange`` draw, and a seed makes the boards the previous
version made."""

from __future__ import annotations

import hashlib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from queens_core import load_registry
from queens_core.engine.board import Board, connected_part
from queens_core.generator.queens_maker import (
    Maker,
    MapGeometry,
    MapUnderRepair,
    _shuffle,
    _shuffle_draws,
)
from queens_core.generator.regions import (
    _neighbour_table,
    grow_region_map,
    lettered_rows,
    random_queens,
)

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


@given(seed=st.integers(0, 10**6), n=st.integers(5, 8), most=st.integers(1, 6))
@settings(max_examples=40, deadline=None)
def test_the_exact_check_hands_them_over_from_a_random_place_in_the_tables_order(seed, n, most):
    # The order is the batch's: the repairs break them in it.
    geometry, region, planted = grown(seed, n)
    regions = MapUnderRepair(geometry, region, planted, 1)
    table = geometry.table
    assert table is not None
    rng = random.Random(seed)
    solving = [
        i
        for i in range(table.count)
        if regions.holds(table.queens[i]) and table.queens[i] != planted
    ]
    if solving:
        start = rng.randrange(table.count)
        order = [i for i in solving if i >= start] + [i for i in solving if i < start]
        expected = [table.queens[i] for i in order[:most]]
    else:
        expected = []
    assert regions.other_solutions(most, random.Random(seed)) == (
        expected,
        len(solving) <= most,
    )


def test_a_seed_makes_the_boards_it_made_before():
    rules = load_registry().rules
    for (size, count), expected in BATCHES.items():
        maker = Maker(rules, size)
        digest = hashlib.sha256()
        for index in range(count):
            made = maker.make(1, index)
            digest.update(("/".join(made.board.rows) + f" {made.solution}\n").encode())
        assert digest.hexdigest() == expected, f"{size}×{size}"


def moves_the_long_way(regions: MapUnderRepair, cell: int) -> tuple[list[int], int]:
    """``MapUnderRepair.moves_of`` as it was written before it was spelt out (plain maps:
    no ceiling, islands allowed)."""
    if (1 << cell) & regions.planted:
        return [], 0
    k = regions.region[cell]
    mask = regions.masks[k]
    geometry = regions.geometry
    outside = geometry.beside[cell] & ~mask
    if not outside or mask.bit_count() <= regions.floor:
        return [], 0
    kept = connected_part(geometry.n, mask & ~(1 << cell), mask & regions.planted)
    size = kept.bit_count()
    singles = any(other.bit_count() == 1 for other in regions.masks)
    if size < regions.floor or (size == 1 and (regions.floor > 1 or singles)):
        return [], 0
    cells = [m for m in range(geometry.n**2) if (outside >> m) & 1]
    return sorted({regions.region[m] for m in cells}), kept


@given(seed=st.integers(0, 10**6), n=st.integers(4, 9), floor=st.integers(1, 3))
@settings(max_examples=40, deadline=None)
def test_a_cells_moves_are_those_the_long_way_finds(seed, n, floor):
    geometry, region, planted = grown(seed, n)
    regions = MapUnderRepair(geometry, region, planted, floor)
    rng = random.Random(seed)
    for _ in range(3 * n):  # on maps moved about as the repairs move them
        for cell in range(n * n):
            assert regions.moves_of(cell) == moves_the_long_way(regions, cell)
        movable = [cell for cell in range(n * n) if regions.moves_of(cell)[0]]
        if not movable:
            break
        cell = rng.choice(movable)
        targets, kept = regions.moves_of(cell)
        regions.move(cell, rng.choice(targets), kept)


@given(seed=st.integers(0, 10**6), n=st.integers(4, 12))
@settings(max_examples=40, deadline=None)
def test_a_maps_board_is_its_lettered_rows(seed, n):
    geometry, region, planted = grown(seed, n)
    regions = MapUnderRepair(geometry, region, planted, 1)
    board = regions.board()
    assert board.rows == Board(lettered_rows(n, region)).rows


@given(seed=st.integers(0, 10**6), n=st.integers(4, 32))
@settings(max_examples=40, deadline=None)
def test_a_maps_region_masks_are_its_cells_by_region(seed, n):
    geometry, region, planted = grown(seed, n)
    regions = MapUnderRepair(geometry, region, planted, 1)
    expected = [0] * n
    for cell, k in enumerate(region):
        expected[k] |= 1 << cell
    assert regions.masks == expected


def grown_the_long_way(n: int, seeds: list[int], rng: random.Random) -> list[int]:
    """``grow_region_map`` with bias 1 and no ceiling, written with ``rng.choices`` (each
    growing region weighted by its size) and ``rng.randrange``."""
    neighbours = _neighbour_table(n)
    region = [-1] * (n * n)
    for k, cell in enumerate(seeds):
        region[cell] = k
    frontiers = [list(neighbours[cell]) for cell in seeds]
    sizes = [1] * n
    growing = list(range(n))
    while -1 in region:
        pick = rng.choices(range(len(growing)), [sizes[k] for k in growing])[0]
        k = growing[pick]
        frontier = frontiers[k]
        while frontier:
            i = rng.randrange(len(frontier))
            frontier[i], frontier[-1] = frontier[-1], frontier[i]
            cell = frontier.pop()
            if region[cell] == -1:
                break
        else:
            growing.pop(pick)
            continue
        region[cell] = k
        sizes[k] += 1
        frontier.extend(m for m in neighbours[cell] if region[m] == -1)
    return region


@given(seed=st.integers(0, 10**6), n=st.integers(4, 16))
@settings(max_examples=60, deadline=None)
def test_region_growth_draws_what_choices_and_randrange_draw(seed, n):
    rng = random.Random(seed)
    columns = random_queens(n, rng)
    assert columns is not None
    seeds = [r * n + c for r, c in enumerate(columns)]
    fast, slow = random.Random(seed + 1), random.Random(seed + 1)
    assert grow_region_map(n, seeds, fast, 1.0) == grown_the_long_way(n, seeds, slow)
    assert fast.getstate() == slow.getstate()

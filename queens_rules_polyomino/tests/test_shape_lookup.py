"""The sweep finds a region's shape by its mask shifted to its first cell: the same
answer, for every set of cells, as listing the cells and looking their sorted offsets up
in FIXED_TABLE (how the sweep found it before)."""

from __future__ import annotations

import random

import pytest

from queens_core import Board
from queens_rules_polyomino.shapes import FIXED_TABLE, MAX_CELLS, MIN_CELLS
from queens_rules_polyomino.sweep import shape_kills


def listed_lookup(n: int, cells: int) -> tuple[str, int] | None:
    """The answer from the cells' sorted offsets to their top row and leftmost column."""
    coords = [divmod(i, n) for i in range(n * n) if cells >> i & 1]
    top = min(r for r, _ in coords)
    left = min(c for _, c in coords)
    entry = FIXED_TABLE.get(tuple(sorted((r - top, c - left) for r, c in coords)))
    if entry is None:
        return None
    counter, offsets = entry
    mask = 0
    for dr, dc in offsets:
        r, c = top + dr, left + dc
        if 0 <= r < n and 0 <= c < n:
            mask |= 1 << (r * n + c)
    return counter, mask


def board_of(n: int) -> Board:
    return Board.parse("\n".join(chr(ord("A") + r) * n for r in range(n)))


@pytest.mark.parametrize("n", [4, 5, 6, 8, 11, 16])
def test_every_shape_at_every_place_is_found(n: int) -> None:
    board = board_of(n)
    for image in FIXED_TABLE:
        height = 1 + max(r for r, _ in image)
        width = 1 + max(c for _, c in image)
        for top in range(n - height + 1):
            for left in range(n - width + 1):
                cells = sum(1 << ((top + r) * n + left + c) for r, c in image)
                found = shape_kills(board, cells)
                assert found is not None
                assert found == listed_lookup(n, cells)


@pytest.mark.parametrize("n", [4, 5, 7, 9, 12])
def test_any_cells_get_the_listed_answer(n: int) -> None:
    """Random sets of cells, most of them no shape: scattered over the board, and
    clustered in a corner, an edge or the middle, where shapes and near-shapes lie (a
    set wrapping from one row's end to the next row's start among them)."""
    board = board_of(n)
    rng = random.Random(n)
    for _ in range(3000):
        size = rng.randint(MIN_CELLS, MAX_CELLS)
        span = rng.choice([3, 4, n])
        top = rng.randrange(n - min(span, n) + 1)
        left = rng.randrange(n - min(span, n) + 1)
        window = [
            (top + r) * n + left + c for r in range(min(span, n)) for c in range(min(span, n))
        ]
        if rng.random() < 0.2:
            window = list(range(n * n))  # wrap-arounds: row ends next to row starts
        cells = sum(1 << i for i in rng.sample(window, min(size, len(window))))
        assert shape_kills(board, cells) == listed_lookup(n, cells)

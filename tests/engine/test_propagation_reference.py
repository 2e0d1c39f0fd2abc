"""The basic propagation's whole-board arithmetic agrees with a unit-by-unit reading.

The propagators find single-cell lines and confined units with a few operations on the
whole board (carries within a row, rows folded onto the first, a unit's highest live
cell); these references look at one unit at a time, as the rules are stated, and must
record the same steps in the same order, on settled and unsettled states of boards of
every shape the driver meets.
"""

from __future__ import annotations

import random

import pytest

from queens_core import Board, Context, State
from queens_core.engine import propagation
from queens_core.engine.board import MAX_SIZE
from queens_core.engine.rules import LineConfined, OnlyLiveCell, RegionConfined


def random_board(rng: random.Random, n: int) -> Board:
    """N regions grown at random from N seed cells."""
    owner = [-1] * (n * n)
    for k, cell in enumerate(rng.sample(range(n * n), n)):
        owner[cell] = k
    while -1 in owner:
        cell = rng.choice([i for i in range(n * n) if owner[i] >= 0])
        r, c = divmod(cell, n)
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        if 0 <= r + dr < n and 0 <= c + dc < n and owner[(r + dr) * n + c + dc] < 0:
            owner[(r + dr) * n + c + dc] = owner[cell]
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    return Board.from_rows(["".join(letters[owner[r * n + c]] for c in range(n)) for r in range(n)])


def singles(ctx: Context, kind: str, masks: tuple[int, ...]) -> bool:
    state = ctx.state
    found = []
    for index, mask in enumerate(masks):
        cells = state.live & mask
        if cells and not cells & (cells - 1) and not state.queens & mask:
            found.append((index, cells))
    changed = False
    for index, bit in found:
        if state.live & bit:
            ctx.place(bit.bit_length() - 1, OnlyLiveCell(kind, index))
            changed = True
    return changed


def region_single(ctx: Context) -> bool:
    return singles(ctx, "region", ctx.board.region_masks)


def line_single(ctx: Context) -> bool:
    rows = singles(ctx, "row", ctx.board.row_masks)
    columns = singles(ctx, "column", ctx.board.col_masks)
    return rows or columns


def line_of_confined_region(ctx: Context) -> bool:
    board, state, n = ctx.board, ctx.state, ctx.board.n
    changed = False
    for k, region in enumerate(board.region_masks):
        cells = state.live & region
        if not cells:
            continue
        r, c = divmod((cells & -cells).bit_length() - 1, n)
        lines = (("row", r, board.row_masks[r]), ("column", c, board.col_masks[c]))
        for kind, index, line in lines:
            if not cells & ~line and line & ~region & state.live:
                ctx.kill(line & ~region, RegionConfined(k, kind, index))
                changed = True
    return changed


def region_of_confined_line(ctx: Context) -> bool:
    board, state = ctx.board, ctx.state
    changed = False
    for kind, masks in (("row", board.row_masks), ("column", board.col_masks)):
        for index, line in enumerate(masks):
            cells = state.live & line
            if not cells:
                continue
            k = board.cell_region[(cells & -cells).bit_length() - 1]
            region = board.region_masks[k]
            if not cells & ~region and region & ~line & state.live:
                ctx.kill(region & ~line, LineConfined(kind, index, k))
                changed = True
    return changed


PAIRS = [
    (propagation.place_region_single, region_single),
    (propagation.place_line_single, line_single),
    (propagation.clear_line_of_confined_region, line_of_confined_region),
    (propagation.clear_region_of_confined_line, region_of_confined_line),
]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_each_propagator_records_what_a_unit_by_unit_reading_records(seed):
    rng = random.Random(seed)
    compared = 0
    for _ in range(40):
        n = rng.choice((4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 20, MAX_SIZE))
        board = random_board(rng, n)
        for _ in range(6):
            density = rng.random()
            live = sum(1 << i for i in range(n * n) if rng.random() < density)
            queens = sum(1 << i for i in range(n * n) if rng.random() < 0.03) & ~live
            if rng.random() < 0.5:  # settled, as the driver keeps a state
                for cell in range(n * n):
                    if queens >> cell & 1:
                        live &= ~board.kill_masks[cell]
            for fast, reference in PAIRS:
                ours, theirs = State(live, queens), State(live, queens)
                ours_ctx, theirs_ctx = Context(board, ours), Context(board, theirs)
                ours_ctx.counter = theirs_ctx.counter = "rule"
                assert fast(ours_ctx) == reference(theirs_ctx)
                assert (ours.live, ours.queens) == (theirs.live, theirs.queens)
                assert ours_ctx.steps == theirs_ctx.steps
                assert [type(s.detail) for s in ours_ctx.steps] == [
                    type(s.detail) for s in theirs_ctx.steps
                ]
                compared += 1
    assert compared == 40 * 6 * len(PAIRS)

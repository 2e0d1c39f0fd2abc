"""A state's picture and a board's units, held to their definitions cell by cell: both are
built with string and table shortcuts (they run once a board in ``queens solve`` and the
generator), so a slip in an index or a mask would change every printed board."""

from __future__ import annotations

import random

import pytest

from queens_core.engine.board import Board
from queens_core.engine.state import DEAD, LIVE, QUEEN, State


def drawn_cell_by_cell(state: State, board: Board, show_dead: bool) -> str:
    n = board.n
    lines = []
    for row in range(n):
        marks = []
        for column in range(n):
            bit = 1 << (row * n + column)
            if state.queens & bit:
                marks.append(QUEEN)
            elif state.live & bit:
                marks.append(LIVE)
            else:
                marks.append(DEAD if show_dead else LIVE)
        lines.append("".join(marks))
    return "\n".join(lines)


@pytest.mark.parametrize("n", [1, 2, 5, 8, 11, 17])
def test_a_picture_marks_each_cell_as_its_masks_say(n):
    board = Board(tuple("A" * n for _ in range(n)))
    rng = random.Random(n)
    for _ in range(200):
        queens = rng.getrandbits(n * n) & rng.getrandbits(n * n) & rng.getrandbits(n * n)
        live = rng.getrandbits(n * n) & ~queens
        state = State(live, queens)
        for show_dead in (True, False):
            assert state.picture(board, show_dead) == drawn_cell_by_cell(state, board, show_dead)


def test_the_empty_and_the_full_state_draw_as_dots_and_crosses():
    board = Board(("AB", "AB"))
    assert State(board.full).picture(board) == "..\n.."
    assert State(0, 0b1001).picture(board) == "♛⨯\n⨯♛"
    assert State(0, 0b1001).picture(board, show_dead=False) == "♛.\n.♛"


def test_units_are_the_rows_the_columns_then_the_regions_with_their_masks():
    board = Board(("AAB", "CAB", "CCB"))
    n = board.n
    expected = [("row", r, sum(1 << (r * n + c) for c in range(n))) for r in range(n)]
    expected += [("column", c, sum(1 << (r * n + c) for r in range(n))) for c in range(n)]
    for k, letter in enumerate(board.letters):
        cells = "".join(board.rows)
        expected.append(("region", k, sum(1 << i for i, ch in enumerate(cells) if ch == letter)))
    assert list(board.units) == expected
    assert board.region_masks == tuple(mask for kind, _, mask in expected if kind == "region")

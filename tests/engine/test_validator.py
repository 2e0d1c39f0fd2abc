"""The independent validator of the game's rules, the referee of every answer."""

from __future__ import annotations

import pytest
from support import ARCHIVE

from queens_core import is_solution

BOARD_353 = (ARCHIVE / "353.txt").read_text().split()  # the 7×7 example board
SOLUTION_353 = [(0, 0), (1, 5), (2, 3), (3, 1), (4, 4), (5, 2), (6, 6)]


def test_validator_accepts_the_solution():
    assert is_solution(BOARD_353, SOLUTION_353)


@pytest.mark.parametrize(
    ("queens", "why"),
    [
        (SOLUTION_353[:-1], "too few queens"),
        ([*SOLUTION_353[:-1], (6, 5)], "two queens in column 5"),
        ([*SOLUTION_353[:-1], (5, 6)], "two queens in row 5 (and adjacent)"),
        ([(0, 0), (1, 2), (2, 4), (3, 6), (4, 1), (5, 3), (6, 5)], "regions repeat"),
        ([*SOLUTION_353[:-1], (0, 0)], "a repeated cell"),
        ([*SOLUTION_353[:-1], (7, 7)], "off the board"),
    ],
)
def test_validator_rejects(queens, why):
    assert not is_solution(BOARD_353, queens), why


def test_validator_rejects_adjacent_queens_even_when_units_are_fine():
    # A 4×4 board with one region per row: (0,1),(1,3),(2,0),(3,2) is the only
    # row/column/adjacency-valid pattern family; shift one queen diagonally next to another.
    board = ["AAAA", "BBBB", "CCCC", "DDDD"]
    assert is_solution(board, [(0, 1), (1, 3), (2, 0), (3, 2)])
    assert not is_solution(board, [(0, 1), (1, 2), (2, 0), (3, 3)])

"""The referees: the independent validator and the exact solver."""

from __future__ import annotations

import itertools

import pytest

from queens_core import Board, State, is_solution
from queens_core.exact import count_solutions, find_solutions, solve_exact

BOARD_353 = ["PPPPPPO", "PSGLLLO", "PSGGGLO", "PSSBGLO", "PRSBBBO", "PRRRRBO", "POOOOOO"]
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


def brute_force(board: Board) -> list[int]:
    """Every solution by trying all permutations (small boards only)."""
    n = board.n
    found = []
    for cols in itertools.permutations(range(n)):
        queens = list(enumerate(cols))
        if is_solution(board.rows, queens):
            found.append(board.mask_of(queens))
    return found


@pytest.mark.parametrize(
    "rows",
    [
        ["AAAA", "BBBB", "CCCC", "DDDD"],
        ["AABB", "AABB", "CCDD", "CCDD"],
        ["ABCDE", "ABCDE", "ABCDE", "ABCDE", "ABCDE"],
        ["AAABB", "AACBB", "DCCCB", "DDDEB", "DDDDB"],
        BOARD_353,
        ["AAB", "CCB", "CCB"],
    ],
)
def test_exact_solver_agrees_with_brute_force(rows):
    board = Board.from_rows(rows)
    expected = sorted(brute_force(board))
    assert sorted(find_solutions(board, cap=1000)) == expected
    assert count_solutions(board, cap=1000) == len(expected)


def test_cap_and_single_solution_helpers():
    board = Board.from_rows(["ABCDE"] * 5)
    assert len(brute_force(board)) > 2
    assert count_solutions(board, cap=2) == 2
    assert find_solutions(board, cap=0) == []
    assert solve_exact(Board.from_rows(BOARD_353)) == SOLUTION_353
    assert solve_exact(Board.from_rows(["AAB", "CCB", "CCB"])) is None


def test_exact_solver_from_a_partial_state():
    board = Board.from_rows(BOARD_353)
    wrong = State(board.full & ~(1 << board.cell(1, 1)), 1 << board.cell(1, 1))
    assert find_solutions(board, cap=2, state=wrong) == []
    right = State(board.full & ~(1 << board.cell(0, 0)), 1 << board.cell(0, 0))
    assert find_solutions(board, cap=2, state=right) == [board.mask_of(SOLUTION_353)]


def test_exact_solver_on_every_archive_board_is_checked_by_the_validator(archive, solutions):
    for key, board in archive.items():
        assert is_solution(board.rows, board.cells_of(solutions[key])), key

"""The exact solver against brute force, and the random board generator."""

from __future__ import annotations

import itertools
import random

import pytest

from queens_core import State, is_solution
from queens_core.exact import count_solutions, find_solutions, solve_exact
from queens_core.generate import random_board, random_queens
from queens_core.testing import make_board, make_state


def brute_force(board, state: State | None = None) -> set[int]:
    """Every solution by trying every permutation, validated by the independent
    validator; restricted to the state's queens and live cells when a state is given."""
    n = board.n
    out = set()
    for columns in itertools.permutations(range(n)):
        cells = list(enumerate(columns))
        if not is_solution(board.rows, cells):
            continue
        mask = board.mask_of(cells)
        if state is not None and (
            mask & state.queens != state.queens or mask & ~(state.live | state.queens)
        ):
            continue
        out.add(mask)
    return out


def small_boards(count: int, seed: int):
    rng = random.Random(seed)
    made = 0
    while made < count:
        n = rng.randint(1, 7)
        if n in (2, 3):
            continue
        yield random_board(n, rng, solvable=rng.random() < 0.6, bias=rng.choice((0, 1, 2)))
        made += 1


def test_every_solution_is_found_once_on_random_boards():
    for board in small_boards(150, seed=7):
        expected = brute_force(board)
        found = find_solutions(board, cap=10**6)
        assert len(found) == len(set(found))
        assert set(found) == expected, board


def test_the_cap_stops_the_count():
    board = make_board(
        """
        AAAAA
        BBBBB
        CCCCC
        DDDDD
        EEEEE
        """
    )
    total = len(brute_force(board))  # the 5-queen permutations with no two touching
    assert total == 14
    assert count_solutions(board, cap=1) == 1
    assert count_solutions(board, cap=2) == 2
    assert count_solutions(board, cap=50) == total
    assert find_solutions(board, cap=0) == []


def test_search_from_a_state_respects_its_queens_and_dead_cells():
    rng = random.Random(11)
    for board in small_boards(80, seed=3):
        for _ in range(3):
            cells = rng.sample(range(board.n * board.n), rng.randint(0, board.n))
            live = board.full
            for cell in cells[1:]:
                live &= ~(1 << cell)
            queens = 0
            if cells and rng.random() < 0.5:
                queens = 1 << cells[0]
                live &= ~queens
            state = State(live, queens)
            assert set(find_solutions(board, 10**6, state)) == brute_force(board, state)


def test_queens_that_attack_each_other_have_no_solution():
    board = make_board(
        """
        AAAAA
        BBBBB
        CCCCC
        DDDDD
        EEEEE
        """
    )
    state = make_state(
        board,
        """
        ♛ . . . .
        . ♛ . . .
        . . . . .
        . . . . .
        . . . . .
        """,
    )
    assert find_solutions(board, 5, state) == []


@pytest.mark.parametrize("n", [16, 24, 32])
def test_large_boards_are_solved(n):
    rng = random.Random(n)
    board = random_board(n, rng)
    queens = solve_exact(board)
    assert queens is not None and is_solution(board.rows, queens)


def test_generated_boards_are_well_formed_and_solvable():
    rng = random.Random(5)
    for n in (1, 4, 5, 9, 20, 32):
        columns = random_queens(n, rng)
        assert columns is not None and sorted(columns) == list(range(n))
        assert all(abs(a - b) > 1 for a, b in itertools.pairwise(columns))
        for bias in (0.0, 2.0):
            board = random_board(n, rng, bias=bias)
            assert board.n == n and len(board.letters) == n and not board.warnings
            assert count_solutions(board, 1) == 1
    assert random_queens(3, rng) is None
    with pytest.raises(ValueError):
        random_board(2, rng)

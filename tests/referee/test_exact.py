"""The exact solver against brute force, and the random board generator."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import ARCHIVE

from queens_core import Board, State, bits, is_solution
from queens_core.generator.regions import random_board, random_queens
from queens_core.referee.exact import (
    count_solutions,
    find_map_solutions,
    find_solutions,
    placement_table,
    solve_exact,
)
from queens_core.referee.placements import LARGEST_TABLE, placements
from queens_core.testing import make_board, make_state

# Five regions, one a row: the 14 placements of five untouching queens all solve it.
ONE_REGION_A_ROW = """
    AAAAA
    BBBBB
    CCCCC
    DDDDD
    EEEEE
"""


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
    board = make_board(ONE_REGION_A_ROW)
    total = len(brute_force(board))  # the 5-queen permutations with no two touching
    assert total == 14
    assert count_solutions(board, cap=1) == 1
    assert count_solutions(board, cap=2) == 2
    assert count_solutions(board, cap=50) == total
    assert find_solutions(board, cap=0) == []


@pytest.mark.slow
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
    board = make_board(ONE_REGION_A_ROW)
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


# -- fixed boards, board 353 and the archive ----------------------------------------------

BOARD_353 = (ARCHIVE / "353.txt").read_text().split()  # the 7×7 example board
SOLUTION_353 = [(0, 0), (1, 5), (2, 3), (3, 1), (4, 4), (5, 2), (6, 6)]


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
    expected = brute_force(board)
    assert set(find_solutions(board, cap=1000)) == expected
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


@pytest.mark.slow
@pytest.mark.parametrize("n", [5, 8, 12, 16])
def test_the_search_over_a_bare_map_finds_what_the_board_search_finds(n):
    # The generator checks its maps without building boards, with the matching filter
    # held back (so the search branches elsewhere): the same solutions, as many of them.
    rng = random.Random(n)
    for _ in range(20):
        board = random_board(n, rng, bias=rng.choice([0.0, 1.0, 3.0]))
        region_masks = list(board.region_masks)
        cell_region = list(board.cell_region)
        every = set(find_solutions(board, 1000))
        if len(every) == 1000:
            continue  # perhaps not all of them: nothing to hold the map search against
        for cap in (1, 2, 12, 1000):
            found = find_map_solutions(n, cell_region, region_masks, cap)
            assert len(set(found)) == len(found) == min(cap, len(every))
            assert set(found) <= every
        live = board.full & (~rng.getrandbits(n * n) | rng.getrandbits(n * n))
        within = find_map_solutions(n, cell_region, region_masks, 1000, live)
        assert set(within) == {s for s in every if s & ~live == 0}


# -- the placement table: exact answers on small maps without a search -------------------


def placements_by_brute_force(n: int) -> set[int]:
    """Every queen mask with one queen a row and column and no two touching, from every
    permutation of the columns."""
    found = set()
    for columns in itertools.permutations(range(n)):
        if all(abs(a - b) > 1 for a, b in itertools.pairwise(columns)):
            found.add(sum(1 << (r * n + c) for r, c in enumerate(columns)))
    return found


@pytest.mark.parametrize("n", range(1, 8))
def test_the_placement_table_holds_every_placement_once_and_each_cells(n):
    table = placements(n)
    assert table.count == len(table.queens) == len(set(table.queens))
    assert set(table.queens) == placements_by_brute_force(n)
    assert table.every == (1 << table.count) - 1
    for cell, mask in enumerate(table.cell_masks):
        assert mask == sum(1 << i for i, queens in enumerate(table.queens) if queens >> cell & 1)
    assert all(table.index_of[queens] == i for i, queens in enumerate(table.queens))


def test_the_placement_tables_of_8_and_9_are_the_known_counts():
    # 5,242 and 47,622: the permutations with neighbouring entries at least 2 apart
    # (OEIS A002464), each cell's mask the placements through it.
    for n, count in ((8, 5242), (9, 47622)):
        table = placements(n)
        assert table.count == count
        assert sum(mask.bit_count() for mask in table.cell_masks) == n * count
        rng = random.Random(n)
        for index in rng.sample(range(count), 50):
            queens = table.queens[index]
            assert queens.bit_count() == n
            assert all((table.cell_masks[cell] >> index) & 1 for cell in bits(queens))


def test_the_placement_table_stops_where_a_search_costs_less():
    assert placement_table(LARGEST_TABLE) is placements(LARGEST_TABLE)
    assert placement_table(LARGEST_TABLE + 1) is None
    with pytest.raises(ValueError, match="no placement table for 10×10"):
        placements(LARGEST_TABLE + 1)


@given(seed=st.integers(0, 10**6), n=st.integers(4, 7))
@settings(max_examples=40, deadline=None)
def test_clashes_are_the_placements_with_two_queens_in_the_cells(seed, n):
    table = placements(n)
    cells = random.Random(seed).getrandbits(n * n)
    expected = sum(
        1 << i for i, queens in enumerate(table.queens) if (queens & cells).bit_count() >= 2
    )
    assert table.clashes(cells) == expected


@given(seed=st.integers(0, 10**6), n=st.integers(4, 8), rows=st.integers(1, 3))
@settings(max_examples=60, deadline=None)
def test_clashes_of_cells_in_one_two_or_three_rows(seed, n, rows):
    # The few-row cases have shortcuts of their own (one row: no clash; the second row's
    # clashes are taken as they come; the last row's placements are not added).
    rng = random.Random(seed)
    table = placements(n)
    cells = 0
    for row in rng.sample(range(n), rows):
        cells |= rng.randrange(1, 1 << n) << (row * n)
    expected = sum(
        1 << i for i, queens in enumerate(table.queens) if (queens & cells).bit_count() >= 2
    )
    assert table.clashes(cells) == expected
    assert rows > 1 or expected == 0
    assert table.clashes(0) == 0  # no cell at all (a map the fixer is trimming may lose one)


@given(seed=st.integers(0, 10**6), n=st.integers(4, 8), rows=st.integers(0, 4))
@settings(max_examples=60, deadline=None)
def test_reach_is_the_placements_with_a_queen_in_the_cells(seed, n, rows):
    rng = random.Random(seed)
    table = placements(n)
    cells = 0
    for row in rng.sample(range(n), rows):
        cells |= rng.randrange(1, 1 << n) << (row * n)
    expected = sum(1 << i for i, queens in enumerate(table.queens) if queens & cells)
    assert table.reach(cells) == expected


@given(seed=st.integers(0, 10**6), n=st.integers(4, 8), bias=st.sampled_from([0, 1, 3]))
@settings(max_examples=40, deadline=None)
def test_a_maps_solutions_are_the_placements_every_region_reaches(seed, n, bias):
    # N queens in N regions that cover the grid: none empty is one in each, so the
    # placements every region reaches are those no region clashes in (the maker's check).
    rng = random.Random(seed)
    board = random_board(n, rng, solvable=rng.random() < 0.8, bias=bias)
    table = placements(n)
    reached = table.every
    for mask in board.region_masks:
        reached &= table.reach(mask)
    assert reached == table.solutions(board.region_masks)


@given(seed=st.integers(0, 10**6), n=st.integers(4, LARGEST_TABLE), bias=st.sampled_from([0, 1, 3]))
@settings(max_examples=60, deadline=None)
def test_a_maps_solutions_from_the_table_are_the_searchs(seed, n, bias):
    rng = random.Random(seed)
    board = random_board(n, rng, solvable=rng.random() < 0.8, bias=bias)
    table = placements(n)
    found = table.solutions(board.region_masks)
    every = find_solutions(board, table.count + 1)
    assert {table.queens[i] for i in bits(found)} == set(every)
    assert found.bit_count() == len(every)


def test_the_table_agrees_with_the_search_on_every_archive_board_it_covers(archive, solutions):
    for key, board in archive.items():
        if board.n <= LARGEST_TABLE:
            table = placements(board.n)
            found = table.solutions(board.region_masks)
            assert found.bit_count() == 1, key
            assert table.queens[found.bit_length() - 1] == solutions[key], key

"""Generated boards from 12×12 up look published: no region above the ceiling, none
enclosed by another; ``--max-region`` caps regions at any size."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from queens_core.cli.app import main
from queens_core.engine.board import Board
from queens_core.generator.queens_maker import (
    LARGEST_REGION_IN_N,
    GenerateError,
    Maker,
    MapGeometry,
    MapUnderRepair,
)
from queens_core.generator.regions import grow_region_map, random_queens
from queens_core.referee.exact import find_solutions


def enclosed(board: Board) -> list[str]:
    """The letters of regions that touch one other region only and not the grid's edge,
    found cell by cell (independently of the maker's masks)."""
    n = board.n
    rows = board.rows
    beside: dict[str, set[str]] = {letter: set() for letter in board.letters}
    on_edge = set()
    for r in range(n):
        for c in range(n):
            letter = rows[r][c]
            if r in (0, n - 1) or c in (0, n - 1):
                on_edge.add(letter)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < n and 0 <= cc < n and rows[rr][cc] != letter:
                    beside[letter].add(rows[rr][cc])
    return [k for k, others in beside.items() if len(others) == 1 and k not in on_edge]


def test_an_island_is_what_the_check_says():
    board = Board.from_rows(["AAAAA", "ABBAA", "AAAAA", "CCDDD", "EEEEE"])
    assert enclosed(board) == ["B"]  # A and every other region touch the edge


@pytest.mark.slow
@pytest.mark.parametrize("size", [12, 16, 20])
def test_large_boards_keep_published_region_sizes_and_no_islands(registry, size):
    maker = Maker(registry.rules, size)
    for index in range(3):
        made = maker.make(5, index)
        board = made.board
        assert max(mask.bit_count() for mask in board.region_masks) <= LARGEST_REGION_IN_N * size
        assert not enclosed(board), board.rows
        assert find_solutions(board, 2) == [made.solution]
        assert not board.warnings


@pytest.mark.slow
def test_max_region_caps_every_region_at_a_small_size(registry):
    maker = Maker(registry.rules, 8, max_region=12)
    for index in range(4):
        made = maker.make(2, index)
        assert max(mask.bit_count() for mask in made.board.region_masks) <= 12
        assert find_solutions(made.board, 2) == [made.solution]


def test_small_boards_are_unchanged_without_max_region(registry):
    # Below 12×12 the maker neither caps nor looks for islands: what it made before.
    maker = Maker(registry.rules, 8)
    assert maker.ceiling is None and maker.islands


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "9", "--max-region", "8"], "--max-region: 8 is not possible: 9 regions"),
        (
            ["--size", "9", "--min-region", "6", "--max-region", "5"],
            "--max-region: 5 is not possible",
        ),
        (["--stars", "2", "--size", "10", "--max-region", "30"], "is for Queens boards"),
        (["--size", "9", "--max-region", "x"], "--max-region"),
    ],
)
def test_impossible_max_region_is_one_line_and_exit_2(args, message):
    result = CliRunner().invoke(main, ["generate", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_the_api_refuses_it_too(registry):
    with pytest.raises(GenerateError, match="at least 16"):
        Maker(registry.rules, 16, max_region=15)


@given(seed=st.integers(0, 10**6), n=st.integers(12, 18), ceiling_in_n=st.integers(3, 5))
@settings(max_examples=20, deadline=None)
def test_moves_keep_a_shaped_map_in_shape(seed, n, ceiling_in_n):
    rng = random.Random(seed)
    columns = random_queens(n, rng)
    assert columns is not None
    seeds = [r * n + c for r, c in enumerate(columns)]
    planted = sum(1 << cell for cell in seeds)
    ceiling = ceiling_in_n * n
    grown = grow_region_map(n, seeds, rng, 1.0, ceiling)
    regions = MapUnderRepair(MapGeometry(n), grown, planted, 1, ceiling, islands=False)
    assume(regions.in_shape())
    for _ in range(4 * n):
        cell = rng.randrange(n * n)
        targets, kept = regions.moves_of(cell)
        if targets:
            regions.move(cell, rng.choice(targets), kept)
        board = regions.board()
        assert not board.warnings and len(board.letters) == n
        assert max(mask.bit_count() for mask in board.region_masks) <= ceiling
        assert not enclosed(board), board.rows

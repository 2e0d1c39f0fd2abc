"""The bitboard search for K stars (the tests' independent referee) against the SAT
strategy: on random boards of every K from 1 to 6, and on every board of the Star Battle
archive. The two share nothing but the board: one branches on a unit's ways to take its
stars, the other hands clauses to CryptoMiniSat."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from queens_core import is_solution
from queens_core.engine.board import Board, bits
from queens_core.generator import stars_maker as made
from queens_core.generator.regions import lettered_rows, random_board
from queens_core.plugins.readers import read_source
from queens_core.referee import sat, stars_search
from queens_core.referee.exact import find_solutions

pytestmark = pytest.mark.skipif(not sat.available(), reason="pycryptosat is not installed")

ARCHIVE = Path(__file__).resolve().parents[2] / "archive" / "starbattle"

#: Solutions enough to tell the strategies apart on a board with many.
CAP = 12


def _grown(n: int, k: int, rng: random.Random) -> Board | None:
    """A map grown around K planted stars a unit, as the maker grows them (so it has a
    solution, often many), or None when the grouping fails."""
    planted = made.plant(n, k, rng)
    tile_of = made._grow(n, list(bits(planted)), rng)
    group = made._group_tiles(n, k, tile_of, planted.bit_count(), rng)
    if group is None:
        return None
    return Board(lettered_rows(n, [group[t] for t in tile_of]), k)


def _assert_same_answers(board: Board) -> None:
    mine = find_solutions(board, CAP, strategy=stars_search.search)
    theirs = find_solutions(board, CAP, strategy=sat.search)
    assert len(mine) == len(theirs)
    if len(mine) < CAP:
        assert sorted(mine) == sorted(theirs)
    assert len(set(mine)) == len(mine)
    assert all(is_solution(board.rows, board.cells_of(s), board.stars) for s in mine)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 6), st.integers(0, 1), st.randoms(use_true_random=False))
def test_the_search_agrees_with_sat_on_grown_maps_of_every_k(k, extra, rng):
    n = 4 * k + extra + (1 if k == 1 else 0)
    board = _grown(n, k, rng)
    if board is not None:
        _assert_same_answers(board)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 3), st.integers(0, 2), st.randoms(use_true_random=False))
def test_the_search_agrees_with_sat_on_random_maps(k, extra, rng):
    """Regions grown from random cells: most such maps have no solution, which both must
    prove."""
    n = 4 * k + extra + (1 if k == 1 else 0)
    _assert_same_answers(random_board(n, rng, solvable=False).with_stars(k))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(p.name for p in ARCHIVE.glob("*.txt")))
def test_the_search_finds_the_one_solution_of_every_archive_board(name):
    reading = read_source(str(ARCHIVE / name))
    assert reading.stars is not None
    board = reading.board.with_stars(reading.stars)
    assert find_solutions(board, 2, strategy=stars_search.search) == find_solutions(
        board, 2, strategy=sat.search
    )

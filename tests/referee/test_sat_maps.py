"""The maker's kept SAT session for a map under repair answers as a full search does."""

from __future__ import annotations

import random

import pytest

from queens_core import is_solution
from queens_core.engine.board import Board, bits
from queens_core.generator import stars_maker as made
from queens_core.generator.regions import lettered_rows
from queens_core.referee import sat, stars_search
from queens_core.referee.exact import find_solutions
from queens_core.referee.sat_maps import LEAN_FROM, MapSession

pytestmark = pytest.mark.skipif(not sat.available(), reason="pycryptosat is not installed")


def _repaired_maps(
    n: int, k: int, count: int, seed: int, moves: int = 12
) -> list[tuple[Board, int]]:
    """Boards as the maker sees them: a grown map, then one cell moved at a time into a
    neighbouring region (regions stay whole and keep their planted stars), with a fresh
    map after ``moves`` moves; each with its planted solution."""
    rng = random.Random(seed)
    boards: list[tuple[Board, int]] = []
    while len(boards) < count:
        planted = made.plant(n, k, rng)
        tile_of = made._grow(n, list(bits(planted)), rng)
        group = made._group_tiles(n, k, tile_of, planted.bit_count(), rng)
        if group is None:
            continue
        region_of = [group[t] for t in tile_of]
        for _ in range(moves):
            boards.append((Board(lettered_rows(n, region_of), k), planted))
            unplanted = sum(1 << i for i in range(n * n) if not planted >> i & 1)
            if made._repair(n, region_of, planted, unplanted, rng) is None:
                break
    return boards[:count]


@pytest.mark.slow
# At 14×14 a fresh map after six moves (the next map's later moves cost the full search
# seconds each); with 20 regions kept the session starts afresh at the fifth board.
@pytest.mark.parametrize(("n", "k", "count", "moves"), [(10, 2, 60, 12), (14, 3, 7, 6)])
def test_the_map_session_agrees_with_a_full_search_across_moves_and_renewals(
    monkeypatch, n, k, count, moves
):
    """Board after board of maps changed a cell at a time, the session's other solutions
    are distinct, real, never the planted one, and as many as a full search finds (up to
    the number asked), including after the session starts afresh; at 14×14 with the
    lean grid and the earlier regions assumed off."""
    monkeypatch.setattr(MapSession, "REGIONS_KEPT", 20)
    monkeypatch.setattr(MapSession, "LEAN_REGIONS_KEPT", 20)
    session = MapSession(n, k)
    assert session.lean == (n >= LEAN_FROM)
    unique = several = 0
    for board, planted in _repaired_maps(n, k, count, seed=3, moves=moves):
        # Four solutions are enough to know how many of three others there are.
        every = find_solutions(board, 4, strategy=stars_search.search)
        assert all((planted & mask).bit_count() == k for mask in board.region_masks)
        others = session.other_solutions(list(board.region_masks), planted, 3)
        assert len(set(others)) == len(others) == min(3, len(set(every) - {planted}))
        assert planted not in others
        if len(every) < 4:  # every solution: the others are among them
            assert set(others) <= set(every)
        assert all(is_solution(board.rows, board.cells_of(other), k) for other in others)
        unique += not others
        several += len(others) >= 2
    # Unique boards are rare among a 14×14 map's first moves: the next test has some.
    assert (unique or n >= LEAN_FROM) and several


@pytest.mark.slow
def test_the_lean_session_finds_no_other_solution_where_a_full_search_finds_none():
    """At 14×14 the lean session's "no other solution" is a full search's: on unique
    boards (the maker's), asked first of a session that saw other maps before."""
    session = MapSession(14, 3)
    for board, planted in _repaired_maps(14, 3, 10, seed=5):
        session.other_solutions(list(board.region_masks), planted, 2)
    # Boards whose exact search is short (under a second each); that of seed 1 takes 20 s
    # of the search's backtracking, and the property is the same on every unique board.
    for seed in (0, 3, 5):
        board = made.generate_starbattle(14, 3, seed)
        (only,) = find_solutions(board, 2, strategy=stars_search.search)
        assert session.other_solutions(list(board.region_masks), only, 2) == []


@pytest.mark.parametrize(("n", "k", "kept"), [(10, 2, MapSession.REGIONS_KEPT), (14, 3, 60)])
def test_the_session_starts_afresh_once_it_has_encoded_the_regions_it_keeps(n, k, kept):
    """At 14×14 (the lean grid) the solver is started afresh after about a map's
    regions, before their clauses slow every call; below, after many maps'."""
    assert MapSession(17, 4).regions_kept == MapSession.REGIONS_KEPT
    session = MapSession(n, k)
    assert session.regions_kept == kept
    solvers = []
    boards = _repaired_maps(n, k, 80, seed=7, moves=4)
    for board, _ in boards:
        # Asked for none: only the regions are encoded (no search at all).
        session.other_solutions(list(board.region_masks), 0, 0)
        if not solvers or session._solver is not solvers[-1]:
            solvers.append(session._solver)
        assert len(session._switch_of) <= kept + n
    encoded = len({mask for board, _ in boards for mask in board.region_masks})
    if n < LEAN_FROM:
        assert encoded <= kept and len(solvers) == 1
    else:
        # A fresh solver each time ``kept`` regions are reached: at least this many.
        assert encoded > 3 * (kept + n) and len(solvers) >= encoded // (kept + n)


@pytest.mark.parametrize(("size", "k"), [(1, 1), (4, 1), (5, 2), (6, 3), (7, 3)])
def test_at_least_holds_exactly_when_k_or_more_literals_are_true(size, k):
    """The lean session's region clause: every assignment of the literals extends to the
    counter's variables exactly when at least ``k`` of them are true."""
    import itertools

    import pycryptosat

    from queens_core.referee.sat_maps import _at_least

    clauses: list[list[int]] = []
    _at_least(list(range(1, size + 1)), k, size, clauses)
    for values in itertools.product((False, True), repeat=size):
        solver = pycryptosat.Solver()
        solver.add_clauses(clauses)
        assumed = [i + 1 if v else -(i + 1) for i, v in enumerate(values)]
        satisfiable, _ = solver.solve(assumed)
        assert satisfiable == (sum(values) >= k)


def test_the_session_refuses_masks_that_are_not_one_boards_regions():
    """Only for the N regions of one board, which share the grid, is "at least K" enough."""
    board, planted = _repaired_maps(14, 3, 1, seed=2)[0]
    masks = list(board.region_masks)
    session = MapSession(14, 3)
    with pytest.raises(ValueError, match="regions of one 14×14 board"):
        session.other_solutions(masks[:-1], planted, 1)
    with pytest.raises(ValueError, match="regions of one 14×14 board"):
        session.other_solutions([*masks[:-1], masks[0]], planted, 1)

"""The referee's one interface: exact answers for any K, whichever strategy gives them.

Every question a tool asks of the referee (find solutions, count them, survey a board)
comes here; the board's K picks the strategy:

- K = 1, a Queens board: :mod:`.queens`, a search tuned for one queen a unit (with the
  matching filter and the lattice proof);
- K > 1, a Star Battle board: :mod:`.sat` when CryptoMiniSat is installed (the ``sat``
  extra of queens-core), else :mod:`.stars`, the bitboard search.

On small maps a fourth answers without a search: :mod:`.placements` holds every way to
place N queens one a row and column with none touching, and a map's solutions are the
placements that put no two queens in one region, found with a few mask operations a
region (what the generator asks after every change of a map up to 9×9).

They all guess or enumerate, so none of them ever *solves* a board for the user: they
check what the rules did, and decide uniqueness. Each search is bounded by a budget
(:mod:`.budget`): past it, :class:`SearchLimitExceeded`, and the caller says "undecided
within the budget".
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.board import Board
from ..engine.state import State
from . import queens_search, sat, stars_search
from .budget import DEFAULT_CAP, root
from .placements import LARGEST_TABLE, Placements, placements

#: A strategy: ``(board, cap, live, stars, node_limit, seconds)`` from the root node
#: (live cells, stars placed) to up to ``cap`` solutions, as star masks.
Strategy = Callable[[Board, int, int, int, "int | None", "float | None"], list[int]]


def find_solutions(
    board: Board,
    cap: int = DEFAULT_CAP,
    state: State | None = None,
    node_limit: int | None = None,
    seconds: float | None = None,
    strategy: Strategy | None = None,
) -> list[int]:
    """Up to ``cap`` solutions as star masks (queen masks when K = 1), from ``state``
    (default: the empty board).

    A solution extends the state's stars and uses only its live cells. ``cap`` bounds the
    work: ``cap=2`` answers "is it unique?". With ``node_limit`` or ``seconds``, a search
    that needs more raises :class:`SearchLimitExceeded` (for callers that must answer on
    any input: ``queens check --timeout``, the check of a solve's result). ``strategy``
    overrides the choice of :func:`strategy_for` (the tests hold the strategies against
    each other).
    """
    start = root(board, state)
    if start is None or cap < 1:
        return []
    search = strategy or strategy_for(board)
    return search(board, cap, *start, node_limit, seconds)


class OtherSolutions:
    """Asks, board after board of one size and K, for a solution other than a known one
    (what the generator asks while it repairs a map): through one
    :class:`~.sat.SatSession` when the SAT strategy answers for K, else a search for two
    solutions each time."""

    def __init__(self, n: int, k: int, node_limit: int | None = None):
        self.node_limit = node_limit
        self.session = sat.SatSession(n, k) if k > 1 and sat.available() else None

    def find_some(self, board: Board, known: int, most: int) -> list[int]:
        """Up to ``most`` solutions of ``board`` other than ``known`` (itself a solution),
        as star masks; empty when ``known`` is the only one. Raises
        :class:`SearchLimitExceeded` past ``node_limit`` (the bitboard search) or the SAT
        session's time limit."""
        if self.session is not None:
            return self.session.other_solutions(board, known, most)
        found = find_solutions(board, most + 1, node_limit=self.node_limit)
        return [s for s in found if s != known][:most]


def strategy_for(board: Board) -> Strategy:
    """The search that answers for ``board``: by its K, and by what is installed."""
    if board.stars == 1:
        return queens_search.search
    if sat.available():
        return sat.search
    return stars_search.search


def survey(
    board: Board, cap: int, keep: int, seconds: float | None = None
) -> tuple[int, list[int]]:
    """The number of solutions up to ``cap`` and the first ``keep`` of them (what
    ``queens check`` needs: a count, and a few solutions to show and compare with the
    rules). Raises :class:`SearchLimitExceeded` past ``seconds``."""
    if board.stars == 1:
        return queens_search.survey(board, cap, keep, seconds)
    found = find_solutions(board, cap, seconds=seconds)
    return len(found), found[:keep]


def count_solutions(board: Board, cap: int = DEFAULT_CAP, state: State | None = None) -> int:
    """The number of solutions, counting no further than ``cap``."""
    return len(find_solutions(board, cap, state))


def solve_exact(board: Board) -> list[tuple[int, int]] | None:
    """One solution as (row, column) pairs, or None when there is none."""
    found = find_solutions(board, 1)
    return board.cells_of(found[0]) if found else None


def find_map_solutions(
    n: int, cell_region: list[int], region_masks: list[int], cap: int, live: int | None = None
) -> list[int]:
    """Up to ``cap`` solutions, as queen masks, of a Queens map given by the region of
    every cell and each region's mask (a map being changed cell by cell, for which
    building a :class:`Board` at every check would cost more than the search), using only
    the cells of ``live`` (default: all)."""
    if live is None:
        live = (1 << (n * n)) - 1
    return queens_search.Search.of_map(cell_region, region_masks, cap).run(live, 0)


def placement_table(n: int) -> Placements | None:
    """The placements of N queens (one a row and column, none touching) on an N×N grid,
    numbered, with each cell's as a mask, for exact answers on region maps of that size
    by set operations (:class:`~.placements.Placements`); None above
    :data:`~.placements.LARGEST_TABLE`, where a search costs less. Built once a process."""
    return placements(n) if n <= LARGEST_TABLE else None

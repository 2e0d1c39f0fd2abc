"""An exact solver: depth-first search over bitboards, most-constrained unit first.

It is the referee of the rules (the tests compare every deduction with it) and the
engine of uniqueness checks. It guesses, so it is never used to *solve* a board.
"""

from __future__ import annotations

from .board import Board
from .state import State


class SearchLimitExceeded(Exception):
    """The search visited more nodes than it was allowed to (``node_limit``)."""


def find_solutions(
    board: Board, cap: int = 2, state: State | None = None, node_limit: int | None = None
) -> list[int]:
    """Up to ``cap`` solutions as queen masks, from ``state`` (default: the empty board).

    The search branches on the open unit (row, column or region without a queen) with the
    fewest live cells, so a board with a unique solution is usually settled in a few
    hundred nodes even at N = 32. With ``node_limit``, a search that needs more nodes
    raises :class:`SearchLimitExceeded` (for callers that must answer quickly on any
    input, such as the driver naming the rule behind a contradiction).
    """
    if cap < 1:
        return []
    kill_masks = board.kill_masks
    if state is None:
        live, queens = board.full, 0
    else:
        live, queens = state.live, state.queens
        q = queens
        while q:
            low = q & -q
            q ^= low
            live &= ~kill_masks[low.bit_length() - 1]
    open_units = [mask for _, _, mask in board.units if not mask & queens]
    found: list[int] = []
    budget = [node_limit if node_limit is not None else -1]

    def search(live: int, queens: int, open_units: list[int]) -> None:
        if budget[0] >= 0:
            if budget[0] == 0:
                raise SearchLimitExceeded(f"more than {node_limit} nodes")
            budget[0] -= 1
        if not open_units:
            found.append(queens)
            return
        best = 0
        best_count = 1 << 30
        for mask in open_units:
            cells = live & mask
            if not cells:
                return
            count = cells.bit_count()
            if count < best_count:
                best, best_count = cells, count
                if count == 1:
                    break
        while best:
            low = best & -best
            best ^= low
            cell = low.bit_length() - 1
            rest = [m for m in open_units if not m & low]
            search(live & ~kill_masks[cell] & ~low, queens | low, rest)
            if len(found) >= cap:
                return

    search(live, queens, open_units)
    return found


def count_solutions(board: Board, cap: int = 2) -> int:
    """The number of solutions, counting no further than ``cap``."""
    return len(find_solutions(board, cap))


def solve_exact(board: Board) -> list[tuple[int, int]] | None:
    """One solution as (row, column) pairs, or None when there is none."""
    found = find_solutions(board, 1)
    return board.cells_of(found[0]) if found else None

"""What every exact search shares: its budget, the error past it, and its root node."""

from __future__ import annotations

import time

from ..engine.board import Board
from ..engine.state import State

#: Solutions enough to tell a unique board from one with several.
DEFAULT_CAP = 2

#: The budget, in seconds, of the searches the commands run for the user (``queens check``
#: and ``queens hint``; ``--timeout`` changes it).
DEFAULT_TIMEOUT = 30.0


class SearchLimitExceeded(Exception):
    """The search ran past its budget (``node_limit`` nodes or ``seconds``): the question
    is undecided within the budget. ``str()`` says which limit, in words; ``found`` holds
    the solutions kept before it ran out and ``count`` how many were found."""

    def __init__(self, message: str):
        super().__init__(message)
        self.found: list[int] = []
        self.count = 0


def check_budget(
    nodes: int, node_limit: int | None, deadline: float | None, seconds: float | None
) -> None:
    """Raise :class:`SearchLimitExceeded` once a search has visited more than
    ``node_limit`` nodes or run past ``deadline`` (``seconds`` after it started)."""
    if node_limit is not None and nodes > node_limit:
        raise SearchLimitExceeded(f"the exact search needed more than {node_limit} nodes")
    if deadline is not None and time.perf_counter() > deadline:
        raise SearchLimitExceeded(f"the exact search needed more than {seconds:g} s")


def root(board: Board, state: State | None) -> tuple[int, int] | None:
    """The root node from ``state``: its queens' kill masks applied; None when two of its
    queens attack each other."""
    if state is None:
        return board.full, 0
    live, queens = state.live & ~state.queens, state.queens
    kill_masks = board.kill_masks
    rest = queens
    while rest:
        low = rest & -rest
        rest ^= low
        attacked = kill_masks[low.bit_length() - 1]
        if attacked & queens:
            return None
        live &= ~attacked
    return live, queens

"""The SAT strategy for K > 1: the board as clauses for CryptoMiniSat (``pycryptosat``).

Each solution found is blocked and the solver asked again, up to the cap; clause
learning, kept between the two questions, makes a 25×25 board with 6 stars a matter of
seconds.
"""

from __future__ import annotations

import functools
import time
from typing import Any

from ..engine.board import Board, bits
from .budget import SearchLimitExceeded

#: How long one question of a :class:`SatSession` may take: the generator's take
#: milliseconds (a 25×25 board with 6 stars, seconds); a time limit rather than a count
#: of conflicts, so that an answer given sooner can only be an interruption.
SESSION_SECONDS = 30.0


def _solve(solver: Any, assumptions: list[int] | None = None) -> tuple[bool | None, Any]:
    """``solver.solve``, with Ctrl-C held back until it returns. While it solves,
    CryptoMiniSat takes SIGINT for itself and means to give the question up, but it may
    interrupt another solver of the process than the one solving, and then the Ctrl-C is
    simply lost. Held back (:func:`queens_core.runtime.signals.interrupts_held`), the
    signal waits, and is Python's KeyboardInterrupt as soon as the question ends
    (milliseconds for the generator's)."""
    # Here, not at the top: importing the exact solver loads no signal machinery.
    from ..runtime.signals import interrupts_held

    with interrupts_held():
        return solver.solve(assumptions or [])


def _raise_if_interrupted(started: float, seconds: float | None) -> None:
    """KeyboardInterrupt if CryptoMiniSat gave up a question before its time limit (or
    with none): while it solves it takes SIGINT for itself, prints a line and gives up,
    and Python never hears of the Ctrl-C. Only for a solver with no conflict limit,
    whose only other reason to give up is its time limit."""
    if seconds is None or time.monotonic() - started < 0.9 * seconds:
        raise KeyboardInterrupt


def sat_clauses(board: Board) -> list[list[int]]:
    """The board as CNF over one variable a cell (cell ``i`` is variable ``i + 1``; true:
    a star) and auxiliary variables above N².

    Besides the rules themselves, each band (two adjacent rows or columns) is cut into
    2×2 blocks, in both alignments, and told that exactly 2K of its blocks hold a star:
    true of every solution (a block holds at most one star and the band exactly 2K), and
    the clause learning cannot find it alone, so the search is far shorter with it.
    """
    fixed, top = _grid_clauses(board.n, board.stars)
    clauses = list(fixed)
    for mask in board.region_masks:
        top = _exactly([i + 1 for i in bits(mask)], board.stars, top, clauses)
    return clauses


@functools.lru_cache(maxsize=8)
def _grid_clauses(n: int, k: int) -> tuple[tuple[list[int], ...], int]:
    """The clauses that do not depend on the regions (no two stars touch, K a row and a
    column, 2K blocks a band) and the last variable they use: the generator asks about
    many boards of one size, and building these took a third of each question."""
    clauses: list[list[int]] = []
    top = _lines_and_neighbours(n, k, clauses)
    for first in range(n - 1):
        for transpose in (False, True):
            for offset in (0, 1):
                blocks, top = _band_blocks(n, first, transpose, offset, top, clauses)
                top = _exactly(blocks, 2 * k, top, clauses)
    return tuple(clauses), top


def _lines_and_neighbours(n: int, k: int, clauses: list[list[int]]) -> int:
    """Add "no two stars touch" and "K stars a row and a column"; the last variable used."""
    for i in range(n * n):
        r, c = divmod(i, n)
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n:
                clauses.append([-(i + 1), -(rr * n + cc + 1)])
    top = n * n
    for line in range(n):
        top = _exactly([line * n + c + 1 for c in range(n)], k, top, clauses)
        top = _exactly([r * n + line + 1 for r in range(n)], k, top, clauses)
    return top


def _band_blocks(
    n: int, first: int, transpose: bool, offset: int, top: int, clauses: list[list[int]]
) -> tuple[list[int], int]:
    """One variable per 2×2 block of the band of lines ``first`` and ``first + 1`` (rows,
    or columns if ``transpose``; the blocks start at ``-offset``), true exactly when the
    block holds a star: the block variables and the last variable used."""
    blocks = []
    c = -offset
    while c < n:
        cells = [
            (rr * n + cc) if not transpose else (cc * n + rr)
            for rr in (first, first + 1)
            for cc in (c, c + 1)
            if 0 <= cc < n
        ]
        top += 1
        block = top
        clauses.append([-block, *(i + 1 for i in cells)])
        clauses.extend([-(i + 1), block] for i in cells)
        blocks.append(block)
        c += 2
    return blocks, top


def _exactly(literals: list[int], k: int, top: int, clauses: list[list[int]]) -> int:
    """Add "exactly ``k`` of ``literals``" as a sequential counter above variable ``top``;
    return the new top.

    at_least(i, j), j = 1 .. k + 1, says "at least j of the first i + 1 literals", defined
    by at_least(i, j) <=> at_least(i - 1, j) or (at_least(i - 1, j - 1) and x_i), with
    at_least(., 0) true and at_least(-1, j) false.
    """
    previous: list[int] = []
    for x in literals:
        current = list(range(top + 1, top + k + 2))
        top += k + 1
        for j in range(1, k + 2):
            now = current[j - 1]
            before = previous[j - 1] if previous else 0  # 0: false
            below = (previous[j - 2] if j >= 2 else -1) if previous else (-1 if j == 1 else 0)
            # -1: true. Forward: before -> now; below and x -> now.
            if before:
                clauses.append([-before, now])
            if below == -1:
                clauses.append([-x, now])
            elif below:
                clauses.append([-below, -x, now])
            # Backward: now -> before or below; now -> before or x.
            head = [-now] + ([before] if before else [])
            if below != -1:
                clauses.append(head + ([below] if below else []))
            clauses.append([*head, x])
        previous = current
    clauses.append([previous[k - 1]])
    clauses.append([-previous[k]])
    return top


def available() -> bool:
    """Whether the SAT engine can run (``pycryptosat`` is importable)."""
    try:
        import pycryptosat  # noqa: F401
    except ImportError:
        return False
    return True


#: Conflicts the SAT solver may spend per node the caller allowed.
CONFLICTS_PER_NODE = 10


def search(
    board: Board,
    cap: int,
    live: int,
    stars: int,
    node_limit: int | None,
    seconds: float | None,
    excluded: tuple[int, ...] = (),
) -> list[int]:
    """The SAT strategy of :func:`~queens_core.referee.exact.find_solutions`
    (``pycryptosat`` must be installed); the solutions in ``excluded`` are not looked for
    (one question fewer for a caller that knows one already)."""
    import pycryptosat

    limits: dict[str, float] = {}
    if node_limit is not None:
        limits["confl_limit"] = node_limit * CONFLICTS_PER_NODE
    if seconds is not None:
        limits["time_limit"] = seconds
    # Without its local search, which runs before the first conflict and is no help on
    # these small structured instances, a 10×10 board is answered about eight times
    # faster (bench/bench_starbattle.py --generate).
    solver = pycryptosat.Solver(threads=1, options={"sls": "0"}, **limits)
    solver.add_clauses(sat_clauses(board))
    for i in range(board.n * board.n):
        if stars >> i & 1:
            solver.add_clause([i + 1])
        elif not live >> i & 1:
            solver.add_clause([-(i + 1)])
    for solution in excluded:
        solver.add_clause([-(i + 1) for i in bits(solution)])
    found: list[int] = []
    cells = board.n * board.n
    while len(found) < cap:
        started = time.monotonic()
        satisfiable, model = _solve(solver)
        if satisfiable is None:
            if node_limit is None:
                _raise_if_interrupted(started, seconds)
            if node_limit is not None:
                why = f"more than {node_limit} nodes' worth of conflicts"
            else:
                why = f"more than {seconds:g} s"
            err = SearchLimitExceeded(f"the exact search needed {why}")
            err.found = list(found)
            err.count = len(found)
            raise err
        if not satisfiable:
            break
        solution = 0
        for i in range(cells):
            if model[i + 1]:
                solution |= 1 << i
        found.append(solution)
        # The solver keeps what it learnt: the next question costs far less.
        solver.add_clause([-(i + 1) for i in bits(solution)])
    return found


class SatSession:
    """One SAT solver asked about many boards of one size and K, each a question of its
    own: "a solution other than this one?" (the generator's, board after board).

    The clauses of the grid (:func:`_grid_clauses`) go in once; each board's regions come
    in under an activation variable assumed for its question and disabled after it, so
    what the solver learnt about the grid is kept from board to board: about twice as
    fast as a fresh solver each time at 14×14 with 3 stars. A fresh solver is started
    every :attr:`RENEW` questions, before the disabled clauses pile up.
    """

    RENEW = 25

    def __init__(self, n: int, k: int):
        self.n = n
        self.k = k
        self._solver: object = None
        self._top = 0
        self._asked = 0

    def _fresh(self) -> object:
        import pycryptosat

        solver = pycryptosat.Solver(threads=1, options={"sls": "0"}, time_limit=SESSION_SECONDS)
        fixed, self._top = _grid_clauses(self.n, self.k)
        solver.add_clauses(list(fixed))
        self._asked = 0
        return solver

    def other_solutions(self, board: Board, known: int, most: int) -> list[int]:
        """Up to ``most`` solutions of ``board`` other than ``known`` (none: ``known`` is
        the only one). Each after the first is asked under the same switch with the ones
        before it blocked: the solver is warm by then, so it costs less than the first.
        Raises :class:`SearchLimitExceeded` past :data:`SESSION_SECONDS` (a question)."""
        if self._solver is None or self._asked >= self.RENEW:
            self._solver = self._fresh()
        solver: Any = self._solver
        self._asked += 1
        self._top += 1
        switch = self._top
        clauses: list[list[int]] = []
        for mask in board.region_masks:
            self._top = _exactly([i + 1 for i in bits(mask)], self.k, self._top, clauses)
        clauses.append([-(i + 1) for i in bits(known)])
        solver.add_clauses([[*clause, -switch] for clause in clauses])
        found: list[int] = []
        cells = self.n * self.n
        while len(found) < most:
            started = time.monotonic()
            satisfiable, model = _solve(solver, [switch])
            if satisfiable is None:
                self._solver = None
                _raise_if_interrupted(started, SESSION_SECONDS)
                raise SearchLimitExceeded(
                    f"the exact search needed more than {SESSION_SECONDS:g} s"
                )
            if not satisfiable:
                break
            solution = sum(1 << i for i in range(cells) if model[i + 1])
            found.append(solution)
            solver.add_clause([*(-(i + 1) for i in bits(solution)), -switch])
        solver.add_clause([-switch])
        return found

"""One SAT solver for a map under repair: "a solution other than the planted one?", asked
again after every move of a cell (the Star Battle maker's question, board after board).

A repair moves one cell (or a small piece) between two regions, so consecutive boards
share all their regions but two. :class:`MapSession` gives every region its own switch
(an activation variable): a region's "exactly K stars" clauses go in once, the first time
its cells are seen, and a board is asked about by assuming the switches of its regions.
What the solver learns from a region's clauses carries that region's switch, so it stays
true, and useful, for every later board that still has the region: only the two regions
a move changed are new to it.

Most of a question's time is not search: each call to the solver assigns every variable
again, so its cost follows the number of variables. From :data:`LEAN_FROM` rows up the
session therefore asks with a leaner grid (:func:`_lean_grid_clauses`) and tells the
solver outright that the regions no board has any more are off, and a region is told
only "at least K of its cells" (:func:`_at_least`): the rows hold N·K stars in all and
the N regions of a board share the grid, so no region can hold more than K.
"""

from __future__ import annotations

import functools
import time
from itertools import combinations
from math import comb
from typing import Any

from ..engine.board import bits
from .budget import SearchLimitExceeded
from .sat import (
    SESSION_SECONDS,
    _band_blocks,
    _exactly,
    _grid_clauses,
    _lines_and_neighbours,
    _raise_if_interrupted,
    _solve,
)

#: Boards from this many rows up are asked about with the lean grid. Below, the grid of
#: the exact search is kept, so that a seed's boards there stay what they were (the
#: answers, and so the repairs, follow the encoding); at 10×10 with 2 stars a question
#: costs a few milliseconds either way.
LEAN_FROM = 14

#: Sessions with the lean grid keep few regions (:attr:`MapSession.LEAN_REGIONS_KEPT`) up to
#: this many rows (where it was measured to pay); larger ones keep
#: :attr:`MapSession.REGIONS_KEPT`.
FEW_REGIONS_UP_TO = 14

#: Most clauses one band's "at least 2K blocks" may take as plain clauses over its block
#: variables (see :func:`_lean_grid_clauses`); past that, a counter.
BAND_CLAUSES_MOST = 400


def _at_least(literals: list[int], k: int, top: int, clauses: list[list[int]]) -> int:
    """Add "at least ``k`` of ``literals``" above variable ``top``; return the new top.

    The half of :func:`~queens_core.referee.sat._exactly`'s sequential counter that
    justifies a count: at_least(i, j), j = 1 .. k, "at least j of the first i + 1
    literals", implies at_least(i - 1, j) or x_i, and at_least(i - 1, j) or
    at_least(i - 1, j - 1) (with at_least(., 0) true and at_least(-1, j) false), and
    at_least(last, k) holds. K counter variables a literal where "exactly" takes K + 1,
    and no clause that says "at most". On the questions of a 14×14 3-star run replayed
    (539 questions, the same answers), 7 to 8% less time than "exactly K" a region.
    """
    previous: list[int] = []
    for x in literals:
        current = list(range(top + 1, top + k + 1))
        top += k
        for j in range(1, k + 1):
            head = [-current[j - 1]]
            if previous:
                head.append(previous[j - 1])
                if j >= 2:
                    clauses.append([*head, previous[j - 2]])
            elif j >= 2:
                clauses.append(head)  # two or more of one literal: false
            clauses.append([*head, x])
        previous = current
    clauses.append([previous[k - 1]])
    return top


@functools.lru_cache(maxsize=8)
def _lean_grid_clauses(n: int, k: int) -> tuple[tuple[list[int], ...], int]:
    """The grid's clauses with about half the variables of the exact search's:
    no two stars touch, K a row and a column, and for each band of two rows or two
    columns, cut into 2×2 blocks from its first line (one alignment, not both), "at
    least 2K of its m blocks hold a star". A block holds at most one star and a band 2K,
    so that is true of every solution, and the clause learning seldom finds it alone.
    Put as "no m - 2K + 1 blocks are all empty" (m - 2K is 1 or 2 on the usual shapes:
    a few dozen clauses and no counter variables); "at most 2K" needs no clause, the
    rows already say it. Measured on the questions of a 14×14 3-star run replayed: a
    third less time than the full grid."""
    clauses: list[list[int]] = []
    top = _lines_and_neighbours(n, k, clauses)
    for first in range(n - 1):
        for transpose in (False, True):
            blocks, top = _band_blocks(n, first, transpose, 0, top, clauses)
            empty_at_most = len(blocks) - 2 * k
            if comb(len(blocks), empty_at_most + 1) <= BAND_CLAUSES_MOST:
                clauses.extend(list(some) for some in combinations(blocks, empty_at_most + 1))
            else:
                top = _exactly(blocks, 2 * k, top, clauses)
    return tuple(clauses), top


class MapSession:
    """Asks for solutions other than a known one, board after board of one size and K
    whose regions change a few at a time (see the module docstring). A fresh solver is
    started once :attr:`REGIONS_KEPT` regions (:attr:`LEAN_REGIONS_KEPT` with the lean
    grid, up to :data:`FEW_REGIONS_UP_TO` rows) have been encoded, before the clauses of
    regions no board has any more pile up."""

    #: Regions encoded before the solver is started afresh: measured at 14×14 with 3
    #: stars and 21×21 with 5, a few maps' worth of repairs.
    REGIONS_KEPT = 400
    #: The same with the lean grid (:data:`LEAN_FROM` rows up), about one map's worth:
    #: there a call's cost follows the solver's variables, of which each region brings
    #: about N·K, and what a fresh solver must learn again costs less than they do. On
    #: boards 0 of seeds 5000–5029 at 14×14 with 3 stars, a question took 13.4 ms
    #: keeping 30 or 60 regions, 14.0 ms keeping 120 and 18.6 ms keeping 400, with
    #: about as many questions and calls each (1,141 to 1,270 questions); at 17×17
    #: with 4 stars (seeds 5000–5009), 7.0 ms keeping 60 and 9.0 ms keeping 400, yet
    #: boards 0–2 of seeds 0, 100, 200 and 300 took 13.9 s against 12.3 s (a 17×17
    #: map gets four K repairs a row, and a fresh solver may come mid-map); at 21×21
    #: with 5 stars a question took less time too (92 ms against 151 ms, four boards),
    #: but three times as many were asked. So only up to :data:`FEW_REGIONS_UP_TO` rows.
    LEAN_REGIONS_KEPT = 60

    def __init__(self, n: int, k: int, seconds: float = SESSION_SECONDS):
        self.n = n
        self.k = k
        self.seconds = seconds
        self._solver: Any = None
        #: The lean grid, and the regions of earlier boards assumed off (:data:`LEAN_FROM`).
        self.lean = n >= LEAN_FROM
        self._top = 0
        self._switch_of: dict[int, int] = {}
        #: Regions encoded before the solver is started afresh.
        few = self.lean and n <= FEW_REGIONS_UP_TO
        self.regions_kept = self.LEAN_REGIONS_KEPT if few else self.REGIONS_KEPT

    def _fresh(self) -> Any:
        import pycryptosat

        solver = pycryptosat.Solver(threads=1, options={"sls": "0"}, time_limit=self.seconds)
        grid = _lean_grid_clauses if self.lean else _grid_clauses
        fixed, self._top = grid(self.n, self.k)
        solver.add_clauses(list(fixed))
        self._switch_of = {}
        return solver

    def _switch(self, solver: Any, mask: int) -> int:
        """The switch of the region ``mask``, its clauses added the first time."""
        switch = self._switch_of.get(mask)
        if switch is None:
            self._top += 1
            switch = self._switch_of[mask] = self._top
            clauses: list[list[int]] = []
            # With the lean grid, "at least K" (the module docstring says why it is enough).
            count = _at_least if self.lean else _exactly
            self._top = count([i + 1 for i in bits(mask)], self.k, self._top, clauses)
            solver.add_clauses([[*clause, -switch] for clause in clauses])
        return switch

    def other_solutions(self, region_masks: list[int], known: int, most: int) -> list[int]:
        """Up to ``most`` solutions of the board of ``region_masks`` other than ``known``
        (itself a solution; none: ``known`` is the only one). ``region_masks`` are the
        board's N regions, which share the grid. Raises :class:`SearchLimitExceeded`
        past the session's time limit (a question)."""
        cells = self.n * self.n
        union = 0
        for mask in region_masks:
            union |= mask
        shared = sum(mask.bit_count() for mask in region_masks) == cells == union.bit_count()
        if len(region_masks) != self.n or not shared:
            raise ValueError(f"not the {self.n} regions of one {self.n}×{self.n} board")
        if self._solver is None or len(self._switch_of) >= self.regions_kept:
            self._solver = self._fresh()
        solver = self._solver
        assumptions = [self._switch(solver, mask) for mask in region_masks]
        if self.lean:
            # Off, an earlier region's clauses are satisfied at once, and the solver
            # spends nothing on whether they could hold.
            on = set(assumptions)
            assumptions += [-switch for switch in self._switch_of.values() if switch not in on]
        # The solutions turned away are this question's only: a later move may make
        # one of them a solution again.
        self._top += 1
        question = self._top
        assumptions.append(question)
        solver.add_clause([*(-(i + 1) for i in bits(known)), -question])
        found: list[int] = []
        while len(found) < most:
            started = time.monotonic()
            satisfiable, model = _solve(solver, assumptions)
            if satisfiable is None:
                self._solver = None
                _raise_if_interrupted(started, self.seconds)
                raise SearchLimitExceeded(f"the exact search needed more than {self.seconds:g} s")
            if not satisfiable:
                break
            solution = sum(1 << i for i in range(cells) if model[i + 1])
            found.append(solution)
            solver.add_clause([*(-(i + 1) for i in bits(solution)), -question])
        solver.add_clause([-question])
        return found

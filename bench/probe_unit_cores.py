"""Which units does it take to rule out a cell on the Star Battle boards the cheap tier
stalls on, and do the deductions from few units reopen those boards?

    PYTHONPATH=bench .venv/bin/python bench/probe_unit_cores.py \\
        /tmp/starlogic-public/17-4-unsorted.txt --sample 13 --most 8

Every weighted sum of units against a 2×2-block multi-cover (bench/probe_weighted_covers.py,
bench/probe_three_unit_covers.py) and every exact search over a few units is a deduction
from some units' "K stars" alone, the rest of the board only bounding each row, column and
region to at most K stars and each 2×2 block to at most one. So this probe asks a SAT
solver, for each live cell: with a star there, which units' "at least K" does the refutation
need? The model holds every live cell; each unit's "at most K" and the no-touching rule
always, each unit's "at least K" behind a switch of its own. A star the whole board allows
has no refutation (the cell is in some solution); otherwise the solver names the switches
it used, and dropping them one at a time while the star stays refuted leaves a set of units
none of which can go (minimal for that order, not always the fewest there are). A cell
ruled out by k units is what an exact search over those k units, and nothing smaller,
finds; the weighted sums are weaker still.

Per board it prints how many cells need how many units, one smallest set found, and with
``--most k``: the cells that k units or fewer rule out are crossed, the cheap tier runs
again, and so on until it solves the board or no cell is left for k units; the rounds, the
cells, the result and the processor time.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pycryptosat
from probe_weighted_covers import cheap_solver, stalled_states

from queens_core.board import bits
from queens_core.engine.board import Board
from queens_core.engine.state import State


class UnitSwitches:
    """The SAT model of one state: a variable per live cell, no two stars touching, every
    unit at most its missing stars, and each unit's "at least" behind a switch."""

    def __init__(self, board: Board, state: State, units: list[int]):
        n, stars, live, queens = board.n, board.stars, state.live, state.queens
        self.n, self.live, self.masks = n, live, units
        self.var = {cell: number + 1 for number, cell in enumerate(bits(live))}
        self.top = len(self.var)
        clauses: list[list[int]] = []
        for cell, x in self.var.items():
            r, c = divmod(cell, n)
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                rr, cc = r + dr, c + dc
                y = self.var.get(rr * n + cc) if 0 <= rr < n and 0 <= cc < n else None
                if y is not None:
                    clauses.append([-x, -y])
        self.switches: list[int] = []
        for mask in units:
            need = stars - (mask & queens).bit_count()
            xs = [self.var[cell] for cell in bits(mask & live)]
            switch = self._fresh()
            self.switches.append(switch)
            at_least = self._counter(clauses, xs, need)
            if need > len(xs):
                clauses.append([-switch])
            elif need > 0:
                clauses.append([-switch, at_least[need - 1]])
            if need < len(xs):
                clauses.append([-at_least[need]])
            clauses.append([switch, -switch])  # the solver knows every switch, used or not
        self.solver = pycryptosat.Solver()
        self.solver.add_clauses(clauses)

    def _fresh(self) -> int:
        self.top += 1
        return self.top

    def _counter(self, clauses: list[list[int]], xs: list[int], most: int) -> list[int]:
        """A sequential counter over ``xs``: variable j of the result holds exactly when at
        least j + 1 of ``xs`` are true (j up to ``most``)."""
        before: list[int | None] = [None] * (most + 1)
        for x in xs:
            now: list[int | None] = []
            for j in range(most + 1):
                v = self._fresh()
                now.append(v)
                kept = before[j]
                lower = before[j - 1] if j else None
                rest = [kept] if kept is not None else []
                if kept is not None:
                    clauses.append([-kept, v])
                if j == 0:
                    clauses.append([-x, v])
                elif lower is not None:
                    clauses.append([-x, -lower, v])
                clauses.append([-v, x, *rest])
                if j:
                    clauses.append([-v, *([lower] if lower is not None else []), *rest])
            before = now
        return [v for v in before if v is not None]  # all of them, unless xs is empty

    def refuting(self, cell: int, among: list[int] | None = None) -> list[int] | None:
        """The indices (into the units) of a set of units whose "at least" rules out a
        star on ``cell``, none of which can go; None when the units (all, or ``among``)
        allow the star. The units near the cell are tried first (those within 1, 2, 3, 5
        and 8 cells of it, then all), so that a refutation by a few units close by is not
        hidden by one the solver happens to find through many; the units of the set
        found are then dropped one at a time, the farthest first, while the star stays
        refuted."""
        x = self.var[cell]
        pool = list(range(len(self.switches))) if among is None else list(among)
        reach = self.reach(cell)
        for within in (1, 2, 3, 5, 8, None):
            on = [i for i in pool if within is None or reach[i] <= within]
            held, _ = self.solver.solve([x, *(self.switches[i] for i in on)])
            if not held:
                break
        else:
            return None
        core = self._used(on)
        core.sort(key=lambda i: -reach[i])
        i = 0
        while i < len(core):
            fewer = core[:i] + core[i + 1 :]
            held, _ = self.solver.solve([x, *(self.switches[j] for j in fewer)])
            if held:
                i += 1
            else:
                used = set(self._used(fewer))
                core = [j for j in fewer if j in used]
        return sorted(core)

    def _used(self, on: list[int]) -> list[int]:
        """The units of ``on`` whose switches the last refutation used."""
        used = {abs(literal) for literal in self.solver.get_conflict()}
        return [i for i in on if self.switches[i] in used]

    def reach(self, cell: int) -> list[int]:
        """Per unit, how far (in king's moves) its nearest live cell lies from ``cell``."""
        n = self.n
        r, c = divmod(cell, n)
        out = []
        for mask in self.masks:
            cells = bits(mask & self.live)
            out.append(min((max(abs(r - o // n), abs(c - o % n)) for o in cells), default=2 * n))
        return out


def all_units(board: Board) -> tuple[list[int], list[str]]:
    """The regions, rows and columns as masks, with their names."""
    n = board.n
    regions = list(board.region_masks)
    rows = [((1 << n) - 1) << (r * n) for r in range(n)]
    cols = [sum(1 << (r * n + c) for r in range(n)) for c in range(n)]
    names = [f"region {chr(65 + k)}" for k in range(len(regions))]
    names += [f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
    return regions + rows + cols, names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="SBN strings, one a line")
    parser.add_argument("--sample", type=int, default=13, help="boards spread over the file")
    parser.add_argument("--boards", type=int, nargs="*", help="only these of the sample")
    parser.add_argument(
        "--most", type=int, default=0, help="cross the cells this many units rule out, again"
    )
    args = parser.parse_args()
    solver = cheap_solver()
    for number, board, stars, stalled in stalled_states(args.file, args.sample, args.boards):
        started = time.process_time()
        units, names = all_units(board)
        state = stalled.state
        sizes: dict[int, int] = {}
        smallest: tuple[int, list[int]] | None = None
        rounds: list[int] = []
        result = ""
        while True:
            model = UnitSwitches(board, state, units)
            crossed = 0
            for cell in bits(state.live):
                core = model.refuting(cell)
                if core is None:
                    continue
                if not rounds:
                    sizes[len(core)] = sizes.get(len(core), 0) + 1
                    if smallest is None or len(core) < len(smallest[1]):
                        smallest = (cell, core)
                if len(core) <= args.most:
                    crossed |= 1 << cell
            if not crossed:
                result = f"stalls at {state.live.bit_count()} live cells"
                break
            rounds.append(crossed.bit_count())
            again = solver.for_stars(stars).solve(board, State(state.live & ~crossed, state.queens))
            state = again.state
            if again.solved:
                result = "the cheap tier then solves it"
                break
        n = board.n
        told = ""
        if smallest is not None:
            cell, core = smallest
            told = f"r{cell // n + 1}c{cell % n + 1} by {', '.join(names[i] for i in core)}"
        print(
            f"board {number}: cells by units needed {dict(sorted(sizes.items()))}; "
            f"one of the fewest: {told}; at most {args.most} units: rounds {rounds}, {result}"
            f"; {time.process_time() - started:.1f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

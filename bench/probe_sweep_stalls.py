"""What the boards the trial sweep stalls on look like, and what three stronger uses of
its trials find there (the measures of docs/star-battle.md, "What earlier trials taught").

    .venv/bin/python bench/probe_sweep_stalls.py \\
        /tmp/sbl/Main/puzzles/Files/17-4-unsorted.txt --boards 3 6 8 10 11 12

Boards are numbered by their position among the file's distinct lines, from 0. Each is
solved by every installed rule; where that stalls, the probe prints the state (live
cells, the tightest units, how many ways the tightest units have), then, from the
stalled state, with every live cell's trial (the sweep's: a star, then the cheap rules,
exclusion and capacity counting, to the end) as the facts:

- *pairs*: each cell's trial, then every live cell of the unit that trial left tightest
  tried beside it; the cell is refuted when every pair fails;
- *ways*: each unit's ways (its missing stars on live cells) less those with two stars one
  of whose trials empties the other; then the four tightest units' ways tried as stars
  all at once, and the cells every surviving way empties;
- *arcs*: every unit's filtered ways against every other unit's (two ways compatible
  when they agree on the cells the units share and no trial's fact forbids a pair of
  their stars), pruned until nothing changes: the cells no way left covers.

Each prints the cells it rules out and its processor time.
"""

from __future__ import annotations

import argparse
import itertools
import time
from pathlib import Path

from queens_core import load_registry
from queens_core.board import bits
from queens_core.engine.board import Board
from queens_core.engine.driver import Solver
from queens_core.engine.state import State
from queens_rules_starbattle.cases import suppose
from queens_rules_starbattle.counting import Reread
from queens_rules_starbattle.deductions import PROPAGATORS
from queens_rules_starbattle.refute import DEEP_DEPTH
from queens_rules_starbattle.sbn import parse_sbn


class Trials:
    """The sweep's trial on one stalled state, and every live cell's facts there."""

    def __init__(self, board: Board, state: State):
        self.board, self.base = board, state
        reread = Reread(board, State(state.live, state.queens))
        self.first = (*PROPAGATORS, reread.exclusion)
        self.last = (reread.capacity_counting,)
        self.empties: dict[int, int] = {}
        for cell in bits(state.live):
            after, found = self.run(state, 1 << cell)
            if found is None:
                self.empties[cell] = state.live & ~after.live & ~after.queens
        # Read both ways: a star on c empties d exactly when one on d empties c.
        for cell, out in list(self.empties.items()):
            for other in bits(out):
                if other in self.empties:
                    self.empties[other] |= 1 << cell

    def run(self, state: State, placement: int) -> tuple[State, object]:
        after, found, _ = suppose(
            self.board, state, placement, DEEP_DEPTH, self.first, "trial_sweep", self.last
        )
        return after, found


def _ways(board: Board, state: State, trials: Trials) -> list[list[tuple[int, int]]]:
    """Per unit, its ways (mask, the cells its stars' trials empty) that no fact forbids."""
    found = []
    for _, _, mask in board.units:
        need = board.stars - (state.queens & mask).bit_count()
        ways = []
        for way in itertools.combinations(bits(state.live & mask), need):
            stars = out = 0
            for cell in way:
                stars |= 1 << cell
                out |= trials.empties.get(cell, 0)
            if not stars & out:
                ways.append((stars, out))
        found.append(ways)
    return found


def pairs(board: Board, state: State, trials: Trials) -> int:
    refuted = 0
    for cell in trials.empties:
        after, _ = trials.run(state, 1 << cell)
        tightest = None
        for _, _, mask in board.units:
            need = board.stars - (after.queens & mask).bit_count()
            if need > 0:
                room = (after.live & mask).bit_count() - need
                if tightest is None or room < tightest[0]:
                    tightest = (room, after.live & mask)
        assert tightest is not None
        if all(trials.run(after, 1 << other)[1] is not None for other in bits(tightest[1])):
            refuted |= 1 << cell
    return refuted


def ways(board: Board, state: State, trials: Trials) -> int:
    every = _ways(board, state, trials)
    refuted = 0
    for index in sorted(range(len(every)), key=lambda k: len(every[k]))[:4]:
        empty = state.live
        for stars, _ in every[index]:
            after, found = trials.run(state, stars)
            if found is None:
                empty &= ~(after.live | after.queens)
        refuted |= empty
    return refuted


def arcs(board: Board, state: State, trials: Trials) -> int:
    every = _ways(board, state, trials)
    masks = [mask for _, _, mask in board.units]
    touching = [
        [v for v in range(len(masks)) if v != u and masks[u] & masks[v]] for u in range(len(masks))
    ]
    waiting = set(range(len(masks)))
    while waiting:
        u = waiting.pop()
        for v in touching[u]:
            shared = masks[u] & masks[v]
            by_part: dict[int, list[int]] = {}
            for stars, out in every[u]:
                by_part.setdefault(stars & shared, []).append(out)
            kept = [
                (stars, out)
                for stars, out in every[v]
                if any(not stars & other for other in by_part.get(stars & shared, ()))
            ]
            if len(kept) < len(every[v]):
                every[v] = kept
                waiting.add(v)
    refuted = 0
    for u, mask in enumerate(masks):
        covered = 0
        for stars, _ in every[u]:
            covered |= stars
        refuted |= state.live & mask & ~covered
    return refuted


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="SBN strings, one a line")
    parser.add_argument("--boards", type=int, nargs="*", help="only these (default: all)")
    args = parser.parse_args()
    lines = list(dict.fromkeys(line.strip() for line in args.file.read_text().splitlines()))
    solver = Solver(load_registry().rules, time_budget=600)
    for number, text in enumerate(line for line in lines if line):
        if args.boards and number not in args.boards:
            continue
        board, stars = parse_sbn(text)
        stalled = solver.for_stars(stars).solve(board)
        if stalled.solved:
            print(f"board {number}: solved by the rules")
            continue
        state = stalled.state
        rooms = sorted(
            ((state.live & mask).bit_count() - stars + (state.queens & mask).bit_count(), kind, k)
            for kind, k, mask in board.units
        )
        print(
            f"board {number}: {state.live.bit_count()} live cells, "
            f"{state.queens.bit_count()} stars; tightest units (room to spare, unit): "
            + ", ".join(f"{room} {kind} {k + 1}" for room, kind, k in rooms[:4])
        )
        started = time.process_time()
        trials = Trials(board, state)
        print(f"  every live cell's trial: {time.process_time() - started:.2f} s")
        for probe in (pairs, ways, arcs):
            started = time.process_time()
            found = probe(board, state, trials)
            print(
                f"  {probe.__name__}: {found.bit_count()} cells ruled out, "
                f"{time.process_time() - started:.2f} s"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""What grading could save by going on from the full solve instead of solving a rung again.

    .venv/bin/python bench/probe_rung_prefix.py [--count 1000] [--rounds 4]

The 8×8 maker grades each board with the full solve, then the Easy rung's solve and,
when that one stalls, the Medium rung's. A rung's solve takes the full solve's steps up
to the full solve's first step of a rule outside the rung (the other rules were called
only where they changed nothing), so it could go on from the state before that step
instead of starting from the empty board: the same end, solved or stalled. This probe
makes boards 0 to COUNT - 1 of seed 1, then times, round after round, their rung solves
three ways:

- **fresh**: as the grader solves them (Easy, then Medium where Easy stalls);
- **continued**: each from the full solve's prefix, its end alone (a solved rung's score
  needs its counters, which the prefix's steps do not tell for a rule counted once a
  call, so this is the bound of the lever, not a grading);
- **continued, fresh when solved**: what a grading could do with the steps alone.

It checks that every continued solve ends as the fresh one does, and prints the
prefixes' lengths. Nothing here is used by the maker.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterable

from queens_core import load_registry
from queens_core.engine.board import Board
from queens_core.engine.context import Step
from queens_core.engine.driver import Solver
from queens_core.engine.state import State
from queens_core.generator.queens_maker import Maker


def prefix(board: Board, steps: Iterable[Step], counters: frozenset[str]) -> tuple[State, int]:
    """The state before the first step of a rule outside ``counters``, and its steps."""
    state = State.initial(board)
    taken = 0
    for step in steps:
        if step.counter not in counters:
            break
        state.live &= ~(step.killed | step.placed)
        state.queens |= step.placed
        taken += 1
    return state, taken


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    maker = Maker(load_registry().rules, 8)
    boards = [maker.make(1, index).board for index in range(args.count)]
    grader = maker.grader
    (easy_rung, easy), (medium_rung, medium) = grader.rungs[0], grader.rungs[1]
    assert easy is not None and medium is not None
    fulls = [grader.full.solve(board) for board in boards]

    def fresh() -> list[int]:
        return [
            1 if easy.solve(board).solved else 2 if medium.solve(board).solved else 3
            for board in boards
        ]

    def continued(again: bool) -> list[int]:
        ends = []
        for board, full in zip(boards, fulls, strict=True):
            level = 3
            for rung, solver in ((easy_rung, easy), (medium_rung, medium)):
                assert isinstance(solver, Solver)
                start, _ = prefix(board, full.steps, rung.counters)
                if solver.solve(board, start).solved:
                    if again:
                        solver.solve(board)  # for its counters
                    level = rung.level
                    break
            ends.append(level)
        return ends

    expected = fresh()
    assert continued(False) == expected, "a continued rung solve ended otherwise"
    print(
        f"8×8, boards 0 to {args.count - 1} of seed 1: {expected.count(1)} Easy, "
        f"{expected.count(2)} Medium, {expected.count(3)} harder"
    )
    pairs = list(zip(boards, fulls, strict=True))
    lengths = {
        name: statistics.median(
            prefix(board, full.steps, rung.counters)[1] for board, full in pairs
        )
        for name, rung in (("Easy", easy_rung), ("Medium", medium_rung))
    }
    print(
        f"full solve, median steps: {statistics.median(len(f.steps) for f in fulls)}; "
        f"its prefix within the Easy rung {lengths['Easy']}, within the Medium rung "
        f"{lengths['Medium']}"
    )
    ways = {
        "fresh": fresh,
        "continued": lambda: continued(False),
        "continued, fresh when solved": lambda: continued(True),
    }
    best = dict.fromkeys(ways, float("inf"))
    for _ in range(args.rounds):
        for name, way in ways.items():
            started = time.process_time()
            way()
            best[name] = min(best[name], time.process_time() - started)
    print(f"rung solves, least processor time of {args.rounds} rounds:")
    for name, seconds in best.items():
        print(f"  {name:30} {seconds * 1000 / args.count:.4f} ms a board")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

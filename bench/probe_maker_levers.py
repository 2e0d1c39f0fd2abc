"""What the 8×8 Queens maker's levers could give, measured on one batch (docs/performance.md,
"The 8×8 maker toward 2,000 boards a second").

    .venv/bin/python bench/probe_maker_levers.py            # boards 0 to 999 of seed 1

Three figures, each of boards ``0`` to ``--count - 1`` of seed ``--seed`` made with every
installed rule and no target:

- **maps thrown away**: the attempts dropped, by why, with the checks each made before
  and the processor time they took;
- **region reach masks**: how many region shapes a board meets for the first time (a
  reach mask computed, not found), and what computing them all again costs;
- **rung solves continued**: the Easy and Medium rung solves grading makes, from the
  empty board against from the full solve's prefix (the state before its first step of
  a rule outside the rung, replayed from its steps), with how many ended otherwise.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

clock = time.process_time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from queens_core import load_registry
    from queens_core.engine.state import State
    from queens_core.generator.queens_maker import Maker, MapUnderRepair

    rules = load_registry().rules
    maker = Maker(rules, 8)
    maker.make(args.seed, 0)  # the tables of the size
    table = maker.geometry.table
    assert table is not None
    why: Counter[str] = Counter()
    checks: Counter[str] = Counter()
    spent: Counter[str] = Counter()
    now: dict[str, Any] = {}
    for name in ("in_shape", "enlarge_small", "break_solutions"):
        method = getattr(MapUnderRepair, name)

        def failing(self: Any, *given: Any, _method: Any = method, _name: str = name) -> Any:
            done = _method(self, *given)
            if not done:
                now["why"] = _name
            return done

        setattr(MapUnderRepair, name, failing)
    other_solutions = MapUnderRepair.other_solutions

    def counted(self: Any, *given: Any) -> Any:
        now["checks"] = now.get("checks", 0) + 1
        return other_solutions(self, *given)

    MapUnderRepair.other_solutions = counted  # type: ignore[method-assign]
    shapes: list[int] = []
    reach = type(table).reach

    def recorded(self: Any, mask: int) -> int:
        shapes.append(mask)
        return reach(self, mask)

    type(table).reach = recorded  # type: ignore[method-assign]
    attempt = maker._attempt

    def timed(rng: Any, floor: int) -> Any:
        now.clear()
        started = clock()
        found = attempt(rng, floor)
        key = "made" if found is not None else now.get("why", "revisited or repairs used up")
        why[key] += 1
        checks[key] += now.get("checks", 0)
        spent[key] += clock() - started
        return found

    maker._attempt = timed  # type: ignore[method-assign]
    made = [maker.make(args.seed, index) for index in range(args.count)]
    type(table).reach = reach  # type: ignore[method-assign]

    print(f"8×8, boards 0 to {args.count - 1} of seed {args.seed}, every installed rule")
    print("maps thrown away:")
    total = sum(spent.values())
    for key, attempts in why.most_common():
        print(
            f"  {key:<30}{attempts:>6} attempts {checks[key] / attempts:>6.1f} checks each"
            f"  {spent[key]:.3f} s ({spent[key] / total:.0%})"
        )
    started = clock()
    for mask in shapes:
        reach(table, mask)
    cost = clock() - started
    print(
        f"region reach masks: {len(shapes) / args.count:.1f} computed a board, "
        f"{cost / max(len(shapes), 1) * 1e6:.2f} µs each, {cost / args.count * 1e3:.3f} ms a board"
    )

    grader = maker.grader
    jobs = []
    for one in made:
        used = {counter for counter, count in one.assessment.full.counters.items() if count}
        for rung, solver in grader.rungs:
            if solver is None or used <= rung.counters:
                break
            jobs.append((one, rung, solver))
            if solver.solve(one.board).solved:
                break

    def prefix(one: Any, members: frozenset[str]) -> State:
        live, queens = one.board.full, 0
        for step in one.assessment.full.steps:
            if step.counter not in members:
                break
            live &= ~(step.killed | step.placed)
            queens |= step.placed
        return State(live, queens)

    starts = [prefix(one, rung.counters) for one, rung, _ in jobs]
    fresh = continued = float("inf")
    for _ in range(3):
        started = clock()
        ends = [solver.solve(one.board) for one, _, solver in jobs]
        fresh = min(fresh, clock() - started)
        started = clock()
        went_on = [
            solver.solve(one.board, start.copy())
            for (one, _, solver), start in zip(jobs, starts, strict=True)
        ]
        continued = min(continued, clock() - started)
    differ = sum(
        (a.status, a.state) != (b.status, b.state) for a, b in zip(ends, went_on, strict=True)
    )
    print(
        f"rung solves continued: {len(jobs)} solves, {fresh * 1e3:.1f} ms from the empty "
        f"board, {continued * 1e3:.1f} ms from the full solve's prefix "
        f"({(fresh - continued) / args.count * 1e3:.3f} ms a board); {differ} ended otherwise"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

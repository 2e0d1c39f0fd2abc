"""Where the Queens maker's time goes, a board at a time: grading (the full solve and the
solves of the rungs below it), the exact checks, the repairs, growing the maps, building
the board, seeding its random generator.

    .venv/bin/python bench/bench_maker_parts.py                     # 8×8, 1,000 boards
    .venv/bin/python bench/bench_maker_parts.py --size 10 --count 200

It makes boards ``0, 1, 2...`` of seed ``--seed`` with every installed rule (as
``queens generate`` does), first plainly, for the rate, then again with a processor-time
clock around each part, for the table. The clocks cost some time of their own (a
microsecond or so a call, a few per cent of a board), so the parts add up to a little
more than the plain run. The parts nest: ``exact checks`` counts the checks the repair
loop makes itself, ``break last`` includes the checks it makes of the changes it tries,
and ``grading`` includes its solves, listed under it by the rung they solve.

The last lines say what the rate would be if the maker made its maps for nothing (only
grading, building the board and seeding left) and if grading cost nothing: the bounds a
faster maker or faster rules could reach on their own.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

clock = time.process_time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from queens_core import load_registry
    from queens_core.engine.driver import Solver
    from queens_core.generator import queens_maker
    from queens_core.generator.queens_maker import Maker, MapUnderRepair

    rules = load_registry().rules
    maker = Maker(rules, args.size)
    maker.make(args.seed, 0)  # the tables of the size, built once a process
    started = clock()
    for index in range(args.count):
        maker.make(args.seed, index)
    plain = (clock() - started) / args.count

    spent: defaultdict[str, float] = defaultdict(float)
    calls: defaultdict[str, int] = defaultdict(int)

    def timed(label: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*given: Any, **named: Any) -> Any:
            before = clock()
            try:
                return function(*given, **named)
            finally:
                spent[label] += clock() - before
                calls[label] += 1

        return wrapper

    def wrap_method(owner: Any, name: str, label: str) -> None:
        setattr(owner, name, timed(label, getattr(owner, name)))

    # A maker of its own, its caches (the reach masks of the regions met) as cold as the
    # first run's.
    maker = Maker(rules, args.size)
    wrap_method(queens_maker, "board_rng", "seeding")
    wrap_method(queens_maker, "grow_region_map", "growing")
    wrap_method(MapUnderRepair, "enlarge_small", "enlarging small regions")
    wrap_method(MapUnderRepair, "other_solutions", "exact checks")
    wrap_method(MapUnderRepair, "break_solutions", "repairs (break solutions)")
    wrap_method(MapUnderRepair, "break_last", "repairs (break last, its checks)")
    wrap_method(MapUnderRepair, "unstall", "repairs (unstall)")
    wrap_method(MapUnderRepair, "board", "building the board")
    wrap_method(maker.grader, "assess", "grading")
    # Each solver of the grader, by the rung it solves (an instance attribute: only it).
    solvers: list[tuple[str, Solver]] = [("  full solve", maker.grader.full)]
    solvers += [(f"  {rung.grade} rung solve", s) for rung, s in maker.grader.rungs if s]
    if maker.top is not None and all(maker.top is not s for _, s in solvers):
        solvers.append(("  target's top rung solve", maker.top))
    for label, solver in solvers:
        solver.solve = timed(label, solver.solve)  # type: ignore[method-assign]

    started = clock()
    attempts = 0
    for index in range(args.count):
        attempts += maker.make(args.seed, index).attempts
    timed_total = (clock() - started) / args.count

    n = args.size
    print(f"{n}×{n}, boards 0 to {args.count - 1} of seed {args.seed}, every installed rule")
    print(f"plain run: {1 / plain:,.0f} boards per processor second ({plain * 1e3:.3f} ms a board)")
    print(f"attempts (maps grown) a board: {attempts / args.count:.2f}")
    print(f"{'part':<36}{'ms a board':>11}{'calls a board':>15}")
    order = ["grading"] + [label for label, _ in solvers]
    order += [label for label in spent if label not in order]
    for label in order:
        if label in spent:
            share = spent[label] / args.count * 1e3
            print(f"{label:<36}{share:>11.3f}{calls[label] / args.count:>15.2f}")
    print(f"{'(timed run, all parts)':<36}{timed_total * 1e3:>11.3f}")
    grading = spent["grading"] / args.count
    fixed = grading + (spent["building the board"] + spent["seeding"]) / args.count
    # The timed run's parts, scaled down to the plain run (the clocks' own cost).
    scale = plain / timed_total
    print(
        f"maps for nothing (grading, board, seeding only): {1 / (fixed * scale):,.0f} boards/s;"
        f" grading for nothing: {1 / ((timed_total - grading) * scale):,.0f} boards/s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

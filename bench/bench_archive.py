"""Time the in-process solve of the whole archive, per rule set, against blind search.

    .venv/bin/python bench/bench_archive.py            # all configurations, 5 repeats
    .venv/bin/python bench/bench_archive.py --repeat 1 --only catalog

For each configuration (the baseline package, the cheap tier, the full catalog), for
the exact solver and for the two blind searches of ``bench/blind.py`` (the yardsticks:
they prove the answer unique and explain nothing), every board is solved ``--repeat``
times and its best time is kept (the least disturbed by the rest of the machine). The
contenders take turns round by round, each running through the whole archive in its
turn (so each is timed warm, as it runs in a batch), so that a busy stretch of a shared
machine is spread over them all and the ratios hold. The figures are the median and p95 of
those per-board times and their sum over the archive; each rule set's sum is also given
as a multiple of the blind searches' and the exact solver's. Parsing (text -> Board with
its masks) is timed on its own; "with parse" adds it to the solve.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from blind import blind_rows, blind_units

from queens_core import Board, Solver, load_registry
from queens_core.referee.exact import find_solutions

ARCHIVE = Path(__file__).resolve().parent.parent / "archive" / "boards"
CONFIGURATIONS = {
    "baseline": ("baseline",),
    "cheap": ("baseline", "polyomino", "pigeonhole"),
    "catalog": ("baseline", "polyomino", "pigeonhole", "pfc"),
}


def best_times(contenders: list[Callable], items: list, repeat: int) -> list[list[float]]:
    """Per contender, per item, the best of ``repeat`` timed calls; in each round every
    contender in turn goes through all the items."""
    times = [[float("inf")] * len(items) for _ in contenders]
    clock = time.perf_counter
    for _ in range(repeat):
        for mine, work in zip(times, contenders, strict=True):
            for i, item in enumerate(items):
                start = clock()
                work(item)
                took = clock() - start
                if took < mine[i]:
                    mine[i] = took
    return times


def summary(name: str, times: list[float], extra: str = "") -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{name:<22} median {statistics.median(times) * 1e3:7.3f} ms   "
        f"p95 {p95 * 1e3:7.3f} ms   total {sum(times):7.3f} s{extra}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", choices=sorted(CONFIGURATIONS), action="append")
    args = parser.parse_args()

    texts = [p.read_text() for p in sorted(ARCHIVE.glob("*.txt"), key=lambda p: int(p.stem))]
    boards = [Board.parse(t) for t in texts]
    registry = load_registry()
    print(f"{len(boards)} boards, best of {args.repeat} runs each, Python {sys.version.split()[0]}")

    solvers = {}
    for name in args.only or list(CONFIGURATIONS):
        packages = {f"queens-rules-{p}" for p in CONFIGURATIONS[name]}
        rules = [r for r in registry.rules if r.package in packages]
        if {r.package for r in rules} != packages:
            print(f"{name}: skipped, not all of {sorted(packages)} are installed")
            continue
        solvers[name] = Solver(rules)

    def parse(i: int) -> Board:
        return Board.parse(texts[i])

    def exact(i: int) -> object:
        return find_solutions(boards[i], cap=2)

    def rows(i: int) -> int:
        return blind_rows(boards[i])

    def units(i: int) -> int:
        return blind_units(boards[i])

    contenders = [parse, exact, rows, units]
    contenders += [lambda i, solve=solver.solve: solve(boards[i]) for solver in solvers.values()]
    parse_times, exact_times, rows_times, units_times, *rule_times = best_times(
        contenders, list(range(len(boards))), args.repeat
    )
    print(summary("parse", parse_times))
    print(summary("exact (count to 2)", exact_times))
    print(summary("blind rows (to 2)", rows_times))
    print(summary("blind units (to 2)", units_times))
    for (name, solver), times in zip(solvers.items(), rule_times, strict=True):
        solved = sum(solver.solve(b).solved for b in boards)
        with_parse = [a + b for a, b in zip(times, parse_times, strict=True)]
        print(summary(f"rules: {name}", times, f"   solved {solved}/{len(boards)}"))
        print(summary("  with parse", with_parse))
        ratios = ", ".join(
            f"{sum(times) / sum(base):.2f}× {what}"
            for what, base in (
                ("blind rows", rows_times),
                ("blind units", units_times),
                ("exact", exact_times),
            )
        )
        print(f"  {'':<20} {ratios}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

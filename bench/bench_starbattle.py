"""Star Battle on generated boards: exact check time by size, and how far the rules get.

    .venv/bin/python bench/bench_starbattle.py                 # 10 boards a configuration
    .venv/bin/python bench/bench_starbattle.py --count 3 --only 14x3

For each configuration (size × stars per unit) it generates ``--count`` boards with a
unique solution (``generate_starbattle``, seeds 0, 1, …), then times the exact uniqueness
check (cap 2) and solves each board with the installed rules: the share solved by the
cheap tier alone, with the expensive tier, and not at all. K = 1 boards are Queens boards
and run the Queens catalog; K ≥ 2 boards run the Star Battle rules.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from queens_core import Solver, load_registry
from queens_core.referee.exact import find_solutions
from queens_rules_starbattle.generate import generate_starbattle

CONFIGURATIONS = {
    "8x1": (8, 1),
    "10x1": (10, 1),
    "10x2": (10, 2),
    "12x2": (12, 2),
    "14x3": (14, 3),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--only", choices=sorted(CONFIGURATIONS), action="append")
    args = parser.parse_args()
    solver = Solver(load_registry().rules)
    print(f"{args.count} generated boards a configuration, Python {sys.version.split()[0]}")
    print(
        f"{'board':<8}{'generate':>12}{'exact median':>15}{'exact max':>12}"
        f"{'cheap':>8}{'+expensive':>12}{'stalled':>9}{'rules median':>15}"
    )
    for name in args.only or CONFIGURATIONS:
        size, stars = CONFIGURATIONS[name]
        started = time.perf_counter()
        boards = [generate_starbattle(size, stars, seed=seed) for seed in range(args.count)]
        generate = (time.perf_counter() - started) / len(boards)
        exact_times = []
        rule_times = []
        cheap = expensive = stalled = 0
        for board in boards:
            start = time.perf_counter()
            found = find_solutions(board, 2)
            exact_times.append(time.perf_counter() - start)
            assert len(found) == 1, "the generator promised a unique board"
            start = time.perf_counter()
            result = solver.solve(board)
            rule_times.append(time.perf_counter() - start)
            if not result.solved:
                stalled += 1
            elif "expensive" in result.tiers_used:
                expensive += 1
            else:
                cheap += 1
        count = len(boards)
        print(
            f"{name:<8}{generate:>10.2f} s{statistics.median(exact_times) * 1000:>12.1f} ms"
            f"{max(exact_times) * 1000:>9.1f} ms"
            f"{cheap / count:>8.0%}{expensive / count:>12.0%}{stalled / count:>9.0%}"
            f"{statistics.median(rule_times) * 1000:>12.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Time ``queens generate``'s engine, and compare its boards' regions with the archive's.

    .venv/bin/python bench/bench_generate.py                  # every configuration
    .venv/bin/python bench/bench_generate.py --only 8/any --count 100
    .venv/bin/python bench/bench_generate.py --only 10/any --jobs 2

Each configuration (size / target) makes ``--count`` boards of one batch (seed
``--seed``) with every installed rule, in one process unless ``--jobs`` says otherwise,
and reports boards per second of wall time (and of this process's processor time,
which other load on the machine does not slow down), the attempts (fresh maps) a board took, and
the grades it got. Every board is unique and solved by the rules (the engine checks it
with the exact solver and the grader, the code of ``queens check``). Then the regions of
the boards made at sizes the archive has are compared with the archive's: the median
smallest region, the share of boards with a single-cell region, single-cell regions per
board, and the largest region's share of the cells.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from queens_core import Board, load_registry
from queens_core.generator.queens import generate_boards

ARCHIVE = Path(__file__).resolve().parent.parent / "archive" / "boards"

#: (size, tier, default count): "any" is any board the rules solve.
CONFIGURATIONS = [
    (8, "any", 100),
    (9, "any", 100),
    (10, "any", 100),
    (12, "any", 12),
    (16, "any", 4),
    (8, "baseline", 40),
    (8, "cheap", 40),
    (8, "expensive", 20),
    (9, "expensive", 20),
    (10, "expensive", 10),
]


def region_figures(boards: list[Board]) -> str:
    smallest = []
    singles = []
    largest = []
    for board in boards:
        sizes = [mask.bit_count() for mask in board.region_masks]
        smallest.append(min(sizes))
        singles.append(sizes.count(1))
        largest.append(max(sizes) / board.n**2)
    with_single = sum(count > 0 for count in singles) / len(boards)
    return (
        f"{len(boards):>6}  {statistics.median(smallest):>8.1f}  {with_single:>10.0%}  "
        f"{statistics.mean(singles):>11.2f}  {statistics.mean(largest):>12.0%}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, help="boards per configuration (default: its own)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--only", action="append", metavar="SIZE/TARGET", help="e.g. 8/any, 9/expensive"
    )
    args = parser.parse_args()

    rules = load_registry().rules
    made: dict[int, list[Board]] = {}
    print(
        f"Python {sys.version.split()[0]}, seed {args.seed}, {args.jobs} process(es); "
        "every board unique and solved by the rules"
    )
    print(
        f"{'size':<6}{'target':<11}{'boards':>6}  {'seconds':>8}  {'boards/s':>9}  "
        f"{'per cpu s':>9}  {'attempts/board':>14}  grades"
    )
    for size, target, default_count in CONFIGURATIONS:
        if args.only and f"{size}/{target}" not in args.only:
            continue
        count = args.count or default_count
        tier = None if target == "any" else target
        started = time.perf_counter()
        cpu_started = time.process_time()
        boards = list(generate_boards(rules, size, count, args.seed, tier=tier, jobs=args.jobs))
        seconds = time.perf_counter() - started
        cpu = time.process_time() - cpu_started
        grades = Counter(f"{g.rung.level} {g.rung.grade}" for g in boards)
        attempts = statistics.mean(g.attempts for g in boards)
        # Processor time of this process: the rate the machine's other load does not
        # slow down (with --jobs the work is in other processes: not measured).
        cpu_rate = f"{count / cpu:.2f}" if args.jobs == 1 and cpu > 0 else "-"
        mix = ", ".join(f"{name} {grades[name]}" for name in sorted(grades))
        print(
            f"{size:<6}{target:<11}{count:>6}  {seconds:>8.2f}  {count / seconds:>9.2f}  "
            f"{cpu_rate:>9}  {attempts:>14.1f}  {mix}"
        )
        made.setdefault(size, []).extend(g.board for g in boards)

    archive: dict[int, list[Board]] = {}
    for path in ARCHIVE.glob("*.txt"):
        board = Board.parse(path.read_text())
        archive.setdefault(board.n, []).append(board)
    print()
    print("Regions, generated beside the archive (sizes the archive has):")
    print(
        f"{'':<16}{'boards':>6}  {'smallest':>8}  {'1-cell':>10}  {'1-cell':>11}  {'largest':>12}"
    )
    print(
        f"{'':<16}{'':>6}  {'(median)':>8}  {'(boards)':>10}  {'(per board)':>11}  "
        f"{'(of cells)':>12}"
    )
    for size in sorted(made):
        if size not in archive:
            continue
        print(f"{'archive ' + str(size) + '×' + str(size):<16}{region_figures(archive[size])}")
        print(f"{'generated':<16}{region_figures(made[size])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

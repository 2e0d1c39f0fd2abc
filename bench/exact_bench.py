"""Benchmark of the exact solver (queens_core.exact) on random boards, N = 7 to 32.

For each size it generates three kinds of random map (queens_core.generate) and times
``find_solutions(board, cap)``; with the default cap of 2 that is the uniqueness question
``queens check`` asks. Boards are reproducible from --seed.

- seeded: regions of even sizes grown from a random valid queen placement, so each has a
  solution (usually very many: the search stops at the cap);
- skewed: the same with ``bias=2`` (big regions grow faster, leaving small ones), so a
  good share has exactly one solution and the search must prove there is no other;
- random: regions grown from random cells; most have no solution, which the search must
  prove too.

Then it checks the uniqueness of every board of archive/boards.

    .venv/bin/python bench/exact_bench.py                # N = 7..32, 20 boards of each kind
    .venv/bin/python bench/exact_bench.py --sizes 24,32 --boards 100 --cap 1000
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from queens_core.board import Board
from queens_core.exact import Search, find_solutions
from queens_core.generate import random_board

KINDS = (("seeded", True, 0.0), ("skewed", True, 2.0), ("random", False, 0.0))
ARCHIVE = Path(__file__).resolve().parent.parent / "archive" / "boards"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="7-32", help="e.g. 7-32 or 8,16,32")
    parser.add_argument("--boards", type=int, default=20, help="boards of each kind per size")
    parser.add_argument("--cap", type=int, default=2, help="stop counting at this many")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    if "-" in args.sizes:
        low, high = (int(x) for x in args.sizes.split("-"))
        sizes = list(range(low, high + 1))
    else:
        sizes = [int(x) for x in args.sizes.split(",")]

    print(f"cap={args.cap}, {args.boards} boards of each kind per size, seed {args.seed}")
    print(
        f"{'N':>3} {'kind':<9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} "
        f"{'max nodes':>9}  solutions found (0 / 1 / {args.cap}+)"
    )
    total = 0.0
    for n in sizes:
        rng = random.Random(args.seed * 1000 + n)
        for kind, solvable, bias in KINDS:
            times = []
            nodes = []
            outcomes = {0: 0, 1: 0, "cap": 0}
            for _ in range(args.boards):
                board = random_board(n, rng, solvable, bias)
                search = Search(board, args.cap)
                start = time.perf_counter()
                found = search.run(board.full, 0)
                times.append(time.perf_counter() - start)
                nodes.append(search.nodes)
                key = "cap" if len(found) >= args.cap else len(found)
                outcomes[key] += 1
            total += sum(times)
            print(
                f"{n:>3} {kind:<9} {statistics.median(times) * 1e3:>10.2f} "
                f"{percentile(times, 0.95) * 1e3:>8.2f} {max(times) * 1e3:>8.2f} "
                f"{max(nodes):>9}  {outcomes[0]} / {outcomes[1]} / {outcomes['cap']}",
                flush=True,
            )
    print(f"total search time on random boards {total:.2f} s")

    boards = [Board.parse(path.read_text()) for path in sorted(ARCHIVE.glob("*.txt"))]
    if boards:
        start = time.perf_counter()
        unique = sum(len(find_solutions(board, 2)) == 1 for board in boards)
        elapsed = time.perf_counter() - start
        print(
            f"archive: {len(boards)} boards, {unique} unique, checked in {elapsed:.2f} s "
            f"({elapsed / len(boards) * 1e3:.2f} ms a board)"
        )


if __name__ == "__main__":
    main()

"""Benchmark of the exact solver (queens_core.referee.queens_search) on random boards, N = 7 to 32.

For each size it generates several kinds of map and times ``find_solutions(board, cap)``
with a time budget per board; with the default cap of 2 that is the uniqueness question
``queens check`` asks. Boards are reproducible from --seed.

- seeded: regions of even sizes grown from a random valid queen placement, so each has a
  solution (usually very many: the search stops at the cap);
- skewed: the same with ``bias=2`` (big regions grow faster, leaving small ones), so a
  good share has exactly one solution and the search must prove there is no other;
- random: regions grown from random cells; most have no solution, which the search must
  prove too;
- split: regions of two or three pieces each (2N or 3N seeds, grown, then merged N ways):
  legal input, never a LinkedIn board, and the kind a plain search found hardest;
- modular: regions ``(r + c) mod N`` with the rows and the columns shuffled (the first
  board unshuffled): no solution for even N, for a reason only the lattice test sees;
- perturbed: a modular map with a few cells moved to a neighbouring region, which breaks
  the congruence the lattice test uses and leaves the search on its own.

A board that needs more than --budget seconds counts as "undecided" (what the commands
report as "undecided within the budget"). Then it checks the uniqueness of every board of
archive/boards, and ends with the worst case of each kind.

    .venv/bin/python bench/exact_bench.py                # N = 7..32, 20 boards of each kind
    .venv/bin/python bench/exact_bench.py --sizes 24,32 --boards 100 --cap 1000
    .venv/bin/python bench/exact_bench.py --kinds modular,perturbed --sizes 8-32
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from queens_core.engine.board import Board
from queens_core.generator.regions import REGION_CHARS, random_board
from queens_core.referee.budget import SearchLimitExceeded
from queens_core.referee.exact import find_solutions
from queens_core.referee.queens_search import Search

ARCHIVE = Path(__file__).resolve().parent.parent / "archive" / "boards"


def split_board(n: int, rng: random.Random) -> Board:
    """Grow 2N or 3N regions from random seeds, then merge them N ways: every region
    falls into pieces."""
    pieces = n * rng.choice((2, 3))
    seeds = rng.sample(range(n * n), min(pieces, n * n))
    owner = [-1] * (n * n)
    frontier = []
    for k, cell in enumerate(seeds):
        owner[cell] = k
        frontier.append(cell)
    while frontier:
        cell = frontier.pop(rng.randrange(len(frontier)))
        r, c = divmod(cell, n)
        free = [
            (rr * n + cc)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n and owner[rr * n + cc] < 0
        ]
        if free:
            nxt = rng.choice(free)
            owner[nxt] = owner[cell]
            frontier += [cell, nxt]
    merge = list(range(len(seeds)))
    rng.shuffle(merge)
    region = [merge[k] % n for k in owner]
    return _board(n, region)


def modular_board(n: int, rng: random.Random, shuffle: bool = True) -> Board:
    """Regions (r + c) mod N, rows and columns shuffled."""
    rows = list(range(n))
    cols = list(range(n))
    if shuffle:
        rng.shuffle(rows)
        rng.shuffle(cols)
    return _board(n, [(rows[r] + cols[c]) % n for r in range(n) for c in range(n)])


def perturbed_board(n: int, rng: random.Random) -> Board:
    """A modular map with 1 to 3 cells given to the region of a neighbour."""
    region = [(r + c) % n for r in range(n) for c in range(n)]
    for _ in range(rng.randint(1, 3)):
        while True:
            cell = rng.randrange(n * n)
            r, c = divmod(cell, n)
            near = [
                rr * n + cc
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < n and 0 <= cc < n and region[rr * n + cc] != region[cell]
            ]
            old = region[cell]
            if near and region.count(old) > 1:
                region[cell] = region[rng.choice(near)]
                break
    return _board(n, region)


def _board(n: int, region: list[int]) -> Board:
    used = sorted(set(region))
    letters = {k: REGION_CHARS[i] for i, k in enumerate(used)}
    return Board.from_rows(
        ["".join(letters[region[r * n + c]] for c in range(n)) for r in range(n)]
    )


#: Each kind: a maker of one board, from its size, a random source and its index.
KINDS = {
    "seeded": lambda n, rng, i: random_board(n, rng, True, 0.0),
    "skewed": lambda n, rng, i: random_board(n, rng, True, 2.0),
    "random": lambda n, rng, i: random_board(n, rng, False, 0.0),
    "split": lambda n, rng, i: split_board(n, rng),
    "modular": lambda n, rng, i: modular_board(n, rng, shuffle=i > 0),
    "perturbed": lambda n, rng, i: perturbed_board(n, rng),
}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="7-32", help="e.g. 7-32 or 8,16,32")
    parser.add_argument("--boards", type=int, default=20, help="boards of each kind per size")
    parser.add_argument("--cap", type=int, default=2, help="stop counting at this many")
    parser.add_argument("--budget", type=float, default=2.0, help="seconds per board")
    parser.add_argument("--kinds", default=",".join(KINDS), help="e.g. split,modular")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    if "-" in args.sizes:
        low, high = (int(x) for x in args.sizes.split("-"))
        sizes = list(range(low, high + 1))
    else:
        sizes = [int(x) for x in args.sizes.split(",")]
    kinds = args.kinds.split(",")

    print(
        f"cap={args.cap}, budget {args.budget:g} s, {args.boards} boards of each kind per "
        f"size, seed {args.seed}"
    )
    print(
        f"{'N':>3} {'kind':<9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} "
        f"{'max nodes':>9}  solutions found (0 / 1 / {args.cap}+ / undecided)"
    )
    total = 0.0
    worst: dict[str, tuple[float, int, int]] = {}
    for n in sizes:
        for kind in kinds:
            rng = random.Random(f"{args.seed}-{n}-{kind}")
            times = []
            nodes = []
            outcomes = {0: 0, 1: 0, "cap": 0, "undecided": 0}
            for i in range(args.boards):
                board = KINDS[kind](n, rng, i)
                search = Search(board, args.cap, seconds=args.budget)
                start = time.perf_counter()
                try:
                    found = search.run(board.full, 0)
                    key: int | str = "cap" if len(found) >= args.cap else len(found)
                except SearchLimitExceeded:
                    key = "undecided"
                elapsed = time.perf_counter() - start
                outcomes[key] += 1
                times.append(elapsed)
                nodes.append(search.nodes)
                if elapsed > worst.get(kind, (0.0, 0, 0))[0]:
                    worst[kind] = (elapsed, n, i)
            total += sum(times)
            print(
                f"{n:>3} {kind:<9} {statistics.median(times) * 1e3:>10.2f} "
                f"{percentile(times, 0.95) * 1e3:>8.2f} {max(times) * 1e3:>8.2f} "
                f"{max(nodes):>9}  {outcomes[0]} / {outcomes[1]} / {outcomes['cap']} / "
                f"{outcomes['undecided']}",
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
    print("worst case of each kind (seconds, N, board index):")
    for kind, (seconds, n, i) in worst.items():
        print(f"  {kind:<9} {seconds:6.3f} s   N = {n}, board {i}")


if __name__ == "__main__":
    main()

"""How large the regions of generated boards get at 12×12 and up, beside another checkout,
and what keeping them in the published range costs in boards per processor second.

    .venv/bin/python bench/bench_regions.py --against /work/wt/base
    .venv/bin/python bench/bench_regions.py --sizes 16 20 --count 20 --budget 60
    .venv/bin/python bench/bench_regions.py --stars 2 --sizes 12 14

For each size, each checkout (in a process of its own, its packages first on the import
path of this interpreter, as ``bench_generate.py --against`` does) makes boards ``0, 1,
2...`` of one batch with every installed rule until it has ``--count`` of them or has
spent ``--budget`` seconds of processor time. The table gives, over the boards made, the
largest region as a multiple of N (median and 95th percentile), the islands (a region
that touches only one other region and not the edge of the grid: enclosed by it) per
board and the boards with one, and boards per processor second. The first line is the
same measure over the archive's published boards (7×7 to 11×11).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench_generate import ARCHIVE, import_path


def worker(size: int, stars: int, count: int, seed: int, budget: float) -> None:
    """Make boards of one size, one JSON line per board as it is made."""
    from queens_core import load_registry

    rules = load_registry().rules
    if stars == 1:
        from queens_core.generator.queens_maker import Maker

        maker = Maker(rules, size)
    else:
        from queens_core.generator.stars_maker import StarMaker

        maker = StarMaker(rules, size, stars)
    started = time.process_time()
    for index in range(count):
        made = maker.make(seed, index)
        cpu = time.process_time() - started
        print(json.dumps({"rows": list(made.board.rows), "cpu": cpu}), flush=True)
        if cpu > budget:
            return


def run(checkout: Path | None, size: int, stars: int, count: int, seed: int, budget: float):
    command = [sys.executable, __file__, "--worker", str(size), "--stars", str(stars)]
    command += ["--count", str(count), "--seed", str(seed), "--budget", str(budget)]
    try:
        done = subprocess.run(
            command,
            env=import_path(checkout),
            capture_output=True,
            text=True,
            timeout=budget * 3 + 30,
        )
        output = done.stdout
        if done.returncode != 0:
            print(done.stderr.strip().splitlines()[-1], file=sys.stderr)
    except subprocess.TimeoutExpired as stopped:
        out = stopped.stdout or b""
        output = out.decode() if isinstance(out, bytes) else out
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def islands(rows: list[str]) -> int:
    """The regions that touch one other region only and not the grid's edge."""
    n = len(rows)
    beside: dict[str, set[str]] = {}
    on_edge: set[str] = set()
    for r, row in enumerate(rows):
        for c, letter in enumerate(row):
            beside.setdefault(letter, set())
            if r in (0, n - 1) or c in (0, n - 1):
                on_edge.add(letter)
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < n and cc < n and rows[rr][cc] != letter:
                    beside[letter].add(rows[rr][cc])
                    beside.setdefault(rows[rr][cc], set()).add(letter)
    return sum(1 for letter, others in beside.items() if len(others) == 1 and letter not in on_edge)


def largest_in_n(rows: list[str]) -> float:
    text = "".join(rows)
    return max(text.count(letter) for letter in set(text)) / len(rows)


def figures(boards: list[list[str]]) -> str:
    if not boards:
        return f"{0:>6}"
    largest = sorted(largest_in_n(rows) for rows in boards)
    p95 = largest[min(len(largest) - 1, round(0.95 * (len(largest) - 1)))]
    found = [islands(rows) for rows in boards]
    with_island = sum(1 for count in found if count)
    return (
        f"{len(boards):>6}  {statistics.median(largest):>6.2f}N  {p95:>6.2f}N  "
        f"{max(largest):>6.2f}N  {statistics.mean(found):>8.2f}  {with_island:>7}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[12, 16, 20, 24])
    parser.add_argument("--stars", type=int, default=1)
    parser.add_argument("--count", type=int, default=30, help="boards per size and checkout")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=60.0, help="processor seconds a run")
    parser.add_argument("--against", type=Path, metavar="DIR", help="a checkout to compare with")
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.stars, args.count, args.seed, args.budget)
        return 0
    checkouts: list[tuple[str, Path | None]] = [("this checkout", None)]
    if args.against:
        checkouts.append((args.against.name or str(args.against), args.against.resolve()))
    print(
        f"Python {sys.version.split()[0]}, {args.stars} star(s) a unit, seed {args.seed}, "
        f"up to {args.count} boards or {args.budget:g} CPU s a run"
    )
    print(
        f"{'size':<7}{'checkout':<15}{'boards':>6}  {'largest region':^25}  "
        f"{'islands':>8}  {'boards':>7}  {'boards':>9}"
    )
    print(
        f"{'':<7}{'':<15}{'':>6}  {'median':>7}  {'p95':>7}  {'max':>7}  "
        f"{'a board':>8}  {'w/ one':>7}  {'per cpu s':>9}"
    )
    if args.stars == 1:
        published = [
            [line.strip() for line in path.read_text().splitlines() if line.strip()]
            for path in sorted(ARCHIVE.glob("*.txt"))
        ]
        print(f"{'7-11':<7}{'archive':<15}{figures(published)}")
    for size in args.sizes:
        for label, checkout in checkouts:
            lines = run(checkout, size, args.stars, args.count, args.seed, args.budget)
            boards = [line["rows"] for line in lines]
            cpu = lines[-1]["cpu"] if lines else 0.0
            rate = f"{len(boards) / cpu:>9.2f}" if cpu else f"{'-':>9}"
            print(f"{size:<7}{label:<15}{figures(boards)}  {rate}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

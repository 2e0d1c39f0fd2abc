"""Time ``queens generate``'s engine at every size, beside another checkout, and compare
its boards' regions with the archive's.

    .venv/bin/python bench/bench_generate.py                        # every configuration
    .venv/bin/python bench/bench_generate.py --only 8/any --count 200
    git worktree add /tmp/base main                                  # a baseline
    .venv/bin/python bench/bench_generate.py --against /tmp/base --budget 60

Each configuration (size / target) makes boards ``0, 1, 2...`` of one batch (seed
``--seed``) with every installed rule until it has ``--count`` of them (default: the
configuration's own) or has spent ``--budget`` seconds of processor time, whichever
comes first. It runs in a process of its own, which reports the processor time each
board took (so other load on the machine does not slow the figure down), the attempts
(fresh maps) it took and its grade. The table gives boards per CPU second and the share
of attempts that failed (a map thrown away for a fresh one). Every board is unique and
solved by the rules: the engine checks it with the exact solver and the grader, the code
of ``queens check``.

``--against DIR`` runs every configuration a second time, right after, on the engine of
the checkout at DIR (its packages put first on the import path of the same interpreter,
so the installed rules are the same): two rows per configuration, measured in the same
run. A checkout whose engine gives up on a board (after its own ``--max-tries``) has
that board counted as failed attempts; one that makes nothing within the budget shows
``0`` boards and ``> budget`` seconds.

Then the regions of the boards this checkout made, at sizes the archive has, are compared
with the archive's: the median smallest region, the share of boards with a single-cell
region, single-cell regions per board, and the largest region's share of the cells.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
ARCHIVE = HERE / "archive" / "boards"

#: (size, target, default count): "any" is any board the rules solve; a tier (baseline,
#: cheap, expensive) or a grade (Easy, Medium, Hard, Fiendish) is ``--tier`` or ``--grade``.
CONFIGURATIONS = [
    (8, "any", 300),
    (9, "any", 200),
    (10, "any", 100),
    (12, "any", 40),
    (16, "any", 10),
    (20, "any", 5),
    (24, "any", 3),
    (28, "any", 2),
    (32, "any", 2),
    (8, "baseline", 40),
    (8, "cheap", 40),
    (8, "expensive", 20),
    (8, "Easy", 40),
    (8, "Medium", 40),
    (9, "expensive", 20),
    (10, "expensive", 10),
]

#: Processor seconds a configuration may spend, by default.
DEFAULT_BUDGET = 120.0


def worker(size: int, target: str, count: int, seed: int, budget: float) -> None:
    """Make boards of one configuration, one JSON line per board as it is made (the
    parent may stop this process at the budget's end: what was printed counts)."""
    from queens_core import load_registry
    from queens_core.generator.queens_maker import GiveUp, Maker

    grade = target if target in {"Easy", "Medium", "Hard", "Fiendish"} else None
    tier = None if target == "any" or grade is not None else target
    maker = Maker(load_registry().rules, size, tier=tier, grade=grade)
    started = time.process_time()
    for index in range(count):
        try:
            made = maker.make(seed, index)
            line = {
                "rows": list(made.board.rows),
                "attempts": made.attempts,
                "grade": f"{made.rung.level} {made.rung.grade}",
            }
        except GiveUp:
            line = {"gave_up": maker.max_tries}
        line["cpu"] = time.process_time() - started
        print(json.dumps(line), flush=True)
        if line["cpu"] > budget:
            return


def import_path(checkout: Path | None) -> dict[str, str]:
    """The environment of a worker: a checkout's packages first on the import path."""
    env = dict(os.environ)
    if checkout is None:
        env.pop("PYTHONPATH", None)
        return env
    packages = [
        str(folder)
        for folder in sorted(checkout.iterdir())
        if folder.is_dir() and (folder / folder.name / "__init__.py").exists()
    ]
    env["PYTHONPATH"] = os.pathsep.join(packages)
    return env


def run(checkout: Path | None, size: int, target: str, count: int, seed: int, budget: float):
    """One configuration in a worker process: its JSON lines, cut off at the budget."""
    command = [sys.executable, __file__, "--worker", f"{size}/{target}"]
    command += ["--count", str(count), "--seed", str(seed), "--budget", str(budget)]
    try:
        done = subprocess.run(
            command,
            env=import_path(checkout),
            capture_output=True,
            text=True,
            # Processor time may lag wall time on a loaded machine: room for that.
            timeout=budget * 3 + 30,
        )
        output, failed = done.stdout, done.returncode != 0
        if failed:
            print(done.stderr.strip().splitlines()[-1], file=sys.stderr)
    except subprocess.TimeoutExpired as stopped:
        out = stopped.stdout or b""
        output, failed = out.decode() if isinstance(out, bytes) else out, False
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def row(label: str, lines: list[dict], budget: float) -> str:
    made = [line for line in lines if "rows" in line]
    gave_up = [line for line in lines if "gave_up" in line]
    cpu = lines[-1]["cpu"] if lines else 0.0
    attempts = sum(line["attempts"] for line in made) + sum(g["gave_up"] for g in gave_up)
    failed = attempts - len(made)
    per_second = len(made) / cpu if made and cpu else 0.0
    # Three significant digits, but never in exponent form ("1e+03" reads as a typo).
    rate = f"{per_second:.0f}" if per_second >= 100 else f"{per_second:.3g}"
    seconds = f"{cpu:.1f}" if lines else f"> {budget:g}"
    share = f"{failed / attempts:.0%}" if attempts else "-"
    grades = Counter(line["grade"] for line in made)
    mix = ", ".join(f"{name} {grades[name]}" for name in sorted(grades))
    return (
        f"{label:<14}{len(made):>6}  {len(gave_up):>7}  {seconds:>8}  {rate:>10}  "
        f"{share:>15}  {mix}"
    )


def region_figures(boards: list) -> str:
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
    parser.add_argument(
        "--budget",
        type=float,
        default=DEFAULT_BUDGET,
        help="processor seconds per configuration and checkout",
    )
    parser.add_argument(
        "--only", action="append", metavar="SIZE/TARGET", help="e.g. 8/any, 9/expensive"
    )
    parser.add_argument("--against", type=Path, metavar="DIR", help="a checkout to compare with")
    parser.add_argument("--worker", metavar="SIZE/TARGET", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.worker:
        size, target = args.worker.split("/")
        worker(int(size), target, args.count, args.seed, args.budget)
        return 0

    from queens_core import Board

    checkouts: list[tuple[str, Path | None]] = [("this checkout", None)]
    if args.against:
        checkouts.append((args.against.name or str(args.against), args.against.resolve()))
    print(
        f"Python {sys.version.split()[0]}, seed {args.seed}, budget {args.budget:g} CPU s "
        "per configuration; every board unique and solved by the rules"
    )
    print(
        f"{'size':<6}{'target':<10}{'checkout':<14}{'boards':>6}  {'gave up':>7}  "
        f"{'cpu s':>8}  {'per cpu s':>10}  {'failed attempts':>15}  grades"
    )
    made: dict[int, list[Board]] = {}
    for size, target, default_count in CONFIGURATIONS:
        if args.only and f"{size}/{target}" not in args.only:
            continue
        count = args.count or default_count
        for label, checkout in checkouts:
            lines = run(checkout, size, target, count, args.seed, args.budget)
            print(f"{size:<6}{target:<10}{row(label, lines, args.budget)}", flush=True)
            if checkout is None:
                boards = [Board.from_rows(line["rows"]) for line in lines if "rows" in line]
                made.setdefault(size, []).extend(boards)

    archive: dict[int, list[Board]] = {}
    for path in ARCHIVE.glob("*.txt"):
        board = Board.parse(path.read_text())
        archive.setdefault(board.n, []).append(board)
    print()
    print("Regions of this checkout's boards beside the archive's (sizes the archive has):")
    print(
        f"{'':<16}{'boards':>6}  {'smallest':>8}  {'1-cell':>10}  {'1-cell':>11}  {'largest':>12}"
    )
    print(
        f"{'':<16}{'':>6}  {'(median)':>8}  {'(boards)':>10}  {'(per board)':>11}  "
        f"{'(of cells)':>12}"
    )
    for size in sorted(made):
        if size not in archive or not made[size]:
            continue
        print(f"{'archive ' + str(size) + '×' + str(size):<16}{region_figures(archive[size])}")
        print(f"{'generated':<16}{region_figures(made[size])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

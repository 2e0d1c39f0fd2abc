"""The Star Battle maker's rate in processor time, beside a baseline checkout, interleaved.

    .venv/bin/python bench/bench_star_maker.py --baseline /tmp/base --size 14 --stars 3 \\
        --count 6 --seeds 0 100 200 300

For each seed, each tree (in its own interpreter, baseline first) makes boards 0 ..
count - 1 of that seed with ``StarMaker(rules, size, stars).board(i, seed)`` and times
each with ``time.process_time``: the processor time of the maker alone, which other work
on a shared machine disturbs far less than the wall clock of ``bench_starbattle.py
--generate``. It prints each round, then boards a second per tree and the tiers of the
boards made (c: cheap, e: expensive; both trees make only unique, solved boards) and the
slowest board's full solve (the rules' solve with every rule, ``queens solve``'s), in
processor time, solved again after the timed run.

With ``--public DIR`` (files ``N-K-GROUP.txt`` of SBN lines, as ``bench_star_sets.py``
reads) it also compares the region sizes of the boards made with those of the published
boards of the same N and K: the quantiles of a region's cells over N (the mean region
has N cells), and per board the largest and smallest region over N, on average.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from baseline import baseline_python


def _worker(size: int, stars: int, seed: int, count: int) -> list[list]:
    from queens_core import load_registry
    from queens_core.generator.stars_maker import StarMaker
    from queens_core.tools.grade import Grader

    rules = load_registry().rules
    maker = StarMaker(rules, size, stars)
    grader = Grader(rules, stars)
    out = []
    for index in range(count):
        started = time.process_time()
        made = maker.board(index, seed)
        seconds = time.process_time() - started
        rung = made.assessment.rung
        assert rung is not None  # the maker keeps solved boards only
        sizes = [mask.bit_count() for mask in made.board.region_masks]
        # The board's full solve again, from scratch and untimed by the rate, in
        # processor time: what ``queens solve`` spends on it, which a loaded machine's
        # wall clock overstates.
        solve = grader.assess(made.board, clock=time.process_time).full_seconds
        out.append([seconds, str(rung.tier), solve, sizes])
    return out


def _public_sizes(directory: Path, size: int, stars: int) -> list[list[int]]:
    """The region sizes of every published board of ``size`` and ``stars`` in ``directory``."""
    from queens_rules_starbattle.sbn import parse_sbn

    boards = []
    for path in sorted(directory.glob(f"{size}-{stars}-*.txt")):
        for line in path.read_text().split():
            board, _ = parse_sbn(line)
            boards.append([mask.bit_count() for mask in board.region_masks])
    return boards


def _shape_line(name: str, boards: list[list[int]], size: int) -> str:
    """Region sizes over N: quantiles over all regions, then per-board extremes."""
    if not boards:
        return f"{name:<18}      0 boards of this size and K"
    ratios = sorted(cells / size for sizes in boards for cells in sizes)

    def quantile(q: float) -> float:
        return ratios[min(len(ratios) - 1, int(q * len(ratios)))]

    largest = sum(max(sizes) for sizes in boards) / len(boards) / size
    smallest = sum(min(sizes) for sizes in boards) / len(boards) / size
    quantiles = "  ".join(f"{quantile(q):4.2f}" for q in (0.05, 0.25, 0.5, 0.75, 0.95))
    return (
        f"{name:<18} {len(boards):6} boards  region/N at 5 25 50 75 95%: {quantiles}"
        f"   largest {largest:4.2f}  smallest {smallest:4.2f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", metavar="DIR", help="a checkout with its .venv")
    parser.add_argument("--size", type=int, default=14)
    parser.add_argument("--stars", type=int, default=3)
    parser.add_argument("--count", type=int, default=6, help="boards a seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0])
    parser.add_argument("--public", type=Path, metavar="DIR", help="published SBN boards")
    parser.add_argument("--worker", nargs=4, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        json.dump(_worker(*args.worker), sys.stdout)
        return 0
    trees = {"this tree": sys.executable}
    if args.baseline:
        trees = {"baseline": baseline_python(args.baseline, "bench_star_maker.py"), **trees}
    seconds_of = dict.fromkeys(trees, 0.0)
    slowest_of = dict.fromkeys(trees, 0.0)
    tiers_of = dict.fromkeys(trees, "")
    sizes_of: dict[str, list[list[int]]] = {name: [] for name in trees}
    print(f"{args.size}×{args.size}, {args.stars} stars, {args.count} boards a seed")
    for seed in args.seeds:
        for name, python in trees.items():
            worker = [str(args.size), str(args.stars), str(seed), str(args.count)]
            run = subprocess.run(
                [python, __file__, "--worker", *worker],
                capture_output=True,
                text=True,
                check=False,
                cwd=Path(python).parent.parent.parent,
            )
            if run.returncode:
                sys.exit(f"{python}: worker failed:\n{run.stderr}")
            made = json.loads(run.stdout)
            seconds = sum(item[0] for item in made)
            tiers = "".join(item[1][0] for item in made)
            seconds_of[name] += seconds
            slowest_of[name] = max([slowest_of[name], *(item[2] for item in made)])
            tiers_of[name] += tiers
            sizes_of[name] += [item[3] for item in made]
            print(
                f"seed {seed:<6} {name:<10} {seconds:7.1f} s  {len(made) / seconds:6.2f}/s  {tiers}"
            )
    for name, seconds in seconds_of.items():
        count = len(tiers_of[name])
        print(
            f"{name:<10} {count} boards in {seconds:.1f} s of processor time: "
            f"{count / seconds:.2f} boards/s ({tiers_of[name].count('c')} of the cheap tier), "
            f"slowest solve {slowest_of[name]:.2f} s"
        )
    if args.public:
        published = _public_sizes(args.public, args.size, args.stars)
        print(_shape_line("published", published, args.size))
        for name, boards in sizes_of.items():
            print(_shape_line(name, boards, args.size))
    return 0


if __name__ == "__main__":
    sys.exit(main())

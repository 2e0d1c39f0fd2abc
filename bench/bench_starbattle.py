"""Star Battle: how far the rules get on the hard set, and how fast boards are made, beside
a baseline checkout in the same run.

    .venv/bin/python bench/bench_starbattle.py --baseline /tmp/base
    .venv/bin/python bench/bench_starbattle.py --baseline /tmp/base --generate 60

The hard set is archive/starbattle/ (39 unique boards, 9×9 2★ to 17×17 4★, made by the
generator's uniqueness search alone). For each size it reports how many boards the cheap
tier alone and all the rules solve, and the median and slowest full solve, for this tree
and for ``--baseline`` (a checkout with its own .venv, e.g. ``git worktree add /tmp/base
main`` then ``/tmp/base/queens --version`` to set it up). Each tree runs in its own
interpreter, on the same boards (read here, K included, and handed over as rows).

``--generate SECONDS`` also makes 10×10 2★ and 14×14 3★ boards for that long in each tree
and reports boards a second and the share the tree's own rules solve: a tree whose
generator knows the rules makes only solved boards.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from baseline import baseline_python, run_worker

ROOT = Path(__file__).resolve().parent.parent
SET = ROOT / "archive" / "starbattle"
GENERATED = ((10, 2), (14, 3))


def _worker_solve(boards: list[list]) -> list[dict]:
    from queens_core import Board, Solver, Tier, load_registry

    rules = load_registry().rules
    cheap = Solver([r for r in rules if r.tier is Tier.CHEAP])
    every = Solver(rules)
    out = []
    for rows, stars in boards:
        board = Board(tuple(rows), stars)
        started = time.perf_counter()
        solved_cheap = cheap.solve(board).solved
        middle = time.perf_counter()
        full = every.solve(board)
        out.append(
            {
                "cheap": solved_cheap,
                "all": full.solved,
                "queens": full.state.queens if full.solved else None,
                "seconds": time.perf_counter() - middle,
                "cheap_seconds": middle - started,
            }
        )
    return out


def _worker_generate(size: int, stars: int, seconds: float) -> dict:
    from queens_core import Solver, load_registry
    from queens_core.generator import stars_maker as made

    rules = load_registry().rules
    solver = Solver(rules)
    started = time.perf_counter()
    count = solved = 0
    maker = made.StarMaker(rules, size, stars) if hasattr(made, "StarMaker") else None
    while time.perf_counter() - started < seconds:
        if maker is not None:
            maker.board(count, 0)  # every board it returns is unique and solved
            solved += 1
        else:
            board = made.generate_starbattle(size, stars, seed=count)
            solved += solver.solve(board).solved
        count += 1
    elapsed = time.perf_counter() - started
    return {"count": count, "solved": solved, "seconds": elapsed}


def _run(python: str, payload: dict) -> object:
    return run_worker(python, __file__, payload)


def _hard_set() -> dict[str, list[tuple[str, list, int]]]:
    from queens_core.plugins.readers import read_source

    shapes: dict[str, list[tuple[str, list, int]]] = {}
    for path in sorted(SET.glob("*.txt"), key=lambda p: (len(p.name), p.name)):
        reading = read_source(str(path))
        assert reading.stars is not None
        shape = "-".join(path.stem.split("-")[:2])
        shapes.setdefault(shape, []).append((path.name, list(reading.board.rows), reading.stars))
    return shapes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", metavar="DIR", help="a checkout with its .venv")
    parser.add_argument("--generate", type=float, default=0, metavar="SECONDS")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        payload = json.load(sys.stdin)
        if "boards" in payload:
            json.dump(_worker_solve(payload["boards"]), sys.stdout)
        else:
            json.dump(_worker_generate(*payload["generate"]), sys.stdout)
        return 0
    trees = {"this tree": sys.executable}
    if args.baseline:
        trees = {"baseline": baseline_python(args.baseline, "bench_starbattle.py"), **trees}
    shapes = _hard_set()
    boards = [[rows, stars] for group in shapes.values() for _, rows, stars in group]
    results = {name: _run(python, {"boards": boards}) for name, python in trees.items()}
    from queens_core import Board
    from queens_core.referee.exact import find_solutions

    answers = [find_solutions(Board(tuple(rows), stars), 2) for rows, stars in boards]
    for name in trees:
        wrong = sum(
            r["queens"] is not None and [r["queens"]] != answer
            for r, answer in zip(results[name], answers, strict=True)  # type: ignore[arg-type]
        )
        print(f"{name}: {wrong} wrong grids")
    print(
        f"hard set: {len(boards)} boards ({SET.relative_to(ROOT)}), Python {sys.version.split()[0]}"
    )
    print(f"{'board':<14}{'tree':<11}{'cheap':>7}{'all':>7}{'median':>10}{'slowest':>10}")
    start = 0
    for shape, group in shapes.items():
        for name in trees:
            rows = results[name][start : start + len(group)]  # type: ignore[index]
            cheap = sum(r["cheap"] for r in rows)
            solved = sum(r["all"] for r in rows)
            times = [r["seconds"] for r in rows]
            print(
                f"{shape:<14}{name:<11}{cheap:>4}/{len(rows):<2}{solved:>4}/{len(rows):<2}"
                f"{statistics.median(times):>9.2f}s{max(times):>9.2f}s"
            )
        start += len(group)
    for name in trees:
        rows = results[name]  # type: ignore[assignment]
        cheap = sum(r["cheap"] for r in rows)
        solved = sum(r["all"] for r in rows)
        print(f"{'all':<14}{name:<11}{cheap:>4}/{len(rows):<2}{solved:>4}/{len(rows):<2}")
    if args.generate:
        print(f"\ngenerate for {args.generate:g} s a configuration")
        print(f"{'board':<14}{'tree':<11}{'made':>6}{'solved':>8}{'boards/s':>10}{'solved/s':>10}")
        for size, stars in GENERATED:
            for name, python in trees.items():
                found = _run(python, {"generate": [size, stars, args.generate]})
                assert isinstance(found, dict)
                rate = found["count"] / found["seconds"]
                print(
                    f"{f'{size}x{size}-{stars}stars':<14}{name:<11}{found['count']:>6}"
                    f"{found['solved']:>8}{rate:>10.2f}{found['solved'] / found['seconds']:>10.2f}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())

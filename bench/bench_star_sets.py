"""Star Battle at every published size, on labelled public boards and generated ones,
beside a baseline checkout in the same run.

    .venv/bin/python bench/bench_star_sets.py --public DIR --baseline /work/wt/base \\
        --sample 12 --save /tmp/star-sets.json

``--public DIR`` holds files named ``N-K-GROUP.txt`` (``10-2-expert.txt``), one SBN string
a line: the layout of the StarBattleLab collection (``Main/puzzles/Files/`` of the
GitHub repository itadrous73/test.starbattlelab.github.io, whose groups are its
publisher's difficulty labels ez, med, hard, expert, or unsorted). From each file the
bench takes ``--sample`` boards spread evenly over it (the same ones every run); the
boards of even position in a group are the *calibration* half, those of odd position
the *held-out* half. ``--generated DIR`` (default archive/starbattle-sizes) adds the
text-format boards there, grouped by their file name's shape.

For each group and tree it prints the share the cheap tier alone and all the rules
solve, and the median and slowest full solve in processor time; every grid a tree
finds is checked against the exact solver. Then, per K, the grade's AUC on each half:
how often a board of a harder group (hard, expert) scores above one of an easier group
(ez, med) (ties count half; a board the rules do not solve counts as hardest).
``--save`` keeps every board's result (with its graded solve's counters, so weights
can be tried again without solving again).
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
GENERATED = ROOT / "archive" / "starbattle-sizes"
EASIER = ("ez", "med")
HARDER = ("hard", "expert")


def _worker(boards: list[list]) -> list[dict]:
    from queens_core import Board, load_registry
    from queens_core.tools.grade import Grader

    grader = Grader(load_registry().rules)
    out = []
    for rows, stars in boards:
        board = Board(tuple(rows), stars)
        found = grader.assess(board, clock=time.process_time)
        rung = found.rung
        graded = found.graded
        out.append(
            {
                "all": found.solved,
                "cheap": rung is not None and str(rung.tier) != "expensive",
                "queens": found.full.state.queens if found.solved else None,
                "seconds": found.full_seconds,
                "score": found.score,
                "level": int(rung.level) if rung else None,
                "counters": {k: v for k, v in graded.counters.items() if v} if graded else {},
            }
        )
    return out


def _run(python: str, boards: list) -> list[dict]:
    return run_worker(python, __file__, boards)


def _spread(lines: list[str], count: int) -> list[str]:
    """``count`` lines spread evenly over ``lines``, first included."""
    if len(lines) <= count:
        return lines
    step = len(lines) / count
    return [lines[int(i * step)] for i in range(count)]


def load_sets(public: Path | None, generated: Path | None, sample: int) -> list[dict]:
    """Every board as {group, half, rows, stars}."""
    from queens_core.plugins.readers import read_source
    from queens_rules_starbattle.sbn import parse_sbn

    boards: list[dict] = []
    if public:
        for path in sorted(
            public.glob("*-*-*.txt"), key=lambda p: [int(p.stem.split("-")[0]), p.stem]
        ):
            lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
            for number, text in enumerate(_spread(list(dict.fromkeys(lines)), sample)):
                board, stars = parse_sbn(text)
                boards.append(
                    {
                        "group": path.stem,
                        "half": "held-out" if number % 2 else "calibration",
                        "rows": list(board.rows),
                        "stars": stars,
                    }
                )
    if generated:
        for path in sorted(generated.glob("*.txt"), key=lambda p: (len(p.name), p.name)):
            reading = read_source(str(path))
            size, stars = path.stem.split("-")[:2]
            boards.append(
                {
                    "group": f"{size.split('x')[0]}-{stars[0]}-generated",
                    "half": "generated",
                    "rows": list(reading.board.rows),
                    "stars": reading.stars,
                }
            )
    return boards


def auc(harder: list[float], easier: list[float]) -> float:
    """How often a harder board scores above an easier one (ties half)."""
    wins = sum((h > e) + 0.5 * (h == e) for h in harder for e in easier)
    return wins / (len(harder) * len(easier))


def score_or_hardest(result: dict) -> float:
    return float("inf") if result["score"] is None else float(result["score"])


def aucs(boards: list[dict], results: list[dict], key=score_or_hardest) -> dict:
    """Per (K, half): the AUC of the harder groups against the easier ones."""
    found = {}
    for stars in sorted({b["stars"] for b in boards}):
        for half in ("calibration", "held-out"):
            chosen = [
                (b["group"].split("-")[2], key(r))
                for b, r in zip(boards, results, strict=True)
                if b["stars"] == stars and b["half"] == half
            ]
            harder = [s for g, s in chosen if g in HARDER]
            easier = [s for g, s in chosen if g in EASIER]
            if harder and easier:
                found[(stars, half)] = (auc(harder, easier), len(harder), len(easier))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--public", type=Path, metavar="DIR")
    parser.add_argument("--generated", type=Path, default=GENERATED, metavar="DIR")
    parser.add_argument("--sample", type=int, default=12, help="boards a public file")
    parser.add_argument("--baseline", metavar="DIR", help="a checkout with its .venv")
    parser.add_argument("--save", type=Path, metavar="FILE")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        json.dump(_worker(json.load(sys.stdin)), sys.stdout)
        return 0
    trees = {"this tree": sys.executable}
    if args.baseline:
        trees = {"baseline": baseline_python(args.baseline, "bench_star_sets.py"), **trees}
    boards = load_sets(args.public, args.generated, args.sample)
    payload = [[b["rows"], b["stars"]] for b in boards]
    results = {name: _run(python, payload) for name, python in trees.items()}
    from queens_core import Board
    from queens_core.referee.exact import find_solutions

    answers = [find_solutions(Board(tuple(b["rows"]), b["stars"]), 2) for b in boards]
    print(f"{len(boards)} boards, Python {sys.version.split()[0]}; times in processor seconds")
    for name in trees:
        wrong = sum(
            r["queens"] is not None and [r["queens"]] != answer
            for r, answer in zip(results[name], answers, strict=True)
        )
        unique = sum(len(answer) == 1 for answer in answers)
        print(f"{name}: {wrong} wrong grids ({unique} of the boards have one solution)")
    print(f"{'group':<18}{'tree':<11}{'cheap':>8}{'all':>8}{'median':>9}{'slowest':>9}")
    groups = list(dict.fromkeys(b["group"] for b in boards))
    for group in groups:
        picked = [i for i, b in enumerate(boards) if b["group"] == group]
        for name in trees:
            rows = [results[name][i] for i in picked]
            times = [r["seconds"] for r in rows]
            print(
                f"{group:<18}{name:<11}{sum(r['cheap'] for r in rows):>5}/{len(rows):<2}"
                f"{sum(r['all'] for r in rows):>5}/{len(rows):<2}"
                f"{statistics.median(times):>8.2f}s{max(times):>8.2f}s"
            )
    print("grade AUC, harder (hard, expert) against easier (ez, med) groups")
    for name in trees:
        for (stars, half), (value, harder, easier) in aucs(boards, results[name]).items():
            print(
                f"  K={stars} {half:<12}{name:<11}{value:6.3f}  ({harder} harder, {easier} easier)"
            )
    if args.save:
        args.save.write_text(json.dumps({"boards": boards, "results": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

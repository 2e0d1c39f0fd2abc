"""Benchmark of the bitboard exact search for K stars (queens_core.referee.stars_search,
the tests' independent referee) on Star Battle boards, beside a baseline checkout.

For each board it asks the uniqueness question (``find_solutions(board, 2)`` with that
strategy) and prints the nodes visited and the processor time, in this tree and, with
--baseline, in the baseline's (each in its own process, one after the other, board by
board). A search past --nodes nodes counts as undecided ("over").

    .venv/bin/python bench/bench_stars_exact.py --baseline /work/wt/base
    .venv/bin/python bench/bench_stars_exact.py archive/starbattle-sizes/21x21-5stars-0[1-3].txt
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BOARDS = sorted((ROOT / "archive" / "starbattle").glob("*.txt")) + [
    ROOT / "archive" / "starbattle-sizes" / f"{n}x{n}-{k}stars-0{i}.txt"
    for n, k in ((14, 3), (17, 4), (21, 5))
    for i in (1, 2, 3)
]


def measure(path: str, nodes: int) -> dict[str, object]:
    """Nodes, seconds of processor time and answer of one board's uniqueness question."""
    from queens_core.plugins.readers import read_source
    from queens_core.referee import stars_search
    from queens_core.referee.budget import SearchLimitExceeded

    reading = read_source(path)
    board = reading.board.with_stars(reading.stars or 1)
    search = stars_search.StarSearch(board, 2, node_limit=nodes)
    start = time.process_time()
    try:
        answer: object = len(search.run(board.full, 0))
    except SearchLimitExceeded:
        answer = "over"
    return {"nodes": search.nodes, "seconds": time.process_time() - start, "answer": answer}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="*", help="board files (default: see the docstring)")
    parser.add_argument("--baseline", help="a checkout with its own .venv to run beside")
    parser.add_argument("--nodes", type=int, default=2_000_000, help="node budget a board")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    boards = [str(b) for b in args.boards] or [str(b) for b in DEFAULT_BOARDS]
    if args.worker:
        for board in boards:
            print(json.dumps(measure(board, args.nodes)), flush=True)
        return
    pythons = [("now", sys.executable)]
    if args.baseline:
        from baseline import baseline_python

        pythons.insert(0, ("base", baseline_python(args.baseline, "bench_stars_exact")))
    totals = {name: 0.0 for name, _ in pythons}
    header = "".join(f"{name + ' nodes':>14}{name + ' s':>10}" for name, _ in pythons)
    print(f"{'board':<24}{header}")
    for board in boards:
        cells = ""
        for name, python in pythons:
            run = subprocess.run(
                [python, __file__, "--worker", "--nodes", str(args.nodes), board],
                capture_output=True,
                text=True,
                check=True,
            )
            got = json.loads(run.stdout)
            totals[name] += float(got["seconds"])
            answer = "" if got["answer"] == 1 else f" ({got['answer']})"
            cells += f"{got['nodes']:>14}{got['seconds']:>10.2f}{answer}"
        print(f"{Path(board).name:<24}{cells}", flush=True)
    print("total seconds: " + ", ".join(f"{name} {t:.1f}" for name, t in totals.items()))


if __name__ == "__main__":
    main()

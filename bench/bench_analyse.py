"""CPU time of the editor's live analysis (``Application.analyse``, what /api/analyse runs
after each stroke) at 8×8 to 20×20, beside ``Application.check`` of the same maps (what
the page asks of every board it shows, and what a page without the analysis verb would
have had to ask after a stroke).

A designer is imitated: a generated board, then strokes, each giving one to three
cells in a line the letter of a neighbouring region, the map analysed after every
stroke. CPU time of the process (``time.process_time``), so that the load of other
programs on the machine does not count.

    .venv/bin/python bench/bench_analyse.py [STROKES]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

from queens_core.api import Application

ROOT = Path(__file__).resolve().parent.parent

SIZES = (8, 10, 12, 16, 20)
BOARDS = 4


def stroke(rows: list[str], rng: random.Random) -> list[str]:
    """``rows`` with one to three cells in a line repainted with a neighbour's letter."""
    n = len(rows)
    cells = [list(row) for row in rows]
    r, c = rng.randrange(n), rng.randrange(n)
    dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
    if not (0 <= r - dr < n and 0 <= c - dc < n):
        dr, dc = -dr, -dc
    letter = cells[r - dr][c - dc]
    for step in range(rng.randint(1, 3)):
        rr, cc = r + step * dr, c + step * dc
        if 0 <= rr < n and 0 <= cc < n:
            cells[rr][cc] = letter
    return ["".join(row) for row in cells]


def cpu(function) -> tuple[float, object]:
    started = time.process_time()
    result = function()
    return (time.process_time() - started) * 1000, result


def main() -> None:
    strokes = int(sys.argv[1]) if len(sys.argv) > 1 else 25
    app = Application()
    app.analyse(["A"])  # the rules and the grader built before any clock runs
    print(f"{'N':>3} {'maps':>5}  analyse ms: median   p95    max   check ms: median   p95    max")
    for n in SIZES:
        rng = random.Random(n)
        analysed: list[float] = []
        checked: list[float] = []
        statuses: dict[str, int] = {}
        for made in app.generate(n, count=BOARDS, seed=35).boards():
            rows = list(made.board.rows)
            for _ in range(strokes):
                rows = stroke(rows, rng)
                took, analysis = cpu(lambda rows=rows: app.analyse(rows))
                analysed.append(took)
                status = analysis.status  # type: ignore[attr-defined]
                statuses[status] = statuses.get(status, 0) + 1
                if status != "incomplete":
                    checked.append(cpu(lambda rows=rows: app.check(app.board(rows)))[0])

        print(f"{n:>3} {len(analysed):>5}  {figures(analysed)}            {figures(checked)}")
        print("     ", ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))
    # The dearest stroke: one that leaves a unique board needing the expensive rules,
    # graded with every rule (the archive's 10×10 and 11×11 boards, as published).
    analysed, checked = [], []
    for path in sorted((ROOT / "archive" / "boards").glob("*.txt")):
        rows = path.read_text().split()
        if len(rows) >= 10:
            analysed.append(cpu(lambda rows=rows: app.analyse(rows))[0])
            checked.append(cpu(lambda rows=rows: app.check(app.board(rows)))[0])
    print(f"archive 10-11 ({len(analysed)} boards, unique)")
    print(f"         {figures(analysed)}            {figures(checked)}")


def figures(times: list[float]) -> str:
    """Median, 95th percentile and largest, in milliseconds."""
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"{statistics.median(ordered):6.1f} {p95:6.1f} {ordered[-1]:6.1f}"


if __name__ == "__main__":
    main()

"""Figures for ``queens fix`` at N ≤ 11: success, edits, time, how often the fewest is
proven, on these sets: archive boards given one random edit that breaks uniqueness,
generated boards given three random edits, random region maps (drawn as by hand: even
sizes, most with many solutions or none), Star Battle archive boards given one random
edit, and generated boards given three edits fixed to a target (``--grade Hard``,
``--needs placement_forces_contradiction``). Each fix is checked by the exact solver (and the target
by the grader).

    .venv/bin/python bench/bench_fix.py [SECONDS]

Times are processor seconds of the fix (the machine may be shared) and wall seconds.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

from queens_core.api import Application
from queens_core.engine.board import Board
from queens_core.exact import count_solutions
from queens_core.generator.regions import neighbours4, random_board

ROOT = Path(__file__).resolve().parent.parent


def edited(board: Board, rng: random.Random, edits: int) -> Board | None:
    """``board`` with ``edits`` random legal edits, not uniquely solvable; None if the
    tries found none."""
    n = board.n
    for _ in range(200):
        region = list(board.cell_region)
        for _ in range(edits):
            cell = rng.randrange(n * n)
            targets = sorted({region[m] for m in neighbours4(cell, n)} - {region[cell]})
            if targets:
                region[cell] = rng.choice(targets)
        text = "".join(board.letters[k] for k in region)
        made = Board(tuple(text[r * n : (r + 1) * n] for r in range(n)), board.stars)
        if not made.warnings and len(made.letters) == n and count_solutions(made, 2) != 1:
            return made
    return None


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    app = Application()
    rng = random.Random(35)
    sets: dict[str, list[Board]] = {
        "archive + 1 edit": [],
        "generated + 3 edits": [],
        "random maps": [],
        "stars archive + 1": [],
    }
    targets: dict[str, dict[str, object]] = {
        "grade Hard": {"grade": "Hard"},
        "needs pfc": {"needs": ("placement_forces_contradiction",)},
    }
    archive = sorted((ROOT / "archive" / "boards").glob("*.txt"), key=lambda p: int(p.stem))
    for path in rng.sample(archive, 30):
        board = Board.parse(path.read_text())
        if board.n <= 11 and (made := edited(board, rng, 1)) is not None:
            sets["archive + 1 edit"].append(made)
    for n in range(6, 12):
        for made_board in app.generate(n, count=3, seed=n).boards():
            if (made := edited(made_board.board, rng, 3)) is not None:
                sets["generated + 3 edits"].append(made)
        for solvable in (True, False):
            for _ in range(2):
                board = random_board(n, rng, solvable=solvable)
                if not board.warnings and count_solutions(board, 2) != 1:
                    sets["random maps"].append(board)
    for path in sorted((ROOT / "archive" / "starbattle").glob("*.txt")):
        board = app.read(str(path)).board
        if board.n <= 11 and (made := edited(board, rng, 1)) is not None:
            sets["stars archive + 1"].append(made)
    runs = [(name, boards, {}) for name, boards in sets.items()]
    runs += [
        (f"target: {name}", sets["generated + 3 edits"][::3], target)
        for name, target in targets.items()
    ]
    for name, boards, target in runs:
        fixed = proven = 0
        edit_counts, times, cpu = [], [], []
        for board in boards:
            start, started = time.monotonic(), time.process_time()
            answer = app.fix(board, seconds=seconds, **target)  # type: ignore[arg-type]
            times.append(time.monotonic() - start)
            cpu.append(time.process_time() - started)
            if answer.fixed is not None:
                assert count_solutions(answer.fixed, 2) == 1
                fixed += 1
                edit_counts.append(len(answer.edits))
                proven += answer.minimal
        edits = (
            f"{statistics.median(edit_counts):4} max {max(edit_counts):3}"
            if edit_counts
            else "   - max   -"
        )
        print(
            f"{name:26} boards {len(boards):3}  fixed {fixed:3}  proven fewest {proven:3}  "
            f"edits median {edits}  cpu median {statistics.median(cpu):5.2f} s "
            f"max {max(cpu):5.2f} s  wall max {max(times):5.2f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()

"""Figures for ``queens fix`` at N ≤ 11: success, edits, time, how often the fewest is
proven, on three sets: archive boards given one random edit that breaks uniqueness,
generated boards given three random edits, and random region maps (most with many
solutions or none). Each fix is checked by the exact solver.

    .venv/bin/python bench/bench_fix.py [SECONDS]
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
        made = Board(tuple(text[r * n : (r + 1) * n] for r in range(n)))
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
    for name, boards in sets.items():
        fixed = proven = 0
        edit_counts, times = [], []
        for board in boards:
            start = time.monotonic()
            answer = app.fix(board, seconds=seconds)
            times.append(time.monotonic() - start)
            if answer.fixed is not None:
                assert count_solutions(answer.fixed, 2) == 1
                fixed += 1
                edit_counts.append(len(answer.edits))
                proven += answer.minimal
        print(
            f"{name:20} boards {len(boards):3}  fixed {fixed:3}  proven fewest {proven:3}  "
            f"edits median {statistics.median(edit_counts):4} max {max(edit_counts):3}  "
            f"time median {statistics.median(times):5.2f} s max {max(times):5.2f} s"
        )


if __name__ == "__main__":
    main()

"""Search for a board with a unique solution on which the installed rules stall.

This is how tests/fixtures/unique-rules-stall.txt was made (seed 1, 12,901 steps,
about 40 s): start from an archive board that needs placement-forces-contradiction,
and walk: move one border cell to a neighbouring region (keeping every region
4-connected and the solution unique), keep the move when the board got no easier (more
cells left undecided by the cheap tier, more placement-forces-contradiction firings) or
now and then at random, and stop when the rules no longer solve it.

    .venv/bin/python scripts/find_stalling_board.py [--seed 1] [--seconds 600]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from queens_core import Board, Solver, Tier, load_registry
from queens_core.referee.exact import find_solutions

ARCHIVE = Path(__file__).resolve().parent.parent / "archive" / "boards"
STALLED = 10**6


def move_one_cell(board: Board, rng: random.Random) -> Board | None:
    """The board with one random border cell given to a neighbouring region, or None."""
    n = board.n
    rows = [list(row) for row in board.rows]
    for _ in range(200):
        r, c = divmod(rng.randrange(n * n), n)
        neighbours = [
            (r + dr, c + dc)
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < n and 0 <= c + dc < n and rows[r + dr][c + dc] != rows[r][c]
        ]
        if not neighbours:
            continue
        rr, cc = rng.choice(neighbours)
        rows[r][c] = rows[rr][cc]
        moved = Board(tuple("".join(row) for row in rows))
        if not moved.warnings and len(moved.letters) == n:
            return moved
        rows[r][c] = board.rows[r][c]
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=600)
    args = parser.parse_args()

    rules = load_registry().rules
    full = Solver(rules)
    cheap = Solver([rule for rule in rules if rule.tier is Tier.CHEAP])

    def hardness(board: Board) -> int:
        result = full.solve(board)
        if not result.solved:
            return STALLED
        undecided = cheap.solve(board).state.live.bit_count()
        return undecided * 10 + result.counters.get("placement_forces_contradiction", 0) * 50

    rng = random.Random(args.seed)
    boards = [Board.parse(p.read_text()) for p in sorted(ARCHIVE.glob("*.txt"))]
    hard = [b for b in boards if "expensive" in full.solve(b).tiers_used]
    board = rng.choice(hard)
    score = hardness(board)
    start = time.perf_counter()
    steps = 0
    while time.perf_counter() - start < args.seconds:
        moved = move_one_cell(board, rng)
        steps += 1
        if moved is None or len(find_solutions(moved, 2)) != 1:
            continue
        moved_score = hardness(moved)
        if moved_score >= score or rng.random() < 0.05:
            board, score = moved, moved_score
            if score == STALLED:
                print(f"found after {steps} steps:")
                print(board)
                return
    print(f"nothing found in {steps} steps")


if __name__ == "__main__":
    main()

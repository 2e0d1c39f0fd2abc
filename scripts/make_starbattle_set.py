"""Make the Star Battle hard set (archive/starbattle/) and record its golden file.

    .venv/bin/python scripts/make_starbattle_set.py --boards   # write the boards again
    .venv/bin/python scripts/make_starbattle_set.py            # record the golden file

The boards are random Star Battle boards with exactly one solution, made by the
generator's uniqueness search alone (no rule is asked to solve them), from fixed seeds:
so the set holds boards the cheap tier solves, boards that need the trial star and
boards that stall every rule. Each file is in the text format with its ``stars: K``
line. tests/golden/starbattle-hard.json keeps, for each board, its solution and whether
the cheap tier and all the rules solve it;
queens_rules_starbattle/tests/test_starbattle_hard_set.py compares a fresh run with it.
Record it again only for a change meant to change what the rules do, and say so in the
commit.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from queens_core import Board, Solver, Tier, load_registry
from queens_core.plugins.readers import read_source
from queens_core.referee.exact import find_solutions
from queens_core.render.text import board_file_text
from queens_rules_starbattle.generate import generate_starbattle

ROOT = Path(__file__).resolve().parent.parent
SET = ROOT / "archive" / "starbattle"
GOLDEN = ROOT / "tests" / "golden" / "starbattle-hard.json"

#: (size, stars, how many): the sizes of the published sets the rules are measured on.
SHAPES = ((9, 2, 10), (10, 2, 10), (11, 2, 10), (14, 3, 6), (17, 4, 3))


def board_paths() -> list[Path]:
    return sorted(SET.glob("*.txt"))


def load(path: Path) -> Board:
    reading = read_source(str(path))
    assert reading.stars is not None, f"{path} has no stars: line"
    return reading.board.with_stars(reading.stars)


def outcome(board: Board, cheap: Solver, every: Solver) -> dict[str, object]:
    (solution,) = find_solutions(board, 2)
    result = {
        "solution": [list(divmod(c, board.n)) for c in range(board.n**2) if solution >> c & 1]
    }
    for name, solver in (("cheap", cheap), ("all", every)):
        solved = solver.solve(board)
        assert not solved.state.queens & ~solution, f"a wrong star on {board}"
        result[name] = "solved" if solved.solved else "stalled"
    return result


def write_boards() -> None:
    SET.mkdir(parents=True, exist_ok=True)
    for size, stars, count in SHAPES:
        for seed in range(count):
            board = generate_starbattle(size, stars, seed=seed)
            path = SET / f"{size}x{size}-{stars}stars-{seed + 1:02d}.txt"
            path.write_text(board_file_text(board) + "\n", encoding="utf-8")
            print(path.relative_to(ROOT), flush=True)


def record() -> None:
    rules = load_registry().rules
    cheap = Solver([r for r in rules if r.tier is Tier.CHEAP])
    every = Solver(rules)
    lines = ["{"]
    paths = board_paths()
    for i, path in enumerate(paths):
        row = json.dumps(outcome(load(path), cheap, every))
        lines.append(f'  "{path.name}": {row}{"," if i < len(paths) - 1 else ""}')
        print(path.name, row[-40:], flush=True)
    lines.append("}")
    GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", action="store_true", help="write the boards again")
    args = parser.parse_args()
    if args.boards:
        write_boards()
    else:
        record()
    return 0


if __name__ == "__main__":
    sys.exit(main())

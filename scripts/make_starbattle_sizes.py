"""Make the every-size Star Battle set (archive/starbattle-sizes/): unique boards at each
published shape, 10×10 2★ to 25×25 6★.

    .venv/bin/python scripts/make_starbattle_sizes.py [--count 10]

The boards come from the generator's uniqueness search alone (no rule is asked to solve
them), from fixed seeds, so the set holds boards the cheap tier solves and boards that
stall it: what bench/bench_starbattle.py --set archive/starbattle-sizes measures. Each
file is in the text format with its ``stars: K`` line.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from queens_core.maker_stars import generate_starbattle
from queens_core.render.text import board_file_text

ROOT = Path(__file__).resolve().parent.parent
SET = ROOT / "archive" / "starbattle-sizes"

#: The shapes puzzle publishers print, smallest to largest.
SHAPES = ((10, 2), (14, 3), (17, 4), (21, 5), (25, 6))
#: Seeds start here, away from the hard set's 0 .. 9.
FIRST_SEED = 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10, help="boards a shape")
    args = parser.parse_args()
    SET.mkdir(parents=True, exist_ok=True)
    for size, stars in SHAPES:
        started = time.process_time()
        for number in range(args.count):
            board = generate_starbattle(size, stars, seed=FIRST_SEED + number)
            path = SET / f"{size}x{size}-{stars}stars-{number + 1:02d}.txt"
            path.write_text(board_file_text(board) + "\n", encoding="utf-8")
        spent = time.process_time() - started
        print(f"{size}x{size} {stars} stars: {args.count} unique boards in {spent:.1f} CPU-s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

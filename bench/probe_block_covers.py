"""Would exact 2×2-block covers open the Star Battle boards the cheap tier stalls on?

    .venv/bin/python bench/probe_block_covers.py /tmp/starlogic-public/17-4-unsorted.txt \\
        --sample 13

Composite regions bounds the stars a set of live cells can hold by a cover of them with
2×2 blocks cut along bands of two lines (fast; exact for cells within two adjacent lines,
a block or two too many on some ragged shapes). This probe asks whether the smallest
covers would do better: it solves each board with the cheap tier, then, on the state the
tier stalls at, runs composite regions once more with every part's room counted by the
smallest cover there is (and the blocks a conclusion fills taken from that cover). It
prints, per board, the live cells before and after that call, how many of the rooms asked
were smaller than the band cover's, and the call's processor time.

The smallest cover is found row by row: the state is the part of a row that the blocks
anchored one row up already cover; the blocks anchored on the row cover what is left and
carry their columns into the next row (the last row anchors nothing: its cells join the
needs of the row above). Keeping only the cheapest way to each state is exact, since the
rows below depend on nothing else. ``--check`` first compares it with an exhaustive search
on random small sets.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import random
import sys
import time
from pathlib import Path

from bench_star_sets import _spread

from queens_core import Tier, load_registry
from queens_core.engine.context import Scratch
from queens_core.engine.driver import Solver
from queens_core.engine.state import State
from queens_rules_starbattle import composite
from queens_rules_starbattle.sbn import parse_sbn


@functools.lru_cache(maxsize=1 << 14)
def _row_covers(n: int, need: int) -> tuple[tuple[int, int, int], ...]:
    """(columns covered, blocks, anchor columns) for each way to cover ``need``'s bits by
    blocks anchored on one row, the fewest blocks kept per set of columns covered. The
    lowest uncovered bit is the left or the right column of some block; a block that
    covers no needed bit of its row does no better than the same block a row lower."""
    if not need:
        return ((0, 0, 0),)
    low = (need & -need).bit_length() - 1
    best: dict[int, tuple[int, int]] = {}
    for start in (low - 1, low):
        if 0 <= start <= n - 2:
            pair = 3 << start
            for covered, count, anchors in _row_covers(n, need & ~pair):
                key = covered | pair
                if key not in best or best[key][0] > count + 1:
                    best[key] = (count + 1, anchors | 1 << start)
    return tuple((covered, count, anchors) for covered, (count, anchors) in best.items())


def smallest_cover(n: int, cells: int, limit: int | None = None) -> list[int] | None:
    """The blocks (masks) of a smallest cover of ``cells`` by 2×2 blocks of the grid; with
    ``limit``, None when every cover takes at least that many (the search drops any way
    that reaches it, which keeps the states few on a large set)."""
    if not cells:
        return []
    if limit is None:
        limit = cells.bit_count() + 1  # one block a cell always covers them
    full = (1 << n) - 1
    rows = [cells >> (r * n) & full for r in range(n)]
    layers: list[dict[int, tuple[int, int, int]]] = []
    states: dict[int, tuple[int, int, int]] = {0: (0, 0, 0)}
    for r in range(n - 1):
        last = rows[n - 1] if r == n - 2 else 0
        grown: dict[int, tuple[int, int, int]] = {}
        for carried, (cost, _, _) in states.items():
            for covered, count, anchors in _row_covers(n, rows[r] & ~carried | last):
                total = cost + count
                if total < limit and (covered not in grown or grown[covered][0] > total):
                    grown[covered] = (total, carried, anchors)
        if not grown:
            return None
        layers.append(grown)
        states = grown
    carried = min(states, key=lambda key: states[key][0])
    blocks = []
    for r in range(n - 2, -1, -1):
        _, carried_before, anchors = layers[r][carried]
        blocks.extend((3 | 3 << n) << (r * n + c) for c in range(n - 1) if anchors >> c & 1)
        carried = carried_before
    return blocks


def exhaustive_fewest(n: int, cells: int) -> int:
    """The fewest blocks covering ``cells``, by trying every set of blocks in size order."""
    block = 3 | 3 << n
    every = [block << (r * n + c) for r in range(n - 1) for c in range(n - 1)]
    useful = [b for b in every if b & cells]
    for size in range(len(useful) + 1):
        for chosen in itertools.combinations(useful, size):
            if cells & ~functools.reduce(int.__or__, chosen, 0) == 0:
                return size
    raise AssertionError("every cell lies in some block")


def check(trials: int) -> None:
    rng = random.Random(1)
    for _ in range(trials):
        n = rng.choice((3, 4, 5))
        cells = sum(1 << j for j in range(n * n) if rng.random() < rng.random() * 0.6)
        cover = smallest_cover(n, cells)
        assert cover is not None
        union = functools.reduce(int.__or__, cover, 0)
        assert union & cells == cells and len(cover) == exhaustive_fewest(n, cells), (n, cells)
    print(f"smallest covers checked on {trials} random sets")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="SBN strings, one a line")
    parser.add_argument("--sample", type=int, default=13, help="boards spread over the file")
    parser.add_argument("--check", type=int, default=0, metavar="N", help="random sets")
    args = parser.parse_args()
    if args.check:
        check(args.check)
    lines = list(dict.fromkeys(line.strip() for line in args.file.read_text().splitlines()))
    lines = [line for line in lines if line]
    picked = _spread(lines, args.sample)  # the boards bench_star_sets.py takes
    cheap = [rule for rule in load_registry().rules if rule.tier == Tier.CHEAP]
    solver = Solver(cheap, time_budget=600)
    band_room, band_cover = composite.room, composite.cover
    asked = [0, 0]

    def exact_room(n: int, cells: int, across: int) -> int:
        band = band_room(n, cells, across)
        asked[0] += 1
        if band <= (cells.bit_count() + 3) // 4:
            return band  # four cells a block: no cover is smaller
        smaller = smallest_cover(n, cells, band)
        if smaller is None:
            return band
        asked[1] += 1
        return len(smaller)

    def exact_cover(n: int, cells: int) -> list[int]:
        blocks = smallest_cover(n, cells)
        assert blocks is not None
        return blocks

    for number, text in enumerate(picked):
        board, stars = parse_sbn(text)
        stalled = solver.for_stars(stars).solve(board)
        if stalled.solved:
            print(f"board {number}: solved by the cheap tier")
            continue
        ctx = Scratch(board, State(stalled.state.live, stalled.state.queens))
        asked[:] = [0, 0]
        started = time.process_time()
        composite.room, composite.cover = exact_room, exact_cover
        try:
            changed = composite.composite_regions(ctx)
        finally:
            composite.room, composite.cover = band_room, band_cover
        print(
            f"board {number}: live {stalled.state.live.bit_count()} -> "
            f"{ctx.state.live.bit_count()} ({'changed' if changed else 'nothing'}); "
            f"{asked[1]} of {asked[0]} rooms smaller than the band cover's; "
            f"{time.process_time() - started:.1f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

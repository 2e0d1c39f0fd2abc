"""Do small weighted sums of units, against a weighted 2×2-block multi-cover, decide cells
on the Star Battle boards the cheap tier stalls on?

    .venv/bin/python bench/probe_weighted_covers.py /tmp/starlogic-public/17-4-unsorted.txt \\
        --sample 13

A sum of units with whole weights (a region twice, a band of lines once) must hold
K × (sum of the weights) stars, each star counted by the weights of the units it lies in.
Blocks of 2×2 hold one star at most, so a multiset of blocks that covers every live cell
as many times as its weight bounds that count from above. When the bound equals what the
sum must hold, every live cell the blocks cover more often than its weight is empty (it
would push the count past the bound). This probe tries, on the state where the cheap tier
stalls, each region counted twice with each row or column band of one or two lines that
crosses it counted once, and each pair of touching regions counted twice and once; the
multi-cover is the smallest one, found row by row (the state is how often each column of
the row is already covered by blocks anchored one row up). It prints, per board, the sums
tried, how many are tight (the smallest multi-cover holds no more than the sum needs), the
live cells they empty (a cover as small that covers the cell once more than its weight),
and the processor time.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from bench_star_sets import _spread

from queens_core import Tier, load_registry
from queens_core.engine.board import Board
from queens_core.engine.driver import Solver, SolveResult
from queens_rules_starbattle.sbn import parse_sbn


def _row_choices(need: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """Per way to meet ``need`` (how often each column of one row must still be covered)
    with blocks anchored on that row: how often each column is then covered (carried to
    the row below), with the fewest blocks. A block anchored at column c covers c and
    c + 1; more blocks at c than columns c and c + 1 still need would do no better a row
    lower, so the counts tried stay within those needs."""
    n = len(need)
    ways: dict[tuple[int, tuple[int, ...]], int] = {(0, ()): 0}
    for c in range(n - 1):
        grown: dict[tuple[int, tuple[int, ...]], int] = {}
        for (before, anchors), cost in ways.items():
            low = max(0, need[c] - before)
            for count in range(low, max(low, need[c + 1]) + 1):
                key = (count, (*anchors, count))
                if key not in grown or grown[key] > cost + count:
                    grown[key] = cost + count
        ways = grown
    out: dict[tuple[int, ...], int] = {}
    for (last, anchors), cost in ways.items():
        if last < need[n - 1]:
            continue
        carried = tuple(
            (anchors[c - 1] if c else 0) + (anchors[c] if c < n - 1 else 0) for c in range(n)
        )
        if carried not in out or out[carried] > cost:
            out[carried] = cost
    return out


def smallest_multicover(weights: list[list[int]], limit: int) -> int | None:
    """The fewest 2×2 blocks covering each cell (r, c) at least ``weights[r][c]`` times,
    or None when every such multi-cover takes more than ``limit`` blocks."""
    n = len(weights)
    states: dict[tuple[int, ...], int] = {(0,) * n: 0}
    for r in range(n - 1):
        grown: dict[tuple[int, ...], int] = {}
        for carried, cost in states.items():
            need = tuple(
                max(weights[r][c] - carried[c], weights[r + 1][c] if r == n - 2 else 0)
                for c in range(n)
            )
            for covered, count in _row_choices(need).items():
                total = cost + count
                if total <= limit and grown.get(covered, limit + 1) > total:
                    grown[covered] = total
        if not grown:
            return None
        states = grown
    return min(states.values())


def over_covered(n: int, grid: list[list[int]], need: int, live: int) -> set[int]:
    """The live cells near a tight sum that a cover of ``need`` blocks can cover once more
    than their weight: a star there would push the count past the bound, so they are empty.
    ``grid`` is restored before returning."""
    out = set()
    for cell in range(n * n):
        r, c = divmod(cell, n)
        if not live >> cell & 1:
            continue
        near = any(
            grid[r + dr][c + dc]
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if 0 <= r + dr < n and 0 <= c + dc < n
        )
        if not near:
            continue
        grid[r][c] += 1
        if smallest_multicover(grid, need) is not None:
            out.add(cell)
        grid[r][c] -= 1
    return out


def cheap_solver() -> Solver:
    """The installed cheap-tier rules, with time to spare on the largest boards."""
    return Solver([r for r in load_registry().rules if r.tier == Tier.CHEAP], time_budget=600)


def stalled_states(
    file: Path, sample: int, boards: list[int] | None
) -> Iterator[tuple[int, Board, int, SolveResult]]:
    """``sample`` boards spread over ``file`` (SBN strings, one a line; only the numbers
    in ``boards`` if given), each with the cheap tier's solve of it where that stalls;
    a board the cheap tier solves is said so and skipped."""
    lines = list(dict.fromkeys(line.strip() for line in file.read_text().splitlines()))
    picked = _spread([line for line in lines if line], sample)
    solver = cheap_solver()
    for number, text in enumerate(picked):
        if boards and number not in boards:
            continue
        board, stars = parse_sbn(text)
        stalled = solver.for_stars(stars).solve(board)
        if stalled.solved:
            print(f"board {number}: solved by the cheap tier", flush=True)
            continue
        yield number, board, stars, stalled


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="SBN strings, one a line")
    parser.add_argument("--sample", type=int, default=13, help="boards spread over the file")
    parser.add_argument("--boards", type=int, nargs="*", help="only these of the sample")
    args = parser.parse_args()
    for number, board, stars, stalled in stalled_states(args.file, args.sample, args.boards):
        started = time.process_time()
        n, live, queens = board.n, stalled.state.live, stalled.state.queens
        rows = [((1 << n) - 1) << (r * n) for r in range(n)]
        cols = [sum(1 << (r * n + c) for r in range(n)) for c in range(n)]
        bands = [
            ("rows", i, rows[i] | (rows[i + 1] if span == 2 else 0), span)
            for span in (1, 2)
            for i in range(n - span + 1)
        ]
        bands += [
            ("cols", i, cols[i] | (cols[i + 1] if span == 2 else 0), span)
            for span in (1, 2)
            for i in range(n - span + 1)
        ]
        regions = list(board.region_masks)
        sums: list[list[tuple[int, int, int]]] = []  # (mask, weight, lines)
        for k, region in enumerate(regions):
            for _, _, band, span in bands:
                if band & region & live and band & ~region & live:
                    sums.append([(region, 2, 1), (band, 1, span)])
            for j, other in enumerate(regions):
                if (
                    j != k
                    and other & live
                    and region & (other << 1 | other >> 1 | other << n | other >> n)
                ):
                    sums.append([(region, 2, 1), (other, 1, 1)])
        tight = 0
        emptied: set[int] = set()
        for parts in sums:
            weight_of = [0] * (n * n)
            need = 0
            for mask, weight, span in parts:
                need += weight * stars * span
                for cell in range(n * n):
                    if mask >> cell & 1:
                        weight_of[cell] += weight
            need -= sum(weight_of[c] for c in range(n * n) if queens >> c & 1)
            grid = [
                [weight_of[r * n + c] if live >> (r * n + c) & 1 else 0 for c in range(n)]
                for r in range(n)
            ]
            size = smallest_multicover(grid, need)
            if size is not None and size <= need:
                tight += 1
                emptied |= over_covered(n, grid, need, live)
        print(
            f"board {number}: live {live.bit_count()}; {len(sums)} sums tried, {tight} tight, "
            f"{len(emptied)} live cells emptied by them"
            f"; {time.process_time() - started:.1f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

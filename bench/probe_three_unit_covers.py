"""Do weighted sums of three units, filtered by the band room of each weight layer before
the exact 2×2-block multi-cover, decide cells on the Star Battle boards the cheap tier
stalls on, and do they reopen those boards?

    PYTHONPATH=bench .venv/bin/python bench/probe_three_unit_covers.py \\
        /tmp/starlogic-public/17-4-unsorted.txt --sample 13

The sums of one region twice and one band or one touching region once are almost never
tight on these states (bench/probe_weighted_covers.py), so this probe tries three units:

- ``2R+B+T``: a region twice, a band of one or two lines crossing it, a region touching it;
- ``2R+T+U``: a region twice and two regions touching it;
- ``R+T+B``: two touching regions and a band crossing both, each once.

A sum with whole weights must hold K × (its weights, each band's counted once per line)
stars, each star counted by the weights of the units it lies in; the placed stars' share
is taken off. Blocks of 2×2 hold one star at most, so any multiset of blocks covering each
live cell as often as its weight bounds the count from above. The cheap filter first: the
cells of weight at least k, for each k, covered by composite regions' band cover (four
greedy covers by bands of two lines, the smallest kept); the sum of those rooms is such a
multiset, so it is never below the smallest multi-cover, and the smallest multi-cover is
never below what the sum must hold (the solution's stars are in it). Only when the layered
room is within ``--slack`` of the need is the exact multi-cover run. When the smallest
multi-cover equals the need, a live cell near the sum that a cover as small can cover once
more than its weight is empty: a star there would push the count past the bound.

Per board it prints the sums tried, how many pass the filter, how many are tight, the live
cells emptied (each checked against the exact solution), whether the cheap tier, given
those crosses, then solves the board, and the processor time of the probe's parts.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from probe_weighted_covers import (
    cheap_solver,
    over_covered,
    smallest_multicover,
    stalled_states,
)

from queens_core.engine.state import State
from queens_core.referee.exact import solve_exact
from queens_rules_starbattle.composite import room, transpose

Part = tuple[int, int, int]  # (cells, weight, lines the unit spans)


def touching(n: int, mask: int) -> int:
    """The cells sharing a side with a cell of ``mask`` (the mask's own cells included)."""
    left_edge = sum(1 << (r * n) for r in range(n))
    right_edge = left_edge << (n - 1)
    full = (1 << (n * n)) - 1
    return (
        mask | (mask & ~right_edge) << 1 | (mask & ~left_edge) >> 1 | (mask << n & full) | mask >> n
    )


def sums_of_three(n: int, regions: list[int], live: int) -> list[tuple[str, list[Part]]]:
    """The three families of the module's docstring, each sum with its family's name."""
    rows = [((1 << n) - 1) << (r * n) for r in range(n)]
    cols = [sum(1 << (r * n + c) for r in range(n)) for c in range(n)]
    bands: list[tuple[int, int]] = []
    for lines in (rows, cols):
        bands += [(lines[i], 1) for i in range(n)]
        bands += [(lines[i] | lines[i + 1], 2) for i in range(n - 1)]
    alive = [k for k, region in enumerate(regions) if region & live]
    near = {k: [j for j in alive if j != k and regions[j] & touching(n, regions[k])] for k in alive}
    out: list[tuple[str, list[Part]]] = []
    for k in alive:
        region = regions[k]
        crossing = [(b, s) for b, s in bands if b & region & live and b & ~region & live]
        for j in near[k]:
            for band, span in crossing:
                out.append(("2R+B+T", [(region, 2, 1), (band, 1, span), (regions[j], 1, 1)]))
                if j > k and band & regions[j] & live:
                    out.append(("R+T+B", [(region, 1, 1), (regions[j], 1, 1), (band, 1, span)]))
        for a, j in enumerate(near[k]):
            for i in near[k][a + 1 :]:
                out.append(("2R+T+U", [(region, 2, 1), (regions[j], 1, 1), (regions[i], 1, 1)]))
    return out


def weighted(n: int, parts: list[Part], live: int, queens: int, stars: int):
    """The weight grid of the live cells and the weighted stars they must still hold."""
    weight_of = [0] * (n * n)
    need = 0
    for mask, weight, span in parts:
        need += weight * stars * span
        cells = mask
        while cells:
            low = cells & -cells
            weight_of[low.bit_length() - 1] += weight
            cells ^= low
    need -= sum(weight_of[c] for c in range(n * n) if queens >> c & 1)
    grid = [
        [weight_of[r * n + c] if live >> (r * n + c) & 1 else 0 for c in range(n)] for r in range(n)
    ]
    return grid, need


def layered_room(n: int, grid: list[list[int]]) -> int:
    """The band room of the cells of weight at least k, summed over k: a multi-cover."""
    total = 0
    top = max(max(row) for row in grid)
    for k in range(1, top + 1):
        layer = sum(1 << (r * n + c) for r in range(n) for c in range(n) if grid[r][c] >= k)
        total += room(n, layer, transpose(n, layer))
    return total


def ring(n: int, cell: int) -> list[tuple[int, int]]:
    """The cell and its up to eight neighbours, as (row, column)."""
    r, c = divmod(cell, n)
    return [
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if 0 <= r + dr < n and 0 <= c + dc < n
    ]


def excluded_by(n: int, grid: list[list[int]], need: int, live: int) -> set[int]:
    """The live cells on or beside the sum where a star leaves more weighted stars to place
    than a multi-cover of what stays live can hold: the star takes its own weight off the
    need and kills its eight neighbours, and if the cells left then fit in fewer blocks
    than the stars they must still hold, no solution has that star."""
    out = set()
    for cell in range(n * n):
        if not live >> cell & 1:
            continue
        around = ring(n, cell)
        if not any(grid[r][c] for r, c in around):
            continue
        r0, c0 = divmod(cell, n)
        own = grid[r0][c0]
        saved = [grid[r][c] for r, c in around]
        for r, c in around:
            grid[r][c] = 0
        if own < need and smallest_multicover(grid, need - own - 1) is not None:
            out.add(cell)
        for (r, c), weight in zip(around, saved, strict=True):
            grid[r][c] = weight
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="SBN strings, one a line")
    parser.add_argument("--sample", type=int, default=13, help="boards spread over the file")
    parser.add_argument("--boards", type=int, nargs="*", help="only these of the sample")
    parser.add_argument("--slack", type=int, default=1, help="layered room above the need")
    parser.add_argument(
        "--exclusion",
        type=int,
        default=-1,
        help="also try a star on each cell near the sums whose smallest multi-cover is at "
        "most this far above the need (-1: never)",
    )
    args = parser.parse_args()
    solver = cheap_solver()
    for number, board, stars, stalled in stalled_states(args.file, args.sample, args.boards):
        n, live, queens = board.n, stalled.state.live, stalled.state.queens
        started = time.process_time()
        sums = sums_of_three(n, list(board.region_masks), live)
        passed: dict[str, int] = {}
        tight: dict[str, int] = {}
        near: dict[str, int] = {}
        emptied: dict[int, str] = {}
        filter_time = exact_time = 0.0
        for family, parts in sums:
            grid, need = weighted(n, parts, live, queens, stars)
            mark = time.process_time()
            bound = layered_room(n, grid)
            filter_time += time.process_time() - mark
            if bound - need > args.slack:
                continue
            passed[family] = passed.get(family, 0) + 1
            mark = time.process_time()
            size = smallest_multicover(grid, need + max(0, args.exclusion))
            if size is not None and size <= need:
                tight[family] = tight.get(family, 0) + 1
                for cell in over_covered(n, grid, need, live):
                    emptied.setdefault(cell, family)
            if size is not None and size - need <= args.exclusion:
                near[family] = near.get(family, 0) + 1
                for cell in excluded_by(n, grid, need, live):
                    emptied.setdefault(cell, family + " star")
            exact_time += time.process_time() - mark
        solution = solve_exact(board) or []
        wrong = [cell for cell in emptied if divmod(cell, n) in set(solution)]
        after = ""
        if emptied:
            crossed = 0
            for cell in emptied:
                crossed |= 1 << cell
            again = solver.for_stars(stars).solve(board, State(live & ~crossed, queens))
            after = (
                "; the cheap tier then solves it"
                if again.solved
                else f"; the cheap tier then stalls at {again.state.live.bit_count()} live"
            )
        print(
            f"board {number}: live {live.bit_count()}; {len(sums)} sums, "
            f"passed {sum(passed.values())} {passed}, tight {sum(tight.values())} {tight}, "
            f"within {args.exclusion} {sum(near.values())} {near}; "
            f"emptied {len(emptied)} {sorted(set(emptied.values()))}, {len(wrong)} wrong{after}"
            f"; filter {filter_time:.1f} s, exact {exact_time:.1f} s, "
            f"all {time.process_time() - started:.1f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

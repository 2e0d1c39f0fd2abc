"""Blind exact searches: the yardsticks ``bench_archive.py`` measures the rules against.

Both guess and backtrack on bitmasks (a live-cell mask and the precomputed kill masks)
and explain nothing. Neither uses the matching filter of :mod:`queens_core.referee.queens_search`.

- :func:`blind_rows` is plain backtracking over the rows in order: a queen on each live
  cell of the row, then on to the next row; a branch ends when some row still to come or
  some region still without a queen has no live cell left.
- :func:`blind_units` is the stronger unguided search: it first places every forced
  queen (a unit with one live cell), then branches on the unit with the fewest live cells.
"""

from __future__ import annotations

from queens_core import Board


def blind_rows(board: Board, cap: int = 2) -> int:
    """How many solutions ``board`` has (at most ``cap``), by backtracking over rows."""
    n = board.n
    kill_masks = board.kill_masks
    row_masks = board.row_masks
    region_masks = board.region_masks
    cell_region = board.cell_region
    found = 0

    def search(row: int, live: int, open_regions: int) -> None:
        nonlocal found
        if row == n:
            found += 1
            return
        cells = live & row_masks[row]
        while cells:
            low = cells & -cells
            cells ^= low
            cell = low.bit_length() - 1
            after = live & ~(kill_masks[cell] | low)
            still_open = open_regions & ~(1 << cell_region[cell])
            if any(not after & row_masks[r] for r in range(row + 1, n)):
                continue
            rest = still_open
            while rest:
                region = rest & -rest
                rest ^= region
                if not after & region_masks[region.bit_length() - 1]:
                    break
            else:
                search(row + 1, after, still_open)
                if found >= cap:
                    return

    search(0, board.full, (1 << n) - 1)
    return found


def blind_units(board: Board, cap: int = 2) -> int:
    """How many solutions ``board`` has (at most ``cap``): forced queens first, then a
    branch on the unit (row, column or region) with the fewest live cells."""
    kill_masks = board.kill_masks
    units = tuple(mask for _, _, mask in board.units)
    found = 0

    def search(live: int, queens: int) -> None:
        nonlocal found
        forced = True
        while forced:
            forced = False
            for mask in units:
                if not mask & queens:
                    cells = live & mask
                    if not cells:
                        return
                    if not cells & (cells - 1):
                        queens |= cells
                        live &= ~(kill_masks[cells.bit_length() - 1] | cells)
                        forced = True
        best = 0
        fewest = 1 << 30
        for mask in units:
            if not mask & queens:
                count = (live & mask).bit_count()
                if count < fewest:
                    best, fewest = live & mask, count
        if not best:
            found += 1
            return
        while best:
            low = best & -best
            best ^= low
            search(live & ~(kill_masks[low.bit_length() - 1] | low), queens | low)
            if found >= cap:
                return
            live &= ~low

    search(board.full, 0)
    return found

"""Every placement of N queens on an N×N grid, for exact answers on small maps by set
operations instead of a search.

A placement is one queen a row and a column, no two touching (for one queen a row: the
columns of neighbouring rows differ by at least 2). Whatever the regions, a map's
solutions are the placements that put one queen in each region; with N queens and N
regions that is the placements that put no two queens in one region. There are few
placements on small grids (5,242 at 8×8, 47,622 at 9×9), so the table numbers them and
gives each cell the set of placements that use it, a Python int with one bit a
placement. The placements with two queens in a region are then found with two mask
operations a row the region meets, and a map's solutions are every placement but those:
an exact answer that searches nothing, for a map changed cell by cell (the generator) at
a microsecond or two a region changed at 8×8, where a search of the map costs some
fifty to a hundred.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

#: The largest size a table is built for: at 10×10 there are 479,306 placements, and a
#: set operation on masks that long costs more than a search of the map.
LARGEST_TABLE = 9


class Placements:
    """The placements of one size: each one's queens, and each cell's placements."""

    __slots__ = ("_row_parts", "cell_masks", "count", "every", "index_of", "n", "queens")

    def __init__(self, n: int):
        self.n = n
        #: The queen mask of every placement, in the order of their numbers (the order
        #: of their columns, read as a word from the first row down).
        self.queens: list[int] = []
        runs: list[list[tuple[int, int]]] = [[] for _ in range(n * n)]
        self._enumerate(runs)
        self.count = len(self.queens)
        #: The mask of every placement.
        self.every = (1 << self.count) - 1
        #: For each cell, the mask of the placements with a queen on it.
        self.cell_masks = tuple(_mask_of_runs(cell_runs, self.count) for cell_runs in runs)
        self.index_of = {queens: index for index, queens in enumerate(self.queens)}
        #: The placements of each part of a row (``row << n | columns``), made when first
        #: asked for (at most 2^N a row: 27 MB at 9×9 once every part has been asked for).
        self._row_parts: list[int | None] = [None] * (n << n)

    def _enumerate(self, runs: list[list[tuple[int, int]]]) -> None:
        """Number the placements depth-first, in the order of their columns read from the
        first row down. The placements below one choice of a cell are numbered
        consecutively, so each choice adds one run of numbers to its cell's placements."""
        n = self.n
        queens = self.queens

        def descend(row: int, placed: int, free: int, allowed: int) -> None:
            if row == n:
                queens.append(placed)
                return
            options = free & allowed
            while options:
                low = options & -options
                options ^= low
                cell = row * n + low.bit_length() - 1
                start = len(queens)
                beside = low | (low << 1) | (low >> 1)
                descend(row + 1, placed | (1 << cell), free & ~low, ~beside)
                if len(queens) > start:
                    runs[cell].append((start, len(queens)))

        every_column = (1 << n) - 1
        descend(0, 0, every_column, every_column)

    def solutions(self, regions: Iterable[int]) -> int:
        """The placements that solve the map whose regions (cell masks, N of them,
        covering the grid) are ``regions``: those with no two queens in one region."""
        clashing = 0
        for region in regions:
            clashing |= self.clashes(region)
        return self.every & ~clashing

    def clashes(self, region: int) -> int:
        """The placements with two or more queens in ``region`` (a cell mask).

        A placement has one queen a row, so it has two in the region when it has one in
        two of the region's rows: one pass over the rows the region meets, with the
        placements of each row's part (each part's made once, then kept). Each operation
        on these masks (thousands of bits long) makes a new one, so none is made for
        nothing: the first row's placements are taken as they are, the second row's
        clashes are the first clashes, and the last row's placements are not added to
        those met (no row comes after it)."""
        n = self.n
        whole_row = (1 << n) - 1
        of_parts = self._row_parts
        met: int | None = None  # the placements with a queen in the rows passed
        two: int | None = None  # those with two (None: no second row yet)
        # No cell at all (the fixer's maps may lose a region) or one row: no clash.
        while region:
            low = region & -region
            row = (low.bit_length() - 1) // n
            shift = row * n
            part = (region >> shift) & whole_row
            region ^= part << shift
            key = (row << n) | part
            placements = of_parts[key]
            if placements is None:
                placements = of_parts[key] = self._placements_of_part(row, part)
            if met is None:
                met = placements
                continue
            clash = met & placements
            two = clash if two is None else two | clash
            if region:
                met |= placements
        return 0 if two is None else two

    def reach(self, region: int) -> int:
        """The placements with a queen in ``region`` (a cell mask): those of the parts of
        each row it meets, joined. A map's solutions are the placements every one of its
        regions reaches (N queens in N regions, none empty: one in each), which takes one
        mask operation a row a region meets fewer than its clashes (three fewer from the
        third row on)."""
        if not region:
            return 0
        n = self.n
        of_parts = self._row_parts
        # From the first row it meets, a row at a time: the region shifted down a row,
        # and the key of its part (``row << n | columns``) a row on.
        row = ((region & -region).bit_length() - 1) // n
        region >>= row * n
        step = 1 << n
        whole_row = step - 1
        key = row << n
        part = region & whole_row
        # The first row's placements are taken as they are (``0 | x`` copies ``x``).
        found = of_parts[key | part]
        if found is None:
            found = of_parts[key | part] = self._placements_of_part(row, part)
        region >>= n
        while region:
            key += step
            part = region & whole_row
            if part:
                placements = of_parts[key | part]
                if placements is None:
                    placements = of_parts[key | part] = self._placements_of_part(key >> n, part)
                found |= placements
            region >>= n
        return found

    def _placements_of_part(self, row: int, part: int) -> int:
        """The placements with a queen on one of the columns ``part`` (a mask, not empty)
        of ``row``: those of the part without its highest column (kept too, made the
        same way when first asked for), and those of that column's cell. One operation
        on the long masks a part, instead of one a column."""
        n = self.n
        top = part.bit_length() - 1
        cell = self.cell_masks[row * n + top]
        rest = part ^ (1 << top)
        if not rest:
            return cell
        key = (row << n) | rest
        found = self._row_parts[key]
        if found is None:
            found = self._row_parts[key] = self._placements_of_part(row, rest)
        return found | cell


def _mask_of_runs(runs: list[tuple[int, int]], length: int) -> int:
    """The mask with the bits of the runs ``[start, end)`` set, written as a string of
    digits first (a shift a run would cost a copy of the whole mask)."""
    digits = bytearray(b"0" * length)
    for start, end in runs:
        digits[start:end] = b"1" * (end - start)
    digits.reverse()  # bit 0 is the last digit
    return int(digits, 2) if length else 0


@cache
def placements(n: int) -> Placements:
    """The table of size ``n``, built once a process (about 0.02 s at 8×8, 0.2 s at 9×9)."""
    if not 1 <= n <= LARGEST_TABLE:
        raise ValueError(f"no placement table for {n}×{n}: sizes 1 to {LARGEST_TABLE}")
    return Placements(n)

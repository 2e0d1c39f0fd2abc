"""The bitboard strategy for any K: K stars in every row, column and region, none touching.

The Star Battle counterpart of :mod:`queens_core.referee.queens_search` (which is tuned for K = 1),
used for K > 1 when the SAT strategy (:mod:`queens_core.referee.sat`) is not installed,
and by the tests that hold the strategies against each other.

Glossary
--------
star
    A cell known to hold a star (a queen when K = 1).
need
    What a unit still lacks: K minus its stars.
room
    The most stars a unit's live cells can still take. Two stars never touch, so a run of
    L live cells side by side in a row or column takes at most ceil(L/2); a 2×2 block
    takes at most one.
band
    Two adjacent rows (columns). Covered by ceil(N/2) 2×2 blocks, it takes at most one
    star a block, which bounds what the two lines can still receive.
stripe
    A run of k adjacent rows (columns): it holds exactly K·k stars. If k regions lie
    inside it, they own all of them and its other cells are empty (more than k: the node
    is dead); if only k regions reach into it, it takes all their stars and their cells
    outside it are empty.
ways
    A unit's ways: the sets of ``need`` of its live cells, none touching two others.
    Found by a recursion on the lowest cell (in the set or not), remembered by (cells,
    need) for the whole search.

Every node of the bitboard search is propagated before it branches: a unit with K
stars loses its other live cells; a unit whose live cells are exactly its need gets them
all; a unit whose room is below its need, a region whose live cells meet fewer blocks of
a 2×2 tiling than its need, or a band whose blocks cannot take what its two lines need,
ends the branch; a cell in none of its unit's ways dies, a cell in all of them is a star;
then the stripes are counted. The search then branches on the ways of the unit with the
fewest (each way a child: its stars placed, the unit's other cells and the stars'
neighbours dead), so the children share no solution.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..engine.board import Board, _rings
from .budget import DEFAULT_CAP, SearchLimitExceeded, check_budget

if TYPE_CHECKING:
    import random  # the caller's generator; importing random costs every solve ~2 ms


#: How many answers of :meth:`StarSearch._ways` a search keeps before it starts afresh.
MEMO_SIZE = 200_000


@functools.cache
def _run_room(width: int) -> tuple[int, ...]:
    """For every w-bit pattern of live cells in a line: the most stars it can take."""
    table = [0] * (1 << width)
    for pattern in range(1, 1 << width):
        # Greedy from the lowest cell: take it, skip its neighbour.
        count = 0
        rest = pattern
        while rest:
            low = rest & -rest
            count += 1
            rest &= ~(low | (low << 1))
        table[pattern] = count
    return tuple(table)


class StarSearch:
    """One search over one board; ``nodes`` counts the nodes it visited.

    ``rng`` (a :class:`random.Random`) picks the branching cell at random instead of the
    first: the generator uses it to draw a random solution.
    """

    __slots__ = (
        "band_blocks",
        "cap",
        "deadline",
        "found",
        "k",
        "lines",
        "memo",
        "n",
        "node_limit",
        "nodes",
        "pieces",
        "regions",
        "rings",
        "rng",
        "room_table",
        "seconds",
        "stripe_masks",
        "tilings",
        "unions",
        "units",
    )

    def __init__(
        self,
        board: Board,
        cap: int = DEFAULT_CAP,
        node_limit: int | None = None,
        rng: random.Random | None = None,
        seconds: float | None = None,
    ):
        n = board.n
        self.n = n
        self.k = board.stars
        self.cap = cap
        self.node_limit = node_limit
        self.seconds = seconds
        self.deadline: float | None = None
        self.rng = rng
        self.rings = _rings(n)
        self.units = tuple(mask for _, _, mask in board.units)
        self.regions = board.region_masks
        #: Rows then columns, each as (mask, shift to bring it to the low bits, stride).
        self.lines = tuple((m, r * n, 1) for r, m in enumerate(board.row_masks)) + tuple(
            (m, c, n) for c, m in enumerate(board.col_masks)
        )
        self.room_table = _run_room(n) if n <= 16 else None
        self.band_blocks = _band_blocks(n)
        self.stripe_masks = _stripe_masks(n)
        self.tilings = _tilings(n)
        self.memo: dict[tuple[int, int], tuple[int, int, int] | None] = {}
        #: Per axis (rows, then columns), each region's cells in each line it meets, as
        #: (the region's number as a bit, the line, the cells).
        self.pieces = tuple(
            tuple(
                (1 << number, line, region & line_mask)
                for number, region in enumerate(self.regions)
                for line, line_mask in enumerate(line_masks)
                if region & line_mask
            )
            for line_masks in (board.row_masks, board.col_masks)
        )
        #: The cells of a set of regions, by the bitmask of their numbers (as met).
        self.unions: dict[int, int] = {}
        self.found: list[int] = []
        self.nodes = 0

    def run(self, live: int, stars: int) -> list[int]:
        """Collect up to ``cap`` solutions (star masks) below the given node."""
        if self.cap >= 1:
            if self.seconds is not None:
                self.deadline = time.perf_counter() + self.seconds
            try:
                self._search(live, stars)
            except SearchLimitExceeded as err:
                err.found = list(self.found)
                err.count = len(self.found)
                raise
        return self.found

    # -- the search ----------------------------------------------------------------------

    def _search(self, live: int, stars: int) -> None:
        self.nodes += 1
        check_budget(self.nodes, self.node_limit, self.deadline, self.seconds)
        settled = self._propagate(live, stars)
        if settled is None:
            return
        live, stars = settled
        if not live:
            if stars.bit_count() == self.n * self.k:
                self.found.append(stars)
            return
        cells, need = self._branch_unit(live, stars)
        rings = self.rings
        choices = list(self._choices(cells, need))
        if self.rng is not None:
            self.rng.shuffle(choices)
        rest = live & ~cells
        for chosen in choices:
            kill = 0
            bits = chosen
            while bits:
                low = bits & -bits
                bits ^= low
                kill |= rings[low.bit_length() - 1]
            self._search(rest & ~kill, stars | chosen)
            if len(self.found) >= self.cap:
                return

    def _branch_unit(self, live: int, stars: int) -> tuple[int, int]:
        """The live cells and need of the unit with the fewest ways to take its need
        (the first of the least when several tie)."""
        k = self.k
        ways = self._ways
        best = (0, 0)
        best_count = 1 << 62
        for mask in self.units:
            cells = live & mask
            if not cells:
                continue
            need = k - (stars & mask).bit_count()
            found = ways(cells, need)
            if found is not None and found[2] < best_count:
                best, best_count = (cells, need), found[2]
        return best

    def _choices(self, cells: int, need: int) -> Iterator[int]:
        """Every set of ``need`` cells of ``cells``, none touching, as a mask."""
        if need == 0:
            yield 0
            return
        rings = self.rings
        while cells.bit_count() >= need:
            low = cells & -cells
            cells ^= low
            for more in self._choices(cells & ~rings[low.bit_length() - 1], need - 1):
                yield low | more

    def _propagate(self, live: int, stars: int) -> tuple[int, int] | None:
        """The unit counts and room bounds to a fixed point; None if the node is dead."""
        k = self.k
        rings = self.rings
        units = self.units
        while True:
            changed = False
            for mask in units:
                have = (stars & mask).bit_count()
                cells = live & mask
                if have >= k:
                    if have > k:
                        return None
                    if cells:
                        live &= ~cells
                        changed = True
                    continue
                count = cells.bit_count()
                if have + count < k:
                    return None
                if have + count == k:
                    placed = _place(cells, live, stars, rings)
                    if placed is None:
                        return None
                    live, stars = placed
                    changed = True
            if changed:
                continue
            if not self._room_ok(live, stars):
                return None
            placed = self._placements(live, stars)
            if placed is None:
                return None
            if placed[0] != live:
                live, stars = placed
                continue
            counted = self._count_stripes(live, stars)
            if counted is None:
                return None
            if counted == live:
                return live, stars
            live = counted

    def _placements(self, live: int, stars: int) -> tuple[int, int] | None:
        """Each unit's ways to take what it needs on its live cells, none touching: a cell
        in none of them dies, a cell in all of them is a star; None if a unit has none."""
        k = self.k
        rings = self.rings
        ways = self._ways
        for mask in self.units:
            need = k - (stars & mask).bit_count()
            if need <= 0:
                continue
            cells = live & mask
            found = ways(cells, need)
            if found is None:
                return None
            possible, every, _ = found
            if possible != cells:
                live &= ~(cells & ~possible)
            if every:
                placed = _place(every, live, stars, rings)
                if placed is None:
                    return None
                live, stars = placed
        return live, stars

    def _ways(self, cells: int, need: int) -> tuple[int, int, int] | None:
        """Of the sets of ``need`` cells of ``cells`` none touching: the cells in some,
        the cells in all and how many sets; None if there is none. Remembered by
        (cells, need)."""
        memo = self.memo
        key = (cells, need)
        if key in memo:
            return memo[key]
        found: tuple[int, int, int] | None
        if need == 0:
            found = (0, 0, 1)
        elif cells.bit_count() < need:
            found = None
        elif need == 1:
            found = (cells, cells if cells & (cells - 1) == 0 else 0, cells.bit_count())
        else:
            low = cells & -cells
            rest = cells ^ low
            taken = self._ways(rest & ~self.rings[low.bit_length() - 1], need - 1)
            left = self._ways(rest, need)
            if taken is None:
                found = left
            else:
                with_low = (taken[0] | low, taken[1] | low, taken[2])
                if left is None:
                    found = with_low
                else:
                    found = (with_low[0] | left[0], with_low[1] & left[1], taken[2] + left[2])
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        memo[key] = found
        return found

    def _count_stripes(self, live: int, stars: int) -> int | None:
        """Kill what the stripes' counts rule out; None if some stripe is overfull.

        Every stripe is judged on the cells the node starts with (live or star), so the
        order they are visited in does not matter. Per axis, each line's set of regions
        (as a bitmask of region numbers) is found from the pieces (a region's cells in one
        line); a stripe's reaching regions are the union over its lines, and those inside
        it the reaching ones found in no line outside it (the union of the lines before it
        and after it)."""
        n = self.n
        taken = live | stars
        unions = self.unions
        for axis, pieces in enumerate(self.pieces):
            per_line = [0] * n
            for number, line, mask in pieces:
                if taken & mask:
                    per_line[line] |= number
            after = [0] * (n + 1)
            for line in range(n - 1, -1, -1):
                after[line] = after[line + 1] | per_line[line]
            before = 0
            stripe_masks = self.stripe_masks[axis]
            for first in range(n):
                reach = 0
                masks = stripe_masks[first]
                for last in range(first, n):
                    length = last - first + 1
                    if length == n:
                        break
                    reach |= per_line[last]
                    inside = reach & ~(before | after[last + 1])
                    inside_count = inside.bit_count()
                    if inside_count > length:
                        return None
                    if inside_count == length:
                        live &= ~(masks[length] & ~self._union(inside, unions))
                    if reach.bit_count() == length:
                        live &= ~(self._union(reach, unions) & ~masks[length])
                before |= per_line[first]
        return live

    def _union(self, numbers: int, unions: dict[int, int]) -> int:
        """The cells of the regions whose numbers are the bits of ``numbers``."""
        cells = unions.get(numbers)
        if cells is None:
            cells = 0
            rest = numbers
            while rest:
                low = rest & -rest
                rest ^= low
                cells |= self.regions[low.bit_length() - 1]
            unions[numbers] = cells
        return cells

    def _room_ok(self, live: int, stars: int) -> bool:
        """Every line's runs, and every band's blocks, can still take what they need."""
        k = self.k
        table = self.room_table
        need_of_line = []
        for mask, shift, stride in self.lines:
            need = k - (stars & mask).bit_count()
            need_of_line.append(need)
            if need == 0:
                continue
            cells = live & mask
            if cells.bit_count() < need:
                return False
            if stride == 1 and table is not None:
                if table[cells >> shift] < need:
                    return False
                continue
            # Greedy from the lowest cell: take it, skip the next one along the line.
            room = 0
            while cells:
                low = cells & -cells
                room += 1
                if room >= need:
                    break
                cells &= ~(low | (low << stride))
            if room < need:
                return False
        # Regions: a tiling of the grid by 2×2 blocks (four, by where the first block
        # starts) takes at most one star a block, so a region's room is at most the
        # number of a tiling's blocks its live cells meet.
        for region in self.regions:
            cells = live & region
            need = k - (stars & region).bit_count()
            if need <= 0:
                continue
            for row_tops, row_rest, column_tops, column_rest in self.tilings:
                folded = cells & row_tops | (cells & row_rest) >> self.n
                folded = folded & column_tops | (folded & column_rest) >> 1
                if folded.bit_count() < need:
                    return False
        # Bands: rows r, r + 1 (then columns) need what their blocks can still take.
        for first, blocks in self.band_blocks:
            need = need_of_line[first] + need_of_line[first + 1]
            if need == 0:
                continue
            room = 0
            for block in blocks:
                if live & block and not stars & block:
                    room += 1
                    if room >= need:
                        break
            if room < need:
                return False
        return True


@functools.cache
def _band_blocks(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each band as (index of its first line in ``StarSearch.lines``, its 2×2 blocks)."""
    bands = []
    for first in range(n - 1):
        rows = []
        columns = []
        for c in range(0, n, 2):
            width = 2 if c + 1 < n else 1
            row_block = col_block = 0
            for dr in range(2):
                for dc in range(width):
                    row_block |= 1 << ((first + dr) * n + c + dc)
                    col_block |= 1 << ((c + dc) * n + first + dr)
            rows.append(row_block)
            columns.append(col_block)
        bands.append((first, tuple(rows)))
        bands.append((n + first, tuple(columns)))
    return tuple(bands)


@functools.cache
def _tilings(n: int) -> tuple[tuple[int, int, int, int], ...]:
    """The four tilings of the grid by 2×2 blocks (cut to 2×1, 1×2 or 1×1 at the edges),
    by the parity of the first full block's row and column, each as the masks that fold a
    set of cells onto one cell a block: (the rows that head a block, the rows below one,
    the columns that head a block, the columns right of one)."""
    row = (1 << n) - 1
    column = sum(1 << (r * n) for r in range(n))
    out = []
    for row_offset in (0, 1):
        for column_offset in (0, 1):
            row_tops = row_rest = column_tops = column_rest = 0
            for line in range(n):
                if line == 0 or (line - row_offset) % 2 == 0:
                    row_tops |= row << (line * n)
                else:
                    row_rest |= row << (line * n)
                if line == 0 or (line - column_offset) % 2 == 0:
                    column_tops |= column << line
                else:
                    column_rest |= column << line
            out.append((row_tops, row_rest, column_tops, column_rest))
    return tuple(out)


@functools.cache
def _stripe_masks(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The cells of every stripe, per axis (0 rows, 1 columns) and first line, by its
    number of lines: ``_stripe_masks(n)[axis][first][length]`` (index 0 unused)."""
    row = (1 << n) - 1
    column = sum(1 << (r * n) for r in range(n))
    out = []
    for axis in (0, 1):
        per_first = []
        for first in range(n):
            masks = [0]
            cells = 0
            for line in range(first, n):
                cells |= row << (line * n) if axis == 0 else column << line
                masks.append(cells)
            per_first.append(tuple(masks))
        out.append(tuple(per_first))
    return tuple(out)


def search(
    board: Board, cap: int, live: int, stars: int, node_limit: int | None, seconds: float | None
) -> list[int]:
    """The bitboard strategy of :func:`~queens_core.referee.exact.find_solutions`, for any K
    (K = 1 included: the tests hold it against :mod:`queens_core.referee.queens_search`)."""
    return StarSearch(board, cap, node_limit, seconds=seconds).run(live, stars)


def _place(cells: int, live: int, stars: int, rings: Sequence[int]) -> tuple[int, int] | None:
    """Stars on ``cells`` one by one, each ruling out its ring; None when one of them was
    ruled out by a star placed just before it (two of them touch)."""
    while cells:
        low = cells & -cells
        cells ^= low
        if not live & low:
            return None
        stars |= low
        live &= ~(rings[low.bit_length() - 1] | low)
    return live, stars

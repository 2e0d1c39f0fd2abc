"""The counting techniques of Star Battle experts, as cheap rules (K ≥ 2 stars per unit).

Each function takes a :class:`~queens_core.Context` (or a :class:`~queens_core.Scratch`)
and returns True when it changed the state; each step's ``detail`` carries what its
sentence (:mod:`.sentences`) needs.

Glossary
--------
capacity
    The most stars a set of live cells can take: at most the number of 2×2 windows it
    takes to cover them (the windows may overlap; two cells of one window touch, so a
    window holds at most one star). Computed exactly for cells within two adjacent rows
    or columns (a greedy sweep along the pair is optimal there) and by a bounded search
    for any other shape; any cover found is a true upper bound.
group
    What the rules check a unit's room on: a row, a column, two adjacent rows or columns
    (a *band*, needing 2K stars) and a region.
run
    Adjacent rows (or columns) taken together: they need K stars a line.
placement
    A way for a group to take the stars it still lacks: that many live cells of it, no two
    touching, no line or region over K, and every unit left with enough live cells.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator

from queens_core import Board, Context, Contradiction, Scratch, State
from queens_core.board import bits

from .deductions import _where_words, band_masks, window_cover
from .details import Capacity, Exclusion, Placements

Ctx = Context | Scratch

#: A group's placements are enumerated only while there are at most this many of them
#: (and the search visits at most PLACEMENT_NODES partial placements): the rule stays
#: cheap, and a group with many ways to fill tells little anyway.
PLACEMENT_LIMIT = 48
PLACEMENT_NODES = 1500
#: Groups whose live cells can be chosen in more ways than this are not searched at all:
#: measured on the hard set, it halves the rule's time and loses no solve.
PLACEMENT_CHOICES = 800

#: A capacity step's detail before its conclusion: (kind, first, last, side, bounds,
#: region), the first fields of a :class:`~.details.Capacity`.
CapacityHead = tuple[str, int, int, str, tuple[tuple[int, int], ...], int]


# -- capacity ------------------------------------------------------------------------------


def _line_cover(projection: int) -> int:
    """The fewest runs of two adjacent positions covering the set bits of ``projection``:
    take the lowest uncovered position and the one after it, repeatedly (optimal: some
    smallest cover starts its first run there)."""
    count = 0
    while projection:
        low = projection & -projection
        projection &= ~(low | low << 1)
        count += 1
    return count


# Remembered across calls: exclusion and capacity counting ask again about the same
# cells on every round of a solve and every position of a hint's walk, where few groups
# have changed. Bounded, as a long-lived process (the page's server) keeps it.
@functools.lru_cache(maxsize=1 << 14)
def capacity(n: int, cells: int, limit: int) -> int:
    """``min(limit, c)`` where c is the fewest 2×2 windows covering ``cells`` on an n×n
    grid (for shapes beyond two adjacent lines, the fewest the bounded search finds)."""
    count = cells.bit_count()
    if count <= 1 or limit <= 0:
        return min(count, max(limit, 0))
    row_mask = (1 << n) - 1
    low = (cells & -cells).bit_length() - 1
    top, bottom = low // n, (cells.bit_length() - 1) // n
    if bottom - top <= 1:
        # Two adjacent rows: a window covers two adjacent columns of both.
        projection = (cells >> (top * n) | cells >> (bottom * n)) & row_mask
        return min(limit, _line_cover(projection))
    columns = 0
    rows = 0
    for r in range(top, bottom + 1):
        line = cells >> (r * n) & row_mask
        if line:
            columns |= line
            rows |= 1 << r
    if columns.bit_length() - (columns & -columns).bit_length() <= 1:
        return min(limit, _line_cover(rows))
    if (count + 3) // 4 >= limit:
        return limit  # four cells a window at best: no cover below the limit exists
    for size in range((count + 3) // 4, limit):
        if window_cover(n, cells, size) is not None:
            return size
    return limit


# -- groups --------------------------------------------------------------------------------


@functools.cache
def groups(board: Board) -> tuple[tuple[tuple[str, int], int, int], ...]:
    """Every group as (where, mask, lines): ``("row", r)``, ``("column", c)``,
    ``("rows", r)`` (rows r and r+1), ``("columns", c)``, ``("region", k)``."""
    out: list[tuple[tuple[str, int], int, int]] = [
        ((kind, index), mask, 1) for kind, index, mask in board.units if kind != "region"
    ]
    out.extend(((kind, first), mask, 2) for kind, first, mask in band_masks(board.n))
    out.extend((("region", k), mask, 1) for k, mask in enumerate(board.region_masks))
    return tuple(out)


@functools.cache
def groups_near(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per cell, the groups (indices into :func:`groups`) that meet the cell or its ring:
    the only ones a star there changes."""
    every = groups(board)
    out = []
    for cell in range(board.n * board.n):
        hit = board.kill_masks[cell] | 1 << cell
        out.append(tuple(i for i, (_, mask, _) in enumerate(every) if mask & hit))
    return tuple(out)


def _lower_bound(count: int, lines: int, where: str) -> int:
    """A cover size ``count`` live cells surely need: a window holds two cells of a row or
    column and four of anything wider."""
    per_window = 2 if where in ("row", "column") else 4
    return (count + per_window - 1) // per_window


def _shortfall(
    board: Board, queens: int, live: int, group: tuple[tuple[str, int], int, int], extra: int
) -> tuple[int, int, int] | None:
    """(need, live cells, capacity) if the group, with ``extra`` more stars in it, cannot
    take the stars it still needs among ``live``; None when it has the room."""
    where, mask, lines = group
    need = board.stars * lines - (queens & mask).bit_count() - extra
    if need < 0:
        return need, 0, 0
    if need == 0:
        return None
    cells = live & mask
    count = cells.bit_count()
    if count < need:
        return need, count, count
    if _lower_bound(count, lines, where[0]) >= need:
        return None
    cap = capacity(board.n, cells, need)
    return (need, count, cap) if cap < need else None


# -- exclusion -----------------------------------------------------------------------------


def exclusion(ctx: Ctx) -> bool:
    """A live cell whose star (with its ring of neighbours killed) would leave some row,
    column, band of two adjacent lines or region short of room is empty.

    Sound: were the cell a star in a solution, that group would hold its K (2K) stars on
    cells left live after the star and its ring; a group with fewer such cells than the
    stars it needs, or whose such cells fit in fewer 2×2 windows than that (a window holds
    at most one star), cannot. Each step kills one cell; its detail is
    ``("exclusion", cell, where, need, live, capacity)``, computed on the state the step
    starts from (each cell read on the state the kills before it left).
    """
    state = ctx.state
    verdict = verdicts(ctx.board).verdict
    changed = False
    for cell in bits(state.live):
        live = state.live
        if not live >> cell & 1:
            continue
        found = verdict(state.queens, live, cell)
        if found is not None:
            ctx.kill(1 << cell, Exclusion(cell, *found))
            changed = True
    return changed


#: An exclusion verdict: (where, need, live, capacity) of the group a star leaves short.
Verdict = tuple[tuple[str, int], int, int, int]


class Verdicts:
    """Exclusion's question on one board, "does a star on this cell leave some group near
    it short of room?", and the memory of its answers: the one place it is asked, by the
    rule (:func:`exclusion`), the trial sweep's re-reading (:meth:`Reread.exclusion`)
    and the telling of a trial's chain (:mod:`.refute`). Get it with :func:`verdicts`.

    A cell's verdict reads only the groups near it (:func:`groups_near`), so it is kept
    with the stars and live cells of those groups it was found on (one slot a cell: the
    memory stays n²); asked again on the same (the next round of a solve, the hint's next
    position), it is the one found last time.
    """

    __slots__ = ("board", "every", "hoods", "near", "rings", "seen")

    def __init__(self, board: Board):
        self.board = board
        self.every = groups(board)
        self.near = groups_near(board)
        self.rings = board.kill_masks
        hoods = []
        for indices in self.near:
            hood = 0
            for index in indices:
                hood |= self.every[index][1]
            hoods.append(hood)
        #: Per cell, the cells of the groups near it: all that its verdict reads.
        self.hoods = tuple(hoods)
        self.seen: list[tuple[int, int, Verdict | None] | None] = [None] * (board.n * board.n)

    def verdict(self, queens: int, live: int, cell: int, only: int | None = None) -> Verdict | None:
        """The first group near ``cell`` (in :func:`groups_near`'s order) that a star
        there, with its ring ruled out, leaves short of room on the stars ``queens`` and
        live cells ``live``, or None; remembered. ``only``: the groups (a bit per index
        into :func:`groups`) that may give one, when the caller knows the others give
        none (the answer is the same)."""
        hood = self.hoods[cell]
        queens_near = queens & hood
        live_near = live & hood
        last = self.seen[cell]
        if last is not None and last[0] == queens_near and last[1] == live_near:
            return last[2]
        nearby = self.near[cell]
        if only is not None:
            nearby = tuple(index for index in nearby if only >> index & 1)
        found = self._short(queens, live, cell, nearby)
        self.seen[cell] = (queens_near, live_near, found)
        return found

    def afresh(self, queens: int, live: int, cell: int) -> Verdict | None:
        """:meth:`verdict`, found without reading or changing the memory (for a state
        asked about once, which would only push out what the next call reads)."""
        return self._short(queens, live, cell, self.near[cell])

    def leaves_short(
        self, queens: int, live: int, cell: int, where: tuple[str, int]
    ) -> Verdict | None:
        """:meth:`verdict` on the one group ``where`` (any group, near the cell or not):
        whether a star on ``cell`` leaves it short of room; not remembered."""
        every = self.every
        index = next(i for i, group in enumerate(every) if group[0] == tuple(where))
        return self._short(queens, live, cell, (index,))

    def forget(self) -> None:
        """Drop every verdict remembered."""
        self.seen[:] = [None] * len(self.seen)

    def _short(self, queens: int, live: int, cell: int, nearby: tuple[int, ...]) -> Verdict | None:
        bit = 1 << cell
        after = live & ~(self.rings[cell] | bit)
        queens |= bit
        board = self.board
        every = self.every
        for index in nearby:
            group = every[index]
            found = _shortfall(board, queens, after, group, 0)
            if found is not None:
                need, count, cap = found
                return group[0], need, count, cap
        return None


@functools.lru_cache(maxsize=8)
def verdicts(board: Board) -> Verdicts:
    """The :class:`Verdicts` of ``board``, its memory shared by every caller."""
    return Verdicts(board)


# -- capacity counting over runs -------------------------------------------------------------


@functools.cache
def runs(n: int) -> tuple[tuple[str, int, int, int], ...]:
    """Every run of 1 to n−1 adjacent rows and columns as (kind, first, last, mask)."""
    full_row = (1 << n) - 1
    column = sum(1 << (r * n) for r in range(n))
    out = []
    for kind in ("rows", "columns"):
        for first in range(n):
            mask = 0
            for last in range(first, n):
                if first == 0 and last == n - 1:
                    break  # every line: its counts are the whole board's
                mask |= full_row << (last * n) if kind == "rows" else column << last
                out.append((kind, first, last, mask))
    return tuple(out)


def capacity_counting(ctx: Ctx) -> bool:
    """Regions against a run of adjacent lines: when the most (least) every region can put
    into the run adds up to exactly what the run still needs, each region puts exactly its
    most (least); a region whose most is all it needs has no star outside the run, and a
    region whose least is zero has none inside.

    Sound: in a solution a region puts its ``need`` missing stars on its live cells, at
    most cap(inside) of them in the run and at most cap(outside) out of it, so between
    ``need − cap(outside)`` and ``min(need, cap(inside))`` in the run (cap: the fewest
    2×2 windows covering the cells, a window holding at most one star). The run's
    missing stars all fall on live cells of some region, so they are the sum of the
    regions' shares; a sum of values each at most (least) its bound equals the sum of the
    bounds only when each equals its bound. Undercounting and overcounting are the cases
    where the bounds are the regions' whole needs and zero.

    When a region's share is exactly the number of 2×2 windows covering its live cells
    inside (outside) the run, each such window holds one of them: the two-by-two argument
    applies to that part.

    A step's detail is a :class:`~.details.Capacity`, ``(kind, first, last, side,
    bounds, region, what, part)``: side "most" or "least", bounds ((region, bound), …)
    for every region reaching the run with a nonzero bound, the region the step is
    about, and what it concludes:
    "outside" (no star outside the run), "inside" (none in it), "in" or "out" (one star
    in each 2×2 window covering the region's cells in or out of the run; part: that
    window's live cells of the region).
    """
    return _capacity_counting(ctx, None)


def capacity_counting_on(ctx: Ctx, kind: str, first: int, last: int) -> bool:
    """:func:`capacity_counting` on the one run of lines ``kind`` ``first``–``last``
    (a chain's step is read on its own run: the rule's pass over every run reads each
    after what the runs before it found)."""
    index = next(i for i, run in enumerate(runs(ctx.board.n)) if run[:3] == (kind, first, last))
    return _capacity_counting(ctx, lambda other, _: other != index)


def _capacity_counting(ctx: Ctx, quiet: Callable[[int, State], bool] | None) -> bool:
    """:func:`capacity_counting`, passing over the runs (by index into :func:`runs`) for
    which ``quiet(index, state)`` says it would change nothing (:func:`from_start`)."""
    board = ctx.board
    state = ctx.state
    n = board.n
    stars = board.stars
    changed = False
    cache: dict[tuple[int, int], int] = {}

    def cap(cells: int, limit: int) -> int:
        key = (cells, limit)
        found = cache.get(key)
        if found is None:
            found = cache[key] = capacity(n, cells, limit)
        return found

    for index, (kind, first, last, mask) in enumerate(runs(n)):
        if quiet is not None and quiet(index, state):
            continue
        live = state.live
        queens = state.queens
        need = stars * (last - first + 1) - (queens & mask).bit_count()
        if need <= 0 or not live & mask:
            continue
        most: list[tuple[int, int]] = []
        least: list[tuple[int, int]] = []
        region_needs = []
        for k, region in enumerate(board.region_masks):
            inside = live & region & mask
            if not inside:
                continue
            region_need = stars - (queens & region).bit_count()
            outside = live & region & ~mask
            high = cap(inside, region_need)
            low = region_need - cap(outside, region_need)
            most.append((k, high))
            least.append((k, low))
            region_needs.append(region_need)
        total_most = sum(b for _, b in most)
        total_least = sum(b for _, b in least)
        if total_most < need or total_least > need:
            words = (
                f"{kind[:-1]} {first + 1}" if first == last else f"{kind} {first + 1}–{last + 1}"
            )
            raise Contradiction(
                f"the regions can put {'at most' if total_most < need else 'at least'} "
                f"{total_most if total_most < need else total_least} stars into {words}, "
                f"which still need{'s' if first == last else ''} {need}"
            )
        if total_most == need:
            shown = tuple((k, b) for k, b in most if b)
            for (k, high), region_need in zip(most, region_needs, strict=True):
                region = board.region_masks[k]
                detail: CapacityHead = (kind, first, last, "most", shown, k)
                doomed = state.live & region & ~mask
                if (
                    high == region_need
                    and doomed
                    and ctx.kill(doomed, Capacity(*detail, "outside", ()))
                ):
                    changed = True
                if high and _fill_windows(ctx, state.live & region & mask, high, detail, "in"):
                    changed = True
        elif total_least == need:
            shown = tuple((k, b) for k, b in least if b)
            for (k, low), region_need in zip(least, region_needs, strict=True):
                region = board.region_masks[k]
                detail = (kind, first, last, "least", shown, k)
                doomed = state.live & region & mask
                if low <= 0 and doomed and ctx.kill(doomed, Capacity(*detail, "inside", ())):
                    changed = True
                rest = region_need - low
                if rest and _fill_windows(ctx, state.live & region & ~mask, rest, detail, "out"):
                    changed = True
    return changed


def _fill_windows(ctx: Ctx, cells: int, count: int, detail: CapacityHead, side: str) -> bool:
    """``cells`` hold exactly ``count`` stars and fit in ``count`` 2×2 windows: each
    window of such a cover holds exactly one of them (a star in two windows would leave
    some window without one). So a window's cells outside ``cells`` are empty, a cell
    touching every live cell of a window's part is empty, and a part of one cell is a
    star. Steps carry ``Capacity(*detail, side, part)``."""
    board = ctx.board
    state = ctx.state
    n = board.n
    if capacity(n, cells, count + 1) != count:
        return False
    cover = window_cover(n, cells, count)
    if cover is None:
        return False
    rings = board.kill_masks
    changed = False
    for window in cover:
        part = state.live & cells & window
        if not part:
            continue  # an earlier step emptied it: the driver sees the shortfall
        if not part & (part - 1):
            ctx.place(part.bit_length() - 1, Capacity(*detail, side, (part.bit_length() - 1,)))
            changed = True
            continue
        near = state.live & ~part
        for cell in bits(part):
            near &= rings[cell]
        doomed = (state.live & window & ~cells) | near
        if doomed and ctx.kill(doomed, Capacity(*detail, side, tuple(bits(part)))):
            changed = True
    return changed


# -- reading again only what changed ------------------------------------------------------


class Reread:
    """:func:`exclusion` and :func:`capacity_counting` for states reached from a start
    state by placing stars and ruling cells out (a trial's), making the same steps in
    the same order but reading again only what changed since the start. Its methods are
    named as the rules they stand for, so a chain of steps names those rules.
    :meth:`advance` moves the start on to a state reached from it.

    The same steps: a cell's exclusion verdict reads only the groups near it
    (:func:`groups_near`), and a group's shortfall only the group's cells; so for a
    cell with no verdict on the start only the groups near it that meet a cell changed
    since then can give one, and a cell near none of them is passed over. A run's
    capacity counting sums, over the regions with live cells in it, bounds that read
    only that region's cells (and the run's); so the sums on a later state are those on
    the start with the bounds of the regions that changed found again, and a run whose
    sums fall strictly either side of its need concludes nothing and is passed over;
    any other run is read in full, as the rule reads it. A cell's verdict on the start
    is found when first needed, and found again after :meth:`advance` only for the
    cells near a group that changed.
    """

    def __init__(self, board: Board, start: State):
        self.board = board
        self.every = groups(board)
        self.near = groups_near(board)
        self.reach = _groups_reach(board)
        self.live = start.live
        self.queens = start.queens
        cells = board.n * board.n
        self.stale = (1 << cells) - 1  # the cells whose verdict on the start is not known
        self.ruled = 0  # the cells with a verdict on the start
        self.bounds: list[list] = []  # per run: its bounds per region, and their sums
        self.moved_regions: tuple[object, list[int]] = (None, [])

    def advance(self, state: State) -> None:
        """Make ``state``, reached from the start, the start."""
        moved = (self.live ^ state.live) | (self.queens ^ state.queens)
        if not moved:
            return
        for index, (_, mask, _) in enumerate(self.every):
            if mask & moved:
                self.stale |= self.reach[index]
        self.ruled &= ~self.stale
        if self.bounds:
            regions = [k for k, m in enumerate(self.board.region_masks) if m & moved]
            for index, (_, _, _, mask) in enumerate(runs(self.board.n)):
                entry = self.bounds[index]
                by_region = entry[0]
                for k in regions:
                    was = by_region.pop(k, None)
                    if was is not None:
                        entry[1] -= was[0]
                        entry[2] -= was[1]
                    now = _region_bounds(self.board, state, k, mask)
                    if now is not None:
                        by_region[k] = now
                        entry[1] += now[0]
                        entry[2] += now[1]
        self.live = state.live
        self.queens = state.queens

    def exclusion(self, ctx: Ctx) -> bool:
        board = self.board
        every = self.every
        judge = verdicts(board)
        state = ctx.state
        changed = False
        live = state.live
        queens = state.queens
        moved = (self.live ^ live) | (self.queens ^ queens)
        # The groups that changed since the start, and the cells near them: only those,
        # and the cells with a verdict on the start (or none known), are read.
        touched = 0
        read = 0
        for index, (_, mask, _) in enumerate(every):
            if mask & moved:
                read |= 1 << index
                touched |= self.reach[index]
        member = _member_of(board)
        # The cells to read, in order: those near a changed group, and those whose
        # verdict on the start is a kill or not known yet.
        pending = live & (touched | self.ruled | self.stale)
        while pending:
            low = pending & -pending
            pending ^= low
            cell = low.bit_length() - 1
            # A cell with no verdict on the start reads only the groups that changed.
            only = None
            if self.stale & low and not touched & low:
                self.stale ^= low
                if judge.afresh(self.queens, self.live, cell) is None:
                    continue
                self.ruled |= low
            elif not (self.ruled | self.stale) & low:
                if not touched & low:
                    continue
                only = read
            verdict = judge.verdict(state.queens, state.live, cell, only)
            if verdict is not None:
                ctx.kill(low, Exclusion(cell, *verdict))
                changed = True
                # The groups of the cell killed changed too: the cells after it near
                # them are read.
                indices, reach = member[cell]
                read |= indices
                touched |= reach
                pending |= state.live & reach & ~((low << 1) - 1)
        return changed

    def _quiet(self, index: int, state: State) -> bool:
        board = self.board
        n = board.n
        stars = board.stars
        if not self.bounds:
            start = State(self.live, self.queens)
            for _, _, _, mask in runs(n):
                by_region = {}
                for k in range(len(board.region_masks)):
                    found = _region_bounds(board, start, k, mask)
                    if found is not None:
                        by_region[k] = found
                most = sum(high for high, _ in by_region.values())
                least = sum(low for _, low in by_region.values())
                self.bounds.append([by_region, most, least])
        key = (state.live, state.queens)
        if self.moved_regions[0] != key:
            moved = (self.live ^ state.live) | (self.queens ^ state.queens)
            regions = [k for k, m in enumerate(board.region_masks) if m & moved]
            self.moved_regions = (key, regions)
        _, first, last, mask = runs(n)[index]
        need = stars * (last - first + 1) - (state.queens & mask).bit_count()
        if need <= 0:
            return True
        by_region, most, least = self.bounds[index]
        for k in self.moved_regions[1]:
            was = by_region.get(k)
            if was is not None:
                most -= was[0]
                least -= was[1]
            now = _region_bounds(board, state, k, mask)
            if now is not None:
                most += now[0]
                least += now[1]
        return least < need < most

    def capacity_counting(self, ctx: Ctx) -> bool:
        return _capacity_counting(ctx, self._quiet)


def _region_bounds(board: Board, state: State, k: int, mask: int) -> tuple[int, int] | None:
    """Capacity counting's bounds for region ``k`` in the run ``mask``: the most and the
    least it can put there; None when it has no live cell there."""
    region = board.region_masks[k]
    live = state.live
    inside = live & region & mask
    if not inside:
        return None
    n = board.n
    need = board.stars - (state.queens & region).bit_count()
    return capacity(n, inside, need), need - capacity(n, live & region & ~mask, need)


@functools.cache
def _member_of(board: Board) -> tuple[tuple[int, int], ...]:
    """Per cell, the groups of :func:`groups` it is in (a bit per index) and the cells
    near them."""
    reach = _groups_reach(board)
    out = []
    for cell in range(board.n * board.n):
        indices = 0
        near = 0
        for index, (_, mask, _) in enumerate(groups(board)):
            if mask >> cell & 1:
                indices |= 1 << index
                near |= reach[index]
        out.append((indices, near))
    return tuple(out)


@functools.cache
def _groups_reach(board: Board) -> tuple[int, ...]:
    """Per group of :func:`groups`, the cells it is near (:func:`groups_near`)."""
    out = [0] * len(groups(board))
    for cell, indices in enumerate(groups_near(board)):
        for index in indices:
            out[index] |= 1 << cell
    return tuple(out)


# -- local enumeration -----------------------------------------------------------------------


class _TooMany(Exception):
    """More placements (or search nodes) than the rule's bound: the group is skipped."""


def _room_left(board: Board, state: State, chosen: int, killed: int) -> bool:
    """Whether the stars ``chosen`` (their rings ``killed``) leave every row, column and
    region at most K stars and enough live cells for the rest."""
    stars = board.stars
    queens = state.queens | chosen
    live = state.live & ~killed & ~chosen
    for _, _, mask in board.units:
        have = (queens & mask).bit_count()
        if have > stars or have + (live & mask).bit_count() < stars:
            return False
    return True


def placements(board: Board, state: State, mask: int, need: int, lines: int) -> list[int] | None:
    """Every placement of ``need`` stars among the group's live cells (see the glossary),
    as masks; None when there are more than PLACEMENT_LIMIT or the search runs long."""
    found = _placements(board, state.live, state.queens, mask, need, lines)
    return None if found is None else list(found)


# Local enumeration and the case split, which runs after it, ask about the same groups on
# the same state: the second asks for free.
@functools.lru_cache(maxsize=4096)
def _placements(
    board: Board, live: int, queens: int, mask: int, need: int, lines: int
) -> tuple[int, ...] | None:
    state = State(live, queens)
    rings = board.kill_masks
    cells = list(bits(state.live & mask))
    found: list[int] = []
    visited = 0
    line_masks = (*board.row_masks, *board.col_masks) if lines > 1 else ()
    stars = board.stars

    def extend(start: int, chosen: int, killed: int, placed: int) -> None:
        nonlocal visited
        visited += 1
        if visited > PLACEMENT_NODES:
            raise _TooMany
        if placed == need:
            if _room_left(board, state, chosen, killed):
                found.append(chosen)
                if len(found) > PLACEMENT_LIMIT:
                    raise _TooMany
            return
        for i in range(start, len(cells) - (need - placed) + 1):
            cell = cells[i]
            if killed >> cell & 1:
                continue
            grown = chosen | 1 << cell
            if line_masks and any(
                ((state.queens | grown) & m).bit_count() > stars
                for m in line_masks
                if m >> cell & 1
            ):
                continue
            extend(i + 1, grown, killed | rings[cell], placed + 1)

    try:
        extend(0, 0, 0, 0)
    except _TooMany:
        return None
    return tuple(found)


def _enumerations(
    board: Board, state: State
) -> Iterator[tuple[tuple[str, int], int, int, list[int]]]:
    for where, mask, lines in groups(board):
        need = board.stars * lines - (state.queens & mask).bit_count()
        if need <= 0 or not state.live & mask:
            continue
        if math.comb((state.live & mask).bit_count(), need) > PLACEMENT_CHOICES:
            continue  # so many ways to choose that the search would hit its bound anyway
        found = placements(board, state, mask, need, lines)
        if found is not None:
            yield where, mask, need, found


def local_enumeration(ctx: Ctx) -> bool:
    """A group's placements (its missing stars on its live cells, none touching, no unit
    over K, every unit left enough live cells): a live cell of the group in none of them is
    empty, a cell in all of them is a star, a cell touching a star of every one is empty.

    Sound: the solution's stars in the group are one of the placements (they do not touch,
    no unit holds more than K, and every unit's remaining stars lie on cells they leave
    live), so whatever holds for every placement holds in the solution. Groups with more
    than PLACEMENT_LIMIT placements (or PLACEMENT_CHOICES ways to choose) are skipped. A
    step's detail is ``("placements", where, count, how)``: how is "none", "all" or
    "touch".
    """
    board = ctx.board
    state = ctx.state
    rings = board.kill_masks
    changed = False
    # The generator enumerates each group on the state as the earlier steps left it.
    for where, mask, need, found in _enumerations(board, state):
        if not found:
            raise Contradiction(
                f"{_where_words(board, where)} cannot take the {need} stars still missing "
                "without leaving some unit short"
            )
        every = -1
        some = 0
        touched = -1
        for placement in found:
            every &= placement
            some |= placement
            ring = 0
            for cell in bits(placement):
                ring |= rings[cell]
            touched &= ring & ~placement
        count = len(found)
        none = state.live & mask & ~some
        if none and ctx.kill(none, Placements(where, count, "none")):
            changed = True
        touched &= state.live
        if touched and ctx.kill(touched, Placements(where, count, "touch")):
            changed = True
        for cell in bits(every & state.live):
            ctx.place(cell, Placements(where, count, "all"))
            changed = True
    return changed

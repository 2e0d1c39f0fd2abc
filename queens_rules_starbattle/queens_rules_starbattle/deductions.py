"""The classical Star Battle deductions, for K stars per row, column and region (K ≥ 2).

Each function takes a :class:`~queens_core.Context` (or a :class:`~queens_core.Scratch`,
when a trial simulates) and returns True when it changed the state.

Glossary
--------
need
    What a unit still lacks: K minus the stars it holds.
window
    A 2×2 square of the grid (clipped at the border): it holds at most one star, since
    any two of its cells touch.
cover
    Windows whose union holds every live cell of a set of cells; they may overlap. A set
    covered by m windows takes at most m stars; when it needs exactly m, every window holds
    exactly one star *from the set* (each of the m stars lies in some window and no window
    holds two, so the m windows hold one each), so a window's other live cells are empty,
    and a cell that touches every live cell of a window's part is empty too.
band
    Two adjacent rows (or columns): they need the sum of their needs.
undercounting
    k regions whose cells all lie in k rows (columns) own all K·k stars of those rows: the
    other cells of the rows are empty.
overcounting
    k rows (columns) whose cells all lie in k regions use up all K·k stars of those
    regions: the regions' cells outside the rows are empty.
"""

from __future__ import annotations

import functools

from queens_core import Board, Context, Contradiction, Scratch, State
from queens_core.board import bits
from queens_core.words import region_name

from .block_words import blocks_words
from .details import Blocks, Overcount, Undercount, UnitFull, UnitNeedsEveryCell

Ctx = Context | Scratch


class CountFails(Contradiction):
    """A counting argument that finds too little room, resting on the cells of ``mask``
    alone (a refutation told from it needs only the steps that changed those cells)."""

    def __init__(self, message: str, mask: int):
        super().__init__(message)
        self.mask = mask


def need_of(board: Board, state: State, mask: int) -> int:
    return board.stars - (state.queens & mask).bit_count()


def unit_full(ctx: Ctx) -> bool:
    """A row, column or region with its K stars: its other live cells are empty."""
    board = ctx.board
    state = ctx.state
    stars = board.stars
    changed = False
    for kind, index, mask in board.units:
        if state.live & mask and (state.queens & mask).bit_count() >= stars:
            ctx.kill(mask, UnitFull(kind, index))
            changed = True
    return changed


def unit_exactly_filled(ctx: Ctx) -> bool:
    """A unit whose live cells are exactly as many as the stars it still needs: a star on
    each. (If two of them touch, the first star kills the second and the unit comes up
    short: the driver sees the contradiction.)"""
    board = ctx.board
    state = ctx.state
    stars = board.stars
    changed = False
    for kind, index, mask in board.units:
        cells = state.live & mask
        if cells and cells.bit_count() + (state.queens & mask).bit_count() == stars:
            for cell in bits(cells):
                if state.live >> cell & 1:
                    ctx.place(cell, UnitNeedsEveryCell(kind, index))
                    changed = True
    return changed


@functools.cache
def windows(n: int) -> tuple[int, ...]:
    """Per cell, the window whose top-left corner it is (clipped at the border)."""
    out = []
    for i in range(n * n):
        r, c = divmod(i, n)
        m = 0
        for rr in range(r, min(r + 2, n)):
            for cc in range(c, min(c + 2, n)):
                m |= 1 << (rr * n + cc)
        out.append(m)
    return tuple(out)


@functools.cache
def _neighbourhoods(n: int) -> tuple[int, ...]:
    """Per cell, the cells sharing a window with it (itself and the eight around it): the
    union of the windows whose top-left corner is the cell or its neighbour above, to
    the left, or both."""
    top_left = windows(n)
    out = []
    for i in range(n * n):
        r, c = divmod(i, n)
        near = top_left[i]
        if c:
            near |= top_left[i - 1]
        if r:
            near |= top_left[i - n]
        if r and c:
            near |= top_left[i - n - 1]
        out.append(near)
    return tuple(out)


def _more_than(n: int, cells: int, limit: int) -> bool:
    """Whether ``cells`` surely need more than ``limit`` windows: they hold more than
    ``limit`` cells pairwise apart (no two in one window), taken greedily in reading
    order. A lower bound only: False proves nothing."""
    near = _neighbourhoods(n)
    count = 0
    while cells:
        count += 1
        if count > limit:
            return True
        cells &= ~near[(cells & -cells).bit_length() - 1]
    return False


def _cover(n: int, cells: int, limit: int, top_left: tuple[int, ...]) -> tuple[int, ...] | None:
    if not cells:
        return ()
    if limit <= 0 or _more_than(n, cells, limit):
        return None
    cell = (cells & -cells).bit_length() - 1
    rest = _cover(n, cells & ~top_left[cell], limit - 1, top_left)
    if rest is not None:
        return (top_left[cell], *rest)
    if cell % n:
        window = top_left[cell - 1]
        rest = _cover(n, cells & ~window, limit - 1, top_left)
        if rest is not None:
            return (window, *rest)
    return None


@functools.lru_cache(maxsize=1 << 15)
def window_cover(n: int, cells: int, limit: int) -> tuple[int, ...] | None:
    """Windows (possibly overlapping), at most ``limit`` of them, covering ``cells``; None
    if none exist.

    The first uncovered cell in reading order has nothing uncovered above it or to its
    left, so some window of a smallest cover has it in its top row: as its left cell or
    its right cell. Trying both is exhaustive. A branch is cut as soon as its cells hold
    more cells pairwise apart than it has windows left, which never changes the cover
    found; and the answers are remembered, since a trial star asks again about the same
    groups many times over.
    """
    return _cover(n, cells, limit, windows(n))


@functools.cache
def band_masks(n: int) -> tuple[tuple[str, int, int], ...]:
    """Every band as (kind "rows"/"columns", index of its first line, mask)."""
    row = (1 << n) - 1
    col = sum(1 << (r * n) for r in range(n))
    out = []
    for first in range(n - 1):
        out.append(("rows", first, (row << (first * n)) | (row << ((first + 1) * n))))
    for first in range(n - 1):
        out.append(("columns", first, (col << first) | (col << (first + 1))))
    return tuple(out)


def block_groups(board: Board) -> list[tuple[tuple, int, int]]:
    """The sets the 2×2 argument looks at, as (detail, mask, lines it spans): each row,
    column, band and region."""
    groups: list[tuple[tuple, int, int]] = [
        ((kind, index), mask, 1) for kind, index, mask in board.units if kind != "region"
    ]
    groups.extend(((kind, first), mask, 2) for kind, first, mask in band_masks(board.n))
    groups.extend((("region", k), mask, 1) for k, mask in enumerate(board.region_masks))
    return groups


def two_by_two_blocks(ctx: Ctx) -> bool:
    """A band or region whose live cells fit in as many windows as the stars it needs:
    each window holds exactly one of them. So the window's other live cells are empty,
    and so is every cell touching all of the window's cells of the set."""
    board = ctx.board
    state = ctx.state
    n = board.n
    changed = False
    for where, mask, lines in block_groups(board):
        cells = state.live & mask
        if not cells:
            continue
        need = board.stars * lines - (state.queens & mask).bit_count()
        if need <= 0:
            continue
        cover = window_cover(n, cells, need)
        if cover is None:
            continue
        if len(cover) < need:
            raise CountFails(
                f"the live cells of {_where_words(board, where)} fit in "
                f"{blocks_words(len(cover))}, too few for the {need} stars still needed",
                mask,
            )
        if fill_blocks(ctx, where, mask, cover):
            changed = True
    return changed


def fill_blocks(ctx: Ctx, where: tuple, mask: int, cover: tuple[int, ...]) -> bool:
    """One group's windows ``cover``, as many as the stars it needs: each holds one of
    them, so its other live cells are empty, and so is a cell touching all of the
    window's live cells of the group (:func:`two_by_two_blocks`)."""
    state = ctx.state
    rings = ctx.board.kill_masks
    changed = False
    for window in cover:
        part = state.live & mask & window
        if not part:
            continue  # an earlier window's star killed it; the driver sees the shortfall
        if not part & (part - 1):
            ctx.place(part.bit_length() - 1, Blocks(where, (part.bit_length() - 1,)))
            changed = True
            continue
        doomed = state.live & window & ~mask
        # A cell (outside the part) touching every cell of the part.
        near = state.live & ~part
        for cell in bits(part):
            near &= rings[cell]
            if not near:
                break
        doomed |= near
        if doomed and ctx.kill(doomed, Blocks(where, tuple(bits(part)))):
            changed = True
    return changed


def _where_words(board: Board, where: tuple) -> str:
    kind, index = where
    if kind == "region":
        return region_name(board, index)
    if kind in ("row", "column"):
        return f"{kind} {index + 1}"
    return f"{kind} {index + 1} and {index + 2}"


RegionLines = tuple[tuple[tuple[int, int], ...], ...]


@functools.lru_cache(maxsize=64)
def region_lines(board: Board) -> tuple[RegionLines, RegionLines]:
    """Per region, each row it meets and the cells they share; then the same for the
    columns. Kept per board (a solve calls the counting rules thousands of times)."""
    rows = tuple(
        tuple((r, mask & line) for r, line in enumerate(board.row_masks) if mask & line)
        for mask in board.region_masks
    )
    columns = tuple(
        tuple((c, mask & line) for c, line in enumerate(board.col_masks) if mask & line)
        for mask in board.region_masks
    )
    return rows, columns


def _regions_per_line(n: int, lines_of: RegionLines, taken: int) -> list[int]:
    """Per line, the regions (bit k for region k) with a live cell or a star on it;
    ``lines_of``: per region, each line it meets and the cells they share."""
    meets = [0] * n
    for k, lines in enumerate(lines_of):
        bit = 1 << k
        for line, cells in lines:
            if taken & cells:
                meets[line] |= bit
    return meets


def _outside(meets: list[int]) -> tuple[list[int], list[int]]:
    """The regions meeting lines 0 .. i - 1 (``before[i]``) and lines i .. n - 1
    (``after[i]``), as bit sets."""
    n = len(meets)
    before = [0] * (n + 1)
    after = [0] * (n + 1)
    for i in range(n):
        before[i + 1] = before[i] | meets[i]
        after[n - 1 - i] = after[n - i] | meets[n - 1 - i]
    return before, after


def _counting(ctx: Ctx, over: bool) -> bool:
    """Runs of adjacent lines, shortest first (rows, then columns), each checked against
    the regions that reach into it (``over``) or lie entirely within it. The regions are
    kept as bit sets per line, so a run's regions are a few integer operations."""
    board = ctx.board
    state = ctx.state
    n = board.n
    changed = False
    by_rows, by_columns = region_lines(board)
    for kind, masks, pairs in (
        ("rows", board.row_masks, by_rows),
        ("columns", board.col_masks, by_columns),
    ):
        meets = _regions_per_line(n, pairs, state.live | state.queens)
        before, after = _outside(meets)
        # run[first]: the regions meeting lines first .. first + length - 1.
        run = list(meets)
        for length in range(1, n):
            if length > 1:
                for first in range(n - length + 1):
                    run[first] |= meets[first + length - 1]
            for first in range(n - length + 1):
                last = first + length - 1
                if over:
                    found = run[first]
                else:
                    found = run[first] & ~(before[first] | after[last + 1])
                number = found.bit_count()
                if number != length:
                    if not over and number > length:
                        lines_words = (
                            f"{kind[:-1]} {first + 1}"
                            if length == 1
                            else f"{kind} {first + 1}–{last + 1}"
                        )
                        raise CountFails(
                            f"{number} regions lie entirely within {lines_words}, which "
                            f"hold the stars of only {length}",
                            sum(
                                region
                                for k, region in enumerate(board.region_masks)
                                if found >> k & 1
                            ),
                        )
                    continue
                members = [k for k in range(len(board.region_masks)) if found >> k & 1]
                union = 0
                for k in members:
                    union |= board.region_masks[k]
                lines = 0
                for line in masks[first : last + 1]:
                    lines |= line
                doomed = (union & ~lines) if over else (lines & ~union)
                detail = (Overcount if over else Undercount)(
                    tuple(members), kind, tuple(range(first, last + 1))
                )
                if state.live & doomed and ctx.kill(doomed, detail):
                    changed = True
                    meets = _regions_per_line(n, pairs, state.live | state.queens)
                    before, after = _outside(meets)
                    for start in range(n - length + 1):
                        run[start] = 0
                        for line in range(start, start + length):
                            run[start] |= meets[line]
    return changed


def undercounting(ctx: Ctx) -> bool:
    """k regions within k adjacent rows (columns) own those lines' stars: the rest of the
    lines is empty."""
    return _counting(ctx, over=False)


def overcounting(ctx: Ctx) -> bool:
    """k adjacent rows (columns) within k regions use up those regions' stars: the rest of
    the regions is empty."""
    return _counting(ctx, over=True)


#: What a trial propagates with, in pass order: every cheap deduction.
PROPAGATORS = (unit_full, unit_exactly_filled, two_by_two_blocks, undercounting, overcounting)


def short_unit(board: Board, state: State) -> tuple[str, int] | None:
    """The first unit that cannot end with exactly K stars, as (kind, index), or None."""
    stars = board.stars
    for kind, index, mask in board.units:
        have = (state.queens & mask).bit_count()
        if have > stars or have + (state.live & mask).bit_count() < stars:
            return kind, index
    return None

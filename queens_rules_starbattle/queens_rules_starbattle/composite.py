"""Composite regions: several regions counted at once against a run of adjacent lines, with
the 2×2 room of every part (K ≥ 2 stars per unit).

Experts treat a set of regions as one big region and count it against a few adjacent rows
or columns: "rows 3–5 need 12 stars; outside regions A and B their cells fit in 2×2
blocks holding 4 at most, so A and B put at least 8 there — all they still need". The
counting rules before this one take one region at a time (capacity counting) or whole
lines against whole regions with the room of one line (flow counting); here the room of
the cells left over is the room of all of them together, which is smaller than the sum of
its parts when the parts share blocks.

Glossary
--------
run *L*
    Adjacent rows (or columns), not all of them: they still need ``need(L)`` stars, K a
    line minus the stars already on them.
set *S*
    Regions reaching the run; ``need(S)`` the stars they still lack together.
room
    An upper bound on the stars a set of live cells can take: the number of 2×2 blocks of
    a cover of them (a block holds at most one star). The covers tried cut the grid into
    bands of two rows (or two columns), in both alignments, each band's cells covered by
    the fewest blocks along it (a greedy sweep, optimal within the band); the smallest of
    the four is the room. Any cover is a true bound, so no search is needed.
inside, rest, beyond
    The live cells of S in L, of L outside S, of S outside L; *x*, *y*, *z* the stars the
    solution still puts on each. Then ``need(L) = x + y`` and ``need(S) = x + z``.
"""

from __future__ import annotations

import functools

from queens_core import Board, Context, Contradiction, Scratch
from queens_core.board import bits

from .details import Composite

Ctx = Context | Scratch

#: The regions are also taken by the number of their live cells outside the run (not only
#: by their share) on boards up to this size: it opens a few more expert 9×9 and 10×10
#: boards, and on a 25×25 board it would add a fifth to a stalled solve's time.
SECOND_ORDER_UP_TO = 14


# -- room: covers by bands ---------------------------------------------------------------------


@functools.cache
def _masks(n: int) -> tuple[int, int, int, int]:
    """The even bits of an n×n mask, its even rows, its odd rows and its first row."""
    full_row = (1 << n) - 1
    even_bits = int("01" * ((n * n + 1) // 2), 2)
    even_rows = sum(full_row << (r * n) for r in range(0, n, 2))
    odd_rows = sum(full_row << (r * n) for r in range(1, n, 2))
    return even_bits, even_rows, odd_rows, full_row


def _pairs(projections: int, even_bits: int) -> int:
    """The fewest runs of two adjacent positions covering ``projections``, rows of set
    bits that never touch across a row's end: each maximal run of adjacent bits of length
    l takes ⌈l / 2⌉, which are its bits at even distance from its start. Adding its
    lowest bit to a run clears it, so the runs that start on an even bit are found at
    once, and each run's count is then its bits of one parity."""
    odd_bits = even_bits << 1
    starts = projections & ~(projections << 1)
    even_runs = projections & ~(projections + (starts & even_bits))
    return (even_runs & even_bits).bit_count() + (projections & ~even_runs & odd_bits).bit_count()


def _bands_room(n: int, cells: int, offset: int) -> int:
    """The blocks covering ``cells`` when the rows are cut into bands of two from row
    ``offset`` (row 0 alone when ``offset`` is 1), each band swept from the left: the
    two rows of a band folded onto its first, whose runs of bits are then counted (the
    rows between the bands left empty, so no run crosses a row's end)."""
    even_bits, even_rows, odd_rows, first_row = _masks(n)
    folded = cells | cells >> n
    if not offset:
        return _pairs(folded & even_rows, even_bits)
    return _pairs(folded & odd_rows, even_bits) + _pairs(cells & first_row, even_bits)


def transpose(n: int, cells: int) -> int:
    """``cells`` with rows and columns swapped."""
    out = 0
    while cells:
        low = cells & -cells
        index = low.bit_length() - 1
        cells ^= low
        r, c = divmod(index, n)
        out |= 1 << (c * n + r)
    return out


def room(n: int, cells: int, across: int) -> int:
    """The smallest of the four band covers of ``cells`` (``across``: the same cells
    transposed, for the covers by bands of two columns)."""
    if not cells:
        return 0
    return _room(n, cells, across, *_masks(n))


def _room(
    n: int, cells: int, across: int, even: int, even_rows: int, odd_rows: int, first_row: int
) -> int:
    """:func:`room` of non-empty ``cells`` with the masks of :func:`_masks` given: the
    four :func:`_bands_room` with :func:`_pairs` written out (the composite rule asks for
    hundreds of thousands of rooms on a stalled 14×14 board, and the calls cost more than
    the arithmetic)."""
    odd = even << 1
    folded = cells | cells >> n
    p = folded & even_rows
    runs = p & ~(p + (p & ~(p << 1) & even))
    best = (runs & even).bit_count() + (p & ~runs & odd).bit_count()
    p = folded & odd_rows
    runs = p & ~(p + (p & ~(p << 1) & even))
    count = (runs & even).bit_count() + (p & ~runs & odd).bit_count()
    if count < best:
        p = cells & first_row
        runs = p & ~(p + (p & ~(p << 1) & even))
        count += (runs & even).bit_count() + (p & ~runs & odd).bit_count()
        if count < best:
            best = count
    folded = across | across >> n
    p = folded & even_rows
    runs = p & ~(p + (p & ~(p << 1) & even))
    count = (runs & even).bit_count() + (p & ~runs & odd).bit_count()
    if count < best:
        best = count
    p = folded & odd_rows
    runs = p & ~(p + (p & ~(p << 1) & even))
    count = (runs & even).bit_count() + (p & ~runs & odd).bit_count()
    if count < best:
        p = across & first_row
        runs = p & ~(p + (p & ~(p << 1) & even))
        count += (runs & even).bit_count() + (p & ~runs & odd).bit_count()
        if count < best:
            best = count
    return best


def _sweep_blocks(n: int, cells: int, offset: int) -> list[int]:
    """The blocks (masks, as rows) of the band cover from row ``offset``."""
    full = (1 << n) - 1
    blocks = []
    row = 0 if not offset else -1
    while row < n:
        band = [r for r in (row, row + 1) if 0 <= r < n]
        projection = 0
        for r in band:
            projection |= cells >> (r * n) & full
        while projection:
            low = projection & -projection
            pair = low | (low << 1 & full)
            projection &= ~pair
            blocks.append(sum(pair << (r * n) for r in band))
        row += 2
    return blocks


def cover(n: int, cells: int) -> list[int]:
    """The blocks of the smallest of the four band covers of ``cells``, as masks."""
    best: list[int] | None = None
    for offset in (0, 1):
        found = _sweep_blocks(n, cells, offset)
        if best is None or len(found) < len(best):
            best = found
        across = [transpose(n, block) for block in _sweep_blocks(n, transpose(n, cells), offset)]
        if len(across) < len(best):
            best = across
    return best or []


# -- the rule -------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _runs(board: Board) -> tuple[tuple[str, int, int, int, int], ...]:
    """Every run of 1 to n−1 adjacent rows and columns as (kind, first, last, mask, mask
    transposed)."""
    n = board.n
    out = []
    for kind, masks in (("rows", board.row_masks), ("columns", board.col_masks)):
        for first in range(n):
            mask = 0
            for last in range(first, n):
                if first == 0 and last == n - 1:
                    break
                mask |= masks[last]
                out.append((kind, first, last, mask, transpose(n, mask)))
    return tuple(out)


@functools.lru_cache(maxsize=64)
def _regions_across(board: Board) -> tuple[int, ...]:
    return tuple(transpose(board.n, mask) for mask in board.region_masks)


def composite_regions(ctx: Ctx) -> bool:
    """Runs of adjacent lines against sets of the regions reaching them: the regions are
    taken in order of how little of them lies outside the run (all inside first), by share
    of their live cells and, up to SECOND_ORDER_UP_TO rows, again by number, and each
    growing set S is counted against the run L as one region.

    With x, y, z the stars still to come on the inside, rest and beyond cells (see the
    module's glossary), ``need(L) = x + y``, ``need(S) = x + z``, and each of x, y, z is at
    most the room of its cells. So x is at least ``need(L) − room(rest)`` and
    ``need(S) − room(beyond)``, and at most ``room(inside)``, ``need(S)`` and ``need(L)``;
    the rule concludes, in this order of preference:

    - x must be ``need(S)``: z is 0, the beyond cells are empty ("beyond");
    - x must be ``need(L)``: y is 0, the rest cells are empty ("rest");
    - x must be at least ``room(inside)``: the inside cells take one star in each block of
      their cover ("inside");
    - y must be at least ``room(rest)`` (x at its most), or z at least ``room(beyond)``:
      those cells take one star in each block of their cover ("rest full", "beyond full").

    A lower bound above the upper is a contradiction. Sound: the solution's stars satisfy
    the two equations, each part holds no more stars than its room (no block of a cover
    holds two), so its x, y, z meet every bound. When m stars fall on cells covered by m
    blocks, each block holds exactly one of them (a block holds at most one star, and every
    star lies in some block), so a block's cells outside the set are empty, a block of one
    live cell of the set is a star, and a cell touching every live cell of a block's part is
    empty.

    One set is concluded on a call: the cheaper rules, which run first, take it from there.
    A step's detail is a :class:`~.details.Composite`.
    """
    board = ctx.board
    state = ctx.state
    n = board.n
    stars = board.stars
    across_regions = _regions_across(board)
    regions = board.region_masks
    live = state.live
    queens = state.queens
    live_across = transpose(n, live)
    masks = _masks(n)
    needs = [stars - (queens & mask).bit_count() for mask in regions]
    live_in = [live & mask for mask in regions]
    for kind, first, last, mask, mask_across in _runs(board):
        need_lines = stars * (last - first + 1) - (queens & mask).bit_count()
        if need_lines <= 0 or not live & mask:
            continue
        reaching = []
        absolute = []
        for k in range(n):
            cells = live_in[k]
            if cells & mask and needs[k] > 0:
                outside = (cells & ~mask).bit_count()
                reaching.append((outside * 64 // cells.bit_count(), k))
                absolute.append((outside, k))
        reaching.sort()
        absolute.sort()
        orders = [reaching]
        if n <= SECOND_ORDER_UP_TO and [k for _, k in absolute] != [k for _, k in reaching]:
            orders.append(absolute)
        for order in orders:
            chosen = 0
            chosen_across = 0
            need_regions = 0
            members: list[int] = []
            for _, k in order:
                members.append(k)
                chosen |= regions[k]
                chosen_across |= across_regions[k]
                need_regions += needs[k]
                inside = live & mask & chosen
                rest = live & mask & ~chosen
                beyond = live & chosen & ~mask
                room_rest = rest and _room(
                    n, rest, live_across & mask_across & ~chosen_across, *masks
                )
                room_beyond = beyond and _room(
                    n, beyond, live_across & chosen_across & ~mask_across, *masks
                )
                if room_rest >= need_lines and room_beyond >= need_regions:
                    # Then both lower bounds of x are at most 0, and neither the rest
                    # nor the beyond cells can be empty or full: nothing follows,
                    # whatever the room inside (most sets: it is not counted).
                    continue
                room_inside = inside and _room(
                    n, inside, live_across & mask_across & chosen_across, *masks
                )
                low = max(need_lines - room_rest, need_regions - room_beyond)
                high = min(room_inside, need_regions, need_lines)
                beyond_empty = beyond and need_lines - room_rest >= need_regions
                rest_empty = rest and need_regions - room_beyond >= need_lines
                inside_full = inside and low >= room_inside and room_inside < need_regions
                rest_full = rest and room_rest < need_lines and need_lines - high >= room_rest
                beyond_full = (
                    beyond and room_beyond < need_regions and need_regions - high >= room_beyond
                )
                if not (
                    low > high
                    or beyond_empty
                    or rest_empty
                    or inside_full
                    or rest_full
                    or beyond_full
                ):
                    continue
                found = Composite(
                    kind,
                    first,
                    last,
                    tuple(members),
                    "",
                    need_lines,
                    need_regions,
                    room_inside,
                    room_rest,
                    room_beyond,
                    (),
                )
                if low > high:
                    raise Contradiction(_contradiction_words(board, found))
                if beyond_empty:
                    ctx.kill(beyond, found._replace(what="beyond"))
                    return True
                if rest_empty:
                    ctx.kill(rest, found._replace(what="rest"))
                    return True
                if inside_full and _fill(ctx, inside, found._replace(what="inside")):
                    return True
                if rest_full and _fill(ctx, rest, found._replace(what="rest full")):
                    return True
                if beyond_full and _fill(ctx, beyond, found._replace(what="beyond full")):
                    return True
    return False


def _fill(ctx: Ctx, cells: int, detail: Composite) -> bool:
    """``cells`` take as many stars as the blocks of their cover: one star in each block.
    So a block's live cells outside ``cells`` are empty, a cell touching every live cell
    of a block's part is empty, and a part of one cell is a star."""
    board = ctx.board
    state = ctx.state
    rings = board.kill_masks
    changed = False
    for block in cover(board.n, cells):
        part = state.live & cells & block
        if not part:
            continue  # an earlier block's star emptied it: the driver sees the shortfall
        if not part & (part - 1):
            cell = part.bit_length() - 1
            ctx.place(cell, detail._replace(part=(cell,)))
            changed = True
            continue
        near = state.live & ~part
        for cell in bits(part):
            near &= rings[cell]
        doomed = (state.live & block & ~cells) | near
        if doomed and ctx.kill(doomed, detail._replace(part=tuple(bits(part)))):
            changed = True
    return changed


def _contradiction_words(board: Board, d: Composite) -> str:
    from .sentences import composite_span

    span, names = composite_span(board, d)
    return (
        f"{names} must put more stars into {span} than the 2×2 blocks covering their live "
        "cells there, or the stars they and the lines still need, allow"
    )

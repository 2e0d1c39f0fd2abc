"""The sweep of the polyomino shape rules over the regions, and the shape lookup.

Its own module, free of plugin hooks, so that the optional compiled build
(scripts/build_compiled.py) can compile it; the package is the same without it.
"""

from __future__ import annotations

from queens_core import MAX_SIZE, Board, Context

from .details import ShapeInRegion
from .shapes import FIXED_TABLE, MAX_CELLS, MIN_CELLS

#: Per board size: a region's live-cell mask -> (counter, cells to kill) or None. The mask
#: fixes the shape and its place on the board, so the answer holds for every board of
#: that size and is worth keeping across solves.
_KILLS_BY_SIZE: dict[int, dict[int, tuple[str, int] | None]] = {}
#: Past this many masks for one size the cache starts over, so a long-running process
#: (a server, a batch of millions of boards) does not grow without bound.
_CACHE_LIMIT = 200_000
#: What the sweep reads when no mask of the size is cached yet.
_NOTHING_KNOWN: dict[int, tuple[str, int] | None] = {}
#: One placement of a fixed shape, as :func:`_shapes_at` keeps it: its counter, its dead
#: offsets, the column of its first cell (its top row's leftmost) and the last column its
#: left edge may take on the board.
_Image = tuple[str, tuple[tuple[int, int], ...], int, int]
#: Per board size: the shapes of FIXED_TABLE by their mask moved to their first cell.
_SHAPES_BY_SIZE: dict[int, dict[int, tuple[_Image, ...]]] = {}
#: The detail of a kill in region k, made once and shared: it names the region alone,
#: and a tuple subclass costs several times a plain tuple to make and to free.
_DETAILS: list[ShapeInRegion | None] = [None] * MAX_SIZE


def _shapes_at(n: int) -> dict[int, tuple[_Image, ...]]:
    """FIXED_TABLE keyed by each shape's mask on an n×n board shifted so that its first
    cell (the lowest bit: its top row's leftmost cell) is bit 0.

    A set of cells shifted by its own lowest bit is found with one shift, not the folds
    that find its leftmost column. The key alone does not tell a shape from a set that
    wraps from one row's end to the next row's start (two images can even share a key
    on a small board), so each image comes with the columns where it fits: the set is
    the image exactly when the image's left edge, read off the set's first cell, lies
    in them. Shapes wider or taller than the board are left out: no region can have
    them."""
    table = _SHAPES_BY_SIZE.get(n)
    if table is None:
        table = {}
        for image, (counter, offsets) in FIXED_TABLE.items():
            # One loop a shape: a process builds this for every size it meets, inside
            # its first solve of that size. Sorted, so its first cell is in row 0.
            first = image[0][1]
            mask = 0
            width = 0
            for dr, dc in image:
                if dr >= n or dc >= n:
                    break
                mask |= 1 << (dr * n + dc - first)
                if dc >= width:
                    width = dc + 1
            else:
                entry = (counter, offsets, first, n - width)
                known = table.get(mask)
                table[mask] = (entry,) if known is None else (*known, entry)
        _SHAPES_BY_SIZE[n] = table
    return table


def shape_kills(board: Board, cells: int) -> tuple[str, int] | None:
    """(counter, kill mask) when the cells form a catalog shape, else None."""
    n = board.n
    cache = _KILLS_BY_SIZE.get(n)
    if cache is None:
        cache = _KILLS_BY_SIZE[n] = {}
    elif cells in cache:
        # A test, not a caught KeyError: the sweep calls this only for masks not cached
        # yet, and raising costs more than the test.
        return cache[cells]
    shapes = _SHAPES_BY_SIZE.get(n)  # _shapes_at's read, inline: once a miss
    if shapes is None:
        shapes = _shapes_at(n)
    first = (cells & -cells).bit_length() - 1
    images = shapes.get(cells >> first)
    answer = None
    if images is not None:
        top, column = divmod(first, n)
        for counter, offsets, image_first, last_left in images:
            left = column - image_first
            if 0 <= left <= last_left:
                mask = 0
                for dr, dc in offsets:
                    r, c = top + dr, left + dc
                    if 0 <= r < n and 0 <= c < n:
                        mask |= 1 << (r * n + c)
                answer = (counter, mask)
                break
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[cells] = answer
    return answer


def apply_polyomino(ctx: Context) -> None:
    """One sweep of all enabled shape rules over the regions, in letter order."""
    board = ctx.board
    state = ctx.state
    enabled = ctx.enabled
    cache = ctx.cache
    memo = cache.get("seen")
    if memo is None or (memo[0] is not enabled and memo[0] != enabled):
        # What a sweep killed depends on the shape rules enabled then: a state swept
        # under another set (one State solved by two solvers) must be looked at afresh.
        memo = cache["seen"] = (enabled, [-1] * len(board.region_masks))
    seen = memo[1]
    # shape_kills' cache read here: most regions of a warm process are found in it, and
    # a call costs more than the lookup.
    known = _KILLS_BY_SIZE.get(board.n, _NOTHING_KNOWN)
    live = state.live  # read again after a kill
    for k, region in enumerate(board.region_masks):
        cells = live & region
        if cells == seen[k]:
            continue
        seen[k] = cells
        if not MIN_CELLS <= cells.bit_count() <= MAX_CELLS:
            continue
        # Two lookups on a hit rather than a sentinel default: the compiled build
        # (mypyc) boxes a tuple afresh, so no tuple keeps its identity for ``is``.
        found = known[cells] if cells in known else shape_kills(board, cells)
        if found is not None and found[0] in enabled and found[1] & live:
            detail = _DETAILS[k]
            if detail is None:
                # Made from its tuple form, without a Python call: the sweep is hot.
                detail = _DETAILS[k] = tuple.__new__(ShapeInRegion, ("region", k))
            ctx.kill(found[1], detail, counter=found[0])
            live = state.live

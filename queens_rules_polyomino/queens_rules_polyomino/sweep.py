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
#: The detail of a kill in region k, made once and shared: it names the region alone,
#: and a tuple subclass costs several times a plain tuple to make and to free.
_DETAILS: list[ShapeInRegion | None] = [None] * MAX_SIZE


def shape_kills(board: Board, cells: int) -> tuple[str, int] | None:
    """(counter, kill mask) when the cells form a catalog shape, else None."""
    n = board.n
    cache = _KILLS_BY_SIZE.setdefault(n, {})
    try:
        return cache[cells]
    except KeyError:
        pass
    coords = board.cells_of(cells)
    top = min(r for r, _ in coords)
    left = min(c for _, c in coords)
    entry = FIXED_TABLE.get(tuple(sorted((r - top, c - left) for r, c in coords)))
    answer = None
    if entry is not None:
        counter, offsets = entry
        mask = 0
        for dr, dc in offsets:
            r, c = top + dr, left + dc
            if 0 <= r < n and 0 <= c < n:
                mask |= 1 << (r * n + c)
        answer = (counter, mask)
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
    for k, region in enumerate(board.region_masks):
        cells = state.live & region
        if cells == seen[k]:
            continue
        seen[k] = cells
        if not MIN_CELLS <= cells.bit_count() <= MAX_CELLS:
            continue
        found = shape_kills(board, cells)
        if found is not None and found[0] in enabled and found[1] & state.live:
            detail = _DETAILS[k]
            if detail is None:
                # Made from its tuple form, without a Python call: the sweep is hot.
                detail = _DETAILS[k] = tuple.__new__(ShapeInRegion, ("region", k))
            ctx.kill(found[1], detail, counter=found[0])

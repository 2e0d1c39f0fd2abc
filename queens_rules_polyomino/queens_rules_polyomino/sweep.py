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
#: Per board size: the shapes of FIXED_TABLE by their mask at the top-left corner.
_SHAPES_BY_SIZE: dict[int, dict[int, tuple[str, tuple[tuple[int, int], ...]]]] = {}
#: The detail of a kill in region k, made once and shared: it names the region alone,
#: and a tuple subclass costs several times a plain tuple to make and to free.
_DETAILS: list[ShapeInRegion | None] = [None] * MAX_SIZE


def _shapes_at(n: int) -> dict[int, tuple[str, tuple[tuple[int, int], ...]]]:
    """FIXED_TABLE keyed by each shape's mask at the top-left corner of an n×n board.

    A set of cells moved to that corner (its top row to row 0, its leftmost column to
    column 0) is one shift of its mask, so a region's shape is found without listing,
    sorting and hashing its cells. Shapes wider or taller than the board are left out:
    no region can have them, and their mask would not be theirs alone."""
    table = _SHAPES_BY_SIZE.get(n)
    if table is None:
        table = {}
        for image, entry in FIXED_TABLE.items():
            # One loop a shape, not two generators: a process builds this for every
            # size it meets, inside its first solve of that size.
            mask = 0
            for dr, dc in image:
                if dr >= n or dc >= n:
                    break
                mask |= 1 << (dr * n + dc)
            else:
                table[mask] = entry
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
    down = ((cells & -cells).bit_length() - 1) // n * n  # its top row's first cell
    top = down // n
    # Its rows moved to the top, then ORed onto the first (the columns met): only as
    # many folds as its few rows need, on a narrower int than the board's.
    folded = cells >> down
    span = folded.bit_length()
    shift = n
    while shift < span:
        folded |= folded >> shift
        shift += shift
    folded &= (1 << n) - 1
    left = (folded & -folded).bit_length() - 1
    shapes = _SHAPES_BY_SIZE.get(n)  # _shapes_at's read, inline: once a miss
    if shapes is None:
        shapes = _shapes_at(n)
    entry = shapes.get(cells >> (down + left))
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
    # shape_kills' cache read here: most regions of a warm process are found in it, and
    # a call costs more than the lookup.
    known = _KILLS_BY_SIZE.get(board.n, _NOTHING_KNOWN)
    for k, region in enumerate(board.region_masks):
        cells = state.live & region
        if cells == seen[k]:
            continue
        seen[k] = cells
        if not MIN_CELLS <= cells.bit_count() <= MAX_CELLS:
            continue
        # Two lookups on a hit rather than a sentinel default: the compiled build
        # (mypyc) boxes a tuple afresh, so no tuple keeps its identity for ``is``.
        found = known[cells] if cells in known else shape_kills(board, cells)
        if found is not None and found[0] in enabled and found[1] & state.live:
            detail = _DETAILS[k]
            if detail is None:
                # Made from its tuple form, without a Python call: the sweep is hot.
                detail = _DETAILS[k] = tuple.__new__(ShapeInRegion, ("region", k))
            ctx.kill(found[1], detail, counter=found[0])

"""The basic propagation every solve is built on: a queen's kill list, the single live
cell of a unit, and the two confinements between a region and a line.

These functions live in the core, not in a rule package, because several parties need
them: the driver settles the queens of a start state with :func:`settle_queens`, a rule
package registers them as rules, and a rule that simulates (tries a queen and looks for
a contradiction) runs :data:`PROPAGATORS` inside its simulations. Each takes a
:class:`~queens_core.engine.rules.Context` (or a
:class:`~queens_core.engine.rules.Scratch`) and returns True when it changed the state.

They assume the state is *settled*: no live cell lies in the kill mask of a queen.
Placing through the context keeps it so; :func:`settle_queens` restores it for a state
read from a picture.
"""

from __future__ import annotations

from .board import MAX_SIZE
from .rules import Context, LineConfined, OnlyLiveCell, QueenKills, RegionConfined, Scratch

Ctx = Context | Scratch

#: Makes a detail from its tuple form without a Python call (as the context makes a
#: Step): a pass records many steps, and a detail class's own ``__new__`` is Python code.
_detail = tuple.__new__

# A detail names indices only, never the board or the state, so each is made the first
# time it is needed and then shared: a tuple subclass costs several times what a plain
# tuple does to make and to free, and the trials of placement-forces-contradiction run
# these deductions (and make these details) over and over. Indexed by line or region,
# or by line * MAX_SIZE + region.
_SINGLES: dict[str, list[OnlyLiveCell | None]] = {
    kind: [None] * MAX_SIZE for kind in ("row", "column", "region")
}
_REGION_CONFINED: dict[str, list[RegionConfined | None]] = {
    kind: [None] * (MAX_SIZE * MAX_SIZE) for kind in ("row", "column")
}
_LINE_CONFINED: dict[str, list[LineConfined | None]] = {
    kind: [None] * (MAX_SIZE * MAX_SIZE) for kind in ("row", "column")
}


def settle_queens(ctx: Ctx) -> bool:
    """Kill every live cell in the kill mask of a queen (detail :class:`QueenKills`).

    Once a state's queens are settled they stay settled (a placement through the context
    kills its own kill mask, and dead cells never come back to life), so a call that sees
    the same queens as the last call on this state has nothing to do; the driver makes
    that call in every pass.
    """
    board = ctx.board
    state = ctx.state
    queens = state.queens
    cache = ctx.cache
    if cache.get("settled") == queens:
        return False
    cache["settled"] = queens
    changed = False
    while queens:
        low = queens & -queens
        queens ^= low
        cell = low.bit_length() - 1
        if ctx.kill(board.kill_masks[cell], _detail(QueenKills, ("queen", cell))):
            changed = True
    return changed


def place_region_single(ctx: Ctx) -> bool:
    """Place a queen on the only live cell of any queenless region.

    The regions with one live cell are collected first, then placed in letter order; a
    region whose cell died in the meantime is skipped.
    """
    state = ctx.state
    live = state.live
    queens = state.queens
    found = []
    for k, mask in enumerate(ctx.board.region_masks):
        cells = live & mask
        if cells and not cells & (cells - 1) and not queens & mask:
            found.append((k, cells))
    details = _SINGLES["region"]
    for k, bit in found:
        if state.live & bit:
            detail = details[k]
            if detail is None:
                detail = details[k] = _detail(OnlyLiveCell, ("region", k))
            ctx.place(bit.bit_length() - 1, detail)
    return bool(found)


def place_line_single(ctx: Ctx) -> bool:
    """Place a queen on the only live cell of any queenless row, then of any column.

    Rows are collected and placed before columns are collected.
    """
    board = ctx.board
    state = ctx.state
    changed = False
    for kind, masks in (("row", board.row_masks), ("column", board.col_masks)):
        live = state.live
        queens = state.queens
        found = []
        for index, mask in enumerate(masks):
            cells = live & mask
            if cells and not cells & (cells - 1) and not queens & mask:
                found.append((index, cells))
        details = _SINGLES[kind]
        for index, bit in found:
            if state.live & bit:
                detail = details[index]
                if detail is None:
                    detail = details[index] = _detail(OnlyLiveCell, (kind, index))
                ctx.place(bit.bit_length() - 1, detail)
                changed = True
    return changed


def clear_line_of_confined_region(ctx: Ctx) -> bool:
    """A region whose live cells share a row (column) owns that row's (column's) queen:
    kill the rest of the row (column)."""
    board = ctx.board
    state = ctx.state
    n = board.n
    row_masks = board.row_masks
    col_masks = board.col_masks
    by_row = _REGION_CONFINED["row"]
    by_column = _REGION_CONFINED["column"]
    changed = False
    for k, region in enumerate(board.region_masks):
        cells = state.live & region
        if not cells:
            continue
        first = (cells & -cells).bit_length() - 1
        r, c = divmod(first, n)
        # A confinement is seen again in every pass once its kills are done: the detail
        # is made only when there is something left to kill.
        row = row_masks[r]
        if not cells & ~row and row & ~region & state.live:
            detail = by_row[r * MAX_SIZE + k]
            if detail is None:
                detail = by_row[r * MAX_SIZE + k] = _detail(RegionConfined, ("region", k, "row", r))
            ctx.kill(row & ~region, detail)
            changed = True
        column = col_masks[c]
        if not cells & ~column and column & ~region & state.live:
            detail = by_column[c * MAX_SIZE + k]
            if detail is None:
                detail = by_column[c * MAX_SIZE + k] = _detail(
                    RegionConfined, ("region", k, "column", c)
                )
            ctx.kill(column & ~region, detail)
            changed = True
    return changed


def clear_region_of_confined_line(ctx: Ctx) -> bool:
    """A row (column) whose live cells lie in one region holds that region's queen: kill
    the rest of the region. Rows first, then columns."""
    board = ctx.board
    state = ctx.state
    cell_region = board.cell_region
    region_masks = board.region_masks
    changed = False
    for kind, masks in (("row", board.row_masks), ("column", board.col_masks)):
        details = _LINE_CONFINED[kind]
        for index, line in enumerate(masks):
            cells = state.live & line
            if not cells:
                continue
            k = cell_region[(cells & -cells).bit_length() - 1]
            region = region_masks[k]
            if not cells & ~region and region & ~line & state.live:
                detail = details[index * MAX_SIZE + k]
                if detail is None:
                    detail = details[index * MAX_SIZE + k] = _detail(
                        LineConfined, (kind, index, "region", k)
                    )
                ctx.kill(region & ~line, detail)
                changed = True
    return changed


#: The four deductions a simulating rule propagates with, in the order a pass runs them.
PROPAGATORS = (
    place_region_single,
    place_line_single,
    clear_line_of_confined_region,
    clear_region_of_confined_line,
)

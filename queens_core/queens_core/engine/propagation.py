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
    k = 0
    for mask in ctx.board.region_masks:
        cells = live & mask
        # bit_count, not ``cells & (cells - 1)``: every operation on a board's wide ints
        # allocates one, and this test is made for every region in every pass.
        if cells.bit_count() == 1 and not queens & mask:
            found.append((k, cells))
        k += 1
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
    # The rows are looked at in a few operations on the whole board (the masks of
    # queens_core.board.covers_every_line) rather than in a loop over them: most calls
    # find no single, and a loop costs a pass a few dozen operations a line.
    last_bits, other_bits, _, _, _, _ = board.line_cover
    n = board.n
    live = state.live & board.full
    # Per row, adding its other bits to themselves carries into its last bit exactly when
    # one of them is set: the rows with a live cell, marked on their last cell.
    met = (((live & other_bits) + other_bits) | live) & last_bits
    # Each of those rows without its first live cell (the subtraction borrows within the
    # row, which has a live cell to stop it); a row with one live cell is left empty.
    rest = live & (live - (met >> (n - 1)))
    singles = met & ~((((rest & other_bits) + other_bits) | rest) & last_bits)
    queens = state.queens
    if singles and queens:
        singles &= ~((((queens & other_bits) + other_bits) | queens) & last_bits)
    if singles:
        row_masks = board.row_masks
        found = []
        while singles:
            low = singles & -singles
            singles ^= low
            row = low.bit_length() // n - 1
            found.append((row, live & row_masks[row]))
        changed = _place_singles(ctx, "row", found)
    # Columns: one test a column. On these masks a loop step costs about what an
    # operation does, and folding the rows onto the first to tell every column at once
    # takes five a fold (measured: about 5 million instructions more a catalog pass).
    live = state.live
    queens = state.queens
    found = []
    column = 0
    for mask in board.col_masks:
        cells = live & mask
        if cells.bit_count() == 1 and not queens & mask:
            found.append((column, cells))
        column += 1
    if found and _place_singles(ctx, "column", found):
        changed = True
    return changed


def _place_singles(ctx: Ctx, kind: str, found: list[tuple[int, int]]) -> bool:
    """Place the queens of the singles of lines of ``kind`` found on one state, in order,
    each while its cell is still live (an earlier one may have killed it)."""
    state = ctx.state
    details = _SINGLES[kind]
    changed = False
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
    # The row and column of a mask's highest cell, by its bit length (no lowest-bit
    # arithmetic on the wide int, no division).
    row_at = board.row_at
    col_at = board.col_at
    by_row = _REGION_CONFINED["row"]
    by_column = _REGION_CONFINED["column"]
    changed = False
    live = state.live
    k = -1
    for region in board.region_masks:
        k += 1
        cells = live & region
        if not cells:
            continue
        # ``cells & line == cells`` for "inside it": one allocation, not two.
        last = cells.bit_length()
        row = row_at[last]
        if cells & row == cells and row & ~region & live:
            # A confinement is seen again in every pass once its kills are done: the
            # detail is made only when there is something left to kill.
            r = (last - 1) // board.n
            detail = by_row[r * MAX_SIZE + k]
            if detail is None:
                detail = by_row[r * MAX_SIZE + k] = _detail(RegionConfined, ("region", k, "row", r))
            ctx.kill(row & ~region, detail)
            live = state.live
            changed = True
        column = col_at[last]
        if cells & column == cells and column & ~region & live:
            c = (last - 1) % board.n
            detail = by_column[c * MAX_SIZE + k]
            if detail is None:
                detail = by_column[c * MAX_SIZE + k] = _detail(
                    RegionConfined, ("region", k, "column", c)
                )
            ctx.kill(column & ~region, detail)
            live = state.live
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
    live = state.live
    # Two copies of one loop, rows then columns, rather than a loop over the two kinds:
    # this runs in every pass of every solve, and the copies keep the live cells local.
    index = -1
    for line in board.row_masks:
        index += 1
        cells = live & line
        if cells:
            k = cell_region[cells.bit_length() - 1]
            region = region_masks[k]
            if cells & region == cells and region & ~line & live:
                _kill_confined_line(ctx, "row", index, k, region & ~line)
                live = state.live
                changed = True
    index = -1
    for line in board.col_masks:
        index += 1
        cells = live & line
        if cells:
            k = cell_region[cells.bit_length() - 1]
            region = region_masks[k]
            if cells & region == cells and region & ~line & live:
                _kill_confined_line(ctx, "column", index, k, region & ~line)
                live = state.live
                changed = True
    return changed


def _kill_confined_line(ctx: Ctx, kind: str, index: int, k: int, cells: int) -> None:
    """Kill ``cells``, the rest of region ``k``, which holds every live cell of line
    ``index``."""
    details = _LINE_CONFINED[kind]
    detail = details[index * MAX_SIZE + k]
    if detail is None:
        detail = details[index * MAX_SIZE + k] = _detail(LineConfined, (kind, index, "region", k))
    ctx.kill(cells, detail)


#: The four deductions a simulating rule propagates with, in the order a pass runs them.
PROPAGATORS = (
    place_region_single,
    place_line_single,
    clear_line_of_confined_region,
    clear_region_of_confined_line,
)

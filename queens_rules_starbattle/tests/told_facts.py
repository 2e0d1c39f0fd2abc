"""A told chain read as a person reads it: each step checked from only the facts told
before it (the state the chain starts from, the supposed stars, and the steps told
earlier), against what its sentence says, never against a rule's pass over the board
(which may lean on deductions the chain does not tell).

Written apart from :mod:`queens_rules_starbattle.refute`, which decides what is told, so
that a gap there shows here.
"""

from __future__ import annotations

from collections.abc import Sequence

from queens_core import Board, Context, Contradiction, State
from queens_core.board import bits
from queens_rules_starbattle import counting
from queens_rules_starbattle.cases import group_mask
from queens_rules_starbattle.deductions import window_cover, windows
from queens_rules_starbattle.details import (
    Blocks,
    Capacity,
    Exclusion,
    Overcount,
    Undercount,
    UnitFull,
    UnitNeedsEveryCell,
)
from queens_rules_starbattle.refute import PROPAGATE


def _lines_of(where: Sequence) -> int:
    return 2 if where[0] in ("rows", "columns") else 1


def leaves_short(board: Board, state: State, cell: int, where: Sequence) -> bool:
    """Whether a star on ``cell`` (its ring ruled out) leaves the group ``where`` more
    stars than it may hold, fewer live cells than the stars it still needs, or live cells
    that fit in fewer 2×2 windows than that: exclusion's sentence, on ``state`` alone."""
    mask = group_mask(board, tuple(where))
    bit = 1 << cell
    need = board.stars * _lines_of(where) - ((state.queens | bit) & mask).bit_count()
    if need < 0:
        return True
    after = state.live & ~(board.kill_masks[cell] | bit) & mask
    if after.bit_count() < need:
        return True
    return need > 0 and window_cover(board.n, after, need - 1) is not None


def _one_in(board: Board, state: State, where: Sequence, window: int, part: int) -> bool:
    """Whether the group ``where`` surely has a star on one of ``part``, a window's live
    cells of the group: its other live cells fit in one window fewer than it needs."""
    mask = group_mask(board, tuple(where))
    need = board.stars * _lines_of(where) - (state.queens & mask).bit_count()
    cells = state.live & mask
    if need <= 0 or not part or cells & window & ~part:
        return False
    rest = cells & ~window
    if not rest:
        return True
    return need > 1 and window_cover(board.n, rest, need - 1) is not None


def _blocks_step(board: Board, state: State, why: Blocks, placed: int, killed: int) -> bool:
    """The 2×2 argument's step on the told facts: some window holding ``part`` (the
    group's live cells there) must hold one of the group's stars, and the step puts it
    down (a part of one cell) or rules out the window's other cells and the cells next to
    all of the part."""
    part = sum(1 << one for one in why.part)
    if part & ~state.live:
        return False
    rings = board.kill_masks
    near = state.live & ~part
    for one in bits(part):
        near &= rings[one]
    for window in windows(board.n):
        if part & ~window or not _one_in(board, state, why.where, window, part):
            continue
        if placed and placed != part:
            continue
        if not killed & ~((window & ~part) | near):
            return True
    return False


def _counted_step(board: Board, state: State, why: Undercount | Overcount, killed: int) -> bool:
    """Under- or overcounting on the told facts: as many regions as adjacent lines, the
    one set's stars and live cells within the other; the cells ruled out are the other
    set's, outside the first."""
    if len(why.regions) != len(why.lines):
        return False
    regions = 0
    for k in why.regions:
        regions |= board.region_masks[k]
    lines = 0
    for line in why.lines:
        lines |= board.unit_mask("row" if why.kind == "rows" else "column", line)
    taken = state.live | state.queens
    if isinstance(why, Undercount):
        return not regions & taken & ~lines and not killed & ~(lines & ~regions)
    return not lines & taken & ~regions and not killed & ~(regions & ~lines)


def _told_as(detail: object, why: object) -> bool:
    """Whether a deduction's ``detail`` is the reason ``why`` a step tells (a capacity
    count's clause does not tell its bounds)."""
    if isinstance(detail, Capacity) and isinstance(why, Capacity):
        return detail[:5] + detail[6:] == why[:5] + why[6:]
    return detail == why


class _Dry(Context):
    """A context that records a rule's deductions for the reason ``why`` without making
    any: every part of the rule's pass reads the state it was given, none of it what the
    pass found before."""

    __slots__ = ("found_live", "found_queens", "why")

    def __init__(self, board: Board, state: State, why: object):
        super().__init__(board, state, [])
        self.why = why
        self.found_live = 0
        self.found_queens = 0

    def place(self, cell: int, detail: tuple = (), counter: str | None = None) -> int:
        if _told_as(detail, self.why):
            self.found_queens |= 1 << cell
        return self.state.live & self.board.kill_masks[cell]

    def kill(self, mask: int, detail: tuple = (), counter: str | None = None) -> int:
        killed = mask & self.state.live & ~self.found_live
        if _told_as(detail, self.why):
            self.found_live |= killed
        return killed


def _dry_step(
    board: Board, state: State, counter: str, why: object, placed: int, killed: int
) -> bool:
    """Any other rule's step on the told facts: the rule, each part of its pass reading
    only the told state, makes it for the reason told."""
    ctx = _Dry(board, State(state.live, state.queens), why)
    try:
        PROPAGATE[counter](ctx)
    except Contradiction:
        pass  # a shortfall elsewhere: what the pass recorded before it still holds
    return not placed & ~ctx.found_queens and not killed & ~ctx.found_live


def _run_steps(board: Board, state: State, why: Capacity) -> list:
    """What capacity counting deduces on the one run of lines ``why`` names, reading its
    regions' bounds on the told facts: (stars, cells ruled out, detail) a step. (A run's
    windows are read one after the other, as the rule reads them: one argument.)"""
    index = [run[:3] for run in counting.runs(board.n)].index((why.kind, why.first, why.last))
    ctx = Context(board, State(state.live, state.queens), [])
    try:
        counting._capacity_counting(ctx, lambda other, _: other != index)
    except Contradiction:
        pass  # a shortfall further on in the run
    return [(step.placed, step.killed, step.detail) for step in ctx.steps]


def untold_leans(
    board: Board, state: State, supposed: int | Sequence[int], chain: Sequence
) -> list[tuple[int, str]]:
    """The steps of ``chain``, told after the stars ``supposed`` on ``state``, that do not
    hold on the facts told before them, as (index, why not); empty when every one does."""
    told = State(state.live, state.queens)
    ctx = Context(board, told, [])
    for cell in (supposed,) if isinstance(supposed, int) else supposed:
        if not told.live >> cell & 1:
            return [(-1, f"the supposed cell {cell} is not live")]
        ctx.place(cell)
    wrong: list[tuple[int, str]] = []
    argument: tuple[tuple, list] | None = None
    for index, (cells, counter, why) in enumerate(chain):
        if isinstance(cells, int):
            placed, killed = 1 << cells, 0
            if not told.live & placed:
                wrong.append((index, f"star on a cell not live: {cells}"))
                break
        else:
            placed, killed = 0, sum(1 << one for one in cells) & told.live
        if not isinstance(why, Capacity):
            argument = None
        if not placed and not killed:
            continue
        if isinstance(why, Exclusion):
            ok = all(leaves_short(board, told, one, why.where) for one in bits(killed))
        elif isinstance(why, UnitFull):
            unit = board.unit_mask(why.kind, why.which)
            ok = (told.queens & unit).bit_count() == board.stars and not killed & ~unit
        elif isinstance(why, UnitNeedsEveryCell):
            unit = board.unit_mask(why.kind, why.which)
            need = board.stars - (told.queens & unit).bit_count()
            ok = (told.live & unit).bit_count() == need and not placed & ~unit
        elif isinstance(why, Blocks):
            ok = _blocks_step(board, told, why, placed, killed)
        elif isinstance(why, Capacity):
            # Steps in a row on one run are one argument, read on the facts told before
            # the first of them.
            on = (why.kind, why.first, why.last, why.side)
            if argument is None or argument[0] != on:
                argument = (on, _run_steps(board, told, why))
            stars_left, cells_left = placed, killed
            for stars, ruled, detail in argument[1]:
                if _told_as(detail, why):
                    stars_left &= ~stars
                    cells_left &= ~ruled
            ok = not stars_left and not cells_left
        elif isinstance(why, Undercount | Overcount):
            ok = _counted_step(board, told, why, killed)
        else:
            ok = _dry_step(board, told, counter, why, placed, killed)
        if not ok:
            wrong.append((index, f"{counter} {why!r}"))
        if placed:
            ctx.place(cells)
        else:
            ctx.kill(killed)
    return wrong

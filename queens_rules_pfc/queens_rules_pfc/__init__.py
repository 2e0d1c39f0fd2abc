"""Placement-forces-contradiction (HEURISTICS.md and SOLVER.md), the expensive tier.

Try a queen on a candidate cell, propagate at most ``DEPTH`` rounds of the four basic
rules, and kill the cell if that exposes a contradiction. It is the line between
deduction and backtracking, so it stays bounded: candidates are gated by a small region
(``SMALL_REGION`` live cells at most), the depth is fixed, and no candidate builds on
another (each is tried on the state as it was when the rule started; the kills are
applied after all candidates were tried).

Glossary
--------
candidate
    A live cell whose kill mask meets the live cells of some region with 1 to
    ``SMALL_REGION`` live cells: only such a placement can empty a region quickly.
round
    One pass of single-cell region, single-cell row / column, region-confined-to-line and
    line-confined-to-region (:data:`queens_core.propagation.PROPAGATORS`), run exactly as
    the driver runs them.
contradiction
    Some row or column with two queens, or some row, column or region with no queen and
    no live cell.
"""

from __future__ import annotations

from queens_core.propagation import PROPAGATORS

from queens_core import Board, Context, Rule, Scratch, State, Tier, hookimpl

#: K: a candidate's kill mask must meet a region with at most this many live cells.
SMALL_REGION = 6
#: k: rounds of propagation after the trial placement.
DEPTH = 2


def candidates(board: Board, state: State) -> int:
    """The mask of live cells whose kill mask meets a region with 1..K live cells."""
    live = state.live
    small = 0
    for region in board.region_masks:
        cells = live & region
        if cells and cells.bit_count() <= SMALL_REGION:
            small |= cells
    if not small:
        return 0
    found = 0
    kill_masks = board.kill_masks
    rest = live
    while rest:
        low = rest & -rest
        rest ^= low
        if kill_masks[low.bit_length() - 1] & small:
            found |= low
    return found


def contradiction(board: Board, state: State) -> bool:
    """Two queens in a row or column, or a unit with no queen and no live cell."""
    covered = state.live | state.queens
    queens = state.queens
    for mask in board.row_masks:
        cells = queens & mask
        if cells & (cells - 1) or not covered & mask:
            return True
    for mask in board.col_masks:
        cells = queens & mask
        if cells & (cells - 1) or not covered & mask:
            return True
    for mask in board.region_masks:
        if not covered & mask:
            return True
    return False


def placement_fails(board: Board, state: State, cell: int) -> bool:
    """Does a queen on ``cell`` lead to a contradiction within DEPTH rounds?"""
    trial = State(state.live, state.queens)
    scratch = Scratch(board, trial)
    scratch.place(cell)
    for _ in range(DEPTH):
        if contradiction(board, trial):
            return True
        changed = False
        for propagate in PROPAGATORS:
            if propagate(scratch):
                changed = True
        if not changed:
            break
    return contradiction(board, trial)


def apply_placement_forces_contradiction(ctx: Context) -> None:
    board = ctx.board
    state = ctx.state
    doomed = []
    rest = candidates(board, state)
    while rest:
        low = rest & -rest
        rest ^= low
        cell = low.bit_length() - 1
        if placement_fails(board, state, cell):
            doomed.append(cell)
    for cell in doomed:
        ctx.kill(1 << cell, ("cell", cell))


RULES = [
    Rule(
        counter="placement_forces_contradiction",
        display_name="Placement-forces-contradiction",
        tier=Tier.EXPENSIVE,
        position=31,
        summary="A queen here would empty a unit within two rounds of the basic rules.",
        apply=apply_placement_forces_contradiction,
    )
]


@hookimpl
def queens_register_rules() -> list[Rule]:
    return list(RULES)

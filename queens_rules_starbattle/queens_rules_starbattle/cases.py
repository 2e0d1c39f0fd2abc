"""Bounded case splits: the way a person settles a group with two or three ways left.

"Row 5's last star is on r5c3 or on r5c4. With r5c3 … ; with r5c4 … ; either way r6c2 is
empty." A group (row, column, region or band of two adjacent lines) whose missing stars
fit in only a few placements (:func:`~.counting.placements`) is split into one case per
placement; each case is followed for a few rounds of the classical deductions, the ones
a person applies at a glance. A case that leaves some unit unable to hold its stars is
impossible; what every possible case agrees on is true.

:func:`suppose` is the walk both this rule and the trial star take: stars put on a copy
of the state and the classical deductions run from there, every forced star kept with
its reason, and a failed walk cut to the shortest prefix that already fails.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from queens_core import Board, Context, Contradiction, Scratch, State, Step
from queens_core.board import bits

from .counting import _enumerations
from .deductions import PROPAGATORS, _where_words, short_unit
from .details import (
    Blocks,
    Capacity,
    Case,
    CaseSplit,
    Exclusion,
    Overcount,
    Undercount,
    UnitFull,
    UnitNeedsEveryCell,
)

#: A group is split only when its missing stars fit in at most this many placements: a
#: person holds two or three cases in mind, not ten.
CASES = 3
#: Rounds of the classical deductions each case is followed for (a trial star's depth).
ROUNDS = 3

#: A chain of deductions: a star as (cell, counter, detail), cells ruled out as
#: ((cells, ...), counter, detail).
Forced = tuple[tuple[int | tuple[int, ...], str, tuple], ...]


def suppose(
    board: Board,
    state: State,
    placement: int,
    depth: int = ROUNDS,
    propagators: tuple[Callable[[Context], bool], ...] = PROPAGATORS,
    counter: str = "trial_star",
    last: tuple[Callable[[Context], bool], ...] = (),
) -> tuple[State, tuple[str, object] | None, Forced]:
    """Put a star on every cell of ``placement`` (live cells, no two touching) in a copy
    of ``state`` and propagate at most ``depth`` rounds of ``propagators``; return the
    copy, what failed — a unit left unable to hold K stars as (kind, index), ("count",
    reason) when a 2×2 or counting argument finds too little room, or None — and the
    chain that leads there (:data:`Forced`). ``last`` are propagators run only on a
    round where ``propagators`` changed nothing (such a round is a round of ``depth``):
    costly ones, which the cheap ones often make unnecessary.

    The failure is checked after every rule, the propagation is cut to the shortest
    prefix after which it already holds, and of that prefix only the steps the failure
    rests on are kept (:func:`needed_steps`): the stars and the cells ruled out that the
    refutation a person reads needs, and no others. The walk itself, and so the copy and
    the failure, are those of the full propagation: only what is told is shorter. With
    no failure the chain is every star the propagation forced.
    """
    trial_state = State(state.live, state.queens)
    ctx = Context(board, trial_state, [])
    ctx.counter = counter
    for cell in bits(placement):
        ctx.place(cell)
    found: tuple[str, object] | None = None
    # What a counting failure rests on: the whole board unless its argument says less.
    counted = board.full
    settled = False
    for _ in range(depth):
        found = short_unit(board, trial_state)
        if found is not None:
            break
        changed = False
        try:
            for propagate in last if settled else propagators:
                ctx.counter = propagate.__name__
                if propagate(ctx):
                    changed = True
                    found = short_unit(board, trial_state)
                    if found is not None:
                        break
        except Contradiction as err:
            found = ("count", str(err))
            counted = getattr(err, "mask", counted)
        if found is not None or (not changed and (settled or not last)):
            break
        # After a round that changed nothing, a round of the ``last`` propagators.
        settled = not changed
    if found is None:
        found = short_unit(board, trial_state)
    steps = ctx.steps[placement.bit_count() :]
    if found is not None:
        if found[0] == "count":
            steps = needed_steps(board, steps, counted)
        else:
            steps, found = _shortest_prefix(board, state, placement, steps, found)
            kind, which = found
            assert isinstance(which, int)
            steps = needed_steps(board, steps, board.unit_mask(kind, which))
        # The chain a person reads: what the failure rests on, cells ruled out too.
        forced = tuple(
            (step.placed.bit_length() - 1, step.counter, step.detail)
            if step.placed
            else (tuple(bits(step.killed)), step.counter, step.detail)
            for step in steps
        )
        return trial_state, found, forced
    return trial_state, found, _stars_of(steps)


def _stars_of(steps: Sequence[Step]) -> Forced:
    return tuple(
        (step.placed.bit_length() - 1, step.counter, step.detail) for step in steps if step.placed
    )


def premise(board: Board, detail: object) -> int:
    """The cells whose state a step with ``detail`` was read off: every cell on which
    its rule's argument rests (the unit it fills or empties, the group of 2×2 blocks,
    the regions and lines it counts). Every cell of the board for a reason not known
    here, so that a step of an unknown kind keeps every step before it."""
    if isinstance(detail, UnitFull | UnitNeedsEveryCell):
        return board.unit_mask(detail.kind, detail.which)
    if isinstance(detail, Blocks):
        return group_mask(board, detail.where)
    if isinstance(detail, Undercount | Overcount):
        return _lines_mask(board, detail.kind, detail.lines) | _regions_mask(board, detail.regions)
    if isinstance(detail, Exclusion):
        cell = detail.cell
        return group_mask(board, detail.where) | board.kill_masks[cell] | 1 << cell
    if isinstance(detail, Capacity):
        lines = tuple(range(detail.first, detail.last + 1))
        regions = (*(region for region, _ in detail.bounds), detail.region)
        return _lines_mask(board, detail.kind, lines) | _regions_mask(board, regions)
    return (1 << board.n * board.n) - 1


def group_mask(board: Board, where: Sequence) -> int:
    """A row, column or region ``("row", 2)``, or a band of two adjacent lines
    ``("rows", 2)``, as a mask."""
    kind, index = where
    if kind in ("rows", "columns"):
        return _lines_mask(board, kind, (index, index + 1))
    return board.unit_mask(kind, index)


def _lines_mask(board: Board, kind: str, lines: Sequence[int]) -> int:
    masks = board.row_masks if kind in ("rows", "row") else board.col_masks
    found = 0
    for line in lines:
        found |= masks[line]
    return found


def _regions_mask(board: Board, regions: Sequence[int]) -> int:
    found = 0
    for region in regions:
        found |= board.region_masks[region]
    return found


def needed_steps(board: Board, steps: Sequence[Step], failed: int) -> list[Step]:
    """The steps of a refutation that its end depends on, in their order: walking back
    from the unit ``failed`` (its mask), a step is kept when it changed a cell that the
    failure or a kept later step was read off (:func:`premise`), and then what it was
    read off is needed too. The other steps are true but beside the point: replaying the
    kept ones alone from the supposition reaches the same failure, each step's premise
    being, cell for cell, what it was in the full walk. A kept step that only rules
    cells out keeps only the cells read later. One pass, linear in the steps."""
    needed = failed
    kept: list[Step] = []
    for step in reversed(steps):
        if (step.placed | step.killed) & needed:
            if not step.placed:
                # Of the cells it rules out, only those read later need saying.
                step = step._replace(killed=step.killed & needed)
            kept.append(step)
            needed |= premise(board, step.detail)
    kept.reverse()
    return kept


def _shortest_prefix(
    board: Board, state: State, placement: int, steps: list, found: tuple[str, object]
) -> tuple[list, tuple[str, object]]:
    """The steps up to the first after which some unit can no longer hold K stars, and
    that unit."""
    replay = State(state.live, state.queens)
    scratch = Scratch(board, replay)
    for cell in bits(placement):
        scratch.place(cell)
    for number, step in enumerate(steps):
        if step.placed:
            scratch.place(step.placed.bit_length() - 1)
        else:
            scratch.kill(step.killed)
        short = short_unit(board, replay)
        if short is not None:
            return steps[: number + 1], short
    return steps, found


def case_split(ctx: Context | Scratch) -> bool:
    """A group with two or three placements left: follow each for ROUNDS rounds of the
    classical deductions (unit full, unit exactly filled, 2×2 blocks, under- and
    overcounting); a case that leaves a unit unable to hold its stars is impossible, and
    a cell every possible case empties is empty, a cell every one stars is a star. When
    only one case is left, its stars are put down (and only they: the rules that follow
    derive the rest, each in a step of its own).

    Sound: the solution's stars in the group are one of its placements (see
    :func:`~.counting.local_enumeration`), so the solution extends the state of some
    case. The deductions followed are sound, so that case's state (the stars of the
    placement, and everything the deductions derive from them) holds in the solution
    and never leaves a unit short; the case is not one of the impossible ones, and
    what all the possible cases agree on holds in it. No possible case at all is a
    contradiction.

    A step's detail is a :class:`~.details.CaseSplit`: the group and, per case, its
    placement, the stars the deductions forced there (none told for the one case left)
    and, for an impossible case, the unit it left short.
    """
    board = ctx.board
    state = ctx.state
    changed = False
    for where, _mask, need, found in _enumerations(board, state):
        if not 2 <= len(found) <= CASES:
            continue
        before = State(state.live, state.queens)
        cases: list[Case] = []
        empty = stars = before.live
        possible = 0
        for placement in found:
            after, failure, forced = suppose(board, before, placement, ROUNDS, PROPAGATORS)
            if failure is None:
                possible += 1
                empty &= ~(after.live | after.queens)
                stars &= after.queens
                cases.append(Case(tuple(bits(placement)), forced, None, None))
            else:
                kind, which = failure
                cases.append(Case(tuple(bits(placement)), forced, kind, which))
        if not possible:
            raise Contradiction(
                f"every way {_where_words(board, where)} can take its {need} missing "
                "stars leaves some unit unable to hold its stars"
            )
        if possible == 1:
            # One way left: its stars are the conclusion, and the classical rules take it
            # from there one step at a time, rather than the whole walk at once.
            (survivor,) = (i for i, case in enumerate(cases) if case.kind is None)
            stars = sum(1 << cell for cell in cases[survivor].placement)
            empty = 0
            cases[survivor] = Case(cases[survivor].placement, (), None, None)
        if not empty and not stars:
            continue
        detail = CaseSplit(where, tuple(cases))
        if empty and ctx.kill(empty, detail):
            changed = True
        for cell in bits(stars & state.live):
            if state.live >> cell & 1:
                ctx.place(cell, detail)
                changed = True
    return changed

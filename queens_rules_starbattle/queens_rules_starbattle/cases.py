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

from collections.abc import Callable

from queens_core import Board, Context, Contradiction, Scratch, State
from queens_core.board import bits

from .counting import _enumerations
from .deductions import PROPAGATORS, _where_words, short_unit
from .details import Case, CaseSplit

#: A group is split only when its missing stars fit in at most this many placements: a
#: person holds two or three cases in mind, not ten.
CASES = 3
#: Rounds of the classical deductions each case is followed for (a trial star's depth).
ROUNDS = 3

Forced = tuple[tuple[int, str, tuple], ...]


def suppose(
    board: Board,
    state: State,
    placement: int,
    depth: int = ROUNDS,
    propagators: tuple[Callable[[Context], bool], ...] = PROPAGATORS,
    counter: str = "trial_star",
) -> tuple[State, tuple[str, object] | None, Forced]:
    """Put a star on every cell of ``placement`` (live cells, no two touching) in a copy
    of ``state`` and propagate at most ``depth`` rounds of ``propagators``; return the
    copy, what failed — a unit left unable to hold K stars as (kind, index), ("count",
    reason) when a 2×2 or counting argument finds too little room, or None — and the
    stars the propagation forced before the failure, each as (cell, counter, detail).

    The failure is checked after every rule, and the forced stars are cut to the
    shortest prefix of the propagation after which it already holds: the refutation a
    person reads is no longer than it needs to be.
    """
    trial_state = State(state.live, state.queens)
    ctx = Context(board, trial_state, [])
    ctx.counter = counter
    for cell in bits(placement):
        ctx.place(cell)
    found: tuple[str, object] | None = None
    for _ in range(depth):
        found = short_unit(board, trial_state)
        if found is not None:
            break
        changed = False
        try:
            for propagate in propagators:
                ctx.counter = propagate.__name__
                if propagate(ctx):
                    changed = True
                    found = short_unit(board, trial_state)
                    if found is not None:
                        break
        except Contradiction as err:
            found = ("count", str(err))
        if found is not None or not changed:
            break
    if found is None:
        found = short_unit(board, trial_state)
    steps = ctx.steps[placement.bit_count() :]
    if found is not None and found[0] != "count":
        steps, found = _shortest_prefix(board, state, placement, steps, found)
    forced = tuple(
        (step.placed.bit_length() - 1, step.counter, step.detail) for step in steps if step.placed
    )
    return trial_state, found, forced


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

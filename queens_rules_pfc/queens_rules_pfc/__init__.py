"""Placement-forces-contradiction, the expensive tier, graded Fiendish.

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
settled
    No live cell lies in the kill mask of a queen (so no two queens share a line either).
    The driver keeps every state settled; from a settled state a trial can only end in an
    empty unit, and :class:`Trials` (:mod:`.trials`) runs it on plain ints. :func:`trial`
    is the reference it must agree with, step for step.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from queens_core import (
    Board,
    Context,
    Grade,
    Place,
    Rule,
    Scratch,
    State,
    Step,
    Tier,
    bits,
    cell_label,
    hookimpl,
    pickle_by_tuple_form,
)
from queens_core.propagation import PROPAGATORS, LineConfined, OnlyLiveCell, RegionConfined
from queens_core.words import cells_words, unit_name

from .trials import DEPTH, EMPTY, SMALL_REGION, TWO_QUEENS, Trials

__all__ = [
    "DEPTH",
    "EMPTY",
    "SMALL_REGION",
    "TWO_QUEENS",
    "PlacementForcesContradiction",
    "TrialFails",
    "Trials",
    "apply_placement_forces_contradiction",
    "candidates",
    "first_contradiction",
    "needed_queens",
    "refutation",
    "trial",
]


class _TrialFailsFields(NamedTuple):
    tag: str
    cell: int
    kind: str
    which: int
    problem: str
    forced: tuple[int, ...]


class TrialFails(_TrialFailsFields):
    """Why a cell died: a queen on ``cell`` makes the unit ``kind`` (``row``, ``column``
    or ``region``) ``which`` fail with ``problem`` (:data:`EMPTY` or :data:`TWO_QUEENS`)
    within the trial's rounds; ``forced`` are the cells where the trial's propagation
    placed queens, in cell order (``("cell", cell, kind, which, problem, forced)`` as a
    tuple)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(
        cls, cell: int, kind: str, which: int, problem: str, forced: tuple[int, ...]
    ) -> TrialFails:
        return tuple.__new__(cls, ("cell", cell, kind, which, problem, forced))


def candidates(board: Board, state: State) -> int:
    """The mask of live cells whose kill mask meets a region with 1..K live cells."""
    return _trials(board).candidates(state.live)


def first_contradiction(board: Board, state: State) -> tuple[str, int, str] | None:
    """What makes ``state`` contradictory, as (kind, index, problem), or None.

    ``kind`` is "row", "column" or "region", ``index`` is 0-based and ``problem`` is
    :data:`TWO_QUEENS` or :data:`EMPTY`. Rows are checked first, then columns, then
    regions, so the answer is the same on every run.
    """
    covered = state.live | state.queens
    queens = state.queens
    for kind, masks in (("row", board.row_masks), ("column", board.col_masks)):
        for index, mask in enumerate(masks):
            cells = queens & mask
            if cells & (cells - 1):
                return (kind, index, TWO_QUEENS)
            if not covered & mask:
                return (kind, index, EMPTY)
    for index, mask in enumerate(board.region_masks):
        if not covered & mask:
            return ("region", index, EMPTY)
    return None


def trial(board: Board, state: State, cell: int) -> tuple[State, tuple[str, int, str] | None]:
    """Place a queen on ``cell`` in a copy of ``state``, propagate at most DEPTH rounds.

    Returns the trial's state and its contradiction (None when there is none).
    """
    trial_state = State(state.live, state.queens)
    scratch = Scratch(board, trial_state)
    scratch.place(cell)
    for _ in range(DEPTH):
        found = first_contradiction(board, trial_state)
        if found is not None:
            return trial_state, found
        changed = False
        for propagate in PROPAGATORS:
            if propagate(scratch):
                changed = True
        if not changed:
            break
    return trial_state, first_contradiction(board, trial_state)


def needed_queens(board: Board, state: State, cell: int, kind: str, index: int) -> list[int]:
    """The queens a trial of ``cell`` on ``state`` forces that its failure in the unit
    ``kind`` ``index`` rests on, in cell order (:func:`refutation`'s queens): a queen
    forced elsewhere, beside the point, is left out of the sentence."""
    steps = refutation(board, state, cell, kind, index)
    return sorted(step.placed.bit_length() - 1 for step in steps if step.placed)


def refutation(board: Board, state: State, cell: int, kind: str, index: int) -> list[Step]:
    """The steps of a trial of ``cell`` on ``state`` that its failure in the unit
    ``kind`` ``index`` rests on, in order: the trial is run again step by step, and
    walking back from the unit a step is kept when it changed a cell that the failure or
    a kept later step was read off (the unit a single-cell step fills, the region or
    line a confinement clears from). Replayed alone after the trial queen, the kept
    steps reach the same failure: each one's premise is, cell for cell, what it was."""
    trial_state = State(state.live, state.queens)
    ctx = Context(board, trial_state, [])
    ctx.place(cell)
    for _ in range(DEPTH):
        if first_contradiction(board, trial_state) is not None:
            break
        changed = False
        for propagate in PROPAGATORS:
            ctx.counter = propagate.__name__  # each step names the rule that made it
            if propagate(ctx):
                changed = True
        if not changed:
            break
    needed = board.unit_mask(kind, index)
    kept = []
    for step in reversed(ctx.steps[1:]):
        if (step.placed | step.killed) & needed:
            needed |= _premise(board, step.detail)
            kept.append(step)
    kept.reverse()
    return kept


def _premise(board: Board, detail: object) -> int:
    """The cells a basic rule's step was read off; every cell for one not known here."""
    if isinstance(detail, OnlyLiveCell):
        return board.unit_mask(detail.kind, detail.which)
    if isinstance(detail, RegionConfined):
        return board.region_masks[detail.region]
    if isinstance(detail, LineConfined):
        return board.unit_mask(detail.kind, detail.line)
    return board.full


@functools.lru_cache(maxsize=256)
def _trials(board: Board) -> Trials:
    """The board's masks laid out for trials, once per board rather than once per call
    (boards are read-only; a batch or a generator solves one board many times). A few
    hundred boards' layouts take a few megabytes at most."""
    return Trials(board)


def apply_placement_forces_contradiction(ctx: Context) -> None:
    """Kill every candidate whose trial placement ends in a contradiction.

    A kill's detail is a :class:`TrialFails`: the trial cell, the unit that failed, the
    problem and, so that the chain can be told, the cells where the trial's propagation
    placed queens.
    """
    board = ctx.board
    state = ctx.state
    trials = _trials(board)
    live = state.live
    queens = state.queens
    rest = trials.candidates(live)
    if rest and trials.settled(state):
        doomed = trials.doomed(live, queens, rest)
    else:
        doomed = []
        while rest:
            low = rest & -rest
            rest ^= low
            cell = low.bit_length() - 1
            trial_state, found = trial(board, state, cell)
            if found is not None:
                forced = tuple(bits(trial_state.queens & ~queens & ~low))
                doomed.append((cell, found, forced))
    for cell, (kind, index, problem), forced in doomed:
        # Made from its tuple form, without a Python call: a hard board has many.
        detail = ("cell", cell, kind, index, problem, forced)
        ctx.kill(1 << cell, tuple.__new__(TrialFails, detail))


class PlacementForcesContradiction(Rule):
    counter = "placement_forces_contradiction"
    display_name = "Placement-forces-contradiction"
    tier = Tier.EXPENSIVE
    position = 31
    summary = "A queen here would empty a unit within two rounds of the basic rules."
    weight = 20  # trial and error, two moves deep
    grade = Grade.FIENDISH

    apply = staticmethod(apply_placement_forces_contradiction)

    def explain(self, step: Step, board: Board, before: State) -> str | None:
        """Why the trial cell of a kill cannot hold a queen, told on ``before``.

        The rule tries every candidate on the state it started from and kills the doomed ones
        after, but a reader meets the kills one at a time: by this step, the cells the trial
        met may have died at an earlier step of the same round. So the trial is told as it
        goes on ``before``, the state the reader sees (it is run again here), so every cell the
        sentence names is live there. On ``before`` the trial nearly always fails within two
        rounds too; when it does not, the sentence refers to the round's starting position
        without naming the cells that have died since.
        """
        if not isinstance(step.detail, TrialFails) or step.placed:
            return None
        cell = step.detail.cell
        label = cell_label(board, cell)
        if not before.live >> cell & 1:
            return None
        trial_state, found = trial(board, before, cell)
        if found is None:
            return (
                f"Suppose {label} held a queen: in the position this round of trials started "
                f"from (before the cells ruled out just above), two rounds of the basic rules "
                f"would then reach a contradiction, so {label} cannot hold a queen."
            )
        kind, index, problem = found
        forced = needed_queens(board, before, cell, kind, index)
        unit = unit_name(board, kind, index)
        then = ""
        if forced:
            where = cells_words(board, forced)
            queens = "queens" if len(forced) > 1 else "a queen"
            then = f"the basic rules would then place {queens} on {where}"
        unit_mask = board.unit_mask(kind, index)
        if problem == TWO_QUEENS:
            both = cells_words(board, bits(trial_state.queens & unit_mask))
            end = f"{unit} would hold two queens ({both})"
        elif forced:
            end = f"{unit} would have no cell left for its queen"
        elif not before.live & unit_mask & ~board.kill_masks[cell] & ~(1 << cell):
            rest = list(bits(before.live & unit_mask & ~(1 << cell)))
            which = (
                f"the only live cell left in {unit}"
                if len(rest) == 1
                else f"all the live cells left in {unit}"
            )
            end = (
                f"it would rule out {cells_words(board, rest)}, {which}, leaving no cell "
                "for its queen"
            )
        else:
            end = (
                f"the cells it rules out, and what the basic rules then deduce, would "
                f"leave {unit} with no cell for its queen"
            )
        middle = f"{then}, and {end}" if then else end
        return f"Suppose {label} held a queen: {middle}. So {label} cannot hold a queen."

    def focus(self, step: Step, board: Board, before: State) -> Place | None:
        """The unit the trial empties, found on ``before`` as :meth:`explain` finds it (so it
        is the unit its sentence names); the trial's cell when that run finds none."""
        detail = step.detail
        if not isinstance(detail, TrialFails) or step.placed or not before.live >> detail.cell & 1:
            return None
        found = trial(board, before, detail.cell)[1]
        return Place.cell(detail.cell) if found is None else Place.unit(found[0], found[1])


RULES: list[Rule] = [PlacementForcesContradiction()]


@hookimpl
def queens_register_rules() -> list[Rule]:
    return list(RULES)

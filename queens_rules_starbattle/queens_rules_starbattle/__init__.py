"""Star Battle rules for the queens solver: K stars per row, column and region (K ≥ 2).

The classical deductions of the Star Battle literature, each a named rule with a counter
(the functions are in :mod:`queens_rules_starbattle.deductions`), and the SBN reader
(:mod:`queens_rules_starbattle.sbn`). Every rule here is sound for any K but declares
K ≥ 2: Queens boards (K = 1) keep the Queens catalog and its counters unchanged.

Every command loads this module to register the rules, Queens commands too, which call
none of them; so the modules that hold the deductions and their sentences are imported
when a rule is first called (:class:`Deferred`), not here. A rule added to :data:`RULES`
keeps that so by naming its function with :class:`Deferred` rather than importing it.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any

from queens_core import (
    Board,
    Context,
    Grade,
    Place,
    Rule,
    State,
    Step,
    Tier,
    hookimpl,
)
from queens_core.board import bits
from queens_core.propagation import settle_queens

if TYPE_CHECKING:
    from .cases import Forced


class Deferred:
    """The function ``name`` of this package's module ``module``, imported on the first
    call: a rule's ``apply`` (or its ``explain`` or ``focus``) that costs nothing to
    register. Pickled by its names (a
    cluster's workers import the module themselves)."""

    __slots__ = ("function", "module", "name")

    def __init__(self, module: str, name: str):
        self.module = module
        self.name = name
        self.function: Callable[..., Any] | None = None

    def __call__(self, *args: Any) -> Any:
        function = self.function
        if function is None:
            module = import_module(f"{__name__}.{self.module}")
            function = self.function = getattr(module, self.name)
        return function(*args)

    def __reduce__(self) -> tuple[type[Deferred], tuple[str, str]]:
        return (Deferred, (self.module, self.name))

    def __repr__(self) -> str:
        return f"Deferred({self.module!r}, {self.name!r})"


block_cases = Deferred("block_split", "block_cases")
block_cases_focus = Deferred("block_split", "block_cases_focus")
block_cases_why = Deferred("block_split", "block_cases_why")
case_split = Deferred("cases", "case_split")
composite_regions = Deferred("composite", "composite_regions")
capacity_counting = Deferred("counting", "capacity_counting")
exclusion = Deferred("counting", "exclusion")
local_enumeration = Deferred("counting", "local_enumeration")
overcounting = Deferred("deductions", "overcounting")
two_by_two_blocks = Deferred("deductions", "two_by_two_blocks")
undercounting = Deferred("deductions", "undercounting")
unit_exactly_filled = Deferred("deductions", "unit_exactly_filled")
unit_full = Deferred("deductions", "unit_full")
flow_counting = Deferred("flow", "flow_counting")

#: The names this module gave from its other modules before it loaded them lazily,
#: by module: still ``queens_rules_starbattle.DEPTH`` and so on, imported when asked for.
_LATER = {
    "Forced": "cases",
    "suppose": "cases",
    "PROPAGATORS": "deductions",
    "TrialFails": "details",
    "DEEP_DEPTH": "refute",
    "DEEP_PROPAGATORS": "refute",
    "DEPTH": "refute",
    "star_focus": "sentences",
    "star_why": "sentences",
}


def __getattr__(name: str) -> Any:
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{module}"), name)


#: On boards up to this size every live cell gets a trial star.
SMALL_BOARD = 14
#: On larger ones only the cells of units with at most SLACK live cells to spare: there a
#: star is likeliest to starve a unit, and the tier stays bounded on a 25×25 board.
SLACK = 3


def candidates(board: Board, state: State) -> int:
    """Every live cell on a board of up to SMALL_BOARD rows; on a larger one the live
    cells of the units with at most SLACK live cells to spare."""
    live = state.live
    if board.n <= SMALL_BOARD:
        return live
    found = 0
    stars = board.stars
    for _, _, mask in board.units:
        cells = live & mask
        if cells and cells.bit_count() - (stars - (state.queens & mask).bit_count()) <= SLACK:
            found |= cells
    return found


def trial(
    board: Board,
    state: State,
    cell: int,
    depth: int | None = None,
    propagators: tuple[Callable[[Context], bool], ...] | None = None,
) -> tuple[State, tuple[str, object] | None, Forced]:
    """Put a star on ``cell`` in a copy of ``state`` and propagate at most ``depth``
    rounds (None: :data:`~.refute.DEPTH`) of the cheap deductions (``propagators``;
    None: :data:`~.deductions.PROPAGATORS`); return the trial's state, what failed — a
    unit left unable to hold K stars as (kind, index), ("count", reason) when a 2×2 or
    counting argument finds too little room, or None — and the chain of deductions the
    failure rests on (:func:`~.cases.suppose`).
    """
    from .cases import suppose
    from .deductions import PROPAGATORS
    from .refute import DEPTH

    if depth is None:
        depth = DEPTH
    if propagators is None:
        propagators = PROPAGATORS
    return suppose(board, state, 1 << cell, depth, propagators)


def trial_star(ctx: Context) -> None:
    """Kill the candidates whose trial star leaves some unit unable to hold K stars.


    Sound: a trial only applies sound deductions to the state with the star added, so a
    unit it leaves short (or a contradiction it finds) proves that no solution extending
    the state has a star there. A kill's detail is a :class:`~.details.TrialFails`: the
    trial cell, the unit that failed and the stars the trial's propagation
    placed on the way, in order, each as (cell, counter, detail) so its reason can be
    told. Every trial starts from the state as the rule found it.
    """
    from .details import TrialFails

    board = ctx.board
    state = ctx.state
    doomed = []
    for cell in bits(candidates(board, state)):
        _, found, forced = trial(board, state, cell)
        if found is not None:
            doomed.append((cell, found, forced))
    # Shortest refutations first, so a reader meets the simplest arguments first. (Killing
    # only the shortest and waiting for the cheap rules reads better still, but costs a
    # round of trials per kill: several times slower on 14×14 boards.)
    doomed.sort(key=lambda item: len(item[2]))
    for cell, (kind, index), forced in doomed:
        ctx.kill(1 << cell, TrialFails(cell, kind, index, forced))


#: Cells one solve may give a deep trial, all calls together: a count, not seconds, so
#: that a solve (and the grade read off it) is the same on a busy machine. About a second
#: of trials on a 14×14 board with 3 stars.
DEEP_BUDGET = 25


def deep_trial(ctx: Context) -> None:
    """The trial star, wider and deeper, for when every other rule stalls: every live
    cell (at any size) gets a star, and the cheap deductions, exclusion and capacity
    counting included, run on it until nothing changes rather than for three rounds.
    Cells in the units with the least room to spare are tried first, and the first cell
    refuted is killed at once: the cheap rules take it from there, and the next call
    starts from the stronger state.

    Bounded: one solve tries at most DEEP_BUDGET cells, all calls together (the count is
    kept in the rule's cache, which lives as long as the solve's state); a call that
    reaches the end of it stops, keeps what it proved and reports the cells it left
    untried through :meth:`~queens_core.Context.stopped_at_budget`.

    Sound for the reason the trial star is: a unit a trial leaves short, or a
    contradiction it finds, proves that no solution extending the state has a star on
    the trial cell. A kill's detail is the trial star's, a :class:`~.details.TrialFails`.
    """
    from .details import TrialFails
    from .refute import DEEP_DEPTH, DEEP_PROPAGATORS

    board = ctx.board
    state = ctx.state
    cache = ctx.cache
    order = _tightest_first(board, state)
    for number, cell in enumerate(order):
        tried = cache.get("tried", 0)
        if tried >= DEEP_BUDGET:
            # The count spans the solve's calls: earlier trials were on earlier states.
            ctx.stopped_at_budget(
                f"it used its {DEEP_BUDGET} trials for a solve; on the state it stopped at, "
                f"{len(order) - number} of the {len(order)} live cells were not tried"
            )
            return
        cache["tried"] = tried + 1
        _, found, forced = trial(board, state, cell, DEEP_DEPTH, DEEP_PROPAGATORS)
        if found is not None:
            kind, index = found
            ctx.kill(1 << cell, TrialFails(cell, kind, index, forced))
            return


#: The sizes the trial sweep runs on: above SMALL_BOARD, where the trial star tries only
#: the tightest units' cells, and up to 17×17, where a trial costs about 10 ms.
SWEEP_SIZES = range(SMALL_BOARD + 1, 18)
#: Cells one solve may give the trial sweep, all calls together: a count, not seconds,
#: so that a solve is the same on a busy machine: about three passes over a 17×17
#: board, some 4 s of trials (public board 9 of the 17×17 4★ file needs 833).
SWEEP_BUDGET = 900


def trial_sweep(ctx: Context) -> None:
    """The deep trial over every live cell, pass after pass, for when the deep trial has
    stopped at its budget and every other rule stalls (boards of SWEEP_SIZES). A pass
    tries the live cells one by one; a cell refuted is killed at once, so the cells
    after it are tried on the stronger state (one refutation often opens the next), and
    at the end of a pass that killed something the cheap rules take it from there; the
    next call starts a new pass. A pass that tried every live cell on one unchanged state
    and refuted none is the rule's fixed point.

    A trial is the deep trial's: a star on the cell, then the cheap deductions,
    exclusion and capacity counting included, until nothing changes (capacity counting
    only on a round where the others changed nothing). Those two read again only what
    the trial changed since the state it started from (:class:`~.counting.Reread`):
    the same steps as the rules, in less time. Cells of the units with the least room to
    spare go first in a pass.

    Bounded: one solve tries at most SWEEP_BUDGET cells, all calls together (the count
    is kept in the rule's cache, which lives as long as the solve's state); a call that
    reaches the end of it stops, keeps what it proved and reports the cells it left
    untried through :meth:`~queens_core.Context.stopped_at_budget`.

    Sound for the reason the trial star is: a unit a trial leaves short, or a
    contradiction it finds, proves that no solution extending the state has a star on
    the trial cell. Which cells it skips in a pass decides only when it finds a kill,
    never whether a kill is true: it stops only on a pass over every live cell of the
    state it ends on. A kill's detail is the trial star's, a :class:`~.details.TrialFails`.
    """
    from .cases import suppose
    from .counting import Reread
    from .deductions import PROPAGATORS
    from .details import TrialFails
    from .refute import DEEP_DEPTH

    board = ctx.board
    if board.n not in SWEEP_SIZES:
        return
    state = ctx.state
    cache = ctx.cache
    # Every trial starts from the state as the call found it, less the cells killed
    # since: exclusion and capacity counting that read again only what a trial changed
    # make the same steps in less time (:class:`~.counting.Reread`).
    reread = Reread(board, State(state.live, state.queens))
    # Capacity counting, the costliest, only once the others change nothing: the same
    # cells are refuted (all 20 on the stalls of public 17×17 boards 0 and 7), in about
    # three quarters of the time.
    first = (*PROPAGATORS, reread.exclusion)
    last = (reread.capacity_counting,)
    # The pass: the cells it tried, and the state it started on (live cells never come
    # back, so an unchanged pair means no rule changed anything since).
    passed = cache.get("passed", 0)
    while True:
        if passed & state.live == state.live:
            if cache.get("start") == (state.live, state.queens):
                cache["passed"] = passed
                return  # every live cell tried on this very state: nothing to refute
            passed = 0
        if not passed:
            cache["start"] = (state.live, state.queens)
        order = [cell for cell in _tightest_first(board, state) if not passed >> cell & 1]
        killed = False
        for number, cell in enumerate(order):
            tried = cache.get("tried", 0)
            if tried >= SWEEP_BUDGET:
                cache["passed"] = passed
                ctx.stopped_at_budget(
                    f"it used its {SWEEP_BUDGET} trials for a solve; on the state it "
                    f"stopped at, {len(order) - number} of its {state.live.bit_count()} "
                    "live cells were not tried in this pass"
                )
                return
            cache["tried"] = tried + 1
            passed |= 1 << cell
            _, found, forced = suppose(
                board, state, 1 << cell, DEEP_DEPTH, first, "trial_sweep", last
            )
            if found is not None:
                kind, index = found
                ctx.kill(1 << cell, TrialFails(cell, kind, index, forced))
                killed = True
                # Trials start from the stronger state now.
                reread.advance(state)
        cache["passed"] = passed
        if killed:
            return


def _tightest_first(board: Board, state: State) -> list[int]:
    """The live cells, those of the unit with the least room to spare first."""
    slack_of: dict[int, int] = {}
    stars = board.stars
    for _, _, mask in board.units:
        cells = state.live & mask
        if cells:
            slack = cells.bit_count() - (stars - (state.queens & mask).bit_count())
            for cell in bits(cells):
                slack_of[cell] = min(slack_of.get(cell, slack), slack)
    return sorted(slack_of, key=lambda cell: (slack_of[cell], cell))


class StarRule(Rule):
    """A rule of this package: every one is for K ≥ 2, explained by :func:`star_why`,
    pointed at by :func:`star_focus`, and named "Star Battle" in reports. Each rule is an
    instance with its own metadata and ``apply``."""

    min_stars = 2
    max_stars = None
    family = "Star Battle"

    def explain(self, step: Step, board: Board, before: State) -> str | None:
        from .sentences import star_why

        return star_why(step, board, before)

    def focus(self, step: Step, board: Board, before: State) -> Place | None:
        from .sentences import star_focus

        return star_focus(step, board, before)


#: The score weights of the rules below were fitted to publishers' difficulty labels (easy
#: and medium against hard and expert boards, K = 2 and 3), held-out boards checking
#: them: bench/calibrate_star_grade.py and docs/star-battle.md tell how.

#: The classical deductions: the K ≥ 2 ladder's first rung.
CLASSICAL = Grade.MEDIUM


RULES: list[Rule] = [
    StarRule(
        counter="star_neighbour_kill",
        display_name="Star-neighbour kill",
        tier=Tier.CHEAP,
        position=201,
        summary="A star kills its 8 neighbours: no two stars touch, even diagonally.",
        weight=1,  # a star's neighbours: seen at a glance
        apply=settle_queens,
        counting="placement",
        grade=CLASSICAL,
    ),
    StarRule(
        counter="unit_full",
        display_name="Unit full",
        tier=Tier.CHEAP,
        position=202,
        summary="A row, column or region that holds its K stars kills its other cells.",
        weight=4,
        apply=unit_full,
        grade=CLASSICAL,
    ),
    StarRule(
        counter="unit_exactly_filled",
        display_name="Unit exactly filled",
        tier=Tier.CHEAP,
        position=203,
        summary="A unit with as many live cells as stars still needed has a star on each.",
        weight=12,  # the last cells of a unit: easy to miss on a large board
        apply=unit_exactly_filled,
        grade=CLASSICAL,
    ),
    StarRule(
        counter="two_by_two_blocks",
        display_name="2×2 blocks",
        tier=Tier.CHEAP,
        position=204,
        summary="A row pair, column pair or region that fits its stars in as many 2×2 "
        "blocks has one star in each block.",
        weight=4,
        apply=two_by_two_blocks,
        grade=CLASSICAL,
    ),
    StarRule(
        counter="undercounting",
        display_name="Undercounting",
        tier=Tier.CHEAP,
        position=205,
        summary="k regions within k adjacent rows (columns) own those lines' stars.",
        weight=16,  # regions counted against lines
        apply=undercounting,
        grade=CLASSICAL,
    ),
    StarRule(
        counter="overcounting",
        display_name="Overcounting",
        tier=Tier.CHEAP,
        position=206,
        summary="k adjacent rows (columns) within k regions use up those regions' stars.",
        weight=4,
        apply=overcounting,
        grade=CLASSICAL,
    ),
    StarRule(
        counter="exclusion",
        display_name="Exclusion",
        tier=Tier.CHEAP,
        position=207,
        summary="A star here would leave some row, column, pair of adjacent lines or region "
        "too little room for its stars (too few live cells, or too few 2×2 blocks).",
        weight=2,  # one cell tried against the units around it
        apply=exclusion,
        grade=Grade.HARD,
    ),
    StarRule(
        counter="capacity_counting",
        display_name="Capacity counting",
        tier=Tier.CHEAP,
        position=208,
        summary="The most (least) each region can put into a run of adjacent lines adds up "
        "to what the lines need: each region puts exactly that many there.",
        weight=64,  # several regions' 2×2 room counted against several lines
        apply=capacity_counting,
        grade=Grade.HARD,
    ),
    StarRule(
        counter="local_enumeration",
        display_name="Local enumeration",
        tier=Tier.CHEAP,
        position=209,
        summary="Every way a unit or pair of lines can take its missing stars agrees on a "
        "cell: it holds a star in all of them, or none.",
        weight=8,  # every placement of a unit written out and checked
        apply=local_enumeration,
        grade=Grade.HARD,
    ),
    StarRule(
        counter="flow_counting",
        display_name="Flow counting",
        tier=Tier.CHEAP,
        position=210,
        summary="Rows (columns) against regions, any lines at once: a region that no way of "
        "sharing out their stars lets put another star in a line has none on its live cells "
        "there; one that none lets put fewer than its room there fills it.",
        weight=48,  # every row and region counted against all the others at once
        apply=flow_counting,
        grade=Grade.HARD,
    ),
    StarRule(
        counter="case_split",
        display_name="Case split",
        tier=Tier.CHEAP,
        position=211,
        summary="A row, column, pair of adjacent lines or region with only two or three ways "
        "left to take its stars: each way is followed for three rounds of the classical "
        "rules; a way that leaves some unit short is out, and what every other way agrees "
        "on holds.",
        weight=64,  # two or three chains of deductions held in mind at once
        apply=case_split,
        grade=Grade.HARD,
    ),
    StarRule(
        counter="composite_regions",
        display_name="Composite regions",
        tier=Tier.CHEAP,
        position=212,
        summary="Several regions counted as one against a run of adjacent lines: what the "
        "lines need, less what their other cells' 2×2 blocks can hold (or what the regions "
        "need, less what their cells elsewhere can hold), is the least the regions put "
        "there; when that is all they (or the lines) need, or all their blocks there hold, "
        "the rest follows.",
        weight=48,  # several regions and lines, and the 2×2 room of three parts, at once
        apply=composite_regions,
        grade=Grade.HARD,
    ),
    StarRule(
        counter="block_cases",
        display_name="Block cases",
        tier=Tier.CHEAP,
        position=213,
        summary="A 2×2 block that must hold one of a group's stars: each of its cells is "
        "followed for three rounds of the classical rules; a cell that leaves some unit "
        "short is out, and what every other cell agrees on holds (boards up to 14×14).",
        weight=64,  # two to four chains of deductions held in mind at once
        apply=block_cases,
        explain=block_cases_why,
        focus=block_cases_focus,
        grade=Grade.HARD,
    ),
    StarRule(
        counter="trial_star",
        display_name="Trial star",
        tier=Tier.EXPENSIVE,
        position=231,
        summary="A star here would leave some unit unable to hold its K stars within three "
        "rounds of the cheap Star Battle rules (above 14×14: tried only in units with at "
        "most 3 cells to spare).",
        weight=64,  # a chain of deductions from a guess
        apply=trial_star,
    ),
    StarRule(
        counter="deep_trial",
        display_name="Deep trial",
        tier=Tier.EXPENSIVE,
        position=232,
        summary="A star here would leave some unit unable to hold its K stars once the "
        "cheap Star Battle rules, exclusion and capacity counting included, run to the end "
        "(every cell tried, tightest units first, 25 trials a solve at most).",
        weight=96,  # a whole chain of deductions per cell, the last resort
        apply=deep_trial,
    ),
    StarRule(
        counter="trial_sweep",
        display_name="Trial sweep",
        tier=Tier.EXPENSIVE,
        position=233,
        summary="The deep trial on every live cell, pass after pass, once it has used its "
        "budget (boards of 15×15 to 17×17; 900 trials a solve at most).",
        weight=96,  # the deep trial's chain, found by trying every cell
        apply=trial_sweep,
    ),
]


@hookimpl
def queens_register_rules() -> list[Rule]:
    return list(RULES)

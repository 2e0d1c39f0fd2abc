"""The two-tier driver (docs/format.md, "The driver's order" and "What a counter counts").

Cheap rules run pass after pass, in catalog order, until a whole pass changes nothing.
Then, if the board is not solved, the expensive rules are tried one at a time, cheapest
first; as soon as one changes the state the driver goes back to the cheap tier. It stops
when the board is solved, when nothing changes, or at a contradiction.

Every change is a :class:`~queens_core.engine.rules.Step`; the driver counts them into the
counters and keeps them all in the result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from . import rules as rules_module
from . import supervision
from .board import Board
from .errors import ContractViolation, OutOfTime, ReadOnlyBoard, plugin_text
from .propagation import settle_queens
from .rules import Context, Contradiction, Rule, Step, Tier, UnsoundDeduction
from .state import EmptyUnit, InvalidState, State, find_empty_unit, missed_unit
from .validate import is_queens_answer, is_solution

#: Why a rule that changed the state behind its context's back is stopped: its steps
#: would no longer say what happened, and a revived cell would be unsound.
BYPASS = "it changed the state without going through ctx.place() or ctx.kill()"
#: Why a rule that put another State in its context is stopped: the solve would go on with
#: a state the result does not hold, and end stalled on the one it does.
REPLACED = "it replaced ctx.state instead of changing it through ctx.place() or ctx.kill()"
#: Why a rule that changed the board's size past its read-only guard
#: (``object.__setattr__``) is stopped: every rule after it would read past the board,
#: and be blamed for it. One comparison a call.
RESIZED = "it changed the board's size (n); a Board is read-only"

#: How the driver words a contradiction that comes from an :class:`UnsoundDeduction`.
UNSOUND_PREFIX = "unsound deduction: "


class Status(StrEnum):
    """How a solve ended (a StrEnum: it compares and prints as its word)."""

    SOLVED = "solved"
    STALLED = "stalled"
    CONTRADICTION = "contradiction"


SOLVED = Status.SOLVED
STALLED = Status.STALLED
CONTRADICTION = Status.CONTRADICTION

#: The counter a start state's queens' kill lists are recorded under when no installed
#: rule counts placements (otherwise that rule's counter: the kill list is its deduction).
SETTLE_FALLBACK = "settle_queens"


def trusted(rule: Rule) -> bool:
    """Whether the cheap passes may run ``rule`` without the contract checks made after
    each call (its state not replaced, its board not resized, its steps the whole of its
    changes) and test for an empty unit once a fixed point rather than after every call
    that changed something (``Solver._trusted_fixed_point``): whether the registry found
    it in a package installed with queens, as the answer check does
    (:mod:`queens_core.tools.answers`): the package it came from, not anything the rule
    says of itself (the plugins layer tells the engine which packages those are,
    ``rules.package_installed_with_queens``). tests/engine/test_trusted_passes.py holds
    the two ways to the same solve, step for step, on the archive and on random boards
    and start states."""
    return rules_module.package_installed_with_queens(rule.package)


def _foreign_step(step: Step) -> ContractViolation:
    return ContractViolation(f"it recorded a step for counter {step.counter!r}, not its own")


def _bad_step(steps: list) -> ContractViolation:
    """What is wrong with a list of new steps that could not be counted."""
    for step in steps:
        if not isinstance(step, Step):
            return ContractViolation(
                f"it put {type(step).__name__} {step!r:.60} in ctx.steps; only ctx.place() "
                "and ctx.kill() record steps"
            )
    return ContractViolation(
        "it recorded a Step whose counter, placed or killed is not what ctx.place() and "
        "ctx.kill() record"
    )


def _one_line(text: str) -> str:
    """A message of several lines as one (an error is one line on standard error), with
    the rule's text made safe for a terminal (:func:`plugin_text`)."""
    return plugin_text(" ".join(text.split()))


class RuleFailure(Exception):
    """A rule raised an unexpected exception, or broke its contract; ``rule`` names it,
    ``error`` (also ``__cause__``) is why."""

    def __init__(self, rule: Rule, error: BaseException):
        self.rule = rule
        self.error = error
        if isinstance(error, ContractViolation | ReadOnlyBoard):
            what = f"broke the rule contract: {error}"
        elif isinstance(error, OutOfTime):
            what = f"ran away: {error}"
        else:
            what = f"raised {type(error).__name__}: {error}".rstrip(": ")
        super().__init__(_one_line(f"{rule.describe()} {what}"))

    @property
    def out_of_time(self) -> OutOfTime | None:
        """The budget that ran out while the rule was running, when that is the failure:
        the rule may have hung, or the work around it as a whole ran long (a request's
        budget on a big board), so a front end with its own budget words it as a time-out."""
        return self.error if isinstance(self.error, OutOfTime) else None


@dataclass
class SolveResult:
    board: Board
    state: State
    status: Status
    counters: dict[str, int]
    steps: list[Step]
    passes: int = 0
    #: For a contradiction: what is contradictory, and the rule whose step exposed it
    #: (or that raised). Whether a rule is to blame is for :func:`.blame.diagnose`.
    problem: str | None = None
    culprit: Rule | None = None
    #: The tiers that changed something.
    tiers_used: set[Tier] = field(default_factory=set)
    #: (counter, what it left untried) for each rule call that stopped at its own budget
    #: (:meth:`~queens_core.engine.rules.Context.stopped_at_budget`), in order.
    budgets: list[tuple[str, str]] = field(default_factory=list)

    @property
    def solved(self) -> bool:
        return self.status == SOLVED

    def queens(self) -> list[tuple[int, int]]:
        return self.board.cells_of(self.state.queens)

    def problem_after_culprit(self) -> str:
        """A contradiction in words: ``row 2 has no queen and no live cell (after
        Single-cell region)``."""
        after = f" (after {self.culprit.display_name})" if self.culprit else ""
        return f"{self.problem}{after}"

    def budget_note(self, names: Mapping[str, str] | None = None) -> str:
        """The budgets the rules stopped at, for a message about a stall: ``"; Deep
        trial stopped at its budget: 12 cells were not tried within 2 s"`` (the last
        report of each rule), or ``""``."""
        last = dict(self.budgets)
        if not last:
            return ""
        names = names or {}
        return "".join(
            f"; {names.get(counter, counter)} stopped at its budget: {untried}"
            for counter, untried in last.items()
        )

    def progress(self) -> str:
        """Where the rules stopped: ``3 of 8 queens placed and 12 cells undecided``."""
        what = "queens" if self.board.stars == 1 else "stars"
        return (
            f"{self.state.queens.bit_count()} of {self.board.star_total} {what} placed and "
            f"{self.state.live.bit_count()} cells undecided"
        )


class _Group:
    """Rules that share one apply function, run by one call."""

    __slots__ = ("apply", "by_counter", "counter", "enabled", "first", "rules", "simple")

    def __init__(self, rules: list[Rule]):
        self.apply = rules[0].apply
        self.rules = tuple(rules)
        #: The rule that names the call (in a failure, and to the time budget's alarm).
        self.first = rules[0]
        self.counter = rules[0].counter
        self.enabled = frozenset(r.counter for r in rules)
        self.by_counter = {r.counter: r for r in rules}
        self.simple = len(rules) == 1 and rules[0].counting == "pass"


def _groups(rules: Iterable[Rule]) -> list[_Group]:
    groups: list[list[Rule]] = []
    for rule in rules:
        if groups and groups[-1][0].apply is rule.apply:
            groups[-1].append(rule)
        else:
            groups.append([rule])
    return [_Group(g) for g in groups]


class Solver:
    """Runs a fixed set of rules; build one per registry and reuse it for many boards.

    It runs the rules sound for ``stars`` stars per unit (K, default 1) and leaves the
    others out of ``rules``; a board with another K is solved by :meth:`for_stars`.
    """

    def __init__(self, rules: Iterable[Rule], time_budget: float | None = None, stars: int = 1):
        given = list(rules)
        self.stars = stars
        self._given = given
        self._by_stars: dict[int, Solver] = {stars: self}
        #: Seconds one solve may take before the rule then running is stopped and named
        #: (None: the supervisor's default, :data:`queens_core.runtime.guards.TIME_BUDGET`;
        #: ``math.inf``: no limit). See :mod:`queens_core.engine.supervision`.
        self.time_budget = time_budget
        self.rules = sorted(
            (r for r in given if r.sound_for(stars)),
            key=lambda r: (r.tier_rank, r.position, r.counter),
        )
        seen = set()
        for rule in self.rules:
            if rule.counter in seen:
                raise ValueError(f"counter id {rule.counter!r} appears twice")
            seen.add(rule.counter)
        # A rule that only settles queens (kills their kill masks) is left out of the
        # passes: the driver settles the start state itself, and a queen placed through
        # the context kills its kill mask at once, so in a pass such a rule can never
        # change anything (its counter counts placements, which the driver counts).
        self.cheap = _groups(
            r for r in self.rules if r.tier is Tier.CHEAP and r.apply is not settle_queens
        )
        self.expensive = _groups(r for r in self.rules if r.tier is Tier.EXPENSIVE)
        #: Printing order of the counters: catalog position, then id.
        self.counter_order = [
            r.counter for r in sorted(self.rules, key=lambda r: (r.position, r.counter))
        ]
        # Every counter at 0, in printing order: each solve's counters are a copy (a
        # dict's copy costs a tenth of building it again from the keys).
        self._zero_counters = dict.fromkeys(self.counter_order, 0)
        self.placement_counters = [r.counter for r in self.rules if r.counting == "placement"]
        #: Who the kill lists of a start state's queens are attributed to.
        self.settle_counter = next(iter(self.placement_counters), SETTLE_FALLBACK)
        self.by_counter = {r.counter: r for r in self.rules}
        #: Whether the cheap passes run their rules as :func:`trusted` (every cheap rule is,
        #: and K = 1); False makes them check every call, as for any rule.
        self.trusted_passes = stars == 1 and all(
            trusted(rule) for group in self.cheap for rule in group.rules
        )

    def for_stars(self, stars: int) -> Solver:
        """The solver of the same rules for boards with ``stars`` stars per unit."""
        solver = self._by_stars.get(stars)
        if solver is None:
            solver = self._by_stars[stars] = Solver(self._given, self.time_budget, stars)
            solver._by_stars = self._by_stars
        return solver

    def solve(
        self, board: Board, state: State | None = None, cheap_stalled: bool = False
    ) -> SolveResult:
        """Run the rules to a fixed point on ``board`` from ``state`` (default: empty).

        ``state`` is changed in place and is the result's ``state``: pass a copy to keep
        the start. ``cheap_stalled``: ``state`` is where a solve by this solver's cheap
        rules alone stopped, so none of them changes it; the first pass calls none of
        them (the pass is still counted) and goes to the expensive tier. A board with
        another K than this solver's is solved by :meth:`for_stars`. Raises
        :class:`~queens_core.engine.state.InvalidState` for a start state with two queens
        in a unit or touching (no rule runs on it), and :class:`RuleFailure` when a rule
        raises, breaks its contract (see also :mod:`queens_core.runtime.guards`) or is still
        running when the solve's time budget runs out.
        """
        if board.stars != self.stars:
            return self.for_stars(board.stars).solve(board, state, cheap_stalled)
        if state is None:
            state = State.initial(board)
        else:
            problem = state.problem(board)
            if problem is not None:
                raise InvalidState(problem)
        try:
            with supervision.supervisor.watch_solve(self.time_budget):
                return self._solve(board, state, cheap_stalled)
        except OutOfTime as err:  # it struck between two rule calls
            raise RuleFailure(err.rule, err) from None
        finally:
            # The guard watches this solve only: the state leaves with plain caches.
            state.caches = dict(state.caches)

    def each_rule_once(
        self,
        board: Board,
        state: State,
        wanted: Callable[[tuple[Rule, ...]], bool] | None = None,
    ) -> Iterator[tuple[tuple[Rule, ...], SolveResult]]:
        """Call each rule (each group of rules sharing one call) once, on its own copy of
        ``state``, cheap tier first, and yield the rules and the result of every call that
        changed something: its steps are what that rule deduces from ``state``. A
        contradiction it finds is the result's ``problem``. ``wanted(rules)``, asked just
        before each call, may skip it. ``state`` itself is never changed; a state with two
        queens in a unit raises :class:`InvalidState`, a failing rule :class:`RuleFailure`."""
        if board.stars != self.stars:
            yield from self.for_stars(board.stars).each_rule_once(board, state, wanted)
            return
        problem = state.problem(board)
        if problem is not None:
            raise InvalidState(problem)
        for group in (*self.cheap, *self.expensive):
            if wanted is not None and not wanted(group.rules):
                continue
            copy = state.copy()
            ctx = Context(board, copy, [])
            ctx.running = supervision.supervisor.running_slot()
            result = SolveResult(board, copy, STALLED, self._zero_counters.copy(), ctx.steps)
            result.budgets = ctx.budgets
            copy.caches = supervision.Caches(ctx, {})
            try:
                with supervision.supervisor.watch_solve(self.time_budget):
                    changed = self._run(group, ctx, result, {})
            except OutOfTime as err:
                raise RuleFailure(err.rule, err) from None
            if changed:
                yield group.rules, result

    def _solve(self, board: Board, state: State, cheap_stalled: bool = False) -> SolveResult:
        """The two-tier loop: cheap rules to a fixed point, then one expensive rule that
        changes something, and back; until solved, stalled or contradictory."""
        ctx = Context(board, state, [])
        # Where _run marks the rule it calls, for the time budget to name: this thread's.
        ctx.running = supervision.supervisor.running_slot()
        result = SolveResult(board, state, STALLED, self._zero_counters.copy(), ctx.steps)
        result.budgets = ctx.budgets
        state.caches = supervision.Caches(ctx, state.caches)
        start = state.live
        if not self._settle(ctx, result):
            return result
        n = board.star_total
        idle: dict[_Group, int] = {}
        if cheap_stalled and state.live == start:
            # What _run would record of each cheap group's call on this state.
            idle = dict.fromkeys(self.cheap, state.live)
        # One round per iteration; a per-solve limit (time, rounds) belongs at its top.
        fixed_point = self._trusted_fixed_point if self.trusted_passes else self._cheap_fixed_point
        while True:
            if not fixed_point(ctx, result, idle):
                return result
            if state.queens.bit_count() == n or not self._expensive_step(ctx, result, idle):
                break
            if result.status == CONTRADICTION:
                return result
        # SOLVED already: the trusted passes checked the answer at their end (it told them
        # that no unit was empty).
        if result.status != SOLVED and (
            state.queens.bit_count() == n
            and (
                is_queens_answer(board.rows, state.queens)
                if board.stars == 1
                else is_solution(board.rows, result.queens(), board.stars)
            )
        ):
            result.status = SOLVED
        return result

    def _settle(self, ctx: Context, result: SolveResult) -> bool:
        """Apply the kill masks of the start state's queens; False at a contradiction."""
        state = ctx.state
        if not state.queens and state.live == ctx.board.full and ctx.board.stars == 1:
            # The empty board (most solves): no queen to settle, and every unit has a
            # live cell (with K > 1 a unit may still have fewer than K cells).
            return True
        ctx.counter = self.settle_counter
        settle_queens(ctx)
        empty = find_empty_unit(ctx.board, state)
        if empty is None:
            return True
        result.status = CONTRADICTION
        result.problem = str(empty)
        return False

    def _cheap_fixed_point(self, ctx: Context, result: SolveResult, idle: dict) -> bool:
        """Run cheap passes until one changes nothing; False at a contradiction."""
        cheap = self.cheap
        run = self._run
        state = ctx.state
        while True:
            result.passes += 1
            if not state.live:
                # No live cell: no rule can kill or place anything, so this pass would
                # change nothing (a solved board ends here, without calling every rule).
                return True
            changed = False
            for group in cheap:
                if idle.get(group) == state.live:
                    continue
                if run(group, ctx, result, idle):
                    if result.status == CONTRADICTION:
                        return False
                    changed = True
                    if not state.live:
                        break  # the rest of the pass could change nothing either
            if not changed:
                return True
            result.tiers_used.add(Tier.CHEAP)

    def _trusted_fixed_point(self, ctx: Context, result: SolveResult, idle: dict) -> bool:
        """:meth:`_cheap_fixed_point` for rules that are all :func:`trusted`, with the same
        calls, steps, counters and end, in less time: no contract check after a call, and
        the test for an empty unit made once, when the passes end.

        The cells a unit can still take (its live cells and queens) only shrink, since a
        queen goes only on a live cell, so if no unit is empty at the end none was after
        any call. When one is, the calls since the start are replayed from their steps to
        the first one that left a unit empty, and everything after it is taken back (its
        steps, its counters, the passes after its own, the state): the solve ends there,
        as it would have with the test made after every call. A call that raises is
        looked at the same way: if the state it started from had an empty unit, that is
        the end, not what it raised."""
        cheap = self.cheap
        state = ctx.state
        steps = ctx.steps
        counters = result.counters
        placement_counters = self.placement_counters
        running = ctx.running
        # The state at the start has every unit covered (settled, or checked by _run).
        origin = (state.live, state.queens, Tier.CHEAP in result.tiers_used)
        #: (group, index of its first step, its pass) for each call that changed something.
        log: list[tuple[_Group, int, int]] = []
        while True:
            result.passes += 1
            if not state.live:
                board = ctx.board
                if state.queens.bit_count() == board.n and is_queens_answer(
                    board.rows, state.queens
                ):
                    # Solved (K = 1 here): a queen in every unit, so none was ever empty,
                    # and the answer check the solve ends with is made, once.
                    result.status = SOLVED
                    return True
                return self._covered_or_rolled_back(ctx, result, log, origin, len(steps))
            changed = False
            for group in cheap:
                live_before = state.live
                if idle.get(group) == live_before:
                    continue
                start = len(steps)
                queens_before = state.queens
                ctx.counter = group.counter
                ctx.enabled = group.enabled
                running.rule = group.first  # for the time budget's alarm, which names it
                try:
                    group.apply(ctx)
                except BaseException as err:
                    if not isinstance(err, Contradiction | UnsoundDeduction):
                        if not supervision.supervisor.raised_by_plugin(err):
                            raise
                    if log and missed_unit(ctx.board, live_before | queens_before):
                        # An earlier call left a unit empty: the solve ended there.
                        return self._covered_or_rolled_back(ctx, result, log, origin, start)
                    if isinstance(err, Contradiction):
                        self._contradiction(result, str(err), group.rules[0])
                        return False
                    if isinstance(err, UnsoundDeduction):
                        self._contradiction(result, f"{UNSOUND_PREFIX}{err}", group.rules[0])
                        return False
                    raise RuleFailure(group.rules[0], err) from err
                finally:
                    running.rule = None
                if len(steps) == start:
                    idle[group] = live_before
                    continue
                log.append((group, start, result.passes))
                if group.simple:
                    counters[group.counter] += 1
                    # Each placement step places one queen: the new queens count them.
                    placed = state.queens ^ queens_before
                    if placed:
                        placements = placed.bit_count()
                        for counter in placement_counters:
                            counters[counter] += placements
                else:
                    self._count(group, steps[start:], counters)
                changed = True
                if not state.live:
                    break  # the rest of the pass could change nothing either
            if not changed:
                return self._covered_or_rolled_back(ctx, result, log, origin, len(steps))
            result.tiers_used.add(Tier.CHEAP)

    def _covered_or_rolled_back(
        self,
        ctx: Context,
        result: SolveResult,
        log: list[tuple[_Group, int, int]],
        origin: tuple[int, int, bool],
        stop: int,
    ) -> bool:
        """True if every unit still meets a live cell or a queen once the steps before
        ``stop`` are made (they are); otherwise end the solve as the first call of ``log``
        that left a unit empty did, taking back what came after it, and return False."""
        state = ctx.state
        board = ctx.board
        steps = ctx.steps
        if stop == len(steps) and missed_unit(board, state.live | state.queens) is None:
            return True
        live, queens, had_cheap = origin
        ends = [start for _, start, _ in log[1:]] + [stop]
        index = 0
        while True:
            if index == len(log):
                return True  # no call left a unit empty
            for step in steps[log[index][1] : ends[index]]:
                live ^= step.killed | step.placed
                queens |= step.placed
            if missed_unit(board, live | queens) is not None:
                break
            index += 1
        group, start, passes = log[index]
        end = ends[index]
        taken_back = self._zero_counters.copy()
        for position in range(index + 1, len(log)):
            later, first, _ = log[position]
            made = steps[first : ends[position]]
            if later.simple:
                taken_back[later.counter] += 1
                placements = sum(1 for step in made if step.placed)
                for counter in self.placement_counters:
                    taken_back[counter] += placements
            else:
                self._count(later, made, taken_back)
        for counter, count in taken_back.items():
            result.counters[counter] -= count
        new = steps[start:end]
        del steps[end:]
        state.live = live
        state.queens = queens
        # What the rules called after it kept in their caches may describe the cells
        # taken back; an empty cache only makes a rule look again.
        dict.clear(state.caches)
        result.passes = passes
        if not had_cheap and not any(earlier < passes for _, _, earlier in log[:index]):
            result.tiers_used.discard(Tier.CHEAP)
        empty = find_empty_unit(board, state)
        assert empty is not None
        self._contradiction(result, str(empty), self._culprit(group, board, empty, new))
        return False

    def _expensive_step(self, ctx: Context, result: SolveResult, idle: dict) -> bool:
        """Try the expensive rules cheapest first until one changes the state; True if
        one did (the result may then hold a contradiction)."""
        for group in self.expensive:
            if idle.get(group) == ctx.state.live:
                continue
            if self._run(group, ctx, result, idle):
                result.tiers_used.add(Tier.EXPENSIVE)
                return True
        return False

    def _run(self, group: _Group, ctx: Context, result: SolveResult, idle: dict) -> bool:
        """Call one group; count its steps; detect contradictions. True if it changed.

        ``idle`` maps a group to the live cells of the state on which its last call
        changed nothing; the callers do not call a group again on that state. A rule's
        answer is a function of the state (its cache may only save it work), and the live
        cells tell the state: within a solve they only die, and a queen is only placed on
        one."""
        state = ctx.state
        live_before = state.live
        steps = ctx.steps
        start = len(steps)
        queens_before = state.queens
        # The call itself (inline: it is made tens of thousands of times a second). A
        # contradiction the rule proves, or an unsound deduction it is caught making,
        # ends the solve; anything else it raises, and a replaced state, is a RuleFailure.
        ctx.counter = group.counter
        ctx.enabled = group.enabled
        running = ctx.running
        running.rule = group.first  # for the time budget's alarm, which names it
        size = ctx.board.n
        try:
            group.apply(ctx)
        except Contradiction as contradiction:
            self._contradiction(result, str(contradiction), group.rules[0])
            return True
        except UnsoundDeduction as unsound:
            self._contradiction(result, f"{UNSOUND_PREFIX}{unsound}", group.rules[0])
            return True
        except BaseException as err:
            # The user's Ctrl-C is not the rule's failure.
            if not supervision.supervisor.raised_by_plugin(err):
                raise
            raise RuleFailure(group.rules[0], err) from err
        finally:
            running.rule = None
        if ctx.state is not state:
            raise RuleFailure(group.rules[0], ContractViolation(REPLACED))
        if ctx.board.n != size:
            raise RuleFailure(group.rules[0], ContractViolation(RESIZED))
        if len(steps) == start:
            if state.live != live_before or state.queens != queens_before:
                raise RuleFailure(group.rules[0], ContractViolation(BYPASS))
            idle[group] = live_before
            return False
        new = steps[start:]
        try:
            if group.simple:
                # A group of one rule counted per call, counted here rather than in
                # _count: nearly every call that changes something is one, and a call
                # of _count costs more than the loop over its few steps.
                counter = group.counter
                placed = killed = placements = nothing = 0
                for step in new:
                    if step.counter != counter:
                        raise RuleFailure(group.rules[0], _foreign_step(step))
                    if step.placed:
                        placements += 1
                        placed |= step.placed
                    else:
                        # 0 | 0 makes no int; a placed that is no int raises here, a bad
                        # step, as it did when it was joined with the kills.
                        nothing |= step.placed
                    # The kills alone, the placements joined once below: every operation
                    # on the board's wide ints makes one, and this runs for every step.
                    killed |= step.killed
                counters = result.counters
                counters[counter] += 1
                if placements:
                    for counter in self.placement_counters:
                        counters[counter] += placements
            else:
                # Its kills with its placements: the test below joins them anyway.
                placed, killed = self._count(group, new, result.counters)
        except (AttributeError, TypeError) as err:  # not a Step, or not masks in it
            raise RuleFailure(group.rules[0], _bad_step(new)) from err
        if placed:
            if (
                state.live != live_before & ~(killed | placed)
                or state.queens != queens_before | placed
            ):
                raise RuleFailure(group.rules[0], ContractViolation(BYPASS))
        # Most calls place nothing: their test is two operations on the wide ints shorter.
        elif state.live != live_before & ~killed or state.queens != queens_before:
            raise RuleFailure(group.rules[0], ContractViolation(BYPASS))
        board = ctx.board
        if board.stars == 1:
            # The common answer, that every unit still meets a live cell or a queen, told
            # here without a call (state.missed_unit's test, inline: this runs after every
            # call that changed something); the unit itself only when one is missed.
            covered = state.live | state.queens
            last_bits, other_bits, folds, first_row, _, _ = board.line_cover
            if (((covered & other_bits) + other_bits) | covered) & last_bits == last_bits:
                folded = covered
                for shift in folds:
                    folded |= folded >> shift
                if folded & first_row == first_row:
                    for mask in board.region_masks:
                        if not mask & covered:
                            break
                    else:
                        return True
        empty = find_empty_unit(board, state)
        if empty is not None:
            self._contradiction(result, str(empty), self._culprit(group, board, empty, new))
        return True

    def _count(self, group: _Group, new: list[Step], counters: dict[str, int]) -> tuple[int, int]:
        """Count a call's steps into ``counters`` for a group that is not simple (a simple
        group's are counted inline in ``_run``); return the queens they placed and the
        cells they touched (placed or killed). A step for a counter outside the group is a
        :class:`RuleFailure`."""
        placements = 0
        touched = placed = 0
        passed = set()
        for step in new:
            rule = group.by_counter.get(step.counter)
            if rule is None:
                raise RuleFailure(group.rules[0], _foreign_step(step))
            if step.placed:
                placements += 1
                placed |= step.placed
            touched |= step.killed | step.placed
            if rule.counting == "step":
                counters[step.counter] += 1
            elif rule.counting == "pass":
                passed.add(step.counter)
        for counter in passed:
            counters[counter] += 1
        if placements:
            for counter in self.placement_counters:
                counters[counter] += placements
        return placed, touched

    @staticmethod
    def _culprit(group: _Group, board: Board, empty: EmptyUnit, new: list[Step]) -> Rule:
        """The rule of the group whose last step touched the unit that is now empty."""
        unit_mask = board.unit_mask(empty.kind, empty.index)
        for step in new[::-1]:
            if (step.killed | step.placed) & unit_mask:
                return group.by_counter.get(step.counter, group.rules[0])
        return group.rules[0]

    @staticmethod
    def _contradiction(result: SolveResult, problem: str, culprit: Rule) -> None:
        result.status = CONTRADICTION
        result.problem = problem
        result.culprit = culprit

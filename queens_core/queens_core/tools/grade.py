"""What a board needs from the rules: the tier, the difficulty grade and its score.

docs/difficulty.md is the definition; this module is its implementation.

The rules are climbed as a ladder of cumulative rule sets, easiest first. The ladder is
what the installed rules declare: each rule says the lowest :class:`~queens_core.engine.rules.Grade`
of a board that needs it (``Rule.grade``; by tier when it says nothing), and the rung of
a grade admits every rule of that grade or below:

====== ========== ==================================================== ==========
level  grade      rules of the rung                                    tier needed
====== ========== ==================================================== ==========
1      Easy       the rules that declare Easy                          baseline
2      Medium     + those that declare Medium                          cheap
3      Hard       + those that declare Hard (a cheap rule's default)   cheap
4      Fiendish   + those that declare Fiendish (an expensive rule's)  expensive
====== ========== ==================================================== ==========

A rung's tier needed is ``expensive`` when it admits an expensive rule, ``baseline`` for
the Easy rung, ``cheap`` otherwise. A board's grade is the first rung whose rules solve it
on their own (a grade no installed rule declares is no rung). The score is the sum, over
the rules, of each rule's weight (``Rule.weight``; on a Star Battle board a rule of the
Hard rung or above counts :data:`STAR_HARD_FACTOR` times) times its counter in that rung's
solve: the effort of the simplest solve, which orders boards within a grade. Both are
deterministic because the driver is.

The rung that admits every rule is the full solve that ``queens solve`` prints, and the
rung that admits exactly the cheap tier is read off the full solve instead of solved
again: the driver runs the expensive tier only once the cheap tier is stuck, so the full
solve used no expensive rule iff the cheap rules alone solve the board, along the very
same steps. The same holds for any rung whose rules include every rule that changed
something in the full solve: the others were called only where they changed nothing, so
the rung's rules alone take the full solve's steps, and it is read off too. Other rungs
are solves with fewer rules, run only when needed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from ..engine.board import Board
from ..engine.driver import CONTRADICTION, Solver, SolveResult
from ..engine.rules import STAR_HARD_FACTOR, Grade, Rule, Tier
from ..referee.blame import UnsoundRule, diagnose


class TierNeeded(StrEnum):
    """The tier a board needs (a StrEnum: it compares and prints as its word)."""

    BASELINE = "baseline"
    CHEAP = "cheap"
    EXPENSIVE = "expensive"


TIER_BASELINE = TierNeeded.BASELINE
TIER_CHEAP = TierNeeded.CHEAP
TIER_EXPENSIVE = TierNeeded.EXPENSIVE
#: The tiers a board can need, easiest first.
TIERS_NEEDED = tuple(TierNeeded)
#: The grades, as (level, name), easiest first.
LADDER = tuple((int(grade), grade.title) for grade in Grade)


def weight_of(rule: Rule, stars: int = 1) -> int:
    """The score weight of one firing of ``rule`` on a board with ``stars`` stars per unit:
    its own, else its tier's default; on a Star Battle board, :data:`STAR_HARD_FACTOR`
    times that for a rule of the Hard rung or above."""
    if stars >= 2 and rule.grade_needed >= Grade.HARD:
        return rule.score_weight * STAR_HARD_FACTOR
    return rule.score_weight


def score_of(counters: Mapping[str, int], weights: Mapping[str, int]) -> int:
    return sum(weights[counter] * count for counter, count in counters.items())


def check_against(result: SolveResult, solution: int, by_counter: Mapping[str, Rule]) -> None:
    """Raise :class:`~queens_core.referee.blame.UnsoundRule` when ``result``, a solve from
    the empty board, disagrees with ``solution``, the board's only solution: it reached a
    contradiction, killed a cell of the solution or placed a queen outside it. Sound
    rules never do, so a generator that knows the solution proves a rule unsound here
    instead of taking the board for one the rules cannot solve. The usual verdict costs
    two mask operations; only a disagreement pays for finding the culprit."""
    state = result.state
    if (
        result.status != CONTRADICTION
        and not state.queens & ~solution
        and not solution & ~(state.live | state.queens)
    ):
        return
    diagnosis = diagnose(result, None, by_counter, [solution])
    raise UnsoundRule(
        diagnosis.message
        or "a rule made an unsound deduction: its solve disagrees with the board's one solution"
    )


@dataclass(frozen=True)
class Rung:
    """One step of the ladder: the rules it runs and what solving there means."""

    level: Grade
    grade: str
    tier: TierNeeded
    #: Its rule set, as reports name it: "the baseline and polyomino shape rules".
    scope: str
    #: The rules it adds to the rung below, as reports name them: "needs ...".
    adds: str
    counters: frozenset[str]
    #: The rules it adds (counter, name) when ``adds`` names them by a family that has
    #: rules on lower rungs too ("the Star Battle rules"): a report then names the ones
    #: a board used (:func:`needs_words`). Empty when ``adds`` names them already.
    added_names: tuple[tuple[str, str], ...] = ()


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _groups(rules: list[Rule]) -> list[str]:
    """The rules in words, a family once (``baseline``), a rule without one by name."""
    names: list[str] = []
    for rule in rules:
        name = rule.family or rule.display_name
        if name not in names:
            names.append(name)
    return names


def _scope(members: list[Rule], everyone: list[Rule]) -> str:
    """A rung's rule set in words: ``the baseline rules alone``, ``the baseline and
    polyomino shape rules``, ``the cheap tier``, ``every rule``."""
    if len(members) == len(everyone):
        return "every rule"
    if all(rule.tier is Tier.CHEAP for rule in members) and len(members) == sum(
        rule.tier is Tier.CHEAP for rule in everyone
    ):
        return "the cheap tier"
    families = {rule.family for rule in members}
    if all(rule.family for rule in members):
        alone = " alone" if len(families) == 1 else ""
        return f"the {_join(_groups(members))} rules{alone}"
    named = [f"the {name} rules" if name in families else name for name in _groups(members)]
    return _join(named)


def _describe(added: list[Rule]) -> str:
    """The rules a rung adds, in words: their family's name when they share one, else
    their names."""
    families = {rule.family for rule in added if rule.family}
    names = [f"the {family} rules" for family in sorted(families)]
    names += [rule.display_name for rule in added if not rule.family]
    return names[0] if len(names) == 1 else "one of " + ", ".join(names)


def _spans_lower_rungs(added: list[Rule], members: list[Rule]) -> bool:
    """Whether a family named in ``added`` also has rules among the lower rungs'."""
    families = {rule.family for rule in added if rule.family}
    added_counters = {rule.counter for rule in added}
    return any(rule.family in families and rule.counter not in added_counters for rule in members)


def needs_words(assessment: Assessment) -> str:
    """What a solved board needs, in words: the rules its rung adds (``rung.adds``), or,
    where those are named by a family that spans the ladder, the ones its solve used
    ("Trial star"; "Exclusion or Flow counting": the rung below stalls without them, so
    it needs one of them at least)."""
    rung = assessment.rung
    assert rung is not None
    if not rung.added_names:
        return rung.adds
    solve = assessment.graded or assessment.full
    used = [name for counter, name in rung.added_names if solve.counters.get(counter)]
    if not used:
        return rung.adds
    return used[0] if len(used) == 1 else ", ".join(used[:-1]) + " or " + used[-1]


def _tier_needed(level: Grade, members: list[Rule]) -> TierNeeded:
    if any(rule.tier is Tier.EXPENSIVE for rule in members):
        return TierNeeded.EXPENSIVE
    return TierNeeded.BASELINE if level is Grade.EASY else TierNeeded.CHEAP


@dataclass
class Assessment:
    """What the rules do with one board."""

    #: The solve with every rule: what ``queens solve`` prints.
    full: SolveResult
    #: The first rung that solves the board and its solve (None when the rules stall).
    rung: Rung | None = None
    graded: SolveResult | None = None
    score: int | None = None
    #: How long the full solve took (what ``queens solve`` spends on the board).
    full_seconds: float = 0.0

    @property
    def solved(self) -> bool:
        return self.full.solved

    @property
    def tier_needed(self) -> str | None:
        return self.rung.tier if self.rung else None


class Grader:
    """Solves boards with every installed rule and grades them; reuse it for many boards."""

    def __init__(self, rules: Iterable[Rule], stars: int = 1):
        given = list(rules)
        self._given = given
        self._by_stars: dict[int, Grader] = {stars: self}
        # Only the rules sound for this K run, so only they can be named in a grade.
        rules = [rule for rule in given if rule.sound_for(stars)]
        self.full = Solver(rules, stars=stars)
        #: The weight of one firing of each rule in this grader's score.
        self.weights = {rule.counter: weight_of(rule, stars) for rule in rules}
        cheap = frozenset(rule.counter for rule in rules if rule.tier is Tier.CHEAP)
        everyone = frozenset(rule.counter for rule in rules)
        self.rungs: list[tuple[Rung, Solver | None]] = []
        previous: frozenset[str] = frozenset()
        for level in sorted({rule.grade_needed for rule in rules}):
            members = [rule for rule in rules if rule.grade_needed <= level]
            counters = frozenset(rule.counter for rule in members)
            added = [rule for rule in members if rule.counter not in previous]
            previous = counters
            scope = _scope(members, rules)
            tier = _tier_needed(level, members)
            named: tuple[tuple[str, str], ...] = ()
            if _spans_lower_rungs(added, members):
                named = tuple((rule.counter, rule.display_name) for rule in added)
            rung = Rung(level, level.title, tier, scope, _describe(added), counters, named)
            # The cheap and the full rung are read off the full solve (module docstring).
            solver = None if counters in (cheap, everyone) else Solver(members, stars=stars)
            self.rungs.append((rung, solver))
        self._cheap_counters = cheap

    def for_stars(self, stars: int) -> Grader:
        """The grader of the same rules for boards with ``stars`` stars per unit."""
        grader = self._by_stars.get(stars)
        if grader is None:
            grader = self._by_stars[stars] = Grader(self._given, stars)
            grader._by_stars = self._by_stars
        return grader

    def assess(
        self,
        board: Board,
        clock: Callable[[], float] = time.perf_counter,
        solution: int | None = None,
        cheap: SolveResult | None = None,
        made: Mapping[Grade, SolveResult] | None = None,
    ) -> Assessment:
        """Solve ``board`` with every rule, then find its grade if the rules solve it.
        ``solution``: the board's only solution, when the caller knows it (a generator
        does): every solve is checked against it (:func:`check_against`). ``cheap``: the
        board's solve by this grader's cheap rules alone, when the caller has one (a
        generator screening boards does): the full solve goes on from where it stopped
        (:meth:`after_cheap`) and is the same solve. ``made``: solves of ``board`` from
        the empty board by the solvers of some rungs (those of :attr:`rungs`, by level)
        that the caller has made already (a generator screening boards with its target's
        top rung): a rung that would be solved is read from them instead, the same solve.

        Raises :class:`~queens_core.engine.driver.RuleFailure` when a rule raises, and
        :class:`~queens_core.referee.blame.UnsoundRule` when a solve disagrees with
        ``solution``.
        """
        if board.stars != self.full.stars:
            return self.for_stars(board.stars).assess(board, clock, solution)
        made = made or {}
        started = clock()
        full = self.full.solve(board) if cheap is None else self.after_cheap(board, cheap)
        assessment = Assessment(full, full_seconds=clock() - started)
        if solution is not None:
            check_against(full, solution, self.full.by_counter)
        if not full.solved:
            return assessment
        used = {counter for counter, count in full.counters.items() if count}
        for rung, solver in self.rungs:
            if solver is not None and used <= rung.counters:
                # The full solve needed none of the rules this rung leaves out: they were
                # called only where they changed nothing, so the rung's rules alone take
                # the same steps in the same order, and that solve is this one.
                result = full
            elif solver is not None:
                given = made.get(rung.level)
                result = solver.solve(board) if given is None else given
                if solution is not None:
                    check_against(result, solution, solver.by_counter)
            elif rung.counters != self._cheap_counters or Tier.EXPENSIVE not in full.tiers_used:
                result = full
            else:
                continue  # the cheap rules alone stop where the full solve went expensive
            if result.solved:
                assessment.rung = rung
                assessment.graded = result
                assessment.score = score_of(result.counters, self.weights)
                break
        return assessment

    def after_cheap(self, board: Board, cheap: SolveResult) -> SolveResult:
        """The full solve of ``board`` from ``cheap``, its solve by the cheap rules alone.
        The full solve first takes the cheap rules to their fixed point, calling them in
        the order the cheap rules' own solver does (the same rules, the same order), so it
        takes ``cheap``'s steps; from that state on it is a solve started there, whose
        first pass repeats the last one of ``cheap``, which changed nothing. Its steps,
        counters, passes, tiers and budgets are those of both. That first pass is not
        made again: no cheap rule is called on the stall, which ``cheap`` has just shown
        they leave as it is (at 14×14 with 3 stars, a pass of the cheap rules on a stall
        costs tens of milliseconds, most of it the composite-regions rule)."""
        if cheap.status == CONTRADICTION:
            return self.full.solve(board)  # no state to go on from
        rest = self.full.solve(board, cheap.state.copy(), cheap_stalled=True)
        for counter, count in cheap.counters.items():
            rest.counters[counter] += count
        rest.steps[:0] = cheap.steps
        rest.passes += cheap.passes - 1
        rest.tiers_used |= cheap.tiers_used
        rest.budgets[:0] = cheap.budgets
        return rest

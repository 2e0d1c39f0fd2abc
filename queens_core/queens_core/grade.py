"""What a board needs from the rules: the tier, the difficulty grade and its score.

docs/difficulty.md is the definition; this module is its implementation.

The rules are climbed as a ladder of cumulative rule sets, easiest first:

====== ========== =================================================== ==========
level  grade      rules                                               tier
====== ========== =================================================== ==========
1      Easy       the baseline package alone                          baseline
2      Medium     + the polyomino shape rules                         cheap
3      Hard       + every other cheap rule (N-regions-in-N-lines, ...) cheap
4      Fiendish   + the expensive tier (placement-forces-contradiction) expensive
====== ========== =================================================== ==========

A board's grade is the first rung whose rules solve it on their own (a rung that adds no
installed rule is skipped). The score is the sum, over the rules, of a per-rule weight
times its counter in that rung's solve: the effort of the simplest solve, which orders
boards within a grade. Both are deterministic because the driver is.

Only the top rung is the full solve that ``queens solve`` prints; the lower rungs are
solves with fewer rules, run only when needed. The cheap-tier rung is read off the full
solve instead of solved again: the driver runs the expensive tier only once the cheap tier
is stuck, so the full solve used no expensive rule iff the cheap rules alone solve the
board, along the very same steps.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .board import Board
from .driver import Solver, SolveResult
from .rules import Rule, Tier

BASELINE_PACKAGE = "queens-rules-baseline"
POLYOMINO_PACKAGE = "queens-rules-polyomino"

TIER_BASELINE = "baseline"
TIER_CHEAP = "cheap"
TIER_EXPENSIVE = "expensive"
#: The tiers a board can need, easiest first.
TIERS_NEEDED = (TIER_BASELINE, TIER_CHEAP, TIER_EXPENSIVE)

#: Per-rule weights of the score. A weight says how hard the deduction is to spot for a
#: person: a queen's kill list is bookkeeping (0); a single is seen at a glance (1); a
#: confinement takes a scan of a line or region (2); a shape has to be recognised, the
#: bigger the harder (3 to 6); a pigeonhole argument spans several regions (8); a
#: placement that fails two moves later is trial and error (20).
WEIGHTS: dict[str, int] = {
    "queen_adjacent_kill": 0,
    "single_cell_region": 1,
    "single_cell_line": 1,
    "region_confined_to_line": 2,
    "line_confined_to_region": 2,
    "n_regions_in_n_lines": 8,
    "placement_forces_contradiction": 20,
}
SHAPE_WEIGHTS = {"domino": 3, "tromino": 3, "tetromino": 4, "pentomino": 5, "hexomino": 6}
#: Rules this table does not know (third-party packages) weigh by their tier.
DEFAULT_WEIGHTS = {Tier.CHEAP: 5, Tier.EXPENSIVE: 20}


def weight_of(rule: Rule) -> int:
    """The score weight of one firing of ``rule``."""
    if rule.counter in WEIGHTS:
        return WEIGHTS[rule.counter]
    if rule.package == POLYOMINO_PACKAGE:
        for shape, weight in SHAPE_WEIGHTS.items():
            if rule.counter.endswith(shape):
                return weight
    return DEFAULT_WEIGHTS[rule.tier]


def score_of(counters: Mapping[str, int], weights: Mapping[str, int]) -> int:
    return sum(weights[counter] * count for counter, count in counters.items())


@dataclass(frozen=True)
class Rung:
    """One step of the ladder: the rules it runs and what solving there means."""

    level: int
    grade: str
    tier: str
    #: Its rule set, as reports name it: "the baseline and polyomino shape rules".
    scope: str
    #: The rules it adds to the rung below, as reports name them: "needs ...".
    adds: str
    counters: frozenset[str]


#: The ladder, as (level, grade, tier needed, the rule set in words).
LADDER = (
    (1, "Easy", TIER_BASELINE, "the baseline rules alone"),
    (2, "Medium", TIER_CHEAP, "the baseline and polyomino shape rules"),
    (3, "Hard", TIER_CHEAP, "the cheap tier"),
    (4, "Fiendish", TIER_EXPENSIVE, "every rule"),
)


def _describe(added: list[Rule]) -> str:
    """The rules a rung adds, in words: a package's name for the shapes, else names."""
    if all(rule.package == POLYOMINO_PACKAGE for rule in added):
        return "the polyomino shape rules"
    if all(rule.package == BASELINE_PACKAGE for rule in added):
        return "the baseline rules"
    names = [rule.display_name for rule in added]
    return names[0] if len(names) == 1 else "one of " + ", ".join(names)


def _admitted(level: int, rule: Rule) -> bool:
    if level == 1:
        return rule.package == BASELINE_PACKAGE
    if level == 2:
        return rule.package in (BASELINE_PACKAGE, POLYOMINO_PACKAGE)
    if level == 3:
        return rule.tier is Tier.CHEAP
    return True


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
        self.full = Solver(rules, stars)
        self.weights = {rule.counter: weight_of(rule) for rule in rules}
        self.rungs: list[tuple[Rung, Solver | None]] = []
        previous: frozenset[str] = frozenset()
        for level, grade, tier, scope in LADDER:
            members = [rule for rule in rules if _admitted(level, rule)]
            counters = frozenset(rule.counter for rule in members)
            if not counters or counters == previous:
                continue  # that package is not installed: nothing to climb
            added = [rule for rule in members if rule.counter not in previous]
            previous = counters
            rung = Rung(level, grade, tier, scope, _describe(added), counters)
            # The cheap and the full rung are read off the full solve (module docstring).
            solver = Solver(members) if level < 3 else None
            self.rungs.append((rung, solver))

    def for_stars(self, stars: int) -> Grader:
        """The grader of the same rules for boards with ``stars`` stars per unit."""
        grader = self._by_stars.get(stars)
        if grader is None:
            grader = self._by_stars[stars] = Grader(self._given, stars)
            grader._by_stars = self._by_stars
        return grader

    def assess(self, board: Board, clock: Callable[[], float] = time.perf_counter) -> Assessment:
        """Solve ``board`` with every rule, then find its grade if the rules solve it.

        Raises :class:`~queens_core.driver.RuleFailure` when a rule raises.
        """
        if board.stars != self.full.stars:
            return self.for_stars(board.stars).assess(board, clock)
        started = clock()
        full = self.full.solve(board)
        assessment = Assessment(full, full_seconds=clock() - started)
        if not full.solved:
            return assessment
        for rung, solver in self.rungs:
            if solver is not None:
                result = solver.solve(board)
            elif rung.tier == TIER_EXPENSIVE or TIER_EXPENSIVE not in full.tiers_used:
                result = full
            else:
                continue  # the cheap rules alone stop where the full solve went expensive
            if result.solved:
                assessment.rung = rung
                assessment.graded = result
                assessment.score = score_of(result.counters, self.weights)
                break
        return assessment

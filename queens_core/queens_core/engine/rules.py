"""What a rule is, and the context a rule works through.

Glossary
--------
rule
    A named, sound deduction. It reads the board and the state and, through its
    :class:`Context`, places queens or kills cells. A rule package registers its rules
    with the ``queens_register_rules`` hook (see :mod:`queens_core.hookspecs`).
counter
    A rule's id (``two_line_squeeze``) and the name of the number that says how often
    it fired; see :attr:`Rule.counting` for what one firing is.
stars
    K, the stars (queens) per row, column and region: 1 for Queens. A rule declares the
    K it is sound for (:attr:`Rule.min_stars` to :attr:`Rule.max_stars`); the driver runs
    on a board only the rules sound for its K.
tier
    ``cheap`` rules run in every pass until nothing changes; ``expensive`` rules run only
    at a cheap fixed point, one at a time, cheapest first.
step
    One recorded deduction: which rule, which queen it placed (if any), which cells died.
    The driver keeps every step, so a solve can be explained without running it again.
grade
    How hard a board is for a person: the easiest rung of the ladder (:class:`Grade`)
    whose rules solve it. Each rule says the lowest grade a board that needs it has.
weight
    How hard one firing of a rule is to spot; a board's score sums them over its solve.
family
    A few words that name a group of rules in reports ("polyomino shape" in "needs the
    polyomino shape rules"); a rule without one is named by its display name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import Any

from .board import Board
from .context import Context, Contradiction, Scratch, Step, UnsoundDeduction
from .state import State

__all__ = [
    "COUNTINGS",
    "ApplyFn",
    "Context",
    "Contradiction",
    "ExplainFn",
    "FocusFn",
    "Grade",
    "Rule",
    "Scratch",
    "Step",
    "Tier",
    "UnsoundDeduction",
]


class Tier(StrEnum):
    CHEAP = "cheap"
    EXPENSIVE = "expensive"


class Grade(IntEnum):
    """The rungs of the difficulty ladder, easiest first (docs/difficulty.md).

    A rule declares the lowest grade of a board that needs it; a rung admits every rule
    of its grade or below, so the ladder is what the installed rules declare.
    """

    EASY = 1
    MEDIUM = 2
    HARD = 3
    FIENDISH = 4

    @property
    def title(self) -> str:
        """``Easy``, ``Medium``...: how reports name the grade."""
        return self.name.capitalize()


#: How a rule's counter goes up (docs/format.md, "What a counter counts"):
#: ``pass`` — once for each call (one pass) in which the rule changed anything;
#: ``step`` — once for each step it recorded (a polyomino rule records one step per region);
#: ``placement`` — once for each queen placed by any rule (Queen-adjacent kill).
COUNTINGS = ("pass", "step", "placement")

COUNTER_ID = re.compile(r"^[a-z][a-z0-9_]*$")

#: The signature of a rule: it acts only through the context.
ApplyFn = Callable[["Context"], Any]
#: The signature of a rule's explainer: ``explain(step, board, before)`` gives the one
#: sentence of why for a step the rule recorded, ``before`` being the state just before
#: the step (in a replay, after every earlier step); None when it has nothing specific
#: to say (the rule's summary is shown instead).
ExplainFn = Callable[["Step", Board, State], "str | None"]
#: The signature of a rule's focus: ``focus(step, board, before)`` gives the place whose
#: live cells force the step, the one its sentence reasons about, where a hint first
#: tells a player to look: ``("row", r)``, ``("column", c)``, ``("region", k)``,
#: ``("rows", (r1, r2, ...))`` or ``("columns", ...)`` for adjacent lines taken together,
#: or ``("cell", i)`` (a trial's cell, a queen's kill list); 0-based. None: no place to
#: point at (the hint falls back on the cells the step changes).
FocusFn = Callable[["Step", Board, State], "tuple[str, Any] | None"]

#: The weight of a rule that declares none, by tier.
DEFAULT_WEIGHTS = {Tier.CHEAP: 5, Tier.EXPENSIVE: 20}
#: The grade of a rule that declares none, by tier.
DEFAULT_GRADES = {Tier.CHEAP: Grade.HARD, Tier.EXPENSIVE: Grade.FIENDISH}


@dataclass(frozen=True, kw_only=True)
class Rule:
    """A deduction rule as a rule package registers it (keyword arguments only, so the
    contract can gain fields without breaking a package).

    Several rules may share one ``apply`` function (the polyomino package checks 24 shapes
    in one sweep over the regions): the driver calls it once for all of them, with
    :attr:`Context.enabled` holding the counters that are switched on. Such rules must be
    adjacent in catalog order.
    """

    counter: str
    display_name: str
    tier: Tier
    position: int
    summary: str
    apply: ApplyFn = field(compare=False)
    counting: str = "pass"
    #: What the rule says about a step of its own (see :data:`ExplainFn`).
    explain: ExplainFn | None = field(default=None, compare=False)
    #: Where a hint tells a player to look for a step of the rule (see :data:`FocusFn`).
    focus: FocusFn | None = field(default=None, compare=False)
    #: How hard one firing is to spot (the difficulty score); by tier when None.
    weight: int | None = None
    #: The lowest grade of a board that needs this rule; by tier when None.
    grade: Grade | None = None
    #: The group reports name the rule by ("baseline" in "the baseline rules").
    family: str = ""
    #: Filled in by the registry from the distribution that registered the rule.
    package: str = ""
    version: str = ""
    #: The stars per unit (K) the rule is sound for: ``min_stars`` up to ``max_stars``
    #: (None: any K from ``min_stars`` up). The default is Queens alone, K = 1.
    min_stars: int = 1
    max_stars: int | None = 1

    def sound_for(self, stars: int) -> bool:
        """Whether the rule may run on a board with ``stars`` stars per unit."""
        return self.min_stars <= stars and (self.max_stars is None or stars <= self.max_stars)

    @property
    def stars_label(self) -> str:
        """The K the rule is sound for, in words: ``K = 1``, ``K ≥ 2``, ``K = 2–3``."""
        low, high = self.min_stars, self.max_stars
        if high is None:
            return "any K" if low <= 1 else f"K ≥ {low}"
        return f"K = {low}" if low == high else f"K = {low}–{high}"

    def problems(self) -> list[str]:
        """What is wrong with this registration, if anything (empty when it is fine)."""
        found = []
        low, high = self.min_stars, self.max_stars
        if (
            not isinstance(low, int)
            or isinstance(low, bool)
            or low < 1
            or not (high is None or (isinstance(high, int) and not isinstance(high, bool)))
            or (high is not None and high < low)
        ):
            found.append(
                f"stars {low!r}..{high!r} is not a range of whole numbers of at least 1 "
                "(min_stars, and max_stars or None)"
            )
        if not isinstance(self.counter, str) or not COUNTER_ID.match(self.counter):
            found.append(f"counter id {self.counter!r} is not lower_snake_case")
        if not isinstance(self.display_name, str) or not self.display_name.strip():
            found.append("display name is empty")
        if not isinstance(self.tier, Tier):
            found.append(f"tier {self.tier!r} is not Tier.CHEAP or Tier.EXPENSIVE")
        if not isinstance(self.position, int) or isinstance(self.position, bool):
            found.append(f"position {self.position!r} is not an int")
        if not callable(self.apply):
            found.append("apply is not callable")
        if self.counting not in COUNTINGS:
            found.append(f"counting {self.counting!r} is not one of {', '.join(COUNTINGS)}")
        if self.explain is not None and not callable(self.explain):
            found.append("explain is not callable")
        if self.focus is not None and not callable(self.focus):
            found.append("focus is not callable")
        if self.weight is not None and (
            not isinstance(self.weight, int) or isinstance(self.weight, bool) or self.weight < 0
        ):
            found.append(f"weight {self.weight!r} is not an int of 0 or more")
        if self.grade is not None and not isinstance(self.grade, Grade):
            found.append(f"grade {self.grade!r} is not a Grade (Grade.EASY ... Grade.FIENDISH)")
        if not isinstance(self.family, str):
            found.append(f"family {self.family!r} is not a string")
        return found

    def describe(self) -> str:
        """How an error names the rule: ``rule 'hidden_kill' (Hidden kill) from
        queens-rules-faulty 2.0.1``."""
        origin = f"{self.package} {self.version}".strip() or "an unnamed package"
        return f"rule {self.counter!r} ({self.display_name}) from {origin}"

    @property
    def tier_rank(self) -> int:
        return 0 if self.tier is Tier.CHEAP else 1

    @property
    def score_weight(self) -> int:
        """The weight of one firing: the declared one, else the tier's default."""
        return DEFAULT_WEIGHTS[self.tier] if self.weight is None else self.weight

    @property
    def grade_needed(self) -> Grade:
        """The declared grade, else the tier's default."""
        return DEFAULT_GRADES[self.tier] if self.grade is None else self.grade

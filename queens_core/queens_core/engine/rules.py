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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from enum import IntEnum, StrEnum
from typing import Any, NamedTuple

from .board import Board
from .context import Context, Contradiction, Scratch, Step, UnsoundDeduction
from .state import State


def _no_package(package: str) -> bool:
    return False


#: Whether a rule package was installed with queens (first party or its catalog): the
#: engine cannot tell, so the plugins layer says it when it loads
#: (:mod:`queens_core.plugins.registry`); until then no package is. The driver runs the
#: cheap passes of such packages' rules without its checks after each call
#: (:func:`queens_core.engine.driver.trusted`).
package_installed_with_queens: Callable[[str], bool] = _no_package

__all__ = [
    "COUNTINGS",
    "ApplyFn",
    "Context",
    "Contradiction",
    "ExplainFn",
    "FocusFn",
    "Grade",
    "LineConfined",
    "OnlyLiveCell",
    "Place",
    "QueenKills",
    "RegionConfined",
    "Rule",
    "Scratch",
    "Step",
    "Tier",
    "UnsoundDeduction",
    "pickle_by_tuple_form",
    "written_for_0_2",
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


class Place(NamedTuple):
    """Where a hint tells a player to look for a step: the place whose live cells force
    it, the one its sentence reasons about. 0-based; build one with the class methods
    (``Place.column(0)``, ``Place.rows((2, 3))``). A rule written for contract 0.2 gives
    the same pair as a plain tuple (``("column", 0)``), which is still accepted."""

    #: ``row``, ``column``, ``region``, ``rows``, ``columns`` (adjacent lines taken
    #: together), ``regions`` or ``cell`` (a trial's cell, a queen's kill list).
    kind: str
    #: Which row, column, region or cell (its index); the indices for the plural kinds.
    which: int | tuple[int, ...]

    @classmethod
    def row(cls, row: int) -> Place:
        return cls("row", row)

    @classmethod
    def column(cls, column: int) -> Place:
        return cls("column", column)

    @classmethod
    def region(cls, region: int) -> Place:
        return cls("region", region)

    @classmethod
    def cell(cls, cell: int) -> Place:
        return cls("cell", cell)

    @classmethod
    def unit(cls, kind: str, which: int) -> Place:
        """A row, column or region named by its kind: ``Place.unit("row", 2)``."""
        return cls(kind, which)

    @classmethod
    def rows(cls, rows: Iterable[int]) -> Place:
        return cls("rows", tuple(rows))

    @classmethod
    def columns(cls, columns: Iterable[int]) -> Place:
        return cls("columns", tuple(columns))

    @classmethod
    def lines(cls, kind: str, lines: Iterable[int]) -> Place:
        """Lines taken together, ``kind`` being ``rows`` or ``columns``."""
        return cls(kind, tuple(lines))

    @classmethod
    def regions(cls, regions: Iterable[int]) -> Place:
        return cls("regions", tuple(regions))


# -- The typed details of the basic propagation (:mod:`.propagation`) --------------------
# Each is a tuple in the form contract 0.2 gave (a tag string, then the indices), so
# ``--format json`` prints it as before and a 0.2 rule that reads these steps by position
# still works; a 0.3 rule reads the fields by name and tells the kinds apart by type. They
# live here, interpreted, rather than beside the compiled propagation: a class with a
# ``__new__`` of its own is plain Python's to make.


def pickle_by_tuple_form(detail: tuple) -> tuple[object, tuple[type, tuple]]:
    """The ``__reduce__`` of a typed detail whose own ``__new__`` leaves out its tag: it
    is pickled as its tuple form and made again from it without calling that ``__new__``
    (``generate --jobs`` sends steps back from its worker processes). A package sets
    ``__reduce__ = pickle_by_tuple_form`` on such a detail class."""
    return tuple.__new__, (type(detail), tuple(detail))


class _QueenKillsFields(NamedTuple):
    tag: str
    cell: int


class QueenKills(_QueenKillsFields):
    """Why cells died: the queen already on ``cell`` kills its kill list
    (``("queen", cell)`` as a tuple)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(cls, cell: int) -> QueenKills:
        return tuple.__new__(cls, ("queen", cell))


class OnlyLiveCell(NamedTuple):
    """Why a queen was placed: its cell is the only live one of the unit ``kind``
    (``row``, ``column`` or ``region``) number ``which``, 0-based (``("region", 3)`` as a
    tuple)."""

    kind: str
    which: int


class _RegionConfinedFields(NamedTuple):
    tag: str
    region: int
    kind: str
    line: int


class RegionConfined(_RegionConfinedFields):
    """Why cells died: every live cell of ``region`` lies in the line ``kind`` (``row``
    or ``column``) ``line`` (``("region", 3, "row", 0)`` as a tuple)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(cls, region: int, kind: str, line: int) -> RegionConfined:
        return tuple.__new__(cls, ("region", region, kind, line))


class _LineConfinedFields(NamedTuple):
    kind: str
    line: int
    tag: str
    region: int


class LineConfined(_LineConfinedFields):
    """Why cells died: every live cell of the line ``kind`` ``line`` lies in ``region``
    (``("row", 0, "region", 3)`` as a tuple)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(cls, kind: str, line: int, region: int) -> LineConfined:
        return tuple.__new__(cls, (kind, line, "region", region))


#: The signature of a rule's focus: ``focus(step, board, before)`` gives the
#: :class:`Place` whose live cells force the step, the one its sentence reasons about,
#: where a hint first tells a player to look. None: no place to point at (the hint falls
#: back on the cells the step changes).
FocusFn = Callable[["Step", Board, State], "Place | tuple[str, Any] | None"]

#: The weight of a rule that declares none, by tier.
DEFAULT_WEIGHTS = {Tier.CHEAP: 5, Tier.EXPENSIVE: 20}
#: The grade of a rule that declares none, by tier.
DEFAULT_GRADES = {Tier.CHEAP: Grade.HARD, Tier.EXPENSIVE: Grade.FIENDISH}
#: On a Star Battle board (K >= 2) a firing of a rule of the Hard rung or above weighs
#: this many times the rule's own weight in the score, so the hard reasoning a board needs
#: outranks how many rounds of classical deductions it took (a board whose hard rules do
#: much of the work takes fewer classical rounds, which ordered it below boards that need
#: no hard rule at all). Chosen on half of the publisher-labelled boards and checked on
#: the other half: bench/calibrate_star_score.py, docs/difficulty.md. The grader
#: (tools/grade.py) counts it; ``queens rules list`` says it.
STAR_HARD_FACTOR = 16


#: The metadata a rule must have, as a class attribute or a keyword argument.
REQUIRED = ("counter", "display_name", "tier", "position", "summary")
#: What a rule does, as methods (contract 0.3) or functions given as keywords (0.2).
BEHAVIOUR = ("apply", "explain", "focus")


@dataclass(frozen=True, kw_only=True, init=False)
class Rule:
    """A deduction rule: one object that carries its deduction (:meth:`apply`), its
    sentence (:meth:`explain`) and where a hint looks (:meth:`focus`), with its metadata.

    A rule package subclasses it, sets the metadata as class attributes and defines the
    methods; an instance is what ``queens_register_rules`` returns::

        class CornerSquare(Rule):
            counter = "corner_square"
            display_name = "Corner square"
            tier = Tier.CHEAP
            position = 1000
            summary = "A region confined to a 2×2 square kills the cells touching all of it."

            def apply(self, ctx: Context) -> None: ...
            def explain(self, step: Step, board: Board, before: State) -> str | None: ...
            def focus(self, step: Step, board: Board, before: State) -> Place | None: ...

    Any field may also be given as a keyword argument (``ShapeRule(counter="l_tromino",
    ...)``), which overrides the class attribute: one class can make several rules. The
    rule is frozen; :func:`dataclasses.replace` makes a changed copy.

    Several rules may share one ``apply`` function (the polyomino package checks 24
    shapes in one sweep over the regions): when adjacent rules' ``apply`` is the same
    function object (``apply = staticmethod(sweep)`` on their common class), the driver
    calls it once for all of them, with :attr:`Context.enabled` holding the counters that
    are switched on. A method (``def apply(self, ctx)``) is one call per rule. A cheap
    rule whose deduction is a function already may hand that function over the same way,
    ``apply = staticmethod(fn)``: the driver then calls it directly, one call less in
    every pass.

    A rule written for contract 0.2 is a plain ``Rule(...)`` given ``apply=``, and
    optionally ``explain=`` and ``focus=``, functions; it still works, and the registry
    says once per package that it should become a subclass (:func:`written_for_0_2`).
    """

    counter: str
    display_name: str
    tier: Tier
    position: int
    summary: str
    #: How the counter goes up: one of :data:`COUNTINGS`.
    counting: str = "pass"
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
    #: ``apply(ctx) -> None``: the deduction (a method in 0.3; see :data:`ApplyFn`).
    # None only until a subclass or a keyword gives it; problems() refuses a rule without.
    apply: ApplyFn = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    #: ``explain(step, board, before) -> str | None``: the sentence of a step of the
    #: rule; None when the rule has none (see :data:`ExplainFn`).
    explain: ExplainFn | None = field(default=None, compare=False, repr=False)
    #: ``focus(step, board, before) -> Place | None``: where a hint tells a player to
    #: look for a step of the rule; None when the rule has none (see :data:`FocusFn`).
    focus: FocusFn | None = field(default=None, compare=False, repr=False)

    def __init__(self, **fields: Any) -> None:
        known = _FIELD_NAMES
        for name, value in fields.items():
            if name not in known:
                raise TypeError(f"{type(self).__name__}() got an unexpected keyword {name!r}")
            if name in BEHAVIOUR and _is_own_method(self, name, value):
                continue  # dataclasses.replace hands back the class's own method
            object.__setattr__(self, name, value)
        for name in REQUIRED:
            if not hasattr(self, name):
                raise TypeError(
                    f"{type(self).__name__}() needs {name!r}, as a keyword argument or a "
                    "class attribute"
                )

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
        if not _is_star_range(self.min_stars, self.max_stars):
            found.append(
                f"stars {self.min_stars!r}..{self.max_stars!r} is not a range of whole "
                "numbers of at least 1 (min_stars, and max_stars or None)"
            )
        for name, fine, message in _CHECKS:
            value = getattr(self, name)
            if not fine(value):
                found.append(message.format(value))
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


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_whole(value: object, least: int = 0) -> bool:
    """An int (not a bool) of at least ``least``."""
    return _is_int(value) and value >= least  # type: ignore[operator]


def _is_star_range(low: object, high: object) -> bool:
    if not _is_whole(low, 1):
        return False
    return high is None or (_is_whole(high) and high >= low)  # type: ignore[operator]


def _optional(check: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda value: value is None or check(value)


#: The most characters of a rule's display name and of its summary.
NAME_LIMIT = 80
SUMMARY_LIMIT = 400


def shows_as_text(value: Any, limit: int) -> bool:
    """A string a terminal shows as it is: printable, one line, at most ``limit`` long
    (anything else passes, for another check to name)."""
    from .errors import has_controls

    return not isinstance(value, str) or (len(value) <= limit and not has_controls(value))


#: Each field a registration can get wrong, what a good value is, and what to say of a
#: bad one (``{}`` is the value), in the order the problems are listed.
_CHECKS: tuple[tuple[str, Callable[[Any], bool], str], ...] = (
    (
        "counter",
        lambda v: isinstance(v, str) and COUNTER_ID.match(v) is not None,
        "counter id {!r} is not lower_snake_case",
    ),
    ("display_name", lambda v: isinstance(v, str) and bool(v.strip()), "display name is empty"),
    # Every command prints the name and the summary as they are: a control character
    # in them would command the reader's terminal (set its title, hide lines).
    (
        "display_name",
        lambda v: shows_as_text(v, NAME_LIMIT),
        f"display name is not one line of printable text of at most {NAME_LIMIT} characters",
    ),
    (
        "summary",
        lambda v: shows_as_text(v, SUMMARY_LIMIT),
        f"summary is not one line of printable text of at most {SUMMARY_LIMIT} characters",
    ),
    ("tier", lambda v: isinstance(v, Tier), "tier {!r} is not Tier.CHEAP or Tier.EXPENSIVE"),
    ("position", _is_int, "position {!r} is not an int"),
    ("apply", callable, "apply is not callable"),
    ("counting", lambda v: v in COUNTINGS, "counting {!r} is not one of " + ", ".join(COUNTINGS)),
    ("explain", _optional(callable), "explain is not callable"),
    ("focus", _optional(callable), "focus is not callable"),
    ("weight", _optional(_is_whole), "weight {!r} is not an int of 0 or more"),
    (
        "grade",
        _optional(lambda v: isinstance(v, Grade)),
        "grade {!r} is not a Grade (Grade.EASY ... Grade.FIENDISH)",
    ),
    ("family", lambda v: isinstance(v, str), "family {!r} is not a string"),
)

_FIELD_NAMES = frozenset(f.name for f in fields(Rule))


def _is_own_method(rule: Rule, name: str, value: object) -> bool:
    """Whether ``value`` is ``rule``'s class's own ``name`` (a method bound to ``rule``,
    or the very function a staticmethod gives)."""
    own = getattr(type(rule), name, None)
    if own is None:
        return False
    if value is own:
        return True
    return getattr(value, "__func__", None) is own and getattr(value, "__self__", None) is rule


def written_for_0_2(rule: Rule) -> bool:
    """Whether ``rule`` is a contract 0.2 registration: a plain :class:`Rule` given its
    ``apply`` (and ``explain``, ``focus``) functions as keywords, rather than an instance
    of a subclass that carries them."""
    return type(rule) is Rule

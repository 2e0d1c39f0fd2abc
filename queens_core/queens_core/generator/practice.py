"""Boards to practise one rule on: the rule is needed, and it is the first step past the
basics, where the hint points at it.

The basics of a rule are the rules the hint offers before it: a lower rung of the
difficulty ladder, a lower weight within it, or the same weight and earlier in the
catalog (for a polyomino shape, the baseline rules and the smaller shapes). A practice
board for ``rule``

- leaves its basics stuck before the end, and at that position ``rule`` has a step: the
  plain hint there (the easiest step, :func:`~queens_core.tools.steps.steps_now`) is
  that step, since nothing easier is left;
- needs ``rule`` (:mod:`.needs`): the rules it is made with solve the board, and stall
  without it. Those are the cheap rules for a cheap rule (a trial of the expensive tier
  stands in for almost any), and every rule for an expensive one. Some rules are never
  needed where others stand in for them (a Star Battle bookkeeping rule beside the
  counting ones): after half the time given, or after a few boards on which the rule
  came first but was not needed, boards that only pass the first test are taken, and
  the result says the rule was not needed.

The page opens the board at that position, with the basics done, and the hint points at
the technique.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.arguments import Argument, parts_of
from ..engine.board import Board
from ..engine.driver import STALLED, Solver
from ..engine.rules import Rule, Tier
from ..engine.state import State
from ..tools.grade import Assessment
from ..tools.steps import FoundStep, steps_now
from .needs import NeedsFilter, resolve_needed
from .queens_maker import GenerateError, GiveUp

#: The size a practice board has unless asked: the archive's commonest for Queens, and
#: for Star Battle the smallest the page offers with 2 stars, which the maker makes
#: many times faster than 10×10.
DEFAULT_SIZES = {1: 8, 2: 8}
#: Attempts per round of the maker: short rounds, so the deadline is checked often.
ATTEMPTS_PER_ROUND = 20


def default_size(stars: int) -> int:
    """The size of a practice board with ``stars`` per unit unless asked."""
    return DEFAULT_SIZES.get(stars, 10)


def stars_for(rule: Rule) -> int:
    """The stars per unit a rule is practised with: 1 (Queens) when it runs there, else
    the fewest it runs with."""
    return 1 if rule.sound_for(1) else rule.min_stars


def basics_of(rule: Rule, installed: Sequence[Rule], stars: int) -> list[Rule]:
    """The rules for ``stars`` per unit that the hint offers before ``rule``."""
    from ..tools.steps import easiness

    return [r for r in installed if r.sound_for(stars) and easiness(r) < easiness(rule)]


def made_with(rule: Rule, installed: Sequence[Rule], stars: int) -> list[Rule]:
    """The rules a practice board of ``rule`` is made with (see the module's doc)."""
    if rule.tier is Tier.EXPENSIVE:
        return list(installed)
    return [r for r in installed if r.tier is Tier.CHEAP]


@dataclass(frozen=True)
class PracticeStart:
    """Where practice starts: the basics' fixed point, and the hint there (a step of
    the rule practised)."""

    position: State
    hint: FoundStep


class PracticeFilter:
    """The maker's extra test of a board (see the module's doc)."""

    def __init__(self, rule: Rule, installed: Sequence[Rule], stars: int):
        self.rule = rule
        self.stars = stars
        selected = made_with(rule, installed, stars)
        needed = resolve_needed(selected, installed, [rule.counter], stars)
        # Its solvers without the rule, not its tally: a practice board is tested here.
        self.needs = NeedsFilter(selected, needed, stars=stars)
        self.basics = Solver(basics_of(rule, installed, stars), stars=stars)
        self.hinter = Solver(installed, stars=stars)
        self.first_not_needed = 0

    def start(self, board: Board) -> PracticeStart | None:
        """Where practice of the rule starts on ``board``, or None when the hint at the
        basics' fixed point is not the rule's."""
        result = self.basics.solve(board)
        if result.status != STALLED:
            return None
        easiest = steps_now(board, result.state, self.hinter, easiest_only=True)
        if not easiest or easiest[0].rule.counter != self.rule.counter:
            return None
        return PracticeStart(result.state, easiest[0])

    #: Whether the board must need the rule (see the module's doc).
    strict = True
    #: Boards where the rule came first but was not needed, after which the search
    #: stops asking for it: other rules stand in for this one.
    STAND_INS_SEEN = 40

    def __call__(self, board: Board, assessment: Assessment) -> bool:
        if self.start(board) is None:
            return False
        if not self.strict:
            return True
        if self.needed(board):
            return True
        self.first_not_needed += 1
        if self.first_not_needed >= self.STAND_INS_SEEN:
            self.strict = False  # this board is taken: the rule came first on it
            return True
        return False

    def needed(self, board: Board) -> bool:
        """Whether the rules the board is made with stall on it without the rule."""
        return all(not without.solve(board).solved for _, without in self.needs.without)

    def __str__(self) -> str:
        needed = f"{self.needs} and " if self.strict else ""
        return f"{needed}have {self.rule.counter} first past the basics"


class PracticeGiveUp(GiveUp):
    """No practice board within the time given; ``next_seed`` is the first seed the search
    did not try, where another search goes on without trying the same seeds again."""

    next_seed = 0


@dataclass(frozen=True)
class PracticeBoard:
    board: Board
    solution: int
    assessment: Assessment
    start: PracticeStart
    seed: int
    #: Whether the board needs the rule (see the module's doc).
    needed: bool


def make_practice(
    rule: Rule,
    installed: Sequence[Rule],
    size: int | None = None,
    seed: int = 0,
    seconds: float = 30.0,
    strict: bool | None = None,
) -> PracticeBoard:
    """A practice board for ``rule``: board 0 of the batch of ``seed``, else of the next
    seeds, in short rounds, until one passes or ``seconds`` have passed (``GiveUp``, a
    :class:`PracticeGiveUp` that says where a search may go on). The board must need the
    rule for the first half of the time (see the module's doc); with ``strict`` true for
    all of it, with ``strict`` false not at all (a seed known to give a board where the
    rule comes first but is not needed). Raises ``GenerateError`` for a rule no board can
    need."""
    from .queens_maker import Maker
    from .stars_maker import StarMaker

    stars = stars_for(rule)
    size = default_size(stars) if size is None else size
    accept = PracticeFilter(rule, installed, stars)
    accept.strict = strict is not False
    selected = made_with(rule, installed, stars)
    maker: Maker | StarMaker
    if stars == 1:
        maker = Maker(selected, size, None, None, 1, ATTEMPTS_PER_ROUND, accept=accept)
    else:
        try:
            maker = StarMaker(selected, size, stars, None, None, ATTEMPTS_PER_ROUND, accept)
        except ValueError as err:
            raise GenerateError(*parts_of(err)) from None
    started = time.monotonic()
    deadline = started + seconds
    round_seed = seed
    while True:
        if strict is None:
            accept.strict = accept.strict and time.monotonic() < started + seconds / 2
        try:
            made = maker.make(round_seed, 0)
        except (GiveUp, ValueError):  # ValueError: the Star Battle maps ran out
            round_seed += 1
            if time.monotonic() >= deadline:
                give_up = PracticeGiveUp(
                    f"no {size}×{size} board to practise {rule.counter} on was found within "
                    f"{seconds:g} s: try again, a larger time or another ",
                    Argument("size"),
                )
                give_up.next_seed = round_seed
                raise give_up from None
            continue
        start = accept.start(made.board)
        assert start is not None  # the filter passed it
        return PracticeBoard(
            made.board,
            made.solution,
            made.assessment,
            start,
            round_seed,
            accept.strict or accept.needed(made.board),
        )

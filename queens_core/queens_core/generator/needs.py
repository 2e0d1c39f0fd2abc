"""Boards that need a rule: the acceptance test behind ``queens generate --needs``.

A board *needs* a rule under a rule selection when the selection solves it and the
selection without that rule stalls on it (or ends in a contradiction). The selection's
solve then necessarily uses the rule: without it the driver would take the very same
steps and solve the board.

The maker (:class:`queens_core.generator.queens_maker.Maker`) makes boards the selection solves,
with one solution, of the tier or grade asked; :class:`NeedsFilter` is the extra test it
puts each such board to. Some requests can never succeed, and are refused before any
work (:func:`why_never_needed`) or given up on early (:class:`NeverNeeded`): a rule left
out of the selection, a rule that does not run on Queens boards, the rule whose steps are
a placed queen's own kills (every placement makes those kills, whoever places), and,
found by trying, a rule whose every deduction the other selected rules also make on the
boards tried (typically a cheap rule next to placement-forces-contradiction, which
proves most cheap deductions by trying the queen).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine.arguments import Argument, Listing, Part
from ..engine.board import Board
from ..engine.driver import Solver
from ..engine.rules import Rule, Tier
from ..plugins.selection import did_you_mean, package_key, split_names
from ..tools.grade import Assessment
from .queens_maker import GenerateError, GiveUp

#: Boards the selection solves (with one solution, on the target) that are tried before
#: a rule no board has needed yet is given up on, unless told otherwise. Some rules are
#: needed by one board in thousands (docs/writing-rules.md, "Make boards that need your
#: rule"), so ``queens generate`` passes its ``--max-tries`` instead: the user's budget.
PROBE_BOARDS = 1000


class NeverNeeded(GiveUp):
    """Many boards the selection solves were tried and none needed a named rule; ``str()``
    is one line that says what was seen and what to try."""


def resolve_needed(
    selected: Sequence[Rule], installed: Sequence[Rule], values: Iterable[str], stars: int = 1
) -> list[Rule]:
    """The rules named by ``--needs`` values (comma-separated, repeatable), in catalog order.

    Raises :class:`GenerateError` for a name that is not an installed rule id (a package
    name is refused: a board needing every rule of a package is not what anyone means),
    and for a rule that cannot be needed under the selection (:func:`why_never_needed`).
    """
    values = [values] if isinstance(values, str) else list(values)
    names = split_names(values)
    if values and not names:
        raise GenerateError(Argument("needs"), f" needs a rule id, got {values[0]!r}")
    by_counter = {rule.counter: rule for rule in installed}
    chosen: list[Rule] = []
    for name in names:
        rule = by_counter.get(name)
        if rule is None:
            raise GenerateError(*_not_a_rule(name, installed))
        reason = why_never_needed(rule, selected, stars)
        if reason is not None:
            raise GenerateError(Argument.given("needs", name), ": no board can need it: ", reason)
        if rule not in chosen:
            chosen.append(rule)
    return sorted(chosen, key=lambda rule: (rule.tier_rank, rule.position, rule.counter))


def _not_a_rule(name: str, installed: Sequence[Rule]) -> tuple[Part, ...]:
    members = [rule.counter for rule in installed if package_key(rule.package) == package_key(name)]
    needs = Argument.given("needs", name)
    if members:
        return (
            needs,
            f": that is a rule package ({len(members)} rule{'s' if len(members) != 1 else ''}); ",
            Argument("needs"),
            f" takes rule ids, such as {members[0]} (",
            Listing("rules"),
            " lists them)",
        )
    return (needs, ": no installed rule has this id", *did_you_mean(name, installed))


def why_never_needed(
    rule: Rule, selected: Sequence[Rule], stars: int = 1
) -> tuple[Part, ...] | None:
    """Why no board with ``stars`` stars a unit (1: Queens) can need ``rule`` under the
    selection ``selected``, when that can be told without trying; None otherwise."""
    if not rule.sound_for(stars):
        if stars == 1:
            return (f"it is a rule for {rule.stars_label} (Star Battle), not for Queens boards",)
        return (f"it is a rule for {rule.stars_label}, not for boards with {stars} stars a unit",)
    if rule not in selected:
        only, exclude = Argument("only"), Argument("exclude")
        return ("the rule selection (", only, ", ", exclude, ") leaves it out")
    if rule.counting == "placement":
        piece = "queen" if stars == 1 else "star"
        return (
            f"its steps are the cells a placed {piece} kills, and every placed {piece} kills "
            "them whichever rule placed it, so leaving it out changes no solve",
        )
    return None


class NeedsFilter:
    """Accepts a board when each named rule is needed by the selection's solve of it (see
    the module docstring); keeps a tally to give up on a rule nothing needs."""

    def __init__(
        self,
        selected: Sequence[Rule],
        needed: Sequence[Rule],
        probe: int = PROBE_BOARDS,
        stars: int = 1,
    ):
        self.needed = list(needed)
        self.probe = probe
        self.stars = stars
        #: The other selected rules that prove deductions by trying a queen (the
        #: expensive tier): what usually stands in for a cheap rule.
        self.stand_ins = [
            rule.counter
            for rule in selected
            if rule.tier is Tier.EXPENSIVE and rule.sound_for(stars) and rule not in needed
        ]
        self.without = [
            (rule, Solver((other for other in selected if other is not rule), stars=stars))
            for rule in needed
        ]
        #: Boards offered (the selection solves them), how many of them used every named
        #: rule, and how many needed them.
        self.offered = 0
        self.used = 0
        self.accepted = 0

    def __call__(self, board: Board, assessment: Assessment) -> bool:
        self.offered += 1
        accepted = self._needs_every_rule(board, assessment)
        if accepted:
            self.accepted += 1
        elif not self.accepted and self.offered >= self.probe:
            raise NeverNeeded(*self.verdict())
        return accepted

    def _needs_every_rule(self, board: Board, assessment: Assessment) -> bool:
        counters = assessment.full.counters
        if not all(counters.get(rule.counter, 0) for rule in self.needed):
            return False
        self.used += 1
        return all(not without.solve(board).solved for _, without in self.without)

    def verdict(self) -> tuple[Part, ...]:
        """What the tally says, as the one line of a give-up."""
        names = " and ".join(rule.counter for rule in self.needed)
        one = len(self.needed) == 1
        if not self.used:
            # Nothing stood in for a rule that never got its chance: the boards did not
            # offer it one (a shape too big for the size, say).
            never = (
                ("it never fired; a larger ", Argument("size"), " gives it more room")
                if one
                else (
                    "they never all fired on one board; ask for fewer at once, or a larger ",
                    Argument("size"),
                )
            )
            return (
                f"no board needed {names}: of {self.offered} boards the selected rules solve, ",
                *never,
            )
        fired = f"{'it' if one else 'they all'} fired in {self.used}"
        it = "it" if one else "one of them"
        advice: tuple[Part, ...]
        if self.stand_ins:
            stand_ins = Argument.given("exclude", ",".join(self.stand_ins))
            advice = (f"leave out what stands in for {it}, such as ", stand_ins)
        else:
            advice = (f"leave out the rules that stand in for {it} (", Argument("exclude"), ")")
        return (
            f"no board needed {names}: of {self.offered} boards the selected rules solve, "
            f"{fired}, and each time the other selected rules solved the board without {it}; ",
            *advice,
        )

    def __str__(self) -> str:
        """The test in words, as a give-up names it: ``needs shared_attack``."""
        return "needs " + " and ".join(rule.counter for rule in self.needed)

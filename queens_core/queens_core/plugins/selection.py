"""Choosing which installed rules a solve runs (``queens solve --only/--exclude/--tier``).

A name is a counter id (``two_line_squeeze``) or a rule package, written as its
distribution name with or without the ``queens-rules-`` prefix, in any case and with
``-``, ``_`` or ``.`` alike (``squeeze``, ``queens-rules-squeeze``,
``queens_rules_squeeze``). A name
that is both a counter id and a package selects both.

Leaving a rule out changes what is deduced, never how: a queen placed by any rule still
kills its row, column, region and neighbours at once, even without the rule that counts
placements (they are then just not counted), and a rule that simulates (placement-forces-
contradiction) runs the four basic deductions whether or not they are selected.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..engine.arguments import Argument, ArgumentError, Part
from ..engine.rules import Grade, Rule, Tier

PACKAGE_PREFIX = "queens-rules-"
#: The tiers ``--tier`` stops after, easiest first: ``baseline`` is the rules of the Easy
#: grade (what ``queens check`` calls tier baseline), then the cheap and expensive tiers.
BASELINE = "baseline"
TIERS = (BASELINE, *(tier.value for tier in Tier))


class SelectionError(ArgumentError):
    """A selection names something that is not installed, or leaves no rule to run."""


def package_key(name: str) -> str:
    """A package name normalised (PEP 503) and without the ``queens-rules-`` prefix."""
    normal = re.sub(r"[-_.]+", "-", name).lower()
    return normal.removeprefix(PACKAGE_PREFIX)


def _values(values: Iterable[str]) -> list[str]:
    """The option's values: one string is one value, never its letters (``only=
    "baseline"`` from Python)."""
    return [values] if isinstance(values, str) else list(values)


def split_names(values: Iterable[str]) -> list[str]:
    """Names from repeated and comma-separated option values (blanks dropped)."""
    return [name.strip() for value in _values(values) for name in value.split(",") if name.strip()]


def _matcher(rules: list[Rule], option: str):
    counters = {rule.counter for rule in rules}
    packages = {package_key(rule.package): rule.package for rule in rules if rule.package}

    def matching(name: str) -> set[str]:
        found = {rule.counter for rule in rules if package_key(rule.package) == package_key(name)}
        if name in counters:
            found.add(name)
        if not found:
            raise SelectionError(*_unknown(name, option, sorted(counters), packages))
        return found

    return matching


def _unknown(
    name: str, option: str, counters: list[str], packages: dict[str, str]
) -> tuple[Part, ...]:
    import difflib  # only on this error path: it is not cheap to import

    short = sorted(packages)
    close = difflib.get_close_matches(name, counters + short, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return (
        Argument(option),
        f": no installed rule or rule package is called {name!r}{hint}; "
        f"packages: {', '.join(short) or 'none'}; rules: {', '.join(counters) or 'none'}",
    )


def select_rules(
    rules: Iterable[Rule],
    only: Iterable[str] = (),
    exclude: Iterable[str] = (),
    tier: str | None = None,
) -> list[Rule]:
    """The rules to run: those named by ``only`` (all when empty), minus those named by
    ``exclude``, minus the tiers after ``tier`` (``cheap`` leaves the expensive tier out,
    ``baseline`` keeps the rules that declare the Easy grade).

    Names may be repeated or comma-separated. Raises :class:`SelectionError` for an
    unknown name or tier, or when nothing is left to run.
    """
    rules = list(rules)
    only, exclude = _values(only), _values(exclude)
    only_names = split_names(only)
    exclude_names = split_names(exclude)
    # `--only ""` (an unset shell variable, say) names nothing: running every rule
    # instead would be the opposite of what was asked.
    for option, values, names in (
        ("only", only, only_names),
        ("exclude", exclude, exclude_names),
    ):
        if values and not names:
            raise SelectionError(
                Argument(option), f" needs a rule or package name, got {values[0]!r}"
            )
    matching_only = _matcher(rules, "only")
    matching_exclude = _matcher(rules, "exclude")
    chosen = {rule.counter for rule in rules}
    if only_names:
        chosen = set().union(*(matching_only(name) for name in only_names))
    for name in exclude_names:
        chosen -= matching_exclude(name)
    if tier is not None:
        if tier not in TIERS:
            raise SelectionError(
                Argument("tier"), f": {tier!r} is not a tier; tiers: {', '.join(TIERS)}"
            )
        chosen = {r.counter for r in rules if r.counter in chosen and _within(r, tier)}
    selected = [rule for rule in rules if rule.counter in chosen]
    if not selected and rules:
        raise SelectionError(
            "the selection (",
            Argument("only"),
            ", ",
            Argument("exclude"),
            ", ",
            Argument("tier"),
            ") leaves no rule to run",
        )
    return selected


def _within(rule: Rule, tier: str) -> bool:
    """Whether ``rule`` runs when the solve stops after ``tier``."""
    if tier == BASELINE:
        return rule.tier is Tier.CHEAP and rule.grade_needed is Grade.EASY
    return TIERS.index(rule.tier) <= TIERS.index(tier)

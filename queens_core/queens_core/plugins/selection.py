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

from ..engine.arguments import Argument, ArgumentError, Listing, Part
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

    def matching(name: str) -> set[str]:
        found = {rule.counter for rule in rules if package_key(rule.package) == package_key(name)}
        if name in counters:
            found.add(name)
        if not found:
            raise SelectionError(
                Argument(option),
                f": no installed rule or rule package is called {name!r}",
                *did_you_mean(name, rules, packages=True),
            )
        return found

    return matching


#: The most names a "did you mean" offers.
MOST_SUGGESTED = 3
#: How alike a spelling must be to be offered (difflib's ratio, 0 to 1), and how much less
#: alike than the closest one it may be.
SPELLING_CUTOFF = 0.6
SPELLING_MARGIN = 0.05


def _key(name: str) -> str:
    """A name as :func:`close_names` compares it: lower case, runs of other characters
    than letters and digits as one ``_`` (``Corner square``: ``corner_square``)."""
    return re.sub(r"[^0-9a-z]+", "_", name.lower()).strip("_")


def close_names(name: str, rules: Iterable[Rule], packages: bool = False) -> list[str]:
    """The installed names closest to ``name``, best first, at most
    :data:`MOST_SUGGESTED`: counter ids, and package names (without the prefix) when
    ``packages``. A rule's display name leads to its counter id (``Corner square``:
    ``corner_square``), as does the id in another case; a name contained in an id leads
    to that id (``corner``: ``corner_square``); then the closest spellings."""
    import difflib  # only on an error path: it is not cheap to import

    rules = list(rules)
    offered: dict[str, str] = {}  # what a name is compared as -> the name offered
    for rule in rules:
        offered.setdefault(_key(rule.counter), rule.counter)
    for rule in rules:
        offered.setdefault(_key(rule.display_name), rule.counter)
    if packages:
        for rule in rules:
            if rule.package:
                short = package_key(rule.package)
                offered.setdefault(_key(short), short)
    key = _key(package_key(name) if packages else name)
    if key in offered:  # the same name, spelt otherwise
        return [offered[key]]
    found: list[str] = []
    if len(key) >= 3:
        within = sorted((k for k in offered if key in k), key=lambda k: (len(k), k))
        found.extend(offered[k] for k in within)
    # The closest spellings, and only those about as close as the closest of them.
    ratios = sorted(
        ((difflib.SequenceMatcher(None, key, k).ratio(), k) for k in offered),
        key=lambda pair: (-pair[0], pair[1]),
    )
    if ratios and ratios[0][0] >= SPELLING_CUTOFF:
        best = ratios[0][0]
        found.extend(offered[k] for ratio, k in ratios if ratio >= best - SPELLING_MARGIN)
    return list(dict.fromkeys(found))[:MOST_SUGGESTED]


def did_you_mean(name: str, rules: Iterable[Rule], packages: bool = False) -> tuple[Part, ...]:
    """The end of a message about ``name``, which no installed rule (or package, when
    ``packages``) is called: the closest names, if any, and where all of them are listed,
    in one line (``(did you mean 'pfc'?); `queens rules list` lists them``)."""
    close = close_names(name, rules, packages)
    if len(close) == 1:
        hint = f" (did you mean {close[0]!r}?)"
    elif close:
        hint = f" (did you mean one of: {', '.join(map(repr, close))}?)"
    else:
        hint = ""
    return (f"{hint}; ", Listing("rules"), " lists them")


def unknown_rule(name: str, rules: Iterable[Rule]) -> tuple[Part, ...]:
    """What to say of ``name`` where one rule id is asked for (``queens practise RULE``)
    and no installed rule has it: that it names a package, or the closest ids."""
    rules = list(rules)
    members = [rule.counter for rule in rules if package_key(rule.package) == package_key(name)]
    if members:
        count = f"{len(members)} rule{'s' if len(members) != 1 else ''}"
        return (
            f"{name!r} is a rule package ({count}), not a rule: name one of its rules, "
            f"such as {members[0]!r}; ",
            Listing("rules"),
            " lists them",
        )
    return (f"no installed rule is called {name!r}", *did_you_mean(name, rules))


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

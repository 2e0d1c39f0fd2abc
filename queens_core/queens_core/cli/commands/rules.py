"""``queens rules list``: the installed rules, by tier, in the order the driver runs them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ...engine.rules import STAR_HARD_FACTOR, Grade
from ..group import QueensGroup
from ..options import json_format_options

if TYPE_CHECKING:
    from ...engine.rules import Rule
    from ..app import Settings


@click.group(cls=QueensGroup, short_help="Inspect the installed rules.")
def rules() -> None:
    """Inspect the installed rules.

    \b
    Examples:
      queens rules list
      queens rules list --format json
    """


@rules.command("list", short_help="List the installed rules by tier, in the order they run.")
@json_format_options
@click.pass_obj
def rules_list(settings: Settings, output_format: str, as_json: bool) -> None:
    """List the installed rules, grouped by tier, in the order the driver runs them: each
    with its position, id, name, the stars per unit (K) it runs for, its grade and
    weight (the difficulty ladder and score), its package and a summary.

    \b
    Examples:
      queens rules list
      queens rules list --format json
    """
    registry = settings.registry(warn_empty=False)  # the list itself says so
    if as_json or output_format == "json":
        from ...render.documents import dumps

        click.echo(dumps(settings.application().installed().rules_json()))
        return
    if not registry.rules:
        click.echo("No rules are installed: install a rule package (queens-rules-NAME).")
        return
    from ...api.reports import tier_defaults

    def grade_of(r: Rule) -> str:
        grade = r.grade_needed
        return f"{int(grade)} {grade.title}" + ("*" if r.grade is None else "")

    def weight_of(r: Rule) -> str:
        return f"{r.score_weight}" + ("*" if r.weight is None else "")

    width_counter = max(len(r.counter) for r in registry.rules)
    width_name = max(len(r.display_name) for r in registry.rules)
    width_stars = max(len(r.stars_label) for r in registry.rules)
    width_grade = max(len(grade_of(r)) for r in registry.rules)
    width_weight = max(len(weight_of(r)) for r in registry.rules)
    # Third-party positions (1000 and up) are wider than the catalog's.
    width_position = max(3, *(len(str(r.position)) for r in registry.rules))
    headings = {
        "cheap": "Cheap tier: run pass after pass until nothing changes",
        "expensive": "Expensive tier: tried one at a time when the cheap tier is stuck",
    }
    # Each rule runs only on boards with a K (stars per unit) it is sound for: K = 1 is
    # Queens, K ≥ 2 Star Battle.
    first = True
    for tier in ("cheap", "expensive"):
        members = [r for r in registry.rules if r.tier.value == tier]
        if not members:
            continue
        if not first:
            click.echo()
        first = False
        count = f"{len(members)} rule{'s' if len(members) > 1 else ''}"
        click.echo(f"{headings[tier]} ({count})")
        for r in members:
            click.echo(
                f"  {r.position:>{width_position}}  {r.counter:<{width_counter}}  "
                f"{r.display_name:<{width_name}}  {r.stars_label:<{width_stars}}  "
                f"{grade_of(r):<{width_grade}}  weight {weight_of(r):<{width_weight}}  "
                f"{r.package} {r.version}".rstrip()
            )
            click.echo(f"{'':{width_position + 4}}{r.summary}")
    # What the two columns mean, for the rules listed (docs/difficulty.md).
    star_hard = any(r.sound_for(2) and r.grade_needed >= Grade.HARD for r in registry.rules)
    click.echo()
    click.echo(
        "Grade: the lowest grade of a board that needs the rule. Weight: what one firing adds to"
    )
    star_battle = (
        f"; on a Star Battle board a rule of grade Hard or above counts {STAR_HARD_FACTOR} times it"
        if star_hard
        else ""
    )
    click.echo(f"a board's score{star_battle}.")
    if any(tier_defaults(r) for r in registry.rules):
        click.echo("* not declared by the rule: its tier's default.")

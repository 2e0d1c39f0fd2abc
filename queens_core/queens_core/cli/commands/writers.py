"""``queens writers list``: the installed board writers, the formats of ``queens convert``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..group import QueensGroup
from ..options import format_option

if TYPE_CHECKING:
    from ..app import Settings


@click.group(
    cls=QueensGroup, short_help="The installed board writers (the formats convert writes)."
)
def writers() -> None:
    """Inspect the installed board writers (the formats `queens convert --to` writes).

    \b
    Examples:
      queens writers list
      queens writers list --format json
    """


@writers.command("list", short_help="List the installed writers: what `convert --to NAME` writes.")
@format_option("json: one object, schema queens-writers/1.")
@click.pass_obj
def writers_list(settings: Settings, output_format: str) -> None:
    """List the installed board writers by name: what `queens convert --to NAME` writes,
    the suffix its files take, and whether it carries a position's marks.

    \b
    Examples:
      queens writers list
      queens writers list --format json
    """
    installed = settings.application().installed()
    if output_format == "json":
        from ...render.documents import dumps

        click.echo(dumps(installed.writers_json()))
        return
    found = installed.writers
    if not found:
        click.echo("  no writers are installed")
        return
    width = max(len(w.name) for w in found)
    for w in found:
        suffix = w.suffix or "no suffix"
        extra = "; carries marks" if w.carries_marks else ""
        origin = f"{w.package} {w.version}".strip()
        click.echo(f"  {w.name:<{width}}  {suffix}{extra}  ({origin})")
        click.echo(f"  {'':<{width}}  {w.summary}")

"""``queens readers list``: the installed board readers, in the order they are asked."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..group import QueensGroup
from ..options import format_option

if TYPE_CHECKING:
    from ..app import Settings


@click.group(cls=QueensGroup, short_help="The installed board readers (the input formats).")
def readers() -> None:
    """Inspect the installed board readers (the input formats every command accepts).

    \b
    Examples:
      queens readers list
      queens readers list --format json
    """


@readers.command("list", short_help="List the installed readers, in the order they are asked.")
@format_option("json: one object, schema queens-readers/1.")
@click.pass_obj
def readers_list(settings: Settings, output_format: str) -> None:
    """List the installed board readers, in the order they are asked about an input.

    A file goes to the reader that claims its suffix; standard input and other files go
    to the first reader that recognises their content, and to the text reader when none
    does.

    \b
    Examples:
      queens readers list
      queens readers list --format json
    """
    found = settings.registry().readers
    if output_format == "json":
        from ...render.documents import dumps

        click.echo(dumps(settings.application().installed().readers_json()))
        return
    width = max(len(r.name) for r in found)
    for r in found:
        claims = ", ".join(r.suffixes) or "no suffix"
        extra = "; recognises content" if r.sniff is not None else ""
        origin = f"{r.package} {r.version}".strip()
        click.echo(f"  {r.name:<{width}}  {claims}{extra}  ({origin})")
        click.echo(f"  {'':<{width}}  {r.summary}")

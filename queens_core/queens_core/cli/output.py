"""The plain text output of ``queens solve`` (docs/format.md, "What `queens solve` prints"),
and the printing of the JSON documents :mod:`queens_core.render.documents` builds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click

from ..engine.driver import SolveResult


def format_counters(counters: Mapping[str, int], display_names: Mapping[str, str]) -> str:
    """One line a counter: the display name padded to the longest, `` : ``, the count."""
    if not counters:
        return ""
    width = max(len(display_names[c]) for c in counters)
    return "\n".join(f"{display_names[c]:<{width}} : {n}" for c, n in counters.items())


def format_result(
    result: SolveResult, display_names: Mapping[str, str], picture: str | None = None
) -> str:
    """The whole standard output of ``queens solve`` for one board (no final newline).

    Solved: the board (``♛`` and ``.``), a blank line, the counters. Otherwise: the
    partial state (``♛``, ``⨯``, ``.``) alone. ``picture`` replaces that drawing of the
    board (the terminal draws it in colour).
    """
    if picture is None:
        picture = result.state.picture(result.board, show_dead=not result.solved)
    if result.solved:
        counters = format_counters(result.counters, display_names)
        return f"{picture}\n\n{counters}" if counters else picture
    return picture


def print_document(document: Any, json_line: bool = False) -> None:
    """Print one JSON document: indented for people, or on one line (JSON Lines: one
    document a line, for a command over several boards)."""
    # Here, not at the top: a plain ``queens solve`` loads this module and needs no JSON.
    import json

    from ..render.documents import dumps

    if json_line:
        click.echo(json.dumps(document, ensure_ascii=False))
    else:
        click.echo(dumps(document))

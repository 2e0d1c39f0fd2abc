"""The plain text output of ``queens solve`` (docs/format.md, "What `queens solve` prints"),
and the printing of the JSON documents :mod:`queens_core.render.documents` builds."""

from __future__ import annotations

from typing import Any

import click

from ..render.solve_text import format_counters, format_result

__all__ = ["format_counters", "format_result", "print_document"]


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

"""Options several commands share, declared once: the same name, choices and default
wherever a user types them (each command says in its own help what they do there)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

Decorator = Callable[[Any], Any]


def format_option(help_text: str) -> Decorator:
    """``--format text|json`` (default text), passed as ``output_format``."""
    return click.option(
        "--format",
        "output_format",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
        help=help_text,
    )


def color_option(help_text: str) -> Decorator:
    """``--color/--colour auto|always|never`` (default auto), passed as ``color``."""
    return click.option(
        "--color",
        "--colour",
        "color",
        type=click.Choice(["auto", "always", "never"]),
        default="auto",
        show_default=True,
        help=help_text,
    )

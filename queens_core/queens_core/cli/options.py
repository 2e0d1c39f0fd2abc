"""Options several commands share, declared once: the same name, choices and default
wherever a user types them (each command says in its own help what they do there); and
the rules that ``--only``, ``--exclude`` and ``--tier`` select."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import click

from ..engine.rules import Rule
from ..plugins.registry import Registry
from ..plugins.selection import SelectionError, select_rules
from .exits import EXIT_BAD_INPUT, fail

Decorator = Callable[[Any], Any]


class Seconds(click.ParamType):
    """A duration in seconds: a finite number above 0. ``nan``, ``inf`` and a number too
    large for a float (``1e309``, which Python reads as ``inf``) are refused: each would
    silently remove the bound the option sets."""

    name = "seconds"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        if isinstance(value, float):
            number = value
        else:
            try:
                number = float(value)
            except (TypeError, ValueError):
                self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number of seconds", param, ctx)
        if number <= 0:
            self.fail(f"{value!r} is not more than 0 seconds", param, ctx)
        return number


SECONDS = Seconds()


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


def json_format_options(function: Any) -> Any:
    """``--format text|json`` and its hidden alias ``--json`` (the option's older name)."""
    function = click.option(
        "--json", "as_json", is_flag=True, hidden=True, help="The same as --format json."
    )(function)
    return format_option("text for people, json for programs (docs/json.md).")(function)


def selected_rules(
    registry: Registry, only: tuple[str, ...], exclude: tuple[str, ...], tier: str | None
) -> list[Rule]:
    """The registry's rules narrowed by --only, --exclude and --tier (exit 2 if invalid)."""
    try:
        return select_rules(registry.rules, only, exclude, tier)
    except SelectionError as err:
        fail(str(err), EXIT_BAD_INPUT)

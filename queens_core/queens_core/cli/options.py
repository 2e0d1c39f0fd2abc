"""Options several commands share, declared once: the same name, choices and default
wherever a user types them (each command says in its own help what they do there); and
the rules that ``--only``, ``--exclude`` and ``--tier`` select."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from ..engine.arguments import seconds_refusal
from ..plugins.selection import TIERS
from .settings import selected_rules

__all__ = [
    "SECONDS",
    "Seconds",
    "cluster_option",
    "color_option",
    "complete_rule_names",
    "format_option",
    "json_format_options",
    "selected_rules",
    "selection_options",
]

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
        refusal = seconds_refusal(number, value)
        if refusal is not None:
            self.fail(refusal, param, ctx)
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


def cluster_option(help_text: str) -> Decorator:
    """``--cluster ADDRESS``: a Dask scheduler whose workers do the batch's work."""
    return click.option(
        "--cluster",
        metavar="ADDRESS",
        default=None,
        help=help_text
        + " Needs queens-core[cluster] here and on the workers (the manual's Batches on a "
        "cluster page).",
    )


def json_format_options(function: Any) -> Any:
    """``--format text|json`` and its hidden alias ``--json`` (the option's older name)."""
    function = click.option(
        "--json", "as_json", is_flag=True, hidden=True, help="The same as --format json."
    )(function)
    return format_option("text for people, json for programs (the manual's JSON documents page).")(
        function
    )


def complete_rule_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of ``--only``/``--exclude`` (rule ids and package names) and
    ``--needs`` (rule ids): the installed ones, after the last comma of what is typed."""
    from click.shell_completion import CompletionItem

    from ..plugins.registry import load_registry
    from ..plugins.selection import package_key

    try:
        registry = load_registry(skip_broken=True)
    except Exception:  # completion must never print a traceback into the shell
        return []
    done, comma, last = incomplete.rpartition(",")
    before = done + comma
    names = {rule.counter: rule.summary for rule in registry.rules}
    if param.name != "needs":
        for info in registry.packages:
            if info.name.startswith("queens-rules-"):
                names.setdefault(package_key(info.name), f"the rules of {info.name}")
    return [
        CompletionItem(before + name, help=about)
        for name, about in sorted(names.items())
        if name.startswith(last)
    ]


def selection_options(what: str) -> Decorator:
    """``--only``, ``--exclude`` and ``--tier``, as ``queens solve`` takes them, passed as
    ``only``, ``exclude`` and ``tier``; ``what`` says what the selected rules do
    ("Check with", "Solve with")."""

    def decorate(function: Any) -> Any:
        function = click.option(
            "--tier",
            type=click.Choice(TIERS),
            help=f"{what} the rules up to this tier: 'cheap' leaves the expensive tier out, "
            "'baseline' keeps the baseline rules alone.",
        )(function)
        function = click.option(
            "--exclude",
            multiple=True,
            metavar="NAMES",
            shell_complete=complete_rule_names,
            help=f"{what} the installed rules but these rules or packages (names as --only).",
        )(function)
        return click.option(
            "--only",
            multiple=True,
            metavar="NAMES",
            shell_complete=complete_rule_names,
            help=f"{what} only these rules or packages (counter ids or package names, with "
            "or without the queens-rules- prefix; repeat the option or separate with commas).",
        )(function)

    return decorate

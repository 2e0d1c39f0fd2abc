"""``--stars K|auto``: the stars per row, column and region, shared by the commands.

K = 1 is LinkedIn Queens; K ≥ 2 is Star Battle. ``auto`` (and no option at all) takes
the K the input declares (an SBN puzzle string does), else 1; a K that contradicts the
input's own is bad input.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .exits import EXIT_BAD_INPUT, fail

F = TypeVar("F", bound=Callable[..., object])

AUTO = "auto"


def stars_option(function: F) -> F:
    """Add ``--stars`` to a command; the command receives ``stars`` as given (a str)."""
    # Here, not at the top: the plain solve and stats parse K without click (cli/plain.py).
    import click

    return click.option(
        "--stars",
        "stars",
        default=AUTO,
        show_default=True,
        metavar="K|auto",
        help="Stars (queens) per row, column and region: 1 for Queens, 2 or more for Star "
        "Battle. auto: what the input declares (an SBN string does), else 1.",
    )(function)


def parse_stars(value: str) -> int | None:
    """K as an int, or None for ``auto``; a bad value ends the command (exit 2)."""
    if value.strip().lower() == AUTO:
        return None
    try:
        stars = int(value)
    except ValueError:
        fail(
            f"--stars must be a whole number of at least 1 or 'auto', not {value!r}", EXIT_BAD_INPUT
        )
    if stars < 1:
        fail(f"--stars must be at least 1, not {stars}", EXIT_BAD_INPUT)
    return stars

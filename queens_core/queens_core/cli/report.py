"""What ``queens solve`` prints beyond the plain formats (docs/format.md): explanations,
colour and region letters.

Without ``--explain`` and without colour the output is :func:`output.format_result`,
byte for byte; these functions only add to it or paint it. The explanation and JSON
modules are imported only when asked for, to keep a plain solve's start-up short.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from ..engine.driver import SolveResult
from ..engine.rules import Rule
from ..render.colour import terminal_depth, wants_colour
from ..render.solve_text import board_text, explanation_text, legend, result_text
from .exits import echo, is_terminal

__all__ = ["board_text", "colour_depth", "explanation_text", "legend", "result_text", "show"]


def colour_depth(choice: str, stream: TextIO | None = None) -> str | None:
    """The colour depth to draw with for ``--color choice`` on ``stream``, or None."""
    stream = sys.stdout if stream is None else stream
    return terminal_depth() if wants_colour(choice, is_terminal(stream)) else None


def show(
    result: SolveResult,
    rules: Sequence[Rule],
    source: str,
    explain: bool,
    color: str,
    letters: bool = False,
) -> None:
    """Print one solve's result as text (explained or not; colour or not; letters or not)."""
    depth = colour_depth(color)
    if explain:
        text = explanation_text(result, rules, source, depth, letters)
    else:
        text = result_text(result, rules, depth, letters)
    # click strips escape sequences when stdout is not a terminal; --color always means
    # keep them.
    echo(text, color=depth is not None)

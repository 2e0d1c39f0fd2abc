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

import click

from ..engine.board import Board, size_article
from ..engine.driver import CONTRADICTION, SOLVED, SolveResult
from ..engine.rules import Rule
from ..engine.words import colour_name
from ..render.colour import (
    colour_picture,
    colour_rows,
    lettered_rows,
    terminal_depth,
    wants_colour,
)
from .exits import is_terminal
from .output import format_result


def result_text(
    result: SolveResult, rules: Sequence[Rule], depth: str | None = None, letters: bool = False
) -> str:
    """The plain output; with a colour ``depth``, its board drawn in region colours; with
    ``letters``, each cell's region letter before its mark."""
    names = {r.counter: r.display_name for r in rules}
    show_dead = not result.solved
    if depth is None and not letters:
        return format_result(result, names)
    if depth is None:
        rows = result.state.picture(result.board, show_dead=show_dead).split("\n")
        picture = "\n".join(lettered_rows(result.board, rows))
    else:
        picture = "\n".join(
            colour_picture(result.board, result.state, depth, show_dead, letters=letters)
        )
    return format_result(result, names, picture)


def board_text(board: Board, depth: str | None = None) -> str:
    """The board's letters with row and column numbers (in colour with a ``depth``)."""
    from ..render.text import labelled_grid

    if depth is None:
        return labelled_grid(board, board.rows)
    return labelled_grid(board, colour_rows(board, board.rows, depth), cell_width=3)


def legend(board: Board) -> str:
    """``Regions: B blue, G green, ...`` for the letters that name a colour, else ''."""
    named = [(ch, colour_name(ch)) for ch in board.letters]
    if not any(colour for _, colour in named):
        return ""
    return "Regions: " + ", ".join(f"{ch} {colour}" if colour else ch for ch, colour in named)


def explanation_text(
    result: SolveResult,
    rules: Sequence[Rule],
    source: str,
    depth: str | None = None,
    letters: bool = False,
) -> str:
    """``queens solve --explain``: the board, every step in words, how it ended."""
    from ..render.text import LABEL_SCHEME, format_explanation
    from ..tools.explain import explain_steps

    board = result.board
    parts = [
        f"{source}, {size_article(board.n)} {board.n}×{board.n} board. {LABEL_SCHEME}",
        board_text(board, depth),
    ]
    key = legend(board)
    if key:
        parts.append(key)
    explanations = explain_steps(board, result.steps, rules)
    parts.append("\n".join(format_explanation(board, e) for e in explanations) or "No steps.")
    count = len(explanations)
    if result.status == SOLVED:
        ending = f"Solved in {count} steps: every row, column and region has its queen."
        if board.stars != 1:
            ending = (
                f"Solved in {count} steps: every row, column and region has its "
                f"{board.stars} stars."
            )
    elif result.status == CONTRADICTION:
        ending = f"Contradiction after {count} steps: {result.problem_after_culprit()}."
    else:
        ending = (
            f"Stuck after {count} steps: no rule finds anything more, with "
            f"{result.state.queens.bit_count()} of {board.star_total} "
            f"{'queens' if board.stars == 1 else 'stars'} placed."
        )
    parts.append(ending)
    parts.append(result_text(result, rules, depth, letters))
    return "\n\n".join(parts)


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
    click.echo(text, color=depth is not None)

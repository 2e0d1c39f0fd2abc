"""What ``queens solve`` prints as text (docs/format.md): the plain result, and the
explanation, colour and region letters it adds on request.

Without an explanation and without colour the output is :func:`format_result`, byte for
byte; the other functions only add to it or paint it. The explanation modules are
imported only when asked for, to keep a plain solve's start-up short.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from ..engine.board import Board, size_article
from ..engine.driver import CONTRADICTION, SOLVED, SolveResult
from ..engine.rules import Rule
from ..engine.words import colour_name
from .colour import colour_picture, colour_rows, lettered_rows


def format_counters(counters: Mapping[str, int], display_names: Mapping[str, str]) -> str:
    """One line a counter: the display name padded to the longest, `` : ``, the count."""
    if not counters:
        return ""
    names = tuple(map(display_names.__getitem__, counters))
    counts = map(str, counters.values())
    return "\n".join(map(" : ".join, zip(_padded(names), counts, strict=True)))


@functools.lru_cache(maxsize=16)
def _padded(names: tuple[str, ...]) -> tuple[str, ...]:
    """The names padded to the longest: the same for every board a command prints (one
    rule set), so padded once, not once a board."""
    width = max(map(len, names))
    return tuple(name.ljust(width) for name in names)


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
    from .text import labelled_grid

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
    """``queens solve --explain``: the board, every step in words, how it ended.
    ``source`` names the board in the first line; empty, the line only gives its size."""
    from ..tools.explain import explain_steps
    from .text import LABEL_SCHEME, format_explanation

    board = result.board
    size = f"{size_article(board.n)} {board.n}×{board.n} board."
    parts = [
        f"{source}, {size} {LABEL_SCHEME}" if source else f"{size.capitalize()} {LABEL_SCHEME}",
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

"""The plain text output of ``queens solve`` (docs/format.md, "What `queens solve` prints")."""

from __future__ import annotations

from collections.abc import Mapping

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

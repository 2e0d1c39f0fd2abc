"""An independent check of an answer, written straight from QUEENS.md's validator.

It shares nothing with the solver (no masks, no precomputation), so a bug in the
bitboards cannot hide behind it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def is_solution(regions: Sequence[str], queens: Iterable[tuple[int, int]]) -> bool:
    """True iff ``queens`` solves the board whose rows of region letters are ``regions``."""
    queens = list(queens)
    n = len(regions)
    if len(queens) != n or len(set(queens)) != n:
        return False
    if any(not (0 <= r < n and 0 <= c < len(regions[r])) for r, c in queens):
        return False
    if len({r for r, _ in queens}) != n:
        return False
    if len({c for _, c in queens}) != n:
        return False
    if len({regions[r][c] for r, c in queens}) != n:
        return False
    for i, (r1, c1) in enumerate(queens):
        for r2, c2 in queens[i + 1 :]:
            if max(abs(r1 - r2), abs(c1 - c2)) < 2:
                return False
    return True


def placement_problem(regions: Sequence[str], queens: Iterable[tuple[int, int]]) -> str | None:
    """What makes the queens of a start state impossible, in words, or None.

    Two queens in one row, column or region, or two queens that touch (even diagonally),
    cannot both be in a solution: a state holding them is inconsistent, whatever its other
    cells say. Cells are named rRcC, 1-based.
    """
    queens = sorted(queens)
    for i, (r1, c1) in enumerate(queens):
        for r2, c2 in queens[i + 1 :]:
            pair = f"r{r1 + 1}c{c1 + 1} and r{r2 + 1}c{c2 + 1}"
            if r1 == r2:
                return f"two queens in row {r1 + 1}: {pair}"
            if c1 == c2:
                return f"two queens in column {c1 + 1}: {pair}"
            if regions[r1][c1] == regions[r2][c2]:
                return f"two queens in region {regions[r1][c1]!r}: {pair}"
            if max(abs(r1 - r2), abs(c1 - c2)) < 2:
                return f"two queens touch: {pair}"
    return None

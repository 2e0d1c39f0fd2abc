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
    if len(queens) != n:
        return False
    rows = set()
    columns = set()
    letters = set()
    column_of_row = {}
    for r, c in queens:
        if not (0 <= r < n and 0 <= c < len(regions[r])):
            return False
        rows.add(r)
        columns.add(c)
        letters.add(regions[r][c])
        column_of_row[r] = c
    # n queens in n distinct rows, columns and regions (a repeated queen repeats a row).
    if len(rows) != n or len(columns) != n or len(letters) != n:
        return False
    # One queen per row, so two queens can touch only in adjacent rows.
    for r in range(n - 1):
        if abs(column_of_row[r] - column_of_row[r + 1]) < 2:
            return False
    return True

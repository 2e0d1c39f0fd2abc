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
    # One queen per row (checked above), so two queens can touch only in adjacent rows.
    column_of_row = dict(queens)
    return all(abs(column_of_row[r] - column_of_row[r + 1]) >= 2 for r in range(n - 1))

"""An independent check of an answer, written straight from the rules of the puzzle: one
queen (K stars) in every row, column and region, and no two touching, diagonals included.

It shares nothing with the solver (no masks, no precomputation), so a bug in the
bitboards cannot hide behind it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence


def is_solution(regions: Sequence[str], queens: Iterable[tuple[int, int]], stars: int = 1) -> bool:
    """True iff ``queens`` solves the board whose rows of region letters are ``regions``,
    with ``stars`` queens (stars) in every row, column and region."""
    queens = list(queens)
    n = len(regions)
    if len(queens) != n * stars or len(set(queens)) != n * stars:
        return False
    if stars == 1:
        return _is_queens_solution(regions, queens)
    rows = set()
    columns = set()
    letters = set()
    for r, c in queens:
        if not (0 <= r < n and 0 <= c < len(regions[r])):
            return False
        rows.add(r)
        columns.add(c)
        letters.add(regions[r][c])
    # n queens in n distinct rows, columns and regions (a repeated queen repeats a row).
    if len(rows) != n or len(columns) != n or len(letters) != n:
        return False
    return _is_star_solution(regions, queens, stars)


def _is_queens_solution(regions: Sequence[str], queens: list[tuple[int, int]]) -> bool:
    """The check for one queen per unit, given n distinct queens: each in its own row
    (the columns kept by row in a list, which the adjacency test reads in order), column
    and region, and no two in adjacent rows touching. Every solve ends with it."""
    n = len(regions)
    columns = [-1] * n
    letters = set()
    for r, c in queens:
        if not (0 <= r < n and 0 <= c < len(regions[r])) or columns[r] >= 0:
            return False  # off the board, or a second queen in row r
        columns[r] = c
        letters.add(regions[r][c])
    return _one_a_column_and_region_apart(columns, letters, n)


def is_queens_answer(regions: Sequence[str], queens: int) -> bool:
    """:func:`is_solution` for one queen per unit, of the queens given as a set of cells:
    bit ``r * n + c`` for the cell in row r, column c, on the board whose rows of region
    letters are ``regions``. Every solve ends with it, so it reads the cells off the
    number's own binary digits (one C call), not with the board's masks: the check
    still shares nothing with the solver."""
    n = len(regions)
    size = n * n
    if queens < 0 or queens.bit_length() > size:
        return False  # not a set of the board's cells
    # Cell i is character i: the binary digits, lowest cell first.
    text = f"{queens:0{size}b}"[::-1]
    if text.count("1") != n:
        return False
    # n queens and a queen in every row: one per row.
    columns = []
    letters = set()
    start = 0
    for row in regions:
        cell = text.find("1", start, start + n)
        if cell < 0:
            return False  # a row without a queen
        column = cell - start
        if column >= len(row):
            return False  # past the end of a short row of letters
        columns.append(column)
        letters.add(row[column])
        start += n
    return _one_a_column_and_region_apart(columns, letters, n)


def _one_a_column_and_region_apart(columns: list[int], letters: set[str], n: int) -> bool:
    """Given one queen a row (``columns[r]`` its column, ``letters`` their regions): n
    distinct columns and regions, and no two queens of adjacent rows touching (the only
    rows where queens one a row can touch)."""
    if len(set(columns)) != n or len(letters) != n:
        return False
    above = columns[0] if columns else 0
    for column in columns[1:]:
        if -2 < column - above < 2:
            return False
        above = column
    return True


def _is_star_solution(regions: Sequence[str], queens: list[tuple[int, int]], stars: int) -> bool:
    n = len(regions)
    letters = {ch for row in regions for ch in row}
    for counted in (
        Counter(r for r, _ in queens),
        Counter(c for _, c in queens),
        Counter(regions[r][c] for r, c in queens),
    ):
        if len(counted) != n or any(count != stars for count in counted.values()):
            return False
    if len(letters) != n:
        return False
    for i, (r1, c1) in enumerate(queens):
        for r2, c2 in queens[i + 1 :]:
            if max(abs(r1 - r2), abs(c1 - c2)) < 2:
                return False
    return True


def placement_problem(
    regions: Sequence[str], queens: Iterable[tuple[int, int]], stars: int = 1
) -> str | None:
    """What makes the queens of a start state impossible, in words, or None.

    Two queens in one row, column or region, or two queens that touch (even diagonally),
    cannot both be in a solution: a state holding them is inconsistent, whatever its other
    cells say. With ``stars`` K > 1, touching stars and more than K stars in a unit are.
    Cells are named rRcC, 1-based.
    """
    queens = sorted(queens)
    if stars != 1:
        return _star_placement_problem(regions, queens, stars)
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


def _star_placement_problem(
    regions: Sequence[str], queens: list[tuple[int, int]], stars: int
) -> str | None:
    for i, (r1, c1) in enumerate(queens):
        for r2, c2 in queens[i + 1 :]:
            if max(abs(r1 - r2), abs(c1 - c2)) < 2:
                return f"two stars touch: r{r1 + 1}c{c1 + 1} and r{r2 + 1}c{c2 + 1}"
    for kind, counted in (
        ("row", Counter(r + 1 for r, _ in queens)),
        ("column", Counter(c + 1 for _, c in queens)),
        ("region", Counter(repr(regions[r][c]) for r, c in queens)),
    ):
        for unit, count in sorted(counted.items()):
            if count > stars:
                return f"{count} stars in {kind} {unit}, more than {stars}"
    return None

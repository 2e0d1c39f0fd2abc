"""is_solution for one queen per unit against the puzzle's rules read pair by pair, on
archive answers and on placements one edit away from them (a moved, dropped, repeated
or swapped queen, a short row of letters)."""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

from queens_core import Board, is_solution
from queens_core.engine.validate import is_queens_answer
from queens_core.referee.exact import find_solutions

ARCHIVE = Path(__file__).resolve().parents[2] / "archive" / "boards"


def _by_the_rules(regions: list[str], queens: list[tuple[int, int]]) -> bool:
    n = len(regions)
    if len(queens) != n or len(set(queens)) != n:
        return False
    if not all(0 <= r < n and 0 <= c < len(regions[r]) for r, c in queens):
        return False
    for (r1, c1), (r2, c2) in combinations(queens, 2):
        if r1 == r2 or c1 == c2 or regions[r1][c1] == regions[r2][c2]:
            return False
        if abs(r1 - r2) < 2 and abs(c1 - c2) < 2:
            return False
    return True


def _edited(
    rng: random.Random, board: Board, answer: list[tuple[int, int]]
) -> tuple[list[str], list[tuple[int, int]]]:
    regions, queens = list(board.rows), list(answer)
    n = board.n
    what = rng.randrange(6)
    if what == 0:
        queens[rng.randrange(n)] = (rng.randrange(-1, n + 1), rng.randrange(-1, n + 1))
    elif what == 1:
        queens.pop()
    elif what == 2:
        queens.append(queens[0])
    elif what == 3:
        i, j = rng.sample(range(n), 2)
        (r1, c1), (r2, c2) = queens[i], queens[j]
        queens[i], queens[j] = (r1, c2), (r2, c1)
    elif what == 4:
        queens = [(r, rng.randrange(n)) for r, _ in queens]
    else:
        regions[0] = regions[0][:-1]
    rng.shuffle(queens)
    return regions, queens


def test_is_solution_agrees_with_the_rules_pair_by_pair() -> None:
    rng = random.Random(39)
    paths = sorted(ARCHIVE.glob("*.txt"), key=lambda p: int(p.stem))[::12]
    accepted = rejected = 0
    for path in paths:
        board = Board.parse(path.read_text())
        (answer,) = find_solutions(board, 1)
        cells = board.cells_of(answer) if isinstance(answer, int) else list(answer)
        assert is_solution(board.rows, cells) and _by_the_rules(list(board.rows), cells)
        for _ in range(40):
            regions, queens = _edited(rng, board, cells)
            expected = _by_the_rules(regions, queens)
            assert is_solution(regions, queens) == expected, (path.name, regions, queens)
            # The same check on the queens as a set of cells, where they are cells.
            n = board.n
            if all(0 <= r < n and 0 <= c < n for r, c in queens):
                mask = sum({1 << (r * n + c) for r, c in queens})
                distinct = sorted(set(queens))
                assert is_queens_answer(regions, mask) == _by_the_rules(regions, distinct)
            accepted += expected
            rejected += not expected
    assert is_queens_answer(list(board.rows), -1) is False
    assert is_queens_answer(list(board.rows), 1 << (board.n * board.n)) is False
    # Both answers are exercised: some swaps and re-drawn columns are still answers.
    assert rejected > accepted > 0

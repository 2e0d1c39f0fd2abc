"""A board's masks and connectivity warnings, against a cell-by-cell reference: the
board builds them with string and integer operations that run in C, and finds that every
region is connected with one flood fill for all of them."""

from __future__ import annotations

import random

from queens_core import Board

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef"


def _pieces(n: int, cells: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The first cell (reading order) of each 4-connected piece of ``cells``."""
    left = set(cells)
    firsts = []
    while left:
        start = min(left)
        firsts.append(start)
        todo = [start]
        left.discard(start)
        while todo:
            r, c = todo.pop()
            for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if step in left:
                    left.discard(step)
                    todo.append(step)
    return sorted(firsts)


def _random_rows(rng: random.Random, n: int) -> list[str]:
    """N letters scattered over an N×N grid (each used at least once): regions that are
    often in pieces, and for small N sometimes connected."""
    cells = [LETTERS[k] for k in range(n)] + [LETTERS[rng.randrange(n)] for _ in range(n * n - n)]
    rng.shuffle(cells)
    return ["".join(cells[r * n : (r + 1) * n]) for r in range(n)]


def _striped_rows(n: int) -> list[str]:
    """One region a row: every region connected."""
    return [LETTERS[r] * n for r in range(n)]


def test_masks_and_warnings_match_a_cell_by_cell_reference():
    rng = random.Random(39)
    boards = [_random_rows(rng, rng.randint(1, 9)) for _ in range(120)]
    boards += [_striped_rows(n) for n in (1, 5, 9, 32)]
    boards += [_random_rows(rng, 32)]
    connected = split = 0
    for rows in boards:
        board = Board(tuple(rows))
        n = len(rows)
        letters = sorted(set("".join(rows)))
        assert board.letters == tuple(letters)
        assert board.cell_region == tuple(letters.index(ch) for row in rows for ch in row)
        for k, letter in enumerate(letters):
            cells = {(r, c) for r in range(n) for c in range(n) if rows[r][c] == letter}
            assert board.region_masks[k] == sum(1 << (r * n + c) for r, c in cells)
        for i in range(n * n if n <= 9 else 0):  # the reference is slow: small boards
            r, c = divmod(i, n)
            killed = {
                (rr, cc)
                for rr in range(n)
                for cc in range(n)
                if (rr, cc) != (r, c)
                and (
                    rr == r
                    or cc == c
                    or rows[rr][cc] == rows[r][c]
                    or (abs(rr - r) <= 1 and abs(cc - c) <= 1)
                )
            }
            assert board.kill_masks[i] == sum(1 << (rr * n + cc) for rr, cc in killed)
        for i in range(n * n):  # the per-cell line tables, indexed by the cell's index + 1
            r, c = divmod(i, n)
            assert board.row_at[i + 1] == board.row_masks[r]
            assert board.col_at[i + 1] == board.col_masks[c]
        assert board.row_at[0] == board.col_at[0] == 0
        assert len(board.row_at) == len(board.col_at) == n * n + 1
        expected = []
        for letter in letters:
            cells = {(r, c) for r in range(n) for c in range(n) if rows[r][c] == letter}
            firsts = _pieces(n, cells)
            if len(firsts) > 1:
                expected.append((letter, len(firsts), tuple(firsts)))
        got = [(w.letter, w.pieces, w.first_cell_of_each_piece) for w in board.warnings]
        assert got == expected
        connected += not expected
        split += bool(expected)
    assert connected > 10 and split > 60

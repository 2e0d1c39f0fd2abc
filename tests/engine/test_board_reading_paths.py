"""Reading a board takes a short way for the common input and the general way for the
rest: both give the same board, rows, line numbers and errors."""

from __future__ import annotations

import random

import pytest
from support import archive_paths

from queens_core.engine.board import Board, BoardError, _split_rows

PIECES = ["A", "B", "AB", "BA", "\n", "\n", "\n\n", " ", "\t", "é", "\x85", "\xa0", "\u2028"]


def split_or_error(text: str) -> tuple[str, object]:
    try:
        return ("rows", _split_rows(text))
    except BoardError as err:
        return ("error", str(err))


def test_compact_rows_split_as_the_line_by_line_way_splits_them():
    """A carriage return sends a text the general way, which reads CR LF as LF: so each
    text without one must split exactly as its CR LF twin does."""
    rng = random.Random(7)
    texts = ["", "\n", "AB\nBA", "\n\nAB\nBA\n\n", "AB\n\nBA", "A B\nB A", "AB \nBA"]
    texts += ["AB\nBA\n" * 20, " \nAB\nBA", "\n" * 40 + "AB\nBA"]
    texts += ["".join(rng.choices(PIECES, k=rng.randint(0, 14))) for _ in range(20_000)]
    for path in archive_paths()[:50]:
        texts.append(path.read_text(encoding="utf-8"))
    for text in texts:
        assert split_or_error(text) == split_or_error(text.replace("\n", "\r\n")), repr(text)


@pytest.mark.parametrize("path", archive_paths()[::60], ids=lambda p: p.stem)
def test_a_board_of_other_characters_has_the_same_regions(path):
    """ASCII cells take bytes.translate, others a dict: the same regions either way."""
    board = Board.parse(path.read_text(encoding="utf-8"))
    # The letters mapped to non-ASCII characters in the same order.
    far = {letter: chr(0x3B1 + k) for k, letter in enumerate(board.letters)}
    other = Board(tuple("".join(far[ch] for ch in row) for row in board.rows))
    assert other.cell_region == board.cell_region
    assert other.region_masks == board.region_masks
    assert other.kill_masks == board.kill_masks
    assert other.units == board.units


def test_split_regions_are_found_when_first_asked_for():
    board = Board(("AAB", "BCB", "ACC"))
    assert [(w.letter, w.pieces) for w in board.warnings] == [("A", 2), ("B", 2)]
    assert board.warnings is board.warnings  # looked for once
    assert Board(("AB", "AB")).warnings == ()

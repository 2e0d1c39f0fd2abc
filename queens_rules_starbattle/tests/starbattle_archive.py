"""The archive's Star Battle boards (archive/starbattle), read as the tests use them."""

from __future__ import annotations

from pathlib import Path

from queens_core import Board
from queens_core.plugins.readers import read_source

ARCHIVE = Path(__file__).resolve().parents[2] / "archive" / "starbattle"


def archive_board(name: str) -> Board:
    """The board of ``archive/starbattle/NAME`` with the K its file declares."""
    reading = read_source(str(ARCHIVE / name))
    assert reading.stars is not None
    return reading.board.with_stars(reading.stars)

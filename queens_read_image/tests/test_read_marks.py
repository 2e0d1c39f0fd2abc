"""Crosses, crowns and stars read from real screenshots: LinkedIn boards with marks laid
on them in several styles (thin, small, faint, heavy crosses; crowns; the page's stars),
then scaled and compressed. A cross never reads as a queen, nor a queen as a cross."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from drawn_boards import CROSSES, marked_screenshot, screenshot_variants

from queens_read_image.engine import read_picture

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "tests" / "fixtures" / "screenshots"


def outcomes(cross: str, queen: str, boards: list[str]) -> Counter[str]:
    """``expected>read`` pairs over every marked cell of every variant."""
    found: Counter[str] = Counter()
    for k, name in enumerate(boards):
        picture, marks = marked_screenshot(SHOTS, name, cross, queen, seed=k)
        for data in screenshot_variants(picture).values():
            read = "".join(read_picture(data).marks or ()) or "." * len(marks)
            found.update(f"{want}>{got}" for want, got in zip(marks, read, strict=True))
    return found


BOARDS = ["board2", "board5", "board9", "board13"]


@pytest.mark.slow
@pytest.mark.parametrize("cross", sorted(CROSSES))
def test_crosses_on_real_screenshots_read_and_never_turn_into_queens(cross: str):
    found = outcomes(cross, "crown", BOARDS)
    crosses = sum(count for pair, count in found.items() if pair.startswith("x>"))
    assert found["x>♛"] == 0
    assert found["♛>x"] == 0
    assert found["♛>♛"] == sum(count for pair, count in found.items() if pair.startswith("♛>"))
    assert found[".>x"] == found[".>♛"] == 0
    assert found["x>x"] >= 0.99 * crosses, found


@pytest.mark.slow
def test_stars_on_real_screenshots_read_as_queens_never_as_crosses():
    found = outcomes("thin", "star", BOARDS)
    assert found["♛>x"] == 0 and found["x>♛"] == 0, found
    stars = sum(count for pair, count in found.items() if pair.startswith("♛>"))
    assert found["♛>♛"] >= 0.95 * stars, found

"""Crosses, crowns and stars read from real screenshots: LinkedIn boards with marks laid
on them in several styles (thin, small, faint, heavy crosses; crowns; the page's stars),
then scaled and compressed. A cross never reads as a queen, nor a queen as a cross."""

from __future__ import annotations

import io
import random
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from queens_read_image.engine import read_picture

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "tests" / "fixtures" / "screenshots"

#: Crosses as games draw them: (size across the cell, stroke as a share of the cell,
#: colour, opacity).
CROSSES = {
    "thin": (0.28, 0.035, (50, 50, 50), 1.0),
    "small": (0.18, 0.05, (30, 30, 30), 1.0),
    "faint": (0.30, 0.04, (0, 0, 0), 0.45),
    "heavy": (0.5, 0.12, (60, 60, 60), 1.0),
}
#: The page's star (queens_web's STAR path), in a box of 100.
STAR = [(50, 6), (62, 38), (96, 38), (68, 59), (79, 92), (50, 72), (21, 92), (32, 59), (4, 38),
        (38, 38)]  # fmt: skip
CROWN = [(0.24, 0.74), (0.2, 0.36), (0.37, 0.54), (0.5, 0.28), (0.63, 0.54), (0.8, 0.36),
         (0.76, 0.74)]  # fmt: skip


def marked(name: str, cross: str, queen: str, seed: int) -> tuple[Image.Image, str]:
    """A real screenshot (a tight crop of the grid) with crosses on about 40% of its
    cells and a crown or a star on about 7%; and the marks, one character a cell."""
    picture = Image.open(SHOTS / "santipvz" / f"{name}.png").convert("RGBA")
    n = len((SHOTS / "labels" / f"{name}.txt").read_text().split())
    pitch = picture.width / n
    layer = Image.new("RGBA", picture.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    size, weight, colour, opacity = CROSSES[cross]
    rng = random.Random(seed)
    marks = ""
    for r in range(n):
        for c in range(n):
            left, top, roll = c * pitch, r * pitch, rng.random()
            cx, cy = left + pitch / 2, top + pitch / 2
            if roll < 0.4:
                half, width = size * pitch / 2, max(1, round(weight * pitch))
                ink = (*colour, round(255 * opacity))
                draw.line((cx - half, cy - half, cx + half, cy + half), fill=ink, width=width)
                draw.line((cx - half, cy + half, cx + half, cy - half), fill=ink, width=width)
                marks += "x"
            elif roll < 0.47:
                if queen == "star":
                    box = 0.62 * pitch
                    points = [
                        (cx - box / 2 + x / 100 * box, cy - box / 2 + y / 100 * box)
                        for x, y in STAR
                    ]
                else:
                    points = [(left + u * pitch, top + v * pitch) for u, v in CROWN]
                    draw.rectangle(
                        (left + 0.24 * pitch, top + 0.77 * pitch, left + 0.76 * pitch,
                         top + 0.82 * pitch), fill=(20, 20, 20, 255)
                    )  # fmt: skip
                draw.polygon(points, fill=(20, 20, 20, 255))
                marks += "♛"
            else:
                marks += "."
    return Image.alpha_composite(picture, layer).convert("RGB"), marks


def variants(picture: Image.Image) -> dict[str, bytes]:
    def encoded(image: Image.Image, fmt: str, quality: int = 70) -> bytes:
        out = io.BytesIO()
        image.save(out, fmt, **({"quality": quality} if fmt == "JPEG" else {}))
        return out.getvalue()

    smaller = picture.resize((picture.width * 6 // 10, picture.height * 6 // 10), Image.LANCZOS)
    return {"png": encoded(picture, "PNG"), "jpeg": encoded(picture, "JPEG", 60),
            "scaled": encoded(smaller, "PNG")}  # fmt: skip


def outcomes(cross: str, queen: str, boards: list[str]) -> Counter[str]:
    """``expected>read`` pairs over every marked cell of every variant."""
    found: Counter[str] = Counter()
    for k, name in enumerate(boards):
        picture, marks = marked(name, cross, queen, seed=k)
        for data in variants(picture).values():
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

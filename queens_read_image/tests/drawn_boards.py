"""Pictures of boards drawn the ways the games draw them, for the image reader's tests
and benchmark: LinkedIn's current style (thin lines inside a region, thick borders), its
older style (a thick outline round every cell), a colourless Star Battle page (walls
only), dark mode (dimmed colours on a dark page), golden or black crowns and crosses of
any weight, and the page round a board (a title, buttons, thumbnails of other boards);
and marks (crosses in several styles, crowns, the page's stars) laid on real screenshots.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from queens_core import Board
from queens_core.render.colour import ARCHIVE_COLOURS

#: The archive's colours by letter, as LinkedIn paints them.
COLOURS = {
    letter: (int(hex_[1:3], 16), int(hex_[3:5], 16), int(hex_[5:7], 16))
    for letter, (_name, hex_) in ARCHIVE_COLOURS.items()
}
#: Colours for regions whose letter the archive does not use.
SPARE = [(200, 160, 220), (160, 200, 160), (230, 200, 150), (150, 190, 230), (240, 170, 170)]


@dataclass(frozen=True)
class Style:
    """How a board is drawn: ``outline`` the width of every cell's line (thick in the old
    style), ``border`` the region borders', ``coloured`` False for a grey Star Battle page,
    ``dark`` for LinkedIn's dark mode, ``frame`` False for a crop with no outer line."""

    cell: int = 48
    line: int = 1
    border: int = 3
    coloured: bool = True
    dark: bool = False
    frame: bool = True
    crown: tuple[int, int, int] = (20, 20, 20)
    cross_weight: float = 0.06
    cross_size: float = 0.36


def colour_of(letter: str, index: int, style: Style) -> tuple[int, int, int]:
    if not style.coloured:
        return (255, 255, 255) if not style.dark else (40, 40, 40)
    rgb = COLOURS.get(letter, SPARE[index % len(SPARE)])
    if style.dark:  # dimmed, as in dark mode
        return (round(rgb[0] * 0.62), round(rgb[1] * 0.62), round(rgb[2] * 0.62))
    return rgb


def draw_board(
    board: Board | list[str],
    style: Style = Style(),
    marks: list[str] | None = None,
    colours: dict[str, tuple[int, int, int]] | None = None,
) -> Image.Image:
    """The board's picture; ``marks`` one string a row of ``♛``, ``x`` or ``.``. The
    walls follow ``board`` (or plain rows, not necessarily a valid board); ``colours``
    paints letters other than the archive's colours."""
    rows = board.rows if isinstance(board, Board) else tuple(board)
    n, s = len(rows), style.cell
    pad = style.border if style.frame else 0
    side = n * s + 2 * pad
    ink = (0, 0, 0) if not style.dark else (10, 10, 12)
    picture = Image.new("RGB", (side, side), ink)
    draw = ImageDraw.Draw(picture)
    letters = sorted({ch for row in rows for ch in row})
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = pad + c * s, pad + r * s
            fill = (colours or {}).get(ch) or colour_of(ch, letters.index(ch), style)
            draw.rectangle((x, y, x + s - 1, y + s - 1), fill=fill)
    # Lines: every cell edge at ``line`` width, region borders at ``border``.
    for r in range(n):
        for c in range(n):
            x, y = pad + c * s, pad + r * s
            if c + 1 < n:
                width = style.border if rows[r][c] != rows[r][c + 1] else style.line
                draw.rectangle(
                    (x + s - width // 2 - 1, y, x + s + (width - 1) // 2 - 1, y + s - 1), fill=ink
                )
            if r + 1 < n:
                width = style.border if rows[r][c] != rows[r + 1][c] else style.line
                draw.rectangle(
                    (x, y + s - width // 2 - 1, x + s - 1, y + s + (width - 1) // 2 - 1), fill=ink
                )
    for r, line in enumerate(marks or []):
        for c, mark in enumerate(line):
            box = (pad + c * s, pad + r * s, pad + (c + 1) * s, pad + (r + 1) * s)
            if mark == "♛":
                crown(draw, box, style.crown)
            elif mark == "x":
                cross(draw, box, style, ink)
    return picture


def crown(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], ink: tuple[int, int, int]
) -> None:
    left, top, right, _bottom = box
    s = right - left

    def at(u: float, v: float) -> tuple[float, float]:
        return left + u * s, top + v * s

    draw.polygon([at(0.24, 0.74), at(0.2, 0.36), at(0.37, 0.54), at(0.5, 0.28), at(0.63, 0.54),
                  at(0.8, 0.36), at(0.76, 0.74)], fill=ink)  # fmt: skip
    draw.rectangle((*at(0.24, 0.77), *at(0.76, 0.82)), fill=ink)


def cross(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    style: Style,
    ink: tuple[int, int, int],
) -> None:
    left, top, right, bottom = box
    s = right - left
    half = style.cross_size * s / 2
    cx, cy = (left + right) / 2, (top + bottom) / 2
    width = max(1, round(style.cross_weight * s))
    colour = (90, 90, 90) if not style.dark else (200, 200, 200)
    draw.line((cx - half, cy - half, cx + half, cy + half), fill=colour, width=width)
    draw.line((cx - half, cy + half, cx + half, cy - half), fill=colour, width=width)


def in_window(
    picture: Image.Image,
    dark: bool = False,
    thumbnails: list[Image.Image] | None = None,
    size: tuple[int, int] = (1916, 1044),
) -> Image.Image:
    """The picture in a browser window: a tab bar, an address bar, a navigation bar with
    buttons and text, and thumbnails of other boards under it."""
    page_colour = (27, 31, 35) if dark else (243, 242, 239)
    chrome = (53, 54, 58) if dark else (222, 225, 230)
    text = (230, 230, 230) if dark else (30, 30, 30)
    window = Image.new("RGB", size, page_colour)
    draw = ImageDraw.Draw(window)
    draw.rectangle((0, 0, size[0], 80), fill=chrome)
    for k in range(5):
        draw.rounded_rectangle((10 + k * 200, 8, 190 + k * 200, 38), 8, outline=text)
        draw.text((20 + k * 200, 14), f"Tab {k}", fill=text, font_size=14)
    draw.rounded_rectangle((120, 46, size[0] - 120, 74), 12, fill=page_colour)
    draw.text((140, 52), "https://www.linkedin.com/games/queens/", fill=text, font_size=14)
    draw.line((0, 120, size[0], 120), fill=text)
    for k in range(6):
        draw.text((200 + k * 180, 92), f"Menu {k}", fill=text, font_size=16)
    x = (size[0] - picture.width) // 2
    window.paste(picture, (x, 150))
    draw.text((x, 130 - 0), "Queens #246", fill=text, font_size=16)
    y = 150 + picture.height + 30
    for k, thumbnail in enumerate(thumbnails or []):
        window.paste(thumbnail, (x + k * (thumbnail.width + 20), y))
    return window


def encoded(picture: Image.Image, fmt: str = "PNG", quality: int = 80) -> bytes:
    out = io.BytesIO()
    if fmt == "JPEG":
        picture.save(out, format="JPEG", quality=quality)
    else:
        picture.save(out, format=fmt, compress_level=1)
    return out.getvalue()


# -- marks laid on real screenshots ---------------------------------------------------

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


def marked_screenshot(
    shots: Path, name: str, cross: str, queen: str, seed: int
) -> tuple[Image.Image, str]:
    """A real screenshot (``shots``/santipvz/NAME.png, a tight crop of the grid) with
    crosses in the ``cross`` style on about 40% of its cells and a crown or a star
    (``queen``) on about 7%; and the marks, one character a cell."""
    picture = Image.open(shots / "santipvz" / f"{name}.png").convert("RGBA")
    n = len((shots / "labels" / f"{name}.txt").read_text().split())
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


def screenshot_variants(picture: Image.Image) -> dict[str, bytes]:
    """``picture`` as a PNG, as a JPEG of quality 60, and scaled to 60% as a PNG."""

    def encoded(image: Image.Image, fmt: str, quality: int = 70) -> bytes:
        out = io.BytesIO()
        image.save(out, fmt, **({"quality": quality} if fmt == "JPEG" else {}))
        return out.getvalue()

    smaller = picture.resize((picture.width * 6 // 10, picture.height * 6 // 10), Image.LANCZOS)
    return {"png": encoded(picture, "PNG"), "jpeg": encoded(picture, "JPEG", 60),
            "scaled": encoded(smaller, "PNG")}  # fmt: skip

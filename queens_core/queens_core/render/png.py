"""A PNG picture of a board (``queens render -o board.png``), drawn with Pillow.

The same picture as :mod:`.svg` draws — region colours, thin lines inside a region,
thick borders between regions, the frame, crowns and crosses — rasterised at three times
the size and scaled down, so edges are smooth. Pillow is optional for the core: without
it, asking for a PNG is a one-line error saying what to install.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.board import Board, bits
from ..engine.state import State
from .colour import region_colours
from .svg import BORDER_WIDTH, CROSS_INK, GRID_INK, GRID_WIDTH, QUEEN_INK

if TYPE_CHECKING:
    from PIL import ImageDraw, ImageFont

#: Drawn this many times larger, then scaled down: Pillow draws without anti-aliasing.
SUPERSAMPLE = 3

#: The crown of :mod:`.svg` in its 100×100 box: the body, the band under it, the tips.
_CROWN_BODY = ((22, 78), (16, 36), (36, 56), (50, 26), (64, 56), (84, 36), (78, 78))
_CROWN_BAND = (22, 82, 78, 88)
_CROWN_TIPS = ((16, 32), (50, 22), (84, 32))
_TIP_RADIUS = 6


class PillowMissing(Exception):
    """Pillow is not installed; ``str()`` is the one-line error to print."""


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)


@dataclass(frozen=True)
class _Canvas:
    """The supersampled picture being drawn: ``s`` pixels a cell, ``margin`` around."""

    draw: ImageDraw.ImageDraw
    n: int
    s: int
    margin: float
    border: float

    def at(self, value: float) -> int:
        return round(self.margin + value)


def render_png(
    board: Board,
    state: State | None = None,
    cell: int = 48,
    show_dead: bool = True,
    labels: bool = False,
) -> bytes:
    """The PNG file (bytes) of ``board`` with ``state``'s queens and dead cells, in the
    geometry of :func:`.svg.render_svg`."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        raise PillowMissing(
            "PNG output needs Pillow: pip install Pillow (or queens-core[png])"
        ) from None
    n = board.n
    s = cell * SUPERSAMPLE
    border = s * BORDER_WIDTH
    margin = s * 0.6 if labels else border
    size = round(n * s + 2 * margin)
    picture = Image.new("RGB", (size, size), (255, 255, 255))
    canvas = _Canvas(ImageDraw.Draw(picture), n, s, margin, border)
    colours = [_rgb(c) for c in region_colours(board)]
    _cells(canvas, board, colours)
    _lines(canvas, board, colours)
    if state is not None:
        _marks(canvas, board, state, show_dead)
    if labels:
        _labels(canvas, ImageFont.load_default(size=s * 0.32))
    final = picture.resize(
        (round(size / SUPERSAMPLE), round(size / SUPERSAMPLE)), Image.Resampling.LANCZOS
    )
    out = io.BytesIO()
    final.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _cells(canvas: _Canvas, board: Board, colours: list[tuple[int, int, int]]) -> None:
    """Each cell in its region's colour."""
    n, s, at = canvas.n, canvas.s, canvas.at
    for index in range(n * n):
        r, c = divmod(index, n)
        fill = colours[board.cell_region[index]]
        canvas.draw.rectangle(
            (at(c * s), at(r * s), at((c + 1) * s) - 1, at((r + 1) * s) - 1), fill
        )


def _lines(canvas: _Canvas, board: Board, colours: list[tuple[int, int, int]]) -> None:
    """The edges between cells (thick between regions) and the frame."""
    n, s, at, draw, margin = canvas.n, canvas.s, canvas.at, canvas.draw, canvas.margin
    ink = _rgb(GRID_INK)
    # The SVG draws thin lines in ink at a quarter opacity: blend them onto each cell.
    thin_width = max(SUPERSAMPLE, round(s * GRID_WIDTH))
    thick_width = max(SUPERSAMPLE, round(canvas.border))
    for r in range(n):
        for c in range(n):
            k = board.cell_region[r * n + c]
            if c + 1 < n:
                other = board.cell_region[r * n + c + 1]
                _edge(draw, (at((c + 1) * s), at(r * s)), (0, s), k, other, colours, ink,
                      thin_width, thick_width)  # fmt: skip
            if r + 1 < n:
                other = board.cell_region[(r + 1) * n + c]
                _edge(draw, (at(c * s), at((r + 1) * s)), (s, 0), k, other, colours, ink,
                      thin_width, thick_width)  # fmt: skip
    frame = round(canvas.border * 1.5)
    half = frame / 2
    draw.rectangle(
        (round(margin - half), round(margin - half), round(margin + n * s + half) - 1,
         round(margin + n * s + half) - 1),
        outline=ink, width=frame,
    )  # fmt: skip


def _marks(canvas: _Canvas, board: Board, state: State, show_dead: bool) -> None:
    """A crown on each queen and, unless ``show_dead`` is off, a cross on each dead cell."""
    n, s, at, draw = canvas.n, canvas.s, canvas.at, canvas.draw
    for index in bits(state.queens):
        r, c = divmod(index, n)
        _crown(draw, at(c * s), at(r * s), s)
    if not show_dead:
        return
    cross = _rgb(CROSS_INK)
    lo, hi = s * 0.32, s * 0.68
    width = max(1, round(s * 0.06))
    for index in bits(state.dead(board)):
        r, c = divmod(index, n)
        x, y = at(c * s), at(r * s)
        draw.line((x + lo, y + lo, x + hi, y + hi), fill=cross, width=width)
        draw.line((x + hi, y + lo, x + lo, y + hi), fill=cross, width=width)


def _labels(canvas: _Canvas, font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> None:
    """Column numbers above the board and row numbers on its left."""
    grey = (0x44, 0x44, 0x44)
    margin, s = canvas.margin, canvas.s
    for i in range(canvas.n):
        middle = margin + (i + 0.5) * s
        canvas.draw.text((middle, margin * 0.5), str(i + 1), fill=grey, font=font, anchor="mm")
        canvas.draw.text((margin * 0.5, middle), str(i + 1), fill=grey, font=font, anchor="mm")


def _edge(
    draw: ImageDraw.ImageDraw,
    start: tuple[int, int],
    step: tuple[float, float],
    region: int,
    other: int,
    colours: list[tuple[int, int, int]],
    ink: tuple[int, int, int],
    thin_width: int,
    thick_width: int,
) -> None:
    """One edge between two cells: a thick border between regions, else a thin line."""
    x, y = start
    end = (round(x + step[0]), round(y + step[1]))
    if region != other:
        draw.line((start, end), fill=ink, width=thick_width)
        return
    paper = colours[region]
    blended = tuple(round(0.75 * p + 0.25 * i) for p, i in zip(paper, ink, strict=True))
    draw.line((start, end), fill=blended, width=thin_width)


def _crown(draw: ImageDraw.ImageDraw, x: int, y: int, s: float) -> None:
    scale = s / 100
    ink = _rgb(QUEEN_INK)
    draw.polygon([(x + px * scale, y + py * scale) for px, py in _CROWN_BODY], fill=ink)
    left, top, right, bottom = _CROWN_BAND
    draw.rectangle((x + left * scale, y + top * scale, x + right * scale, y + bottom * scale), ink)
    radius = _TIP_RADIUS * scale
    for px, py in _CROWN_TIPS:
        cx, cy = x + px * scale, y + py * scale
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=ink)

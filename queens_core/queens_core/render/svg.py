"""An SVG picture of a board: coloured regions, thick borders between them, queens and
crosses on top (``queens render``).

The picture is plain SVG 1.1 with no script, font or external reference, so it shows the
same in a browser, in a README and in an image converter. Every cell is one ``<rect
class="cell">`` carrying ``data-cell`` (its ``rRcC`` label) and ``data-region`` (its
letter), so a program can find a cell in the picture.
"""

from __future__ import annotations

from html import escape

from ..engine.board import Board, bits
from ..engine.state import State, cell_label
from .colour import region_colours

GRID_INK = "#000000"
BORDER_WIDTH = 0.07  # of a cell: the borders between regions
GRID_WIDTH = 0.02  # of a cell: the thin lines between cells of one region
QUEEN_INK = "#1A1A1A"
CROSS_INK = "#3C3C3C"

#: A crown drawn in a 100×100 box (a queen, without relying on a font that has ♛).
_CROWN = "M22 78 L16 36 L36 56 L50 26 L64 56 L84 36 L78 78 Z M22 82 L78 82 L78 88 L22 88 Z"
_CROWN_TIPS = ((16, 32), (50, 22), (84, 32))


def _fmt(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text or "0"


def render_svg(
    board: Board,
    state: State | None = None,
    cell: int = 48,
    show_dead: bool = True,
    labels: bool = False,
    title: str | None = None,
    letters: bool = False,
) -> str:
    """The SVG document (text) of ``board``, with ``state``'s queens and dead cells.

    ``show_dead=False`` leaves dead cells blank (a solved board looks like the ``♛ .``
    picture ``queens solve`` prints). ``labels`` puts the row and column numbers round
    the grid; ``letters`` writes each cell's region letter in its top-left corner, so the
    regions can be told apart without telling their colours apart.
    """
    n = board.n
    border = cell * BORDER_WIDTH
    margin = cell * 0.6 if labels else border
    size = n * cell + 2 * margin
    # Every layer but the labels is drawn in grid coordinates, inside the margin.
    inside = f'transform="translate({_fmt(margin)} {_fmt(margin)})"'
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_fmt(size)}" '
        f'height="{_fmt(size)}" viewBox="0 0 {_fmt(size)} {_fmt(size)}">',
        f"<title>{escape(title or f'Queens board, {n}×{n}')}</title>",
        f'<rect width="{_fmt(size)}" height="{_fmt(size)}" fill="#FFFFFF"/>',
        f'<g class="cells" {inside}>',
        *_cells(board, cell),
        "</g>",
        f'<g class="lines" {inside}>',
        *_lines(board, cell, border),
        "</g>",
    ]
    if letters:
        font = _fmt(cell * 0.26)
        out.append(
            f'<g class="region-letters" {inside} '
            f'font-family="sans-serif" font-size="{font}" fill="#333333">'
        )
        out.extend(_region_letters(board, cell))
        out.append("</g>")
    if state is not None:
        out.append(f'<g class="marks" {inside}>')
        out.extend(_queen(board, index, cell) for index in bits(state.queens))
        if show_dead:
            out.extend(_cross(board, index, cell) for index in bits(state.dead(board)))
        out.append("</g>")
    if labels:
        font = _fmt(cell * 0.32)
        out.append(
            f'<g class="labels" font-family="sans-serif" font-size="{font}" '
            f'fill="#444444" text-anchor="middle">'
        )
        out.extend(_labels(n, cell, margin))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _cells(board: Board, cell: int) -> list[str]:
    """One square a cell, in its region's colour, named by its label and region."""
    n = board.n
    colours = region_colours(board)
    out = []
    for index in range(n * n):
        r, c = divmod(index, n)
        k = board.cell_region[index]
        out.append(
            f'<rect class="cell" x="{c * cell}" y="{r * cell}" width="{cell}" '
            f'height="{cell}" fill="{colours[k]}" data-cell="{cell_label(board, index)}" '
            f'data-region="{escape(board.letters[k])}"/>'
        )
    return out


def _lines(board: Board, cell: int, border: float) -> list[str]:
    """The grid: thin lines between cells of one region, thick borders between regions,
    and the frame round the board."""
    n = board.n
    thin: list[str] = []
    thick: list[str] = []
    for r in range(n):
        for c in range(n):
            k = board.cell_region[r * n + c]
            if c + 1 < n:  # the edge to the right of (r, c)
                seg = f"M{(c + 1) * cell} {r * cell}v{cell}"
                (thick if board.cell_region[r * n + c + 1] != k else thin).append(seg)
            if r + 1 < n:  # the edge below (r, c)
                seg = f"M{c * cell} {(r + 1) * cell}h{cell}"
                (thick if board.cell_region[(r + 1) * n + c] != k else thin).append(seg)
    out = []
    if thin:
        out.append(
            f'<path class="grid" d="{"".join(thin)}" stroke="{GRID_INK}" '
            f'stroke-opacity="0.25" stroke-width="{_fmt(cell * GRID_WIDTH)}" fill="none"/>'
        )
    if thick:
        out.append(
            f'<path class="borders" d="{"".join(thick)}" stroke="{GRID_INK}" '
            f'stroke-width="{_fmt(border)}" stroke-linecap="square" fill="none"/>'
        )
    out.append(
        f'<rect class="frame" x="0" y="0" width="{n * cell}" height="{n * cell}" '
        f'fill="none" stroke="{GRID_INK}" stroke-width="{_fmt(border * 1.5)}"/>'
    )
    return out


def _region_letters(board: Board, cell: int) -> list[str]:
    """Each cell's region letter, in its top-left corner."""
    n = board.n
    out = []
    for index in range(n * n):
        r, c = divmod(index, n)
        out.append(
            f'<text x="{_fmt(c * cell + cell * 0.1)}" y="{_fmt(r * cell + cell * 0.3)}">'
            f"{escape(board.letters[board.cell_region[index]])}</text>"
        )
    return out


def _labels(n: int, cell: int, margin: float) -> list[str]:
    """The column numbers above the grid and the row numbers left of it."""
    out = []
    for i in range(n):
        middle = _fmt(margin + (i + 0.5) * cell)
        out.append(f'<text x="{middle}" y="{_fmt(margin * 0.7)}">{i + 1}</text>')
        out.append(f'<text x="{_fmt(margin / 2)}" y="{middle}" dy="0.35em">{i + 1}</text>')
    return out


def _queen(board: Board, index: int, cell: int) -> str:
    r, c = divmod(index, board.n)
    scale = _fmt(cell / 100)
    tips = "".join(f'<circle cx="{x}" cy="{y}" r="6"/>' for x, y in _CROWN_TIPS)
    return (
        f'<g class="queen" data-cell="{cell_label(board, index)}" fill="{QUEEN_INK}" '
        f'transform="translate({c * cell} {r * cell}) scale({scale})">'
        f'<path d="{_CROWN}"/>{tips}</g>'
    )


def _cross(board: Board, index: int, cell: int) -> str:
    r, c = divmod(index, board.n)
    lo, hi = cell * 0.32, cell * 0.68
    x, y = c * cell, r * cell
    return (
        f'<path class="dead" data-cell="{cell_label(board, index)}" '
        f'd="M{_fmt(x + lo)} {_fmt(y + lo)}L{_fmt(x + hi)} {_fmt(y + hi)}'
        f'M{_fmt(x + hi)} {_fmt(y + lo)}L{_fmt(x + lo)} {_fmt(y + hi)}" '
        f'stroke="{CROSS_INK}" stroke-width="{_fmt(cell * 0.06)}" stroke-linecap="round"/>'
    )

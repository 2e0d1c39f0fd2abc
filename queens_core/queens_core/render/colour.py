"""Region colours, and the board drawn in colour for a terminal.

The archive's letters name LinkedIn's colours (``archive/README.md``); a board drawn with
those letters gets those colours, everywhere: in the terminal, in SVG pictures and in
the region names of explanations ("region P (purple)"). Any other letter gets a colour of
its own, distinct from every other region's colour on the same board.

Glossary
--------
depth
    How many colours the terminal shows: :data:`TRUECOLOR` (24-bit, when ``COLORTERM``
    says so) or :data:`XTERM256` (the 256-colour palette nearly every terminal has).
"""

from __future__ import annotations

import colorsys
import functools
import os
from collections.abc import Callable, Mapping, Sequence

from ..engine.board import Board
from ..engine.state import LIVE, QUEEN, State
from ..engine.words import ARCHIVE_COLOURS

TRUECOLOR = "truecolor"
XTERM256 = "256"

#: Glyph colours drawn on top of the region colours.
QUEEN_INK = "#000000"
DEAD_INK = "#505050"
LIVE_INK = "#7A7A7A"
#: A cell the current step changed (hint pictures).
NEW_INK = "#C00000"

#: How far apart (CIE76 ΔE in CIELAB, where about 2.3 is just noticeable) two regions'
#: colours of one board should be: clearly different side by side, not merely different.
DISTINCT = 12.0
#: The pastel colours a letter outside the archive's code may get (hue × lightness), so
#: that the queens and crosses drawn on them stay legible.
_CANDIDATES = tuple(
    (hue / 360, lightness, saturation)
    for lightness, saturation in ((0.78, 0.62), (0.68, 0.55), (0.86, 0.7))
    for hue in range(0, 360, 10)
)


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(min(1.0, max(0.0, v)) * 255):02X}" for v in rgb)


@functools.cache
def lab(hex_colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour: distances there follow what the eye sees."""

    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in _rgb(hex_colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a: str, b: str) -> float:
    """CIE76 ΔE between two hex colours."""
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b), strict=True)) ** 0.5


def region_colours(board: Board) -> tuple[str, ...]:
    """The hex colour of each region (by region index) of ``board``, every two of them
    at least :data:`DISTINCT` apart where the board's size allows.

    Archive letters keep LinkedIn's colour; when two of them are too close (azure and
    blue are one shade apart, and real boards have both), the later one is drawn lighter
    or darker in its own hue, so its name stays true. Other letters get the pastel
    colour farthest from every colour already on the board.
    """
    out: list[str | None] = [None] * len(board.letters)
    used: list[str] = []

    def nearest(colour: str) -> float:
        return min((distance(colour, other) for other in used), default=float("inf"))

    for k, letter in enumerate(board.letters):
        known = ARCHIVE_COLOURS.get(letter)
        if known is not None:
            colour = known[1]
            if nearest(colour) < DISTINCT:
                colour = _shade_apart(colour, nearest) or colour
            out[k] = colour
            used.append(colour)
    if None in out:
        candidates = _candidate_hexes()
        # Each candidate's distance to the nearest colour in use, kept up to date.
        gap = {c: nearest(c) for c in candidates}
        for k in range(len(out)):
            if out[k] is None:
                best = max(candidates, key=gap.__getitem__)  # the first of equals
                out[k] = best
                for candidate in candidates:
                    gap[candidate] = min(gap[candidate], distance(candidate, best))
    return tuple(c for c in out if c is not None)


@functools.cache
def _candidate_hexes() -> tuple[str, ...]:
    return tuple(dict.fromkeys(_hex(colorsys.hls_to_rgb(*c)) for c in _CANDIDATES))


def _shade_apart(colour: str, nearest: Callable[[str], float]) -> str | None:
    """The same hue, lighter or darker, far enough from the colours in use (or None)."""
    r, g, b = (v / 255 for v in _rgb(colour))
    hue, lightness, saturation = colorsys.rgb_to_hls(r, g, b)
    for step in (0.06, 0.1, 0.14, 0.18, 0.22):
        for shifted in (lightness - step, lightness + step):
            if 0.35 <= shifted <= 0.92:
                candidate = _hex(colorsys.hls_to_rgb(hue, shifted, saturation))
                if nearest(candidate) >= DISTINCT:
                    return candidate
    return None


def wants_colour(choice: str, is_terminal: bool, environ: Mapping[str, str] | None = None) -> bool:
    """Decide ``--color auto|always|never``.

    ``auto`` colours only a terminal, and not when ``NO_COLOR`` is set to anything
    non-empty (https://no-color.org) or ``TERM`` is ``dumb``. An explicit ``always``
    wins over ``NO_COLOR``: the user asked for it on this very command line.
    """
    if choice == "always":
        return True
    if choice == "never":
        return False
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("TERM") == "dumb":
        return False
    return is_terminal


def terminal_depth(environ: Mapping[str, str] | None = None) -> str:
    """24-bit colour when ``COLORTERM`` announces it, else the 256-colour palette."""
    env = os.environ if environ is None else environ
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        return TRUECOLOR
    return XTERM256


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


_CUBE = (0, 95, 135, 175, 215, 255)


def xterm256(hex_colour: str) -> int:
    """The nearest colour of the xterm 256-colour palette (cube or grey ramp)."""
    rgb = _rgb(hex_colour)

    def nearest_level(v: int) -> int:
        return min(range(6), key=lambda i: abs(_CUBE[i] - v))

    cube_index = [nearest_level(v) for v in rgb]
    cube_rgb = tuple(_CUBE[i] for i in cube_index)
    grey_step = min(23, max(0, round((sum(rgb) / 3 - 8) / 10)))
    grey = 8 + 10 * grey_step

    def distance(other: tuple[int, ...]) -> int:
        return sum((a - b) ** 2 for a, b in zip(rgb, other, strict=True))

    if distance((grey, grey, grey)) < distance(cube_rgb):
        return 232 + grey_step
    r, g, b = cube_index
    return 16 + 36 * r + 6 * g + b


def _palette_rgb(index: int) -> tuple[int, int, int]:
    if index >= 232:
        grey = 8 + 10 * (index - 232)
        return grey, grey, grey
    r, g, b = (index - 16) // 36, (index - 16) // 6 % 6, (index - 16) % 6
    return _CUBE[r], _CUBE[g], _CUBE[b]


def xterm256_distinct(hex_colours: Sequence[str]) -> list[int]:
    """The nearest 256-palette entries, but never one entry for two colours.

    The palette is coarse: blue and azure, lime and yellow fall on the same entry, and a
    board that has both would show two regions alike. A later colour that clashes takes
    the nearest entry still free.
    """
    used: set[int] = set()
    out = []
    for hex_colour in hex_colours:
        best = xterm256(hex_colour)
        if best in used:
            rgb = _rgb(hex_colour)
            best = min(
                (i for i in range(16, 256) if i not in used),
                key=lambda i: sum((a - b) ** 2 for a, b in zip(rgb, _palette_rgb(i), strict=True)),
            )
        used.add(best)
        out.append(best)
    return out


def sgr(
    foreground: str | int | None, background: str | int | None, depth: str, bold: bool = False
) -> str:
    """The escape sequence that sets these colours (hex, or a 256-palette index), for the
    terminal's depth.

    It starts with a reset, so nothing (bold above all) leaks from the previous cell.
    """
    codes = ["0", "1"] if bold else ["0"]
    for hex_colour, base in ((foreground, 38), (background, 48)):
        if hex_colour is None:
            continue
        if isinstance(hex_colour, int):
            codes.append(f"{base};5;{hex_colour}")
        elif depth == TRUECOLOR:
            r, g, b = _rgb(hex_colour)
            codes.append(f"{base};2;{r};{g};{b}")
        else:
            codes.append(f"{base};5;{xterm256(hex_colour)}")
    return f"\x1b[{';'.join(codes)}m"


RESET = "\x1b[0m"


def lettered_rows(board: Board, glyph_rows: Sequence[str]) -> list[str]:
    """Rows of one glyph a cell with each cell's region letter before it, three columns
    a cell (``P♛ P⨯ S. ``): the regions told apart without colour (``--letters``)."""
    n = board.n
    return [
        "".join(
            f"{board.letters[board.cell_region[r * n + c]]}{glyph_rows[r][c]} " for c in range(n)
        ).rstrip()
        for r in range(n)
    ]


def colour_rows(
    board: Board, glyph_rows: Sequence[str], depth: str, new: int = 0, letters: bool = False
) -> list[str]:
    """Rows of one glyph a cell, drawn on the regions' colours, three columns a cell.

    Queens are bold black, live cells (``.``) light, anything else (dead marks, region
    letters) dark grey; the cells of ``new`` (a mask) are drawn in :data:`NEW_INK`. With
    ``letters``, each cell's region letter comes before its glyph.
    """
    hexes = region_colours(board)
    colours: list[str | int] = list(xterm256_distinct(hexes)) if depth == XTERM256 else list(hexes)
    n = board.n
    rows = []
    for r in range(n):
        parts = []
        for c in range(n):
            index = r * n + c
            glyph = glyph_rows[r][c]
            if new >> index & 1:
                ink, bold = NEW_INK, True
            elif glyph == QUEEN:
                ink, bold = QUEEN_INK, True
            elif glyph == LIVE:
                ink, bold = LIVE_INK, False
            else:
                ink, bold = DEAD_INK, False
            region = board.cell_region[index]
            lead = board.letters[region] if letters else " "
            parts.append(f"{sgr(ink, colours[region], depth, bold)}{lead}{glyph} ")
        rows.append("".join(parts) + RESET)
    return rows


def colour_picture(
    board: Board,
    state: State,
    depth: str,
    show_dead: bool = True,
    new: int = 0,
    letters: bool = False,
) -> list[str]:
    """The state's picture (``♛``, ``⨯``, ``.``, as ``queens solve`` prints it) in colour."""
    rows = state.picture(board, show_dead=show_dead).split("\n")
    return colour_rows(board, rows, depth, new, letters)

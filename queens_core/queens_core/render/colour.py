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
import math
import os
from collections.abc import Mapping, Sequence

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

#: How far apart (CIEDE2000 ΔE, where about 1 is just noticeable and 10 reads as another
#: colour at a glance) any two regions' colours of one board are, up to
#: :data:`DISTINCT_UP_TO` regions: the LinkedIn colours are at least 12.4 apart but for
#: their nine pairs of twins (azure and blue, green and jade, ...), 1.4 to 3.9 apart.
DISTINCT = 12.0
#: The most regions for which :data:`DISTINCT` is promised: more than the largest board
#: the page makes or the archive holds. Larger boards get the farthest colours there
#: are, still :data:`FAR_APART` apart up to 26 regions.
DISTINCT_UP_TO = 18
FAR_APART = 10.0
#: How far apart the colours of a board of 27 to 32 regions (the largest there is) are.
CROWDED_APART = 8.0
#: Colours lighter than this (CIELAB L*) keep the black queens and grey crosses drawn on
#: them legible.
LEGIBLE_LIGHTNESS = 55.0
#: How many starts the pastel colours get when a start falls short of the promise.
RESTARTS = 12
#: The pastel colours a letter outside the archive's code may get (hue × lightness ×
#: saturation, HLS).
_CANDIDATES = tuple(
    (hue / 360, lightness, saturation)
    for lightness, saturation in ((0.62, 0.5), (0.70, 0.6), (0.78, 0.62), (0.86, 0.7), (0.55, 0.45))
    for hue in range(0, 360, 6)
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


@functools.lru_cache(maxsize=1 << 17)
def distance(a: str, b: str) -> float:
    """CIEDE2000 ΔE between two hex colours: CIELAB distance corrected where the eye is
    more (blues, greys) or less (saturated colours) sensitive than CIELAB says. Kept, as
    the same few hundred pastel candidates are measured against each other board after
    board (a bounded cache: a server reads boards for days)."""
    return _ciede2000(lab(a), lab(b))


def _ciede2000(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    l1, a1, b1 = first
    l2, a2, b2 = second
    mean_chroma = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_chroma**7 / (mean_chroma**7 + 25.0**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    hue_step = 0.0
    if c1 * c2:
        hue_step = h2 - h1
        if hue_step > 180:
            hue_step -= 360
        elif hue_step < -180:
            hue_step += 360
    delta_l = l2 - l1
    delta_c = c2 - c1
    delta_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(hue_step) / 2)
    mean_l = (l1 + l2) / 2
    mean_c = (c1 + c2) / 2
    if not c1 * c2:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(mean_h - 30))
        + 0.24 * math.cos(math.radians(2 * mean_h))
        + 0.32 * math.cos(math.radians(3 * mean_h + 6))
        - 0.20 * math.cos(math.radians(4 * mean_h - 63))
    )
    rotation = 30 * math.exp(-(((mean_h - 275) / 25) ** 2))
    rc = 2 * math.sqrt(mean_c**7 / (mean_c**7 + 25.0**7))
    sl = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    sc = 1 + 0.045 * mean_c
    sh = 1 + 0.015 * mean_c * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    return math.sqrt(
        (delta_l / sl) ** 2
        + (delta_c / sc) ** 2
        + (delta_h / sh) ** 2
        + rt * (delta_c / sc) * (delta_h / sh)
    )


def region_colours(board: Board) -> tuple[str, ...]:
    """The hex colour of each region (by region index) of ``board``, every two of them
    at least :data:`DISTINCT` apart (up to :data:`DISTINCT_UP_TO` regions).

    Archive letters keep LinkedIn's colour; when two of them are too close (azure and
    blue are one shade apart, and real boards have both), the later one gets the
    nearest shade of its own hue (lighter, darker, more or less saturated) that is far
    enough from the others, so its name stays true. Other letters get the pastel colour
    farthest from every colour already on the board.
    """
    return _palette(board.letters)


@functools.cache
def _palette(letters: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str | None] = [None] * len(letters)
    used: list[str] = []

    def nearest(colour: str) -> float:
        return min((distance(colour, other) for other in used), default=float("inf"))

    for k, letter in enumerate(letters):
        known = ARCHIVE_COLOURS.get(letter)
        if known is not None:
            colour: str | None = known[1]
            if nearest(known[1]) < DISTINCT:
                # None when no shade of its hue fits: it gets a pastel colour below.
                colour = next((c for c in _shades(known[1]) if nearest(c) >= DISTINCT), None)
            if colour is not None:
                out[k] = colour
                used.append(colour)
    if None in out:
        pastel = [k for k in range(len(out)) if out[k] is None]
        best_found: list[str] = []
        # Farthest-first picking, then spreading, can settle a little short of the
        # promise; starting from another of the farthest candidates lands elsewhere.
        for first in range(RESTARTS):
            chosen = _pastels(out, used, pastel, first)
            apart = _closest_pair(chosen)
            if apart >= _promised(len(chosen)):
                return tuple(chosen)
            if not best_found or apart > _closest_pair(best_found):
                best_found = chosen
        return tuple(best_found)
    return tuple(c for c in out if c is not None)


def _pastels(fixed: list[str | None], used: list[str], pastel: list[int], first: int) -> list[str]:
    """``fixed`` with a pastel colour at each index of ``pastel``: farthest first, the
    first pick the ``first``-th farthest candidate, then spread apart."""
    candidates = _candidate_hexes()
    # Each candidate's distance to the nearest colour in use, kept up to date.
    gap = {c: min((distance(c, other) for other in used), default=float("inf")) for c in candidates}
    out = list(fixed)
    for k in pastel:
        if first and k == pastel[0]:
            best = sorted(candidates, key=gap.__getitem__, reverse=True)[first]
        else:
            best = max(candidates, key=gap.__getitem__)  # the first of equals
        out[k] = best
        for candidate in candidates:
            gap[candidate] = min(gap[candidate], distance(candidate, best))
    chosen = [c for c in out if c is not None]
    if _closest_pair(chosen) < _promised(len(chosen)):
        _spread(chosen, pastel)
    return chosen


def _promised(regions: int) -> float:
    """How far apart the colours of a board of ``regions`` regions are promised to be."""
    return DISTINCT if regions <= DISTINCT_UP_TO else FAR_APART if regions <= 26 else CROWDED_APART


def _closest_pair(colours: Sequence[str]) -> float:
    return min(
        (distance(a, b) for i, a in enumerate(colours) for b in colours[i + 1 :]),
        default=float("inf"),
    )


def _gap(colour: str, others: Sequence[str]) -> float:
    return min(distance(colour, other) for other in others)


def _spread(colours: list[str], free: list[int]) -> None:
    """Move the ``free`` colours apart in place: each in turn becomes the candidate
    farthest from all the others, while that widens its gap. Picking the farthest colour
    one region at a time can leave two late picks close together (17 regions, one of
    them an archive letter, came out 11.9 apart); a few such rounds part them."""
    candidates = _candidate_hexes()
    for _ in range(8):
        moved = False
        for k in free:
            others = [c for j, c in enumerate(colours) if j != k]
            best = max(candidates, key=functools.partial(_gap, others=others))
            if _gap(best, others) > _gap(colours[k], others) + 1e-9:
                colours[k] = best
                moved = True
        if not moved:
            return


@functools.cache
def _candidate_hexes() -> tuple[str, ...]:
    hexes = dict.fromkeys(_hex(colorsys.hls_to_rgb(*c)) for c in _CANDIDATES)
    return tuple(c for c in hexes if lab(c)[0] >= LEGIBLE_LIGHTNESS)


@functools.cache
def _shades(colour: str) -> tuple[str, ...]:
    """Legible colours of ``colour``'s hue, nearest to it first."""
    r, g, b = (v / 255 for v in _rgb(colour))
    hue, lightness, saturation = colorsys.rgb_to_hls(r, g, b)
    shades = set()
    for lightness_step in range(-30, 31, 2):
        for saturation_step in (0.0, -0.15, 0.15, -0.3, 0.3):
            shifted = lightness + lightness_step / 100
            if 0.4 <= shifted <= 0.93:
                rgb = colorsys.hls_to_rgb(
                    hue, shifted, min(1.0, max(0.0, saturation + saturation_step))
                )
                shades.add(_hex(rgb))
    legible = (c for c in shades if c != colour and lab(c)[0] >= LEGIBLE_LIGHTNESS)
    return tuple(sorted(legible, key=lambda c: (distance(c, colour), c)))


#: The coloured emoji a share line draws a region with: a family for each hue (its hue in
#: degrees, None for the greys), in three shapes, so that two regions of one hue still
#: get two symbols.
EMOJI_FAMILIES: dict[str, tuple[float | None, tuple[str, str, str]]] = {
    "red": (0.0, ("🟥", "🔴", "❤️")),
    "orange": (30.0, ("🟧", "🟠", "🧡")),
    "yellow": (55.0, ("🟨", "🟡", "💛")),
    "green": (120.0, ("🟩", "🟢", "💚")),
    "blue": (210.0, ("🟦", "🔵", "💙")),
    "purple": (285.0, ("🟪", "🟣", "💜")),
    "brown": (None, ("🟫", "🟤", "🤎")),
    "white": (None, ("⬜", "⚪", "🤍")),
    "black": (None, ("⬛", "⚫", "🖤")),
}


def region_emoji(board: Board) -> tuple[str, ...]:
    """A coloured emoji for each region (by region index), no two regions alike: the
    nearest family's square, else its circle, else its heart, else the next family's;
    a region past the 27 symbols there are gets its letter."""
    return _emoji(_palette(board.letters), board.letters)


@functools.cache
def _emoji(colours: tuple[str, ...], letters: tuple[str, ...]) -> tuple[str, ...]:
    taken: set[str] = set()
    out = []
    for colour, letter in zip(colours, letters, strict=True):
        symbol = next(
            (
                shape
                for family in _families_nearest(colour)
                for shape in EMOJI_FAMILIES[family][1]
                if shape not in taken
            ),
            letter,
        )
        taken.add(symbol)
        out.append(symbol)
    return tuple(out)


def _families_nearest(colour: str) -> list[str]:
    r, g, b = (v / 255 for v in _rgb(colour))
    hue, lightness, _ = colorsys.rgb_to_hls(r, g, b)
    chroma = max(r, g, b) - min(r, g, b)
    if chroma < 0.12:
        grey = "white" if lightness > 0.75 else "black" if lightness < 0.3 else "brown"
        return [grey, *(f for f in ("white", "brown", "black") if f != grey)] + [
            f for f, (h, _) in EMOJI_FAMILIES.items() if h is not None
        ]
    degrees = hue * 360
    brownish = 15 <= degrees < 42 and chroma < 0.35 and lightness < 0.6

    def apart(family: str) -> float:
        family_hue = EMOJI_FAMILIES[family][0]
        if family_hue is None:
            return 0.0 if family == "brown" and brownish else 360.0 + len(family)
        step = abs(degrees - family_hue) % 360
        return min(step, 360 - step)

    return sorted(EMOJI_FAMILIES, key=apart)


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

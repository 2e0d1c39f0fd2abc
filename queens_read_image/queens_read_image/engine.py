"""Read a Queens board, with its queens and ✕ marks, from a screenshot.

Glossary
--------
ink
    What the grid is drawn with: near-black on a light page, near-white on an inverted
    (dark) one. The reader works on dark ink; when the picture does not read that way it
    reads the inverted picture.
line contrast
    How much darker a pixel is than the lightest pixels a few steps away on both sides
    of it (a 1-D black top-hat), measured across x, across y and along both diagonals:
    thin grid lines, thick region borders and the frame stand out, whatever the page
    colour round them. A line pixel is one with enough contrast.
line group
    Consecutive rows (or columns) whose longest run of line pixels spans the same
    stretch: one drawn line of the grid. The grid's span is the one most drawn line lies
    along and that ends at a line of the other direction (its frame) or at the picture's
    edge (a tight crop), so page chrome (text, buttons, rules) does not move it.
grid box
    The rectangle the cells fill. In a tight crop it reaches the picture's edge.
pitch
    The width of one cell, grid line included.
profile
    For each column of the grid box, its line contrast across x as a share of the
    strongest column's: the median over horizontal bands, so that marks, which darken
    only their own cells, do not look like lines. Rows likewise.
border mass
    How much ink crosses the middle of the edge between two neighbouring cells, in
    pixels of full ink: well under 1 for a thin grid line, several for a region border.
    Anti-aliasing and JPEG blur move ink around but keep its mass.

How a picture is read: find the grid box from line groups (both ways); find N per axis
as the largest count whose predicted lines all stand out in the profile from the edges
of the cells beside them; sample each cell's colour near its corners (marks sit in the
middle); join neighbouring cells whose shared edge is thin and whose colours agree (a
darker shade of the same colour, as under a hovering mouse, agrees); read the marks from
the ink in each cell's middle (a cross looks the same turned a quarter turn and upside
down; a crown does not). A region whose colour is near one of a given palette's takes
its letter. Whatever cannot be read raises :class:`ReadError` with one line saying why.
"""

from __future__ import annotations

import io
import itertools
import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageOps, UnidentifiedImageError

#: Boards the reader accepts, by cells along a side.
MIN_N = 4
MAX_N = 32

#: Pixels a picture may have: a 32 MiB file can declare a huge canvas (a decompression
#: bomb), and no screenshot needs more.
MAX_PIXELS = 40_000_000

#: A picture larger than this along its longer side is halved (and so on) first: the
#: grid lines survive it and the reading time stays bounded.
WORK_SIDE = 2200

#: Top-hat contrast (0-255) a pixel needs over both sides to count as a line pixel.
LINE_CONTRAST = 24

_RUN = re.compile(rb"\xff+")
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


class ReadError(ValueError):
    """The picture does not show a readable board. ``str()`` is one line saying why."""


@dataclass(frozen=True)
class ImageReading:
    """What a picture shows: one string a row, one letter a region, and the marks.

    ``marks`` has one string a row with ``♛`` (queen), ``x`` (cross) or ``.``; it is
    ``None`` when the picture shows no mark at all.
    """

    rows: tuple[str, ...]
    marks: tuple[str, ...] | None


@dataclass(frozen=True)
class _Axis:
    """Where the cells of one axis lie: ``bounds[k]`` to ``bounds[k + 1]`` is cell k."""

    bounds: tuple[float, ...]

    @property
    def n(self) -> int:
        return len(self.bounds) - 1

    @property
    def pitch(self) -> float:
        return (self.bounds[-1] - self.bounds[0]) / self.n


def open_picture(data: bytes) -> Image.Image:
    """Decode ``data`` into an RGB picture (transparency flattened onto white)."""
    try:
        with warnings.catch_warnings():
            # The size is checked below, against a tighter limit, in one line.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            decoded = Image.open(io.BytesIO(data))
    except UnidentifiedImageError:
        raise ReadError("not a picture Pillow can decode") from None
    except Image.DecompressionBombError as error:
        # Pillow refuses it before reading its pixels: a picture, only far too large.
        pixels = re.search(r"\((\d+) pixels\)", str(error))
        size = f"{int(pixels[1]):,} pixels" if pixels else "more pixels than Pillow opens"
        raise ReadError(
            f"too large: {size}, the limit is {MAX_PIXELS:,}; crop it to the board"
        ) from None
    except (OSError, ValueError) as error:
        raise ReadError(f"not a picture Pillow can decode ({error})") from None
    width, height = decoded.size
    if width * height > MAX_PIXELS:
        raise ReadError(
            f"too large: {width}×{height} = {width * height:,} pixels, the limit is "
            f"{MAX_PIXELS:,}; crop it to the board"
        )
    try:
        decoded.load()
    except (OSError, ValueError) as error:
        raise ReadError(f"not a picture Pillow can decode ({error})") from None
    picture: Image.Image = decoded
    if picture.mode in ("RGBA", "LA", "PA") or "transparency" in picture.info:
        rgba = picture.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        picture = Image.alpha_composite(white, rgba)
    picture = picture.convert("RGB")
    factor = 1
    while max(picture.size) // factor > WORK_SIDE:
        factor *= 2
    if factor > 1:
        picture = picture.reduce(factor)
    return picture


#: Colour names by letter: (red, green, blue) for each letter a region may be given.
Palette = Mapping[str, tuple[int, int, int]]


def read_picture(data: bytes, palette: Palette | None = None) -> ImageReading:
    """Read the board in ``data`` (PNG, JPEG or anything Pillow decodes).

    A region whose colour is near one of ``palette``'s takes that colour's letter (each
    letter once), so that "region P (purple)" is purple in the picture too; the other
    regions take letters the palette does not name.
    """
    picture = open_picture(data)
    if min(picture.size) < 4 * MIN_N:
        raise ReadError(f"the picture is too small ({picture.width}×{picture.height} pixels)")
    try:
        return read_rgb(picture, palette or {})
    except ReadError as light_failure:
        # A dark page draws the grid in light ink: the inverted picture has dark ink.
        # Read the wrong way round, a board falls apart into too many regions (or no
        # grid), so whichever way reads is the right one.
        try:
            return read_rgb(ImageOps.invert(picture), palette or {}, inverted=True)
        except ReadError as dark_failure:
            # Say why the reading that got further failed: a grid found beats none.
            if isinstance(light_failure, _NoGrid) and not isinstance(dark_failure, _NoGrid):
                raise ReadError(str(dark_failure)) from None
            raise ReadError(str(light_failure)) from None


class _NoGrid(ReadError):
    """No grid in this polarity; the caller may try the inverted picture."""


def read_rgb(picture: Image.Image, palette: Palette, inverted: bool = False) -> ImageReading:
    """Read a board drawn in dark ink from an RGB picture (``inverted``: the picture was
    inverted to make its ink dark, so its true colours are the inverse)."""
    grey = picture.convert("L")
    across_x, across_y, strongest = _line_contrast(grey)
    box = _grid_box(_line_pixels(strongest))
    x0, y0, x1, y1 = box
    columns = _axis(_profile(across_x.crop((x0, y0, x1 + 1, y1 + 1))), x0)
    down = across_y.crop((x0, y0, x1 + 1, y1 + 1)).transpose(Image.Transpose.TRANSPOSE)
    rows = _axis(_profile(down), y0)
    if columns is None or rows is None:
        raise _NoGrid("no grid found: the lines in the picture do not divide it into cells")
    if columns.n != rows.n:
        raise ReadError(
            f"found {columns.n} columns and {rows.n} rows; a Queens grid is square "
            "(is the picture cropped across the grid?)"
        )
    n = columns.n
    if not MIN_N <= n <= MAX_N:
        raise ReadError(f"found {_a(n)} {n}×{n} grid; boards have {MIN_N} to {MAX_N} cells a side")
    colours = [[_cell_colour(picture, columns, rows, r, c) for c in range(n)] for r in range(n)]
    ink = _ink_level(grey, box)
    region_of = _regions(grey, columns, rows, colours, ink)
    seen = [c for line in colours for c in line]
    if inverted:
        seen = [(255 - r, 255 - g, 255 - b) for r, g, b in seen]
    letters = _letters(region_of, seen, palette)
    rows_text = tuple("".join(letters[region_of[r * n + c]] for c in range(n)) for r in range(n))
    marks = _marks(grey, columns, rows, colours)
    return ImageReading(rows_text, marks)


def _a(n: int) -> str:
    """The article before a spoken number: "an 8×8 grid", "a 9×9 grid"."""
    return "an" if str(n).startswith("8") or n in (11, 18) else "a"


# -- finding the grid -------------------------------------------------------------------


def _spread_max(grey: Image.Image, reach: int, dx: int, dy: int) -> Image.Image:
    """Each pixel becomes the lightest of the ``reach`` pixels from 1 step along (dx, dy)."""
    result = ImageChops.offset(grey, dx, dy)
    covered = 1
    while covered < reach:
        step = min(covered, reach - covered)
        result = ImageChops.lighter(result, ImageChops.offset(result, dx * step, dy * step))
        covered += step
    return result


def _line_contrast(grey: Image.Image) -> tuple[Image.Image, Image.Image, Image.Image]:
    """How much darker each pixel is than the picture on both sides of it, 0-255: across
    x (vertical lines stand out), across y (horizontal lines), and the strongest of
    those and the two diagonals (crossings of thick lines stand out only diagonally)."""
    reach = max(4, min(grey.size) // 40)
    # Paper round the picture: a frame drawn at the very edge of a tight crop is still
    # darker than something on its outer side (and nothing wraps round).
    width, height = grey.size
    padded = ImageOps.expand(grey, reach, fill=255)
    found = []
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        before = _spread_max(padded, reach, dx, dy)
        # The lightest of the reach pixels after a pixel is the lightest before the pixel
        # reach + 1 steps on.
        after = ImageChops.offset(before, -dx * (reach + 1), -dy * (reach + 1))
        contrast = ImageChops.subtract(ImageChops.darker(before, after), padded)
        found.append(contrast.crop((reach, reach, reach + width, reach + height)))
    strongest = found[0]
    for contrast in found[1:]:
        strongest = ImageChops.lighter(strongest, contrast)
    return found[0], found[1], strongest


def _line_pixels(contrast: Image.Image) -> Image.Image:
    """A 0/255 mask of the line pixels, each grown to its 3×3 square to bridge the one-pixel
    gaps noise leaves in a line (by shifts: far cheaper than Pillow's rank filter)."""
    mask = contrast.point(lambda v: 255 if v > LINE_CONTRAST else 0)
    for dx, dy in ((1, 0), (0, 1)):  # a 3×3 square, as a row of 3 then a column of 3
        mask = ImageChops.lighter(
            mask,
            ImageChops.lighter(ImageChops.offset(mask, dx, dy), ImageChops.offset(mask, -dx, -dy)),
        )
    return mask


@dataclass
class _Group:
    first: int
    last: int
    start: int
    end: int


def _line_groups(mask: Image.Image, min_run: int) -> list[_Group]:
    """The line groups of ``mask`` along its rows."""
    width, height = mask.size
    data = mask.tobytes()
    # A row holding fewer line pixels than a run needs cannot hold the run: skip it.
    counts = mask.resize((1, height), Image.Resampling.BOX).tobytes()
    needed = 255 * min_run / width
    groups: list[_Group] = []
    for y in range(height):
        if counts[y] < needed - 1:
            continue
        best = (0, 0)
        for match in _RUN.finditer(data, y * width, (y + 1) * width):
            if match.end() - match.start() > best[1] - best[0]:
                best = (match.start() - y * width, match.end() - y * width)
        if best[1] - best[0] < min_run:
            continue
        last = groups[-1] if groups else None
        if last is not None and last.last == y - 1 and _same_span(last, *best):
            last.last = y
            last.start = min(last.start, best[0])
            last.end = max(last.end, best[1])
        else:
            groups.append(_Group(y, y, best[0], best[1]))
    return groups


def _same_span(group: _Group, start: int, end: int) -> bool:
    tolerance = max(3, (group.end - group.start) // 30)
    return abs(group.start - start) <= tolerance and abs(group.end - end) <= tolerance


def _shared_span(
    groups: list[_Group], ends: list[_Group], size: int
) -> tuple[int, int, list[_Group]] | None:
    """The span with the most line drawn along it, and the groups that lie along it.

    A group lies along a span when it falls within it and covers most of it: the frame's
    span holds every grid line (a line that jogs round a region border falls short of
    the frame by a cell), while a page's rule or a text line seldom has such company.
    The score is the groups' count times the span's length squared (a faint grid shows
    its long frame but only pieces of its inner lines). A span must end where a
    line of the other direction (``ends``) runs, or at the picture's edge (``size``):
    a grid ends at its frame, or at the edge of a tight crop.
    """
    best: tuple[int, int, list[_Group]] | None = None
    best_score = 0
    for group in groups:
        length = group.end - group.start
        tolerance = max(3, length // 30)
        if not (_ends_at(group.start, ends, tolerance) or group.start <= tolerance) or not (
            _ends_at(group.end - 1, ends, tolerance) or group.end >= size - tolerance
        ):
            continue
        members = [
            g
            for g in groups
            if g.start >= group.start - tolerance
            and g.end <= group.end + tolerance
            and g.end - g.start >= 0.8 * length
        ]
        score = len(members) * length * length
        if len(members) >= 2 and score > best_score:
            best = (group.start, group.end, members)
            best_score = score
    return best


def _ends_at(position: int, ends: list[_Group], tolerance: int) -> bool:
    return any(g.first - tolerance <= position <= g.last + tolerance for g in ends)


def _grid_box(lines: Image.Image) -> tuple[int, int, int, int]:
    """The grid box (x0, y0, x1, y1), inclusive, from the line groups both ways."""
    min_run = max(3 * MIN_N, min(lines.size) // 8)
    rows = _line_groups(lines, min_run)
    columns = _line_groups(lines.transpose(Image.Transpose.TRANSPOSE), min_run)
    across = _shared_span(rows, columns, lines.width)
    down = _shared_span(columns, rows, lines.height)
    if across is None or down is None:
        raise _NoGrid("no grid found in the picture")
    x0, x1 = across[0], across[1] - 1
    y0, y1 = down[0], down[1] - 1
    if x1 - x0 < 4 * MIN_N or y1 - y0 < 4 * MIN_N:
        raise _NoGrid("no grid found in the picture")
    return x0, y0, x1, y1


#: Bands the box is cut into across the lines a profile measures.
PROFILE_BANDS = 15


def _profile(inside: Image.Image) -> list[float]:
    """For each column of the box, its line contrast, as a share of the strongest
    column's (a line the full height of the grid, such as the frame, is near 1).

    A column's contrast is the median over bands of the box: a grid line crosses every
    band, while a mark (a crown, a cross) darkens only the bands of its own cell.
    """
    width, height = inside.size
    bands = min(PROFILE_BANDS, height)
    data = inside.resize((width, bands), Image.Resampling.BOX).tobytes()
    middle = bands // 2
    values = [sorted(data[x::width])[middle] for x in range(width)]
    top = max(max(values), 1)
    return [v / top for v in values]


#: Lines fainter than this share of the strongest column are not trusted to be lines.
FAINTEST_LINE = 0.04


def _frame_middle(profile: list[float]) -> float:
    """Where the grid starts: the middle of the frame when the picture shows one (ink at
    the box's edge, perhaps after a few pixels of JPEG halo), else the box's edge."""
    halo = max(2, len(profile) // 40)
    start = next((i for i in range(halo + 1) if profile[i] >= 0.5), None)
    if start is None:
        return 0.0
    end = start
    while end < len(profile) // 4 and profile[end] >= 0.5:
        end += 1
    return (start + end) / 2


def _axis(profile: list[float], offset: int) -> _Axis | None:
    """The cells along one axis: the largest count whose predicted lines all stand out
    from the inner edges of its predicted cells in ``profile``; ``None`` when none does.

    Only a count whose lines all fall on drawn lines passes, and of those (N and its
    divisors) the largest is N: a larger count puts some of its lines in cell middles.
    """
    size = len(profile)
    first = _frame_middle(profile)
    last = size - _frame_middle(profile[::-1])
    for n in range(min(MAX_N, size // 6), 1, -1):
        pitch = (last - first) / n
        window = max(1, round(pitch * 0.15))
        # Just inside each cell, clear of the line and of a mark in the cell's middle.
        flanks = sorted(
            profile[min(size - 1, round(first + (k + f) * pitch))]
            for k in range(n)
            for f in (0.14, 0.86)
        )
        floor = max(FAINTEST_LINE, 3 * flanks[n])
        refined = [first]
        for k in range(1, n):
            middle = round(first + k * pitch)
            near = range(max(0, middle - window), min(size, middle + window + 1))
            peak = max(near, key=lambda i: profile[i])
            if profile[peak] < floor:
                break
            # The line's centre is the middle of the run round the peak above half of it.
            half = profile[peak] / 2
            lo = hi = peak
            while lo - 1 in near and profile[lo - 1] >= half:
                lo -= 1
            while hi + 1 in near and profile[hi + 1] >= half:
                hi += 1
            refined.append((lo + hi) / 2)
        else:
            refined.append(last)
            return _Axis(tuple(offset + v for v in refined))
    return None


# -- cells: colours, borders, regions, marks --------------------------------------------


def _cell_box(columns: _Axis, rows: _Axis, r: int, c: int) -> tuple[float, float, float, float]:
    return columns.bounds[c], rows.bounds[r], columns.bounds[c + 1], rows.bounds[r + 1]


def _cell_colour(
    picture: Image.Image, columns: _Axis, rows: _Axis, r: int, c: int
) -> tuple[float, float, float]:
    """The cell's colour: the median of four patches between its corners and its centre,
    clear of the lines and of a mark in the middle."""
    left, top, right, bottom = _cell_box(columns, rows, r, c)
    # The cell in 10×10 blocks; the patches are the blocks one in from each corner (10%
    # to 20% in): a cross's arms end a third of the way in, a crown's tips and band keep
    # off the corners, and the lines stay within a tenth.
    blocks = picture.resize((10, 10), Image.Resampling.BOX, box=(left, top, right, bottom))
    patches = [blocks.getpixel((x, y)) for x in (1, 8) for y in (1, 8)]
    channels = []
    for channel in range(3):
        values = sorted(float(p[channel]) for p in patches)  # type: ignore[index]
        channels.append((values[1] + values[2]) / 2)
    return channels[0], channels[1], channels[2]


def _ink_level(grey: Image.Image, box: tuple[int, int, int, int]) -> float:
    """The luminance of full ink: the darkest few per cent of the grid box."""
    histogram = grey.crop((box[0], box[1], box[2] + 1, box[3] + 1)).histogram()
    total = sum(histogram)
    seen = 0
    for level, count in enumerate(histogram):
        seen += count
        if seen >= total * 0.01:
            return float(level)
    return 0.0


def _border_mass(
    grey: Image.Image, columns: _Axis, rows: _Axis, r: int, c: int, across: bool, ink: float
) -> float:
    """The ink crossing the middle of the edge right of (``across``) or below cell (r, c)."""
    if across:
        line = columns.bounds[c + 1]
        reach = columns.pitch * 0.09
        top, bottom = rows.bounds[r], rows.bounds[r + 1]
        box = (
            round(line - reach),
            round(top + 0.3 * (bottom - top)),
            round(line + reach),
            round(top + 0.7 * (bottom - top)),
        )
        strip = grey.crop(box)
        values = list(strip.resize((strip.width, 1), Image.Resampling.BOX).tobytes())
    else:
        line = rows.bounds[r + 1]
        reach = rows.pitch * 0.09
        left, right = columns.bounds[c], columns.bounds[c + 1]
        box = (
            round(left + 0.3 * (right - left)),
            round(line - reach),
            round(left + 0.7 * (right - left)),
            round(line + reach),
        )
        strip = grey.crop(box)
        values = list(strip.resize((1, strip.height), Image.Resampling.BOX).tobytes())
    paper = min(max(values[:3]), max(values[-3:]))
    depth = max(paper - ink, 1.0)
    return sum(max(0.0, paper - v) for v in values) / depth


def _thick_cut(masses: list[float]) -> float | None:
    """The mass above which an edge is a region border; ``None`` when the edges do not
    fall into thin and thick (a game that draws every line alike)."""
    ordered = sorted(masses)
    best_gap, cut = 0.0, None
    for low, high in itertools.pairwise(ordered):
        gap = high / max(low, 0.25)
        if gap > best_gap:
            best_gap, cut = gap, (low * high) ** 0.5
    return cut if best_gap >= 1.5 else None


def _colour_distance(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """How far apart two cell colours are, forgiving a uniform darkening (a hovered cell)."""
    plain = sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5
    norm = sum(y * y for y in b)
    if norm == 0:
        return plain
    scale = sum(x * y for x, y in zip(a, b, strict=True)) / norm
    if not 0.6 <= scale <= 1 / 0.6:
        return plain
    shaded = sum((x - scale * y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5
    return min(plain, shaded * 1.5)


#: Colours closer than this are the same region's; farther, a different region's.
SAME_COLOUR = 22.0
OTHER_COLOUR = 45.0


def _regions(
    grey: Image.Image,
    columns: _Axis,
    rows: _Axis,
    colours: list[list[tuple[float, float, float]]],
    ink: float,
) -> list[int]:
    """The region of each cell (numbered in reading order), checked to be N regions."""
    n = columns.n
    edges = []  # (cell, neighbour, mass, colour distance)
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                mass = _border_mass(grey, columns, rows, r, c, True, ink)
                distance = _colour_distance(colours[r][c], colours[r][c + 1])
                edges.append((r * n + c, r * n + c + 1, mass, distance))
            if r + 1 < n:
                mass = _border_mass(grey, columns, rows, r, c, False, ink)
                distance = _colour_distance(colours[r][c], colours[r + 1][c])
                edges.append((r * n + c, (r + 1) * n + c, mass, distance))
    cut = _thick_cut([e[2] for e in edges])
    parent = list(range(n * n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b, mass, distance in edges:
        if cut is None:
            joined = distance < SAME_COLOUR
        else:
            # A thin line between clearly different colours is a border drawn thin.
            joined = mass < cut and distance < OTHER_COLOUR
        if joined:
            parent[find(a)] = find(b)
    index_of: dict[int, int] = {}
    for i in range(n * n):
        index_of.setdefault(find(i), len(index_of))
    if len(index_of) != n:
        raise ReadError(
            f"found {len(index_of)} regions for {_a(n)} {n}×{n} grid; a board has exactly {n} "
            "(is the picture cropped, or a region hidden?)"
        )
    return [index_of[find(i)] for i in range(n * n)]


#: How far a region's colour may be from a palette colour and still take its letter.
PALETTE_MATCH = 60.0


def _letters(
    region_of: list[int], colours: list[tuple[float, float, float]], palette: Palette
) -> list[str]:
    """A letter for each region: the nearest palette colour's, nearest pairs first."""
    count = max(region_of) + 1
    members: list[list[tuple[float, float, float]]] = [[] for _ in range(count)]
    for region, colour in zip(region_of, colours, strict=True):
        members[region].append(colour)
    typical = []
    for cells in members:
        channels = [sorted(colour[k] for colour in cells) for k in range(3)]
        typical.append(tuple(values[len(values) // 2] for values in channels))
    # Earlier palette letters are preferred a little: the archive lists its classic
    # colours first and their later near-twins (azure beside blue) after.
    pairs = sorted(
        (distance + 2 * rank, distance, region, ch)
        for rank, (ch, rgb) in enumerate(palette.items())
        for region in range(count)
        for distance in [
            sum((a - b) ** 2 for a, b in zip(typical[region], rgb, strict=True)) ** 0.5
        ]
    )
    letters: dict[int, str] = {}
    for _cost, distance, region, ch in pairs:
        if distance <= PALETTE_MATCH and region not in letters and ch not in letters.values():
            letters[region] = ch
    spare = [ch for ch in _LETTERS if ch not in palette] + [ch for ch in _LETTERS if ch in palette]
    spare = [ch for ch in spare if ch not in letters.values()]
    for region in range(count):
        if region not in letters:
            letters[region] = spare.pop(0)
    return [letters[region] for region in range(count)]


def _marks(
    grey: Image.Image,
    columns: _Axis,
    rows: _Axis,
    colours: list[list[tuple[float, float, float]]],
) -> tuple[str, ...] | None:
    n = columns.n
    found = False
    lines = []
    for r in range(n):
        line = []
        for c in range(n):
            mark = _mark(grey, _cell_box(columns, rows, r, c), colours[r][c])
            found = found or mark != "."
            line.append(mark)
        lines.append("".join(line))
    return tuple(lines) if found else None


_MARK_SIDE = 16


def _mark(
    grey: Image.Image, box: tuple[float, float, float, float], colour: tuple[float, float, float]
) -> str:
    """``♛``, ``x`` or ``.``: what is drawn in the middle of the cell."""
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    middle = grey.crop(
        (
            round(left + 0.2 * width),
            round(top + 0.2 * height),
            round(right - 0.2 * width),
            round(bottom - 0.2 * height),
        )
    )
    paper = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    threshold = max(1, min(256, round(paper * 0.6)))
    histogram = middle.histogram()
    if sum(histogram[:threshold]) < 0.04 * max(1, sum(histogram)):
        return "."
    ink = middle.point([255] * threshold + [0] * (256 - threshold))
    # Fitted to its own bounding box, a cross is the same a quarter turn round; a crown,
    # with its band along the bottom and tips on top, is not.
    bounds = ink.getbbox()
    if bounds is None:
        return "."
    fitted = ink.crop(bounds)
    # A crown is a filled shape; a cross is two strokes with paper between them.
    fill = fitted.histogram()[255] / (fitted.width * fitted.height)
    shape = fitted.resize((_MARK_SIDE, _MARK_SIDE), Image.Resampling.BOX).point(
        lambda v: 255 if v >= 96 else 0
    )
    return "x" if _cross_likeness(shape) - fill > CROSS_MARGIN else "♛"


#: A mark is a cross when its likeness to itself turned and flipped exceeds the share
#: of its bounding box it fills by more than this. Crowns drawn by ``queens render``
#: score -0.24 and below, crosses -0.04 and above, in pictures of 250 to 400 px.
CROSS_MARGIN = -0.14


def _cross_likeness(shape: Image.Image) -> float:
    """How alike a mark is to itself a quarter turn round and upside down (0 to 1)."""
    score = 1.0
    for moved in (Image.Transpose.ROTATE_90, Image.Transpose.FLIP_TOP_BOTTOM):
        other = shape.transpose(moved)
        both = ImageChops.darker(shape, other).histogram()[255]
        either = ImageChops.lighter(shape, other).histogram()[255]
        score = min(score, both / max(either, 1))
    return score

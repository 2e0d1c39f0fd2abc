"""Read a Queens board, with its queens and ✕ marks, from a screenshot.

Glossary
--------
ink
    What the grid is drawn with: near-black on a light page, near-white on an inverted
    (dark) one. The reader works on dark ink; when the picture does not read that way it
    reads the inverted picture.
dark page
    The page round the board in dark mode: the commonest dark colour, covering a tenth
    of the picture or more. Made white (its thin dark lines kept), it lets a black frame
    on a near-black page stand out; the colours of the cells are read from the picture
    as it is.
line contrast
    How much darker a pixel is than the lightest pixels a few steps away on both sides
    of it (a 1-D black top-hat), measured across x, across y and along both diagonals:
    thin grid lines, thick region borders and the frame stand out, whatever the page
    colour round them. A line pixel is one with enough contrast.
line group
    Consecutive rows (or columns) whose longest run of line pixels spans the same
    stretch: one drawn line of the grid. A span is a stretch that several line groups
    lie along and that ends at a line of the other direction (a frame) or at the
    picture's edge (a tight crop).
grid box
    A rectangle cells may fill: a span of horizontal lines and one of vertical lines
    that frame each other, roughly square. A picture may show several (the board,
    a thumbnail of another board, a text box); each is tried, largest first.
pitch
    The width of one cell, grid line included.
profile
    For each column of the grid box, its line contrast across x as a share of the
    strongest column's: the lower quartile over 64 thin bands, so that marks, which
    darken under half of a cell's bands even when every cell of the column holds one,
    do not look like lines. Rows likewise.
border mass
    How much ink crosses the middle of the edge between two neighbouring cells, in
    pixels of full ink: well under 1 for a thin grid line, several for a region border.
    Anti-aliasing and JPEG blur move ink around but keep its mass.
mark
    What a player put on a cell, drawn over its colour: a crown (black, golden, white)
    or a cross of any weight. Its pixels are those far from the cell's colour; the
    cell's colour is sampled near its corners, where marks do not reach.

How a picture is read: decode it at most about 2200 pixels a side (a JPEG straight at a
half, quarter or eighth; anything else reduced a strip at a time); look at it with its
dark page made white (when it has one), as it is, and inverted, until one reads. In
each, list the grid boxes and try them largest first. In a box, find N per axis as the
largest count whose predicted lines all stand out in the profile, each a narrow peak
(a mark is a broad hump); sample each cell's colour near its corners; part the cells
into regions by colour first (the widest gap between neighbours' colour distances), by
walls second (a border's mass against a thin line's, the cut agreeing best with the
colours), and accept only N regions. Read each cell's mark from its middle: a crown is
much heavier at the bottom (its band) than at the top (its tips), a cross has paper
between its strokes, and a filled dot is neither. A region whose colour is near one of
a given palette's takes its letter. Whatever cannot be read raises :class:`ReadError`
with one line saying why; a second readable grid becomes a note.
"""

from __future__ import annotations

import io
import itertools
import math
import re
import warnings
from collections.abc import Callable, Mapping
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
    #: Warnings worth a line to the user ("two grids: ...; reading the 8×8"); the
    #: reading stands.
    notes: tuple[str, ...] = ()


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
    """Decode ``data`` into an RGB picture (transparency flattened onto white), at most
    about ``WORK_SIDE`` pixels along its longer side.

    Memory stays near the decoded file's own size: a JPEG is decoded at a half, a
    quarter or an eighth of its size straight away (Pillow's draft mode), and anything
    else is converted and reduced a strip at a time, never whole in RGBA."""
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
    if decoded.format == "JPEG" and max(width, height) > WORK_SIDE:
        # The decoder picks the smallest scale still at least this large.
        decoded.draft(
            "RGB",
            (width * WORK_SIDE // max(width, height), height * WORK_SIDE // max(width, height)),
        )
    # Still from the header (draft only chose a scale): what decoding will hold.
    cost = decoding_bytes(decoded)
    if cost > DECODE_BUDGET:
        kind = f"{decoded.format or 'picture'} {decoded.mode}"
        raise ReadError(
            f"too large to decode: a {width}×{height} {kind} picture takes about "
            f"{cost // 2**20:,} MB, the limit is {DECODE_BUDGET // 2**20} MB; crop it to the "
            "board or save it as PNG"
        )
    if width * height > SCREEN_PIXELS and cost > BOMB_RATIO * len(data):
        kind = f"{decoded.format or 'picture'} {decoded.mode}"
        raise ReadError(
            f"too large for its file: a {width}×{height} {kind} picture of "
            f"{len(data) // 1024:,} KB takes about {cost // 2**20:,} MB to decode, over "
            f"{BOMB_RATIO:,} times its file (no screenshot of a board packs that tight); "
            "crop it to the board"
        )
    try:
        decoded.load()
    except (OSError, ValueError) as error:
        raise ReadError(f"not a picture Pillow can decode ({error})") from None
    factor = 1
    while max(decoded.size) // factor > WORK_SIDE:
        factor *= 2
    if factor == 1:
        return _flattened(decoded)
    width, height = decoded.size
    picture = Image.new("RGB", (-(-width // factor), -(-height // factor)))
    # Strips a whole number of factors tall, so that each reduces to whole rows.
    step = factor * max(1, STRIP_PIXELS // (width * factor))
    for top in range(0, height, step):
        strip = _flattened(decoded.crop((0, top, width, min(height, top + step))))
        picture.paste(strip.reduce(factor), (0, top // factor))
    return picture


#: The most memory (bytes) decoding a picture may take: a 40-million-pixel RGB or RGBA
#: picture, the largest accepted, at Pillow's four bytes a pixel. Checked from the header
#: before anything is decoded, so that a small file declaring a costly picture (a WebP
#: decodes through buffers of its own, four times its pixels' size) is refused cheaply.
DECODE_BUDGET = 4 * MAX_PIXELS

#: Pixels of the largest screen a screenshot comes from at full size (4096×4096: a 4K
#: screen twice over, a 5K one); a picture up to this size is always decoded.
SCREEN_PIXELS = 4096 * 4096
#: Above :data:`SCREEN_PIXELS`, how many times its file's size a picture may take once
#: decoded. A screenshot, even of a flat page, packs well under a few hundred times; a
#: small file that declares a huge flat canvas (a 100 KB PNG of 40 million pixels, some
#: 160 MB to decode) is a decompression bomb, refused from its header.
BOMB_RATIO = 1000

#: Bytes a pixel takes in Pillow, by mode (its storage: three bands are kept in four).
_BYTES_PER_PIXEL = {"1": 1, "L": 1, "P": 1, "I;16": 2, "I;16B": 2, "I;16L": 2, "I;16N": 2}
#: How many times the decoded picture's size a format's decoder holds at its peak
#: (measured on 3000×3000 pictures: libwebp decodes into buffers of its own).
_DECODER_COPIES = {"WEBP": 4}


def decoding_bytes(picture: Image.Image) -> int:
    """About how many bytes decoding ``picture`` (opened, not yet loaded) will take:
    its pixels at the size it will be decoded at (a JPEG's draft scale included), its
    mode's bytes a pixel, and its decoder's own copies."""
    width, height = picture.size
    per_pixel = _BYTES_PER_PIXEL.get(picture.mode, 4)
    return width * height * per_pixel * _DECODER_COPIES.get(picture.format or "", 1)


#: Pixels of the decoded picture converted at a time (a strip of rows). A strip of RGBA
#: takes three copies of itself while it is flattened (about 3 MB here): next to the
#: decoded picture (160 MB at the largest accepted size) it is what decides whether a
#: read stays under 200 MB; more strips cost no measurable time.
STRIP_PIXELS = 250_000


def _flattened(picture: Image.Image) -> Image.Image:
    """``picture`` in RGB, any transparency laid on white."""
    if picture.mode in ("RGBA", "LA", "PA") or "transparency" in picture.info:
        rgba = picture if picture.mode == "RGBA" else picture.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(white, rgba).convert("RGB")
    return picture.convert("RGB")


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
    palette = palette or {}
    # The ways to look at the picture, in turn: with a dark page made white, when it has
    # one (dark mode: a black grid on a near-black page shows no frame until then); as it
    # is; inverted (a grid drawn in light ink on a dark page). Read the wrong way, a board
    # falls apart into too many regions, or shows no grid, so whichever way reads is the
    # right one.
    try:
        lit: Image.Image | None = _lit_page(picture)
    except _NoGrid:
        lit = None
    attempts: list[Callable[[], ImageReading]] = [
        lambda: read_rgb(picture, palette),
        lambda: read_rgb(ImageOps.invert(picture), palette, inverted=True),
    ]
    if lit is not None:
        attempts.insert(0, lambda: read_rgb(picture, palette, lines=lit))
    failures: list[ReadError] = []
    for attempt in attempts:
        try:
            return attempt()
        except ReadError as failure:
            failures.append(failure)
    # Say why the reading that got furthest failed: a grid found beats none.
    reason = next((f for f in failures if not isinstance(f, _NoGrid)), failures[0])
    raise ReadError(str(reason))


class _NoGrid(ReadError):
    """No grid in this polarity; the caller may try the inverted picture."""


def _lit_page(picture: Image.Image) -> Image.Image:
    """The picture with its dark page made white (dark mode): a grid drawn in black on a
    near-black page then shows its frame. The page is the commonest dark colour, when it
    covers a good share of the picture; without one, :class:`_NoGrid`."""
    small = picture.reduce(max(1, max(picture.size) // 100))
    total = small.width * small.height
    # Colours in bins of 16 a channel, so that a page's JPEG noise stays in one bin; the
    # page is the bin's commonest exact colour.
    bins: dict[tuple[int, int, int], list[tuple[int, tuple[int, int, int]]]] = {}
    for count, colour in small.getcolors(total) or []:
        if isinstance(colour, tuple):
            key = (colour[0] >> 4, colour[1] >> 4, colour[2] >> 4)
            bins.setdefault(key, []).append((count, (colour[0], colour[1], colour[2])))
    dark = [
        (sum(count for count, _colour in members), max(members)[1])
        for members in bins.values()
        if sum(count for count, _colour in members) >= DARK_PAGE_SHARE * total
    ]
    dark = [
        (count, colour)
        for count, colour in dark
        if 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] <= DARK_PAGE
    ]
    if not dark:
        raise _NoGrid("no grid found in the picture")
    page = max(dark)[1]
    red, green, blue = ImageChops.difference(picture, Image.new("RGB", picture.size, page)).split()
    away = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    is_page = away.point([255] * PAGE_NEAR + [0] * (256 - PAGE_NEAR))
    # The page is broad; a thin grid line in a dark shade near the page's is not page.
    is_page = _grown(_grown(is_page, 2, ImageChops.darker), 2, ImageChops.lighter)
    lit = picture.copy()
    lit.paste((255, 255, 255), mask=is_page)
    return lit


def _grown(
    mask: Image.Image, reach: int, combine: Callable[[Image.Image, Image.Image], Image.Image]
) -> Image.Image:
    """``mask`` combined with itself moved up to ``reach`` pixels each way along both
    axes: ``ImageChops.darker`` shrinks its white parts, ``lighter`` grows them."""
    for dx, dy in ((1, 0), (0, 1)):
        moved = mask
        for step in range(1, reach + 1):
            moved = combine(
                moved,
                combine(
                    ImageChops.offset(mask, dx * step, dy * step),
                    ImageChops.offset(mask, -dx * step, -dy * step),
                ),
            )
        mask = moved
    return mask


#: The least share of the picture a dark page covers.
DARK_PAGE_SHARE = 0.1
#: A page whose luminance (0-255) is at most this is dark.
DARK_PAGE = 80
#: How near (0-255 in each channel) a pixel's colour is to the page's to be page.
PAGE_NEAR = 10


def read_rgb(
    picture: Image.Image,
    palette: Palette,
    inverted: bool = False,
    lines: Image.Image | None = None,
) -> ImageReading:
    """Read a board drawn in dark ink from an RGB picture (``inverted``: the picture was
    inverted to make its ink dark, so its true colours are the inverse; ``lines``: the
    same picture with its dark page made white, to find the grid in).

    Every grid box the lines suggest is tried, largest first, as a person looks over a
    page: the largest that reads as a board is the board; another grid that also reads
    is named in a note; when none reads, the error is the largest box's."""
    grey = (lines or picture).convert("L")
    across_x, across_y, strongest = _line_contrast(grey)
    boxes = _grid_boxes(_line_pixels(strongest))
    if not boxes:
        raise _NoGrid("no grid found in the picture")
    readings: list[tuple[tuple[int, int, int, int], ImageReading]] = []
    failures: list[ReadError] = []
    for box in boxes[:MAX_BOXES]:
        if any(_overlap(box, taken) for taken, _reading in readings):
            continue
        try:
            found = _read_box(picture, grey, across_x, across_y, box, palette, inverted)
        except ReadError as error:
            failures.append(error)
            continue
        readings.append((box, found))
    if not readings:
        # The largest box's reason, unless only it failed to show a grid at all.
        useful = [f for f in failures if not isinstance(f, _NoGrid)] or failures
        raise useful[0]
    box, chosen = readings[0]
    if len(readings) == 1:
        return chosen
    others = ", ".join(
        f"{len(other.rows)}×{len(other.rows)} {_where(place, box)}" for place, other in readings[1:]
    )
    n = len(chosen.rows)
    note = (
        f"{_count_word(len(readings))} grids: {n}×{n} at {_where_absolute(box, grey.size)} "
        f"and {others}; reading the {n}×{n}"
    )
    return ImageReading(chosen.rows, chosen.marks, (*chosen.notes, note))


#: Grid boxes tried in one picture, largest first.
MAX_BOXES = 8


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _count_word(count: int) -> str:
    return {2: "two", 3: "three", 4: "four"}.get(count, str(count))


def _where(box: tuple[int, int, int, int], chosen: tuple[int, int, int, int]) -> str:
    """Where ``box`` lies from the ``chosen`` one: "below", "to the left", ..."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    if cy > chosen[3]:
        return "below"
    if cy < chosen[1]:
        return "above"
    return "to the left" if cx < chosen[0] else "to the right"


def _where_absolute(box: tuple[int, int, int, int], size: tuple[int, int]) -> str:
    """Where ``box`` lies in the picture: "the centre", "the top left", ..."""
    cx, cy = (box[0] + box[2]) / 2 / size[0], (box[1] + box[3]) / 2 / size[1]
    vertical = "top" if cy < 1 / 3 else "bottom" if cy > 2 / 3 else ""
    horizontal = "left" if cx < 1 / 3 else "right" if cx > 2 / 3 else ""
    return "the " + (" ".join(w for w in (vertical, horizontal) if w) or "centre")


def _read_box(
    picture: Image.Image,
    grey: Image.Image,
    across_x: Image.Image,
    across_y: Image.Image,
    box: tuple[int, int, int, int],
    palette: Palette,
    inverted: bool,
) -> ImageReading:
    """Read the board whose grid fills ``box``."""
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
    marks = _marks(picture, columns, rows, colours)
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


@dataclass(frozen=True)
class _Span:
    """A stretch that drawn lines lie along: ``start`` to ``end`` along the lines, and
    ``across`` their positions the other way."""

    start: int
    end: int
    across: tuple[int, ...]
    score: int


def _spans(groups: list[_Group], ends: list[_Group], size: int) -> list[_Span]:
    """The spans the line groups lie along, best first.

    A group lies along a span when it falls within it and covers most of it: a grid's
    span holds every grid line (a line that jogs round a region border falls short of
    the frame by a cell), while a page's rule or a text line seldom has such company.
    The score is the groups' count times the span's length squared (a faint grid shows
    its long frame but only pieces of its inner lines). A span must end where a
    line of the other direction (``ends``) runs, or at the picture's edge (``size``):
    a grid ends at its frame, or at the edge of a tight crop.
    """
    found: list[_Span] = []
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
        if len(members) < 2:
            continue
        # Where two of them start and end (the frame's two sides do), and where most of
        # them do: a line or two may run on into text drawn against the frame (a title
        # just above the board), and the lines may stop short of a tight crop's edge
        # where thick borders cross them. Both boxes are tried.
        starts = sorted(g.start for g in members)
        finishes = sorted(g.end for g in members)
        middle = len(members) // 2
        across = tuple((g.first + g.last) // 2 for g in members)
        score = len(members) * length * length
        for start, end in {(starts[1], finishes[-2]), (starts[middle], finishes[middle])}:
            span = _Span(start, end, across, score)
            twin = next((k for k, f in enumerate(found) if _same_place(f, span, 2)), None)
            if twin is None:
                found.append(span)
            elif span.score > found[twin].score:
                found[twin] = span
    return sorted(found, key=lambda f: -f.score)


def _same_place(a: _Span, b: _Span, tolerance: int) -> bool:
    return (
        abs(a.start - b.start) <= tolerance
        and abs(a.end - b.end) <= tolerance
        and abs(a.across[0] - b.across[0]) <= tolerance
        and abs(a.across[-1] - b.across[-1]) <= tolerance
    )


def _ends_at(position: int, ends: list[_Group], tolerance: int) -> bool:
    return any(g.first - tolerance <= position <= g.last + tolerance for g in ends)


#: Spans of each direction paired into grid boxes.
MAX_SPANS = 12


def _grid_boxes(lines: Image.Image) -> list[tuple[int, int, int, int]]:
    """The grid boxes (x0, y0, x1, y1), inclusive, largest first: each a span of lines
    across x and one across y that frame each other (the horizontal lines lie within the
    vertical ones' stretch and the other way round) and make a roughly square box."""
    min_run = max(3 * MIN_N, min(lines.size) // 8)
    rows = _line_groups(lines, min_run)
    columns = _line_groups(lines.transpose(Image.Transpose.TRANSPOSE), min_run)
    across = _spans(rows, columns, lines.width)[:MAX_SPANS]
    down = _spans(columns, rows, lines.height)[:MAX_SPANS]
    boxes = []
    for horizontal in across:
        for vertical in down:
            width = horizontal.end - horizontal.start
            height = vertical.end - vertical.start
            if width < 4 * MIN_N or height < 4 * MIN_N:
                continue
            if not 0.8 <= width / height <= 1.25:
                continue
            if _frames(horizontal, vertical) and _frames(vertical, horizontal):
                x0, x1 = horizontal.start, horizontal.end - 1
                y0, y1 = vertical.start, vertical.end - 1
                boxes.append(((x0, y0, x1, y1), horizontal.score * vertical.score))
    # Largest first; of boxes nearly the same, the one the lines agree on best.
    boxes.sort(key=lambda b: (-_area_class(b[0]), -b[1]))
    return [box for box, _score in boxes]


def _frames(lines: _Span, other: _Span) -> bool:
    """Whether ``lines`` lie across ``other``'s stretch, spread over most of it (lines
    of the same length elsewhere, a text box under the board, do not count)."""
    tolerance = max(3, (other.end - other.start) // 20)
    inside = [p for p in lines.across if other.start - tolerance <= p <= other.end + tolerance]
    return len(inside) >= 2 and inside[-1] - inside[0] >= 0.5 * (other.end - other.start)


def _area_class(box: tuple[int, int, int, int]) -> int:
    """The box's area on a log scale in steps of 5%: boxes a few pixels apart tie."""
    area = (box[2] - box[0]) * (box[3] - box[1])
    return round(20 * math.log(max(area, 1)))


#: Bands the box is cut into across the lines a profile measures: thin enough that a
#: mark, at most half a cell tall, covers well under half of a cell's bands.
PROFILE_BANDS = 64
#: Which of a column's band values is its contrast, as a share up the sorted values: a
#: grid line runs through nearly every band, a mark through fewer than half of them.
PROFILE_QUANTILE = 0.25


def _profile(inside: Image.Image) -> list[float]:
    """For each column of the box, its line contrast, as a share of the strongest
    column's (a line the full height of the grid, such as the frame, is near 1).

    A column's contrast is a low quantile over thin bands of the box: a grid line
    crosses every band, while a mark (a crown, a cross) darkens only some of the bands
    of its own cell, even when every cell of the column is marked.
    """
    width, height = inside.size
    bands = min(PROFILE_BANDS, height)
    data = inside.resize((width, bands), Image.Resampling.BOX).tobytes()
    rank = int(bands * PROFILE_QUANTILE)
    values = [sorted(data[x::width])[rank] for x in range(width)]
    top = max(max(values), 1)
    return [v / top for v in values]


#: Lines fainter than this share of the strongest column are not trusted to be lines.
FAINTEST_LINE = 0.04


#: How many times stronger a line is than the profile a seventh of a cell either side
#: of it: a ✕ or a crown in the cell's middle is as strong there as at its centre.
LINE_OVER_BESIDE = 2.0


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
            # A line is a narrow peak; a mark in the middle of a cell is a broad hump, high
            # on both sides of its centre (JPEG ringing may lift one side of a line).
            reach = max(2, round(pitch * 0.14))
            beside = min(profile[max(0, peak - reach)], profile[min(size - 1, peak + reach)])
            if profile[peak] < floor or profile[peak] < LINE_OVER_BESIDE * beside:
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
            return _Axis(tuple(offset + v for v in _outer_lines(refined)))
    return None


def _outer_lines(lines: list[float]) -> list[float]:
    """``lines`` with the first and last moved in to a cell's width from their inner
    neighbours when the box reaches farther out: a box that ends on the page beyond a
    frame too faint to see (black on a dark page) would put page in the outer cells. A
    box that ends short of it (a tight crop through the outer cells) is kept."""
    if len(lines) < 4:
        return lines
    steps = sorted(b - a for a, b in itertools.pairwise(lines[1:-1]))
    pitch = steps[len(steps) // 2]
    moved = list(lines)
    if lines[0] < lines[1] - pitch * (1 + OUTER_SLACK):
        moved[0] = lines[1] - pitch
    if lines[-1] > lines[-2] + pitch * (1 + OUTER_SLACK):
        moved[-1] = lines[-2] + pitch
    return moved


#: How much wider than the others (as a share of a cell) an outer cell may be.
OUTER_SLACK = 0.1


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


def _thick_cut(masses: list[float], differ: list[bool]) -> float | None:
    """The mass above which an edge is a region border; ``None`` when the edges do not
    fall into thin and thick (a game that draws every line alike).

    The cut lies in a gap between masses (the larger one at least 1.5 times the smaller).
    When the colours say which edges join different regions (``differ``), the gap that
    agrees with them best is taken (a picture halved in size draws one thin line at half
    strength and the next whole, so thin lines may show two masses); without colour, the
    widest gap."""
    ordered = sorted(masses)
    gaps = [
        (high / max(low, 0.25), (low * high) ** 0.5)
        for low, high in itertools.pairwise(ordered)
        if high / max(low, 0.25) >= 1.5
    ]
    if not gaps:
        return None
    if not any(differ):
        return max(gaps)[1]

    def agreement(gap: tuple[float, float]) -> tuple[int, float]:
        cut = gap[1]
        agreeing = sum((mass >= cut) == d for mass, d in zip(masses, differ, strict=True))
        return agreeing, gap[0]

    return max(gaps, key=agreement)[1]


def _plain_distance(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def _colour_cut(distances: list[float]) -> float | None:
    """The colour distance under which two neighbouring cells share a region, from the
    widest gap between the distances of neighbours in one region (JPEG noise: a few
    units) and of neighbours in different ones (tens, fewer in dark mode's dimmed
    palette); ``None`` when there is no clear gap (a grey page, a hovered cell)."""
    ordered = sorted(distances)
    best, cut = 0.0, None
    for low, high in itertools.pairwise(ordered):
        if high < COLOUR_GAP_LOW or low > OTHER_COLOUR:
            continue
        ratio = high / max(low, 2.0)
        if ratio > best:
            best, cut = ratio, (max(low, 2.0) * high) ** 0.5
    return cut if best >= 2.0 else None


#: Neighbours of different regions differ by at least this much (0-255 a channel).
COLOUR_GAP_LOW = 8.0


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
    # Colour first: when the colours alone part the grid into N regions, they decide
    # (an old style outlines every cell alike, and a mouse may darken one); walls
    # decide when the colours do not (a grey Star Battle page, two regions of one hue).
    plain = [
        _plain_distance(colours[a // n][a % n], colours[b // n][b % n]) for a, b, _m, _d in edges
    ]
    same = _colour_cut(plain)
    if same is not None:
        by_hue = _components(
            n, [(e[0], e[1]) for e, d in zip(edges, plain, strict=True) if d < same]
        )
        if max(by_hue) + 1 == n:
            return by_hue
    by_colour = _components(
        n, [(a, b) for a, b, _mass, distance in edges if distance < SAME_COLOUR]
    )
    if max(by_colour) + 1 == n:
        return by_colour
    cut = _thick_cut([e[2] for e in edges], [e[3] >= OTHER_COLOUR for e in edges])
    if cut is None:
        by_walls = by_colour
    else:
        # A thin line between clearly different colours is a border drawn thin.
        by_walls = _components(
            n, [(a, b) for a, b, mass, distance in edges if mass < cut and distance < OTHER_COLOUR]
        )
    if max(by_walls) + 1 == n:
        return by_walls
    walls, colours_found = max(by_walls) + 1, max(by_colour) + 1
    how = (
        ""
        if cut is None or walls == colours_found
        else f" by its borders ({colours_found} by its colours)"
    )
    raise ReadError(
        f"found {walls} regions for {_a(n)} {n}×{n} grid{how}; a board has exactly {n} "
        "(is the picture cropped, or a region hidden?)"
    )


def _components(n: int, joins: list[tuple[int, int]]) -> list[int]:
    """The region of each of the N×N cells, numbered in reading order, when the cells of
    each pair in ``joins`` share a region."""
    parent = list(range(n * n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in joins:
        parent[find(a)] = find(b)
    index_of: dict[int, int] = {}
    for i in range(n * n):
        index_of.setdefault(find(i), len(index_of))
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
    picture: Image.Image,
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
            mark = _mark(picture, _cell_box(columns, rows, r, c), colours[r][c])
            found = found or mark != "."
            line.append(mark)
        lines.append("".join(line))
    return tuple(lines) if found else None


_MARK_SIDE = 16


def _mark(
    picture: Image.Image,
    box: tuple[float, float, float, float],
    colour: tuple[float, float, float],
) -> str:
    """``♛``, ``x`` or ``.``: what is drawn in the middle of the cell.

    The mark's pixels are those far from the cell's colour in some channel, so a black
    crown, a golden one, a grey cross on a light cell and a light one on a dimmed cell
    (dark mode) are all seen."""
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    middle = picture.crop(
        (
            round(left + 0.2 * width),
            round(top + 0.2 * height),
            round(right - 0.2 * width),
            round(bottom - 0.2 * height),
        )
    )
    paper = Image.new("RGB", middle.size, tuple(round(v) for v in colour))
    red, green, blue = ImageChops.difference(middle, paper).split()
    # The channels' differences added (to at most 255): a golden crown on a red cell
    # differs in two channels by about 57 each, more than JPEG noise in all three.
    away = ImageChops.add(ImageChops.add(red, green), blue)
    histogram = away.histogram()
    # The mark's own distance: what its most distant twentieth of the pixels reach. Its
    # ink is what lies over half of that, so that a faint mark (gold on red) and a
    # strong one (black on yellow) are cut alike, through their anti-aliased edges.
    total = sum(histogram)
    seen, reach = 0, 0
    for level in range(255, -1, -1):
        seen += histogram[level]
        if seen >= 0.05 * total:
            reach = level
            break
    if reach < MARK_AWAY:
        return "."
    cut = reach // 2
    if sum(histogram[cut:]) < 0.04 * max(1, total):
        return "."
    ink = away.point([0] * cut + [255] * (256 - cut))
    bounds = _mark_box(ink)
    if bounds is None:
        return "."
    fitted = ink.crop(bounds)
    shape = fitted.resize((_MARK_SIDE, _MARK_SIDE), Image.Resampling.BOX).point(
        lambda v: 255 if v >= 96 else 0
    )
    return _shape_kind(_MarkShape.of(shape))


def _mark_box(ink: Image.Image) -> tuple[int, int, int, int] | None:
    """The box of the mark in a 0/255 ``ink`` mask, leaving out the specks (JPEG noise)
    beside it that would stretch it: each side is moved in past rows or columns, set
    apart from the rest by a blank one, that together hold under ``STRAY_INK`` of the
    ink. A mark's own thin tips touch it and stay."""
    bounds = ink.getbbox()
    if bounds is None:
        return None
    width, height = ink.size
    columns = ink.resize((width, 1), Image.Resampling.BOX).tobytes()
    rows = ink.resize((1, height), Image.Resampling.BOX).tobytes()

    def first_kept(profile: bytes) -> int:
        total, seen, kept = sum(profile), 0, 0
        for i, value in enumerate(profile):
            if seen + value >= STRAY_INK * total:
                return kept
            seen += value
            if value == 0:
                # Everything before this blank line is paper or specks so far; the
                # mark starts after it.
                kept = i + 1
        return kept

    left = first_kept(columns)
    right = len(columns) - first_kept(columns[::-1])
    top = first_kept(rows)
    bottom = len(rows) - first_kept(rows[::-1])
    return (left, top, right, bottom) if left < right and top < bottom else bounds


#: The share of a mark's ink that stray pixels at any one side of it may hold.
STRAY_INK = 0.02


@dataclass(frozen=True)
class _MarkShape:
    """How much of each part of a mark's 16×16 silhouette its ink fills (0 to 1): the
    four corner quarters, the middle eighth of each side two pixels deep, the centre;
    and how much more of its bottom quarter (whole rows) it fills than of its top."""

    top_left: float
    top_right: float
    bottom_left: float
    bottom_right: float
    top_middle: float
    bottom_middle: float
    left_middle: float
    right_middle: float
    centre: float
    bottom_over_top: float

    @classmethod
    def of(cls, shape: Image.Image) -> _MarkShape:
        side = shape.width
        quarter, low, high = side // 4, side * 7 // 16, side * 9 // 16

        def filled(box: tuple[int, int, int, int]) -> float:
            area = (box[2] - box[0]) * (box[3] - box[1])
            return shape.crop(box).histogram()[255] / area

        return cls(
            top_left=filled((0, 0, quarter, quarter)),
            top_right=filled((side - quarter, 0, side, quarter)),
            bottom_left=filled((0, side - quarter, quarter, side)),
            bottom_right=filled((side - quarter, side - quarter, side, side)),
            top_middle=filled((low, 0, high, 2)),
            bottom_middle=filled((low, side - 2, high, side)),
            left_middle=filled((0, low, 2, high)),
            right_middle=filled((side - 2, low, side, high)),
            centre=filled((side * 3 // 8, side * 3 // 8, side * 5 // 8, side * 5 // 8)),
            bottom_over_top=filled((0, side - quarter, side, side)) - filled((0, 0, side, quarter)),
        )


def _shape_kind(shape: _MarkShape) -> str:
    """``x``, ``♛`` or ``.`` for a mark's silhouette.

    A cross is two strokes from corner to corner: its corners are inked and the middles
    of its sides are paper, whatever its weight, size or blur. A crown and a star are
    the other way round at the top (a crown's tips reach the top corners and its band
    fills the bottom; a star's single tip is the middle of its top, its two legs leave
    the middle of its bottom bare), so neither passes for a cross, nor a cross for
    either. A filled dot, which some solvers draw, is none of them and is not guessed
    at."""
    corners = (shape.top_left + shape.top_right + shape.bottom_left + shape.bottom_right) / 4
    middles = (shape.top_middle + shape.bottom_middle + shape.left_middle + shape.right_middle) / 4
    if corners - middles >= CROSS_CORNERS_OVER_MIDDLES:
        return "x"
    if shape.bottom_over_top >= CROWN_BOTTOM_HEAVY and shape.bottom_middle >= 0.5:
        return "♛"  # a crown: its band, across the whole bottom
    if (
        shape.top_middle >= 0.5
        and max(shape.top_left, shape.top_right) <= 0.25
        and shape.bottom_middle <= 0.5
        and shape.centre >= 0.75
    ):
        return "♛"  # a star, as Star Battle pages draw the queens
    return "."


#: How much more a cross fills its corners than the middles of its sides. Crosses from
#: thin and small to heavy, scaled to 45% and compressed, score 0.2 and more; crowns
#: and stars score below 0 (measured on the real screenshots with marks laid on them).
CROSS_CORNERS_OVER_MIDDLES = 0.2
#: How much more a crown fills the bottom quarter of its silhouette than the top quarter
#: (its band against its tips): 0.47 and more for crowns as LinkedIn and ``queens
#: render`` draw them, from 30 px cells blurred and compressed to 1000 px ones.
CROWN_BOTTOM_HEAVY = 0.3


#: How far (the three channels' differences added, to at most 255) the most distant
#: twentieth of a cell's middle must be from its colour for the cell to hold a mark.
MARK_AWAY = 80

"""The static board: its size, its regions and the masks every rule reads.

Glossary
--------
cell
    A square of the grid, numbered ``index = row * n + column`` (0-based). Its bit in
    every mask is ``1 << index``.
mask
    A Python int used as a set of cells, one bit a cell (a bitboard).
unit
    A row, a column or a region: each must hold exactly one queen (``stars`` queens on a
    Star Battle board).
stars
    K, the number of queens (stars) every unit holds: 1 for Queens, 2 or more for Star
    Battle. Only the kill mask depends on it.
region
    The cells that share one character. Regions are numbered in the order of their
    character (``Board.letters``), which is also the order the rules visit them in.
kill mask
    The cells a queen on a cell rules out: with K = 1 the rest of its row, column and
    region and its eight king neighbours; with K > 1 only the eight neighbours (its units
    still have room for other stars). The cell itself is not in its kill mask.

A ``Board`` never changes once built; the changing part of a solve is ``State``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain, repeat
from operator import or_, xor

from .errors import ReadOnlyBoard

#: The largest board the parser accepts. The rules are polynomial, but the input has to
#: stop somewhere and the exact solver is tuned and tested up to this size.
MAX_SIZE = 32


def size_article(n: int) -> str:
    """The article before a spoken board size: "an 8×8 board", "an 11×11", "a 9×9"."""
    return "an" if str(n).startswith("8") or n in (11, 18) else "a"


def max_stars(n: int) -> int:
    """The largest K for which an N×N board can have a solution (1 for N ≤ 3: the
    Queens rules decide those boards themselves).

    Two adjacent rows hold at most one star in each of the ceil(N/2) 2×2 blocks that
    cover them, and K each, so 2K ≤ ceil(N/2). For an odd N that is not enough: with
    2K = ceil(N/2) every block of every pair of adjacent rows holds a star, the 2×1 end
    block in the last column included, so that column would have a star in every pair of
    adjacent rows, at least (N - 1)/2 = 2K - 1 stars, more than K. So 2K ≤ floor(N/2),
    and every K up to that has a placement (checked from 4×4 to 32×32).
    """
    return max(1, (n // 2) // 2)


def _count(number: int, noun: str) -> str:
    """``1 region``, ``2 regions``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


#: Input larger than this cannot be a board of at most MAX_SIZE rows, even in the spaced
#: form with CRLF line ends and generous trailing blanks; reading stops here.
MAX_INPUT_BYTES = 64 * 1024


class BoardError(ValueError):
    """Bad input: the text is not a well-formed board. ``str()`` is one line."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        self.message = message
        self.line = line
        self.column = column
        where = []
        if line is not None:
            where.append(f"line {line}")
        if column is not None:
            where.append(f"column {column}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)


@dataclass(frozen=True)
class ConnectivityWarning:
    """A region whose cells are not 4-connected: legal input, but often a typo."""

    letter: str
    pieces: int
    first_cell_of_each_piece: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        places = ", ".join(f"line {r + 1} column {c + 1}" for r, c in self.first_cell_of_each_piece)
        return (
            f"region {self.letter!r} is not 4-connected: it falls into {self.pieces} pieces "
            f"(starting at {places})"
        )


def bits(mask: int) -> Iterator[int]:
    """Yield the cell indices of ``mask`` from the lowest up."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Board:
    """A square grid of N×N cells split into N regions, with precomputed masks.

    Build one with :meth:`Board.parse` (text) or :meth:`Board.from_rows` (one string per
    row, one character per cell).
    """

    __slots__ = (
        "_built",
        "_warnings",
        "cell_region",
        "col_at",
        "col_masks",
        "full",
        "kill_masks",
        "letters",
        "line_cover",
        "n",
        "region_masks",
        "row_at",
        "row_masks",
        "rows",
        "star_total",
        "stars",
        "units",
    )

    _built: bool
    _warnings: tuple[ConnectivityWarning, ...] | None
    n: int
    rows: tuple[str, ...]
    stars: int
    #: Queens (stars) in a solution: N·K.
    star_total: int
    letters: tuple[str, ...]
    cell_region: tuple[int, ...]
    full: int
    row_masks: tuple[int, ...]
    col_masks: tuple[int, ...]
    #: Masks that tell at once whether a set of cells meets every row and every
    #: column: see :func:`covers_every_line`.
    line_cover: tuple[int, int, tuple[int, ...], int, int, int]
    region_masks: tuple[int, ...]
    #: Every unit as (kind, index, mask): rows, then columns, then regions.
    units: tuple[tuple[str, int, int], ...]
    kill_masks: tuple[int, ...]
    #: Per cell, indexed by its index + 1 (the bit length of a mask whose highest cell it
    #: is, so a unit's live cells need no lowest-bit arithmetic to find one of them; 0 at
    #: index 0): the mask of its row and of its column. Tables of the size, shared by
    #: every board of that size (a table of the regions would cost each board's making
    #: more than it saves a solve).
    row_at: tuple[int, ...]
    col_at: tuple[int, ...]

    def __init__(self, rows: tuple[str, ...], stars: int = 1):
        # Read-only once built (__setattr__): the fields are set past that guard, which
        # would cost a Python call each (boards are made by the thousand: batches, makers).
        # Each is written object.__setattr__(self, ...), not through a name for it: that
        # is the form the compiled build (scripts/build_compiled.py) can set a field with.
        object.__setattr__(self, "_built", False)
        n = len(rows)
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "stars", stars)
        object.__setattr__(self, "star_total", n * stars)
        cells = "".join(rows)
        letters = tuple(sorted(set(cells)))
        object.__setattr__(self, "letters", letters)
        cell_region, region_masks = _regions(cells, letters)
        object.__setattr__(self, "cell_region", cell_region)
        object.__setattr__(self, "full", (1 << (n * n)) - 1)

        row_masks, col_masks, line_cover, row_at, col_at = _size_tables(n)
        object.__setattr__(self, "row_masks", row_masks)
        object.__setattr__(self, "col_masks", col_masks)
        object.__setattr__(self, "line_cover", line_cover)
        object.__setattr__(self, "region_masks", region_masks)
        object.__setattr__(self, "row_at", row_at)
        object.__setattr__(self, "col_at", col_at)
        object.__setattr__(
            self,
            "units",
            _line_units(n)
            + tuple(zip(repeat("region"), range(len(letters)), region_masks, strict=False)),
        )
        if stars == 1:
            # (lines and ring | region) without the cell: lines and ring without it, and
            # the region with its bit flipped off (mapped in C, not a loop a cell).
            around, cell_bits = _kill_parts(n)
            kill_masks = tuple(
                map(or_, around, map(xor, map(region_masks.__getitem__, cell_region), cell_bits))
            )
        else:
            kill_masks = _rings(n)
        object.__setattr__(self, "kill_masks", kill_masks)

        object.__setattr__(self, "_warnings", None)  # found when first asked for: see warnings
        object.__setattr__(self, "_built", True)

    @property
    def warnings(self) -> tuple[ConnectivityWarning, ...]:
        """The regions that are not 4-connected, each with its pieces (none on nearly
        every board). Found when first asked for: a command that reads many boards
        without showing their warnings (``queens stats``) does not look for them."""
        found = self._warnings
        if found is None:
            found = tuple(self._connectivity_warnings())
            object.__setattr__(self, "_warnings", found)
        return found

    def __setattr__(self, name: str, value: object) -> None:
        # Every solve of a board shares it: a rule that changed it would mislead the rules
        # after it (and be blamed on them).
        if self._built:
            raise ReadOnlyBoard(f"it tried to set the board's {name}; a Board is read-only")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise ReadOnlyBoard(f"it tried to delete the board's {name}; a Board is read-only")

    def __reduce__(self) -> tuple[type[Board], tuple[tuple[str, ...], int]]:
        # Pickled (to and from worker processes) as its rows and K: the masks are rebuilt,
        # and unpickling never sets an attribute of a built board.
        return (type(self), (self.rows, self.stars))

    # -- construction -------------------------------------------------------------------

    @classmethod
    def from_rows(cls, rows: list[str] | tuple[str, ...]) -> Board:
        """Build a board from one string per row, one character per cell, and check it."""
        rows = tuple(rows)
        _check_rows(rows, tuple(range(1, len(rows) + 1)))
        return cls(rows)

    @classmethod
    def parse(cls, text: str) -> Board:
        """Parse a board in the compact (``BBPP``) or spaced (``B B P P``) form.

        Raises :class:`BoardError` naming the line and column of the first problem.
        """
        rows, line_numbers = _split_rows(text)
        _check_rows(rows, line_numbers)
        return cls(rows)

    @classmethod
    def parse_bytes(cls, data: bytes) -> Board:
        """Decode UTF-8 (a BOM is allowed) and parse; undecodable bytes are a BoardError."""
        return cls.parse(decode_input(data))

    def with_stars(self, stars: int) -> Board:
        """This board with ``stars`` stars (queens) per unit. Raises :class:`BoardError`
        when ``stars`` is below 1 or more than an N×N grid can hold."""
        if stars == self.stars:
            return self
        if isinstance(stars, bool) or not isinstance(stars, int) or stars < 1:
            raise BoardError(f"stars per unit must be a whole number of at least 1, not {stars}")
        if stars > max_stars(self.n):
            n = self.n
            blocks = (n + 1) // 2
            if 2 * stars > blocks:
                why = (
                    f"two adjacent rows hold at most {blocks} star{'s' if blocks != 1 else ''} "
                    "(one in each 2×2 block), "
                    f"not {2 * stars}"
                )
            else:  # an odd N with 2K = ceil(N/2): the end column rules it out (max_stars)
                why = (
                    f"two adjacent rows would need a star in each of their {blocks} 2×2 "
                    f"blocks, the one in the last column too, so that column would hold at "
                    f"least {n // 2} stars, not {stars}"
                )
            raise BoardError(
                f"{size_article(n)} {n}×{n} board cannot hold {stars} stars per unit: {why}; "
                f"at most {max_stars(n)} {'fits' if max_stars(n) == 1 else 'fit'}; "
                "no solution exists"
            )
        return Board(self.rows, stars)

    # -- geometry -----------------------------------------------------------------------

    def cell(self, row: int, column: int) -> int:
        """The index of the cell at (row, column), both 0-based."""
        return row * self.n + column

    def mask_of(self, cells: list[tuple[int, int]] | set[tuple[int, int]]) -> int:
        """The mask of a collection of (row, column) pairs."""
        m = 0
        for r, c in cells:
            m |= 1 << (r * self.n + c)
        return m

    def unit_mask(self, kind: str, index: int) -> int:
        """The mask of the unit ``kind`` ("row", "column" or "region") number ``index``."""
        masks = {"row": self.row_masks, "column": self.col_masks, "region": self.region_masks}
        return masks[kind][index]

    def cells_of(self, mask: int) -> list[tuple[int, int]]:
        """The (row, column) pairs of a mask, in reading order."""
        # Highest cell first, then reversed: no generator to resume per cell and no
        # lowest-bit arithmetic (every solve's answer is read through here).
        n = self.n
        cells = []
        while mask:
            cell = mask.bit_length() - 1
            cells.append(divmod(cell, n))
            mask ^= 1 << cell
        cells.reverse()
        return cells

    def __repr__(self) -> str:
        stars = f", stars={self.stars}" if self.stars != 1 else ""
        return f"Board(n={self.n}, letters={''.join(self.letters)!r}{stars})"

    def __str__(self) -> str:
        return "\n".join(self.rows)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.rows == other.rows and self.stars == other.stars

    def __hash__(self) -> int:
        return hash(self.rows) if self.stars == 1 else hash((self.rows, self.stars))

    def _connectivity_warnings(self) -> Iterator[ConnectivityWarning]:
        n = self.n
        if _all_connected(n, self.region_masks):
            return
        for k, mask in enumerate(self.region_masks):
            pieces = []
            remaining = mask
            while remaining:
                start = remaining & -remaining
                pieces.append(divmod(start.bit_length() - 1, n))
                remaining &= ~connected_part(n, mask, start)
            if len(pieces) > 1:
                yield ConnectivityWarning(self.letters[k], len(pieces), tuple(pieces))


def _regions(cells: str, letters: tuple[str, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each cell's region index, and each region's mask, of the cells in reading order
    whose distinct characters, sorted, are ``letters``.

    A region's mask is its cells read as a binary number, 1 for its own and 0 for the
    others, last cell first: a translation of the cells and int() (both in C, not a loop
    a cell); on bytes, with a table of 256 entries, when every character is ASCII (as
    nearly every board's are), else on the string, with a dict."""
    if cells.isascii():
        raw = cells.encode("ascii")
        to_index = bytearray(256)
        for k, ch in enumerate(letters):
            to_index[ord(ch)] = k
        backwards = raw[::-1]
        digits = bytearray(b"0" * 256)
        masks = []
        for ch in letters:
            code = ord(ch)
            digits[code] = 49  # "1"
            masks.append(int(backwards.translate(digits), 2))
            digits[code] = 48  # "0"
        return tuple(raw.translate(to_index)), tuple(masks)
    index_of = {ch: k for k, ch in enumerate(letters)}
    codes = tuple(map(ord, letters))
    zeros = dict.fromkeys(codes, "0")
    backwards_text = cells[::-1]
    masks = []
    for code in codes:
        zeros[code] = "1"
        masks.append(int(backwards_text.translate(zeros), 2))
        zeros[code] = "0"
    return tuple(map(index_of.__getitem__, cells)), tuple(masks)


def _all_connected(n: int, region_masks: tuple[int, ...]) -> bool:
    """Whether every region is 4-connected: one flood fill for all of them at once, from
    the first cell of each, along the sides two cells of one region share."""
    _, not_last_col = _sideways(n)
    across = down = seeds = 0  # cells whose right (lower) neighbour is of their region
    for mask in region_masks:
        across |= mask & (mask >> 1) & not_last_col
        down |= mask & (mask >> n)
        seeds |= mask & -mask
    full = (1 << (n * n)) - 1
    piece = seeds
    while True:
        grown = (
            piece
            | ((piece & across) << 1)
            | ((piece >> 1) & across)
            | ((piece & down) << n)
            | ((piece >> n) & down)
        )
        if grown == piece:
            return piece == full
        piece = grown


def connected_part(n: int, mask: int, start: int) -> int:
    """The cells of ``mask`` 4-connected, within ``mask``, to the cells of ``start`` (a
    part of it), on an N×N grid."""
    not_first_col, not_last_col = _sideways(n)
    piece = start
    while True:
        # One orthogonal step in every direction, never across a row end.
        grown = mask & (
            piece
            | (piece << n)
            | (piece >> n)
            | ((piece & not_last_col) << 1)
            | ((piece & not_first_col) >> 1)
        )
        if grown == piece:
            return piece
        piece = grown


@functools.cache
def _kill_parts(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per cell of an N×N grid: its lines and king neighbours without itself, and its bit."""
    _, _, lines_and_ring = _geometry(n)
    cell_bits = tuple(1 << i for i in range(n * n))
    return tuple(m & ~b for m, b in zip(lines_and_ring, cell_bits, strict=True)), cell_bits


@functools.cache
def _sideways(n: int) -> tuple[int, int]:
    """The cells that may step left (all but the first column) and right (all but the
    last): a flood fill must not wrap around a row end."""
    _, cols, _ = _geometry(n)
    full = (1 << (n * n)) - 1
    return full & ~cols[0], full & ~cols[n - 1]


def decode_input(data: bytes) -> str:
    """The text of a board (or of a state drawn on one): UTF-8, a BOM allowed, at most
    :data:`MAX_INPUT_BYTES`. Raises :class:`BoardError` naming the first bad byte."""
    if len(data) > MAX_INPUT_BYTES:
        raise BoardError(
            f"input is larger than {MAX_INPUT_BYTES} bytes; "
            f"the largest board is {MAX_SIZE}×{MAX_SIZE}"
        )
    # The BOM by hand, not by the utf-8-sig codec: its error positions would not count
    # the BOM, and it is one more module to import on every run.
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        column = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        raise BoardError(f"byte 0x{data[err.start]:02x} is not valid UTF-8", line, column) from None


@functools.cache
def _line_units(n: int) -> tuple[tuple[str, int, int], ...]:
    """The rows then the columns of an N×N grid as units (kind, index, mask)."""
    rows, cols, _ = _geometry(n)
    return tuple(("row", r, m) for r, m in enumerate(rows)) + tuple(
        ("column", c, m) for c, m in enumerate(cols)
    )


@functools.cache
def _geometry(n: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """What depends on the size alone, shared by every board of that size: the row masks,
    the column masks, and per cell its row, column and king neighbours (itself included)."""
    first_row = (1 << n) - 1
    rows = tuple(first_row << (r * n) for r in range(n))
    first_col = sum(1 << (r * n) for r in range(n))
    cols = tuple(first_col << c for c in range(n))
    per_cell = []
    for i in range(n * n):
        r, c = divmod(i, n)
        m = rows[r] | cols[c]
        for rr in range(max(r - 1, 0), min(r + 2, n)):
            for cc in range(max(c - 1, 0), min(c + 2, n)):
                m |= 1 << (rr * n + cc)
        per_cell.append(m)
    return rows, cols, tuple(per_cell)


def size_geometry(n: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The row masks, the column masks, and per cell its row, column and king neighbours
    (itself included), of every N×N board: for code that works on a region map without
    building a :class:`Board` (the generator's searches)."""
    return _geometry(n)


@functools.cache
def _line_cover(n: int) -> tuple[int, int, tuple[int, ...], int, int, int]:
    """The masks and shifts of :func:`covers_every_line`, :func:`rows_met` and
    :func:`columns_met`: each row's last bit, each row's other bits, the shifts that fold
    the rows onto the first, the first row, and the multiplier and shift that gather one
    bit per row (at the start of each row) into the first row."""
    last_bits = sum(1 << (r * n + n - 1) for r in range(n))
    other_bits = ((1 << (n * n)) - 1) & ~last_bits
    folds = []
    shift = n
    while shift < n * n:
        folds.append(shift)
        shift *= 2
    # Row r's bit (at r·n), times 2^(j·(n-1)) with j = n-1-r, lands on (n-1)^2 + r; every
    # other product lands elsewhere, each on a bit of its own, so nothing carries.
    gather = sum(1 << (j * (n - 1)) for j in range(n))
    return last_bits, other_bits, tuple(folds), (1 << n) - 1, gather, (n - 1) * (n - 1)


@functools.cache
def _size_tables(
    n: int,
) -> tuple[
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, int, tuple[int, ...], int, int, int],
    tuple[int, ...],
    tuple[int, ...],
]:
    """What a board of size n takes from its size alone, in one cached call: its row and
    column masks, its :func:`_line_cover`, and per cell, indexed by its index + 1 (0
    first), the mask of its row and of its column (:attr:`Board.row_at`,
    :attr:`Board.col_at`)."""
    row_masks, col_masks, _ = _geometry(n)
    return (
        row_masks,
        col_masks,
        _line_cover(n),
        (0, *chain.from_iterable(map(repeat, row_masks, repeat(n, n)))),
        (0, *col_masks * n),
    )


def covers_every_line(board: Board, cells: int) -> bool:
    """Whether ``cells`` meets every row and every column of ``board``, in a few integer
    operations instead of a loop over the 2N lines."""
    last_bits, other_bits, folds, first_row, _, _ = board.line_cover
    # Per row, adding its other bits to themselves carries into its last bit exactly
    # when one of them is set (and never past it).
    if (((cells & other_bits) + other_bits) | cells) & last_bits != last_bits:
        return False
    for shift in folds:  # OR every row onto the first: a column's bit ends up there
        cells |= cells >> shift
    return cells & first_row == first_row


def rows_met(board: Board, cells: int) -> int:
    """The rows that ``cells`` meets, as a bitmask of row indices."""
    last_bits, other_bits, _, first_row, gather, top = board.line_cover
    ends = (((cells & other_bits) + other_bits) | cells) & last_bits  # see covers_every_line
    return ((ends >> (board.n - 1)) * gather >> top) & first_row


def columns_met(board: Board, cells: int) -> int:
    """The columns that ``cells`` meets, as a bitmask of column indices."""
    _, _, folds, first_row, _, _ = board.line_cover
    for shift in folds:
        cells |= cells >> shift
    return cells & first_row


@functools.cache
def _rings(n: int) -> tuple[int, ...]:
    """Per cell its eight king neighbours (itself left out): a star's kill mask."""
    per_cell = []
    for i in range(n * n):
        r, c = divmod(i, n)
        m = 0
        for rr in range(max(r - 1, 0), min(r + 2, n)):
            for cc in range(max(c - 1, 0), min(c + 2, n)):
                m |= 1 << (rr * n + cc)
        per_cell.append(m & ~(1 << i))
    return tuple(per_cell)


def _split_rows(text: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Split text into rows of cells, dropping blank leading and trailing lines."""
    if "\r" not in text:
        # The common case, in a few str methods: compact rows, "\n" line ends, no blank
        # line inside. A printable line without a space has no whitespace at all, so
        # it is its own cells and blank only when empty; anything else takes the way
        # below, which also words every error.
        body = text.strip("\n")
        cells = body.replace("\n", "")
        if cells.isprintable() and " " not in cells and "\n\n" not in body:
            compact = tuple(body.split("\n")) if body else ()
            if 0 < len(compact) <= MAX_SIZE:
                first = len(text) - len(text.lstrip("\n")) + 1
                return compact, tuple(range(first, first + len(compact)))
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")  # CR alone too
    numbered = [(i + 1, line.rstrip()) for i, line in enumerate(lines)]
    while numbered and not numbered[0][1]:
        numbered.pop(0)
    while numbered and not numbered[-1][1]:
        numbered.pop()
    if not numbered:
        raise BoardError("the input is empty" if not text else "the input holds only whitespace")
    rows = []
    line_numbers = []
    for number, line in numbered:
        if not line:
            raise BoardError("blank line inside the board", number)
        rows.append(_cells_of_line(line, number))
        line_numbers.append(number)
        if len(rows) > MAX_SIZE:
            raise BoardError(
                f"more than {MAX_SIZE} rows; the largest board supported is {MAX_SIZE}×{MAX_SIZE}",
                number,
            )
    return tuple(rows), tuple(line_numbers)


def _cells_of_line(line: str, number: int) -> str:
    """The cells of one line, compact (``ABC``) or spaced (``A B C``)."""
    if line.isprintable() and " " not in line:
        return line  # the common case: a compact row (str methods run in C)
    for col, ch in enumerate(line, start=1):
        if ch == "\t":
            raise BoardError(
                "a tab is not a cell separator: write the cells side by side, or with one "
                "space between them",
                number,
                col,
            )
        if not ch.isprintable() and not ch.isspace():
            raise BoardError(f"{_unprintable(ch)} is not a region", number, col)
    if line[0].isspace():
        raise BoardError("a row may not start with whitespace", number, 1)
    # The spaced form: a region character at every even position, one space between.
    for col, ch in enumerate(line, start=1):
        if col % 2 == 0 and ch != " ":
            raise BoardError(
                "mixed spacing: in a spaced row every other character must be one space",
                number,
                col,
            )
        if col % 2 == 1 and ch.isspace():
            raise BoardError(
                "mixed spacing: cells must be separated by exactly one space", number, col
            )
    return line[0::2]


def _unprintable(ch: str) -> str:
    """How an error names a character that cannot be shown: ``control character U+0007``,
    ``invisible character U+200D (ZERO WIDTH JOINER)``."""
    import unicodedata  # only for bad input: not worth its import on every start

    category = unicodedata.category(ch)
    kind = {"Cc": "control character", "Cf": "invisible character"}.get(
        category, "unprintable character"
    )
    name = unicodedata.name(ch, "")
    return f"{kind} U+{ord(ch):04X}" + (f" ({name})" if name else "")


def _cells(count: int) -> str:
    return f"{count} cell" if count == 1 else f"{count} cells"


def _check_rows(rows: tuple[str, ...], line_numbers: tuple[int, ...]) -> None:
    if not rows:
        raise BoardError("the board is empty")
    n = len(rows[0])
    if n > MAX_SIZE:
        raise BoardError(
            f"row has {n} cells; the largest board supported is {MAX_SIZE}×{MAX_SIZE}",
            line_numbers[0],
        )
    for row, number in zip(rows, line_numbers, strict=True):
        if not row.isprintable() or " " in row:
            for col, ch in enumerate(row, start=1):
                if ch.isspace() or not ch.isprintable():
                    raise BoardError(f"{ch!r} is not a region character", number, col)
        if len(row) != n:
            raise BoardError(
                f"row has {_cells(len(row))}, expected {n} (the width of the first row)",
                number,
            )
    if len(rows) != n:
        if len(rows) > n:
            raise BoardError(
                f"the board has more rows ({len(rows)}) than columns ({n}); it must be square",
                line_numbers[n],
            )
        raise BoardError(
            f"the board has fewer rows ({len(rows)}) than columns ({n}); it must be square",
            line_numbers[-1],
        )
    letters = sorted(set("".join(rows)))
    if len(letters) != n:
        what = "fewer" if len(letters) < n else "more"
        raise BoardError(
            f"the board has {_count(len(letters), 'region')} ({''.join(letters)}), {what} than its "
            f"{n} rows; an N×N board has exactly N regions"
        )

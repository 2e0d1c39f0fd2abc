"""Star Battle Notation (SBN), the puzzle strings the Star Battle community shares: read
and written, in its two versions.

A version 1 SBN string such as ``AA2W556SAIWSRhAx6840-ZajjL3HvTBSeG`` is

- two characters of size code: ``55`` … ``99`` for 5 to 9, ``AA`` = 10, ``BB`` = 11, …
  ``PP`` = 25;
- one digit, K: the stars per row, column and region;
- one flag character (not needed to rebuild the board);
- the region borders as base-64 digits over ``0-9A-Za-z-_``, six bits a digit, most
  significant first. The leading padding bits are dropped so that exactly 2·N·(N−1)
  remain: first N·(N−1) bits for the vertical borders row by row (bit r·(N−1)+c: a
  border right of cell (r, c)), then N·(N−1) for the horizontal ones column by column
  (bit c·(N−1)+r: a border below (r, c)); 1 is a border.

The regions are the 4-connected pieces the borders cut the grid into; there must be N.
A file of SBN lines (``.sbn``) holds one puzzle; its first non-blank line is read.

Version 2 (StarBattleLab's) such as ``10B…`` is

- N in decimal, then K as a capital letter (``A`` = 1 … ``Z`` = 26);
- the same 2·N·(N−1) border bits, in the same order, as one number written in base 85
  over ``0-9A-Za-z`` and ``-_!#$&()*+,/:;=?@[]^{}|``, in exactly as many digits as
  2^(2·N·(N−1)) needs;
- optionally the player's marks: four cells a digit in reading order, each a ternary
  digit (0 empty, 1 cross, 2 star), the first cell the most significant; trailing
  digits 0 are left out;
- optionally ``~`` and the player's undo history, which queens checks and leaves out
  (the marks are the position it leads to).
"""

from __future__ import annotations

import re

from queens_core import Board, BoardError, Reader, Reading, State, Writer, hookimpl

#: ``string.digits + string.ascii_uppercase + string.ascii_lowercase``, written out: the
#: ``string`` module compiles a pattern on import, and every command imports this reader.
_ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
ALPHABET = _ALPHANUMERIC + "-_"
_DIGIT = {ch: value for value, ch in enumerate(ALPHABET)}


#: What a sniff accepts: one word that starts like SBN (a size code and the digit K) and is
#: no path. The rest is left to :func:`parse_sbn`, so that a mistyped string pasted on the
#: command line gets an error naming its bad character, not "no such file".
_SHAPE = re.compile(r"^(?:[5-9]{2}|[A-P]{2})[0-9][^\s/\\]+$")

#: A string as long as the shortest SBN (5×5: 4 header and 7 border characters), all of
#: it SBN's characters, whose size code is two capitals or digits and is followed by the
#: digit K: an SBN with a mistyped size code (``ZZ2W…``, ``442W…``), which deserves the
#: size code's error rather than "no such file". Lower-case names stay file names.
_BAD_SIZE_SHAPE = re.compile(r"^[0-9A-Z]{2}[0-9][0-9A-Za-z_-]{8,}$")

MIN_SIZE = 5
MAX_SIZE = 25


def size_of(code: str) -> int:
    """The N of a two-character size code; :class:`BoardError` when it is not one."""
    if len(code) == 2 and code[0] == code[1]:
        if code[0] in "56789":
            return int(code[0])
        if "A" <= code[0] <= "P":
            return 10 + ord(code[0]) - ord("A")
    raise BoardError(f"SBN size code {code!r} is not one of 55 … 99 or AA (10) … PP (25)")


def size_code(n: int) -> str:
    """The two-character size code of N (5 ≤ N ≤ 25)."""
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise ValueError(f"SBN has no size code for {n}; sizes go from 5 to 25")
    ch = str(n) if n < 10 else chr(ord("A") + n - 10)
    return ch * 2


def parse_sbn(text: str) -> tuple[Board, int]:
    """The board and K of one SBN string; :class:`BoardError` (one line) when malformed."""
    sbn = text.strip()
    if len(sbn) < 5:
        raise BoardError(f"SBN {sbn!r} is too short: it needs a size code, K, a flag and borders")
    n = size_of(sbn[:2])
    if not sbn[2].isdigit() or sbn[2] == "0":
        raise BoardError(f"SBN stars per unit {sbn[2]!r} is not a digit from 1 to 9")
    stars = int(sbn[2])
    body = sbn[4:]
    need = 2 * n * (n - 1)
    digits = -(-need // 6)
    for position, ch in enumerate(body, start=5):
        if ch not in _DIGIT:
            raise BoardError(
                f"SBN character {ch!r} at position {position} is not a base-64 digit (0-9A-Za-z-_)"
            )
    if len(body) != digits:
        raise BoardError(
            f"SBN for a {n}×{n} board needs {digits} border characters after the 4-character "
            f"header, not {len(body)}"
        )
    value = 0
    for ch in body:
        value = value << 6 | _DIGIT[ch]
    if value >> need:
        raise BoardError("SBN padding bits before the borders are not zero")
    return _regions(n, value, need).with_stars(stars), stars


def _regions(n: int, value: int, need: int) -> Board:
    """The board the border bits cut the grid into: first the borders right of each cell,
    row by row, then those below each cell, column by column."""
    # Here, not with the module: every solve registers this package's readers and
    # writers, and reads no SBN string.
    from queens_core.borders import regions_from_borders

    half = n * (n - 1)

    def border(bit_index: int) -> bool:
        return bool(value >> (need - 1 - bit_index) & 1)

    right = [border(i) for i in range(half)]
    below = [border(half + c * (n - 1) + r) for r in range(n - 1) for c in range(n)]
    return regions_from_borders(n, right, below, "SBN")


def to_sbn(board: Board, flag: str = "W") -> str:
    """The SBN string of a board (N from 5 to 25, K from 1 to 9)."""
    n = board.n
    need = 2 * n * (n - 1)
    value = 0
    region = board.cell_region
    for r in range(n):
        for c in range(n - 1):
            value = value << 1 | (region[r * n + c] != region[r * n + c + 1])
    for c in range(n):
        for r in range(n - 1):
            value = value << 1 | (region[r * n + c] != region[(r + 1) * n + c])
    digits = -(-need // 6)
    body = "".join(ALPHABET[value >> (6 * (digits - 1 - i)) & 63] for i in range(digits))
    return f"{size_code(n)}{board.stars}{flag}{body}"


def write_sbn(board: Board, _state: State | None = None) -> str:
    """The version 1 SBN string of a board; :class:`BoardError` for one it cannot carry."""
    if not MIN_SIZE <= board.n <= MAX_SIZE:
        raise BoardError(f"SBN has no size code for {board.n}×{board.n}; sizes go from 5 to 25")
    if board.stars > 9:
        raise BoardError(f"SBN writes K as one digit, and this board has {board.stars} stars")
    from queens_core.borders import refuse_split_regions  # as in _regions

    refuse_split_regions(board, "SBN")
    return to_sbn(board)


# -- version 2 --------------------------------------------------------------------------

ALPHABET_85 = _ALPHANUMERIC + "-_!#$&()*+,/:;=?@[]^{}|"
_DIGIT_85 = {ch: value for value, ch in enumerate(ALPHABET_85)}
#: Version 2: N in decimal, K a capital letter, then base-85 digits, then "~" history.
#: (Patterns of version 2, compiled by ``re`` on first use: loading the package for a
#: solve must not pay for them.)
_V2_SHAPE = r"^([0-9]{1,2})([A-Z])([^\s~]*)(?:~(\S*))?$"
V2_MIN_SIZE = 2
#: The ternary digit of a cell's mark, and back.
EMPTY, CROSS, STAR = 0, 1, 2


def digits_85(bits: int) -> int:
    """How many base-85 digits hold ``bits`` bits: the fewest L with 85^L ≥ 2^bits."""
    length, reach = 0, 1
    while reach < 1 << bits:
        length += 1
        reach *= 85
    return length


def parse_sbn2(text: str) -> tuple[Board, int, State | None, int]:
    """The board, K, marks (None when it has none) and the number of undo entries of a
    version 2 SBN string; :class:`BoardError` (one line) when malformed."""
    match = re.match(_V2_SHAPE, text.strip())
    if match is None:
        raise BoardError("SBN v2 starts with N in decimal and K as a letter (10B…)")
    n = int(match.group(1))
    stars = ord(match.group(2)) - ord("A") + 1
    if not V2_MIN_SIZE <= n <= 32:
        raise BoardError(f"SBN v2 size {n} is out of range: queens reads 2×2 to 32×32")
    body = match.group(3)
    for position, ch in enumerate(body, start=len(match.group(1)) + 2):
        if ch not in _DIGIT_85:
            raise BoardError(
                f"SBN v2 character {ch!r} at position {position} is not a base-85 digit"
            )
    need = 2 * n * (n - 1)
    length = digits_85(need)
    if len(body) < length:
        raise BoardError(
            f"SBN v2 for a {n}×{n} board needs {length} border characters after "
            f"{match.group(1)}{match.group(2)}, not {len(body)}"
        )
    value = 0
    for ch in body[:length]:
        value = value * 85 + _DIGIT_85[ch]
    if value >> need:
        raise BoardError("SBN v2 borders are a larger number than its border bits can be")
    board = _regions(n, value, need).with_stars(stars)
    state = _marks(board, body[length:])
    history = match.group(4)
    return board, stars, state, 0 if history is None else _history_entries(history, n)


def _marks(board: Board, digits: str) -> State | None:
    if not digits:
        return None
    n = board.n
    cells = n * n
    if len(digits) > -(-cells // 4):
        raise BoardError(
            f"SBN v2 marks take {len(digits)} characters, more than the "
            f"{-(-cells // 4)} of a {n}×{n} board"
        )
    live = queens = 0
    for index, ch in enumerate(digits):
        value = _DIGIT_85[ch]
        if value >= 81:
            raise BoardError(f"SBN v2 mark character {ch!r} is not four cells' marks")
        for offset in range(4):
            mark = value // 3 ** (3 - offset) % 3
            cell = 4 * index + offset
            if cell >= cells:
                if mark != EMPTY:
                    raise BoardError("SBN v2 marks go past the last cell")
                continue
            if mark == EMPTY:
                live |= 1 << cell
            elif mark == STAR:
                queens |= 1 << cell
    live |= board.full & ~((1 << (4 * len(digits))) - 1)  # cells after the marks: empty
    return State(live & board.full, queens)


def _history_entries(history: str, n: int) -> int:
    """How many undo entries a history holds (``{width}{entries}>{pointer}``); checked,
    since a malformed one is a damaged string."""
    width = history[:1]
    marker = history.rfind(">")
    if width not in ("1", "2", "3") or marker < 1:
        raise BoardError("SBN v2 history after '~' is not WIDTH ENTRIES > POINTER")
    entries = history[1:marker]
    change = 2 * int(width) + 2
    position = count = 0
    while position < len(entries):
        size = _DIGIT_85.get(entries[position], -1)
        position += 1
        if size == 0:  # a count of 85 or more, in the next two digits
            pair = entries[position : position + 2]
            if len(pair) != 2 or any(ch not in _DIGIT_85 for ch in pair):
                raise BoardError("SBN v2 history ends inside an entry")
            size = _DIGIT_85[pair[0]] * 85 + _DIGIT_85[pair[1]]
            position += 2
        if size <= 0 or position + size * change > len(entries):
            raise BoardError("SBN v2 history ends inside an entry")
        position += size * change
        count += 1
    return count


def write_sbn2(board: Board, state: State | None = None) -> str:
    """The version 2 SBN string of a board, with the marks of ``state`` when given."""
    n = board.n
    if n < V2_MIN_SIZE:
        raise BoardError(f"SBN v2 sizes start at {V2_MIN_SIZE}×{V2_MIN_SIZE}")
    if board.stars > 26:
        raise BoardError(
            f"SBN v2 writes K as a letter A to Z, and this board has {board.stars} stars"
        )
    from queens_core.borders import refuse_split_regions  # as in _regions

    refuse_split_regions(board, "SBN")
    region = board.cell_region
    value = 0
    for r in range(n):
        for c in range(n - 1):
            value = value << 1 | (region[r * n + c] != region[r * n + c + 1])
    for c in range(n):
        for r in range(n - 1):
            value = value << 1 | (region[r * n + c] != region[(r + 1) * n + c])
    length = digits_85(2 * n * (n - 1))
    borders = []
    for _ in range(length):
        value, digit = divmod(value, 85)
        borders.append(ALPHABET_85[digit])
    text = f"{n}{chr(ord('A') + board.stars - 1)}{''.join(reversed(borders))}"
    return text + ("" if state is None else _mark_digits(board, state))


def _mark_digits(board: Board, state: State) -> str:
    cells = board.n * board.n
    digits = []
    for start in range(0, cells, 4):
        value = 0
        for cell in range(start, start + 4):
            bit = 1 << cell
            if cell >= cells or state.live & bit:
                mark = EMPTY
            else:
                mark = STAR if state.queens & bit else CROSS
            value = value * 3 + mark
        digits.append(ALPHABET_85[value])
    return "".join(digits).rstrip(ALPHABET_85[0])


# -- reading either version -------------------------------------------------------------


def _first_line(data: bytes) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BoardError("an SBN file must be ASCII text") from None
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    raise BoardError("the SBN input is empty")


def is_version_2(word: str) -> bool:
    """Whether ``word`` is shaped as a version 2 string (N in decimal, then a capital):
    a version 1 string has two equal size characters and then the digit K."""
    return bool(re.match(_V2_SHAPE, word)) and not re.match(r"^(?:[5-9]{2}|[A-P]{2})[0-9]", word)


#: What a file named .sbn holds when it is another tool's format, and what to do.
_LOOKALIKES = (
    (r"^pzprv3", "a pzprjs puzzle file (pzprv3)", "give its puz.link URL instead"),
    (
        r"^\S*\?\w+/",
        "a puz.link URL",
        "give the URL itself as the argument, not a .sbn file",
    ),
    (
        r"^\S*#board=",
        "a share link of the queens page",
        "give the link itself as the argument, not a .sbn file",
    ),
    (r"^[\[{]", "JSON", "an SBN file holds one puzzle string"),
    (r"^https?://", "a web address", "an SBN file holds one puzzle string"),
)
_MAGIC = (
    (b"\x89PNG", "a PNG picture"),
    (b"\xff\xd8\xff", "a JPEG picture"),
    (b"GIF8", "a GIF picture"),
)


def lookalike(data: bytes) -> str | None:
    """What an input that is not SBN looks like instead, as the one line that refuses it
    (None when it looks like a damaged SBN string, whose own error says more)."""
    for magic, what in _MAGIC:
        if data.startswith(magic):
            return f"this looks like {what}, not Star Battle Notation: name it for its format"
    text = data.decode("utf-8-sig", "replace").strip()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return None
    for pattern, what, todo in _LOOKALIKES:
        if re.match(pattern, lines[0]):
            return f"this looks like {what}, not Star Battle Notation: {todo}"
    rows = [line for line in lines if not line.startswith("stars:")]
    if len(rows) > 1 and len({len(row.replace(" ", "")) for row in rows}) == 1:
        return (
            "this looks like a board in the text format, not Star Battle Notation: name it FILE.txt"
        )
    return None


def read(data: bytes) -> Reading:
    try:
        word = _first_line(data)
        if is_version_2(word):
            board, stars, state, history = parse_sbn2(word)
            notes = (
                (
                    f"the SBN's undo history ({history} "
                    f"{'entry' if history == 1 else 'entries'}) is left out; its marks are read",
                )
                if history
                else ()
            )
            return Reading(board=board, stars=stars, state=state, notes=notes)
        board, stars = parse_sbn(word)
    except BoardError:
        other = lookalike(data)
        if other is not None:
            raise BoardError(other) from None
        raise
    return Reading(board=board, stars=stars)


def sniff(data: bytes) -> bool:
    text = data[:4096].strip()
    if b"\n" in text:
        return False
    word = text.decode("ascii", "replace")
    if _SHAPE.match(word) or _BAD_SIZE_SHAPE.match(word):
        return True
    match = re.match(_V2_SHAPE, word)
    if match is None or not is_version_2(word):
        return False
    # As long as its borders at least, and of a size puzzles are shared at: a name such
    # as 3Dmodel or 12Monkeys is not taken for one (a .sbn file is read at any size).
    n = int(match.group(1))
    return MIN_SIZE <= n and len(match.group(3)) >= digits_85(2 * n * (n - 1))


SBN_READER = Reader(
    name="sbn",
    summary="Star Battle Notation: version 1 (AA2W556SAIWSRhAx6840-ZajjL3HvTBSeG) or "
    "version 2 (StarBattleLab's 10B…, with the player's marks)",
    read=read,
    suffixes=(".sbn",),
    sniff=sniff,
    inline=True,
    max_bytes=4096,
)
SBN_WRITER = Writer(
    name="sbn",
    summary="Star Battle Notation version 1: 5×5 to 25×25, K up to 9",
    write=write_sbn,
    suffix=".sbn",
)
SBN2_WRITER = Writer(
    name="sbn2",
    summary="Star Battle Notation version 2 (StarBattleLab's), with the player's marks",
    write=write_sbn2,
    suffix=".sbn",
    carries_marks=True,
)


@hookimpl
def queens_register_readers() -> list[Reader]:
    return [SBN_READER]


@hookimpl
def queens_register_writers() -> list[Writer]:
    return [SBN_WRITER, SBN2_WRITER]

"""The SBN reader: Star Battle Notation, the puzzle strings the Star Battle community shares.

An SBN string such as ``AA2W556SAIWSRhAx6840-ZajjL3HvTBSeG`` is

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
"""

from __future__ import annotations

import re
import string

from queens_core import Board, BoardError, Reader, Reading, hookimpl

ALPHABET = string.digits + string.ascii_uppercase + string.ascii_lowercase + "-_"
_DIGIT = {ch: value for value, ch in enumerate(ALPHABET)}

#: Region characters of the board an SBN string becomes, in reading order of the regions.
REGION_CHARS = string.ascii_uppercase + string.ascii_lowercase

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
    rows = _regions(n, value, need)
    board = Board.from_rows(rows)
    return board.with_stars(stars), stars


def _regions(n: int, value: int, need: int) -> list[str]:
    """The rows of region characters that the border bits cut the grid into."""
    half = n * (n - 1)

    def border(bit_index: int) -> bool:
        return bool(value >> (need - 1 - bit_index) & 1)

    region = [-1] * (n * n)
    count = 0
    for start in range(n * n):
        if region[start] >= 0:
            continue
        region[start] = count
        stack = [start]
        while stack:
            i = stack.pop()
            r, c = divmod(i, n)
            steps = []
            if c + 1 < n and not border(r * (n - 1) + c):
                steps.append(i + 1)
            if c > 0 and not border(r * (n - 1) + c - 1):
                steps.append(i - 1)
            if r + 1 < n and not border(half + c * (n - 1) + r):
                steps.append(i + n)
            if r > 0 and not border(half + c * (n - 1) + r - 1):
                steps.append(i - n)
            for j in steps:
                if region[j] < 0:
                    region[j] = count
                    stack.append(j)
        count += 1
    if count != n:
        raise BoardError(f"SBN borders cut the {n}×{n} grid into {count} regions, not {n}")
    return ["".join(REGION_CHARS[region[r * n + c]] for c in range(n)) for r in range(n)]


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


def _first_line(data: bytes) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BoardError("an SBN file must be ASCII text") from None
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    raise BoardError("the SBN input is empty")


def read(data: bytes) -> Reading:
    board, stars = parse_sbn(_first_line(data))
    return Reading(board=board, stars=stars)


def sniff(data: bytes) -> bool:
    text = data[:200].strip()
    if b"\n" in text:
        return False
    word = text.decode("ascii", "replace")
    return bool(_SHAPE.match(word) or _BAD_SIZE_SHAPE.match(word))


SBN_READER = Reader(
    name="sbn",
    summary="Star Battle Notation: one puzzle string, e.g. AA2W556SAIWSRhAx6840-ZajjL3HvTBSeG",
    read=read,
    suffixes=(".sbn",),
    sniff=sniff,
    inline=True,
    max_bytes=4096,
)


@hookimpl
def queens_register_readers() -> list[Reader]:
    return [SBN_READER]

"""The formats that come with queens-core: the text format written, puz.link Star Battle
URLs and the page's share links read and written. :mod:`.builtin` registers them through
the plugin hooks, as any package registers its formats.

puz.link URL
    ``https://puzz.link/p?starbattle/{cols}/{rows}/{K}/{borders}``, pzprjs's link of a
    Star Battle puzzle (Queens is its K = 1). The borders are base-32 digits
    (``0-9a-v``), five borders a digit, most significant first: the borders right of
    each cell but the last column, row by row, then the borders below each cell but
    the last row, row by row, each half padded with zero bits to whole digits. Any
    host is read (pzv.jp, puzz.link, their mirrors), with pzprjs's optional
    ``v:variant`` and flag parts before the size.
share link
    The page's link of a board: any URL whose fragment is
    ``#board=<ROWS>&stars=<K>[&marks=<MARKS>]``, ROWS the rows of the text format
    joined by ``/``, MARKS one character a cell in reading order (``.`` empty, ``x``
    cross, ``q`` queen or star), each value percent-encoded as JavaScript's
    ``encodeURIComponent`` does.
"""

from __future__ import annotations

import re

from ..engine.board import Board, BoardError
from ..engine.state import State
from .readers import STARS_HEADER_WORD, Reading

#: Where ``queens serve`` answers by default: the page a written share link opens.
SHARE_BASE = "http://127.0.0.1:8000/"
#: Region characters of a board read from borders, in reading order of the regions.
REGION_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def regions_from_borders(n: int, right: list[bool], below: list[bool], what: str) -> Board:
    """The board the borders cut an N×N grid into: ``right[r*(n-1)+c]`` is a border right
    of cell (r, c), ``below[r*n+c]`` one below it. Regions are lettered in reading order
    of their first cell; :class:`BoardError` names ``what`` when the pieces are not N."""
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
            if c + 1 < n and not right[r * (n - 1) + c]:
                steps.append(i + 1)
            if c > 0 and not right[r * (n - 1) + c - 1]:
                steps.append(i - 1)
            if r + 1 < n and not below[r * n + c]:
                steps.append(i + n)
            if r > 0 and not below[(r - 1) * n + c]:
                steps.append(i - n)
            for j in steps:
                if region[j] < 0:
                    region[j] = count
                    stack.append(j)
        count += 1
    if count != n:
        raise BoardError(
            f"{what} borders cut the {n}×{n} grid into {count} "
            f"{'region' if count == 1 else 'regions'}, not {n}"
        )
    return Board.from_rows(
        ["".join(REGION_CHARS[region[r * n + c]] for c in range(n)) for r in range(n)]
    )


def refuse_split_regions(board: Board, what: str) -> None:
    """:class:`BoardError` when a region of ``board`` is in several pieces: a format that
    draws borders draws 4-connected regions only."""
    if board.warnings:
        split = board.warnings[0]
        raise BoardError(
            f"{what} draws regions by their borders, and region {split.letter!r} is in "
            f"{split.pieces} pieces"
        )


# -- the text format --------------------------------------------------------------------


def write_text(board: Board, _state: State | None = None) -> str:
    """The text format: the rows, under a first line ``stars: K`` when K ≥ 2."""
    rows = "\n".join(board.rows)
    return rows if board.stars == 1 else f"{STARS_HEADER_WORD} {board.stars}\n{rows}"


# -- puz.link URLs ----------------------------------------------------------------------

PUZLINK_HOST = "https://puzz.link/p?"
PUZLINK_KIND = "starbattle"
_BASE32 = "0123456789abcdefghijklmnopqrstuv"
#: A puz.link Star Battle URL, whatever the host: the query names the puzzle kind.
#: (Patterns, not compiled here: ``re`` compiles and keeps them on first use, and a
#: solve, which registers this module, never uses them.)
_PUZLINK = r"^\S*\?starbattle/\S*$"


def _digits_of(bits: list[bool]) -> str:
    out = []
    for start in range(0, len(bits), 5):
        chunk = bits[start : start + 5]
        value = 0
        for position, bit in enumerate(chunk):
            value |= bit << (4 - position)
        out.append(_BASE32[value])
    return "".join(out)


def _bits_of(digits: str, count: int) -> list[bool]:
    bits: list[bool] = []
    for ch in digits:
        value = int(ch, 32)
        bits.extend(bool(value >> (4 - position) & 1) for position in range(5))
    return bits[:count]


def write_puzlink(board: Board, _state: State | None = None) -> str:
    """The puz.link URL of ``board`` (pzprjs's Star Battle link)."""
    refuse_split_regions(board, "a puz.link URL")
    n = board.n
    region = board.cell_region
    right = [region[r * n + c] != region[r * n + c + 1] for r in range(n) for c in range(n - 1)]
    below = [region[r * n + c] != region[(r + 1) * n + c] for r in range(n - 1) for c in range(n)]
    return (
        f"{PUZLINK_HOST}{PUZLINK_KIND}/{n}/{n}/{board.stars}/{_digits_of(right)}{_digits_of(below)}"
    )


def parse_puzlink(url: str) -> Board:
    """The board (with its K) of a puz.link Star Battle URL; :class:`BoardError` (one
    line) when it is not one."""
    url = url.strip()
    if not re.match(_PUZLINK, url):
        raise BoardError("not a puz.link Star Battle URL (…?starbattle/COLS/ROWS/K/BORDERS)")
    parts = url.split("?", 1)[1].split("/")[1:]
    if parts and parts[0].startswith("v:"):
        parts.pop(0)
    if parts and not parts[0].isdigit():
        parts.pop(0)  # pzprjs's flag part
    if parts and not parts[-1]:
        parts.pop()
    if len(parts) != 4 or not all(p.isdigit() for p in parts[:3]):
        raise BoardError(
            "a puz.link Star Battle URL ends in COLS/ROWS/K/BORDERS, numbers then "
            f"base-32 digits, not {'/'.join(parts)!r}"
        )
    cols, rows, stars = (int(p) for p in parts[:3])
    borders = parts[3]
    if cols != rows:
        raise BoardError(f"the puz.link board is {cols}×{rows}: queens reads square boards only")
    n = cols
    if not 1 <= n <= 32:
        raise BoardError(f"the puz.link board is {n}×{n}: queens reads 1×1 to 32×32")
    bad = next((ch for ch in borders if ch not in _BASE32), None)
    if bad is not None:
        raise BoardError(f"puz.link border digit {bad!r} is not base 32 (0-9, a-v)")
    right_count = (n - 1) * n
    below_count = n * (n - 1)
    right_digits = -(-right_count // 5)
    need = right_digits + -(-below_count // 5)
    if len(borders) != need:
        raise BoardError(
            f"a puz.link {n}×{n} Star Battle needs {need} border digits, not {len(borders)}"
        )
    right = _bits_of(borders[:right_digits], right_count)
    below = _bits_of(borders[right_digits:], below_count)
    board = regions_from_borders(n, right, below, "the puz.link")
    return board.with_stars(stars) if stars != 1 else board


def _url_text(data: bytes, what: str) -> str:
    try:
        text = data.decode("utf-8-sig").strip()
    except UnicodeDecodeError:
        raise BoardError(f"a {what} is text, and this is not UTF-8") from None
    if "\n" in text or "\r" in text:
        raise BoardError(f"a {what} is one line")
    return text


def read_puzlink(data: bytes) -> Reading:
    board = parse_puzlink(_url_text(data, "puz.link URL"))
    return Reading(board=board, stars=board.stars)


def sniff_puzlink(data: bytes) -> bool:
    return bool(re.match(_PUZLINK, data[:8192].strip().decode("utf-8", "replace")))


# -- share links ------------------------------------------------------------------------

#: What a share link's fragment starts with (after ``#``).
SHARE_FIELDS = ("board", "stars", "marks")
_SHARE = r"^\S*#board=\S*$"
#: JavaScript's encodeURIComponent leaves these unescaped (and letters and digits).
_URI_COMPONENT_SAFE = "-_.!~*'()"


def write_share(board: Board, state: State | None = None, base: str = SHARE_BASE) -> str:
    """The share link of ``board`` (and of the marks of ``state``) on the page at ``base``."""
    from urllib.parse import quote  # here: a solve registers this module, and never needs it

    fields = [
        ("board", "/".join(board.rows)),
        ("stars", str(board.stars)),
    ]
    if state is not None:
        fields.append(("marks", marks_of(board, state)))
    fragment = "&".join(f"{key}={quote(value, safe=_URI_COMPONENT_SAFE)}" for key, value in fields)
    return f"{base}#{fragment}"


def marks_of(board: Board, state: State) -> str:
    """One character a cell in reading order: ``q`` queen, ``x`` cross, ``.`` empty."""
    out = []
    for i in range(board.n * board.n):
        bit = 1 << i
        out.append("q" if state.queens & bit else "." if state.live & bit else "x")
    return "".join(out)


def parse_share(url: str) -> tuple[Board, State | None]:
    """The board (with its K) and the marks (None when the link has none) of a share
    link; :class:`BoardError` (one line) when it is not one."""
    from urllib.parse import unquote

    url = url.strip()
    if "#" not in url:
        raise BoardError("a share link has a fragment #board=ROWS&stars=K")
    fields: dict[str, str] = {}
    for part in url.split("#", 1)[1].split("&"):
        key, equals, value = part.partition("=")
        if not equals or key not in SHARE_FIELDS:
            raise BoardError(
                f"share link field {key!r} is not one of board=, stars=, marks= "
                "(#board=ROWS&stars=K[&marks=MARKS])"
            )
        if key in fields:
            raise BoardError(f"share link field {key}= is given twice")
        try:
            fields[key] = unquote(value, errors="strict")
        except UnicodeDecodeError:
            raise BoardError(f"share link field {key}= is not percent-encoded UTF-8") from None
    if "board" not in fields or "stars" not in fields:
        raise BoardError("a share link has both board= and stars= (#board=ROWS&stars=K)")
    rows = _share_rows(fields["board"])
    stars = fields["stars"]
    if not stars.isdigit() or not stars.isascii() or len(stars) > 3 or int(stars) < 1:
        raise BoardError(
            f"share link stars={stars!r} is not a number of stars per unit (1 or more)"
        )
    board = Board.from_rows(rows)
    if int(stars) != 1:
        board = board.with_stars(int(stars))
    marks = fields.get("marks")
    return board, None if marks is None else _share_state(board, marks)


def _share_rows(value: str) -> list[str]:
    """The rows of a board= value: N rows of N characters joined by ``/``. The rows are
    cut by length, so a region lettered ``/`` reads back too."""
    n = 1
    while n * n + n - 1 < len(value):
        n += 1
    if n * n + n - 1 != len(value) or any(value[k * (n + 1) - 1] != "/" for k in range(1, n)):
        raise BoardError(
            f"share link board= is not N rows of N letters joined by '/' ({len(value)} characters)"
        )
    return [value[k * (n + 1) : k * (n + 1) + n] for k in range(n)]


def _share_state(board: Board, marks: str) -> State:
    cells = board.n * board.n
    if len(marks) != cells:
        raise BoardError(
            f"share link marks= has {len(marks)} characters, not one for each of the {cells} cells"
        )
    bad = next((ch for ch in marks if ch not in ".xq"), None)
    if bad is not None:
        raise BoardError(f"share link mark {bad!r} is not '.' (empty), 'x' (cross) or 'q' (queen)")
    live = queens = 0
    for i, ch in enumerate(marks):
        if ch == ".":
            live |= 1 << i
        elif ch == "q":
            queens |= 1 << i
    return State(live, queens)


def read_share(data: bytes) -> Reading:
    board, state = parse_share(_url_text(data, "share link"))
    return Reading(board=board, state=state, stars=board.stars)


def sniff_share(data: bytes) -> bool:
    return bool(re.match(_SHARE, data[:8192].strip().decode("utf-8", "replace")))

"""Board readers: how an input in some format becomes a board.

Glossary
--------
reader
    A named way to turn the bytes of an input into a :class:`Reading`. The text format
    (one line a row, one character a cell) is built in; a package teaches ``queens``
    another format — a screenshot, a Star Battle puzzle string — by returning readers
    from the ``queens_register_readers`` hook (entry-point group ``queens.readers``).
reading
    What a reader found: the board, and what the input says beyond it — the marks on a
    half-played screenshot (a state), the stars per unit of a Star Battle puzzle.
choosing
    A file goes to the reader that claims its suffix (``.png``). Standard input, and a
    file whose suffix no reader claims, go to the first reader (by name) whose ``sniff``
    recognises the content, and to the text reader when none does. A command-line
    argument that is not a file, and does not end in a suffix some reader claims, may be
    read as the input itself by a reader that says it is ``inline`` and sniffs it (a
    puzzle string pasted on the command line).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..engine.board import MAX_INPUT_BYTES, Board, BoardError
from ..engine.state import State

__all__ = ["STDIN", "TEXT_READER", "InputError", "Reader", "Reading", "read_source"]

STDIN = "-"

READER_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
SUFFIX = re.compile(r"^\.[a-z0-9][a-z0-9._-]*$")


@dataclass(frozen=True, kw_only=True)
class Reading:
    """What a reader found in one input.

    ``state`` holds the marks the input shows (queens and crosses on a screenshot), or
    None when it shows none; ``stars`` is the number of stars (queens) per row, column and
    region the input declares, or None when it does not say (plain Queens: one).
    """

    board: Board
    state: State | None = None
    stars: int | None = None


@dataclass(frozen=True, kw_only=True)
class Reader:
    """A board format, as a reader package registers it.

    ``read(data)`` gets at most ``max_bytes`` bytes and returns a :class:`Reading`, or
    raises :class:`queens_core.BoardError` with a one-line reason when the input is not a
    board it can read ("no grid found", "found 9 columns and 8 rows"). ``sniff(data)``,
    when given, says whether ``data`` looks like this format; it must be cheap and must
    not raise.
    """

    name: str
    summary: str
    read: Callable[[bytes], Reading]
    suffixes: tuple[str, ...] = ()
    sniff: Callable[[bytes], bool] | None = None
    inline: bool = False
    max_bytes: int = MAX_INPUT_BYTES
    #: Filled in by the registry from the distribution that registered the reader.
    package: str = ""
    version: str = ""

    def problems(self) -> list[str]:
        """What is wrong with this registration, if anything (empty when it is fine)."""
        found = []
        if not isinstance(self.name, str) or not READER_NAME.match(self.name):
            found.append(f"reader name {self.name!r} is not a lower-case id")
        if not isinstance(self.summary, str) or not self.summary.strip():
            found.append("summary is empty")
        if not callable(self.read):
            found.append("read is not callable")
        if self.sniff is not None and not callable(self.sniff):
            found.append("sniff is not callable")
        if not isinstance(self.suffixes, tuple) or not all(
            isinstance(s, str) and SUFFIX.match(s) for s in self.suffixes
        ):
            found.append(
                f"suffixes {self.suffixes!r} is not a tuple of lower-case suffixes like '.png'"
            )
        if not isinstance(self.inline, bool):
            found.append(f"inline {self.inline!r} is not a bool")
        if (
            not isinstance(self.max_bytes, int)
            or isinstance(self.max_bytes, bool)
            or self.max_bytes < 1
        ):
            found.append(f"max_bytes {self.max_bytes!r} is not a positive int")
        return found

    def describe(self) -> str:
        """How an error names the reader: ``reader 'image' from queens-read-image 0.1.0``."""
        origin = f"{self.package} {self.version}".strip() or "an unnamed package"
        return f"reader {self.name!r} from {origin}"


#: The word of the text format's optional first line that declares K: ``stars: 2``.
STARS_HEADER_WORD = "stars:"
#: That line (after a byte-order mark and blank lines, if any). It holds a space and a
#: colon, so it is never a row of a board.
_STARS_HEADER = re.compile(
    rb"\A(\xef\xbb\xbf)?((?:[ \t]*(?:\r\n|\r|\n))*)[ \t]*stars:[ \t]*([^\r\n]*?)[ \t]*(?=[\r\n]|\Z)"
)


def _read_text(data: bytes) -> Reading:
    """The text format; a first line ``stars: K`` declares K stars per unit (it is blanked
    before the board is parsed, so the rows keep their line numbers in errors)."""
    match = _STARS_HEADER.match(data)
    if match is None:
        return Reading(board=Board.parse_bytes(data))
    line = match.group(2).count(b"\n") + match.group(2).count(b"\r") - match.group(2).count(b"\r\n")
    value = match.group(3).decode("utf-8", "replace")
    if not value.isdigit() or not value.isascii() or len(value) > 3 or int(value) < 1:
        raise BoardError(
            f"{STARS_HEADER_WORD} {value!r} is not a number of stars per unit (1 or more)",
            line=line + 1,
        )
    rest = (match.group(1) or b"") + match.group(2) + data[match.end() :]
    return Reading(board=Board.parse_bytes(rest), stars=int(value))


#: The built-in reader of the text format; always installed, and the last resort.
TEXT_READER = Reader(
    name="text",
    summary="The text format: one line a row, one character a cell (BBPP or B B P P); "
    "a first line 'stars: K' declares K stars per unit",
    read=_read_text,
    suffixes=(".txt",),
    package="queens-core",
)


class InputError(Exception):
    """An input that cannot be read or is not a board; ``str()`` is one line naming the
    input, ``detail`` the same without its name."""

    def __init__(self, message: str, detail: str):
        super().__init__(message)
        self.detail = detail


def display_name(source: str) -> str:
    """How messages name an input: ``<stdin>`` for ``-``, control characters escaped (a
    newline in a file name must not split an error line)."""
    if source == STDIN:
        return "<stdin>"
    if source.isprintable():
        return source
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in source)


def by_suffix(readers: Iterable[Reader], path: str) -> Reader | None:
    """The reader that claims ``path``'s suffix (case-insensitive), if any."""
    suffix = os.path.splitext(path)[1].lower()
    if not suffix:
        return None
    for reader in readers:
        if suffix in reader.suffixes:
            return reader
    return None


def by_content(readers: Sequence[Reader], data: bytes) -> Reader:
    """The first reader whose ``sniff`` recognises ``data``; the text reader otherwise."""
    for reader in readers:
        if reader.sniff is not None and _sniffs(reader, data):
            return reader
    return next((r for r in readers if r.name == TEXT_READER.name), TEXT_READER)


def _sniffs(reader: Reader, data: bytes) -> bool:
    assert reader.sniff is not None
    try:
        return bool(reader.sniff(data))
    except Exception:  # a sniffer that fails recognises nothing; read() will say more
        return False


def inline_reader(readers: Sequence[Reader], argument: str) -> Reader | None:
    """The inline reader that recognises a command-line ``argument`` as an input in its
    own right (not a file name), if any. An argument ending in a suffix some reader
    claims (``no-such-board.sbn``) is a file name, missing or not."""
    if by_suffix(readers, argument) is not None:
        return None
    data = argument.encode("utf-8", "surrogateescape")
    for reader in readers:
        if reader.inline and reader.sniff is not None and _sniffs(reader, data):
            return reader
    return None


def load_bytes(source: str, limit: int, what: str = "") -> bytes:
    """At most ``limit + 1`` bytes of ``source`` (``-``: standard input), so that an
    input over the limit is seen without being read whole. ``what`` ("state") names
    the input in the error."""
    try:
        if source == STDIN:
            stdin = sys.stdin
            if stdin is None:
                raise OSError("standard input is closed")
            if _is_terminal(stdin):
                # Without this a user who typed `queens solve` alone sees nothing happen.
                sys.stderr.write(
                    f"queens: reading the {what or 'board'} from standard input: type it, "
                    "then press Ctrl-D on a line of its own\n"
                )
                sys.stderr.flush()
            return stdin.buffer.read(limit + 1)
        with open(source, "rb") as handle:
            return handle.read(limit + 1)
    except OSError as err:
        reason = err.strerror or str(err)
        where = f"{what} {display_name(source)}" if what else display_name(source)
        raise InputError(f"cannot read {where}: {reason}", f"cannot read it: {reason}") from None


def _is_terminal(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError):
        return False


def read_source(source: str, readers: Sequence[Reader] = (TEXT_READER,)) -> Reading:
    """Read the board at ``source`` with the reader chosen for it (see the glossary).

    ``source`` is a path, ``-`` for standard input, or an argument an inline reader
    recognises. Bad input raises :class:`InputError` (one line, naming ``source``); so
    does a reader that fails in any other way, naming the reader and its package.
    """
    readers = readers or (TEXT_READER,)
    name = display_name(source)
    reader: Reader | None = None
    if source != STDIN and not os.path.exists(source):
        reader = inline_reader(readers, source)
        if reader is not None:
            return _apply(reader, source.encode("utf-8", "surrogateescape"), name)
    if source != STDIN:
        reader = by_suffix(readers, source)
    limit = reader.max_bytes if reader else max(r.max_bytes for r in readers)
    data = load_bytes(source, limit)
    if reader is None:
        reader = by_content(readers, data)
    if len(data) > reader.max_bytes:
        detail = (
            f"input is larger than {reader.max_bytes} bytes, "
            f"the most the {reader.name} reader accepts"
        )
        raise InputError(f"{name}: {detail}", detail)
    return _apply(reader, data, name)


def _apply(reader: Reader, data: bytes, name: str) -> Reading:
    try:
        reading = reader.read(data)
    except BoardError as err:
        raise InputError(f"{name}: {err}", str(err)) from None
    except Exception as err:  # a reader's bug is reported, not shown as a traceback
        detail = f"{reader.describe()} failed: {type(err).__name__}: {err}".rstrip(": ")
        raise InputError(f"{name}: {detail}", detail) from err
    if not isinstance(reading, Reading):
        detail = f"{reader.describe()} returned {type(reading).__name__}, not a queens_core.Reading"
        raise InputError(f"{name}: {detail}", detail)
    return reading


def suffixes_of(readers: Iterable[Reader]) -> tuple[str, ...]:
    """Every suffix some reader claims, sorted: what a folder of boards contributes."""
    return tuple(sorted({s for r in readers for s in r.suffixes}))

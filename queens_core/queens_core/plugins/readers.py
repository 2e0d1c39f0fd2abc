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
    file whose suffix no reader claims, go to the first first-party reader (by name)
    whose ``sniff`` recognises the content, else to the text reader when the content is
    a text board, else to the first other reader whose ``sniff`` recognises it, else to
    the text reader (whose error says what is wrong). A command-line argument that is not
    a file, and does not end in a suffix some reader claims, may be read as the input
    itself by a reader that says it is ``inline`` and sniffs it (a puzzle string pasted
    on the command line), first-party readers first.
claims everything
    A reader whose ``sniff`` recognises the empty input (no format is empty). It is
    reported once, by name, and chosen by its suffixes only: it would otherwise take
    standard input, every unclaimed suffix and every missing path.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..engine.board import MAX_INPUT_BYTES, Board, BoardError
from ..engine.state import State
from ..runtime import guards
from ..runtime.guards import OutOfTime, plugin_code, raised_by_plugin
from . import FIRST_PARTY

__all__ = ["STDIN", "TEXT_READER", "InputError", "Reader", "Reading", "read_source"]

STDIN = "-"

T = TypeVar("T")
R = TypeVar("R")

#: A command-line argument that is a web address, not a file name. (This and _PROSE are
#: patterns, compiled by `re` on first use: only an input that is not a file, or not a
#: board, needs them, and compiling costs on every start.)
_URL = r"^[A-Za-z][A-Za-z0-9+.-]*://"

READER_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
SUFFIX = re.compile(r"^\.[a-z0-9][a-z0-9._-]*$")


@dataclass(frozen=True, kw_only=True)
class Reading:
    """What a reader found in one input.

    ``state`` holds the marks the input shows (queens and crosses on a screenshot), or
    None when it shows none; ``stars`` is the number of stars (queens) per row, column and
    region the input declares, or None when it does not say (plain Queens: one).
    ``notes`` are warnings about the reading that leave it standing, one line each (a
    screenshot showing two grids: which one was read); the commands print them.
    ``unique_stars``: for an input that does not declare K, the only K with which the
    board has exactly one solution, when that K is not one (a Star Battle picture); the
    commands read the board with it when the user leaves K unsaid, and say so
    (:func:`found_stars_note`).
    """

    board: Board
    state: State | None = None
    stars: int | None = None
    notes: tuple[str, ...] = ()
    unique_stars: int | None = None


def found_stars_note(stars: int, choose: str) -> str:
    """The line that tells a user the board was read with the K its reader found;
    ``choose`` says how to choose another K where the user is (a command's option, a
    keyword argument, a menu)."""
    return (
        f"with one queen a unit the board has no single solution, with {stars} stars "
        f"exactly one: read as a Star Battle puzzle with {stars} stars a unit ({choose})"
    )


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
    """How messages name an input: ``<stdin>`` for ``-``, an empty path as one, control
    characters escaped (a newline in a file name must not split an error line)."""
    if source == STDIN:
        return "<stdin>"
    if not source:
        return "'' (an empty path)"
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


#: Where the choice of a reader reports a reader that claims input another reader reads,
#: or claims everything (one line, once a reader): the command line sets it to its
#: warning; None says nothing.
report: Callable[[str], None] | None = None
_reported: set[str] = set()


def _report_once(key: str, line: str) -> None:
    if report is not None and key not in _reported:
        _reported.add(key)
        report(line)


def is_first_party(reader: Reader) -> bool:
    """Whether ``reader`` comes with queens (its distributions win, see the glossary)."""
    return reader.package in FIRST_PARTY


def _is_builtin_text(reader: Reader) -> bool:
    return reader.read is _read_text


def _by_precedence(readers: Iterable[Reader]) -> list[Reader]:
    """First-party readers first, each side in the given (name) order."""
    readers = list(readers)
    return [r for r in readers if is_first_party(r)] + [r for r in readers if not is_first_party(r)]


def by_content(readers: Sequence[Reader], data: bytes) -> Reader:
    """The reader chosen for ``data`` by its content (see "choosing" in the glossary).

    A reader whose ``sniff`` raises an exception recognises nothing; one whose ``sniff``
    runs out of its budget, exits or interrupts raises :class:`InputError` naming it."""
    text = next((r for r in readers if r.name == TEXT_READER.name), TEXT_READER)
    for reader in readers:
        if reader.sniff is not None and is_first_party(reader) and _sniffs(reader, data):
            return reader
    if _parses_as_text(data):
        return text  # a text board: no other reader is asked
    claimants = [
        r
        for r in readers
        if r.sniff is not None
        and not is_first_party(r)
        and not claims_everything(r)
        and _sniffs(r, data)
    ]
    for other in claimants[1:]:
        _report_once(
            f"overlap:{other.name}",
            f"{other.describe()} also claims input that {claimants[0].describe()} reads "
            "(the first by name); it is left out",
        )
    return claimants[0] if claimants else text


def _parses_as_text(data: bytes) -> bool:
    try:
        Board.parse_bytes(data[: MAX_INPUT_BYTES + 1])
    except BoardError:
        return False
    return True


def claims_everything(reader: Reader) -> bool:
    """Whether ``reader``'s ``sniff`` recognises the empty input, which no format is
    (reported once, see the glossary)."""
    if reader.sniff is None or is_first_party(reader):
        return False
    found = _claims_everything.get(reader.sniff)
    if found is None:
        found = _claims_everything[reader.sniff] = _sniffs(reader, b"")
        if found:
            _report_once(
                f"everything:{reader.name}",
                f"{reader.describe()} claims any input (its sniff recognises an empty one): "
                "it reads only files ending in "
                + (", ".join(reader.suffixes) if reader.suffixes else "a suffix of its own"),
            )
    return found


#: Each sniff function's answer (the function, not the reader's name: it is what answers).
_claims_everything: dict[Callable[[bytes], bool], bool] = {}


def _sniffs(reader: Reader, data: bytes) -> bool:
    sniff = reader.sniff
    assert sniff is not None
    try:
        with plugin_code(reader, guards.SNIFF_BUDGET, what="the time budget of its sniff"):
            return bool(sniff(data))
    except Exception:  # a sniffer that fails recognises nothing; read() will say more
        return False
    except BaseException as err:
        if not raised_by_plugin(err):
            raise
        detail = _failure(reader, err)
        raise InputError(detail, detail) from err


def _failure(reader: Reader, err: BaseException) -> str:
    """A reader's failure in words: it ran away, or raised ``err``."""
    if isinstance(err, OutOfTime):
        return f"{reader.describe()} ran away: {err}"
    return f"{reader.describe()} failed: {type(err).__name__}: {err}".rstrip(": ")


def inline_reader(readers: Sequence[Reader], argument: str) -> Reader | None:
    """The inline reader that recognises a command-line ``argument`` as an input in its
    own right (not a file name), if any, first-party readers first. An argument ending in
    a suffix some reader claims (``no-such-board.sbn``) is a file name, missing or not;
    a reader that claims everything is not asked."""
    if by_suffix(readers, argument) is not None:
        return None
    data = argument.encode("utf-8", "surrogateescape")
    for reader in _by_precedence(readers):
        if (
            reader.inline
            and reader.sniff is not None
            and not claims_everything(reader)
            and _sniffs(reader, data)
        ):
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
        return _read_file(source, limit)
    except OSError as err:
        reason = err.strerror or str(err)
        where = f"{what} {display_name(source)}" if what else display_name(source)
        raise InputError(f"cannot read {where}: {reason}", f"cannot read it: {reason}") from None


def _read_file(path: str, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of the file at ``path``, as ``open(path, "rb")`` and
    ``read(limit + 1)`` give them, in fewer system calls and without the file objects
    (a batch reads hundreds of boards). Raises OSError, with the reason and the path."""
    try:
        fd = os.open(path, os.O_RDONLY | _CLOEXEC)
    except OSError as err:
        err.filename = path
        raise
    try:
        data = os.read(fd, limit + 1)
        # A file read whole comes back short of what was asked only at its end; a pipe
        # or a device may give less at a time: read on until the end or past the limit.
        while data and len(data) <= limit:
            more = os.read(fd, limit + 1 - len(data))
            if not more:
                break
            data += more
        return data
    except OSError as err:  # reading a folder: "Is a directory", as open() says it
        err.filename = path
        raise
    finally:
        os.close(fd)


_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


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
    if source != STDIN:
        # The common case first: a file that can be read. Reading it proves it exists,
        # so the look for it below (one more system call and some Python a board) is
        # made only when it cannot be read, and then all is done as before.
        reader = by_suffix(readers, source)
        limit = reader.max_bytes if reader else max(r.max_bytes for r in readers)
        try:
            data = _read_file(source, limit)
        except (OSError, ValueError):  # ValueError: a NUL in the path
            reader = None
        else:
            if reader is None:
                reader = _named(name, by_content, readers, data)
            return _checked_apply(reader, data, name, readers)
    if source != STDIN and not os.path.exists(source):
        reader = _named(name, inline_reader, readers, source)
        if reader is not None:
            return _apply(reader, source.encode("utf-8", "surrogateescape"), name)
        if re.match(_URL, source):
            detail = (
                "no installed reader takes this URL: queens reads puz.link Star Battle URLs "
                "(…?starbattle/…) and share links (…#board=…)"
            )
            raise InputError(f"{name}: {detail}", detail)
    if source != STDIN:
        reader = by_suffix(readers, source)
    limit = reader.max_bytes if reader else max(r.max_bytes for r in readers)
    data = load_bytes(source, limit)
    if reader is None:
        reader = _named(name, by_content, readers, data)
    return _checked_apply(reader, data, name, readers)


def _checked_apply(reader: Reader, data: bytes, name: str, readers: Sequence[Reader]) -> Reading:
    """``reader`` applied to ``data`` after the check of its size."""
    if len(data) > reader.max_bytes:
        detail = (
            f"input is larger than {reader.max_bytes} bytes, "
            f"the most the {reader.name} reader accepts"
        )
        raise InputError(f"{name}: {detail}", detail)
    return _apply(reader, data, name, readers)


def _named(
    name: str, choose: Callable[[Sequence[Reader], T], R], readers: Sequence[Reader], what: T
) -> R:
    """``choose(readers, what)``, its :class:`InputError` (a sniff that failed) naming
    the input."""
    try:
        return choose(readers, what)
    except InputError as err:
        raise InputError(f"{name}: {err.detail}", err.detail) from err.__cause__


def _apply(
    reader: Reader, data: bytes, name: str, readers: Sequence[Reader] = (TEXT_READER,)
) -> Reading:
    try:
        if _is_builtin_text(reader):
            reading = reader.read(data)
        else:
            with plugin_code(reader):
                reading = reader.read(data)
    except BoardError as err:
        detail = what_is_wrong(reader, data, err, readers, name)
        raise InputError(f"{name}: {detail}", detail) from None
    except Exception as err:  # a reader's bug is reported, not shown as a traceback
        detail = _failure(reader, err)
        raise InputError(f"{name}: {detail}", detail) from err
    except BaseException as err:  # SystemExit, KeyboardInterrupt: the reader's, unless Ctrl-C
        if not raised_by_plugin(err):
            raise
        detail = _failure(reader, err)
        raise InputError(f"{name}: {detail}", detail) from err
    if not isinstance(reading, Reading):
        detail = f"{reader.describe()} returned {type(reading).__name__}, not a queens_core.Reading"
        raise InputError(f"{name}: {detail}", detail)
    return reading


#: The first bytes of files people hand the text reader by mistake, and what they are.
MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "a PNG picture", ".png"),
    (b"\xff\xd8\xff", "a JPEG picture", ".jpg"),
    (b"GIF8", "a GIF picture", ".gif"),
    (b"RIFF", "a WebP picture", ".webp"),
    (b"%PDF", "a PDF document", ".pdf"),
    (b"PK\x03\x04", "a ZIP archive", ".zip"),
)
#: The names a file of each kind goes by, where there are several.
_NAMED_AS = {".jpg": (".jpg", ".jpeg")}
#: Two words of letters with a space between them: prose, never a row of a board (a
#: spaced row has single characters between its spaces).
_PROSE = rb"[A-Za-z]{2,}[ ,.:;]+[A-Za-z]{2,}"


def what_is_wrong(
    reader: Reader,
    data: bytes,
    err: BoardError,
    readers: Sequence[Reader],
    name: str | None = None,
) -> str:
    """The one line for ``data`` (from the file ``name``) that ``reader`` refused with
    ``err``: for the text reader, what the input looks like instead when it is plainly
    not a board (a picture, prose), since which character is wrong says nothing useful
    then."""
    if _is_builtin_text(reader):
        return misread(data, readers, name) or str(err)
    return str(err)


def misread(data: bytes, readers: Sequence[Reader], name: str | None = None) -> str | None:
    """What a file the text reader cannot read looks like instead, in the words of an
    error that points the right way; None when it looks like a board with a mistake.
    ``name``, the file's, says whether it is named as what it is already."""
    for magic, what, suffix in MAGIC:
        if data.startswith(magic) and (magic != b"RIFF" or data[8:12] == b"WEBP"):
            claimed = [r for r in readers if suffix in r.suffixes]
            named = name is not None and os.path.splitext(name)[1].lower() in _NAMED_AS.get(
                suffix, (suffix,)
            )
            if claimed:
                todo = f"name it FILE{suffix} so that the {claimed[0].name} reader reads it"
            elif what.endswith("picture") and named:
                todo = "install queens-read-image to read screenshots"
            elif what.endswith("picture"):
                todo = f"install queens-read-image to read screenshots, and name it FILE{suffix}"
            else:
                todo = "a board is text, one line a row and one character a cell"
            return f"this looks like {what}, not a board in text: {todo}"
    if re.search(_PROSE, data[:4096]):
        return (
            "this looks like prose, not a board: a board is one line a row and one character a cell"
        )
    return None


def suffixes_of(readers: Iterable[Reader]) -> tuple[str, ...]:
    """Every suffix some reader claims, sorted: what a folder of boards contributes."""
    return tuple(sorted({s for r in readers for s in r.suffixes}))

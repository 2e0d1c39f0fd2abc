"""Board writers: how a board (and a position's marks) becomes an output format.

Glossary
--------
writer
    A named way to turn a board into text: the text format, an SBN string, a puz.link
    URL, a share link. A package teaches ``queens`` another output format by returning
    writers from the ``queens_register_writers`` hook, as it adds an input format with
    ``queens_register_readers``; the formats that come with ``queens`` are registered
    through the same hooks, by the built-in plugin :mod:`.builtin_formats`.
marks
    The queens (stars) and crosses of a position, a :class:`queens_core.State`. A
    writer whose format carries them (``carries_marks``) writes them when it is given
    a state; the others write the board alone.
precedence
    As for readers: a name registered twice is an error that names both packages, and
    the formats that come with queens (:data:`queens_core.plugins.FIRST_PARTY`) load
    first, so the other package is the one named.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..engine.board import Board, BoardError
from ..engine.state import State
from ..runtime.guards import OutOfTime, plugin_code, raised_by_plugin

__all__ = ["Writer", "WriterError", "write_board"]

#: Checked when a package registers a writer (compiled then, by ``re``, not at import).
WRITER_NAME = r"^[a-z][a-z0-9_-]*$"
SUFFIX = r"^\.[a-z0-9][a-z0-9._-]*$"


class Writer:
    """An output format, as a package registers it.

    ``write(board, state)`` returns the text of ``board`` in this format — its K is
    ``board.stars`` — with the marks of ``state`` when the format carries marks and
    ``state`` is not None. It raises :class:`queens_core.BoardError` with a one-line
    reason when the format cannot carry this board ("SBN has no size code for 30").
    ``suffix`` is the file suffix its output is saved under (``.sbn``), empty for a
    format that is not a file (a URL). Frozen once made, like a reader.
    """

    # Not a dataclass: every command builds the registry, and making a dataclass at
    # import costs about 1 ms.
    __slots__ = ("carries_marks", "name", "package", "suffix", "summary", "version", "write")

    name: str
    summary: str
    write: Callable[[Board, State | None], str]
    suffix: str
    carries_marks: bool
    #: Filled in by the registry from the distribution that registered the writer.
    package: str
    version: str

    def __init__(
        self,
        *,
        name: str,
        summary: str,
        write: Callable[[Board, State | None], str],
        suffix: str = "",
        carries_marks: bool = False,
        package: str = "",
        version: str = "",
    ):
        for field, value in (
            ("name", name),
            ("summary", summary),
            ("write", write),
            ("suffix", suffix),
            ("carries_marks", carries_marks),
            ("package", package),
            ("version", version),
        ):
            object.__setattr__(self, field, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Writer is frozen: cannot set {name}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Writer) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"Writer(name={self.name!r}, package={self.package!r}, version={self.version!r})"

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, field) for field in self.__slots__)

    def from_package(self, package: str, version: str) -> Writer:
        """This writer as registered by ``package`` ``version`` (the registry's record)."""
        return Writer(
            name=self.name,
            summary=self.summary,
            write=self.write,
            suffix=self.suffix,
            carries_marks=self.carries_marks,
            package=package,
            version=version,
        )

    def problems(self) -> list[str]:
        """What is wrong with this registration, if anything (empty when it is fine)."""
        found = []
        if not isinstance(self.name, str) or not re.match(WRITER_NAME, self.name):
            found.append(f"writer name {self.name!r} is not a lower-case id")
        if not isinstance(self.summary, str) or not self.summary.strip():
            found.append("summary is empty")
        if not callable(self.write):
            found.append("write is not callable")
        if not isinstance(self.suffix, str) or (self.suffix and not re.match(SUFFIX, self.suffix)):
            found.append(f"suffix {self.suffix!r} is not empty or a lower-case suffix like '.sbn'")
        if not isinstance(self.carries_marks, bool):
            found.append(f"carries_marks {self.carries_marks!r} is not a bool")
        return found

    def describe(self) -> str:
        """How an error names the writer: ``writer 'sbn' from queens-rules-starbattle 0.1.0``."""
        origin = f"{self.package} {self.version}".strip() or "an unnamed package"
        return f"writer {self.name!r} from {origin}"


class WriterError(Exception):
    """A board a writer cannot write, or a writer that failed; ``str()`` is one line."""


def write_board(writer: Writer, board: Board, state: State | None = None) -> str:
    """``board`` (and the marks of ``state``, if the format carries them) in ``writer``'s
    format. A board the format cannot carry raises :class:`WriterError` with the
    writer's reason; a writer that fails in any other way (raises, returns something
    other than a string, runs away) raises it naming the writer and its package."""
    marks = state if writer.carries_marks else None
    try:
        with plugin_code(writer):
            text = writer.write(board, marks)
    except BoardError as err:
        raise WriterError(f"{writer.name}: {err}") from None
    except Exception as err:  # a writer's bug is reported, not shown as a traceback
        raise WriterError(_failure(writer, err)) from err
    except BaseException as err:  # SystemExit, KeyboardInterrupt: the writer's, unless Ctrl-C
        if not raised_by_plugin(err):
            raise
        raise WriterError(_failure(writer, err)) from err
    if not isinstance(text, str):
        raise WriterError(f"{writer.describe()} returned {type(text).__name__}, not a str")
    return text


def _failure(writer: Writer, err: BaseException) -> str:
    if isinstance(err, OutOfTime):
        return f"{writer.describe()} ran away: {err}"
    return f"{writer.describe()} failed: {type(err).__name__}: {err}".rstrip(": ")

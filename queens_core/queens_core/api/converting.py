"""Writing boards in other formats: the ``convert`` and ``write`` verbs.

A format is a writer some package registered (``queens_register_writers``): the text
format, SBN v1 and v2, puz.link URLs and share links come with queens. A board goes
out with its K; with the marks of a position too when the format carries them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.board import Board
    from ..engine.state import State
    from ..plugins.writers import Writer

#: The schema of :meth:`Conversion.to_json`.
CONVERT_SCHEMA = "queens-convert/1"


class UnknownFormat(ValueError):
    """A format no installed writer writes; ``str()`` names the ones there are."""


def find_writer(writers: Sequence[Writer], name: str) -> Writer:
    """The installed writer called ``name`` (case-insensitive), or :class:`UnknownFormat`."""
    wanted = name.strip().lower()
    for writer in writers:
        if writer.name == wanted:
            return writer
    names = ", ".join(w.name for w in writers) or "none"
    raise UnknownFormat(f"no format {name!r}: the installed writers are {names}")


def write(writers: Sequence[Writer], board: Board, to: str, state: State | None = None) -> str:
    """``board`` (with the marks of ``state`` when the format carries them) in format
    ``to``. Raises :class:`UnknownFormat`, or ``WriterError`` for a board the format
    cannot carry."""
    from ..plugins.writers import write_board

    return write_board(find_writer(writers, to), board, state)


def share_page(to: str, page: str | None) -> Callable[[Board, State | None], str] | None:
    """How to write a share link to ``page`` (None when no page is asked for: the writer
    as registered). Raises ``WriterError`` for a page asked of another format, or one
    that is not an http(s) address a fragment can follow."""
    from ..plugins.writers import WriterError

    if page is None:
        return None
    if to != "share":
        raise WriterError(f"a page address is for share links only, not for the {to} format")
    if re.fullmatch(r"https?://[^\s#]+", page) is None:
        raise WriterError(
            f"page address {page!r} is not an http:// or https:// address without a '#' part"
        )
    from ..plugins.builtin_formats import write_share

    return partial(write_share, base=page)


@dataclass(frozen=True)
class Conversion:
    """A board read in one format and written in another (``queens convert``)."""

    name: str
    board: Board
    state: State | None
    to: str
    text: str
    #: Whether the marks of ``state`` went into ``text`` (the format carries them).
    with_marks: bool
    #: The reader's warnings about its reading of the input, one line each.
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The ``queens-convert/1`` document."""
        return {
            "schema": CONVERT_SCHEMA,
            "source": self.name,
            "format": self.to,
            "size": self.board.n,
            "stars": self.board.stars,
            "marks": self.with_marks,
            "text": self.text,
        }

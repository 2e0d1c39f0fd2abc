"""Reading many boards: board files and folders, errors that do not stop the batch.

The commands that take several boards (``solve``, ``check``, ``stats``) go on to the next
board after a bad one, so reading a board reports trouble as a :class:`BoardInputError`
(one line, naming the file) instead of ending the process.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..engine.board import MAX_INPUT_BYTES, Board, BoardError
from ..plugins.readers import (
    STDIN,
    TEXT_READER,
    Reader,
    Reading,
    display_name,
    inline_reader,
    load_bytes,
    read_source,
)
from ..plugins.readers import InputError as BoardInputError

if TYPE_CHECKING:
    from pathlib import Path

#: What a folder contributes with only the text reader: its board files, found recursively.
BOARD_SUFFIX = ".txt"


def read_input(path: str, what: str = "") -> bytes:
    """The bytes at ``path`` (``-`` is standard input), no more than one byte past
    :data:`MAX_INPUT_BYTES`, so a huge input is refused without being read. ``what``
    ("state") names the input in the error."""
    return load_bytes(path, MAX_INPUT_BYTES, what)


def read_board_file(
    path: str, readers: Sequence[Reader] = (TEXT_READER,), stars: int | None = None
) -> Board:
    """Read the board at ``path`` (``-`` is standard input) with the reader chosen for it
    among ``readers`` (see :mod:`queens_core.plugins.readers`); the text reader by default.

    ``stars`` is K, the stars per unit; None takes what the input declares (an SBN
    string does), else 1. See :func:`board_with_stars`.
    """
    return board_with_stars(read_source(path, readers), stars, display_name(path))


def board_with_stars(reading: Reading, stars: int | None, name: str) -> Board:
    """The reading's board with ``stars`` per unit (None: the input's own K, else the
    only K that gives it one solution when its reader found one, else 1).

    Raises :class:`BoardInputError` when K is impossible for the board's size or
    contradicts the K the input declares.
    """
    declared = reading.stars
    if stars is None:
        stars = declared or reading.unique_stars or 1
    elif declared is not None and declared != stars:
        detail = f"the input declares {declared} stars per unit, but --stars says {stars}"
        raise BoardInputError(f"{name}: {detail}", detail)
    try:
        return reading.board.with_stars(stars)
    except BoardError as err:
        raise BoardInputError(f"{name}: {err}", str(err)) from None


def _natural_key(path: Path) -> list:
    """Sort ``10.txt`` after ``9.txt``: digit runs compare as numbers."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", str(path))]


def expand_paths(
    paths: Iterable[str], readers: Sequence[Reader] = (TEXT_READER,)
) -> list[tuple[str, str | None]]:
    """Each argument as (path, problem): a file stays itself, a folder becomes its board
    files (every suffix a reader claims, ``*.txt`` for the text reader; all depths, hidden
    ones left out, in natural order), and an argument an inline reader recognises stays
    itself too.

    A folder without boards, or a path that does not exist, comes back once with the
    problem to report; the caller decides what that costs.
    """
    suffixes = {s for r in readers for s in r.suffixes} or {BOARD_SUFFIX}
    out: list[tuple[str, str | None]] = []
    for path in paths:
        if path == STDIN or os.path.isfile(path):
            out.append((path, None))
        elif os.path.isdir(path):
            from pathlib import Path  # only a folder argument needs it (start-up cost)

            found = [
                p
                for p in Path(path).rglob("*")
                if p.suffix.lower() in suffixes
                and p.is_file()
                and not any(part.startswith(".") for part in p.relative_to(path).parts)
            ]
            if not found:
                kinds = ", ".join(f"*{s}" for s in sorted(suffixes))
                out.append((path, f"{path}: no board files ({kinds}) in this folder"))
            out.extend((str(p), None) for p in sorted(found, key=_natural_key))
        elif inline_reader(readers, path) is not None:
            out.append((path, None))
        else:
            out.append((path, f"cannot read {display_name(path)}: No such file or directory"))
    return out


def missing_path(paths: Iterable[str], readers: Sequence[Reader] = (TEXT_READER,)) -> str | None:
    """The error for the first path that does not exist and that no inline reader claims
    (a typo, most likely), or None. A command over many boards checks this before it
    starts, so that a mistyped path is one line of bad input rather than a report about
    no boards."""
    for path in paths:
        if path != STDIN and not os.path.exists(path) and inline_reader(readers, path) is None:
            return f"cannot read {display_name(path)}: No such file or directory"
    return None


def worst(statuses: Iterable[int], severity: tuple[int, ...]) -> int:
    """The most severe status; ``severity`` lists the statuses from mildest to worst."""
    rank = {status: i for i, status in enumerate(severity)}
    return max(statuses, key=lambda status: rank[status], default=severity[0])

"""Reading many boards: board files and folders, errors that do not stop the batch.

The commands that take several boards (``solve``, ``check``, ``stats``) go on to the next
board after a bad one, so reading a board reports trouble as a :class:`BoardInputError`
(one line, naming the file) instead of ending the process.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from .board import MAX_INPUT_BYTES, Board, BoardError

STDIN = "-"
#: What a folder contributes: its board files, found recursively.
BOARD_SUFFIX = ".txt"


class BoardInputError(Exception):
    """A board that cannot be read or parsed; ``str()`` is one line naming the file,
    ``detail`` the same without the file's name."""

    def __init__(self, message: str, detail: str):
        super().__init__(message)
        self.detail = detail


def display_name(path: str) -> str:
    """How messages name a path: ``<stdin>`` for ``-``, control characters escaped (a
    newline in a file name must not split an error line)."""
    if path == STDIN:
        return "<stdin>"
    if path.isprintable():
        return path
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in path)


def read_input(path: str, what: str = "") -> bytes:
    """The bytes at ``path`` (``-`` is standard input), no more than one byte past
    :data:`MAX_INPUT_BYTES`, so a huge input is refused without being read. ``what``
    ("state") names the input in the error."""
    try:
        if path == STDIN:
            if sys.stdin is None:  # started with standard input closed (`<&-`)
                raise OSError(0, "standard input is closed")
            return sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        with open(path, "rb") as handle:
            return handle.read(MAX_INPUT_BYTES + 1)
    except OSError as err:
        reason = err.strerror or str(err)
        where = f"{what} {display_name(path)}" if what else display_name(path)
        message = f"cannot read {where}: {reason}"
        raise BoardInputError(message, f"cannot read it: {reason}") from None


def read_board_file(path: str) -> Board:
    """Read and parse the board at ``path`` (``-`` is standard input)."""
    data = read_input(path)
    try:
        return Board.parse_bytes(data)
    except BoardError as err:
        raise BoardInputError(f"{display_name(path)}: {err}", str(err)) from None


def _natural_key(path: Path) -> list:
    """Sort ``10.txt`` after ``9.txt``: digit runs compare as numbers."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", str(path))]


def expand_paths(paths: Iterable[str]) -> list[tuple[str, str | None]]:
    """Each argument as (path, problem): a file stays itself, a folder becomes its
    ``*.txt`` files (all depths, hidden ones left out, in natural order).

    A folder without boards, or a path that does not exist, comes back once with the
    problem to report; the caller decides what that costs.
    """
    out: list[tuple[str, str | None]] = []
    for path in paths:
        if path == STDIN or os.path.isfile(path):
            out.append((path, None))
        elif os.path.isdir(path):
            found = [
                p
                for p in Path(path).rglob(f"*{BOARD_SUFFIX}")
                if p.is_file()
                and not any(part.startswith(".") for part in p.relative_to(path).parts)
            ]
            if not found:
                out.append((path, f"{path}: no board files (*{BOARD_SUFFIX}) in this folder"))
            out.extend((str(p), None) for p in sorted(found, key=_natural_key))
        else:
            out.append((path, f"cannot read {path}: No such file or directory"))
    return out


def worst(statuses: Iterable[int], severity: tuple[int, ...]) -> int:
    """The most severe status; ``severity`` lists the statuses from mildest to worst."""
    rank = {status: i for i, status in enumerate(severity)}
    return max(statuses, key=lambda status: rank[status], default=severity[0])

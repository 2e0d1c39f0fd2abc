"""Reading many boards: board files and folders, errors that do not stop the batch.

The commands that take several boards (``solve``, ``check``, ``stats``) go on to the next
board after a bad one, so reading a board reports trouble as a :class:`BoardInputError`
(one line, naming the file) instead of ending the process.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence

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
        detail = f"the input declares {declared} stars per unit, but the K asked for is {stars}"
        raise BoardInputError(f"{name}: {detail}", detail)
    try:
        return reading.board.with_stars(stars)
    except BoardError as err:
        raise BoardInputError(f"{name}: {err}", str(err)) from None


def _natural_key(path: str) -> list:
    """Sort ``10.txt`` after ``9.txt``: digit runs compare as numbers."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", path)]


def _spelled_as_pathlib(path: str) -> str:
    """``path`` as ``str(pathlib.Path(path))`` writes it (empty and ``.`` parts dropped,
    ``..`` kept), without importing pathlib: the start-up of a command over a folder."""
    root = "//" if path.startswith("//") and not path.startswith("///") else "/"[: path[:1] == "/"]
    return root + "/".join(part for part in path.split("/") if part not in ("", ".")) or "."


def _suffix(name: str) -> str:
    """A file name's suffix as ``pathlib`` tells it: ``.txt``; none for ``.txt`` or ``a.``."""
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def _board_files(folder: str, suffixes: set[str]) -> list[str]:
    """The files under ``folder`` with one of ``suffixes`` (any case), at any depth,
    without the hidden ones or those in a hidden folder, written from ``folder`` as
    ``pathlib`` writes them, in natural order. As ``Path(folder).rglob("*")`` walks: a
    link to a folder is not followed, a link to a file is taken, a folder that cannot
    be listed is passed over (one ``os.scandir`` a folder instead of pathlib's objects)."""
    found: list[str] = []
    base = _spelled_as_pathlib(folder)
    pending = [(folder, "" if base == "." else base.rstrip("/") + "/")]
    while pending:
        where, written = pending.pop()
        try:
            with os.scandir(where) as entries:
                listed = list(entries)
        except PermissionError:
            continue
        for entry in listed:
            name = entry.name
            if name.startswith("."):
                continue
            try:
                if entry.is_dir(follow_symlinks=False):
                    pending.append((entry.path, written + name + "/"))
                elif _suffix(name).lower() in suffixes and entry.is_file():
                    found.append(written + name)
            except OSError:
                continue
    return sorted(found, key=_natural_key)


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
            found = _board_files(path, suffixes)
            if not found:
                kinds = ", ".join(f"*{s}" for s in sorted(suffixes))
                out.append((path, f"{path}: no board files ({kinds}) in this folder"))
            out.extend((found_path, None) for found_path in found)
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


def refuse_missing(paths: Iterable[str], readers: Sequence[Reader] = (TEXT_READER,)) -> None:
    """Raise :class:`BoardInputError` for the first path :func:`missing_path` names, as
    reading it would."""
    missing = missing_path(paths, readers)
    if missing is not None:
        raise BoardInputError(missing, "cannot read it: No such file or directory")


def worst(statuses: Iterable[int], severity: tuple[int, ...]) -> int:
    """The most severe status; ``severity`` lists the statuses from mildest to worst."""
    rank = {status: i for i, status in enumerate(severity)}
    return max(statuses, key=lambda status: rank[status], default=severity[0])

"""The checks of the verbs' arguments: a value of a type a verb does not take is refused
at the door with :class:`~.errors.ArgumentTypeError` (an ``ArgumentError``), naming the
parameter and what it takes, before any work; not left to fail deep inside with an
``AttributeError`` about an attribute the caller never heard of.

Each check returns the value as the verb uses it (a path object as its path, one name as
a tuple of one).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable
from typing import Any

from ..engine.arguments import Argument, ArgumentError
from ..engine.board import Board
from ..engine.state import State
from .errors import ArgumentTypeError

#: How much of a refused value's ``repr`` a message shows.
SHOWN = 60


def shown(value: object) -> str:
    """``value`` as a message shows it: its type and ``repr`` (cut short), None as
    itself: ``str '8'``, ``bool True``."""
    if value is None:
        return "None"
    text = repr(value)
    text = text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."
    return f"{type(value).__name__} {text}"


def refuse(name: str, value: object, wanted: str) -> ArgumentError:
    """The error for ``value`` given as ``name``, which takes ``wanted``."""
    return ArgumentTypeError(Argument(name), f" must be {wanted}, not {shown(value)}")


def whole(name: str, value: object, least: int | None = None) -> int:
    """A whole number (not a bool), at least ``least`` when given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse(name, value, "a whole number")
    if least is not None and value < least:
        raise ArgumentError(Argument(name), f" must be at least {least}, not {value}")
    return value


def whole_or_none(name: str, value: object, least: int | None = None) -> int | None:
    return None if value is None else whole(name, value, least)


def stars(value: object) -> int | None:
    """K, stars per unit: a whole number of at least 1, or None (what the input says)."""
    return whole_or_none("stars", value, 1)


def flag(name: str, value: object) -> bool:
    """True or False (a truthy string or number would pass for true without a word)."""
    if not isinstance(value, bool):
        raise refuse(name, value, "True or False")
    return value


def flag_or_none(name: str, value: object) -> bool | None:
    """True, False, or None (the verb's own default)."""
    return None if value is None else flag(name, value)


def text(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise refuse(name, value, "a string")
    return value


def text_or_none(name: str, value: object) -> str | None:
    if value is not None and not isinstance(value, str):
        raise refuse(name, value, "a string or None")
    return value


def grade(name: str, value: object) -> str | None:
    """A grade: its name or level as text (``"Hard"``, ``"3"``), its level as a whole
    number (3), or None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if value is not None and not isinstance(value, str):
        raise refuse(name, value, "a grade's name or level ('Hard', 3) or None")
    return value


def names(name: str, values: object, what: str = "rule or package names") -> tuple[str, ...]:
    """Names as a tuple: one string is one name (never its letters); else an iterable
    of strings."""
    if isinstance(values, str):
        return (values,)
    if not isinstance(values, Iterable) or isinstance(values, (bytes, bytearray)):
        raise refuse(name, values, f"{what}: a string, or a list of strings")
    given = tuple(values)
    for value in given:
        if not isinstance(value, str):
            raise refuse(name, value, f"{what}, each a string")
    return given


def letters(name: str, values: object) -> str:
    """Region letters: a string (``"AF"``), or an iterable of one-letter strings."""
    return "".join(names(name, values, "region letters"))


def path_or_none(name: str, value: object) -> str | None:
    """A path (a string or a path object) as a string, or None."""
    if value is None:
        return None
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str):
        raise refuse(name, value, "a path (a string or a path object) or None")
    return value


def paths(name: str, value: object) -> list[str]:
    """Files and folders: one path (a string or a path object) is one, never its
    letters; else an iterable of paths."""
    if isinstance(value, (str, os.PathLike)):
        return [os.fspath(value)]
    wanted = "a path (a string or a path object), or a list of paths"
    if not isinstance(value, Iterable) or isinstance(value, (bytes, bytearray)):
        raise refuse(name, value, wanted)
    found = []
    for each in value:
        if isinstance(each, os.PathLike):
            each = os.fspath(each)
        if not isinstance(each, str):
            raise refuse(name, each, "paths, each a string or a path object")
        found.append(each)
    return found


def budget(name: str, value: object) -> float:
    """A budget of seconds that may be 0 (one round of work, or none): a finite number,
    not below 0."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise refuse(name, value, "a number of seconds")
    if not math.isfinite(value) or value < 0:
        raise ArgumentError(
            Argument(name), f": {value!r} is not a finite number of seconds, 0 or more"
        )
    return value


def budget_or_none(name: str, value: object) -> float | None:
    """A :func:`budget`, or None: no limit."""
    return None if value is None else budget(name, value)


def function_or_none(name: str, value: object) -> Callable[..., Any] | None:
    if value is not None and not callable(value):
        raise refuse(name, value, "a function or None")
    return value


def data(name: str, value: object) -> bytes:
    """Bytes (``bytearray`` and ``memoryview`` too): what an upload holds. Text is
    refused with the way to its bytes."""
    if isinstance(value, str):
        raise refuse(name, value, "bytes (text gives its bytes with .encode())")
    if not isinstance(value, (bytes, bytearray, memoryview)):
        raise refuse(name, value, "bytes")
    return bytes(value)


def rows(name: str, value: object) -> str:
    """The rows of a board or a picture, as one text: the text itself, or a sequence of
    rows, each a string."""
    if isinstance(value, str):
        return value
    if not isinstance(value, Iterable) or isinstance(value, (bytes, bytearray)):
        raise refuse(name, value, "the rows (a string, or a list of strings, one a row)")
    given = list(value)
    for row in given:
        if not isinstance(row, str):
            raise refuse(name, row, "rows, each a string")
    return "\n".join(given)


def board(value: object, name: str = "board") -> Board:
    """A :class:`Board` (a path is read by the verb before this is asked)."""
    if not isinstance(value, Board):
        raise refuse(name, value, "a Board or the path of a board file")
    return value


def state_or_none(name: str, value: object) -> State | None:
    """A :class:`State`, or None: the empty board (a picture's text or a file's path
    would fail later with a message about an attribute)."""
    if value is not None and not isinstance(value, State):
        raise ArgumentTypeError(
            Argument(name),
            f" must be a State or None, not {type(value).__name__}: "
            "Application.state(board, rows) draws one from its picture",
        )
    return value

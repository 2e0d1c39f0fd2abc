"""Errors about what a caller asked for, worded for whoever asked.

The same request reaches the application through three shells: a Python call
(``generate(size=3)``), a command line (``queens generate --size 3``) and the web page's
JSON (``{"size": 3}``). An error about it names the parameter the way the asker wrote it,
so the message holds the parameter as an :class:`Argument`, not as text, and each shell
words it (:meth:`Worded.worded`): ``str()`` is the Python wording, the one a caller of
:mod:`queens_core.api` reads.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Argument:
    """A parameter a message names: ``name`` is the API's keyword (``max_region``);
    ``value``, when given, is shown with it (``needs='x'``, ``--needs x``)."""

    name: str
    value: object = None
    #: Whether the message shows ``value`` next to the name (a value may be None).
    shown: bool = False

    @classmethod
    def given(cls, name: str, value: object) -> Argument:
        """The parameter with the value the caller gave it."""
        return cls(name, value, True)


@dataclass(frozen=True)
class Listing:
    """Where the asker finds the names a message refers to, in their own shell:
    ``topic`` is ``"rules"``: the installed rules, their ids and the stars each is for.
    A player's answer points to the asker's other verbs the same way: ``"next_step"``
    (the hint from a position), ``"what_if"`` (a tentative queen on the cell ``value``),
    ``"all_steps"`` (the whole document), ``"state_picture"`` (what reads a position
    back from its picture), ``"every_step"`` (each of a queen's crosses a hint)."""

    topic: str
    value: object = None


#: A piece of a message: text, a parameter, or a listing to point to.
Part = str | Argument | Listing
#: How one shell words a parameter or a listing.
Naming = Callable[[Argument | Listing], str]

#: Where a Python caller finds what a listing lists (``{value!r}``: the listing's value).
PYTHON_LISTINGS = {
    "rules": "`Application().rules()`",
    "next_step": "`Application().hint(board, state)`",
    "what_if": "`Application().what_if(board, {value!r})`",
    "all_steps": "`to_json()`",
    "state_picture": "`read_state`",
    "every_step": "`every_step=True`",
}


def python_name(part: Argument | Listing) -> str:
    """A part as a Python caller wrote it: ``size``, ``keep='Z'``,
    ``Application().rules()``."""
    if isinstance(part, Listing):
        return PYTHON_LISTINGS[part.topic].format(value=part.value)
    return f"{part.name}={part.value!r}" if part.shown else part.name


class Worded(Exception):
    """An exception whose message names parameters (:class:`Argument`), so that each
    shell can say it in its own words; ``str()`` says it in Python's.

    Built from pieces of text and parts: ``GenerateError(Argument("size"), ": 3 is not a
    size it makes")``. A single string is a message that names no parameter."""

    def __init__(self, *parts: Part | tuple[Part, ...], about: str | None = None):
        flat: list[Part] = []
        for part in parts:
            flat.extend(part if isinstance(part, tuple) else (part,))
        self.parts = tuple(flat)
        #: The API keyword of the parameter the error is about: ``about``, else the first
        #: one the message names; None when it is about none.
        self.parameter = about or next(
            (part.name for part in self.parts if isinstance(part, Argument)), None
        )
        super().__init__(self.worded(python_name))

    def __reduce__(self) -> tuple[Any, ...]:
        # A worker process raises it, the parent shows it: the parts cross, not the text.
        return (type(self), self.parts, self.__dict__)

    def worded(self, naming: Naming) -> str:
        """The message with each parameter and listing named by ``naming``."""
        return words(self.parts, naming)


class ArgumentError(Worded, ValueError):
    """A value a caller gave that the application refuses (a size it does not make, a
    rule that is not installed, a time limit that is not positive)."""


def words(parts: tuple[Part, ...], naming: Naming = python_name) -> str:
    """A text made of ``parts``, each parameter and listing named by ``naming``."""
    return "".join(part if isinstance(part, str) else naming(part) for part in parts)


def parts_of(error: BaseException) -> tuple[Part, ...]:
    """The parts of ``error``'s message, to raise it again as another type."""
    return error.parts if isinstance(error, Worded) else (str(error),)


def worded(error: BaseException, naming: Naming) -> str:
    """What ``error`` says, its parameters named by ``naming`` when it names any."""
    return error.worded(naming) if isinstance(error, Worded) else str(error)


def seconds_refusal(number: object, given: object) -> str | None:
    """Why ``number`` (read from ``given``, what the asker wrote) is not a time limit: a
    finite number above 0 (``nan``, ``inf`` and a number too large for a float would each
    silently remove the bound); None when it is one. The one test of a time limit, for
    every shell."""
    if isinstance(number, bool) or not isinstance(number, int | float):
        return f"{given!r} is not a number of seconds"
    if not math.isfinite(number):
        return f"{given!r} is not a finite number of seconds"
    if number <= 0:
        return f"{given!r} is not more than 0 seconds"
    return None


def check_seconds(name: str, seconds: float) -> None:
    """Raise :class:`ArgumentError` naming the parameter ``name`` unless ``seconds`` is a
    time limit (:func:`seconds_refusal`)."""
    refusal = seconds_refusal(seconds, seconds)
    if refusal is not None:
        raise ArgumentError(Argument(name), f": {refusal}")

"""Why the pigeonhole rule killed cells: the typed detail of its steps.

Interpreted, beside the compiled tight-set search (scripts/build_compiled.py): a class with
a ``__new__`` of its own is plain Python's to make.
"""

from __future__ import annotations

from typing import NamedTuple

from queens_core import pickle_by_tuple_form

__all__ = ["RegionsInLines"]


class _RegionsInLinesFields(NamedTuple):
    tag: str
    regions: tuple[int, ...]
    kind: str
    lines: tuple[int, ...]


class RegionsInLines(_RegionsInLinesFields):
    """The ``regions`` have all their live cells in as many ``lines`` (``kind`` is
    ``rows`` or ``columns``), so those lines' queens are theirs (``("regions", regions,
    kind, lines)`` as a tuple)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(cls, regions: tuple[int, ...], kind: str, lines: tuple[int, ...]) -> RegionsInLines:
        return tuple.__new__(cls, ("regions", regions, kind, lines))

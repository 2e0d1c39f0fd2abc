"""Why the basic propagation (:mod:`.propagation`) killed or placed: the typed details of
its steps, one named tuple per kind of reason.

Each is a tuple in the form contract 0.2 gave (a tag string, then the indices), so
``--format json`` prints it as before and a 0.2 rule that reads these steps by position
still works; a 0.3 rule reads the fields by name and tells the kinds apart by type.

Its own module, interpreted, beside the compiled propagation (scripts/build_compiled.py):
a class with a ``__new__`` of its own is plain Python's to make.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["LineConfined", "OnlyLiveCell", "QueenKills", "RegionConfined"]


class _QueenKillsFields(NamedTuple):
    tag: str
    cell: int


class QueenKills(_QueenKillsFields):
    """Why cells died: the queen already on ``cell`` kills its kill list
    (``("queen", cell)`` as a tuple)."""

    __slots__ = ()

    def __new__(cls, cell: int) -> QueenKills:
        return tuple.__new__(cls, ("queen", cell))


class OnlyLiveCell(NamedTuple):
    """Why a queen was placed: its cell is the only live one of the unit ``kind``
    (``row``, ``column`` or ``region``) number ``which``, 0-based (``("region", 3)`` as a
    tuple)."""

    kind: str
    which: int


class _RegionConfinedFields(NamedTuple):
    tag: str
    region: int
    kind: str
    line: int


class RegionConfined(_RegionConfinedFields):
    """Why cells died: every live cell of ``region`` lies in the line ``kind`` (``row``
    or ``column``) ``line`` (``("region", 3, "row", 0)`` as a tuple)."""

    __slots__ = ()

    def __new__(cls, region: int, kind: str, line: int) -> RegionConfined:
        return tuple.__new__(cls, ("region", region, kind, line))


class _LineConfinedFields(NamedTuple):
    kind: str
    line: int
    tag: str
    region: int


class LineConfined(_LineConfinedFields):
    """Why cells died: every live cell of the line ``kind`` ``line`` lies in ``region``
    (``("row", 0, "region", 3)`` as a tuple)."""

    __slots__ = ()

    def __new__(cls, kind: str, line: int, region: int) -> LineConfined:
        return tuple.__new__(cls, (kind, line, "region", region))

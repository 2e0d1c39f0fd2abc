"""Why a polyomino shape rule killed cells: the typed detail of its steps.

Interpreted, beside the compiled sweep (scripts/build_compiled.py): a class with a
``__new__`` of its own is plain Python's to make.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["ShapeInRegion"]


def _tuple_form(detail: tuple) -> tuple[object, tuple[type, tuple]]:
    """How a detail whose constructor leaves out its tag is pickled (a process pool sends
    steps back): made again from its tuple form, without its own ``__new__``."""
    return tuple.__new__, (type(detail), tuple(detail))


class _ShapeInRegionFields(NamedTuple):
    tag: str
    region: int


class ShapeInRegion(_ShapeInRegionFields):
    """The live cells of ``region`` form the rule's shape (``("region", region)`` as a
    tuple); the step's counter says which shape."""

    __slots__ = ()
    __reduce__ = _tuple_form

    def __new__(cls, region: int) -> ShapeInRegion:
        return tuple.__new__(cls, ("region", region))

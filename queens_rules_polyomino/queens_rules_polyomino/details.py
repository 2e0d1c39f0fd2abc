"""Why a polyomino shape rule killed cells: the typed detail of its steps.

Interpreted, beside the compiled sweep (scripts/build_compiled.py): a class with a
``__new__`` of its own is plain Python's to make.
"""

from __future__ import annotations

from typing import NamedTuple

from queens_core import pickle_by_tuple_form

__all__ = ["ShapeInRegion"]


class _ShapeInRegionFields(NamedTuple):
    tag: str
    region: int


class ShapeInRegion(_ShapeInRegionFields):
    """The live cells of ``region`` form the rule's shape (``("region", region)`` as a
    tuple); the step's counter says which shape."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(cls, region: int) -> ShapeInRegion:
        return tuple.__new__(cls, ("region", region))

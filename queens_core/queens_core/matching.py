"""Bipartite matching on bitmasks, for rules that count with it.

The stable path of :mod:`.engine.matching`."""

from .engine.matching import (
    alternating_reach,
    augment_all,
    hall_violator,
    maximum_matching,
    unmatchable,
)

__all__ = [
    "alternating_reach",
    "augment_all",
    "hall_violator",
    "maximum_matching",
    "unmatchable",
]

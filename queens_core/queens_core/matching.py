"""Bipartite matching on bitmasks: maximum matchings and Hall violators.

Part of the plugin contract: rule and reader packages import these names from this
path, which stays stable while the implementation behind it moves.
"""

from .engine.matching import (
    alternating_reach,
    hall_violator,
    maximum_matching,
    unmatchable,
)

__all__ = [
    "alternating_reach",
    "hall_violator",
    "maximum_matching",
    "unmatchable",
]

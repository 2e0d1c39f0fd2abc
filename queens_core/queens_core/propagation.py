"""The basic deductions, for rules that run them again.

The stable path of :mod:`.engine.propagation`."""

from .engine.propagation import (
    PROPAGATORS,
    Ctx,
    clear_line_of_confined_region,
    clear_region_of_confined_line,
    place_line_single,
    place_region_single,
    settle_queens,
)
from .engine.rules import LineConfined, OnlyLiveCell, QueenKills, RegionConfined

__all__ = [
    "PROPAGATORS",
    "Ctx",
    "LineConfined",
    "OnlyLiveCell",
    "QueenKills",
    "RegionConfined",
    "clear_line_of_confined_region",
    "clear_region_of_confined_line",
    "place_line_single",
    "place_region_single",
    "settle_queens",
]

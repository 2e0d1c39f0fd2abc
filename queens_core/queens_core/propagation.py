"""The four basic deductions and the settling of queens, for rules that rerun them.

Part of the plugin contract: rule and reader packages import these names from this
path, which stays stable while the implementation behind it moves.
"""

from .engine.propagation import (
    PROPAGATORS,
    Ctx,
    clear_line_of_confined_region,
    clear_region_of_confined_line,
    place_line_single,
    place_region_single,
    settle_queens,
)

__all__ = [
    "PROPAGATORS",
    "Ctx",
    "clear_line_of_confined_region",
    "clear_region_of_confined_line",
    "place_line_single",
    "place_region_single",
    "settle_queens",
]

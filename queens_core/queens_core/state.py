"""A solve's state: which cells are queens, which are dead, and how cells are named.

Part of the plugin contract: rule and reader packages import these names from this
path, which stays stable while the implementation behind it moves.
"""

from .engine.state import (
    DEAD,
    LIVE,
    QUEEN,
    EmptyUnit,
    State,
    cell_label,
    cell_labels,
    find_empty_unit,
    missed_unit,
    read_state,
    unit_label,
)

__all__ = [
    "DEAD",
    "LIVE",
    "QUEEN",
    "EmptyUnit",
    "State",
    "cell_label",
    "cell_labels",
    "find_empty_unit",
    "missed_unit",
    "read_state",
    "unit_label",
]

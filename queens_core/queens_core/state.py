"""The state of a solve and the names of cells, for plugins.

The stable path of :mod:`.engine.state`."""

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

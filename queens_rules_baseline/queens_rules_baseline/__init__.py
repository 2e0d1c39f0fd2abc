"""The five baseline rules of the queens solver (HEURISTICS.md, "Baseline rules").

The deductions themselves live in :mod:`queens_core.propagation`, because the core's
placement-forces-contradiction simulations run them too; this package is what puts them
in a solve, with their counters, catalog positions and tier.
"""

from __future__ import annotations

from queens_core import Rule, Tier, hookimpl
from queens_core.propagation import (
    line_confined_to_region,
    region_confined_to_line,
    settle_queens,
    single_cell_line,
    single_cell_region,
)

RULES = [
    Rule(
        counter="queen_adjacent_kill",
        display_name="Queen-adjacent kill",
        tier=Tier.CHEAP,
        position=1,
        summary="A queen kills the rest of its row, column and region and its 8 neighbours.",
        apply=settle_queens,
        counting="placement",
    ),
    Rule(
        counter="single_cell_region",
        display_name="Single-cell region",
        tier=Tier.CHEAP,
        position=2,
        summary="A region with one live cell left has its queen there.",
        apply=single_cell_region,
    ),
    Rule(
        counter="single_cell_line",
        display_name="Single-cell row / column",
        tier=Tier.CHEAP,
        position=3,
        summary="A row or column with one live cell left has its queen there.",
        apply=single_cell_line,
    ),
    Rule(
        counter="region_confined_to_line",
        display_name="Region-confined-to-line",
        tier=Tier.CHEAP,
        position=4,
        summary="A region whose live cells share a row (column) kills the rest of that line.",
        apply=region_confined_to_line,
    ),
    Rule(
        counter="line_confined_to_region",
        display_name="Line-confined-to-region",
        tier=Tier.CHEAP,
        position=5,
        summary="A row (column) whose live cells lie in one region kills the rest of it.",
        apply=line_confined_to_region,
    ),
]


@hookimpl
def queens_register_rules() -> list[Rule]:
    return list(RULES)

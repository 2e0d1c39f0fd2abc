"""The five baseline rules of the queens solver: a queen's kill list, the single live
cell of a region or line, and the two confinements between a region and a line.

The deductions themselves live in :mod:`queens_core.propagation`, because the core settles
a start state's queens with one of them and rules that simulate (placement-forces-
contradiction) run the others inside their trials; this package is what puts them in a
solve, with their counters, catalog positions, tier, grade, weights and sentences.
"""

from __future__ import annotations

from queens_core import Board, Grade, Rule, State, Step, Tier, bits, cell_label, hookimpl
from queens_core.propagation import (
    clear_line_of_confined_region,
    clear_region_of_confined_line,
    place_line_single,
    place_region_single,
    settle_queens,
)
from queens_core.words import line_name, placement_kills_words, region_name, region_short

#: Every baseline deduction looks at one row, column or region: a board they solve is Easy.
FAMILY = "baseline"


def explain_queen_kill(step: Step, board: Board, before: State) -> str | None:
    """The kill list of a queen that was already on the board (a loaded state)."""
    d = step.detail
    if len(d) != 2 or d[0] != "queen":
        return None
    cell = d[1]
    r, c = divmod(cell, board.n)
    return (
        f"The queen already on {cell_label(board, cell)} rules out the rest of row "
        f"{r + 1}, column {c + 1} and {region_name(board, board.cell_region[cell])}, "
        f"and the cells touching it: {placement_kills_words(board, cell, bits(step.killed))}."
    )


def _placement(board: Board, step: Step, unit: str, short: str) -> str:
    cell = step.placed.bit_length() - 1
    label = cell_label(board, cell)
    sentence = f"{label} is the only live cell left in {unit}, so {short} queen must go there."
    killed = list(bits(step.killed))
    if killed:
        sentence += f" The queen rules out {placement_kills_words(board, cell, killed)}."
    else:
        sentence += " Its row, column, region and neighbours hold no other live cell."
    return sentence


def explain_single(step: Step, board: Board, before: State) -> str | None:
    """A queen on the only live cell of a region, row or column."""
    d = step.detail
    if not step.placed or len(d) != 2:
        return None
    if d[0] == "region":
        return _placement(board, step, region_name(board, d[1]), f"{region_short(board, d[1])}'s")
    if d[0] in ("row", "column"):
        line = line_name(d[0], d[1])
        return _placement(board, step, line, f"{line}'s")
    return None


def explain_region_confined(step: Step, board: Board, before: State) -> str | None:
    d = step.detail
    if len(d) != 4 or d[0] != "region":
        return None
    k, line = d[1], line_name(d[2], d[3])
    name = region_short(board, k)
    return (
        f"Every live cell of {region_name(board, k)} lies in {line}, so {name}'s queen "
        f"is {line}'s queen: the other cells of {line} cannot hold a queen."
    )


def explain_line_confined(step: Step, board: Board, before: State) -> str | None:
    d = step.detail
    if len(d) != 4 or d[2] != "region":
        return None
    line, k = line_name(d[0], d[1]), d[3]
    name = region_short(board, k)
    return (
        f"Every live cell of {line} lies in {region_name(board, k)}, so {line}'s queen "
        f"is {name}'s queen: {name}'s cells outside {line} cannot hold a queen."
    )


def focus(step: Step, board: Board, before: State) -> tuple[str, int] | None:
    """Where each sentence above looks: the queen's cell, the unit with one live cell
    left, the region confined to a line, the line confined to a region (each detail's
    first place)."""
    d = step.detail
    if len(d) in (2, 4) and d[0] in ("queen", "row", "column", "region"):
        return ("cell" if d[0] == "queen" else d[0], d[1])
    return None


RULES = [
    Rule(
        counter="queen_adjacent_kill",
        display_name="Queen-adjacent kill",
        tier=Tier.CHEAP,
        position=1,
        summary="A queen kills the rest of its row, column and region and its 8 neighbours.",
        apply=settle_queens,
        # It counts the queens placed by any rule: a placement kills its kill list at once.
        counting="placement",
        explain=explain_queen_kill,
        focus=focus,
        # Bookkeeping: it fires once per queen, N times on every solved board.
        weight=0,
        grade=Grade.EASY,
        family=FAMILY,
    ),
    Rule(
        counter="single_cell_region",
        display_name="Single-cell region",
        tier=Tier.CHEAP,
        position=2,
        summary="A region with one live cell left has its queen there.",
        apply=place_region_single,
        explain=explain_single,
        focus=focus,
        weight=1,  # seen at a glance
        grade=Grade.EASY,
        family=FAMILY,
    ),
    Rule(
        counter="single_cell_line",
        display_name="Single-cell row / column",
        tier=Tier.CHEAP,
        position=3,
        summary="A row or column with one live cell left has its queen there.",
        apply=place_line_single,
        explain=explain_single,
        focus=focus,
        weight=1,
        grade=Grade.EASY,
        family=FAMILY,
    ),
    Rule(
        counter="region_confined_to_line",
        display_name="Region-confined-to-line",
        tier=Tier.CHEAP,
        position=4,
        summary="A region whose live cells share a row (column) kills the rest of that line.",
        apply=clear_line_of_confined_region,
        explain=explain_region_confined,
        focus=focus,
        weight=2,  # a scan of one region
        grade=Grade.EASY,
        family=FAMILY,
    ),
    Rule(
        counter="line_confined_to_region",
        display_name="Line-confined-to-region",
        tier=Tier.CHEAP,
        position=5,
        summary="A row (column) whose live cells lie in one region kills the rest of it.",
        apply=clear_region_of_confined_line,
        explain=explain_line_confined,
        focus=focus,
        weight=2,  # a scan of one line
        grade=Grade.EASY,
        family=FAMILY,
    ),
]


@hookimpl
def queens_register_rules() -> list[Rule]:
    return list(RULES)

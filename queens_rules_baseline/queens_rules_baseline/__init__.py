"""The five baseline rules of the queens solver: a queen's kill list, the single live
cell of a region or line, and the two confinements between a region and a line.

The deductions themselves live in :mod:`queens_core.propagation`, because the core settles
a start state's queens with one of them and rules that simulate (placement-forces-
contradiction) run the others inside their trials; this package is what puts them in a
solve, with their counters, catalog positions, tier, grade, weights and sentences.
"""

from __future__ import annotations

from queens_core import (
    Board,
    Grade,
    Place,
    Rule,
    State,
    Step,
    Tier,
    bits,
    cell_label,
    hookimpl,
)
from queens_core.propagation import (
    LineConfined,
    OnlyLiveCell,
    QueenKills,
    RegionConfined,
    clear_line_of_confined_region,
    clear_region_of_confined_line,
    place_line_single,
    place_region_single,
    settle_queens,
)
from queens_core.words import line_name, placement_kills_words, region_name, region_short

#: Every baseline deduction looks at one row, column or region: a board they solve is Easy.
FAMILY = "baseline"


def _focus(detail: object) -> Place | None:
    """Where each baseline sentence looks: the queen's cell, the unit with one live cell
    left, the region confined to a line, the line confined to a region."""
    match detail:
        case QueenKills(cell=cell):
            return Place.cell(cell)
        case OnlyLiveCell(kind=kind, which=which):
            return Place.unit(kind, which)
        case RegionConfined(region=k):
            return Place.region(k)
        case LineConfined(kind=kind, line=line):
            return Place.unit(kind, line)
    return None


class BaselineRule(Rule):
    """What the five baseline rules share: cheap, Easy, their family and their focus."""

    tier = Tier.CHEAP
    grade = Grade.EASY
    family = FAMILY

    def focus(self, step: Step, board: Board, before: State) -> Place | None:
        return _focus(step.detail)


class QueenAdjacentKill(BaselineRule):
    counter = "queen_adjacent_kill"
    display_name = "Queen-adjacent kill"
    position = 1
    summary = "A queen kills the rest of its row, column and region and its 8 neighbours."
    # It counts the queens placed by any rule: a placement kills its kill list at once.
    counting = "placement"
    # Bookkeeping: it fires once per queen, N times on every solved board.
    weight = 0
    # The very function the driver settles a start state with, which it knows to leave
    # out of the passes. (Every rule here hands the driver its function itself, as a
    # staticmethod: a cheap rule runs in every pass, and a method would add a call.)
    apply = staticmethod(settle_queens)

    def explain(self, step: Step, board: Board, before: State) -> str | None:
        """The kill list of a queen that was already on the board (a loaded state)."""
        if not isinstance(step.detail, QueenKills):
            return None
        cell = step.detail.cell
        r, c = divmod(cell, board.n)
        return (
            f"The queen already on {cell_label(board, cell)} rules out the rest of row "
            f"{r + 1}, column {c + 1} and {region_name(board, board.cell_region[cell])}, "
            f"and the cells touching it: "
            f"{placement_kills_words(board, cell, bits(step.killed))}."
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


class SingleCellRule(BaselineRule):
    """A queen on the only live cell of a region, row or column."""

    weight = 1  # seen at a glance

    def explain(self, step: Step, board: Board, before: State) -> str | None:
        detail = step.detail
        if not step.placed or not isinstance(detail, OnlyLiveCell):
            return None
        if detail.kind == "region":
            k = detail.which
            return _placement(board, step, region_name(board, k), f"{region_short(board, k)}'s")
        line = line_name(detail.kind, detail.which)
        return _placement(board, step, line, f"{line}'s")


class SingleCellRegion(SingleCellRule):
    counter = "single_cell_region"
    display_name = "Single-cell region"
    position = 2
    summary = "A region with one live cell left has its queen there."

    apply = staticmethod(place_region_single)


class SingleCellLine(SingleCellRule):
    counter = "single_cell_line"
    display_name = "Single-cell row / column"
    position = 3
    summary = "A row or column with one live cell left has its queen there."

    apply = staticmethod(place_line_single)


class RegionConfinedToLine(BaselineRule):
    counter = "region_confined_to_line"
    display_name = "Region-confined-to-line"
    position = 4
    summary = "A region whose live cells share a row (column) kills the rest of that line."
    weight = 2  # a scan of one region

    apply = staticmethod(clear_line_of_confined_region)

    def explain(self, step: Step, board: Board, before: State) -> str | None:
        if not isinstance(step.detail, RegionConfined):
            return None
        k, line = step.detail.region, line_name(step.detail.kind, step.detail.line)
        name = region_short(board, k)
        return (
            f"Every live cell of {region_name(board, k)} lies in {line}, so {name}'s queen "
            f"is {line}'s queen: the other cells of {line} cannot hold a queen."
        )


class LineConfinedToRegion(BaselineRule):
    counter = "line_confined_to_region"
    display_name = "Line-confined-to-region"
    position = 5
    summary = "A row (column) whose live cells lie in one region kills the rest of it."
    weight = 2  # a scan of one line

    apply = staticmethod(clear_region_of_confined_line)

    def explain(self, step: Step, board: Board, before: State) -> str | None:
        if not isinstance(step.detail, LineConfined):
            return None
        line, k = line_name(step.detail.kind, step.detail.line), step.detail.region
        name = region_short(board, k)
        return (
            f"Every live cell of {line} lies in {region_name(board, k)}, so {line}'s queen "
            f"is {name}'s queen: {name}'s cells outside {line} cannot hold a queen."
        )


RULES: list[Rule] = [
    QueenAdjacentKill(),
    SingleCellRegion(),
    SingleCellLine(),
    RegionConfinedToLine(),
    LineConfinedToRegion(),
]


@hookimpl
def queens_register_rules() -> list[Rule]:
    return list(RULES)

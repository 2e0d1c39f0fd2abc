"""Contract 0.3's typed step details and places: each first-party kind of reason is a
class of its own whose tuple form is the 0.2 tuple (so JSON and positional readers see no
change), that pickles as itself (a process pool sends steps back), and that every step of
a real solve carries; a hint's place is a Place, and a 0.2 rule's plain pair still works."""

from __future__ import annotations

import pickle

import pytest
from support import ARCHIVE

from queens_core import Board, Place, Rule, Solver, State, Step, Tier
from queens_core.propagation import LineConfined, OnlyLiveCell, QueenKills, RegionConfined
from queens_core.tools.explain import focus_of
from queens_rules_pfc import TrialFails
from queens_rules_pigeonhole import RegionsInLines
from queens_rules_polyomino import ShapeInRegion
from queens_rules_starbattle import details as star

#: Each detail as its package makes it, and the tuple contract 0.2 recorded for it.
DETAILS = [
    (QueenKills(4), ("queen", 4)),
    (OnlyLiveCell("column", 2), ("column", 2)),
    (RegionConfined(3, "row", 0), ("region", 3, "row", 0)),
    (LineConfined("column", 1, 5), ("column", 1, "region", 5)),
    (TrialFails(9, "row", 5, "empty", (19, 22)), ("cell", 9, "row", 5, "empty", (19, 22))),
    (RegionsInLines((0, 1), "rows", (1, 2)), ("regions", (0, 1), "rows", (1, 2))),
    (ShapeInRegion(6), ("region", 6)),
    (star.UnitFull("row", 1), ("unit", "row", 1)),
    (star.UnitNeedsEveryCell("region", 2), ("unit", "region", 2)),
    (star.Blocks(("rows", 2), (3, 4)), ("blocks", ("rows", 2), (3, 4))),
    (star.Undercount((1,), "rows", (0, 1)), ("regions", (1,), "rows", (0, 1))),
    (star.Overcount((1, 2), "columns", (4, 5)), ("regions", (1, 2), "columns", (4, 5))),
    (star.Exclusion(7, ("row", 0), 2, 1, 1), ("exclusion", 7, ("row", 0), 2, 1, 1)),
    (
        star.Capacity("rows", 0, 1, "most", ((0, 2),), 0, "in", (3,)),
        ("capacity", "rows", 0, 1, "most", ((0, 2),), 0, "in", (3,)),
    ),
    (star.Placements(("column", 3), 2, "touch"), ("placements", ("column", 3), 2, "touch")),
    (
        star.Flow("rows", 2, 1, "empty", "closed", (2,), (1,), 0, 1),
        ("flow", "rows", 2, 1, "empty", "closed", (2,), (1,), 0, 1),
    ),
    (star.TrialFails(8, "count", "why", ()), ("cell", 8, "count", "why", ())),
    (
        star.Composite("rows", 0, 1, (2, 3), "inside", 4, 4, 3, 1, 2, (5, 6)),
        ("composite", "rows", 0, 1, (2, 3), "inside", 4, 4, 3, 1, 2, (5, 6)),
    ),
]


@pytest.mark.parametrize(("detail", "old"), DETAILS, ids=lambda d: type(d).__name__)
def test_a_detail_is_its_0_2_tuple_and_pickles_as_itself(detail, old):
    assert detail == old and tuple(detail) == old
    again = pickle.loads(pickle.dumps(detail))
    assert type(again) is type(detail) and again == detail


def test_every_step_of_a_catalog_solve_has_a_typed_detail(registry):
    kinds = {type(detail) for detail, _ in DETAILS}
    result = Solver(registry.rules).solve(Board.parse((ARCHIVE / "1.txt").read_text()))
    assert result.steps
    assert {type(step.detail) for step in result.steps} <= kinds


def noop(ctx) -> None:
    return None


def _rule_focusing(place: object) -> Rule:
    return Rule(
        counter="looks",
        display_name="Looks",
        tier=Tier.CHEAP,
        position=1000,
        summary="s",
        apply=noop,
        focus=lambda step, board, before: place,
    )


@pytest.mark.parametrize(
    ("place", "old", "name"),
    [
        (Place.column(0), ("column", 0), "column 1"),
        (Place.rows((2, 3)), ("rows", (2, 3)), "rows 3–4"),
        (Place.cell(9), ("cell", 9), "r2c2"),
    ],
)
def test_a_place_and_a_0_2_pair_give_the_same_focus(place, old, name):
    board = Board.parse((ARCHIVE / "1.txt").read_text())
    step = Step("looks", 0, 1, ())
    before = State.initial(board)
    typed = focus_of(board, step, before, _rule_focusing(place))
    plain = focus_of(board, step, before, _rule_focusing(old))
    assert typed == plain and typed.named_by_rule and typed.name == name

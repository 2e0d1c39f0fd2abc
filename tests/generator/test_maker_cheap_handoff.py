"""A maker whose target tops out at the cheap tier (``--grade Hard``, ``--tier cheap``)
hands its stall check, the solve by the cheap rules, to the grader, whose full solve goes
on from there instead of doing that work again: the grade, the score and the full solve
(its steps, counters and passes, what ``queens check`` reports) must be those of a fresh
grading of the same board."""

from __future__ import annotations

import pytest

from queens_core import load_registry
from queens_core.generator.queens_maker import Maker
from queens_core.tools.grade import Grader


@pytest.fixture(scope="module")
def rules():
    return load_registry().rules


@pytest.mark.parametrize(
    ("tier", "grade", "hands_over"),
    [(None, "Hard", True), ("cheap", None, True), (None, "Medium", False), (None, None, False)],
)
def test_only_a_target_topped_by_the_cheap_tier_hands_its_solve_over(
    rules, tier, grade, hands_over
):
    assert Maker(rules, 6, tier=tier, grade=grade).top_is_cheap is hands_over


@pytest.mark.parametrize(("tier", "grade"), [(None, "Hard"), ("cheap", None)])
def test_the_handed_over_solve_grades_as_a_fresh_grading_does(rules, tier, grade):
    maker = Maker(rules, 7, tier=tier, grade=grade)
    fresh = Grader(rules)
    for index in range(6):
        made = maker.make(5, index)
        again = fresh.assess(made.board, solution=made.solution)
        assert made.assessment.rung == again.rung
        assert made.assessment.score == again.score
        full, expected = made.assessment.full, again.full
        assert full.steps == expected.steps
        assert dict(full.counters) == dict(expected.counters)
        assert (full.passes, full.tiers_used, full.status) == (
            expected.passes,
            expected.tiers_used,
            expected.status,
        )
        assert full.state.queens == made.solution

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


@pytest.mark.parametrize(("tier", "grade"), [(None, "Easy"), (None, "Medium"), ("baseline", None)])
def test_a_target_topped_by_a_rung_of_its_own_grades_with_that_rungs_solve(rules, tier, grade):
    """A target whose top rung has a solver of the grader's own (``--grade Easy``,
    ``--grade Medium``, ``--tier baseline``) screens maps with that very solver, and the
    grader reads the rung's solve from the screen instead of solving again: the same grade,
    score and graded solve as a fresh grading."""
    maker = Maker(rules, 7, tier=tier, grade=grade)
    assert any(maker.top is solver for _, solver in maker.grader.rungs)
    fresh = Grader(rules)
    for index in range(6):
        made = maker.make(3, index)
        again = fresh.assess(made.board, solution=made.solution)
        assert made.assessment.rung == again.rung
        assert made.assessment.score == again.score
        graded, expected = made.assessment.graded, again.graded
        assert graded is not None and expected is not None
        assert graded.steps == expected.steps
        assert dict(graded.counters) == dict(expected.counters)
        assert (graded.passes, graded.status) == (expected.passes, expected.status)
        assert made.assessment.full.steps == again.full.steps


def test_a_rung_solve_handed_over_is_read_not_made_again(rules):
    """``Grader.assess(made=...)`` reads the rung's solve it is given: the graded solve is
    that very object, where a solve of the rung would be a new one."""
    maker = Maker(rules, 7, grade="Easy")
    made = maker.make(3, 0)
    grader = Grader(rules)
    (easy, solver), *_ = grader.rungs
    assert solver is not None
    given = solver.solve(made.board)
    assessment = grader.assess(made.board, solution=made.solution, made={easy.level: given})
    # The full solve used a rule above the Easy rung, so that rung is not read off it.
    used = {counter for counter, count in assessment.full.counters.items() if count}
    assert used - easy.counters
    assert assessment.rung == easy and assessment.graded is given

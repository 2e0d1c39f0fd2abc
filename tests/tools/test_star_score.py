"""The Star Battle score (K >= 2) counts a firing of a rule of the Hard rung or above
STAR_HARD_FACTOR times its weight; the Queens score (K = 1) and the rules' own weights,
which order steps and hints, are as they were."""

from __future__ import annotations

import pytest
from support import ROOT

from queens_core import Board
from queens_core.engine.rules import Grade
from queens_core.tools.grade import STAR_HARD_FACTOR, Grader, weight_of

STAR_BOARDS = sorted((ROOT / "archive" / "starbattle").glob("*.txt"))


def test_only_hard_star_battle_rules_weigh_more_in_the_score(registry):
    hard = [r for r in registry.rules if r.sound_for(2) and r.grade_needed >= Grade.HARD]
    classical = [r for r in registry.rules if r.sound_for(2) and r.grade_needed < Grade.HARD]
    assert {r.counter for r in hard} >= {"exclusion", "capacity_counting", "trial_star"}
    assert {r.counter for r in classical} >= {"unit_full", "two_by_two_blocks"}
    for rule in hard:
        assert weight_of(rule, 2) == weight_of(rule, 5) == STAR_HARD_FACTOR * rule.score_weight
    for rule in classical:
        assert weight_of(rule, 3) == rule.score_weight
    for rule in registry.rules:
        if rule.sound_for(1):
            assert weight_of(rule) == weight_of(rule, 1) == rule.score_weight


@pytest.mark.slow
def test_a_star_battle_score_is_the_classical_count_plus_the_hard_one_scaled(registry):
    by_counter = {r.counter: r for r in registry.rules}
    grader = Grader(registry.rules)
    scored_hard = 0
    for path in STAR_BOARDS[::4]:
        text = path.read_text().splitlines()
        board = Board(tuple(text[1:]), int(text[0].split(":")[1]))
        assessment = grader.assess(board)
        if assessment.graded is None:
            continue
        classical = hard = 0
        for counter, count in assessment.graded.counters.items():
            rule = by_counter[counter]
            if rule.grade_needed >= Grade.HARD:
                hard += rule.score_weight * count
            else:
                classical += rule.score_weight * count
        assert assessment.score == classical + STAR_HARD_FACTOR * hard, path.stem
        scored_hard += hard > 0
    assert scored_hard, "no board of the sample needed a hard rule: the test checks nothing"


def test_a_queens_score_weighs_each_rule_once(registry, archive):
    grader = Grader(registry.rules)
    by_counter = {r.counter: r for r in registry.rules}
    for key in ("1", "10", "12", "39"):
        assessment = grader.assess(archive[key])
        assert assessment.graded is not None
        expected = sum(
            by_counter[c].score_weight * n for c, n in assessment.graded.counters.items()
        )
        assert assessment.score == expected, key

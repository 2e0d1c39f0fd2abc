"""What the Star Battle rules remember between two questions, and that it never shows: a
trial step's refutation is told once for its sentence and its focus, and exclusion takes
a cell's last verdict when nothing near the cell has changed. Each is held to what a
fresh computation gives, on the archive's boards."""

from __future__ import annotations

import pytest
from starbattle_archive import archive_board

from queens_core import Board, Context, Solver, State, Tier
from queens_core.tools.explain import apply_step
from queens_rules_starbattle import RULES, counting, sentences, trial_star
from queens_rules_starbattle.details import TrialFails

CHEAP = [rule for rule in RULES if rule.tier is Tier.CHEAP]


def _trial_steps(board: Board) -> tuple[State, list]:
    start = Solver(CHEAP).solve(board).state
    ctx = Context(board, State(start.live, start.queens), [])
    ctx.counter = "trial_star"
    trial_star(ctx)
    assert ctx.steps
    return start, ctx.steps


def test_a_trial_steps_sentence_and_focus_tell_one_refutation_the_same_as_afresh(monkeypatch):
    board = archive_board("10x10-2stars-08.txt")
    start, steps = _trial_steps(board)
    told = []
    real = sentences.told_refutation

    def counted(*args):
        told.append(args[2])
        return real(*args)

    before = State(start.live, start.queens)
    for step in steps:
        assert isinstance(step.detail, TrialFails)
        monkeypatch.setattr(sentences, "told_refutation", counted)
        told.clear()
        said = sentences.star_why(step, board, before)
        looked = sentences.star_focus(step, board, State(before.live, before.queens))
        assert told == [step.detail]  # the focus asked the sentence's telling
        # Afresh, the other way round: the same focus and the same words.
        monkeypatch.setattr(sentences, "told_refutation", real)
        sentences._TOLD.clear()
        assert sentences.star_focus(step, board, before) == looked
        sentences._TOLD.clear()
        assert sentences.star_why(step, board, before) == said
        apply_step(board, before, step)
    assert len(sentences._TOLD) <= sentences._TOLD_KEPT


def _exclusion_steps(board: Board, state: State) -> list:
    ctx = Context(board, State(state.live, state.queens), [])
    ctx.counter = "exclusion"
    counting.exclusion(ctx)
    return [(step.placed, step.killed, step.detail) for step in ctx.steps]


@pytest.mark.parametrize("name", ["14x14-3stars-01.txt", "11x11-2stars-08.txt"])
def test_exclusion_remembering_verdicts_kills_what_it_kills_afresh(name, monkeypatch):
    board = archive_board(name)
    result = Solver(RULES).solve(board)
    computed = []
    judge = counting.verdicts(board)
    real = counting.Verdicts._short

    def counted(self, queens, live, cell, nearby):
        computed.append(cell)
        return real(self, queens, live, cell, nearby)

    monkeypatch.setattr(counting.Verdicts, "_short", counted)
    # Each position of the solve in turn, the verdicts kept from the one before (as the
    # hint's next position or a solve's next round finds them), and again with none kept.
    position = State.initial(board)
    remembered = afresh = 0
    for step in result.steps[:120]:
        computed.clear()
        warm = _exclusion_steps(board, position)
        remembered += len(computed)
        judge.forget()
        computed.clear()
        assert _exclusion_steps(board, position) == warm
        afresh += len(computed)
        apply_step(board, position, step)
    assert remembered < 0.75 * afresh  # most cells ask again: a step changes little

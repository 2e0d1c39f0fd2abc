"""A why whose chain is long on a Star Battle board is given as the solve's steps up to
the one that decides the cell: each step its rule's deduction from the position the
steps before it reach (as ``queens solve --explain`` gives them), each sentence true of
that position, written only when it is asked for. Here the bound past which a chain is
taken from the solve is lowered, so that a 10×10 board's chain is one."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from queens_core import load_registry
from queens_core.api import Application
from queens_core.engine.driver import RuleFailure, Solver
from queens_core.engine.errors import ContractViolation
from queens_core.engine.state import State
from queens_core.exact import find_solutions
from queens_core.tools import steps as steps_module
from queens_core.tools.explain import apply_step, explain_steps, focus_of
from queens_core.tools.steps import SOLVE_WALK, decides, start_position, steps_that_matter

ROOT = Path(__file__).resolve().parents[2]
BOARD = ROOT / "archive" / "starbattle-sizes" / "10x10-2stars-01.txt"
CELL = "r10c10"


@pytest.fixture
def short_cut(monkeypatch):
    """Chains of more than 10 steps the last leans on come from the solve."""
    monkeypatch.setattr(steps_module, "CUT_STEPS", 10)


@pytest.fixture
def answer(short_cut):
    return Application().why(str(BOARD), CELL)


def test_the_chain_is_the_solves_steps_up_to_the_one_that_decides_the_cell(answer):
    board = answer.hint.board
    why = answer.why
    assert why.walk == SOLVE_WALK and not why.cut_tried and not why.proven
    start = start_position(board, State.initial(board))
    solver = Solver(load_registry().rules).for_stars(board.stars)
    solved = solver.solve(board, start.copy()).steps
    chain = [found.step for found in why.chain]
    assert chain == [s for s in solved[: len(chain)] if s.placed | s.killed]
    assert decides(chain[-1], answer.cell)
    assert not any(decides(step, answer.cell) for step in chain[:-1])
    (solution,) = find_solutions(board, 2)
    assert answer.outcome == ("queen" if solution >> answer.cell & 1 else "cross")
    for step in chain:  # every step agrees with the solution
        assert not step.killed & solution and not step.placed & ~solution


def test_each_sentence_and_place_is_of_the_position_the_steps_before_reach(answer):
    board = answer.hint.board
    rules = load_registry().rules
    position = start_position(board, State.initial(board))
    for found in answer.why.chain:
        assert found.explanation == explain_steps(board, [found.step], rules, position)[0]
        assert found.focus == focus_of(board, found.step, position, found.rule)
        apply_step(board, position, found.step)


def test_the_text_says_where_the_chain_comes_from_and_shows_what_the_last_leans_on(answer):
    text = answer.text()
    count = len(answer.why.chain)
    assert f"{count} steps decide it (the solve's steps up to it, too many" in text
    leaned_on = steps_that_matter(answer.hint.board, answer.why.chain)
    assert leaned_on[-1] == count - 1
    for index in leaned_on[-12:]:
        assert " ".join(answer.why.chain[index].explanation.why.split()) in " ".join(text.split())


def test_the_sentences_are_written_only_when_asked_for(short_cut, monkeypatch):
    written = []
    sentence = steps_module._sentence

    def counted(*args):
        written.append(args[1])
        return sentence(*args)

    monkeypatch.setattr(steps_module, "_sentence", counted)
    answer = Application().why(str(BOARD), CELL)
    assert not written
    answer.text()
    assert 0 < len(written) <= 12
    answer.to_json()
    assert len(written) == len(answer.why.chain)


def test_a_rule_that_fails_writing_a_sentence_ends_the_command_in_one_line(short_cut, monkeypatch):
    from queens_core.cli.app import main

    def broken(board, step, rule, before):
        raise RuleFailure(rule, ContractViolation("its explain raised ValueError: broken"))

    monkeypatch.setattr(steps_module, "_sentence", broken)
    result = CliRunner().invoke(main, ["why", CELL, str(BOARD)])
    assert result.exit_code == 3, result.output
    assert "its explain raised ValueError: broken" in result.output
    assert "Traceback" not in result.output


def test_a_walk_past_its_time_gives_the_solves_chain(monkeypatch):
    """The hints in a row have STAR_SECONDS on a Star Battle board; past them, the solve's
    steps are the answer, said to be them."""
    monkeypatch.setattr(steps_module, "STAR_SECONDS", 0.0)
    answer = Application().why(str(BOARD), CELL)
    assert answer.why.walk == SOLVE_WALK
    assert len(steps_that_matter(answer.hint.board, answer.why.chain)) <= steps_module.CUT_STEPS
    assert "(the solve's steps up to it, as it took them; a shorter chain" in answer.message()
    board = answer.hint.board
    position = start_position(board, State.initial(board))
    (solution,) = find_solutions(board, 2)
    for found in answer.why.chain:
        assert not found.step.killed & solution and not found.step.placed & ~solution
        apply_step(board, position, found.step)
    assert decides(answer.why.chain[-1].step, answer.cell)

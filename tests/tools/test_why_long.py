"""A long why on a Star Battle board: the chain is still a chain (each step one the rules
can take from the position the steps before it reach, the last deciding the cell as
the solution has it), and what ``queens why`` prints of it is at most a dozen steps,
the ones the last leans on, each sentence true of the position it speaks of."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from queens_core import load_registry
from queens_core.api import Application
from queens_core.api.deductions import SHOWN_STEPS
from queens_core.engine.driver import Solver
from queens_core.engine.state import State
from queens_core.exact import find_solutions
from queens_core.tools.explain import apply_step, explain_steps
from queens_core.tools.steps import decides, start_position, steps_now, steps_that_matter

ROOT = Path(__file__).resolve().parents[2]
BOARD = ROOT / "archive" / "starbattle-sizes" / "10x10-2stars-01.txt"
#: A cell whose chain from the empty board is longer than the text shows.
FAR_CELL = "r10c10"


@pytest.fixture(scope="module")
def answer():
    return Application().why(str(BOARD), FAR_CELL)


@pytest.fixture(scope="module")
def board(answer):
    return answer.hint.board


def positions(board, chain):
    """The position each step of ``chain`` is taken on."""
    position = start_position(board, State.initial(board))
    for found in chain:
        yield position.copy()
        apply_step(board, position, found.step)


def test_the_long_chain_is_a_chain_that_decides_the_cell_as_the_solution_does(answer, board):
    chain = answer.why.chain
    assert len(chain) > SHOWN_STEPS
    solver = Solver(load_registry().rules).for_stars(board.stars)
    for found, position in zip(chain, positions(board, chain), strict=True):
        # A chain: each step one the rules can take from the position before it.
        assert found.step in [one.step for one in steps_now(board, position, solver)]
    cell = answer.cell
    assert decides(chain[-1].step, cell)
    (solution,) = find_solutions(board, 2)
    assert answer.outcome == ("queen" if solution >> cell & 1 else "cross")


def test_the_documents_number_the_chains_steps_as_the_text_does(answer):
    """Each step of a chain was found as a hint (whose own number is 1): the document
    numbers them by their place in the chain, the numbers the text prints."""
    document = answer.to_json()
    assert [step["number"] for step in document["chain"]] == list(
        range(1, len(document["chain"]) + 1)
    )
    printed = [int(n) for n in re.findall(r"^ *(\d+)\. ", answer.text(), re.MULTILINE)]
    for number in printed:
        assert document["chain"][number - 1]["why"] in " ".join(answer.text().split())


def test_the_text_shows_the_steps_the_last_leans_on_each_true_of_its_position(answer, board):
    chain = answer.why.chain
    text = answer.text()
    numbers = [int(n) for n in re.findall(r"^ *(\d+)\. ", text, re.MULTILINE)]
    leaned_on = steps_that_matter(board, chain)
    assert numbers == [i + 1 for i in leaned_on[-SHOWN_STEPS:]]
    assert numbers[-1] == len(chain)
    assert f"{len(chain)} steps decide it" in text
    assert f"the last {SHOWN_STEPS} of the {len(leaned_on)} steps that step {len(chain)}" in text
    rules = load_registry().rules
    befores = list(positions(board, chain))
    for number in numbers:
        found = chain[number - 1]
        written = explain_steps(board, [found.step], rules, befores[number - 1])[0]
        assert written.why.split()[:6] == found.explanation.why.split()[:6]
        assert " ".join(written.why.split()) in " ".join(text.split())


def test_each_step_that_matters_changed_a_cell_a_later_one_reasons_about(answer, board):
    chain = answer.why.chain
    leaned_on = steps_that_matter(board, chain)
    assert leaned_on[-1] == len(chain) - 1
    for place, index in enumerate(leaned_on[:-1]):
        changed = chain[index].step.placed | chain[index].step.killed
        later = [chain[j] for j in leaned_on[place + 1 :]]
        assert any(
            f.rule.tier_rank or not f.focus.named_by_rule or changed & f.focus.cells for f in later
        )


@pytest.mark.parametrize("moves", [0, 5, 20])
def test_the_easiest_step_is_the_first_of_every_step(board, moves):
    """Calling the rules easiest first (and stopping early) gives the hint that calling
    them all gives."""
    solver = Solver(load_registry().rules).for_stars(board.stars)
    position = start_position(board, State.initial(board))
    for _ in range(moves):
        apply_step(board, position, steps_now(board, position, solver, easiest_only=True)[0].step)
    every = steps_now(board, position, solver)
    easiest = steps_now(board, position, solver, easiest_only=True)
    assert len(easiest) == 1
    assert easiest[0].step == every[0].step
    assert easiest[0].explanation == every[0].explanation
    assert easiest[0].focus == every[0].focus


@pytest.mark.slow
def test_a_star_battle_board_lists_the_trials_only_where_the_cheap_rules_stall():
    """Where a cheap rule has a step no trial is asked; where none has, the trials' steps
    are the list, each a kill the board's solution agrees with."""
    path = ROOT / "archive" / "starbattle-sizes" / "14x14-3stars-01.txt"
    board = Application().steps(str(path)).hint.board
    solver = Solver(load_registry().rules).for_stars(board.stars)
    start = start_position(board, State.initial(board))
    assert not any(f.rule.tier_rank for f in steps_now(board, start, solver))
    cheap = Solver([r for r in solver.rules if not r.tier_rank], stars=board.stars)
    stalled = cheap.solve(board, start.copy()).state
    trials = steps_now(board, stalled, solver)
    assert trials and all(f.rule.tier_rank for f in trials)
    (solution,) = find_solutions(board, 2)
    assert all(not f.step.placed and not f.step.killed & solution for f in trials)

"""A what-if that reaches no contradiction answers with what the tentative queen brings
about, not with the rules' whole solve from there: on an empty board that would be the
solution. Each step given follows from the queen, reasons on cells only the queen and
the steps given changed, is true of the position it is said of (the board's solution,
which holds the queen, agrees with it), and lies within the queen's first rounds."""

from __future__ import annotations

from pathlib import Path

import pytest

from queens_core import load_registry
from queens_core.api import Application
from queens_core.engine.driver import Solver
from queens_core.engine.state import State
from queens_core.exact import find_solutions
from queens_core.tools.explain import apply_step, explain_steps
from queens_core.tools.steps import WHAT_IF_ROUNDS, start_position

ROOT = Path(__file__).resolve().parents[2]
BOARDS = [
    ROOT / "archive" / "boards" / "1.txt",
    ROOT / "archive" / "boards" / "353.txt",
    ROOT / "archive" / "starbattle-sizes" / "10x10-2stars-01.txt",
]


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.name)
def test_a_right_queen_on_the_empty_board_gives_what_follows_not_the_solution(path):
    app = Application()
    board = app.read(str(path)).board
    (solution,) = find_solutions(board, 2)
    start = start_position(board, State.initial(board))
    solver = Solver(load_registry().rules).for_stars(board.stars)
    tried = 0
    for cell in list(_bits(solution))[:3]:
        answer = app.what_if(str(path), cell)
        trial = answer.trial
        assert trial.status in ("stalled", "bounded") and trial.left_out
        assert trial.problem is None
        # Less than the solution: the answer does not give the board away.
        assert trial.after.queens.bit_count() < board.star_total
        with_queen = trial.before.copy()
        solved = solver.solve(board, with_queen).state
        assert solved.is_solved(board)  # the solve would have: what-if leaves it out
        # Each step is true of the position it is said of: sound, and its sentence is
        # the one its rule writes there.
        position = trial.before.copy()
        for step, said in zip(trial.made, trial.steps, strict=True):
            assert not step.killed & solution and not step.placed & ~solution
            written = explain_steps(board, [step], solver.rules, position)[0]
            assert (written.why, written.placed, written.killed) == (
                said.why,
                said.placed,
                said.killed,
            )
            apply_step(board, position, step)
        assert position.queens == trial.after.queens and position.live == trial.after.live
        assert start.live & ~trial.after.live  # something follows: the queen's crosses
        tried += 1
    assert tried


def test_the_message_says_what_followed_and_that_no_contradiction_was_reached():
    answer = Application().what_if(str(BOARDS[0]), "r2c6")
    assert answer.status == "bounded"
    assert answer.message() == (
        f"A queen on r2c6: 5 steps follow from it in its first {WHAT_IF_ROUNDS} rounds "
        "(2 more queens, 38 cells crossed); more follows after them, and the rules reach no "
        "contradiction."
    )
    assert answer.to_json()["status"] == "bounded"


def test_a_contradiction_still_gives_every_step_that_leads_there():
    answer = Application().what_if(str(BOARDS[1]), "r1c2")
    assert answer.status == "contradiction" and not answer.trial.left_out
    assert answer.trial.problem


def _bits(mask):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def test_the_last_queen_tried_completes_the_board_in_words_without_zero_steps():
    """A what-if on the one cell left open says the piece completes the board (it said
    "leads the rules to a full board in 0 steps")."""
    app = Application()
    board = app.read(str(ROOT / "archive" / "boards" / "353.txt")).board
    rows = [
        "Q......",
        ".....Q.",
        "...Q...",
        ".Q.....",
        "....Q..",
        "..Q....",
        ".......",
    ]
    answer = app.what_if(board, "r7c7", state=app.state(board, rows))
    assert answer.status == "solved" and not answer.trial.steps
    assert answer.message() == "A queen on r7c7 completes the board."

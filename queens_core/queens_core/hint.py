"""``queens hint``: the next deduction from a partial board, or why the board is wrong.

A person pastes their progress (the ``♛ ⨯ .`` picture ``queens solve`` prints, or what
they typed); the hint is the first step the rules take from there, explained like a step
of ``--explain``. Before any hint, the state is checked against the board's solutions
with the exact solver, because a hint built on a wrong mark would mislead.

What "wrong" means
------------------
A state is wrong when no solution of the board agrees with it: a solution agrees when
every queen of the state is one of its queens and no dead mark of the state is on one of
its queens. Two queens that attack each other make a state wrong too. On a board with a
unique solution (every archive board) the offending cells are simply the queens that are
not in the solution and the dead marks on its queens. On a board with several solutions
they are the cells that disagree with the nearest of its first :data:`SOLUTION_CAP`
solutions (the one with the fewest disagreements).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import Board, bits
from .cli.colour import colour_rows
from .cli.jsonfmt import HINT_SCHEMA, board_json, cells_json, state_json, step_json
from .driver import Solver
from .exact_stars import find_solutions
from .explain import (
    LABEL_SCHEME,
    Explanation,
    apply_step,
    cells_words,
    explain_steps,
    format_explanation,
    labelled_grid,
)
from .rules import Rule, Step
from .state import State

#: How many solutions of a board with several are compared with a wrong state.
SOLUTION_CAP = 64

HINT = "hint"
SOLVED = "solved"
STUCK = "stuck"
WRONG = "wrong"
NO_SOLUTION = "no_solution"


@dataclass(frozen=True)
class Check:
    """The verdict on a state: ``wrong`` with the cells that make it so."""

    wrong: bool
    #: Queens that are not in the (nearest) solution, and queens attacking another.
    bad_queens: int = 0
    #: Dead marks on queens of the (nearest) solution.
    bad_dead: int = 0
    #: Solutions of the board found (at most SOLUTION_CAP); 0: the board has none.
    solutions: int = 1


def check_state(board: Board, state: State) -> Check:
    """Is ``state`` wrong (see the module's doc), and which cells make it so?"""
    attacking = 0
    for q in bits(state.queens):
        if state.queens & board.kill_masks[q]:
            attacking |= 1 << q
    if not attacking and find_solutions(board, 1, state):
        return Check(wrong=False)
    solutions = find_solutions(board, SOLUTION_CAP)
    if not solutions:
        return Check(wrong=True, bad_queens=attacking, solutions=0)
    dead = state.dead(board)

    def disagreement(solution: int) -> tuple[int, int]:
        return state.queens & ~solution, dead & solution

    nearest = min(solutions, key=lambda s: sum(m.bit_count() for m in disagreement(s)))
    bad_queens, bad_dead = disagreement(nearest)
    return Check(True, bad_queens | attacking, bad_dead, len(solutions))


@dataclass
class Hint:
    """The answer of ``queens hint``: a status and what goes with it."""

    board: Board
    state: State
    status: str
    check: Check
    step: Step | None = None
    explanation: Explanation | None = None
    after: State | None = None


def find_hint(board: Board, state: State, rules: list[Rule]) -> Hint:
    """Check ``state``; if it is right, the first step the rules take from it."""
    check = check_state(board, state)
    if check.wrong:
        return Hint(board, state, NO_SOLUTION if not check.solutions else WRONG, check)
    if state.is_solved(board):
        return Hint(board, state, SOLVED, check)
    result = Solver(rules).solve(board, state.copy())
    if not result.steps:
        return Hint(board, state, STUCK, check)
    step = result.steps[0]
    explanation = explain_steps(board, [step], rules, state)[0]
    after = state.copy()
    apply_step(board, after, step)
    return Hint(board, state, HINT, check, step, explanation, after)


def message_lines(hint: Hint) -> list[str]:
    """What the hint found, in words (the first line is a sentence of its own)."""
    board = hint.board
    check = hint.check
    if hint.status == HINT:
        return ["This is the next step the rules take."]
    if hint.status == SOLVED:
        return ["Every queen is in place: the board is solved."]
    if hint.status == STUCK:
        return [
            f"The rules find nothing more from here ({hint.state.queens.bit_count()} of "
            f"{board.n} queens placed, {hint.state.live.bit_count()} cells undecided)."
        ]
    lines = []
    if hint.status == NO_SOLUTION:
        lines.append("The board has no solution at all, so no state of it can be right.")
    elif check.solutions == 1:
        lines.append("The state is wrong: it disagrees with the board's only solution.")
    else:
        some = "its" if check.solutions < SOLUTION_CAP else "the first"
        lines.append(
            f"The state is wrong: no solution of the board agrees with it. The cells named "
            f"disagree with the nearest of {some} {check.solutions} solutions."
        )
    if check.bad_queens:
        lines.append(f"Queens that cannot be there: {cells_words(board, bits(check.bad_queens))}.")
    if check.bad_dead:
        lines.append(
            "Crossed out, but the solution has its queen there: "
            f"{cells_words(board, bits(check.bad_dead))}."
        )
    return lines


def hint_text(hint: Hint, depth: str | None = None) -> str:
    """What ``queens hint`` prints: the step in words and the state after it."""
    board = hint.board
    if hint.status != HINT:
        return "\n".join(message_lines(hint))
    assert hint.explanation is not None and hint.after is not None and hint.step is not None
    parts = [LABEL_SCHEME, format_explanation(board, hint.explanation, lead="Next step: ")]
    if depth is None:
        rows = hint.after.picture(board).split("\n")
        marked = [
            "".join(
                "x" if hint.step.killed >> (r * board.n + c) & 1 else ch for c, ch in enumerate(row)
            )
            for r, row in enumerate(rows)
        ]
        parts.append("After it (x: the cells it kills; paste this back for the next hint):")
        parts.append(labelled_grid(board, marked))
    else:
        new = hint.step.placed | hint.step.killed
        rows = colour_rows(board, hint.after.picture(board).split("\n"), depth, new)
        parts.append("After it (the cells it changes in red):")
        parts.append(labelled_grid(board, rows, cell_width=3))
    return "\n\n".join(parts)


def hint_document(hint: Hint, source: str, state_source: str | None) -> dict[str, Any]:
    """The object ``queens hint --format json`` prints (schema ``queens-hint/1``)."""
    board = hint.board
    check = hint.check
    wrong = None
    if hint.status in (WRONG, NO_SOLUTION):
        wrong = {
            "queens": cells_json(board, check.bad_queens),
            "dead": cells_json(board, check.bad_dead),
            "solutions": check.solutions,
        }
    return {
        "schema": HINT_SCHEMA,
        "source": source,
        "state_source": state_source,
        "board": board_json(board),
        "status": hint.status,
        "message": " ".join(message_lines(hint)),
        "state": state_json(board, hint.state),
        "step": (
            step_json(board, hint.explanation, hint.step)
            if hint.explanation and hint.step
            else None
        ),
        "after": state_json(board, hint.after) if hint.after else None,
        "wrong": wrong,
    }

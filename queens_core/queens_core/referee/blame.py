"""The one check every command runs on a solve's result: is some rule unsound, and which?

The driver runs the rules and records their steps; it never searches. Every command that
shows a result (``solve``, ``check``, ``stats``, ``hint``, ``render --solve``) passes it
through :func:`diagnose`, which compares the steps with the solutions the exact solver
finds from the same start state:

- a sound deduction never removes a solution, so the first step that kills a cell of a
  solution, or places a queen outside it, is proven unsound, and its rule is the culprit
  (this is also how a "solved" board with two solutions is caught: the step that chose
  between them removed the other);
- a contradiction while a solution exists, with every step consistent with it, means the
  rule that raised ``Contradiction`` (or ``UnsoundDeduction``) is unsound;
- a contradiction on a start state without solution is nobody's fault.

The exact search is bounded by :data:`NODE_LIMIT` nodes and :data:`SECONDS`: past that the
check is skipped (:attr:`Diagnosis.decided` is False) and the result stands as the rules
left it. Archive boards need a few dozen nodes, so in practice it is skipped only on
pathological boards (docs/exact.md, "The check of a result").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..engine.board import Board
from ..engine.driver import CONTRADICTION, SOLVED, UNSOUND_PREFIX
from ..engine.rules import Rule, Step
from ..engine.state import State, cell_label, cell_labels
from .budget import SearchLimitExceeded

if TYPE_CHECKING:
    from ..engine.driver import SolveResult

#: The budget of the exact search behind a diagnosis: a search this long means the board
#: is pathological, and a command must not hang on checking its own answer.
NODE_LIMIT = 20_000
SECONDS = 0.5
#: How many of the solutions a caller passes in are compared with the steps.
COMPARED = 100


class UnsoundRule(Exception):
    """Raised by callers that cannot go on with an unsound result (``queens hint``);
    ``str()`` is the diagnosis's one line."""


class Diagnosis:
    """The verdict on one :class:`~queens_core.engine.driver.SolveResult`. (A plain class, not a
    dataclass: every command builds one, and a dataclass costs ~1 ms to create at import.)"""

    def __init__(self) -> None:
        #: Solutions of the start state found (at most 2); meaningless when not decided.
        self.solutions: list[int] = []
        #: False when the exact search ran past its budget: nothing else is known.
        self.decided = True
        #: The unsound rule, and its first step that lost a solution (None when it raised).
        self.culprit: Rule | None = None
        self.unsound_step: Step | None = None
        #: The one-line reason, without the board's name, when a rule is unsound.
        self.message: str | None = None

    @property
    def unsound(self) -> bool:
        return self.message is not None

    @property
    def has_solution(self) -> bool | None:
        """Whether the start state has a solution (None: undecided)."""
        return bool(self.solutions) if self.decided else None


def _first_disagreement(steps: Sequence[Step], solution: int) -> int | None:
    """The index of the first step that kills a cell of ``solution`` or places a queen
    outside it, or None."""
    for index, step in enumerate(steps):
        if step.killed & solution or step.placed & ~solution:
            return index
    return None


def diagnose(
    result: SolveResult,
    start: State | None,
    by_counter: Mapping[str, Rule],
    solutions: list[int] | None = None,
) -> Diagnosis:
    """Check ``result`` (solved from ``start``, default the empty board) against the exact
    solver. ``solutions``: the start state's solutions when the caller has them already
    (``queens check`` counts them anyway), at least 2 of them if there are 2."""
    board = result.board
    # Placing a queen on a dead cell is unsound whatever the board: no search needed.
    raised_unsound = result.status == CONTRADICTION and (result.problem or "").startswith(
        UNSOUND_PREFIX
    )
    diagnosis = Diagnosis()
    if solutions is None:
        # Imported here: a command whose answer needs no search (queens_core.tools.answers)
        # loads none of the searches.
        from .exact import find_solutions

        try:
            solutions = find_solutions(board, 2, start, node_limit=NODE_LIMIT, seconds=SECONDS)
        except SearchLimitExceeded:
            diagnosis.decided = False
            solutions = []
    diagnosis.solutions = list(solutions)
    found = [
        (index, solution)
        for solution in solutions[:COMPARED]
        if (index := _first_disagreement(result.steps, solution)) is not None
    ]
    if found:
        index, _ = min(found)
        step = result.steps[index]
        diagnosis.unsound_step = step
        diagnosis.culprit = by_counter.get(step.counter, result.culprit)
    elif raised_unsound or (result.status == CONTRADICTION and solutions):
        diagnosis.culprit = result.culprit
    else:
        return diagnosis
    diagnosis.message = _describe(board, result, diagnosis)
    return diagnosis


def judge_step(board: Board, step: Step, rule: Rule | None, solutions: Sequence[int]) -> str | None:
    """One line on ``rule``'s ``step`` when it disagrees with a solution of the position
    it was taken from (``solutions``: that position's, at least 2 of them if there are
    2), else None: one step judged on its own, where :func:`diagnose` judges a solve."""
    if not any(_first_disagreement([step], solution) is not None for solution in solutions):
        return None
    who = "a rule" if rule is None else rule.describe()
    lost = (
        "leaves the board no solution"
        if len(solutions) == 1
        else "rules out a solution of the board"
    )
    return f"{who} made an unsound deduction: it {describe_step(board, step)}, which {lost}"


def describe_step(board: Board, step: Step, limit: int = 6) -> str:
    """``placed a queen on r2c3`` / ``killed r1c4, r1c5`` (at most ``limit`` cells)."""
    if step.placed:
        return f"placed a queen on {cell_label(board, step.placed.bit_length() - 1)}"
    cells = cell_labels(board, step.killed)
    more = f" and {len(cells) - limit} more" if len(cells) > limit else ""
    return f"killed {', '.join(cells[:limit])}{more}"


def _describe(board: Board, result: SolveResult, diagnosis: Diagnosis) -> str:
    """One line on an unsound rule: who it is, where it comes from, what it did wrong."""
    rule = diagnosis.culprit
    who = "a rule" if rule is None else rule.describe()
    if diagnosis.unsound_step is not None:
        what = describe_step(board, diagnosis.unsound_step)
        if result.status == CONTRADICTION:
            then = f"then {result.problem}"
        elif result.status == SOLVED:
            then = "then the rules solved the board, which has another solution"
        else:
            then = f"then the rules stopped with {result.progress()}"
        # With one solution, ruling it out leaves none: the sentence the guide shows.
        lost = (
            "leaves the board no solution"
            if len(diagnosis.solutions) == 1
            else ("rules out a solution of the board")
        )
        return f"{who} made an unsound deduction: it {what}, which {lost} ({then})"
    problem = result.problem or ""
    if problem.startswith(UNSOUND_PREFIX):
        return f"{who} made an unsound deduction: it {problem[len(UNSOUND_PREFIX) :]}"
    return (
        f"{who} made an unsound deduction: it reported a contradiction where the board "
        f"still has a solution ({problem})"
    )

"""Naming the rule behind a contradiction.

The rule whose step *exposes* a contradiction (the one after which some unit is empty) is
often not the one that *caused* it: an unsound rule can kill a cell every solution needs
while other cells of the unit stay live, and a sound rule empties the unit later. Since a
sound deduction never removes a solution, the cause is exact: the first recorded step
after which the board has no solution left. The exact solver finds it by bisection over
the steps, on the contradiction path only (a solve that ends solved or stalled never
pays for it).

Three verdicts:

- the board has no solution from the start state: no rule is at fault;
- some step leaves no solution: its rule is unsound, and that step is the evidence;
- every step leaves a solution, yet the last rule raised ``Contradiction`` or
  ``UnsoundDeduction``: that rule is unsound.

The searches are bounded (:data:`NODE_LIMIT` nodes each); past that the verdict is left
open and the exposing rule stays named.
"""

from __future__ import annotations

from .board import Board
from .exact_stars import SearchLimitExceeded, find_solutions
from .rules import Rule, Step
from .state import State, cell_label, cell_labels
from .validate import is_solution

#: Nodes one exact search may visit. Archive boards need a few hundred; the bound keeps
#: a contradiction on a pathological user board from turning into a long search.
NODE_LIMIT = 200_000

#: How the driver words a contradiction that comes from an :class:`UnsoundDeduction`.
UNSOUND_PREFIX = "unsound deduction: "


def _has_solution(board: Board, state: State) -> bool:
    """True iff some solution agrees with ``state`` (raises SearchLimitExceeded)."""
    found = find_solutions(board, 1, state, node_limit=NODE_LIMIT)
    # A state read from a picture may hold queens that attack each other, which the
    # search does not re-check: only a validated answer counts.
    return bool(found) and is_solution(board.rows, board.cells_of(found[0]), board.stars)


def _after(start: State, steps: list[Step], count: int) -> State:
    """The state after the first ``count`` steps, replayed from ``start``."""
    live = start.live
    queens = start.queens
    for step in steps[:count]:
        queens |= step.placed
        live &= ~(step.killed | step.placed)
    return State(live, queens)


def find_unsound_step(board: Board, start: State, steps: list[Step]) -> int | None:
    """The index of the first step after which no solution is left, or None if every
    step leaves one. Assumes ``start`` has a solution."""
    if _has_solution(board, _after(start, steps, len(steps))):
        return None
    low, high = 0, len(steps)  # a solution after `low` steps, none after `high`
    while high - low > 1:
        middle = (low + high) // 2
        if _has_solution(board, _after(start, steps, middle)):
            low = middle
        else:
            high = middle
    return high - 1


def assign_blame(result, start: State, by_counter: dict[str, Rule]) -> None:
    """Fill in ``has_solution``, ``unsound`` and ``unsound_step`` of a contradictory
    :class:`~queens_core.driver.SolveResult`, and point ``culprit`` at the unsound rule
    when there is one."""
    board = result.board
    try:
        if not _has_solution(board, start):
            result.has_solution = False
            return
        result.has_solution = True
        index = find_unsound_step(board, start, result.steps)
    except SearchLimitExceeded:
        return
    result.unsound = True
    if index is not None:
        step = result.steps[index]
        result.unsound_step = step
        result.culprit = by_counter.get(step.counter, result.culprit)


def describe_step(board: Board, step: Step, limit: int = 6) -> str:
    """``placed a queen on r2c3`` / ``killed r1c4, r1c5`` (at most ``limit`` cells)."""
    if step.placed:
        return f"placed a queen on {cell_label(board, step.placed.bit_length() - 1)}"
    cells = cell_labels(board, step.killed)
    more = f" and {len(cells) - limit} more" if len(cells) > limit else ""
    return f"killed {', '.join(cells[:limit])}{more}"


def describe_unsound(result) -> str:
    """One line on an unsound rule: who it is, where it comes from, what it did wrong."""
    rule = result.culprit
    # A rule is not expected to be missing: an unsound verdict always comes with its rule.
    who = "a rule" if rule is None else rule.describe()
    if result.unsound_step is not None:
        what = describe_step(result.board, result.unsound_step)
        return (
            f"{who} made an unsound deduction: it {what}, which leaves the board no "
            f"solution (then {result.problem})"
        )
    if result.problem.startswith(UNSOUND_PREFIX):
        return f"{who} made an unsound deduction: it {result.problem[len(UNSOUND_PREFIX) :]}"
    return (
        f"{who} made an unsound deduction: it reported a contradiction where the board "
        f"still has a solution ({result.problem})"
    )

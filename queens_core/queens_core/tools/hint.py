"""``queens hint``: the next deduction from a partial board, or why the board is wrong.

A person pastes their progress (the ``♛ ⨯ .`` picture ``queens solve`` prints, or what
they typed); the hint is the easiest step the rules can take from there (the rule of the
lowest rung, then the lowest weight, see :mod:`.steps`), explained like a step of
``--explain``. Before any hint, the state is checked against the board's solutions with
the exact solver, because a hint built on a wrong mark would mislead.

What "wrong" means
------------------
A state is wrong when no solution of the board agrees with it: a solution agrees when
every queen of the state is one of its queens and no dead mark of the state is on one of
its queens. On a board with a unique solution (every archive board) the offending cells
are simply the queens that are not in the solution and the dead marks on its queens. On a
board with several solutions they are the cells that disagree with the nearest of its
first :data:`SOLUTION_CAP` solutions (the one with the fewest disagreements).

Two queens that attack each other are a separate statement (a *conflict*): which of the
two is wrong is the solution's to say, and a queen of the solution is never called wrong
because a wrong queen attacks it.

Where the player is
-------------------
LinkedIn crosses out the cells a queen attacks as the queen is placed, and many players
never cross at all; either way, a queen on the board stands for its crosses. So by
default the queens of a right state are taken with their row, column, region and ring
crossed (:func:`cross_for_queens`) before the rules look for the next step, and the first
hint is a real deduction rather than one of those crosses. ``every_step=False`` is not
the default only for those who want each cross as a hint of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.board import Board, bits
from ..engine.driver import Solver
from ..engine.rules import Rule, Step
from ..engine.state import State
from ..engine.words import region_name
from ..referee.blame import UnsoundRule, diagnose, judge_step
from ..referee.exact import find_solutions
from .explain import Explanation, Focus, apply_step, explain_steps, focus_of

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
    #: Queens that are not in the (nearest) solution; none when the board has no solution.
    bad_queens: int = 0
    #: Dead marks on queens of the (nearest) solution.
    bad_dead: int = 0
    #: Solutions of the board found (at most SOLUTION_CAP); 0: the board has none.
    solutions: int = 1
    #: Pairs of queens of the state that attack each other (cell indices, in reading order).
    conflicts: tuple[tuple[int, int], ...] = ()


def conflicts_of(board: Board, queens: int) -> tuple[tuple[int, int], ...]:
    """Every pair of ``queens`` that attack each other: a shared row, column or region,
    or touching cells."""
    cells = list(bits(queens))
    return tuple(
        (a, b) for i, a in enumerate(cells) for b in cells[i + 1 :] if board.kill_masks[a] >> b & 1
    )


def conflict_reason(board: Board, a: int, b: int) -> str:
    """Why two queens attack each other: ``share row 2``, ``share column 4``, ``share
    region P (purple)`` or ``touch``. On a Star Battle board (K ≥ 2) stars attack only by
    touching: two in one row, column or region is what the puzzle asks for."""
    if board.stars > 1:
        return "touch"
    n = board.n
    if a // n == b // n:
        return f"share row {a // n + 1}"
    if a % n == b % n:
        return f"share column {a % n + 1}"
    if board.cell_region[a] == board.cell_region[b]:
        return f"share {region_name(board, board.cell_region[a])}"
    return "touch"


def check_state(board: Board, state: State, seconds: float | None = None) -> Check:
    """Is ``state`` wrong (see the module's doc), and which cells make it so? Raises
    :class:`~queens_core.referee.exact.SearchLimitExceeded` when a search needs more than
    ``seconds``."""
    conflicts = conflicts_of(board, state.queens)
    if not conflicts and find_solutions(board, 1, state, seconds=seconds):
        return Check(wrong=False)
    solutions = find_solutions(board, SOLUTION_CAP, seconds=seconds)
    if not solutions:
        return Check(wrong=True, solutions=0, conflicts=conflicts)
    dead = state.dead(board)

    def disagreement(solution: int) -> tuple[int, int]:
        return state.queens & ~solution, dead & solution

    nearest = min(solutions, key=lambda s: sum(m.bit_count() for m in disagreement(s)))
    bad_queens, bad_dead = disagreement(nearest)
    return Check(True, bad_queens, bad_dead, len(solutions), conflicts)


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
    #: The cells crossed for the queens of the state before the hint (see the module's
    #: doc); ``state`` already has them crossed.
    crossed: int = 0
    #: Where to look for the step, what a hint names before it shows the step: the place
    #: its sentence reasons about (see :func:`~queens_core.tools.explain.focus_of`).
    focus: Focus | None = None


def cross_for_queens(board: Board, state: State) -> State:
    """``state`` with every cell its queens attack crossed (their rows, columns, regions
    and neighbours; on a Star Battle board, what a star kills, and the rest of every unit
    that holds its stars already), as the game shows it."""
    from .steps import start_position

    return start_position(board, state)


def find_hint(
    board: Board,
    state: State,
    rules: list[Rule],
    seconds: float | None = None,
    every_step: bool = False,
) -> Hint:
    """Check ``state``; if it is right, the easiest step the rules can take from it (the lowest
    rung, then the lowest weight, then catalog order), its queens' crosses taken as made
    (unless ``every_step``: then those crosses are hints too).

    Raises :class:`~queens_core.referee.blame.UnsoundRule` when the rules' solve from ``state``
    is unsound (the hint could be that very step; on a Star Battle board without
    ``every_step``, when the step it would give is), and
    :class:`~queens_core.referee.exact.SearchLimitExceeded` past ``seconds`` of exact search."""
    check = check_state(board, state, seconds)
    if check.wrong:
        return Hint(board, state, NO_SOLUTION if not check.solutions else WRONG, check)
    if state.is_solved(board):
        return Hint(board, state, SOLVED, check)
    crossed = 0
    if not every_step:
        given = state
        state = cross_for_queens(board, state)
        crossed = given.live & ~state.live
        if board.stars > 1:
            # A Star Battle solve from here, trials and all, takes seconds on a big board:
            # the hint vouches for the one step it gives. A Queens solve takes about a
            # millisecond, so it still runs whole and names a rule that misbehaves in it.
            return _easiest_hint(board, state, rules, check, crossed, seconds)
    solver = Solver(rules).for_stars(board.stars)
    result = solver.solve(board, state.copy())
    diagnosis = diagnose(result, state, solver.by_counter)
    if diagnosis.message:
        raise UnsoundRule(diagnosis.message)
    if not result.steps:
        return Hint(board, state, STUCK, check, crossed=crossed)
    first = result.steps[0]
    if every_step and first.counter == solver.settle_counter and not first.placed:
        # The crosses of the queens on the board, the first of every step.
        explanation = explain_steps(board, [first], rules, state)[0]
        focus = focus_of(board, first, state, solver.by_counter.get(first.counter))
        after = state.copy()
        apply_step(board, after, first)
        return Hint(board, state, HINT, check, first, explanation, after, crossed, focus)
    return _easiest_hint(board, state, rules, check, crossed, seconds, solver, judged=True)


def _easiest_hint(
    board: Board,
    state: State,
    rules: list[Rule],
    check: Check,
    crossed: int,
    seconds: float | None,
    solver: Solver | None = None,
    judged: bool = False,
) -> Hint:
    """The easiest step there is now (by the rule's weight), not the first the driver's
    catalog order reaches, judged against the position's solutions before it is given:
    a hint is one step, so that step's soundness is what it must vouch for (a solve of
    the whole board, trials and all, cost a big Star Battle board seconds). ``judged``:
    the rules' whole solve from ``state`` was judged already."""
    from .steps import steps_now

    solver = solver or Solver(rules).for_stars(board.stars)
    easiest = steps_now(board, state, solver, easiest_only=True)
    if not easiest:
        return Hint(board, state, STUCK, check, crossed=crossed)
    found = easiest[0]
    if not judged:
        here = find_solutions(board, 2, state, seconds=seconds)
        unsound = judge_step(board, found.step, solver.by_counter.get(found.step.counter), here)
        if unsound:
            raise UnsoundRule(unsound)
    after = state.copy()
    apply_step(board, after, found.step)
    return Hint(
        board, state, HINT, check, found.step, found.explanation, after, crossed, found.focus
    )

"""Property-based tests (Hypothesis): ``queens hint`` on random states, the board reader
on random input.

Examples are few (``max_examples``) to keep the suite fast; each property is one that a
hand-picked case could miss: a hint never calls a queen of the solution wrong and its
step agrees with every solution, and the reader either gives a board or raises one
:class:`BoardError` with a one-line message, never anything else.
"""

from __future__ import annotations

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import archive_paths

from queens_core import Board, BoardError, State
from queens_core.referee.exact import find_solutions
from queens_core.tools.hint import HINT, NO_SOLUTION, SOLVED, STUCK, WRONG, check_state, find_hint

FEW = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

#: A spread of archive boards (every size), with their unique solutions.
SAMPLE = [Board.parse(p.read_text()) for p in archive_paths()[::40]]


@st.composite
def archive_states(draw):
    """An archive board and a state built around its solution: some of its queens, maybe
    a queen off it, dead marks mostly off it and maybe one on it."""
    board = draw(st.sampled_from(SAMPLE))
    (solution,) = find_solutions(board, 2)
    queens_on = [i for i in range(board.n * board.n) if solution >> i & 1]
    others = [i for i in range(board.n * board.n) if not solution >> i & 1]
    queens = sum(1 << i for i in draw(st.lists(st.sampled_from(queens_on), unique=True)))
    extra = draw(st.lists(st.sampled_from(others), max_size=2, unique=True))
    queens |= sum(1 << i for i in extra)
    dead = sum(1 << i for i in draw(st.lists(st.sampled_from(others), max_size=30, unique=True)))
    dead |= sum(1 << i for i in draw(st.lists(st.sampled_from(queens_on), max_size=1)))
    dead &= ~queens
    return board, solution, State(board.full & ~queens & ~dead, queens)


@st.composite
def small_boards(draw, low: int = 4, high: int = 6):
    """A random region map: N letters, each used at least once (connected or not)."""
    n = draw(st.integers(low, high))
    cells = draw(st.lists(st.integers(0, n - 1), min_size=n * n, max_size=n * n))
    cells[:n] = draw(st.permutations(range(n)))  # every region has a cell
    rows = [
        "".join(string.ascii_uppercase[k] for k in cells[r * n : (r + 1) * n]) for r in range(n)
    ]
    return Board.from_rows(rows)


@FEW
@given(archive_states())
def test_hint_never_calls_a_solution_queen_wrong_and_its_step_is_sound(registry, case):
    board, solution, state = case
    check = check_state(board, state)
    off_solution = state.queens & ~solution
    dead_on_solution = state.dead(board) & solution
    assert check.wrong == bool(off_solution or dead_on_solution)
    assert check.bad_queens == off_solution  # never a queen of the solution
    assert check.bad_dead == dead_on_solution
    hint = find_hint(board, state, registry.rules)
    if check.wrong:
        assert hint.status == WRONG and hint.step is None
        return
    assert hint.status in (HINT, SOLVED)  # the catalog solves every archive board
    if hint.status == HINT:
        assert hint.step.placed & ~solution == 0
        assert hint.step.killed & solution == 0


@FEW
@given(small_boards(), st.data())
def test_hint_on_random_boards_agrees_with_every_solution(registry, board, data):
    cells = range(board.n * board.n)
    queens = sum(1 << i for i in data.draw(st.sets(st.sampled_from(cells), max_size=3)))
    dead = sum(1 << i for i in data.draw(st.sets(st.sampled_from(cells), max_size=8)))
    state = State(board.full & ~queens & ~dead, queens)
    hint = find_hint(board, state, registry.rules)
    agreeing = find_solutions(board, 1000, state)
    if hint.status == NO_SOLUTION:
        assert not find_solutions(board, 1)
        assert hint.check.bad_queens == 0
        return
    if hint.status == WRONG:
        assert not agreeing
        return
    assert hint.status in (HINT, SOLVED, STUCK) and agreeing
    if hint.status == HINT and len(agreeing) < 1000:
        for solution in agreeing:
            assert hint.step.placed & ~solution == 0
            assert hint.step.killed & solution == 0


# -- the board reader ------------------------------------------------------------------


@FEW
@given(small_boards(1, 12), st.booleans(), st.booleans())
def test_a_board_written_out_reads_back_the_same(board, spaced, trailing_newline):
    rows = [" ".join(row) if spaced else row for row in board.rows]
    text = "\n".join(rows) + ("\n" if trailing_newline else "")
    again = Board.parse(text)
    assert again == board and again.rows == board.rows
    assert Board.parse_bytes(text.encode()) == board


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        st.binary(max_size=200),
        st.text(alphabet="AB C\n\t.♛x\r\x00é", max_size=60).map(str.encode),
    )
)
def test_any_input_gives_a_board_or_one_clean_error(data):
    try:
        board = Board.parse_bytes(data)
    except BoardError as err:
        message = str(err)
        assert message and "\n" not in message and "Traceback" not in message
        return
    assert 1 <= board.n and len(board.letters) == board.n

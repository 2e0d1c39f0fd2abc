"""Random boards and random start states through solve, hint, check and render --solve:
no traceback, and no answer the exact solver disagrees with (issue 18's fuzz test)."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from queens_core import State
from queens_core.cli.app import main
from queens_core.generator.regions import random_board
from queens_core.referee.exact import find_solutions

#: Enough to tell the number of solutions of a small board from "many".
CAP = 1000


def invoke(*args: str):
    result = CliRunner().invoke(main, list(args))
    # Any exception but the command's own exit is a traceback the user would see.
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args,
        result.exc_info,
    )
    assert len(result.stderr.splitlines()) <= 2 + result.stderr.count("warning:"), args
    return result


def picture(n: int, queens: int, live: int) -> str:
    rows = []
    for r in range(n):
        row = ""
        for c in range(n):
            bit = 1 << (r * n + c)
            row += "Q" if queens & bit else "." if live & bit else "x"
        rows.append(row)
    return "\n".join(rows) + "\n"


@pytest.mark.slow
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(4, 8),
    solvable=st.booleans(),
    queen_count=st.integers(0, 3),
    dead_fraction=st.sampled_from([0.0, 0.1, 0.3]),
)
def test_random_boards_and_states_get_answers_the_exact_solver_agrees_with(
    seed, n, solvable, queen_count, dead_fraction
):
    rng = random.Random(seed)
    board = random_board(n, rng, solvable=solvable, bias=rng.choice((0, 2)))
    everywhere = find_solutions(board, CAP)
    # Half the time the marks come from a solution (a player's progress), else anywhere.
    guide = rng.choice(everywhere) if everywhere and rng.random() < 0.5 else None
    cells = list(range(n * n))
    candidates = [c for c in cells if guide is None or guide >> c & 1]
    queens = sum(1 << c for c in rng.sample(candidates, min(queen_count, len(candidates))))
    dead = sum(1 << c for c in cells if rng.random() < dead_fraction) & ~queens
    if guide is not None:
        dead &= ~guide
    state = State(board.full & ~queens & ~dead, queens)
    agreeing = find_solutions(board, CAP, state)

    with tempfile.TemporaryDirectory() as folder:
        board_path = Path(folder, "board.txt")
        board_path.write_text(str(board) + "\n")
        state_path = Path(folder, "state.txt")
        state_path.write_text(picture(n, queens, state.live))

        solved = invoke("solve", str(board_path))
        assert solved.exit_code in (0, 1), solved.stderr
        if solved.exit_code == 0:
            assert len(everywhere) == 1
        if "the board has no solution" in solved.stderr:
            assert not everywhere

        checked = invoke("check", "--format", "json", str(board_path))
        verdict = json.loads(checked.stdout)["verdict"]
        expected = {0: "no-solution", 1: ("unique-solved", "unique-stalled")}.get(
            len(everywhere), "several-solutions"
        )
        assert verdict in expected

        hinted = invoke("hint", "--format", "json", str(board_path), "--state", str(state_path))
        rendered = invoke(
            "render", str(board_path), "--solve", "--state", str(state_path), "-o", "-"
        )
        if state.problem(board) is not None:
            # render starts the rules from it: bad input; hint names the conflict.
            assert rendered.exit_code == 2
            assert "impossible state" in rendered.stderr
            assert hinted.exit_code == 1
            assert json.loads(hinted.stdout)["status"] in ("wrong", "no_solution")
            return
        assert hinted.exit_code in (0, 1), hinted.stderr
        document = json.loads(hinted.stdout)
        if document["status"] in ("wrong", "no_solution"):
            assert not agreeing
        else:
            assert agreeing
        if document["step"] is not None:
            step = document["step"]
            killed = board.mask_of([tuple(cell) for cell in step["killed"]])
            placed = board.mask_of([tuple(step["placed"])]) if step["placed"] else 0
            # A sound step keeps every solution that agrees with the state.
            assert all(not killed & s and placed & s == placed for s in agreeing)
        assert rendered.exit_code in (0, 1), rendered.stderr
        if rendered.exit_code == 0:
            assert len(agreeing) == 1

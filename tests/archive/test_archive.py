"""The whole solver against the exact solver on every archive board."""

from __future__ import annotations

import pytest
from support import rules_of

from queens_core import Solver, State, is_solution

CATALOG = ("baseline", "polyomino", "pigeonhole", "pfc")
STAGES = {
    "baseline": CATALOG[:1],
    "cheap": CATALOG[:3],
    "catalog": CATALOG,
}


def check_sound(board, result, solution: int) -> None:
    """A solved board equals the solution; a stalled one contradicts it nowhere."""
    assert result.status in ("solved", "stalled"), result.problem
    assert result.state.queens & ~solution == 0, "a queen outside the solution"
    assert result.state.dead(board) & solution == 0, "a solution cell marked dead"
    if result.solved:
        assert result.state.queens == solution
        assert is_solution(board.rows, board.cells_of(result.state.queens))


@pytest.mark.parametrize("stage", STAGES)
def test_every_archive_board_is_solved_or_stalls_soundly(stage, archive, solutions, registry):
    solver = Solver(rules_of(registry, *STAGES[stage]))
    solved = 0
    for key, board in archive.items():
        result = solver.solve(board)
        check_sound(board, result, solutions[key])
        solved += result.solved
    if stage == "catalog":
        assert solved == len(archive) == 607
    elif stage == "baseline":
        # "roughly a quarter of the archive"
        assert 0.2 * len(archive) < solved < 0.35 * len(archive)
    else:
        assert solved > 0.75 * len(archive)


@pytest.mark.slow
def test_the_fixed_point_is_real(archive, registry):
    """After a solve, every rule run once more on a fresh copy changes nothing."""
    from queens_core.testing import run_rule

    solver = Solver(rules_of(registry, *STAGES["cheap"]))
    full = Solver(registry.rules)
    for key, board in archive.items():
        for s in (solver, full):
            result = s.solve(board)
            for rule in s.rules:
                fresh = State(result.state.live, result.state.queens)
                outcome = run_rule(
                    rule.apply, board, fresh, rule.counter, enabled=[r.counter for r in s.rules]
                )
                assert not outcome.changed, f"board {key}: {rule.counter} still fires"

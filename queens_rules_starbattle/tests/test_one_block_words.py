"""The 2×2 blocks sentence when the group needs one star more: its live cells fit in one
block, so that block holds the star. It says "that block", never "each block holds
exactly one of them" (there is one block and one star), on a state made by hand from
the board's solution: a row holds one of its stars, and only two cells beside each other
(or one cell) are left for the other."""

from __future__ import annotations

from pathlib import Path

import pytest

from queens_core import Solver, State, cell_label
from queens_core.api import Application
from queens_core.referee.exact import solve_exact
from queens_core.tools.explain import apply_step, explain_steps
from queens_rules_starbattle import RULES
from queens_rules_starbattle.details import Blocks

ROOT = Path(__file__).resolve().parents[2]
BLOCKS = [rule for rule in RULES if rule.counter == "two_by_two_blocks"]


def one_star_short(board, row: int, solution, pair: bool) -> State:
    """Row ``row`` with the first of its solution's stars placed, and live only at its
    other star (and the cell beside it, with ``pair``)."""
    first, second = sorted(c for r, c in solution if r == row)
    keep = {second}
    if pair:
        keep.add(second + 1 if second + 1 < board.n else second - 1)
    state = State.initial(board)
    for column in range(board.n):
        if column not in keep:
            state.live &= ~(1 << board.cell(row, column))
    state.queens |= 1 << board.cell(row, first)
    return state


@pytest.mark.parametrize("pair", [True, False], ids=["two-cells", "one-cell"])
def test_one_block_left_for_one_star_is_said_as_that_block(pair):
    board = Application().read(str(ROOT / "archive/starbattle/10x10-2stars-01.txt")).board
    solution = solve_exact(board)
    assert solution is not None
    seen = 0
    for row in range(board.n):
        first, second = sorted(c for r, c in solution if r == row)
        if pair and min(abs(second + d - first) for d in (-1, 1)) <= 1:
            continue  # the cell beside the second star touches the first
        state = one_star_short(board, row, solution, pair)
        live = [cell_label(board, c) for c in range(board.n**2) if state.live >> c & 1]
        result = Solver(BLOCKS, stars=board.stars).solve(board, state.copy())
        for step in result.steps:
            if isinstance(step.detail, Blocks) and step.detail.where == ("row", row):
                (explanation,) = explain_steps(board, [step], RULES, state)
                why = explanation.why
                assert (state.queens & board.units[row][2]).bit_count() == board.stars - 1
                assert f"row {row + 1} fit in one 2×2 block," in why, why
                assert f"row {row + 1} still needs 1 star, so that block holds it" in why, why
                assert "each block" not in why and "one of them" not in why, why
                if pair:
                    assert not step.placed
                    cells = [cell_label(board, c) for c in step.detail.part]
                    assert all(label in live for label in cells)
                    assert f"one of {' '.join(cells)} holds a star" in why, why
                else:
                    star = step.placed.bit_length() - 1
                    assert step.placed == 1 << star
                    assert f"in that block {cell_label(board, star)} is the only live" in why
                seen += 1
                break
            apply_step(board, state, step)
    assert seen >= 5

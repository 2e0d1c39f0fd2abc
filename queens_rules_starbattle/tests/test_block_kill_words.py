"""The 2×2 block sentences' last clause ("one of r9c1 r9c2 holds a star, and each of r8c1
r10c1 touches both, so none of these two can hold one") is true of the state it
describes: the cells it names as the block's choice are live, every cell it rules out
touches each of them, and it names exactly the cells the step empties."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from queens_core import Solver, State, bits, cell_label
from queens_core.api import Application
from queens_core.tools.explain import apply_step, explain_steps
from queens_rules_starbattle import RULES

ROOT = Path(__file__).resolve().parents[2]
CELLS = r"r\d+c\d+(?: r\d+c\d+)*"
CLAUSE = re.compile(
    rf"one of ({CELLS}) holds a star, and (each of )?({CELLS}) touch(?:es)? "
    r"(both|all \w+), so (it cannot hold one|none of these (\w+) can hold one)\.$"
)
WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def _touch(board, a: int, b: int) -> bool:
    (ra, ca), (rb, cb) = divmod(a, board.n), divmod(b, board.n)
    return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


@pytest.mark.parametrize(
    "name",
    ["9x9-2stars-01.txt", "10x10-2stars-03.txt", "11x11-2stars-02.txt", "14x14-3stars-01.txt"],
)
def test_the_cells_a_block_rules_out_touch_every_cell_that_may_hold_its_star(name):
    board = Application().read(str(ROOT / "archive" / "starbattle" / name)).board
    label = {cell_label(board, cell): cell for cell in range(board.n * board.n)}
    steps = Solver(RULES, stars=board.stars).solve(board).steps
    state = State.initial(board)
    seen = 0
    for step in steps:
        (explanation,) = explain_steps(board, [step], RULES, state)
        said = CLAUSE.search(" ".join(explanation.why.split()))
        if said:
            part = [label[word] for word in said.group(1).split()]
            dead = [label[word] for word in said.group(3).split()]
            assert all(state.live >> cell & 1 for cell in part), explanation.why
            assert sorted(dead) == sorted(bits(step.killed)), explanation.why
            assert all(_touch(board, d, p) for d in dead for p in part), explanation.why
            every = said.group(4)
            assert (2 if every == "both" else WORDS[every.split()[1]]) == len(part)
            assert (len(dead) == 1) == (said.group(2) is None)
            if said.group(6):
                assert WORDS[said.group(6)] == len(dead)
            seen += 1
        apply_step(board, state, step)
    assert seen

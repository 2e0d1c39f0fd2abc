"""The 2×2 blocks sentence says how many blocks in words ("fit in two 2×2 blocks"), and
that number is true of the state it describes: the stars the group still needs, and as
many 2×2 blocks do cover every live cell of the group."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest

from queens_core import Board, Solver, State
from queens_core.api import Application
from queens_core.tools.explain import apply_step, explain_steps
from queens_rules_starbattle import RULES
from queens_rules_starbattle.cases import group_mask
from queens_rules_starbattle.details import Blocks

ROOT = Path(__file__).resolve().parents[2]
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
SAID = re.compile(r"fit in (\w+) 2×2 blocks?,")


def covered_by(board: Board, cells: int, count: int) -> bool:
    """Whether ``count`` 2×2 blocks of the board cover every cell of ``cells``."""
    n = board.n
    blocks = []
    for r in range(n - 1):
        for c in range(n - 1):
            block = sum(1 << board.cell(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1))
            if block & cells:
                blocks.append(block)
    return any(not cells & ~_union(chosen) for chosen in combinations(blocks, count))


def _union(blocks: tuple[int, ...]) -> int:
    union = 0
    for block in blocks:
        union |= block
    return union


@pytest.mark.parametrize("name", ["9x9-2stars-01.txt", "10x10-2stars-01.txt"])
def test_the_block_count_is_said_in_words_and_holds(name):
    board = Application().read(str(ROOT / "archive" / "starbattle" / name)).board
    steps = Solver(RULES, stars=board.stars).solve(board).steps
    state = State.initial(board)
    seen = 0
    for step in steps:
        if isinstance(step.detail, Blocks):
            (explanation,) = explain_steps(board, [step], RULES, state)
            said = SAID.search(explanation.why)
            assert said, explanation.why
            count = NUMBERS[said.group(1)]
            mask = group_mask(board, step.detail.where)
            lines = 2 if step.detail.where[0] in ("rows", "columns") else 1
            assert count == board.stars * lines - (state.queens & mask).bit_count()
            assert covered_by(board, state.live & mask, count)
            seen += 1
        apply_step(board, state, step)
    assert seen

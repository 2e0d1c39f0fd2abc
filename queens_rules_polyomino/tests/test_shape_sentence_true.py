"""The polyomino sentence is true of the state it describes: the cells it lists are the
region's live cells, and each of them shares a row or column with, or touches, every
cell it rules out, which are exactly the cells the step empties."""

from __future__ import annotations

import re
from pathlib import Path

from queens_core import Solver, State, bits, cell_label
from queens_core.api import Application
from queens_core.tools.explain import apply_step, explain_steps
from queens_rules_polyomino.details import ShapeInRegion

ARCHIVE = Path(__file__).resolve().parents[2] / "archive" / "boards"
CELL = re.compile(r"r\d+c\d+")
SENTENCE = re.compile(
    r"^The live cells of region .*?, (.*), form an? [\w-]+, and each of them shares a row "
    r"or column with, or touches, (.*): wherever \w+'s queen goes among them, "
    r"(.*) (?:cannot|can) hold a queen\.$"
)


def _attacks(board, a: int, b: int) -> bool:
    (ra, ca), (rb, cb) = divmod(a, board.n), divmod(b, board.n)
    return a != b and (ra == rb or ca == cb or (abs(ra - rb) <= 1 and abs(ca - cb) <= 1))


def test_every_shape_sentence_on_the_archive_holds():
    app = Application()
    rules = app.rules()
    seen = 0
    for number in (1, 11, 100, 200, 353, 500, 600):
        board = app.read(str(ARCHIVE / f"{number}.txt")).board
        label = {cell_label(board, cell): cell for cell in range(board.n * board.n)}
        state = State.initial(board)
        for step in Solver(rules).solve(board).steps:
            if isinstance(step.detail, ShapeInRegion):
                (explanation,) = explain_steps(board, [step], rules, state)
                said = SENTENCE.match(" ".join(explanation.why.split()))
                assert said, explanation.why
                shape = [label[c] for c in CELL.findall(said.group(1))]
                dead = [label[c] for c in CELL.findall(said.group(2))]
                assert [label[c] for c in CELL.findall(said.group(3))] == dead
                region = board.region_masks[step.detail.region]
                assert sorted(shape) == sorted(bits(state.live & region))
                assert sorted(dead) == sorted(bits(step.killed))
                assert all(_attacks(board, s, d) for s in shape for d in dead)
                seen += 1
            apply_step(board, state, step)
    assert seen > 5

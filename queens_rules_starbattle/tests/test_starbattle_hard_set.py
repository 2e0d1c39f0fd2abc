"""The Star Battle hard set (archive/starbattle/): every board's solution and how far the
cheap tier and all the rules get, exactly as tests/golden/starbattle-hard.json records.

A change meant to change what the rules do records the file again with
scripts/make_starbattle_set.py and says why in its commit; any other difference is a
regression (or an unsound deduction: a wrong star fails at once).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from queens_core import Solver, Tier
from queens_core.plugins.readers import read_source
from queens_core.referee.exact import find_solutions

ROOT = Path(__file__).resolve().parents[2]
SET = ROOT / "archive" / "starbattle"
GOLDEN = json.loads((ROOT / "tests" / "golden" / "starbattle-hard.json").read_text("utf-8"))


def test_the_golden_file_covers_the_set_at_every_size():
    assert sorted(p.name for p in SET.glob("*.txt")) == sorted(GOLDEN)
    shapes = {name.split("-")[0] + "-" + name.split("-")[1] for name in GOLDEN}
    assert shapes == {"9x9-2stars", "10x10-2stars", "11x11-2stars", "14x14-3stars", "17x17-4stars"}


@pytest.fixture(scope="module")
def solvers(queens_registry) -> dict[str, Solver]:
    rules = queens_registry.rules
    return {"cheap": Solver([r for r in rules if r.tier is Tier.CHEAP]), "all": Solver(rules)}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_each_board_solves_as_recorded(name, solvers):
    reading = read_source(str(SET / name))
    assert reading.stars is not None  # the file keeps its K
    board = reading.board.with_stars(reading.stars)
    recorded = GOLDEN[name]
    (solution,) = find_solutions(board, 2)
    assert sorted(divmod(c, board.n) for c in range(board.n**2) if solution >> c & 1) == [
        tuple(cell) for cell in recorded["solution"]
    ]
    for tier in ("cheap", "all"):
        result = solvers[tier].solve(board)
        assert not result.state.queens & ~solution, f"{tier}: a star off the solution"
        assert ("solved" if result.solved else "stalled") == recorded[tier], tier

"""bench/calibrate_star_score.py reads a solve's rule calls, and whether each was made on a
state the cheap rules had stalled on, off the solve's steps alone: on real Star Battle
solves the calls it reads match the solve's counters and the stalled calls its passes."""

from __future__ import annotations

import importlib.util

import pytest
from support import ROOT

from queens_core import Board
from queens_core.engine.driver import Solver
from queens_core.engine.rules import Tier

STAR_BOARDS = sorted((ROOT / "archive" / "starbattle").glob("*.txt"))


def _bench():
    spec = importlib.util.spec_from_file_location(
        "calibrate_star_score", ROOT / "bench" / "calibrate_star_score.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_calls_read_off_the_steps_are_the_solves_calls(registry):
    calls = _bench().calls
    positions = {r.counter: r.position for r in registry.rules}
    expensive = {r.counter for r in registry.rules if r.tier is Tier.EXPENSIVE}
    parted = merged_total = 0
    for path in STAR_BOARDS[::3]:
        text = path.read_text().splitlines()
        board = Board(tuple(text[1:]), int(text[0].split(":")[1]))
        solver = Solver([r for r in registry.rules if r.sound_for(board.stars)], stars=board.stars)
        result = solver.solve(board)
        read = calls([step.counter for step in result.steps], positions, expensive)
        placing = set(solver.placement_counters)
        parted += len(read)
        merged = 0  # calls of one rule in a row, which the steps cannot part
        for counter, count in result.counters.items():
            if counter not in placing:
                found = sum(c == counter for c, _ in read)
                assert (found > 0) == (count > 0) and found <= count, (path.stem, counter)
                merged += count - found
        # Every cheap fixed point ends with one pass that changes nothing; every other
        # pass, and every expensive call, begins with a call made on a stalled state.
        assert sum(opens for _, opens in read) == result.passes - 1 - merged, path.stem
        merged_total += merged
    assert read, "no board was read: the test checks nothing"
    assert parted > merged_total, "most calls should be told apart, or the reading is useless"

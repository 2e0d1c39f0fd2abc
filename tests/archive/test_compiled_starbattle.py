"""The optional compiled build covers the Star Battle package: with its deductions,
counting, flow, case split and composite regions compiled, the hard set solves as recorded
(tests/golden/starbattle-hard.json: whether the cheap tier and all the rules solve each
board)."""

from __future__ import annotations

import json
import sysconfig

import pytest
from support import ROOT, compiled_build, needs_c_compiler, run_python

GOLDEN = ROOT / "tests" / "golden" / "starbattle-hard.json"

SOLVE_HARD_SET = """
import json
from pathlib import Path
import queens_rules_starbattle.cases, queens_rules_starbattle.counting
import queens_rules_starbattle.deductions, queens_rules_starbattle.flow
import queens_rules_starbattle.composite
for module in (queens_rules_starbattle.cases, queens_rules_starbattle.counting,
               queens_rules_starbattle.deductions, queens_rules_starbattle.flow,
               queens_rules_starbattle.composite):
    assert module.__file__.endswith({suffix!r}), module.__file__
from queens_core import Solver, Tier, load_registry
from queens_core.plugins.readers import read_source
rules = load_registry().rules
cheap = Solver([r for r in rules if r.tier is Tier.CHEAP])
every = Solver(rules)
found = {{}}
for path in sorted(Path({folder!r}).glob("*.txt")):
    reading = read_source(str(path))
    board = reading.board.with_stars(reading.stars)
    found[path.name] = {{
        name: "solved" if solver.solve(board).solved else "stalled"
        for name, solver in (("cheap", cheap), ("all", every))
    }}
print(json.dumps(found))
"""


@pytest.mark.slow
@needs_c_compiler
def test_the_compiled_star_battle_rules_solve_the_hard_set_as_recorded():
    built = compiled_build()
    code = SOLVE_HARD_SET.format(
        suffix=sysconfig.get_config_var("EXT_SUFFIX"),
        folder=str(ROOT / "archive" / "starbattle"),
    )
    printed = run_python(code, built)
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    found = json.loads(printed)
    assert found == {name: {k: v[k] for k in ("cheap", "all")} for name, v in recorded.items()}

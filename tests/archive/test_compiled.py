"""The optional compiled build (scripts/build_compiled.py) solves the archive exactly as
the Python modules do: every board's status and counters at the three recorded stages.

The build is kept under .venv/compiled by a hash of its sources, so only the first run
after a change of a compiled module pays for it (about 40 s of CPU)."""

from __future__ import annotations

import json
import sysconfig

import pytest
from golden import GOLDEN
from support import ROOT, compiled_build, needs_c_compiler, run_python

SOLVE_ARCHIVE = """
import json, sys
import queens_core.engine.driver, queens_rules_pfc.trials, queens_rules_pigeonhole.tight
import queens_rules_polyomino.sweep
for module in (queens_core.engine.driver, queens_rules_pfc.trials, queens_rules_pigeonhole.tight,
               queens_rules_polyomino.sweep):
    assert module.__file__.endswith({suffix!r}), module.__file__
sys.path.insert(0, {tests!r})
from golden import outcomes
from queens_core import load_registry
print(json.dumps(outcomes(load_registry())))
"""


@pytest.mark.slow
@needs_c_compiler
def test_the_compiled_build_gives_the_recorded_counters_on_the_whole_archive():
    built = compiled_build()
    code = SOLVE_ARCHIVE.format(
        suffix=sysconfig.get_config_var("EXT_SUFFIX"), tests=str(ROOT / "tests")
    )
    printed = run_python(code, built)
    assert json.loads(printed) == json.loads(GOLDEN.read_text(encoding="utf-8"))


MAKE_BOARDS = """
import json, sys
import queens_core.generator.queens_maker as maker
if {compiled!r}:
    assert maker.__file__.endswith({suffix!r}), maker.__file__
from queens_core import load_registry
rules = load_registry().rules
made = [*maker.generate_boards(rules, 8, 40, seed=3), *maker.generate_boards(rules, 10, 3, seed=2)]
# Made in worker processes: each board comes back pickled.
made += maker.generate_boards(rules, 8, 6, seed=5, jobs=2)
print(json.dumps([[list(m.board.rows), m.solution, m.assessment.score, m.attempts] for m in made]))
"""


@pytest.mark.slow
@needs_c_compiler
def test_the_compiled_maker_makes_the_boards_the_python_maker_makes():
    built = compiled_build()
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    batches = []
    for compiled, path in ((True, built), (False, "")):
        code = MAKE_BOARDS.format(compiled=compiled, suffix=suffix)
        batches.append(json.loads(run_python(code, path)))
    assert batches[0] == batches[1]
    assert len(batches[0]) == 49

"""The sentinel process starts only where plugin code not made with queens runs: a run
of the packages made with queens starts no second Python, and a run that loads another
package has the sentinel watching before that package's first line runs."""

from __future__ import annotations

import subprocess
import sys
import time
import tomllib

from fakedist import ROOT, FakeSite, rule_module
from hostile import HOLDS_THE_LOCK

from queens_core.plugins.finder import BUNDLED_GROUP

BOARD = str(ROOT / "archive" / "boards" / "1.txt")

#: Run ``queens solve`` in this process, the fake site (if any) first on the path; then
#: say on standard error whether a sentinel was started, and whether it was running when
#: the third-party package's code ran (the package writes down what it saw).
SOLVE_AND_TELL = """
import sys
sys.path[:0] = {path!r}
from queens_core.cli.app import main
from queens_core.runtime import guards
try:
    main(["solve", {board!r}])
except SystemExit as done:
    status = done.code
print(status, guards._sentinel is not None, file=sys.stderr)
"""

#: The body of a rule package's module that records, as it is imported, whether the
#: sentinel already watches.
RECORDS_THE_SENTINEL = """
from queens_core.runtime import guards as _guards
SENTINEL_AT_IMPORT = _guards._sentinel is not None
"""


def solve_and_tell(*path: str) -> tuple[str, str]:
    code = SOLVE_AND_TELL.format(path=list(path), board=BOARD)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    *before, last = done.stderr.splitlines() or [""]
    status, started = last.split()
    # Anything said before the last line (a rule's failure, the sentinel's verdict) is
    # shown with a status other than 0.
    return status if status == "0" else f"{status}: {' | '.join(before)}", started


def test_a_run_of_the_packages_made_with_queens_starts_no_sentinel():
    assert solve_and_tell() == ("0", "False")


def test_a_package_not_made_with_queens_is_watched_from_its_import_on(site: FakeSite):
    site.add(
        "queens-rules-outsider",
        "1.0",
        {"outsider": "outsider_rules"},
        {
            "outsider_rules/__init__.py": rule_module("pass", "outsider")
            + RECORDS_THE_SENTINEL
            + "assert SENTINEL_AT_IMPORT, 'imported before the sentinel started'\n"
        },
    )
    assert solve_and_tell(str(site.root)) == ("0", "True")


def test_a_name_made_with_queens_is_no_claim_the_declaration_is(site: FakeSite):
    """What counts is what the distribution's metadata declares (an entry point in the
    ``queens.bundled`` group), not its name: the core names no package of its catalog."""
    site.add(
        "queens-rules-pfc",
        "9.9",
        {"borrowed": "borrowed_rules"},
        {"borrowed_rules/__init__.py": rule_module("pass", "borrowed")},
    )
    assert solve_and_tell(str(site.root)) == ("0", "True")


def test_a_package_that_declares_itself_made_with_queens_starts_no_sentinel(site: FakeSite):
    """The claim is the package's, as a rule's tier is: should its code hold the
    interpreter all the same, it loses the sentinel's line naming it, and the fault
    handler still ends the run."""
    info = site.add(
        "queens-rules-declared",
        "1.0",
        {"declared": "declared_rules"},
        {"declared_rules/__init__.py": rule_module("pass", "declared")},
    )
    with (info / "entry_points.txt").open("a") as entry_points:
        entry_points.write(f"[{BUNDLED_GROUP}]\ndeclared = declared_rules\n")
    assert solve_and_tell(str(site.root)) == ("0", "False")


def test_every_distribution_of_the_repository_declares_itself_made_with_queens():
    """The plain install's run starts no sentinel only while each plugin distribution of
    the repository keeps its declaration."""
    for pyproject in sorted(ROOT.glob("queens_*/pyproject.toml")):
        declared = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
        groups = declared.get("entry-points", {})
        if any(group.startswith("queens.") for group in groups):
            assert BUNDLED_GROUP in groups, pyproject


#: ``queens solve`` with the fault handler's patience cut to 3 s (the budgets too).
IMPATIENT = """
import sys
sys.path.insert(0, {site!r})
from queens_core.runtime import guards
guards.TIME_BUDGET = guards.PLUGIN_BUDGET = guards.LOCK_HELD = 1.0
guards.STARVED = 3.0
sys.argv = ["queens", "solve", {board!r}]
from queens_core.cli.entry import run
run()
"""


def test_a_declared_package_that_holds_the_interpreter_is_still_ended(site: FakeSite):
    """No sentinel watches a package that declares itself made with queens: should its
    code hold the interpreter all the same, the fault handler (armed before any plugin
    code runs) ends the run, with the stack of the call, instead of the one line."""
    info = site.add(
        "queens-rules-stuck",
        "1.0",
        {"stuck": "stuck_rules"},
        {"stuck_rules/__init__.py": rule_module(HOLDS_THE_LOCK, "stuck")},
    )
    with (info / "entry_points.txt").open("a") as entry_points:
        entry_points.write(f"[{BUNDLED_GROUP}]\nstuck = stuck_rules\n")
    code = IMPATIENT.format(site=str(site.root), board=BOARD)
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 1, done.stderr
    assert "Timeout (0:00:03)!" in done.stderr
    assert "stuck_rules/__init__.py" in done.stderr
    assert "did not stop" not in done.stderr  # the sentinel's line: no sentinel ran
    assert time.monotonic() - start < 30

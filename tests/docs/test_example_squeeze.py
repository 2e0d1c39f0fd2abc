"""The example third-party package, examples/queens-rules-squeeze: installed for real (pip
builds it from its pyproject.toml into a throwaway folder), found through its entry
point by the ``queens`` command, and checked against the exact solver on the archive.
Its own unit tests are in examples/queens-rules-squeeze/tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import ROOT, install_offline, rules_of

from queens_core import Solver
from queens_core.testing import check_soundness
from queens_rules_squeeze import RULES

EXAMPLE = ROOT / "examples" / "queens-rules-squeeze"
QUEENS = Path(sys.executable).parent / "queens"
BOARD = str(ROOT / "archive" / "boards" / "1.txt")
CATALOG = ("baseline", "polyomino", "pigeonhole", "pfc")
CHEAP_CATALOG = CATALOG[:3]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("site-packages")
    install_offline(EXAMPLE, target)
    return target


@pytest.mark.slow
def test_pip_accepts_the_example_beside_this_queens_core():
    """The install the example's README shows resolves offline against the queens-core
    installed here: its pin admits this contract version (the test above installs with
    --no-deps, which would hide a pin that shuts it out)."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--dry-run",
            "--no-index",
            "--no-build-isolation",
            "--disable-pip-version-check",
            str(EXAMPLE),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def queens(*args: str, site: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("QUEENS_")}
    env.pop("PYTHONPATH", None)
    if site is not None:
        env["PYTHONPATH"] = str(site)
    return subprocess.run(
        [str(QUEENS), *args], env=env, capture_output=True, text=True, timeout=120
    )


@pytest.mark.slow
def test_pip_installs_a_real_entry_point(site):
    (info,) = site.glob("queens_rules_squeeze-*.dist-info")
    declared = (info / "entry_points.txt").read_text()
    assert "[queens.rules]\nsqueeze = queens_rules_squeeze" in declared


def test_it_is_listed_with_its_package_and_version(site):
    result = queens("rules", "list", site=site)
    assert result.returncode == 0, result.stderr
    # Written for the current contract: no deprecation notice, nothing on standard error.
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    # The example's two rules beside every cheap rule installed without it.
    catalog = queens("rules", "list").stdout.splitlines()[0]
    cheap = int(catalog.rpartition("(")[2].split()[0])
    assert lines[0] == f"Cheap tier: run pass after pass until nothing changes ({cheap + 2} rules)"
    for counter, display_name in (
        ("two_line_squeeze", "Two-line squeeze"),
        ("two_region_squeeze", "Two-region squeeze"),
    ):
        line = next(line for line in lines if f" {counter} " in line)
        assert display_name in line
        assert line.endswith("queens-rules-squeeze 0.2.0")
    assert "queens-rules-squeeze 0.2.0" in queens("--version", site=site).stdout
    assert "queens-rules-squeeze" not in queens("--version").stdout


def test_its_counters_follow_the_catalogs(site):
    catalog_only = queens("solve", BOARD)
    with_squeeze = queens("solve", BOARD, site=site)
    assert catalog_only.returncode == with_squeeze.returncode == 0
    board, _, counters = catalog_only.stdout.partition("\n\n")
    board_too, _, counters_too = with_squeeze.stdout.partition("\n\n")
    assert board_too == board
    names = [line.rsplit(" : ", 1)[0] for line in counters.splitlines()]
    width = len("Placement-forces-contradiction")  # still the longest display name
    assert [line.rsplit(" : ", 1)[0] for line in counters_too.splitlines()] == [
        *names,
        "Two-line squeeze".ljust(width),
        "Two-region squeeze".ljust(width),
    ]


def test_it_can_be_selected_and_left_out(site):
    left_out = queens("solve", "--exclude", "queens-rules-squeeze", BOARD, site=site)
    assert left_out.stdout == queens("solve", BOARD).stdout
    board = str(ROOT / "archive" / "boards" / "353.txt")
    alone = queens("solve", "--only", "baseline,squeeze", board, site=site)
    assert alone.returncode == 0, alone.stderr
    assert alone.stdout.endswith(
        "\n\nQueen-adjacent kill      : 7\n"
        "Single-cell region       : 1\n"
        "Single-cell row / column : 0\n"
        "Region-confined-to-line  : 0\n"
        "Line-confined-to-region  : 1\n"
        "Two-line squeeze         : 1\n"
        "Two-region squeeze       : 1\n"
    ), alone.stdout


@pytest.mark.slow
@pytest.mark.parametrize("company", [("baseline",), CATALOG])
def test_sound_on_every_archive_board(registry, archive, company):
    report = check_soundness(
        RULES, archive, with_rules=rules_of(registry, *company), random_states=1
    )
    assert report.boards == len(archive) == 607
    assert min(report.fired.values()) > 0, report


@pytest.mark.slow
def test_what_it_changes_on_the_archive(registry, archive):
    """The measured effect (bench/example_squeeze.py prints the figures): with all four
    catalog packages every board is already solved; without the pfc package, the cheap
    catalog stalls on some boards and the squeeze solves every one of them."""
    outcomes = {}
    for name, packages in (("catalog", CATALOG), ("cheap", CHEAP_CATALOG)):
        for extra in ((), tuple(RULES)):
            solver = Solver([*rules_of(registry, *packages), *extra])
            solved = {key for key, board in archive.items() if solver.solve(board).solved}
            outcomes[name, bool(extra)] = solved
    assert len(outcomes["catalog", False]) == len(outcomes["catalog", True]) == 607
    assert len(outcomes["cheap", False]) < 607
    assert outcomes["cheap", False] <= outcomes["cheap", True]
    assert len(outcomes["cheap", True]) == 607


@pytest.mark.slow
def test_it_explains_itself_and_counts_in_the_grade_through_the_contract(site):
    """Installed, the squeeze changes what --explain says and what check grades, with no
    line of queens_core knowing it: its rules declare their sentences, grade and weight."""
    board = str(ROOT / "archive" / "boards" / "353.txt")
    before, after = queens("check", board), queens("check", board, site=site)
    assert before.returncode == after.returncode == 0, after.stderr
    assert "(tier: expensive, grade: 4 Fiendish, score 81)" in before.stdout
    assert "(tier: cheap, grade: 3 Hard, score 32)" in after.stdout
    explained = queens("solve", "--explain", board, site=site).stdout
    summaries = {rule.summary for rule in RULES}
    assert not any(summary in explained for summary in summaries)
    assert "Two-line squeeze — r4c4 dead" in explained
    assert (
        "Row 1 and row 5 each need a queen, and the two queens cannot attack each other: "
        "every pair of live cells they could take attacks r4c4, so it cannot hold a queen."
    ) in " ".join(explained.split())


def test_its_tests_run_from_the_clone_as_a_package_of_its_own():
    """The example's README runs its tests from the root of a clone, in the rule author's
    own environment (the core, the baseline rules, the example): pytest took the clone's
    settings and its conftest.py, which imports every package of the repository, and
    stopped at the first one not installed (``No module named 'queens_read_image'``).
    With settings of its own, the example's folder is the root of its test run."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "QUEENS_"))}
    env["PYTHONPATH"] = str(EXAMPLE)  # installed, as the README has it
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider",
         "examples/queens-rules-squeeze/tests"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert f"rootdir: {EXAMPLE}\n" in done.stdout, done.stdout[:1000]

"""Helpers shared by the core's test modules (importable from every folder under tests/
because pytest puts tests/ on the path). The rule packages' own tests use the testing kit,
queens_core.testing, instead; the two helpers that are in the kit are re-exported here."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from queens_core.referee.exact import find_solutions
from queens_core.testing import make_rule as quick_rule
from queens_core.testing import rules_of

__all__ = [
    "ARCHIVE",
    "CHEAP_STALL_353",
    "EXPECTED",
    "ROOT",
    "archive_paths",
    "assert_graded_as_check_grades",
    "checkout_distributions",
    "compiled_build",
    "foreign_plugins",
    "foreign_plugins_note",
    "install_offline",
    "needs_c_compiler",
    "quick_rule",
    "rules_of",
    "run_python",
]

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "archive" / "boards"
EXPECTED = ROOT / "tests" / "expected"

#: Board 353 where the cheap tier stops: the "not solved" output (its golden file).
CHEAP_STALL_353 = (EXPECTED / "353-cheap.txt").read_text(encoding="utf-8")


def archive_paths() -> list[Path]:
    """The archive's boards, in puzzle-number order."""
    return sorted(ARCHIVE.glob("*.txt"), key=lambda p: int(p.stem))


def install_offline(project: Path, target: Path) -> None:
    """Install the package folder ``project`` into the folder ``target`` with pip, as a
    user would, but offline: its dependencies are taken as installed, and it is built with
    the build tools of this environment."""
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"]
    pip += ["--no-build-isolation", "--target", str(target), str(project)]
    subprocess.run(pip, check=True, capture_output=True)


def assert_graded_as_check_grades(made: Any, grader: Any) -> None:
    """A board the generator ``made`` has one solution, the one it carries, and ``grader``
    (every rule, from scratch, as ``queens check`` runs them) solves it and gives it the
    rung and score the generator recorded."""
    (only,) = find_solutions(made.board, 2)
    assert made.solution == only
    assessment = grader.assess(made.board, solution=only)
    assert assessment.solved
    assert (assessment.rung, assessment.score) == (made.assessment.rung, made.assessment.score)


#: The entry-point groups through which queens finds its plugin packages.
PLUGIN_GROUPS = ("queens.rules", "queens.readers", "queens.writers", "queens.commands")


def checkout_distributions() -> set[str]:
    """The distributions of this checkout (queens_*/pyproject.toml), normalised."""
    names = set()
    for pyproject in ROOT.glob("queens_*/pyproject.toml"):
        name = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["name"]
        names.add(name.lower().replace("_", "-"))
    return names


def foreign_plugins() -> list[str]:
    """Plugin packages installed in this environment that are not this checkout's own
    (a rule package being written, the squeeze example): the suite compares what the
    checkout's packages print, so with one of these every listing and solve differs."""
    ours = checkout_distributions()
    found = set()
    for group in PLUGIN_GROUPS:
        for entry in metadata.entry_points(group=group):
            dist = entry.dist.name if entry.dist is not None else entry.value
            if dist.lower().replace("_", "-") not in ours:
                found.add(dist)
    return sorted(found)


def foreign_plugins_note(found: list[str]) -> str:
    return (
        f"queens: also installed here, not from this checkout: {', '.join(found)}. The "
        "tests compare what this checkout's packages print (rule lists, counters, the "
        "manual's sessions), so many fail with another plugin beside them: pip uninstall "
        "it, or give it a virtualenv of its own."
    )


#: The optional compiled build needs a C compiler and the Python headers.
needs_c_compiler = pytest.mark.skipif(
    not (shutil.which("cc") and (Path(sysconfig.get_paths()["include"]) / "Python.h").exists()),
    reason="no C compiler or Python headers",
)


def compiled_build() -> str:
    """The folder of the optional compiled build (scripts/build_compiled.py), built on first
    use after a change of its sources and kept under .venv/compiled."""
    build = ROOT / "scripts" / "build_compiled.py"
    return subprocess.run(
        [sys.executable, str(build), "--into"],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    ).stdout.strip()


def run_python(code: str, path: str) -> str:
    """What ``code`` prints, run by a fresh interpreter with ``path`` first on its module
    path ("" for none); fails the test if it exits with an error."""
    env = {**os.environ, "PYTHONPATH": path}
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
    )
    assert run.returncode == 0, run.stderr
    return run.stdout

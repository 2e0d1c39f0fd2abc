"""A path that names nothing is named readably in the one line of its error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

QUEENS = Path(sys.executable).with_name("queens")


def run_queens(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(QUEENS), *args], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("command", ["solve", "check", "hint", "stats"])
def test_an_empty_path_is_said_to_be_empty(command):
    done = run_queens(command, "")
    assert done.returncode == 2
    assert done.stderr == (
        "queens: error: cannot read '' (an empty path): No such file or directory\n"
    )


def test_a_newline_in_a_missing_path_does_not_split_the_line():
    done = run_queens("check", "nope\nthere")
    assert done.returncode == 2
    assert done.stderr == "queens: error: cannot read nope\\nthere: No such file or directory\n"


def test_a_folder_given_to_solve_points_to_the_commands_that_take_one(tmp_path):
    """`check` and `stats` take a folder; `solve` said "Is a directory" and no more."""
    done = run_queens("solve", str(tmp_path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"queens: error: cannot read {tmp_path}: it is a folder; `queens solve` takes board "
        f"files ({tmp_path}/*.txt), `queens check` and `queens stats` take folders\n"
    )


@pytest.mark.parametrize(
    "args",
    [
        ["hint", "archive/boards/1.txt", "--write"],
        ["what-if", "r2c6", "archive/boards/1.txt", "--keep"],
        ["practise", "polyomino_domino", "--write-state"],
    ],
    ids=["hint --write", "what-if --keep", "practise --write-state"],
)
def test_a_file_to_write_that_cannot_be_is_refused_before_the_answer(args, tmp_path):
    """They printed the whole answer (practise after its search) and only then said the
    file could not be written: now the one line comes first, and nothing else."""
    for target, reason in (
        (tmp_path, "Is a directory"),
        (tmp_path / "missing" / "state.txt", "No such file or directory"),
    ):
        done = subprocess.run(
            [str(QUEENS), *args, str(target)],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=Path(__file__).resolve().parents[2],
        )
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr == f"queens: error: cannot write {target}: {reason}\n"

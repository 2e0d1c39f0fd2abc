"""A reader that finds K (a picture cannot show it, but only one K gives the board a single
solution): solve, hint, check and import read the board with that K when the user gives
none, and say so in one line on standard error; a K the user gives wins, silently.

The reader under test, installed through a real ``queens.readers`` entry point, reads
files ending in ``.found``: the rows of a board separated by ``/``, then ``|`` and the K
it found (nothing after ``|``: it found none).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from fakedist import ROOT, FakeSite

from queens_core import Board
from queens_core.cli.app import main
from queens_core.exact import count_solutions

FOUND_PACKAGE = """
from queens_core import Board, Reader, Reading, hookimpl


def read(data):
    rows, _, found = data.decode("ascii").strip().partition("|")
    board = Board.from_rows(rows.split("/"))
    return Reading(board=board, unique_stars=int(found) if found else None)


@hookimpl
def queens_register_readers():
    return [Reader(name="found", summary="Boards whose K the reader found", read=read,
                   suffixes=(".found",))]
"""

#: A 10×10 Star Battle board: several solutions with one star a unit, one with two.
STAR_FILE = ROOT / "archive" / "starbattle" / "10x10-2stars-06.txt"
NOTE = (
    "with one queen a unit the board has no single solution, with 2 stars exactly one: "
    "read as a Star Battle puzzle with 2 stars a unit (--stars K to choose another)"
)


@pytest.fixture
def found(tmp_path, monkeypatch):
    site = FakeSite(tmp_path / "site", monkeypatch)
    site.add(
        "queens-read-found",
        "0.1.0",
        {"found": "found_reader"},
        {"found_reader/__init__.py": FOUND_PACKAGE},
        group="queens.readers",
    )
    yield site
    site.forget_modules()


def rows_of_star_file() -> list[str]:
    return STAR_FILE.read_text(encoding="utf-8").split()[2:]  # past "stars: 2"


def write(tmp_path, found_k: str) -> str:
    path = tmp_path / "board.found"
    path.write_text("/".join(rows_of_star_file()) + "|" + found_k, encoding="ascii")
    return str(path)


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_the_board_is_the_puzzle_the_k_makes():
    board = Board.from_rows(rows_of_star_file())
    assert count_solutions(board, cap=2) != 1
    assert count_solutions(board.with_stars(2), cap=2) == 1


@pytest.mark.slow
def test_every_command_reads_the_board_with_the_k_found_and_says_so(found, tmp_path):
    path = write(tmp_path, "2")
    name = path
    solved = run("solve", path)
    assert solved.exit_code == 0, solved.output
    assert solved.stderr == f"queens: warning: {name}: {NOTE}\n"
    assert solved.stdout == run("solve", str(STAR_FILE)).stdout.replace(str(STAR_FILE), name)
    hinted = run("hint", path, "--format", "json")
    assert hinted.exit_code == 0 and NOTE in hinted.stderr
    assert json.loads(hinted.stdout)["step"] is not None
    checked = run("check", path)
    assert checked.exit_code == 0 and checked.stderr.count(NOTE) == 1
    assert "unique" in checked.stdout
    imported = run("import", path)
    assert imported.exit_code == 0 and NOTE in imported.stderr
    assert imported.stdout == STAR_FILE.read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_k_the_user_gives_wins_silently(found, tmp_path):
    path = write(tmp_path, "2")
    for command in ("solve", "check", "import"):
        given = run(command, path, "--stars", "1")
        assert NOTE not in given.stderr, command
    assert run("solve", path, "--stars", "1").exit_code == 1
    assert run("import", path, "--stars", "1").stdout.split() == rows_of_star_file()


@pytest.mark.slow
def test_no_k_found_leaves_one_star_a_unit(found, tmp_path):
    path = write(tmp_path, "")
    solved = run("solve", path)
    assert solved.exit_code == 1
    assert "Star Battle" not in solved.stderr
    assert not run("import", path).stdout.startswith("stars:")

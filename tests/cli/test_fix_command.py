"""``queens fix``: the command prints the verb's answer; bad input is one line, exit 2."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from support import ARCHIVE, ROOT

from queens_core.cli import app as cli
from queens_core.engine.board import Board
from queens_core.exact import count_solutions

SEVEN_SOLUTIONS = str(ROOT / "docs" / "boards" / "seven-solutions.txt")


def run(*args: str):
    return CliRunner().invoke(cli.main, ["fix", *args])


def test_prints_the_edits_the_fixed_board_and_the_marked_picture():
    result = run(SEVEN_SOLUTIONS)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].endswith(
        "7 solutions. Fixed with 2 edits, the fewest: no fix with fewer than 2 edits exists."
    )
    assert "  r1c3: A → B" in lines and "  r6c7: F → E" in lines
    fixed = lines[lines.index("The fixed board:") + 1 :][:7]
    assert count_solutions(Board(tuple(fixed)), 2) == 1
    marked = lines[lines.index("Edited cells marked *:") + 1 :]
    assert marked[0] == "B B B*A A A A" and marked[5] == "G G E G E E E*"


def test_json_is_the_verbs_document():
    result = run(SEVEN_SOLUTIONS, "--format", "json")
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    assert document["schema"] == "queens-fix/1" and document["minimal"] is True
    assert [edit["cell"] for edit in document["edits"]] == ["r1c3", "r6c7"]


def test_a_unique_board_is_left_alone():
    result = run(str(ARCHIVE / "1.txt"))
    assert result.exit_code == 0
    assert "nothing to fix" in result.stdout


def test_keep_is_honoured():
    result = run(SEVEN_SOLUTIONS, "--keep", "A,F", "--format", "json")
    assert result.exit_code == 0
    for edit in json.loads(result.stdout)["edits"]:
        assert edit["from"] not in "AF" and edit["to"] not in "AF"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((SEVEN_SOLUTIONS, "--grade", "Impossible"), "is not a grade"),
        ((SEVEN_SOLUTIONS, "--needs", "no_such_rule"), "no installed rule has this id"),
        ((SEVEN_SOLUTIONS, "--keep", "Z"), "no region Z"),
        ((SEVEN_SOLUTIONS, "--seconds", "0"), "not more than 0 seconds"),
        (("no-such-board.txt",), "no-such-board.txt"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr


def test_a_split_region_is_fixed_and_the_warning_says_so(tmp_path):
    """The warning said "solving it anyway" of a board the command fixes."""
    path = tmp_path / "split.txt"
    path.write_text("AAABB\nCCABB\nCCDDD\nEEDDA\nEEDDD\n")
    result = run(str(path))
    assert result.exit_code == 0
    assert result.stderr == (
        f"queens: warning: {path}: region 'A' is not 4-connected: it falls into 2 pieces "
        "(starting at line 1 column 1, line 4 column 5); fixing it anyway\n"
    )

"""The ``queens`` command: its documented output byte for byte, and every bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from support import ARCHIVE, EXPECTED

from queens_core.api.reports import Installed
from queens_core.cli import app as cli
from queens_core.engine.rules import Rule, Tier
from queens_core.plugins import registry as plugins

QUEENS = Path(sys.executable).with_name("queens")


def queens(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """Run the installed ``queens`` executable, as a user would."""
    return subprocess.run(
        [str(QUEENS), *args], input=stdin, capture_output=True, timeout=60, check=False
    )


def only_packages(monkeypatch, *names: str) -> None:
    """Make the registry see only the named installed distributions' entry points."""
    real = plugins._entry_points
    monkeypatch.setattr(
        plugins, "_entry_points", lambda: [ep for ep in real() if ep.dist.name in names]
    )


# -- the documented examples ---------------------------------------------------------------


@pytest.mark.parametrize(("board", "expected"), [("1", "1-catalog"), ("353", "353-catalog")])
def test_solved_output_is_solver_md_byte_for_byte(board, expected):
    run = queens("solve", str(ARCHIVE / f"{board}.txt"))
    assert run.returncode == 0
    assert run.stdout == (EXPECTED / f"{expected}.txt").read_bytes()
    assert run.stderr == b""


def test_stalled_output_is_solver_md_byte_for_byte(monkeypatch):
    only_packages(
        monkeypatch, "queens-rules-baseline", "queens-rules-polyomino", "queens-rules-pigeonhole"
    )
    result = CliRunner().invoke(cli.main, ["solve", str(ARCHIVE / "353.txt")])
    assert result.exit_code == 1
    assert result.stdout == (EXPECTED / "353-cheap.txt").read_text()
    assert "not solved" in result.stderr


@pytest.mark.slow
def test_board_from_stdin_and_dash():
    data = (ARCHIVE / "1.txt").read_bytes()
    expected = (EXPECTED / "1-catalog.txt").read_bytes()
    assert queens("solve", stdin=data).stdout == expected
    assert queens("solve", "-", stdin=data).stdout == expected


def test_spaced_board_solves_the_same(tmp_path):
    spaced = tmp_path / "spaced.txt"
    rows = (ARCHIVE / "353.txt").read_text().split()
    spaced.write_text("\n".join(" ".join(row) for row in rows) + "\n")
    run = queens("solve", str(spaced))
    assert run.stdout == (EXPECTED / "353-catalog.txt").read_bytes()


# -- bad input ---------------------------------------------------------------------------


def bad(name: str, content: bytes | None, tmp_path: Path) -> tuple[int, str, str]:
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    run = queens("solve", str(path))
    return run.returncode, run.stdout.decode(), run.stderr.decode()


BAD_INPUTS = [
    ("missing.txt", None, "cannot read", "No such file"),
    ("empty.txt", b"", "the input is empty", None),
    ("blank.txt", b" \n\t\n\n", "only whitespace", None),
    ("ragged.txt", b"AB\nB\n", "line 2", "row has 1 cell, expected 2"),
    ("tall.txt", b"AB\nBA\nAB\n", "line 3", "more rows (3) than columns (2)"),
    ("wide.txt", b"ABC\nBCA\n", "line 2", "fewer rows (2) than columns (3)"),
    ("few.txt", b"AAB\nAAB\nAAB\n", "2 regions (AB)", "fewer than its 3 rows"),
    ("many.txt", b"ABCD\nEFGH\nABCD\nEFGH\n", "8 regions", "more than its 4 rows"),
    ("latin1.txt", b"AB\nB\xe9\n", "line 2, column 2", "not valid UTF-8"),
    ("control.txt", b"AB\nB\x01\n", "line 2, column 2", "control character U+0001"),
    ("nul.txt", b"AB\n\x00A\n", "line 2, column 1", "control character U+0000"),
    ("huge-line.txt", b"A" * 10_000_000, "larger than 65536 bytes", None),
    ("too-big.txt", b"A" * 33 + b"\n", "line 1", "largest board supported is 32"),
    ("directory", None, "cannot read", None),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "content", "first", "second"), BAD_INPUTS)
def test_bad_input_is_one_line_exit_2_no_traceback(name, content, first, second, tmp_path):
    if name == "directory":
        (tmp_path / name).mkdir()
    status, stdout, stderr = bad(name, content, tmp_path)
    assert status == 2
    assert stdout == ""
    assert stderr.count("\n") == 1, stderr
    assert stderr.startswith("queens: error: ")
    assert "Traceback" not in stderr
    assert first in stderr
    if second:
        assert second in stderr
    assert name in stderr


def test_huge_stdin_fails_fast_without_reading_it_all():
    run = queens("solve", stdin=b"B" * 50_000_000)
    assert run.returncode == 2
    assert b"larger than 65536 bytes" in run.stderr


# Board 1 with its top-left cell moved from region B to region G: G falls into two pieces,
# so does B (its cell r1c2 is cut off), and the board still has one solution, which the
# rules find.
SPLIT_BOARD = "G" + (ARCHIVE / "1.txt").read_text()[1:]


def test_non_connected_region_warns_then_solves(tmp_path):
    board = tmp_path / "split.txt"
    board.write_text(SPLIT_BOARD)
    run = queens("solve", str(board))
    stderr = run.stderr.decode()
    assert run.returncode == 0
    assert stderr.count("\n") == 2  # one warning a region
    assert "region 'B' is not 4-connected" in stderr
    assert "region 'G' is not 4-connected" in stderr
    assert run.stdout.decode().startswith("...♛....\n")


def test_a_board_without_solution_ends_in_a_reported_contradiction(tmp_path):
    board = tmp_path / "three.txt"
    board.write_text("AAB\nCCB\nCCB\n")  # no 3×3 board has a solution
    run = queens("solve", str(board))
    stderr = run.stderr.decode()
    assert run.returncode == 1
    assert stderr == (
        f"queens: contradiction: {board}: row 1 has no queen and no live cell (after "
        "Single-cell region); the board has no solution\n"
    )
    # "Not solved": the partial state where the rules stopped.
    assert run.stdout.decode() == "⨯⨯⨯\n⨯⨯♛\n♛⨯⨯\n"


# -- rules list and version ---------------------------------------------------------------


def test_rules_list_json_with_the_baseline_only(monkeypatch):
    only_packages(monkeypatch, "queens-rules-baseline")
    result = CliRunner().invoke(cli.main, ["rules", "list", "--format", "json"])
    assert result.exit_code == 0
    rules = json.loads(result.stdout)["rules"]
    assert [r["counter"] for r in rules] == [
        "queen_adjacent_kill",
        "single_cell_region",
        "single_cell_line",
        "region_confined_to_line",
        "line_confined_to_region",
    ]
    assert {r["tier"] for r in rules} == {"cheap"}
    assert {r["package"] for r in rules} == {"queens-rules-baseline"}
    assert all(r["version"] and r["summary"] for r in rules)


def test_rules_list_shows_each_rules_grade_and_weight(monkeypatch):
    """The list gave no rule's weight nor the rung of the ladder it belongs to, which a
    rule author checks a declaration against and a designer reads a grade by."""
    only_packages(monkeypatch, "queens-rules-baseline", "queens-rules-pfc")
    result = CliRunner().invoke(cli.main, ["rules", "list"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[1] == (
        "    1  queen_adjacent_kill             Queen-adjacent kill             K = 1  "
        "1 Easy      weight 0   queens-rules-baseline 0.1.0"
    )
    assert lines[-5] == (
        "   31  placement_forces_contradiction  Placement-forces-contradiction  K = 1  "
        "4 Fiendish  weight 20  queens-rules-pfc 0.1.0"
    )
    # No Star Battle rule, no rule that leaves its weight or grade to its tier: the note
    # says what the columns are and nothing about either.
    assert lines[-2:] == [
        "Grade: the lowest grade of a board that needs the rule. Weight: what one firing adds to",
        "a board's score.",
    ]
    document = json.loads(CliRunner().invoke(cli.main, ["rules", "list", "--json"]).stdout)
    assert document["schema"] == "queens-rules/1"  # the keys are added: the version stays
    first, last = document["rules"][0], document["rules"][-1]
    assert (first["weight"], first["grade"], first["tier_defaults"]) == (
        0,
        {"level": 1, "name": "Easy"},
        [],
    )
    assert (last["weight"], last["grade"]) == (20, {"level": 4, "name": "Fiendish"})


def test_rules_list_marks_the_tiers_defaults_and_the_star_battle_factor(monkeypatch):
    """Deep trial declares a weight and no grade: its grade is its tier's, Fiendish, and
    the list says so; on Star Battle boards its weight counts 16 times in the score."""
    only_packages(monkeypatch, "queens-rules-starbattle")
    result = CliRunner().invoke(cli.main, ["rules", "list"])
    assert result.exit_code == 0
    deep = next(line for line in result.stdout.splitlines() if "deep_trial" in line)
    assert "  K ≥ 2  4 Fiendish*  weight 96  queens-rules-starbattle " in deep
    assert result.stdout.endswith(
        "a board's score; on a Star Battle board a rule of grade Hard or above counts 16 "
        "times it.\n"
        "* not declared by the rule: its tier's default.\n"
    )
    rules = json.loads(CliRunner().invoke(cli.main, ["rules", "list", "--json"]).stdout)["rules"]
    deep_json = next(r for r in rules if r["counter"] == "deep_trial")
    assert deep_json["tier_defaults"] == ["grade"]
    assert deep_json["grade"] == {"level": 4, "name": "Fiendish"}


def test_a_rule_that_declares_neither_gets_its_tiers_weight_and_grade():
    rule = Rule(
        counter="plain",
        display_name="Plain",
        tier=Tier.CHEAP,
        position=1000,
        summary="Declares no weight and no grade.",
        apply=lambda ctx: None,
    )
    (entry,) = Installed([rule], []).rules_json()["rules"]
    assert (entry["weight"], entry["grade"], entry["tier_defaults"]) == (
        5,
        {"level": 3, "name": "Hard"},
        ["weight", "grade"],
    )


@pytest.mark.slow
def test_rules_list_with_the_catalog():
    run = queens("rules", "list", "--format", "json")
    # The Queens catalog: the rules that run on K = 1 boards (Star Battle's run on K ≥ 2).
    rules = [r for r in json.loads(run.stdout)["rules"] if r["stars"]["min"] == 1]
    assert len(rules) == 31
    assert [r["position"] for r in rules] == list(range(1, 32))
    assert rules[-1]["tier"] == "expensive"
    text = queens("rules", "list").stdout.decode()
    assert "Cheap tier" in text and "Expensive tier" in text
    assert "Polyomino: Z-with-tab hexomino" in text


def test_version_lists_core_and_rule_packages():
    out = queens("--version").stdout.decode().splitlines()
    assert out[0].startswith("queens-core ")
    names = [line.split()[0] for line in out[1:]]
    assert names == sorted(names)
    assert {
        "queens-rules-baseline",
        "queens-rules-polyomino",
        "queens-rules-pigeonhole",
        "queens-rules-pfc",
    } <= set(names)


def test_help_everywhere_with_examples():
    for args in ([], ["solve"], ["rules"], ["rules", "list"]):
        result = CliRunner().invoke(cli.main, [*args, "--help"])
        assert result.exit_code == 0
        assert "Usage:" in result.stdout
    solve_help = CliRunner().invoke(cli.main, ["solve", "--help"]).stdout
    assert "32×32" in solve_help and "queens solve archive/boards/1.txt" in solve_help


def test_no_rules_installed_stalls_honestly(monkeypatch):
    only_packages(monkeypatch)
    result = CliRunner().invoke(cli.main, ["solve", str(ARCHIVE / "1.txt")])
    assert result.exit_code == 1
    assert set(result.stdout.replace("\n", "")) == {"."}


@pytest.mark.slow
@pytest.mark.parametrize(
    "args, going_on",
    [
        (("solve",), "solving it anyway"),
        (("import",), "printing it anyway"),
        (("render", "-o", "-"), "drawing it anyway"),
        (("render", "--solve", "-o", "-"), "solving it anyway"),
    ],
)
def test_split_region_warning_says_what_the_command_does(tmp_path, args, going_on):
    # import and a plain render never solve: their warning must not say they do.
    board = tmp_path / "split.txt"
    board.write_text(SPLIT_BOARD)
    stderr = queens(*args, str(board)).stderr.decode()
    assert stderr.count("is not 4-connected: it falls into 2 pieces") == 2
    assert stderr.count(f"; {going_on}\n") == 2

"""`queens check`: the verdicts and their exit statuses, the grade ladder, the JSON."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from support import ARCHIVE, archive_paths, rules_of

from queens_core import Rule, Solver, Tier
from queens_core.cli.app import main
from queens_core.render.statuses import CHECK_SEVERITY, VERDICT_STATUS, check_status
from queens_core.tools.check import VERDICTS, check_board
from queens_core.tools.grade import Grader, weight_of

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
HEADLINE = re.compile(
    r"^(?P<path>\S+): unique, solved by logic \(tier: (?P<tier>baseline|cheap|expensive), "
    r"grade: (?P<level>[1-4]) (?P<grade>Easy|Medium|Hard|Fiendish), score (?P<score>\d+)\)$"
)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.slow
def test_every_archive_board_is_unique_and_solved_by_logic_with_tier_and_grade():
    paths = [str(p) for p in archive_paths()]
    result = run("check", *paths)
    assert result.exit_code == 0, result.stderr
    headlines = [line for line in result.stdout.splitlines() if line and line[0] != " "]
    assert len(headlines) == len(paths) == 607
    seen_tiers = set()
    for path, line in zip(paths, headlines, strict=True):
        match = HEADLINE.match(line)
        assert match and match["path"] == path, line
        seen_tiers.add(match["tier"])
    assert seen_tiers == {"baseline", "cheap", "expensive"}


@pytest.mark.parametrize(
    ("fixture", "status", "headline"),
    [
        ("two-solutions.txt", 5, "at least 2 solutions"),
        ("no-solution.txt", 6, "no solution"),
        ("unique-rules-stall.txt", 1, "unique, but the rules stall"),
    ],
)
def test_the_fixtures_get_their_verdict_and_exit_status(fixture, status, headline):
    path = str(FIXTURES / fixture)
    result = run("check", path)
    assert result.exit_code == status
    assert result.stdout.splitlines()[0] == f"{path}: {headline}"
    assert result.stderr == ""


def test_two_solutions_are_counted_exactly_with_a_higher_cap_and_shown():
    path = str(FIXTURES / "two-solutions.txt")
    result = run("check", "--cap", "10", path)
    assert result.exit_code == 5
    assert result.stdout.splitlines()[0] == f"{path}: 2 solutions"
    assert "  differ at:  r5c1 r5c3 r6c1 r6c3" in result.stdout.splitlines()


def test_the_stalling_fixture_is_unique_and_stalls_with_every_installed_rule(registry):
    from queens_core.referee.exact import find_solutions
    from queens_core.tools.batch import read_board_file

    board = read_board_file(str(FIXTURES / "unique-rules-stall.txt"))
    assert len(find_solutions(board, 10)) == 1
    result = Solver(registry.rules).solve(board)
    assert result.status == "stalled"


def test_bad_input_is_status_2_with_one_line_on_stderr(tmp_path):
    bad = tmp_path / "ragged.txt"
    bad.write_text("AB\nA\n")
    result = run("check", str(bad))
    assert result.exit_code == 2
    assert result.stderr == (
        f"queens: error: {bad}: line 2: row has 1 cell, expected 2 (the width of the first row)\n"
    )
    # Said once: the report of a lone unreadable board would only repeat it.
    assert result.stdout == ""
    # So is a lone folder without boards.
    (tmp_path / "empty").mkdir()
    result = run("check", str(tmp_path / "empty"))
    assert result.exit_code == 2 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"queens: error: {tmp_path / 'empty'}: no board files (")


def test_unreadable_boards_of_a_batch_are_reported_once_each(tmp_path):
    bad = tmp_path / "ragged.txt"
    bad.write_text("AB\nA\n")
    missing = tmp_path / "missing.txt"
    result = run("check", str(bad), str(ARCHIVE / "1.txt"), str(missing))
    assert result.exit_code == 2
    # Each in its place in the report, with why ...
    lines = result.stdout.splitlines()
    assert lines[0] == (
        f"{bad}: bad input: line 2: row has 1 cell, expected 2 (the width of the first row)"
    )
    assert lines[-1] == f"{missing}: bad input: cannot read {missing}: No such file or directory"
    assert "unique, solved by logic" in result.stdout
    # ... and standard error counts them once, without repeating the reasons.
    assert result.stderr == (
        f"queens: error: could not read 2 of 3 ({bad}, {missing}): the report says why\n"
    )


def test_several_boards_exit_with_the_worst_status(tmp_path):
    bad = tmp_path / "empty.txt"
    bad.write_text("")
    good = str(ARCHIVE / "1.txt")
    stall = str(FIXTURES / "unique-rules-stall.txt")
    two = str(FIXTURES / "two-solutions.txt")
    none = str(FIXTURES / "no-solution.txt")
    assert run("check", good, stall).exit_code == 1
    assert run("check", stall, two, good).exit_code == 5
    assert run("check", two, none, stall).exit_code == 6
    assert run("check", none, str(bad), good).exit_code == 2
    # The ranking covers exactly the statuses a board can get.
    assert sorted(CHECK_SEVERITY) == sorted(VERDICT_STATUS.values())
    # ... and every verdict the check gives has its status.
    assert set(VERDICT_STATUS) == set(VERDICTS)


def test_json_output_follows_the_documented_schema():
    paths = [str(ARCHIVE / "353.txt"), str(FIXTURES / "two-solutions.txt")]
    result = run("check", "--format", "json", *paths)
    assert result.exit_code == 5
    solved, several = (json.loads(line) for line in result.stdout.splitlines())
    keys = {
        "schema",
        "path",
        "status",
        "verdict",
        "message",
        "size",
        "problems",
        "error",
        "solutions",
        "logic",
        "rules_used",
        "grade",
    }
    assert set(solved) == keys and set(several) == keys
    assert solved["verdict"] == "unique-solved" and solved["status"] == 0
    assert solved["solutions"] == {
        "count": 1,
        "cap": 2,
        "at_least": False,
        "examples": [["r1c1", "r2c6", "r3c4", "r4c2", "r5c5", "r6c3", "r7c7"]],
    }
    assert solved["logic"]["tier_needed"] == "expensive"
    assert solved["rules_used"]["placement_forces_contradiction"] == 1
    assert solved["grade"]["level"] == 4 and solved["grade"]["name"] == "Fiendish"
    assert several["verdict"] == "several-solutions" and several["grade"] is None
    assert several["solutions"]["at_least"] is True
    assert len(several["solutions"]["examples"]) == 2


@pytest.mark.slow
def test_the_tier_needed_is_what_smaller_rule_sets_really_do(archive, registry):
    """The grade is no guess: re-solve every archive board with the rule sets below it."""
    grader = Grader(registry.rules)
    baseline = Solver(rules_of(registry, "baseline"))
    shapes = Solver(rules_of(registry, "baseline", "polyomino"))
    cheap = Solver(rules_of(registry, "baseline", "polyomino", "pigeonhole"))
    by_level = {1: baseline, 2: shapes, 3: cheap, 4: Solver(registry.rules)}
    grades = dict.fromkeys(by_level, 0)
    for key, board in archive.items():
        assessment = grader.assess(board)
        level = assessment.rung.level
        grades[level] += 1
        assert by_level[level].solve(board).solved, key
        for lower in range(1, level):
            assert not by_level[lower].solve(board).solved, (key, lower)
        assert (
            assessment.tier_needed == {1: "baseline", 2: "cheap", 3: "cheap", 4: "expensive"}[level]
        )
        graded = by_level[level].solve(board)
        expected = sum(weight_of(r) * graded.counters[r.counter] for r in by_level[level].rules)
        assert assessment.score == expected
    # The README's figures: boards by grade, and 161 + 148 = 309 solved by the baseline
    # and polyomino packages together.
    assert grades == {1: 161, 2: 148, 3: 204, 4: 94}
    assert sum(shapes.solve(board).solved for board in archive.values()) == 309


def test_the_ladder_skips_the_rungs_of_packages_that_are_not_installed(archive, registry):
    grader = Grader(rules_of(registry, "baseline", "pfc"))
    assert [rung.level for rung, _ in grader.rungs] == [1, 4]
    board = archive["353"]
    assessment = grader.assess(board)
    assert assessment.solved is Solver(rules_of(registry, "baseline", "pfc")).solve(board).solved


def _rule(counter: str, apply, position: int = 40) -> Rule:
    return Rule(
        counter=counter,
        display_name=counter.replace("_", " "),
        tier=Tier.CHEAP,
        position=position,
        summary="test rule",
        apply=apply,
        package="test-rules",
        version="0",
    )


def test_a_rule_that_raises_makes_the_check_fail_with_status_3(registry):
    def explode(ctx):
        raise RuntimeError("boom")

    grader = Grader([*registry.rules, _rule("exploding", explode)])
    report = check_board(str(ARCHIVE / "1.txt"), grader)
    assert check_status(report) == 3 and report.verdict == "rule-failed"
    assert "exploding" in report.message and "boom" in report.message


def test_an_unsound_rule_is_caught_by_the_exact_solver(registry):
    def kill_the_first_live_cell(ctx):
        live = ctx.state.live
        if ctx.state.queens == 0 and live:
            ctx.kill(live & -live)

    # r1c1 of board 353 is in its solution; killing it is unsound.
    rules = [replace(r, position=r.position + 1) for r in registry.rules]
    grader = Grader([*rules, _rule("liar", kill_the_first_live_cell, position=1)])
    report = check_board(str(ARCHIVE / "353.txt"), grader)
    assert check_status(report) == 3
    assert report.message.startswith(
        "rule 'liar' (liar) from test-rules 0 made an unsound deduction: it killed r1c1"
    )


def test_grading_is_deterministic(archive, registry):
    first = Grader(registry.rules)
    second = Grader(registry.rules)
    for key in ("1", "353", "600"):
        a, b = first.assess(archive[key]), second.assess(archive[key])
        assert (a.rung, a.score, a.full.counters) == (b.rung, b.score, b.full.counters)


def test_check_help_documents_the_exit_statuses():
    result = run("check", "--help")
    for line in (
        "0  unique, solved by logic",
        "1  unique, but the rules stall",
        "5  several solutions",
        "6  no solution",
        "2  bad input",
    ):
        assert line in result.stdout


def test_the_catalog_weights_are_the_documented_ones(registry):
    """docs/difficulty.md's table, declared by the packages (a tetromino weighs 4: the
    suffix match that once read it as a tromino is gone)."""
    by_size = {"domino": 3, "tromino": 3, "tetromino": 4, "pentomino": 5, "hexomino": 6}
    expected = {
        "queen_adjacent_kill": 0,
        "single_cell_region": 1,
        "single_cell_line": 1,
        "region_confined_to_line": 2,
        "line_confined_to_region": 2,
        "n_regions_in_n_lines": 8,
        "placement_forces_contradiction": 20,
    }
    # The Queens catalog's (Star Battle's rules, K >= 2, weigh their tier's default).
    for rule in (r for r in registry.rules if r.sound_for(1)):
        if rule.counter.startswith("polyomino_"):
            size = rule.counter.rsplit("_", 1)[1]
            assert weight_of(rule) == by_size[size], rule.counter
        else:
            assert weight_of(rule) == expected[rule.counter], rule.counter


RULES_USED = "  rules used: "


def _rules_used_blocks(report: str) -> list[list[str]]:
    """The lines of each "rules used:" list of a text report, the label taken off."""
    blocks: list[list[str]] = []
    inside = False
    for line in report.splitlines():
        if line.startswith(RULES_USED):
            blocks.append([line.removeprefix(RULES_USED)])
            inside = True
        elif inside and line.startswith(" " * len(RULES_USED)):
            blocks[-1].append(line.strip())
        else:
            inside = False
    return blocks


def test_the_rules_used_list_wraps_only_between_two_rules(registry):
    """Every line of the list holds whole "Name count" items, each a rule's display name
    and its count, within the width."""
    names = {rule.display_name for rule in registry.rules}
    item = re.compile(r"^(?P<name>.+) (?P<count>[1-9]\d*)$")
    paths = [str(p) for p in archive_paths()][::7]
    result = run("check", *paths)
    blocks = _rules_used_blocks(result.stdout)
    assert len(blocks) >= len(paths)
    assert any(len(block) > 1 for block in blocks)
    for block in blocks:
        for number, line in enumerate(block):
            last = number == len(block) - 1
            assert line.endswith(",") != last, block
            assert len(RULES_USED) + len(line) <= 92 or ", " not in line, block
            for piece in line.rstrip(",").split(", "):
                match = item.match(piece)
                assert match and match["name"] in names, (piece, block)


def test_wrap_items_never_splits_an_item():
    from queens_core.render.text import wrap_items

    items = ["Single-cell row / column 1", "Trial star 2", "A 3"]
    assert wrap_items(items, "> ", "  ", width=20) == [
        "> Single-cell row / column 1,",
        "  Trial star 2, A 3",
    ]
    assert wrap_items(["none"], "> ", "  ") == ["> none"]

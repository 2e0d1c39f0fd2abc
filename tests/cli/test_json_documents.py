"""One JSON convention for every command (docs/json.md): ``--format json`` (``--json`` is a
hidden alias), a ``schema`` key in every document, one document per board, JSON Lines
for several boards, and a bad board kept as an entry. A rule whose step detail JSON
cannot hold is a rule failure, not a crash."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from fakedist import FakeSite, rule_module
from support import ARCHIVE

from queens_core.cli.app import main

ONE = str(ARCHIVE / "1.txt")
B353 = str(ARCHIVE / "353.txt")


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


@pytest.mark.parametrize(
    ("args", "schema"),
    [
        (["solve", "--format", "json", ONE], "queens-solve/1"),
        (["hint", "--format", "json", B353], "queens-hint/1"),
        (["check", "--format", "json", ONE], "queens-check/1"),
        (["stats", "--format", "json", ONE], "queens-stats/1"),
        (["stats", "--json", ONE], "queens-stats/1"),
        (["rules", "list", "--format", "json"], "queens-rules/1"),
        (["rules", "list", "--json"], "queens-rules/1"),
    ],
)
def test_every_command_prints_one_document_with_a_schema_key_first(args, schema):
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert isinstance(document, dict) and next(iter(document)) == "schema"
    assert document["schema"] == schema


@pytest.mark.parametrize("command", [["stats"], ["rules", "list"]])
def test_json_is_a_hidden_alias_of_format_json(command):
    help_text = run(*command, "--help").stdout
    assert "--format" in help_text and "--json" not in help_text
    boards = [ONE] if command == ["stats"] else []
    alias = json.loads(run(*command, *boards, "--json").stdout)
    option = json.loads(run(*command, *boards, "--format", "json").stdout)
    for document in (alias, option):
        document.pop("time", None)  # stats: measured, differs run to run
        for board in document.get("per_board", ()):
            board.pop("solve_s")
    assert alias == option


@pytest.mark.parametrize("command", ["solve", "check"])
def test_several_boards_give_json_lines_and_keep_a_bad_board_as_an_entry(command, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("AB\nA\n")
    result = run(command, "--format", "json", ONE, str(bad), B353)
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    documents = [json.loads(line) for line in lines]
    assert {d["schema"] for d in documents} == {f"queens-{command}/1"}
    source = "source" if command == "solve" else "path"
    assert [d[source] for d in documents] == [ONE, str(bad), B353]
    entry = documents[1]
    assert (
        entry["error"] == f"{bad}: line 2: row has 1 cell, expected 2 (the width of the first row)"
    )
    if command == "solve":
        assert entry["status"] == "bad-input" and entry["board"] is None
        assert [d["status"] for d in documents] == ["solved", "bad-input", "solved"]
        assert documents[0]["error"] is None
    # The line on standard error is still there.
    assert result.stderr == f"queens: error: {entry['error']}\n"


def test_one_board_prints_one_indented_document():
    result = run("solve", "--format", "json", ONE)
    assert result.stdout.startswith('{\n  "schema": "queens-solve/1",\n')
    assert result.stdout.count("\n") > 10


# -- a rule's detail that JSON cannot hold ---------------------------------------------


#: Kills r1c1 of board 1 (not the solution's queen: a sound step) with a set in its detail;
#: Easy and of weight 0, so that it is the easiest step, the one the hint gives.
SET_DETAIL = "if ctx.state.live & 1:\n    ctx.kill(1, ('cells', frozenset({0})))"


def install_set_detail(site: FakeSite) -> None:
    site.add(
        "queens-rules-sets",
        "0.2.0",
        {"sets": "set_rules"},
        {
            "set_rules/__init__.py": rule_module(
                SET_DETAIL, "set_detail", position=1000, weight=0, grade="EASY"
            )
        },
    )


@pytest.mark.parametrize("command", ["solve", "hint"])
def test_a_detail_json_cannot_hold_is_a_rule_failure_naming_the_rule(site, command):
    install_set_detail(site)
    result = run(command, "--format", "json", ONE)
    assert result.exit_code == 3
    (line,) = result.stderr.splitlines()
    assert line.startswith(
        f"queens: error: {ONE}: rule 'set_detail' (Set detail) from queens-rules-sets 0.2.0 "
        "broke the rule contract: it recorded a step detail holding frozenset"
    )
    if command == "solve":
        document = json.loads(result.stdout)
        assert document["status"] == "rule-failed" and document["culprit"] == "set_detail"
        assert document["error"] == line.removeprefix("queens: error: ")
    else:
        assert result.stdout == ""
    # Text output does not need the detail: it still works.
    assert run(command, ONE).exit_code == 0


def test_a_rule_that_raises_is_an_entry_of_its_own_among_several_boards(site):
    site.add(
        "queens-rules-faulty",
        "2.0.1",
        {"faulty": "faulty_rules"},
        {"faulty_rules/__init__.py": rule_module("1 / 0", "crashing_rule")},
    )
    result = run("solve", "--format", "json", ONE, B353)
    assert result.exit_code == 3
    documents = [json.loads(line) for line in result.stdout.splitlines()]
    assert [d["status"] for d in documents] == ["rule-failed", "rule-failed"]
    assert documents[0]["culprit"] == "crashing_rule"
    assert documents[0]["board"]["size"] == 8 and documents[0]["steps"] is None
    assert [f"queens: error: {d['error']}" for d in documents] == result.stderr.splitlines()

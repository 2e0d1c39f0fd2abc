"""What a new user reads first: every --help fits 80 columns, rule summaries read as
English, and ``queens`` says what it is doing when it would otherwise seem to hang or
give a bare "not solved"."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from support import ROOT

from queens_core.cli.app import main
from queens_core.plugins import registry as plugins

QUEENS = Path(sys.executable).with_name("queens")


def command_paths(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command and sub-command of ``group``, as the words that invoke it: those
    of the installed command packages too (``serve``), as ``queens --help`` lists them."""
    found = [prefix]
    ctx = click.Context(group)
    for name in sorted(group.list_commands(ctx)):
        command = group.get_command(ctx, name)
        assert command is not None
        if isinstance(command, click.Group):
            found.extend(command_paths(command, (*prefix, name)))
        else:
            found.append((*prefix, name))
    return found


def test_the_walk_reaches_the_command_packages_commands():
    assert ("serve",) in command_paths(main)


@pytest.mark.parametrize("words", command_paths(main), ids=lambda w: " ".join(w) or "queens")
@pytest.mark.parametrize("columns", ["80", "200"])
def test_every_help_fits_80_columns(words, columns):
    """On a terminal of 80 columns, and on a wider one (click caps help at 80)."""
    result = CliRunner().invoke(main, [*words, "--help"], env={"COLUMNS": columns})
    assert result.exit_code == 0
    too_wide = [line for line in result.stdout.splitlines() if len(line) > 80]
    assert not too_wide


def test_rule_summaries_use_the_article_the_name_is_spoken_with():
    result = CliRunner().invoke(main, ["rules", "list", "--format", "json"])
    summaries = {r["display_name"]: r["summary"] for r in json.loads(result.stdout)["rules"]}
    assert "form an I-tromino " in summaries["Polyomino: I-tromino"]
    assert "form an L-pentomino " in summaries["Polyomino: L-pentomino"]
    assert "form a U-pentomino " in summaries["Polyomino: U-pentomino"]
    assert "form a long-N hexomino " in summaries["Polyomino: long-N hexomino"]
    assert "form a domino " in summaries["Polyomino: domino"]
    for summary in summaries.values():
        assert " a i-" not in summary.lower() and " a l-" not in summary.lower()


def test_with_no_rule_installed_solve_warns_instead_of_a_bare_not_solved(monkeypatch):
    monkeypatch.setattr(plugins, "_entry_points", lambda: [])
    result = CliRunner().invoke(main, ["solve", "-"], input="AA\nBB\n")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "queens: warning: no rules are installed, so nothing can be deduced: install a rule "
        "package (a queens-rules-NAME distribution)"
    )
    # rules list says it on standard output instead, once.
    listed = CliRunner().invoke(main, ["rules", "list"])
    assert "No rules are installed" in listed.stdout and listed.stderr == ""


def test_on_a_terminal_solve_says_it_reads_standard_input():
    main_fd, child_fd = pty.openpty()
    process = subprocess.Popen(
        [str(QUEENS), "solve"], stdin=child_fd, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    os.close(child_fd)
    os.write(main_fd, b"A\n\x04")
    out, err = process.communicate(timeout=60)
    os.close(main_fd)
    assert err.decode().startswith(
        "queens: reading the board from standard input: type it, then press Ctrl-D on a "
        "line of its own\n"
    )
    assert process.returncode == 0 and out.startswith("♛".encode())


def test_from_a_pipe_there_is_no_such_note():
    run = subprocess.run([str(QUEENS), "solve"], input=b"A\n", capture_output=True, check=False)
    assert run.returncode == 0 and run.stderr == b""


def test_hint_help_orders_steps_as_hint_all_does():
    """The help said "the rule with the lowest weight, then catalog order"; the steps go
    by the rule's rung first. On this board a Medium step of weight 16 (undercounting)
    comes before every Hard step of weight 2 (exclusion), and the help says why."""
    board = str(ROOT / "archive" / "starbattle" / "10x10-2stars-01.txt")
    listed = CliRunner().invoke(main, ["hint", "--all", "--format", "json", board])
    order = [step["rule"] for step in json.loads(listed.stdout)["steps"]]
    assert order.index("undercounting") < order.index("exclusion")
    weights = {step["rule"]: step["weight"] for step in json.loads(listed.stdout)["steps"]}
    assert weights["undercounting"] > weights["exclusion"]
    words = " ".join(CliRunner().invoke(main, ["hint", "--help"]).stdout.split())
    assert "the rule of the lowest rung of the difficulty ladder" in words
    assert words.index("lowest rung") < words.index("lowest weight")
    assert "by the rule's rung, then its weight" in words


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["check", "--cap", "abc", "x.txt"],
            "invalid value for '--cap': 'abc' is not a whole number",
        ),
        (["check", "--cap", "1", "x.txt"], "invalid value for '--cap': 1 is not from 2 to 1000000"),
        (["practise", "--size", "3", "r"], "invalid value for '--size': 3 is not from 4 to 17"),
        (["practise", "--seed", "x", "r"], "invalid value for '--seed': 'x' is not a whole number"),
        (["serve", "--port", "abc"], "invalid value for '--port': 'abc' is not a whole number"),
        (["serve", "--port", "70000"], "invalid value for '--port': 70000 is not from 0 to 65535"),
    ],
)
def test_a_bad_number_is_said_in_words(args, said):
    """Click said "'abc' is not a valid integer range" (no range was asked for) and "not
    in the range 4<=x<=17"; the line says what the option wants, as `generate` does."""
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    command = " ".join(["queens", args[0]])
    assert result.stderr == f"queens: error: {said} (see '{command} --help')\n"


@pytest.mark.parametrize(
    ("command", "words"),
    [("check", "from 2 to 1000000"), ("practise", "from 4 to 17"), ("serve", "from 0 to 65535")],
)
def test_a_number_option_gives_its_range_in_words_in_the_help(command, words):
    """The help showed click's "[4<=x<=17]" beside an option whose error says "from 4 to
    17"; both say it the same way now."""
    result = CliRunner().invoke(main, [command, "--help"])
    assert result.exit_code == 0
    assert words in " ".join(result.stdout.split())
    assert "<=x" not in result.stdout and "x<=" not in result.stdout


@pytest.mark.parametrize("group", [(), ("rules",), ("readers",), ("writers",)], ids=str)
def test_the_list_of_commands_says_what_each_does_without_cutting_it_short(group):
    """`queens --help` listed most commands cut off mid-sentence ("Read IN (a file, `-`
    for standard input, an SBN string, a..."): each has a short help of its own."""
    result = CliRunner().invoke(main, [*group, "--help"], env={"COLUMNS": "80"})
    listed = result.stdout.split("Commands:\n", 1)[1].splitlines()
    assert listed
    for line in listed:
        assert not line.rstrip().endswith("..."), line
        assert line.rstrip()[-1] in ".?", line


def test_the_help_says_how_to_read_the_manual_from_a_clone():
    """It said `mkdocs serve`, which is not on the PATH of a clone set up by ./queens."""
    words = " ".join(CliRunner().invoke(main, ["--help"]).stdout.split())
    assert "in a clone, `.venv/bin/mkdocs serve` shows it as a site" in words
    assert (ROOT / "requirements-dev.txt").read_text().count("mkdocs==") == 1

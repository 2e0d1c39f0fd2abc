"""Rules that fail during a solve, installed as real packages: the error names the rule,
its package and version and the board; an unsound rule is caught and named, and a board
is never printed as solved."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from fakedist import ROOT, FakeSite, rule_module
from guide import blocks
from hostile import HIDDEN_KILL, apply_of
from support import quick_rule

from queens_core import Board, Contradiction, Solver, load_registry
from queens_core.cli.app import main
from queens_core.cli.exits import EXIT_NOT_SOLVED, EXIT_RULE_FAILED
from queens_core.referee.blame import diagnose

BOARD = str(ROOT / "archive" / "boards" / "1.txt")
GUIDE = ROOT / "docs" / "writing-rules.md"


@pytest.fixture
def site(tmp_path, monkeypatch):
    fake = FakeSite(tmp_path / "site", monkeypatch)
    yield fake
    fake.forget_modules()


def install_rule(site: FakeSite, body: str, counter: str, version: str = "2.0.1") -> None:
    site.add(
        "queens-rules-faulty",
        version,
        {"faulty": "faulty_rules"},
        {"faulty_rules/__init__.py": rule_module(body, counter)},
    )


def solve(*args: str):
    return CliRunner().invoke(main, ["solve", *args], catch_exceptions=False)


def assert_not_printed_as_solved(stdout: str) -> None:
    assert " : " not in stdout  # no counters: they are printed for a solved board only
    assert "⨯" in stdout or stdout == ""


# -- a rule raises ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "cause"),
    [
        ("1 / 0", "raised ZeroDivisionError: division by zero"),
        ("raise SystemExit(9)", "raised SystemExit: 9"),
        ("ctx.place(-1)", "raised ValueError: negative shift count"),
    ],
)
def test_a_rule_that_raises_is_named_with_its_package_version_and_board(site, body, cause):
    install_rule(site, body, "crashing_rule")
    result = solve(BOARD)
    assert result.exit_code == EXIT_RULE_FAILED
    assert result.stdout == ""
    assert result.stderr == (
        f"queens: error: {BOARD}: rule 'crashing_rule' (Crashing rule) from "
        f"queens-rules-faulty 2.0.1 {cause}\n"
    )


def test_the_traceback_of_a_failing_rule_only_when_asked(site):
    install_rule(site, "1 / 0", "crashing_rule")
    result = CliRunner().invoke(main, ["--traceback", "solve", BOARD])
    assert result.exit_code == EXIT_RULE_FAILED
    assert result.stderr.startswith("Traceback")
    assert f"{site.root / 'faulty_rules' / '__init__.py'}" in result.stderr
    last = result.stderr.splitlines()[-1]
    assert last.startswith(f"queens: error: {BOARD}: rule 'crashing_rule'")


@pytest.mark.parametrize(
    ("body", "cause"),
    [
        (
            "ctx.state.live &= ctx.state.live - 1",
            "broke the rule contract: it changed the state without going through "
            "ctx.place() or ctx.kill()",
        ),
        (
            "from queens_core import State\nctx.state = State(ctx.state.live, ctx.state.queens)",
            "broke the rule contract: it replaced ctx.state instead of changing it through "
            "ctx.place() or ctx.kill()",
        ),
        (
            "ctx.kill(ctx.state.live & -ctx.state.live, counter='single_cell_region')",
            "broke the rule contract: it recorded a step for counter "
            "'single_cell_region', not its own",
        ),
    ],
)
def test_a_rule_that_goes_behind_the_context_is_stopped(site, body, cause):
    install_rule(site, body, "sneaky_rule")
    result = solve(BOARD)
    assert result.exit_code == EXIT_RULE_FAILED
    assert result.stderr == (
        f"queens: error: {BOARD}: rule 'sneaky_rule' (Sneaky rule) from "
        f"queens-rules-faulty 2.0.1 {cause}\n"
    )


# -- unsound rules ---------------------------------------------------------------------

#: Kills the only live cell of any queenless region: the region is left empty at once.
LAST_CELL_KILL = """
state = ctx.state
for region in ctx.board.region_masks:
    cells = state.live & region
    if cells and not cells & (cells - 1) and not state.queens & region:
        ctx.kill(cells)
"""

#: Puts a queen diagonally next to the first queen on the board.
NEIGHBOUR_QUEEN = """
queens = ctx.state.queens
if queens:
    n = ctx.board.n
    r, c = divmod((queens & -queens).bit_length() - 1, n)
    ctx.place((r + 1 if r + 1 < n else r - 1) * n + (c + 1 if c + 1 < n else c - 1))
"""


@pytest.mark.parametrize(
    ("body", "counter", "what"),
    [
        (LAST_CELL_KILL, "last_cell_kill", "it killed r"),
        (NEIGHBOUR_QUEEN, "neighbour_queen", "it placed a queen on r"),
        (HIDDEN_KILL, "hidden_kill", "it killed r"),
    ],
)
def test_an_unsound_rule_is_named_and_the_board_is_not_printed_as_solved(site, body, counter, what):
    install_rule(site, body, counter)
    result = solve(BOARD)
    assert result.exit_code == EXIT_RULE_FAILED
    assert_not_printed_as_solved(result.stdout)
    display_name = counter.replace("_", " ").capitalize()
    prefix = (
        f"queens: error: {BOARD}: rule {counter!r} ({display_name}) from "
        f"queens-rules-faulty 2.0.1 made an unsound deduction: {what}"
    )
    assert result.stderr.startswith(prefix), result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_the_sample_in_the_guide_is_what_queens_says(site, tmp_path, monkeypatch):
    sample = next(b for b in blocks(GUIDE.read_text()) if b.argument == "unsound")
    install_rule(site, HIDDEN_KILL, "hidden_kill")
    (tmp_path / "board.txt").write_text((ROOT / "archive" / "boards" / "1.txt").read_text())
    monkeypatch.chdir(tmp_path)
    assert solve("board.txt").stderr == sample.text


def test_a_false_contradiction_is_an_unsound_deduction(site):
    install_rule(site, "raise Contradiction('I give up')", "quitter")
    result = solve(BOARD)
    assert result.exit_code == EXIT_RULE_FAILED
    assert result.stderr == (
        f"queens: error: {BOARD}: rule 'quitter' (Quitter) from queens-rules-faulty 2.0.1 "
        f"made an unsound deduction: it reported a contradiction where the board still "
        f"has a solution (I give up)\n"
    )


def test_a_board_without_solution_blames_no_rule(tmp_path):
    path = tmp_path / "hopeless.txt"
    path.write_text("AAB\nACB\nCCB\n")
    result = solve(str(path))
    assert result.exit_code == EXIT_NOT_SOLVED
    assert_not_printed_as_solved(result.stdout)
    assert result.stderr.startswith(f"queens: contradiction: {path}: ")
    assert result.stderr.endswith("; the board has no solution\n")


# -- the same through the API ----------------------------------------------------------


def test_the_culprit_is_the_rule_that_lost_the_solution_not_the_one_that_saw_it():
    hidden = quick_rule("hidden_kill", apply_of(HIDDEN_KILL))
    catalog = load_registry().rules
    board = Board.parse((ROOT / "archive" / "boards" / "1.txt").read_text())
    solver = Solver([*catalog, hidden])
    result = solver.solve(board)
    diagnosis = diagnose(result, None, solver.by_counter)
    assert result.status == "contradiction"
    assert diagnosis.has_solution is True
    assert diagnosis.unsound
    assert diagnosis.culprit is hidden
    assert diagnosis.unsound_step.counter == "hidden_kill"
    # The contradiction surfaced later, after steps of sound rules.
    index = result.steps.index(diagnosis.unsound_step)
    assert {s.counter for s in result.steps[index + 1 :]} - {"hidden_kill"}


def test_a_sound_contradiction_keeps_the_rule_that_exposed_it():
    def no_room(ctx):
        raise Contradiction("no room")

    rule = quick_rule("no_room", no_room)
    solver = Solver([rule])
    result = solver.solve(Board.from_rows(["AAB", "ACB", "CCB"]))
    diagnosis = diagnose(result, None, solver.by_counter)
    assert result.status == "contradiction"
    assert diagnosis.has_solution is False
    assert not diagnosis.unsound
    assert result.culprit is rule

"""Hard cases: impossible start states, boards that defeat a plain search, unsound rules
seen by every command (issue 18, items 1 to 3). Hostile plugins:
tests/hostile_plugins/test_hostile.py."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner
from fakedist import ROOT, FakeSite, rule_module
from hostile import GUESS, HIDDEN_KILL

from queens_core import Board, Solver, State, load_registry
from queens_core.cli.app import main
from queens_core.engine.state import InvalidState, read_state
from queens_core.generator.regions import random_board
from queens_core.referee.blame import diagnose
from queens_core.referee.budget import SearchLimitExceeded
from queens_core.referee.exact import find_solutions, survey
from queens_core.referee.lattice import has_integer_cover
from queens_core.referee.queens_search import LATTICE_AFTER, Search

ARCHIVE = ROOT / "archive" / "boards"
TWO_SOLUTIONS = ROOT / "tests" / "fixtures" / "two-solutions.txt"
REGION_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop"

#: The board of the issue, with queens on r5c1 and r6c1: two queens in column 1.
BOARD = "AAAABB\nAAAABB\nCCCCDD\nCCCDDD\nEEEFDD\nFFFFFF\n"
SAME_COLUMN = "......\n......\n......\n......\nQ.....\nQ.....\n"


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def modular(n: int) -> Board:
    """Regions ``(r + c) mod n``: no solution for even n, for a reason no pairwise
    matching sees."""
    return Board.from_rows(["".join(REGION_CHARS[(r + c) % n] for c in range(n)) for r in range(n)])


# -- 1. a start state is checked the same way everywhere --------------------------------


@pytest.mark.parametrize(
    ("picture", "problem"),
    [
        (SAME_COLUMN, "two queens in column 1: r5c1 and r6c1"),
        ("Q...Q.\n" + "......\n" * 5, "two queens in row 1: r1c1 and r1c5"),
        ("Q.....\n..Q...\n" + "......\n" * 4, "two queens in region 'A': r1c1 and r2c3"),
        ("......\n......\n...Q..\n....Q.\n......\n......\n", "two queens touch: r3c4 and r4c5"),
    ],
)
def test_an_impossible_start_state_is_bad_input_for_every_command(tmp_path, picture, problem):
    """Bad input wherever a state is a start for the rules; hint alone tells the player
    which of their queens attack each other (a mistake to point out, not bad input)."""
    board = tmp_path / "b.txt"
    board.write_text(BOARD)
    state = tmp_path / "s.txt"
    state.write_text(picture)
    line = f"queens: error: {state}: impossible state: {problem}\n"
    for args in (
        ["render", str(board), "--solve", "--state", str(state), "-o", str(tmp_path / "x.svg")],
        ["render", str(board), "--state", str(state), "-o", str(tmp_path / "x.svg")],
    ):
        result = run(*args)
        assert (result.exit_code, result.stdout, result.stderr) == (2, "", line), args
    hinted = run("hint", str(board), "--state", str(state))
    assert hinted.exit_code == 1
    assert "Queens that attack each other: " in hinted.stdout
    parsed = Board.parse(BOARD)
    with pytest.raises(InvalidState, match=f"^{problem}$"):
        Solver(load_registry().rules).solve(parsed, read_state(parsed, picture))


def test_a_state_built_by_hand_must_fit_the_board():
    board = Board.parse(BOARD)
    assert State(board.full << 1).problem(board) == "the state marks cells outside the 6×6 board"
    assert State(board.full, 1).problem(board) == "r1c1 is both a queen and live"
    assert State(board.full & ~1, 1).problem(board) is None


# -- 2. the exact engine: the lattice test and the budget --------------------------------


@pytest.mark.parametrize("n", [8, 12, 16, 24, 32])
def test_modular_diagonal_boards_are_proven_impossible_without_a_long_search(n):
    search = Search(modular(n), 2)
    assert search.run(search_root := modular(n).full, 0) == []
    assert search.nodes <= LATTICE_AFTER
    assert search_root


@pytest.mark.parametrize("n", [9, 15, 21])
def test_odd_modular_boards_keep_their_solutions(n):
    assert len(find_solutions(modular(n), 2)) == 2


def test_the_lattice_test_never_rejects_a_board_with_a_solution():
    rng = random.Random(18)
    rejected = 0
    for _ in range(300):
        n = rng.choice((4, 5, 6, 7, 8))
        board = random_board(n, rng, solvable=rng.random() < 0.5)
        live = board.full
        for cell in rng.sample(range(n * n), rng.randint(0, n)):
            live &= ~(1 << cell)
        cells = [
            (i // n, n + i % n, 2 * n + board.cell_region[i]) for i in range(n * n) if live >> i & 1
        ]
        if not has_integer_cover(cells, range(3 * n)):
            rejected += 1
            assert find_solutions(board, 1, State(live)) == [], board
    assert rejected  # the test is not vacuous: some boards are proven impossible


def test_a_search_past_its_budget_says_so():
    board = modular(9)
    with pytest.raises(SearchLimitExceeded, match="more than 3 nodes"):
        find_solutions(board, 10**6, node_limit=3)


@pytest.mark.slow
def test_check_and_hint_end_undecided_within_the_budget(monkeypatch, tmp_path):
    # Without the lattice test, a 12×12 modular board takes the search 160,000 nodes.
    monkeypatch.setattr("queens_core.referee.queens_search.LATTICE_AFTER", -1)
    path = tmp_path / "mod12.txt"
    path.write_text(str(modular(12)) + "\n")
    result = run("check", "--timeout", "0.2", str(path))
    assert result.exit_code == 7
    assert result.stdout.startswith(
        f"{path}: undecided within the budget: the exact search needed more than 0.2 s\n"
    )
    result = run("hint", "--timeout", "0.2", str(path))
    assert result.exit_code == 7
    assert result.stderr.endswith(
        f"queens: error: {path}: undecided within the budget: "
        "the exact search needed more than 0.2 s\n"
    )


def test_an_undecided_check_says_what_the_rules_solve_shows(monkeypatch):
    def out_of_time(*_args):
        raise SearchLimitExceeded("the exact search needed more than 0.2 s")

    # The count, not the rules, gives "unique": the line says only what the solve shows.
    monkeypatch.setattr("queens_core.tools.check.survey", out_of_time)
    result = run("check", "--timeout", "0.2", str(ROOT / "archive" / "boards" / "1.txt"))
    assert result.exit_code == 7
    first = result.stdout.splitlines()[0]
    assert first.endswith(
        "undecided within the budget: the exact search needed more than 0.2 s; the rules "
        "solve it, so it has that one solution if every rule is sound"
    )
    assert "logic:      solved" in result.stdout
    stalled = run(
        "check",
        "--timeout",
        "0.2",
        "--tier",
        "baseline",
        str(ROOT / "archive" / "boards" / "353.txt"),
    )
    assert stalled.exit_code == 7
    assert "logic:      stalled" in stalled.stdout
    assert stalled.stdout.splitlines()[0].endswith("needed more than 0.2 s")


# -- 3. one check of every result, by every command -----------------------------------


def install(site: FakeSite, body: str, counter: str, tier: str = "CHEAP") -> None:
    site.add(
        "queens-rules-faulty",
        "2.0.1",
        {"faulty": "faulty_rules"},
        {"faulty_rules/__init__.py": rule_module(body, counter, tier=tier)},
    )


def test_every_command_names_an_unsound_rule_the_same_way(site, tmp_path):
    install(site, HIDDEN_KILL, "hidden_kill")
    board = str(ARCHIVE / "1.txt")
    line = (
        f"queens: error: {board}: rule 'hidden_kill' (Hidden kill) from queens-rules-faulty "
        "2.0.1 made an unsound deduction: it killed r"
    )
    for args in (
        ["solve", board],
        ["check", board],
        ["hint", board],
        ["render", board, "--solve", "-o", str(tmp_path / "x.svg")],
    ):
        result = run(*args)
        assert result.exit_code == 3, args
        assert result.stderr.startswith(line), (args, result.stderr)
        assert len(result.stderr.splitlines()) == 1, args
    result = run("stats", board)
    assert result.exit_code == 3
    assert result.stderr.startswith(line)


def test_a_rule_that_guesses_cannot_solve_a_board_with_two_solutions(site):
    install(site, GUESS, "guess", tier="EXPENSIVE")
    board = str(TWO_SOLUTIONS)
    result = run("solve", board)
    assert result.exit_code == 3
    assert result.stdout == ""
    assert result.stderr.startswith(
        f"queens: error: {board}: rule 'guess' (Guess) from queens-rules-faulty 2.0.1 made "
        "an unsound deduction: it placed a queen on r"
    )
    assert result.stderr.endswith(
        "which rules out a solution of the board (then the rules solved the board, which "
        "has another solution)\n"
    )
    assert run("check", board).exit_code == 3


def test_diagnose_reads_the_steps_against_every_solution_it_is_given():
    board = Board.parse(TWO_SOLUTIONS.read_text())
    solver = Solver(load_registry().rules)
    result = solver.solve(board)
    diagnosis = diagnose(result, None, solver.by_counter)
    assert diagnosis.decided and len(diagnosis.solutions) == 2
    assert not diagnosis.unsound


# -- 5. the one-line error contract ------------------------------------------------------


def test_cr_only_line_ends_are_line_ends(tmp_path):
    path = tmp_path / "cr.txt"
    path.write_bytes((ARCHIVE / "1.txt").read_bytes().replace(b"\n", b"\r"))
    result = run("solve", str(path))
    assert result.exit_code == 0
    assert result.stdout == run("solve", str(ARCHIVE / "1.txt")).stdout


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (
            b"A\tB\nB\tA\n",
            "line 1, column 2: a tab is not a cell separator: write the cells side by side, "
            "or with one space between them",
        ),
        (
            "A\u200dB\nBAA\n".encode(),
            "line 1, column 2: invisible character U+200D (ZERO WIDTH JOINER) is not a region",
        ),
        (b"A\x07B\nBAA\n", "line 1, column 2: control character U+0007 is not a region"),
    ],
)
def test_bad_characters_are_named_for_what_they_are(tmp_path, data, line):
    path = tmp_path / "b.txt"
    path.write_bytes(data)
    result = run("solve", str(path))
    assert (result.exit_code, result.stderr) == (2, f"queens: error: {path}: {line}\n")


def test_a_file_name_with_a_newline_stays_on_one_line(tmp_path):
    path = tmp_path / "split\nname.txt"
    path.write_text("AAB\nBCA\nCCC\n")
    result = run("solve", str(path))
    shown = str(path).replace("\n", "\\n")
    lines = result.stderr.splitlines()
    assert lines and all(line.startswith("queens: ") for line in lines)
    assert f"queens: warning: {shown}: region 'A' is not 4-connected" in result.stderr


def test_closed_standard_input_is_one_line():
    queens = shutil.which("queens", path=os.path.dirname(sys.executable))
    assert queens is not None
    done = subprocess.run(
        ["sh", "-c", f"'{queens}' solve <&-"], capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "queens: error: cannot read <stdin>: standard input is closed\n"


@pytest.mark.parametrize("option", ["--only", "--exclude"])
def test_an_empty_rule_selection_is_refused(option):
    result = run("solve", option, "", str(ARCHIVE / "1.txt"))
    assert (result.exit_code, result.stderr) == (
        2,
        f"queens: error: {option} needs a rule or package name, got ''\n",
    )


def test_a_count_cut_short_by_the_budget_still_reports_what_it_found(tmp_path):
    # One region a row: hundreds of thousands of solutions at N = 10.
    path = tmp_path / "rows.txt"
    path.write_text("".join(REGION_CHARS[r] * 10 + "\n" for r in range(10)))
    result = run("check", "--cap", "1000000", "--timeout", "0.3", "--format", "json", str(path))
    assert result.exit_code == 5
    report = json.loads(result.stdout)
    assert report["solutions"]["at_least"] is True
    assert report["solutions"]["count"] >= 2
    assert len(report["solutions"]["examples"]) == 2


def test_a_survey_counts_every_solution_but_keeps_only_a_few():
    board = Board.from_rows([REGION_CHARS[r] * 6 for r in range(6)])
    count, kept = survey(board, 10**6, keep=3)
    assert count == len(find_solutions(board, 10**6)) > 3
    assert kept == find_solutions(board, 3)


def test_the_driver_does_not_search():
    # Diagnosis is the callers' job, through blame.diagnose: a solve never pays for it.
    code = (
        "import sys, queens_core.engine.driver; "
        "print('queens_core.referee.queens_search' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr

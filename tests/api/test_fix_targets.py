"""Application.fix with a target (tier, grade, rules the board needs) and on Star Battle
boards: every fix unique by the exact search, on its target by an independent solve,
its minimality claim worded for the target."""

from __future__ import annotations

import random
import time

import pytest
from click.testing import CliRunner
from support import ARCHIVE, ROOT

from queens_core.api import Application, FixError
from queens_core.cli.app import main
from queens_core.engine.board import Board, connected_part
from queens_core.engine.driver import Solver
from queens_core.exact import count_solutions
from queens_core.generator.regions import neighbours4
from queens_core.tools.grade import Grader

SEVEN_SOLUTIONS = (ROOT / "docs" / "boards" / "seven-solutions.txt").read_text()
STARS = ROOT / "archive" / "starbattle"
PFC = "placement_forces_contradiction"


@pytest.fixture(scope="module")
def app() -> Application:
    return Application()


def assert_legal_fix(board: Board, answer) -> None:
    """One solution by the exact search, the same stars and letters, every region
    connected, the edits exactly the cells that changed, the claim no more than proven."""
    fixed = answer.fixed
    assert fixed is not None, answer.text()
    assert count_solutions(fixed, 2) == 1
    assert fixed.stars == board.stars and set(fixed.letters) == set(board.letters)
    n = board.n
    for mask in fixed.region_masks:
        assert mask and connected_part(n, mask, mask & -mask) == mask
    changed = [(r, c) for r in range(n) for c in range(n) if board.rows[r][c] != fixed.rows[r][c]]
    assert sorted((e.row, e.column) for e in answer.edits) == changed
    assert answer.at_least <= len(answer.edits)
    assert answer.minimal == (answer.at_least == len(answer.edits))


def one_edit_away(board: Board, rng: random.Random, edits: int = 1) -> Board:
    """``board`` (any K) with ``edits`` cells given to a region each touches, regions kept
    connected, no longer with exactly one solution."""
    n = board.n
    while True:
        region = list(board.cell_region)
        for _ in range(edits):
            cell = rng.randrange(n * n)
            targets = sorted({region[m] for m in neighbours4(cell, n)} - {region[cell]})
            if targets:
                region[cell] = rng.choice(targets)
        text = "".join(board.letters[k] for k in region)
        made = Board(tuple(text[r * n : (r + 1) * n] for r in range(n)), board.stars)
        if not made.warnings and len(made.letters) == n and count_solutions(made, 2) != 1:
            return made


def test_a_grade_target_gives_a_board_of_that_grade(app):
    board = app.board(SEVEN_SOLUTIONS)
    answer = app.fix(board, seconds=10, grade="Hard")
    assert_legal_fix(board, answer)
    assessment = Grader(app.registry.rules).assess(answer.fixed)
    assert assessment.rung is not None and assessment.rung.grade == "Hard"
    # Without the target the fewest is 2 edits (test_fix); with it, more, and said so.
    assert answer.minimal and len(answer.edits) == 3
    assert answer.claim() == (
        "Fixed with 3 edits, the fewest for a board graded 3 Hard: "
        "no such fix with fewer than 3 edits exists."
    )
    assert answer.to_json()["target"] == "graded 3 Hard"


def test_a_tier_target(app):
    board = app.board(SEVEN_SOLUTIONS)
    answer = app.fix(board, seconds=10, tier="baseline")
    assert_legal_fix(board, answer)
    baseline = Solver(r for r in app.registry.rules if r.package == "queens-rules-baseline")
    assert baseline.solve(answer.fixed).solved


def test_a_needs_target_gives_a_board_that_stalls_without_the_rule(app):
    board = app.board(SEVEN_SOLUTIONS)
    answer = app.fix(board, seconds=10, needs=[PFC])
    assert_legal_fix(board, answer)
    rules = app.registry.rules
    assert Solver(rules).solve(answer.fixed).solved
    assert not Solver(r for r in rules if r.counter != PFC).solve(answer.fixed).solved
    assert f"for a board that needs {PFC}" in answer.claim()


def test_a_unique_board_on_its_target_needs_nothing_and_one_off_it_is_edited(app):
    board = Board.parse((ARCHIVE / "1.txt").read_text())
    grade = Grader(app.registry.rules).assess(board).rung.grade
    same = app.fix(board, seconds=5, grade=grade)
    assert same.status == "unique" and not same.edits
    assert same.claim().startswith("The board already has exactly one solution and is graded")
    other = "Fiendish" if grade != "Fiendish" else "Easy"
    moved = app.fix(board, seconds=10, grade=other)
    if moved.fixed is not None:  # may be out of reach within the budget, never wrong
        assert_legal_fix(board, moved)
        assert Grader(app.registry.rules).assess(moved.fixed).rung.grade == other
        assert moved.edits


def test_without_a_target_the_document_is_as_before(app):
    assert "target" not in app.fix(app.board(SEVEN_SOLUTIONS), seconds=5).to_json()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"grade": "Impossible"}, "is not a grade"),
        ({"tier": "bogus"}, "is not a tier"),
        ({"needs": ["no_such_rule"]}, "no installed rule has this id"),
    ],
)
def test_a_target_it_cannot_name_is_one_error(app, options, message):
    with pytest.raises(FixError, match=message):
        app.fix(app.board(SEVEN_SOLUTIONS), **options)


def test_the_command_takes_the_target_options():
    runner = CliRunner()
    path = str(ROOT / "docs" / "boards" / "seven-solutions.txt")
    done = runner.invoke(main, ["fix", path, "--grade", "Hard", "--seconds", "10"])
    assert done.exit_code == 0, done.output
    assert "the fewest for a board graded 3 Hard" in done.output
    bad = runner.invoke(main, ["fix", path, "--tier", "bogus"])
    assert bad.exit_code == 2 and "Traceback" not in bad.output
    assert bad.output.count("\n") == 1


@pytest.mark.slow
@pytest.mark.parametrize("name", ["9x9-2stars-01", "10x10-2stars-03", "11x11-2stars-05"])
def test_star_battle_boards_one_edit_away_are_fixed_with_one_edit(app, name):
    board = app.read(str(STARS / f"{name}.txt")).board
    broken = one_edit_away(board, random.Random(name))
    started = time.process_time()  # the machine may be shared: the fix's own time
    answer = app.fix(broken, seconds=20)
    assert time.process_time() - started < 10
    assert_legal_fix(broken, answer)
    assert answer.fixed.stars == board.stars
    assert len(answer.edits) == 1 and answer.minimal
    assert len(answer.to_json()["solution"]) == board.stars * board.n
    # The fixed board as printed reads back as itself, stars and all.
    printed = answer.text().split("The fixed board:\n")[1].split("\n\n")[0]
    assert app.read_bytes(printed.encode()).board == answer.fixed
    assert answer.to_json()["stars"] == board.stars


@pytest.mark.slow
def test_star_battle_boards_take_a_target_too(app):
    board = app.read(str(STARS / "10x10-2stars-01.txt")).board
    broken = one_edit_away(board, random.Random(3))
    answer = app.fix(broken, seconds=10, tier="cheap")
    assert_legal_fix(broken, answer)
    assessment = Grader(app.registry.rules, 2).assess(answer.fixed)
    assert assessment.rung is not None and assessment.rung.tier == "cheap"


@pytest.mark.slow
@pytest.mark.parametrize("size", range(6, 12))
def test_perturbed_generated_boards_are_unique_within_a_few_seconds(app, size):
    """Boards made, then given three random edits: a unique fix every time, in the
    budget, its claim never more than the search proved."""
    rng = random.Random(size)
    for made in app.generate(size, count=2, seed=size).boards():
        broken = one_edit_away(made.board, rng, edits=3)
        started = time.process_time()
        answer = app.fix(broken, seconds=10)
        assert time.process_time() - started < 5
        assert_legal_fix(broken, answer)
        assert 1 <= len(answer.edits)

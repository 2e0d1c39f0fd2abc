"""Every step now, why a cell, what-if and practice: each answer held against the exact
solver, replayed on the position it speaks of, and its sentences tested against that
position."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from queens_core import Board, bits, load_registry
from queens_core.engine.driver import Solver
from queens_core.engine.rules import LineConfined, OnlyLiveCell, RegionConfined
from queens_core.engine.state import State, read_state
from queens_core.exact import find_solutions
from queens_core.generator.practice import PracticeFilter, basics_of, make_practice
from queens_core.render.text import message_lines
from queens_core.tools.explain import apply_step
from queens_core.tools.hint import HINT, find_hint
from queens_core.tools.steps import (
    decides,
    replay_chain,
    start_position,
    steps_now,
    try_queen,
    why_cell,
)

ROOT = Path(__file__).resolve().parents[2]
ARCHIVE = ROOT / "archive" / "boards"
STARS = ROOT / "archive" / "starbattle" / "10x10-2stars-01.txt"
QUEENS = str(Path(sys.executable).parent / "queens")


@pytest.fixture(scope="module")
def rules():
    return load_registry().rules


@pytest.fixture(scope="module")
def solver(rules):
    return Solver(rules)


def board_of(path: Path) -> Board:
    text = path.read_text()
    if text.startswith("stars:"):
        head, _, rest = text.partition("\n")
        return Board.parse(rest).with_stars(int(head.split()[1]))
    return Board.parse(text)


def positions(board: Board, solver: Solver, count: int = 4) -> list[State]:
    """Positions along the rules' own solve: the empty board and a few after it."""
    result = solver.solve(board)
    out = [State.initial(board)]
    state = State.initial(board)
    every = max(1, len(result.steps) // count)
    for number, step in enumerate(result.steps, start=1):
        apply_step(board, state, step)
        if number % every == 0 and state.live:
            out.append(start_position(board, state))
    return out


def claim_holds(board: Board, position: State, detail: tuple) -> bool:
    """The basic sentences' claims, read off the position itself."""
    if isinstance(detail, OnlyLiveCell):
        return (position.live & board.unit_mask(detail.kind, detail.which)).bit_count() == 1
    if isinstance(detail, LineConfined):
        line = position.live & board.unit_mask(detail.kind, detail.line)
        return not line & ~board.region_masks[detail.region]
    if isinstance(detail, RegionConfined):
        region = position.live & board.region_masks[detail.region]
        return not region & ~board.unit_mask(detail.kind, detail.line)
    return True


@pytest.mark.parametrize("name", ["1.txt", "353.txt", "100.txt"])
def test_every_step_now_is_sound_easiest_first_and_true_of_the_position(name, solver):
    board = board_of(ARCHIVE / name)
    (solution,) = find_solutions(board, 2)
    for position in positions(board, solver):
        found = steps_now(board, position, solver)
        weights = [f.rule.score_weight for f in found]
        assert weights == sorted(weights)
        for f in found:
            step = f.step
            assert not step.killed & solution, f.explanation.why
            assert not step.placed or step.placed & solution
            assert not (step.placed | step.killed) & ~position.live  # made on open cells
            assert claim_holds(board, position, step.detail), f.explanation.why
            after = position.copy()
            apply_step(board, after, step)  # it replays on the position itself


def test_the_plain_hint_is_the_easiest_step_there_is(rules, solver):
    board = board_of(ARCHIVE / "353.txt")
    state = read_state(board, "\n".join(["......."] * 3 + ["x......"] + ["......."] * 3))
    hint = find_hint(board, state, rules)
    assert hint.status == HINT and hint.step is not None
    every = steps_now(board, hint.state, solver)
    lightest = min(f.rule.score_weight for f in every)
    assert hint.step == every[0].step
    assert solver.by_counter[hint.step.counter].score_weight == lightest


def test_a_star_battle_hint_starts_past_full_units_and_speaks_of_stars(rules):
    board = board_of(STARS)
    (solution,) = find_solutions(board, 2)
    n = board.n
    # The first row's two stars, from the solution: that row is full.
    row = [c for c in range(n) if solution >> c & 1]
    picture = ["".join("Q" if c in row else "." for c in range(n))] + ["." * n] * (n - 1)
    state = read_state(board, "\n".join(picture))
    hint = find_hint(board, state, rules)
    assert hint.status == HINT and hint.step is not None
    assert hint.step.counter != "unit_full"
    assert not hint.state.live & board.row_masks[0]  # the full row is crossed first
    wrong = read_state(board, "\n".join(["Q" + "." * (n - 1)] + ["." * n] * (n - 1)))
    if solution & 1:
        pytest.skip("r1c1 holds a star of the solution")
    lines = message_lines(find_hint(board, wrong, rules))
    assert "Stars not in the solution: r1c1." in lines
    assert not any("queen" in line.lower() for line in lines)


@pytest.mark.parametrize("name", ["1.txt", "353.txt"])
def test_why_gives_a_chain_that_replays_and_decides_the_cell_as_the_solution(name, solver):
    board = board_of(ARCHIVE / name)
    (solution,) = find_solutions(board, 2)
    position = State.initial(board)
    for cell in range(0, board.n * board.n, 5):
        answer = why_cell(board, position, solver, cell)
        if not answer.chain:
            assert answer.outcome is None
            continue
        keys = [(f.step.counter, f.step.placed, f.step.detail) for f in answer.chain]
        made = replay_chain(board, position, solver, keys)
        assert made is not None and decides(made[-1].step, cell)
        assert not any(decides(f.step, cell) for f in made[:-1])
        assert (answer.outcome == "queen") == bool(solution >> cell & 1)
        if len(answer.chain) > 1 and answer.proven:
            # Proven shortest: no single step from the position decides the cell.
            assert not any(decides(f.step, cell) for f in steps_now(board, position, solver))


def test_a_tentative_queen_of_the_solution_never_contradicts_and_a_wrong_one_may(solver):
    board = board_of(ARCHIVE / "353.txt")
    (solution,) = find_solutions(board, 2)
    position = State.initial(board)
    for cell in range(board.n * board.n):
        trial = try_queen(board, position, solver, cell)
        if solution >> cell & 1:
            assert trial.status != "contradiction"
            assert not trial.after.queens & ~solution  # everything derived is right
        elif trial.status != "contradiction":
            # No contradiction found: whatever was derived still holds the queen.
            assert trial.after.queens >> cell & 1
    wrong = try_queen(board, position, solver, 1)
    assert wrong.status == "contradiction" and wrong.problem


@pytest.mark.parametrize("rule", ["region_confined_to_line", "polyomino_domino", "exclusion"])
def test_a_practice_board_needs_nothing_harder_before_the_rule(rule, rules):
    chosen = next(r for r in rules if r.counter == rule)
    made = make_practice(chosen, rules, seed=0, seconds=60)
    board = made.board
    assert find_solutions(board, 2) == [made.solution]
    stars = board.stars
    easier = Solver(basics_of(chosen, rules, stars), stars=stars).solve(board)
    assert made.start.position == easier.state
    assert made.start.hint.rule.counter == rule
    hint = find_hint(board, made.start.position, rules)
    assert hint.step == made.start.hint.step
    assert PracticeFilter(chosen, rules, stars).start(board) is not None


def run(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([QUEENS, *argv], capture_output=True, text=True, timeout=120)


def test_the_commands_refuse_bad_cells_and_rules_in_one_line():
    board = str(ARCHIVE / "1.txt")
    for argv, words in [
        (("why", "r9c1", board), "outside the 8×8 board"),
        (("why", "x", board), "is not rRcC"),
        (("what-if", "r0c1", board), "outside the 8×8 board"),
        (("practise", "no_such_rule"), "no installed rule is called 'no_such_rule'"),
        (("practise", "queen_adjacent_kill"), "nothing to practise"),
        (("hint", "--all", "--every-step", board), "not with --every-step"),
    ]:
        done = run(*argv)
        assert done.returncode == 2, done.stderr
        assert (
            done.stderr.count("\n") == 1 and words in done.stderr and "Traceback" not in done.stderr
        )


def test_hint_all_and_why_exit_one_where_there_is_nothing(tmp_path: Path):
    board = str(ARCHIVE / "1.txt")
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("Q.......\n" + "........\n" * 7)
    done = run("hint", "--all", board, "--state", str(wrong))
    assert done.returncode == 1 and "Queens not in the solution: r1c1." in done.stdout
    done = run("what-if", "r2c6", board, "--keep", str(tmp_path / "kept.txt"))
    assert done.returncode == 0
    kept = read_state(board_of(ARCHIVE / "1.txt"), (tmp_path / "kept.txt").read_text())
    assert kept.queens >> 13 & 1
    assert list(bits(kept.queens))


def test_a_listed_step_keeps_its_sentence_under_its_text_not_under_its_number():
    board = str(ARCHIVE / "353.txt")
    for argv in (("hint", "--all", board), ("why", "r4c4", board)):
        done = run(*argv)
        assert done.returncode == 0, done.stderr
        steps = done.stdout.rstrip("\n").split("\n\n")[2:]
        assert steps
        for step in steps:
            lead, *rest = step.split("\n")
            assert lead[:3].strip().isdigit() and lead[3:5] == ". ", lead
            assert rest and all(line.startswith("     ") for line in rest), step

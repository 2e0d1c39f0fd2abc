"""``queens hint``: reading pasted states, the next step, and wrong states."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from support import ARCHIVE, CHEAP_STALL_353

from queens_core import Board, BoardError, Solver, State
from queens_core.cli.app import main
from queens_core.engine.state import cell_label, read_state
from queens_core.render.documents import HINT_SCHEMA, state_from_json, steps_from_json
from queens_core.render.text import hint_text
from queens_core.testing import cells_marked
from queens_core.tools.explain import apply_step, replay
from queens_core.tools.hint import (
    HINT,
    NO_SOLUTION,
    SOLVED,
    STUCK,
    WRONG,
    check_state,
    find_hint,
)

BOARD_353 = str(ARCHIVE / "353.txt")
STALLED_353 = CHEAP_STALL_353
ROWS_5 = "AAAAA\nBBBBB\nCCCCC\nDDDDD\nEEEEE\n"


@pytest.fixture(scope="module")
def board353() -> Board:
    return Board.parse((ARCHIVE / "353.txt").read_text())


def hint_cli(*args: str, state: str | None = None) -> tuple[int, str, str]:
    run = CliRunner().invoke(main, ["hint", *args], input=state)
    return run.exit_code, run.stdout, run.stderr


def test_read_state_takes_what_solve_prints_and_what_people_type(board353):
    plain = read_state(board353, STALLED_353)
    dots = [i for i, ch in enumerate(STALLED_353.replace("\n", "")) if ch == "."]
    assert plain == State(sum(1 << i for i in dots), 0) and len(dots) == 16
    typed = STALLED_353.replace("⨯", "x ").replace(".", ". ")
    assert read_state(board353, typed) == plain
    labelled = "   1 2 3 4 5 6 7\n" + "".join(
        f"{r + 1}  {' '.join(row)}\n" for r, row in enumerate(STALLED_353.split("\n")[:7])
    )
    assert read_state(board353, labelled) == plain
    queens = read_state(board353, "Q......\n" + ".......\n" * 6)
    assert queens.queens == 1 and queens.live == board353.full & ~1
    # A whole pasted `queens solve` output: the board block, then the counters.
    solved = "♛......\n.....♛.\n...♛...\n.♛.....\n....♛..\n..♛....\n......♛\n\nQueen : 7\n"
    assert read_state(board353, "\n" + solved).queens.bit_count() == 7


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the state is empty"),
        (".......\n" * 6, "line 6: the state has 6 rows, the board has 7"),
        (".......\n", "line 1: the state has 1 row, the board has 7"),
        (".......\n" * 3 + "......\n" + ".......\n" * 3, "line 4: state row has 6 cells"),
        (".......\n" * 2 + "..o....\n" + ".......\n" * 4, "line 3, column 3: 'o' is not"),
    ],
)
def test_read_state_errors_name_the_place(board353, text, message):
    with pytest.raises(BoardError) as err:
        read_state(board353, text)
    assert str(err.value).startswith(message)


def test_the_hint_on_the_cheap_tier_stall_is_placement_forces_contradiction(board353, registry):
    hint = find_hint(board353, read_state(board353, STALLED_353), registry.rules)
    assert hint.status == HINT
    assert hint.step.counter == "placement_forces_contradiction"
    assert hint.explanation.headline(board353) == "r2c3 dead"
    assert hint.explanation.why.startswith("Suppose r2c3 held a queen")
    text = hint_text(hint)
    assert "Next step: Placement-forces-contradiction — r2c3 dead\n" in text
    assert text.endswith(
        "2  ⨯ ⨯ x ⨯ . . ⨯\n3  ⨯ ⨯ ⨯ . ⨯ . ⨯\n4  ⨯ . . ⨯ ⨯ ⨯ ⨯\n"
        "5  ⨯ ⨯ ⨯ ⨯ . . ⨯\n6  ⨯ . . . ⨯ ⨯ ⨯\n7  . ⨯ ⨯ ⨯ ⨯ ⨯ ."
    )
    # The picture after the step reads back as the state after it.
    picture = text.split("paste this back for the next hint):\n\n", 1)[1]
    assert read_state(board353, picture) == hint.after


def test_a_queen_whose_neighbourhood_is_open_gets_its_kill_list_first(board353, registry):
    state = read_state(board353, "♛......\n" + ".......\n" * 6)
    hint = find_hint(board353, state, registry.rules, every_step=True)
    assert hint.step.counter == "queen_adjacent_kill"
    assert hint.explanation.rule == "Queen-adjacent kill"
    assert hint.after.live == state.live & ~board353.kill_masks[0]
    assert hint.crossed == 0


def test_by_default_a_queens_crosses_are_taken_as_made(board353, registry):
    """A played board without crosses (the game crosses for the player) gets a real
    deduction first: the solve from the crossed state's first step."""
    state = read_state(board353, "♛......\n" + ".......\n" * 6)
    hint = find_hint(board353, state, registry.rules)
    assert hint.crossed == board353.kill_masks[0] & state.live
    assert hint.state.live == state.live & ~board353.kill_masks[0]
    assert hint.step.counter != "queen_adjacent_kill"
    assert hint.step == Solver(registry.rules).solve(board353, hint.state.copy()).steps[0]
    text = " ".join(
        hint_cli(BOARD_353, "--state", "-", state="♛......\n" + ".......\n" * 6)[1].split()
    )
    assert "Crossed first, as the game does: the 13 cells your queen attacks (its row" in text


def test_the_whole_output_reads_back_and_write_saves_the_step(tmp_path):
    progress = tmp_path / "progress.txt"
    progress.write_text("♛......\n" + ".......\n" * 6)
    first = hint_cli(BOARD_353, "--state", str(progress))[1]
    pasted = tmp_path / "pasted.txt"
    pasted.write_text(first)
    status, again, _ = hint_cli(BOARD_353, "--state", str(pasted), "--write", str(tmp_path / "w"))
    assert status == 0 and "Crossed first" not in again  # the crosses are in the picture
    second_step = again.split("Next step: ")[1].splitlines()[0]
    assert second_step != first.split("Next step: ")[1].splitlines()[0]
    status, _, _ = hint_cli(BOARD_353, "--state", str(progress), "--in-place")
    assert status == 0
    board = Board.parse((ARCHIVE / "353.txt").read_text())
    saved = read_state(board, progress.read_text())
    assert saved == read_state(board, first)  # the picture in the first output
    assert read_state(board, (tmp_path / "w").read_text()) != saved  # one more step


@pytest.mark.parametrize(
    "drawn", [[], ["--letters"], ["--color", "always"], ["--letters", "--color", "always"]]
)
def test_a_hint_drawn_any_way_reads_back_as_the_same_state(tmp_path, drawn):
    progress = tmp_path / "progress.txt"
    progress.write_text("♛......\n" + ".......\n" * 6)
    plain = hint_cli(BOARD_353, "--state", str(progress), "--color", "never")[1]
    status, out, _ = hint_cli(BOARD_353, "--state", str(progress), *drawn)
    assert status == 0
    if "--color" in drawn:
        assert "\x1b[" in out
    pasted = tmp_path / "pasted.txt"
    pasted.write_text(out)
    board = Board.parse((ARCHIVE / "353.txt").read_text())
    assert read_state(board, out) == read_state(board, plain)
    status, again, err = hint_cli(BOARD_353, "--state", str(pasted), "--color", "never")
    assert status == 0, err
    assert again == hint_cli(BOARD_353, "--state", "-", "--color", "never", state=plain)[1]


def test_a_pasted_hint_with_a_bad_mark_gets_the_marks_error_not_prose(tmp_path):
    out = hint_cli(BOARD_353, "--state", "-", "--letters", state="♛......\n" + ".......\n" * 6)[1]
    lines = out.split("\n")
    row = next(i for i, line in enumerate(lines) if line.startswith("3  "))
    column = lines[row].index(".")
    lines[row] = lines[row][:column] + "?" + lines[row][column + 1 :]
    pasted = tmp_path / "pasted.txt"
    pasted.write_text("\n".join(lines))
    status, _, err = hint_cli(BOARD_353, "--state", str(pasted))
    assert status == 2
    assert err == (
        f"queens: error: {pasted}: line {row + 1}, column {column + 1}: '?' is not a state "
        "mark (♛ or Q queen, ⨯ or x dead, . live)\n"
    )
    # Prose with no picture of the board in it is still called prose.
    notes = tmp_path / "notes.txt"
    notes.write_text("These are my notes on the board, not its marks.\n")
    assert "this looks like prose" in hint_cli(BOARD_353, "--state", str(notes))[2]


def test_a_wrong_state_leaves_the_progress_file_and_says_so(tmp_path):
    progress = tmp_path / "progress.txt"
    wrong = ".♛.....\n" + ".......\n" * 6  # the solution's queen of row 1 is on r1c1
    progress.write_text(wrong)
    status, out, err = hint_cli(BOARD_353, "--state", str(progress), "--in-place")
    assert status == 1 and "Queens not in the solution: r1c2." in out
    assert err == (
        "queens: no hint: the state is wrong: it disagrees with the board's only solution; "
        f"{progress} is left as it was\n"
    )
    assert progress.read_text() == wrong
    elsewhere = tmp_path / "next.txt"
    status, _, err = hint_cli(BOARD_353, "--state", str(progress), "--write", str(elsewhere))
    assert status == 1 and err.endswith(f"; nothing written to {elsewhere}\n")
    assert not elsewhere.exists()


def test_hint_from_the_empty_board_is_the_solves_first_step(archive, registry):
    solver = Solver(registry.rules)
    for key in ("1", "353", "616"):
        board = archive[key]
        hint = find_hint(board, State.initial(board), registry.rules)
        assert hint.step == solver.solve(board).steps[0], key


def test_hints_along_every_solve_are_sound(archive, solutions, registry):
    """From states part-way through each solve (every 7th board, 4 points), the hint's
    step keeps the state consistent with the solution."""
    solver = Solver(registry.rules)
    checked = 0
    for key in list(archive)[::7]:
        board, solution = archive[key], solutions[key]
        steps = solver.solve(board).steps
        for k in sorted({0, len(steps) // 3, 2 * len(steps) // 3, len(steps) - 1}):
            state = replay(board, steps[:k])
            hint = find_hint(board, state, registry.rules)
            assert hint.status == HINT, (key, k)
            assert hint.step.placed & ~solution == 0
            assert hint.step.killed & solution == 0
            after = state.copy()
            apply_step(board, after, hint.step)
            assert after == hint.after
            checked += 1
    assert checked > 300


def test_a_wrong_state_names_the_offending_cells(board353, registry):
    state = read_state(
        board353,
        """\
        .......
        .Q.....
        .......
        .......
        ....x..
        .......
        .......
    """.replace("        ", ""),
    )
    check = check_state(board353, state)
    assert check.wrong and check.solutions == 1
    assert check.bad_queens == 1 << board353.cell(1, 1)
    assert check.bad_dead == 1 << board353.cell(4, 4)
    hint = find_hint(board353, state, registry.rules)
    assert hint.status == WRONG and hint.step is None
    assert hint_text(hint) == (
        "The state is wrong: it disagrees with the board's only solution.\n"
        "Queens not in the solution: r2c2.\n"
        "Crossed out, but the solution has its queen there: r5c5."
    )


def test_right_marks_that_the_rules_cannot_prove_yet_are_not_wrong(board353, solutions):
    # Crossing out a cell the rules would only reach much later is still right.
    state = State.initial(board353)
    state.live &= ~(1 << board353.cell(6, 0))  # r7c1 is not the solution's queen
    assert not check_state(board353, state).wrong


def test_several_solutions_wrong_means_no_solution_agrees():
    board = Board.parse(ROWS_5)
    right = read_state(board, "Q....\n.....\n.....\n.....\n.....\n")
    assert not check_state(board, right).wrong
    # Queens on r1c1 and r2c2 touch: a conflict; only the one the nearest solution lacks
    # is named wrong (r1c1 is in some solution, so one of the two is).
    attacking = read_state(board, "Q....\n.Q...\n.....\n.....\n.....\n")
    check = check_state(board, attacking)
    both = cells_marked(
        board,
        """
        Q....
        .Q...
        .....
        .....
        .....
    """,
    )
    assert check.wrong and check.conflicts == ((0, 6),)
    assert check.bad_queens.bit_count() == 1 and check.bad_queens & both
    # Every cell of row 1 crossed out but r1c1, and r1c1 crossed out too: no solution.
    crossed = read_state(board, "xxxxx\n.....\n.....\n.....\n.....\n")
    check = check_state(board, crossed)
    assert check.wrong and check.solutions > 1 and check.bad_dead.bit_count() == 1


def test_a_wrong_state_of_a_board_with_several_solutions_on_the_command_line(tmp_path):
    state = tmp_path / "crossed.txt"
    state.write_text("xxxxx\n.....\n.....\n.....\n.....\n")
    status, out, err = hint_cli("-", "--state", str(state), state=ROWS_5)
    assert status == 1
    assert out.splitlines() == [
        "The state is wrong: no solution of the board agrees with it.",
        "The cells named disagree with the nearest of its 14 solutions.",
        "Crossed out, but that solution has its queen there: r1c1.",
    ]
    assert err == "queens: no hint: the state is wrong: no solution of the board agrees with it\n"


def test_a_board_without_solution(registry):
    board = Board.parse("AAAA\nABCA\nAAAA\nDDDD\n")
    hint = find_hint(board, State.initial(board), registry.rules)
    assert hint.status == NO_SOLUTION
    assert "no solution" in hint_text(hint)


def test_stuck_and_solved(registry):
    board = Board.parse(ROWS_5)
    assert find_hint(board, State.initial(board), registry.rules).status == STUCK
    solved = read_state(board, "Q....\n..Q..\n....Q\n.Q...\n...Q.\n")
    assert find_hint(board, solved, registry.rules).status == SOLVED


def test_cli_exit_statuses_and_messages(tmp_path):
    state = tmp_path / "state.txt"
    state.write_text(STALLED_353)
    status, out, err = hint_cli(BOARD_353, "--state", str(state))
    assert status == 0 and "r2c3 dead" in out and not err
    status, out, err = hint_cli(BOARD_353, "--state", "-", state="Q......\n" + "." * 7 * 6)
    assert status == 2 and err == (
        "queens: error: <stdin>: line 2: the state has 2 rows, the board has 7\n"
    )
    wrong = ".......\n.Q.....\n" + ".......\n" * 5
    status, out, err = hint_cli(BOARD_353, "--state", "-", state=wrong)
    assert status == 1 and "Queens not in the solution: r2c2." in out
    assert (
        err == "queens: no hint: the state is wrong: it disagrees with the board's only solution\n"
    )
    status, out, err = hint_cli("-", state=ROWS_5)
    assert status == 1 and out.startswith("The rules find nothing more from here")
    # On standard error, the same words as a clause, like every other status line.
    assert err.startswith("queens: no hint: the rules find nothing more from here (")
    assert err.endswith(" cells undecided)\n")
    status, _, err = hint_cli("-", "--state", "-", state=ROWS_5)
    assert status == 2 and "both" in err
    status, _, err = hint_cli(BOARD_353, "--state", str(tmp_path / "missing.txt"))
    assert status == 2 and "cannot read state" in err


def test_hint_json_round_trips(board353, tmp_path):
    state = tmp_path / "state.txt"
    state.write_text(STALLED_353)
    status, out, _ = hint_cli(BOARD_353, "--state", str(state), "--format", "json")
    assert status == 0
    doc = json.loads(out)
    assert doc["schema"] == HINT_SCHEMA and doc["status"] == "hint"
    assert list(doc) == [
        "schema",
        "source",
        "state_source",
        "board",
        "status",
        "message",
        "state",
        "step",
        "after",
        "crossed",
        "wrong",
        "focus",
    ]
    # The trial's sentence names the row it would empty: the nudge looks there.
    assert doc["focus"]["name"] in doc["step"]["why"]
    assert doc["focus"]["kind"] in ("row", "column", "region")
    assert Board.from_rows(doc["board"]["rows"]) == board353
    before = state_from_json(board353, doc["state"])
    assert before == read_state(board353, STALLED_353)
    (step,) = steps_from_json(board353, [doc["step"]])
    apply_step(board353, before, step)
    assert before == state_from_json(board353, doc["after"])
    assert doc["step"]["killed"] == [[1, 2]] and doc["wrong"] is None

    wrong = ".......\n.Q.....\n" + ".......\n" * 5
    status, out, _ = hint_cli(BOARD_353, "--state", "-", "--format", "json", state=wrong)
    doc = json.loads(out)
    assert status == 1 and doc["status"] == "wrong" and doc["step"] is None
    assert doc["wrong"] == {"queens": [[1, 1]], "dead": [], "conflicts": [], "solutions": 1}


@pytest.mark.parametrize("command", ["hint", "render"])
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b".......\n..\xff....\n", "line 2, column 3: byte 0xff is not valid UTF-8"),
        (b"." * 70_000, "input is larger than 65536 bytes"),
    ],
)
def test_an_unreadable_state_file_is_one_line_like_a_board(command, content, message, tmp_path):
    """A state file is read like a board file: the same size bound, the same naming of
    the first bad byte."""
    state = tmp_path / "state.txt"
    state.write_bytes(content)
    run = CliRunner().invoke(main, [command, BOARD_353, "--state", str(state)])
    assert run.exit_code == 2
    assert run.stderr == f"queens: error: {state}: {message}" + (
        "; the largest board is 32×32\n" if "larger" in message else "\n"
    )


# -- wrong states: a solution's queen is never called wrong (issue 11) ------------------

ISSUE_BOARD = "CCBBB\nAABBB\nAABDD\nADDDD\nAADEE\n"


def test_conflicting_queens_are_a_conflict_and_only_the_wrong_one_is_wrong(registry):
    board = Board.parse(ISSUE_BOARD)
    # The solution is r1c2 r2c4 r3c1 r4c3 r5c5; r5c4 is the only queen not in it.
    state = read_state(board, ".Q...\n...Q.\nQ....\n..Q..\n...Q.\n")
    hint = find_hint(board, state, registry.rules)
    assert hint.status == WRONG
    assert hint_text(hint) == (
        "The state is wrong: it disagrees with the board's only solution.\n"
        "Queens that attack each other: r2c4 and r5c4 share column 4; r4c3 and r5c4 touch.\n"
        "Queens not in the solution: r5c4."
    )


def test_hint_json_lists_conflicts_apart_from_wrong_queens(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text(ISSUE_BOARD)
    state = ".Q...\n...Q.\nQ....\n..Q..\n...Q.\n"
    status, out, _ = hint_cli(str(board), "--state", "-", "--format", "json", state=state)
    wrong = json.loads(out)["wrong"]
    assert status == 1 and wrong["queens"] == [[4, 3]]
    assert wrong["conflicts"] == [[[1, 3], [4, 3]], [[3, 2], [4, 3]]]


def test_a_dead_mark_on_a_solution_queen_is_a_wrong_mark_not_a_wrong_queen(registry):
    board = Board.parse(ISSUE_BOARD)
    state = read_state(board, "x....\n.....\n.....\n.....\n....x\n")  # r5c5 is a queen
    check = check_state(board, state)
    assert check.wrong and check.bad_queens == 0 and check.conflicts == ()
    assert check.bad_dead == 1 << board.cell(4, 4)
    assert hint_text(find_hint(board, state, registry.rules)).endswith(
        "Crossed out, but the solution has its queen there: r5c5."
    )


def test_a_board_without_solution_names_conflicts_but_no_wrong_queen(registry):
    board = Board.parse("AAAA\nABCA\nAAAA\nDDDD\n")
    state = read_state(board, "Q...\n.Q..\n....\n....\n")
    check = check_state(board, state)
    assert check.solutions == 0 and check.bad_queens == 0 and check.conflicts == ((0, 5),)


def test_attacking_queens_are_a_wrong_state_exit_1_as_the_help_says(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text(ISSUE_BOARD)
    state = "Q....\nQ....\n.....\n.....\n.....\n"  # two queens in column 1
    status, out, _ = hint_cli(str(board), "--state", "-", state=state)
    assert status == 1 and "Queens that attack each other: r1c1 and r2c1" in out
    help_text = CliRunner().invoke(main, ["hint", "--help"]).output
    assert "queens that attack each other included" in " ".join(help_text.split())


# -- the nudge: where a hint first tells the player to look -------------------------------


def names_place(board: Board, focus, why: str) -> bool:
    """Whether the sentence ``why`` names the place ``focus`` (in the words of Queens'
    sentences, "region P (purple)", or of Star Battle's, "region 'P'")."""
    import re

    def line(kind: str, index: int) -> bool:
        return re.search(rf"\b{kind} {index + 1}(?!\d)", why, re.IGNORECASE) is not None

    def region(k: int) -> bool:
        letter = board.letters[k]
        return focus.name.lower() in why.lower() or f"{letter!r}" in why

    if focus.kind in ("row", "column"):
        return line(focus.kind, focus.index)
    if focus.kind == "region":
        return region(focus.index)
    if focus.kind == "regions":
        return focus.name.lower() in why.lower() or all(
            f"{board.letters[k]!r}" in why for k in focus.index
        )
    if focus.kind in ("rows", "columns"):
        return focus.name.lower() in why.lower()
    return all(cell_label(board, c) in why for c in focus.index)


@pytest.mark.slow
def test_the_first_hint_of_every_archive_board_looks_where_its_sentence_reasons(registry):
    """The nudge names the unit whose live cells force the step, which its sentence names:
    on board 353 that is column 1 (its live cells all lie in P), not the purple region
    where the cells die."""
    rules = registry.rules
    for path in sorted(ARCHIVE.glob("*.txt")):
        board = Board.parse(path.read_text())
        found = find_hint(board, State.initial(board), rules)
        assert found.status == HINT and found.focus and found.explanation, path
        assert found.focus.named_by_rule, (path, found.step)
        assert names_place(board, found.focus, found.explanation.why), (
            path.name,
            found.focus.name,
            found.explanation.why,
        )
        if path.name == "353.txt":
            assert (found.focus.kind, found.focus.index, found.focus.name) == (
                "column",
                0,
                "column 1",
            )
            assert found.focus.cells == board.col_masks[0]


def _every_step_focus(board: Board, rules) -> list[tuple[str, str, str]]:
    """(rule, place, sentence) of every step of the board's solve whose sentence does not
    name the place its rule's focus gives."""
    from queens_core.tools.explain import explain_steps, focus_of

    result = Solver(rules).for_stars(board.stars).solve(board, State.initial(board))
    by_counter = {r.counter: r for r in rules}
    explanations = explain_steps(board, result.steps, rules)
    before = State.initial(board)
    missed = []
    for step, explanation in zip(result.steps, explanations, strict=True):
        focus = focus_of(board, step, before, by_counter[step.counter])
        if not focus.named_by_rule or not names_place(board, focus, explanation.why):
            missed.append((step.counter, focus.name, explanation.why))
        apply_step(board, before, step)
    return missed


def test_every_step_of_archive_solves_looks_where_its_sentence_reasons(registry):
    for path in sorted(ARCHIVE.glob("*.txt"))[::6]:
        board = Board.parse(path.read_text())
        assert _every_step_focus(board, registry.rules) == [], path.name


@pytest.mark.slow
def test_every_star_battle_step_looks_where_its_sentence_reasons(registry):
    from queens_core.plugins.readers import read_source

    for path in sorted((ARCHIVE.parent / "starbattle").glob("1[01]x*.txt")):
        reading = read_source(str(path))
        assert reading.stars is not None and reading.stars >= 2
        board = reading.board.with_stars(reading.stars)
        assert _every_step_focus(board, registry.rules) == [], path.name


STAR_BOARDS = sorted((ARCHIVE.parent / "starbattle").glob("*.txt"))[::7]


@pytest.mark.parametrize("path", STAR_BOARDS, ids=lambda p: p.stem)
def test_a_star_battle_hint_is_the_easiest_step_now_and_agrees_with_the_solution(path):
    """Without a whole solve from the position (seconds on a big board), the hint is
    still the easiest step there is, and the stars' solution agrees with it."""
    from queens_core.api import Application
    from queens_core.referee.exact import find_solutions
    from queens_core.tools.steps import steps_now

    app = Application()
    board = app.read(str(path)).board
    rules = app.registry.rules
    (solution,) = find_solutions(board, 2)
    state = State.initial(board)
    for _ in range(3):  # the empty board, then the position two hints later
        hint = find_hint(board, state, rules)
        assert hint.status == HINT and hint.step is not None and hint.after is not None
        assert hint.step == steps_now(board, state, Solver(rules), easiest_only=True)[0].step
        assert not hint.step.killed & solution and not hint.step.placed & ~solution
        state = hint.after


def test_a_star_battle_hint_that_would_be_unsound_is_refused_naming_the_rule():
    from queens_core.api import Application
    from queens_core.referee.blame import UnsoundRule
    from queens_core.testing import make_rule, unsound_kill

    path = sorted((ARCHIVE.parent / "starbattle").glob("*.txt"))[0]
    board = Application().read(str(path)).board
    assert board.stars > 1
    liar = make_rule("liar", unsound_kill, weight=0, min_stars=1, max_stars=None)
    with pytest.raises(UnsoundRule, match=r"rule .liar.*made an unsound deduction"):
        find_hint(board, State.initial(board), [liar])


@pytest.mark.parametrize("drawn", [[], ["--letters"]])
def test_the_key_names_the_x_only_when_the_step_kills_a_cell(tmp_path, drawn):
    """The last queen of board 1, its cell the only one open: the step places it and
    kills nothing, so its picture has no x and its key does not promise one."""
    queens = {(0, 3), (1, 5), (2, 1), (3, 7), (4, 0), (5, 2), (6, 6)}
    rows = ["".join("♛" if (r, c) in queens else "⨯" for c in range(8)) for r in range(8)]
    rows[7] = "⨯⨯⨯⨯.⨯⨯⨯"
    progress = tmp_path / "progress.txt"
    progress.write_text("\n".join(rows) + "\n")
    status, out, _ = hint_cli(str(ARCHIVE / "1.txt"), "--state", str(progress), *drawn)
    assert status == 0 and "queen on r8c5" in out.split("Next step: ")[1].splitlines()[0]
    after = out.split("After it (")[1]
    assert not after.startswith("x:") and "x" not in after.split("\n", 1)[1]
    status, out, _ = hint_cli(BOARD_353, "--state", "-", *drawn, state=STALLED_353)
    assert status == 0 and out.split("After it (")[1].startswith("x: the cells it kills; ")


def test_touching_stars_of_one_region_attack_by_touching_not_by_sharing_the_region():
    """Two stars in a region is what a 2★ board asks for: the conflict of two touching
    stars of one region is that they touch (it said "share region A", no fault at all)."""
    from queens_core.tools.hint import conflict_reason, conflicts_of

    rows = ["AABBBCCCDD"] * 2 + ["EEFFFGGGHH"] * 4 + ["IIIIIJJJJJ"] * 4
    board = Board.parse("\n".join(rows)).with_stars(2)
    state = read_state(board, "\n".join(["Q.........", ".Q........"] + ["." * 10] * 8))
    assert conflicts_of(board, state.queens) == ((0, 11),)
    assert conflict_reason(board, 0, 11) == "touch"
    # On a Queens board the shared unit is the reason, touching the last.
    queens = Board.parse(ROWS_5)
    assert conflict_reason(queens, 0, 1) == "share row 1"
    assert conflict_reason(queens, 0, 6) == "touch"

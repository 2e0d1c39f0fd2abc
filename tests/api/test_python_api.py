"""The application API (``queens_core.api``): its page runs as written, and each verb
gives what the command gives, every answer held against the exact solver."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hostile import HIDDEN_KILL, apply_of
from support import ARCHIVE, ROOT, quick_rule

from queens_core import Board, hookimpl, load_registry, make_plugin_manager
from queens_core.api import (
    Application,
    BoardInputError,
    GenerateError,
    GiveUp,
    RuleFailure,
    SelectionError,
)
from queens_core.exact import count_solutions, find_solutions

PAGE = ROOT / "docs" / "python-api.md"
BLOCK = re.compile(r"^```pycon\n(.*?)^```$", re.MULTILINE | re.DOTALL)
STAR_BOARD = ROOT / "archive" / "starbattle" / "10x10-2stars-01.txt"


@pytest.fixture(scope="module")
def app() -> Application:
    return Application()


def queens_command(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(Path(sys.executable).with_name("queens")), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


# The page itself, docs/python-api.md, is run by tests/docs/test_doc_commands.py.


# -- the verbs ------------------------------------------------------------------------------


@pytest.mark.parametrize("number", ["1", "2", "3", "100", "353"])
def test_solve_places_the_one_solution_and_prints_what_the_command_prints(app, number):
    path = f"archive/boards/{number}.txt"
    read = app.read(str(ROOT / path))
    solution = app.solve(read.board, name=path)
    (exact,) = find_solutions(read.board, 2)
    assert solution.solved and solution.unsound is None
    assert solution.result.state.queens == exact
    done = queens_command("solve", "--format", "json", path)
    assert json.loads(done.stdout) == json.loads(json.dumps(solution.to_json()))
    assert queens_command("solve", path).stdout == solution.text() + "\n"


def test_a_choice_of_rules_stalls_where_the_command_stalls(app):
    board = app.read(str(ARCHIVE / "353.txt")).board
    stalled = app.solve(board, tier="cheap")
    assert not stalled.solved and stalled.status == "stalled"
    (exact,) = find_solutions(board, 2)
    # Sound as far as it goes: every queen placed is the solution's, no solution cell dead.
    assert stalled.result.state.queens & ~exact == 0
    assert stalled.result.state.live & exact == exact & ~stalled.result.state.queens
    with pytest.raises(SelectionError):
        app.solve(board, only=("no-such-rule",))


def test_one_string_where_names_go_is_one_name_not_its_letters(app):
    board = app.read(str(ARCHIVE / "353.txt")).board
    alone = app.solve(board, only="baseline")
    assert alone.to_json() == app.solve(board, only=["baseline"]).to_json()
    assert app.solve(board, exclude="pfc").to_json() == app.solve(board, exclude=["pfc"]).to_json()
    with pytest.raises(SelectionError, match="'no-such-rule'"):
        app.solve(board, only="no-such-rule")
    batch = app.generate(7, needs="polyomino_domino", seed=1)
    assert batch.needs is not None
    assert [rule.counter for rule in batch.needs.needed] == ["polyomino_domino"]


def test_explain_gives_every_step_in_words(app):
    board = app.read(str(ARCHIVE / "1.txt")).board
    words = app.explain(board).text(explain=True)
    # A board given as rows has no name: the first line gives its size alone.
    assert words.startswith("An 8×8 board. Cells are named") and "Solved in 14 steps" in words
    named = app.explain(board, name="Monday's board").text(explain=True)
    assert named.startswith("Monday's board, an 8×8 board. Cells are named")
    from_file = app.explain(str(ARCHIVE / "11.txt")).text(explain=True)
    assert from_file.startswith(f"{ARCHIVE / '11.txt'}, a 10×10 board.")


def test_a_hint_is_a_step_toward_the_solution(app):
    board = app.read(str(ARCHIVE / "353.txt")).board
    (exact,) = find_solutions(board, 2)
    state = None
    for _ in range(60):
        answer = app.hint(board, state)
        if answer.status == "solved":
            break
        assert answer.status == "hint"
        after = answer.after
        assert after is not None
        # No queen off the solution, no cell of it crossed out (a queen is not live).
        assert after.queens & ~exact == 0 and (after.live | after.queens) & exact == exact
        assert answer.to_json()["schema"] == "queens-hint/1"
        state = after
    else:
        pytest.fail("the hints did not lead to the solution")
    assert state is not None and state.queens == exact


def test_a_wrong_state_gets_no_hint(app):
    board = app.read(str(ARCHIVE / "1.txt")).board
    (exact,) = find_solutions(board, 2)
    wrong_cell = next(i for i in range(board.n * board.n) if not exact >> i & 1)
    rows = [["."] * board.n for _ in range(board.n)]
    rows[wrong_cell // board.n][wrong_cell % board.n] = "♛"
    answer = app.hint(board, app.state(board, ["".join(row) for row in rows]))
    assert answer.status == "wrong" and answer.after is None


def test_check_and_grade_agree_with_the_exact_count(app):
    board = app.read(str(ARCHIVE / "353.txt")).board
    assert count_solutions(board, cap=2) == 1
    checked = app.check(board, name="353")
    assert checked.verdict == "unique-solved" and checked.report.count == 1
    by_path = app.check(str(ARCHIVE / "353.txt"))
    assert by_path.to_json()["grade"] == checked.to_json()["grade"]
    grading = app.grade(board)
    assert grading.solved and grading.rung is not None
    assert grading.to_json()["grade"]["name"] == checked.to_json()["grade"]["name"]
    several = app.board(["AABB", "AABB", "CCDD", "CCDD"])
    assert count_solutions(several, cap=2) != 1
    assert app.check(several).verdict != "unique-solved"


def test_a_bad_board_is_one_line(app, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("AB\nA\n")
    with pytest.raises(BoardInputError) as raised:
        app.read(str(bad))
    assert "\n" not in str(raised.value)
    assert app.check(str(bad)).verdict == "bad-input"


def test_an_upload_gets_the_line_a_file_of_the_same_bytes_gets(app, tmp_path):
    for name, data in [
        ("prose.txt", b"This is some prose about a board.\nAnother line of it.\n"),
        ("short.txt", b"AB\nA\n"),
    ]:
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(BoardInputError) as from_file:
            app.read(str(path))
        with pytest.raises(BoardInputError) as from_upload:
            app.read_bytes(data)
        assert str(from_file.value) == f"{path}: {from_upload.value}", name


def test_star_battle_goes_through_the_same_verbs(app):
    read = app.read(str(STAR_BOARD))
    assert (read.board.stars, read.declared_stars) == (2, 2)
    solution = app.solve(read.board)
    (exact,) = find_solutions(read.board, 2)
    assert solution.solved and solution.result.state.queens == exact
    assert app.check(read.board).verdict == "unique-solved"


def test_stats_sum_up_what_the_command_sums_up(app):
    paths = [str(ARCHIVE / "1.txt"), str(ARCHIVE / "353.txt")]
    statistics = app.stats(paths)
    document = statistics.to_json()
    assert document["schema"] == "queens-stats/1" and document["boards"] == 2
    assert "<svg" in statistics.chart_svg()


@pytest.mark.parametrize("stars", [1, 2])
def test_both_makers_answer_one_interface_and_their_boards_are_unique(app, stars):
    size = 6 if stars == 1 else 8
    batch = app.generate(size, stars=stars, count=2, seed=4)
    made = list(batch.boards())
    assert [board.index for board in made] == [0, 1]
    for board in made:
        assert board.board.stars == stars
        assert find_solutions(board.board, 2) == [board.solution]
        assert app.solve(board.board).result.state.queens == board.solution
        record = board.to_json()
        assert record["schema"] == "queens-generate/4" and record["seed"] == 4
    # Board 1 of the batch is the same board when asked for alone, in either order of
    # arguments of old: make(seed, index).
    maker = app.generate(size, stars=stars, count=2, seed=4).maker
    assert maker.make(4, 1).board.rows == made[1].board.rows


def test_a_batch_that_cannot_be_made_is_refused_before_any_work(app):
    with pytest.raises(GenerateError, match=r"^max_tries is for Queens boards, not with stars=2"):
        app.generate(8, stars=2, max_tries=5)
    with pytest.raises(GenerateError, match=r"^jobs: 0 is not a positive number"):
        app.generate(8, stars=2, jobs=0)
    with pytest.raises(GenerateError, match=r"^size: 3"):
        app.generate(3)
    with pytest.raises(GenerateError, match=r"^force needs out_dir"):
        app.generate(6, force=True)


def test_a_batch_writes_its_files_and_keeps_them_on_a_rerun(app, tmp_path):
    first = list(app.generate(6, count=2, seed=9, out_dir=str(tmp_path)).boards())
    assert [board.kept for board in first] == [False, False]
    again = app.generate(6, count=2, seed=9, out_dir=str(tmp_path))
    assert again.kept == 2
    kept = list(again.boards())
    assert [board.kept for board in kept] == [True, True]
    assert [board.board.rows for board in kept] == [board.board.rows for board in first]


def test_a_new_board_is_board_0_of_its_seed_for_queens_and_star_battle(app, monkeypatch):
    queens = app.new_board(6, seed=3)
    assert queens.board.rows == next(app.generate(6, seed=3, max_tries=20).boards()).board.rows
    stars = app.new_board(8, stars=2, seed=1)
    assert stars.board.rows == next(app.generate(8, stars=2, seed=1).boards()).board.rows
    assert stars.rung.grade and find_solutions(stars.board, 2) == [stars.solution]
    from queens_core.generator import stars_maker

    def no_map(self, seed, index):
        raise ValueError("no map")

    monkeypatch.setattr(stars_maker.StarMaker, "make", no_map)
    with pytest.raises(GiveUp, match="no 8×8 2★ board the rules solve was found within 0 s"):
        app.new_board(8, stars=2, seed=1, seconds=0)


def test_the_installation_is_listed_as_the_command_lists_it(app):
    installed = app.installed()
    assert [rule.counter for rule in installed.rules] == list(app.rule_names())
    rules = queens_command("rules", "list", "--format", "json").stdout
    assert json.loads(rules) == installed.rules_json()
    readers = queens_command("readers", "list", "--format", "json").stdout
    assert json.loads(readers) == installed.readers_json()


def test_render_draws_the_board_three_ways(app):
    board = app.read(str(ARCHIVE / "1.txt")).board
    state = app.solve(board).result.state
    assert str(app.render(board, state)).startswith("<?xml")
    assert app.render(board, state, picture="text") == state.picture(board, show_dead=False)
    pytest.importorskip("PIL")
    assert bytes(app.render(board, state, picture="png")).startswith(b"\x89PNG")


def one_rule_app(rule, package: str) -> Application:
    class Package:
        @hookimpl
        def queens_register_rules(self):
            return [rule]

    pm = make_plugin_manager()
    pm.register(Package(), name=package)
    return Application(load_registry(pm, use_entry_points=False))


def test_an_unsound_rule_is_named_not_trusted():
    liar = dataclasses.replace(quick_rule("liar", apply_of(HIDDEN_KILL)), display_name="Liar")
    app = one_rule_app(liar, "queens-rules-liar")
    board = Board.parse((ARCHIVE / "353.txt").read_text())
    solution = app.solve(board)
    assert solution.unsound is not None and "'liar'" in solution.unsound


def test_a_rule_that_raises_is_a_rule_failure():
    def boom(_ctx):
        raise ZeroDivisionError("boom")

    app = one_rule_app(quick_rule("boom", boom), "queens-rules-boom")
    with pytest.raises(RuleFailure, match="boom"):
        app.solve(Board.parse((ARCHIVE / "1.txt").read_text()))


# -- what a notebook user types first -------------------------------------------------------


def test_a_path_stands_for_its_board_in_every_verb_that_takes_one(app):
    path = "archive/boards/1.txt"
    board = app.read(str(ROOT / path)).board
    by_path = app.solve(ROOT / path)
    assert by_path.to_json()["state"] == app.solve(board).to_json()["state"]
    assert by_path.name == str(ROOT / path)
    assert app.grade(str(ROOT / path)).to_json() == app.grade(board).to_json()
    assert app.render(ROOT / path, picture="text") == app.render(board, picture="text")
    hinted = app.hint(ROOT / path).to_json()
    assert hinted["source"] == str(ROOT / path)
    assert hinted | {"source": "<board>"} == app.hint(board).to_json()


def test_stats_of_one_path_is_of_that_path_not_of_its_letters(app):
    one = app.stats(str(ROOT / "archive" / "boards" / "1.txt"), uniqueness=False)
    listed = app.stats([str(ROOT / "archive" / "boards" / "1.txt")], uniqueness=False)
    assert one.to_json()["boards"] == listed.to_json()["boards"] == 1


def test_check_paths_of_one_path_is_of_that_path_not_of_its_letters(app):
    """Given one path, check_paths took each of its letters for a path: "/" walked the
    whole file system for boards, and every other letter was a board it could not read."""
    board = ROOT / "archive" / "boards" / "1.txt"
    for given in (str(board), board):
        checks = app.check_paths(given)
        assert [path for path, _check in checks] == [str(board)]
        assert [check().verdict for _path, check in checks] == ["unique-solved"]


@pytest.mark.parametrize(
    ("ask", "message"),
    [
        (lambda app: app.generate("8"), "size: '8' is not a whole number"),
        (lambda app: app.generate(6.0), "size: 6.0 is not a whole number"),
        (lambda app: app.generate(6, count="2"), "count: '2' is not a whole number"),
        (lambda app: app.generate(8, stars=2, min_region=2.5), "min_region: 2.5 is not a whole"),
        (lambda app: app.new_board("8"), "size: '8' is not a whole number"),
        (lambda app: app.practise("polyomino_domino", size="8"), "size: '8' is not a whole"),
    ],
)
def test_a_size_that_is_not_a_whole_number_is_refused_by_name(app, ask, message):
    """A size of "8" (read from a form or from sys.argv) failed inside the maker with
    "'<=' not supported between instances of 'int' and 'str'", and 6.0 deep in the
    placement table with "'float' object cannot be interpreted as an integer"."""
    with pytest.raises(GenerateError) as caught:
        ask(app)
    assert str(caught.value).startswith(message)
    assert caught.value.parameter == message.partition(":")[0]


def test_read_and_convert_take_a_path_object_as_every_other_verb_does(app):
    """read(Path(...)) failed with "'PosixPath' object has no attribute 'isprintable'",
    while solve, check and the rest took the same path object."""
    path = ROOT / "archive" / "boards" / "1.txt"
    assert app.read(path).board == app.read(str(path)).board
    assert app.read(path).name == str(path)
    assert app.convert(path, "sbn").text == app.convert(str(path), "sbn").text


@pytest.mark.parametrize(
    ("ask", "message"),
    [
        (lambda app: app.read(5), "source must be a path (a string or a path object), '-' or "),
        (lambda app: app.solve(42), "board must be a Board or the path of a board file, not int"),
        (lambda app: app.check(3.5), "board must be a Board or the path of a board file, not "),
        (lambda app: app.hint(None), "board must be a Board or the path of a board file, not "),
        (lambda app: app.render([]), "board must be a Board or the path of a board file, not "),
    ],
)
def test_a_board_of_another_type_is_one_type_error_that_says_what_is_taken(app, ask, message):
    """They failed inside the verb: "'int' object has no attribute 'stars'"."""
    with pytest.raises(TypeError) as caught:
        ask(app)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("cap", [0, 1, -1, True])
def test_a_cap_that_cannot_tell_one_solution_from_two_is_refused(app, cap):
    board = app.read(str(ROOT / "archive" / "boards" / "353.txt")).board
    with pytest.raises(ValueError, match="at least 2"):
        app.check(board, cap=cap)


def test_an_unknown_picture_is_refused_not_drawn_as_svg(app):
    board = app.read(str(ROOT / "archive" / "boards" / "1.txt")).board
    with pytest.raises(ValueError, match="'gif' is not one of svg, png, text"):
        app.render(board, picture="gif")


def test_a_state_of_another_board_is_an_error_the_api_names(app):
    from queens_core.api import InvalidState

    board = app.read(str(ROOT / "archive" / "boards" / "1.txt")).board
    larger = Application.board([letter * 9 for letter in "ABCDEFGHI"])
    with pytest.raises(InvalidState, match="outside the 8×8 board"):
        app.hint(board, Application.state(larger, None))


def test_a_what_if_on_a_cell_that_is_not_open_says_which_cell_and_why(app):
    from queens_core.api import CellError
    from queens_core.engine.state import read_state

    board = app.read(str(ARCHIVE / "1.txt")).board
    picture = "Qx......\n" + "\n".join(["........"] * 7)
    state = read_state(board, picture)
    for cell, why in [
        ("r1c1", "r1c1 already holds a queen"),
        ("r1c2", "r1c2 is crossed out"),
        ("r2c2", "r2c2 is ruled out by the queens already placed"),
        (64, "cell 64 is off the 8×8 board (cells 0 to 63)"),
    ]:
        with pytest.raises(CellError, match=re.escape(why)):
            app.what_if(board, cell, state)
    assert app.what_if(board, "r3c3", state)  # an open cell is tried


@pytest.mark.parametrize("cell", [None, 3.0, True, ("r", 1)])
@pytest.mark.parametrize("verb", ["why", "what_if"])
def test_a_cell_that_is_neither_a_label_nor_an_index_is_a_cell_error(app, verb, cell):
    """why(board, None) failed inside with "'<=' not supported between instances of
    'int' and 'NoneType'"; an index off the board is named the same way by both verbs."""
    from queens_core.api import CellError

    board = app.read(str(ARCHIVE / "1.txt")).board
    with pytest.raises(CellError, match=r"is neither rRcC nor a cell's index \(an int\)$"):
        getattr(app, verb)(board, cell)
    with pytest.raises(CellError, match=r"^cell 64 is off the 8×8 board \(cells 0 to 63\)$"):
        getattr(app, verb)(board, 64)


def test_dir_of_the_api_lists_every_name_it_exports():
    """dir(queens_core.api), and so a shell's completion, listed Application and a few
    errors but not BoardInputError, CheckAnswer and the rest imported on first use (a
    fresh interpreter: this one's tests have imported many of them already)."""
    import subprocess
    import sys

    code = "import queens_core.api as a; print(sorted(set(a.__all__) - set(dir(a))))"
    missing = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert missing == "[]\n"


def test_every_name_of_the_api_and_every_method_of_its_results_has_a_docstring():
    """help() is where a programmer meets the API first: board_json, Grading.to_json,
    Statistics.text and the message() of WhyAnswer and WhatIf had nothing to say."""
    import inspect

    import queens_core.api as api

    silent = []
    for name in api.__all__:
        value = getattr(api, name)
        if not (value.__doc__ or "").strip():
            silent.append(name)
        if inspect.isclass(value):
            silent += [
                f"{name}.{member}"
                for member, function in vars(value).items()
                if not member.startswith("_")
                and inspect.isfunction(function)
                and not (function.__doc__ or "").strip()
            ]
    assert not silent, silent


def test_every_result_the_python_api_page_names_is_exported():
    """The page's table says generate returns a `Batch`, which a typed program could not
    import from queens_core.api to annotate with: each result type the table's returns
    column names is in the API."""
    import re

    import queens_core
    import queens_core.api as api

    text = (ROOT / "docs" / "python-api.md").read_text(encoding="utf-8")
    table = text.split("| verb | takes | returns |")[1].split("\n\n")[0]
    returned = {
        name
        for line in table.splitlines()[2:]
        for name in re.findall(r"`([A-Z]\w+)`", line.split("|")[3])
    }
    exported = set(api.__all__) | set(queens_core.__all__)  # Board, State, Rule: the core's
    assert returned and not returned - exported, sorted(returned - exported)


def test_practice_size_is_the_size_and_stars_practise_makes(app):
    """The page says on what boards a rule was searched for: practise's own default."""
    assert app.practice_size("polyomino_domino") == (8, 1)
    assert app.practice_size("trial_sweep") == (8, 2)
    made = app.practise("two_by_two_blocks", seed=2, strict=False)
    assert (made.board.n, made.board.stars) == app.practice_size("two_by_two_blocks")
    with pytest.raises(SelectionError):
        app.practice_size("bogus")

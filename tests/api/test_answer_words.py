"""The player's answers point to the asker's other verbs in the asker's words: a Python
caller reads `Application().hint(board, state)`, `read_state`, `every_step=True`; the
command line reads `queens hint --state FILE`, `--state`, `--every-step`. The same
texts, only the pointers named differently."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from queens_core.api import Application, deductions
from queens_core.cli.app import main
from queens_core.cli.exits import option_name
from queens_core.engine.state import read_state
from queens_core.exact import find_solutions

ROOT = Path(__file__).resolve().parents[2]
BOARD = ROOT / "archive" / "boards" / "353.txt"
#: A command-line option or command, as a Python caller never writes one.
COMMAND_WORDS = re.compile(r"(?<![\w-])--[a-z]|`queens ")


@pytest.fixture(scope="module")
def app():
    return Application()


@pytest.fixture
def few_shown(monkeypatch):
    """A chain longer than this is shown in part, with the note that points elsewhere."""
    monkeypatch.setattr(deductions, "SHOWN_STEPS", 2)


def with_a_queen(app):
    board = app.read(str(BOARD)).board
    (solution,) = find_solutions(board, 2)
    first = (solution & -solution).bit_length() - 1
    rows = ["." * board.n] * board.n
    row, column = divmod(first, board.n)
    rows[row] = "." * column + "Q" + "." * (board.n - column - 1)
    return read_state(board, "\n".join(rows))


def test_why_points_to_the_python_verbs_or_the_commands(app, few_shown):
    answer = app.why(str(BOARD), "r4c4")
    python, cli = answer.text(), answer.text(option_name)
    assert "`Application().hint(board, state)` gives the next step" in " ".join(python.split())
    assert "`Application().what_if(board, 'r4c4')` tries a queen there" in " ".join(python.split())
    assert "`to_json()` lists them all" in " ".join(python.split())
    assert not COMMAND_WORDS.search(python)
    assert "`queens hint --state FILE` gives the next step" in " ".join(cli.split())
    assert "`queens what-if r4c4` tries a queen there" in " ".join(cli.split())
    # Only the pointers differ.
    assert python.split("Shown")[0] == cli.split("Shown")[0]


def test_what_if_hint_and_every_step_now_name_python_words(app):
    what_if = app.what_if(str(BOARD), "r2c3")
    assert "Where it leads (the picture `read_state` reads):" in what_if.text()
    assert "Where it leads (the picture --state reads):" in what_if.text(option_name)
    state = with_a_queen(app)
    hint = app.hint(str(BOARD), state)
    assert hint.hint.crossed, "the queen's crosses are taken as made"
    for text in (hint.text(), app.steps(str(BOARD), state).text()):
        assert "`every_step=True` makes each cross a hint of its own." in " ".join(text.split())
        assert not COMMAND_WORDS.search(text)
    assert "--every-step makes each cross" in " ".join(hint.text(naming=option_name).split())


def test_the_commands_print_their_own_words(app, tmp_path):
    board = app.read(str(BOARD)).board
    state = tmp_path / "state.txt"
    state.write_text(with_a_queen(app).picture(board) + "\n")
    runner = CliRunner()
    hint = runner.invoke(main, ["hint", str(BOARD), "--state", str(state)])
    assert hint.exit_code == 0, hint.output
    assert "--every-step makes each cross" in " ".join(hint.output.split())
    assert "every_step" not in hint.output
    what_if = runner.invoke(main, ["what-if", "r2c3", str(BOARD)])
    assert "Where it leads (the picture --state reads):" in what_if.output
    assert "read_state" not in what_if.output


STAR_2 = ROOT / "archive" / "starbattle" / "10x10-2stars-01.txt"


def test_input_errors_name_no_command_line_words(app, tmp_path):
    """What the Python API says about bad input, from reading to summing up, is true for
    a caller who never saw the command line: no option and no command in it."""
    from queens_core.api import BoardInputError

    texts = []
    for source, stars in ((str(STAR_2), 1), ("https://example.org/board", None)):
        with pytest.raises(BoardInputError) as caught:
            app.read(source, stars)
        texts += [str(caught.value), caught.value.detail]
    assert "the K asked for is 1" in texts[0] and "no installed reader" in texts[2]
    # A summary of one K asked for refuses a board that declares another, alone.
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    (mixed / "a.txt").write_text(BOARD.read_text())
    (mixed / "b.txt").write_text(STAR_2.read_text())
    summary = app.stats(str(mixed), stars=1).summary
    refused = [board.error for board in summary.boards if board.error]
    texts += refused
    assert len(refused) == 1 and "the K asked for is 1" in refused[0]
    for text in texts:
        assert not COMMAND_WORDS.search(text), text

"""The text renderer loads the hint module only to print a hint: ``queens stats`` and
``queens check`` import the renderer, and the hint and explanation modules cost their
start-up some 17 million instructions."""

from __future__ import annotations

from pathlib import Path

from queens_core.api import Application
from queens_core.render.text import hint_text, message_lines
from queens_core.testing import modules_loaded_by

ROOT = Path(__file__).resolve().parents[2]


def modules_after(code: str) -> set[str]:
    """The ``queens_core`` modules a fresh interpreter holds after running ``code``."""
    return modules_loaded_by(code, "queens_core", ROOT)


def test_printing_a_summary_loads_no_hint_module():
    loaded = modules_after(
        "from queens_core.api import Application\n"
        "from queens_core.render.text import format_summary\n"
        "app = Application()\n"
        "print(format_summary(app.stats(['archive/boards/1.txt']).summary))"
    )
    assert "queens_core.render.text" in loaded
    assert "queens_core.tools.hint" not in loaded
    assert "queens_core.tools.explain" not in loaded


def test_a_hint_is_still_printed_with_its_words():
    # The names the functions import when called: a hint on the empty board, and the
    # words of a solved board.
    app = Application()
    board = ROOT / "archive" / "boards" / "1.txt"
    first = app.hint(str(board)).hint
    assert first.status == "hint"
    assert "\nNext step: Single-cell region" in hint_text(first)
    solved = app.state(first.board, app.solve(str(board)).result.state.picture(first.board))
    done = app.hint(first.board, solved).hint
    assert done.status == "solved"
    assert message_lines(done) == [message_lines(done)[0]] and "solved" in message_lines(done)[0]

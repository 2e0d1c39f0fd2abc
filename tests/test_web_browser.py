"""The page of `queens serve` in a real headless browser: Debian's chromium, driven by
Playwright. Skipped when no chromium is installed (scripts/browser-tests installs it and
runs these). With QUEENS_SERVE_SCREENSHOT=FILE.png the screenshot is kept there (the
README's docs/serve.png is made so)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import ARCHIVE

from queens_core import Board, load_registry
from queens_core.engine.state import State, cell_label, read_state
from queens_core.tools.hint import find_hint

CHROMIUM = os.environ.get("QUEENS_CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

if not os.path.exists(CHROMIUM):
    pytest.skip(
        f"no chromium at {CHROMIUM}: browser tests skipped (scripts/browser-tests runs them)",
        allow_module_level=True,
    )

sync_api = pytest.importorskip("playwright.sync_api")

BOARD_353 = (ARCHIVE / "353.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def server():
    """`queens serve` on a free port, as a user starts it; its URL."""
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "queens"), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline() if process.stdout else ""
        assert line.startswith("queens: serving http://127.0.0.1:"), line + (
            process.stderr.read() if process.stderr else ""
        )
        yield line.split()[2]
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def page(server):
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        context = browser.new_context(viewport={"width": 1040, "height": 600})
        tab = context.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda err: errors.append(str(err)))
        tab.goto(server)
        tab.wait_for_selector("#board rect.cell")
        yield tab
        assert not errors, errors
        browser.close()


def marks(page) -> dict[str, str]:
    return page.eval_on_selector_all(
        "#board rect.cell",
        "cells => Object.fromEntries(cells.map(c => [c.dataset.cell, c.dataset.mark]))",
    )


def highlighted(page, kind: str) -> set[str]:
    return set(
        page.eval_on_selector_all(
            f"#board rect.hl-{kind}", "cells => cells.map(c => c.dataset.cell)"
        )
    )


def paste_board(page, text: str) -> None:
    page.fill("#board-text", text)
    page.click("#load-button")
    page.wait_for_function(
        "rows => document.querySelectorAll('#board rect.cell').length === rows * rows",
        arg=len(text.split()),
    )


def test_a_pasted_board_is_drawn_in_its_regions_colours(page):
    paste_board(page, BOARD_353)
    board = Board.parse(BOARD_353)
    regions = page.eval_on_selector_all(
        "#board rect.cell",
        "cells => cells.map(c => [c.dataset.cell, c.dataset.region, c.getAttribute('fill')])",
    )
    assert len(regions) == 49
    by_cell = {cell: (letter, fill) for cell, letter, fill in regions}
    assert by_cell["r1c1"] == ("P", "#BBA3E2")  # purple, as on LinkedIn
    assert by_cell["r7c7"][0] == board.rows[6][6]
    assert page.is_hidden("#message")


def test_a_click_cycles_a_cell_through_cross_and_queen(page):
    paste_board(page, BOARD_353)
    cell = '#board rect.cell[data-cell="r2c3"]'
    assert marks(page)["r2c3"] == "empty"
    page.click(cell)
    assert marks(page)["r2c3"] == "cross"
    page.click(cell)
    assert marks(page)["r2c3"] == "queen"
    page.click(cell)
    assert marks(page)["r2c3"] == "empty"


def test_a_hint_names_the_technique_then_shows_where_and_why(page):
    paste_board(page, BOARD_353)
    page.click('#board rect.cell[data-cell="r4c1"]')  # a cross the solution agrees with
    board = Board.parse(BOARD_353)
    state = read_state(board, "\n".join(["......."] * 3 + ["x......"] + ["......."] * 3))
    expected = find_hint(board, state, load_registry().rules)
    assert expected.explanation is not None

    page.click("#hint-button")
    page.wait_for_selector("#hint-technique")
    assert expected.explanation.rule in page.inner_text("#hint-technique")
    assert not highlighted(page, "kill")  # the technique first, nothing given away
    page.click("#hint-button")
    page.wait_for_selector("#hint-why")
    assert page.inner_text("#hint-why") == expected.explanation.why
    assert highlighted(page, "kill") == {cell_label(board, c) for c in expected.explanation.killed}

    page.click("#apply-button")
    after = marks(page)
    for c in expected.explanation.killed:
        assert after[cell_label(board, c)] == "cross"


def test_a_wrong_mark_is_named_and_outlined(page):
    paste_board(page, BOARD_353)
    page.click('#board rect.cell[data-cell="r1c1"]')  # the solution's queen, crossed out
    page.click("#hint-button")
    page.wait_for_selector("#hint-message")
    assert "r1c1" in page.inner_text("#hint-message")
    assert highlighted(page, "wrong") == {"r1c1"}


def test_the_explanation_steps_through_the_whole_solve_to_the_counters(page, tmp_path: Path):
    paste_board(page, BOARD_353)
    registry = load_registry()
    from queens_core.engine.driver import Solver
    from queens_core.tools.explain import explain_steps

    board = Board.parse(BOARD_353)
    result = Solver(registry.rules).solve(board)
    explained = explain_steps(board, result.steps, registry.rules)

    page.click("#explain-button")
    page.wait_for_selector("#step-count")
    assert page.inner_text("#step-count") == "Start"
    page.click("#next-button")
    assert page.inner_text("#step-count") == f"Step 1 of {len(explained)}"
    assert page.inner_text("#step-why") == explained[0].why
    assert highlighted(page, "kill") == {cell_label(board, c) for c in explained[0].killed}
    for _ in range(13):
        page.click("#next-button")
    step = explained[13]
    assert page.inner_text("#step-rule") == step.rule
    assert page.inner_text("#step-why") == step.why
    # The board shows the state after step 14: replayed, it is what the driver recorded.
    state = State.initial(board)
    from queens_core.tools.explain import apply_step

    for recorded in result.steps[:14]:
        apply_step(board, state, recorded)
    shown = marks(page)
    for i in range(board.n * board.n):
        want = "queen" if state.queens >> i & 1 else "empty" if state.live >> i & 1 else "cross"
        assert shown[cell_label(board, i)] == want

    page.click("#prev-button")
    assert page.inner_text("#step-count") == f"Step 13 of {len(explained)}"
    for _ in range(len(explained) - 12):
        page.click("#next-button")
    assert page.inner_text("#step-count") == "Summary"
    assert page.is_disabled("#next-button")
    fired = {
        name: count
        for name, count in (
            row.split("\t") for row in page.inner_text("#counters tbody").splitlines()
        )
    }
    names = {r.counter: r.display_name for r in registry.rules}
    assert fired == {names[c]: str(n) for c, n in result.counters.items() if n}
    page.click("#back-button")
    assert page.is_enabled("#hint-button")


def test_check_says_unique_solvable_tier_and_grade(page):
    paste_board(page, BOARD_353)
    page.click("#check-button")
    page.wait_for_selector("#check-verdict")
    assert page.inner_text("#check-verdict") == "unique, solved by logic"
    text = page.inner_text("#panel")
    assert "tier needed: expensive" in text
    assert "4 Fiendish" in text


def test_new_board_makes_one_of_the_size_and_grade_chosen(page):
    page.select_option("#new-size", "6")
    page.select_option("#new-grade", "Medium")
    page.click("#new-button")
    page.wait_for_function("() => document.querySelectorAll('#board rect.cell').length === 36")
    assert "graded 2 Medium" in page.inner_text("#source")
    assert page.is_hidden("#message")
    rows = page.input_value("#board-text").split()
    assert len(rows) == 6 and all(len(row) == 6 for row in rows)
    # The page's own check agrees with the generator.
    page.click("#check-button")
    page.wait_for_selector("#check-verdict")
    assert page.inner_text("#check-verdict") == "unique, solved by logic"
    assert "2 Medium" in page.inner_text("#panel")


def test_a_board_that_cannot_be_read_gets_one_line(page):
    page.fill("#board-text", "AB\nB\n")
    page.click("#load-button")
    page.wait_for_selector("#message:not([hidden])")
    assert page.inner_text("#message") == (
        "line 2: row has 1 cell, expected 2 (the width of the first row)"
    )


def test_colour_blind_mode_letters_every_cell(page):
    paste_board(page, BOARD_353)
    page.check("#letters-toggle")
    letters = page.eval_on_selector_all("#board text.letter", "ts => ts.map(t => t.textContent)")
    assert "".join(letters) == "".join(BOARD_353.split())
    page.uncheck("#letters-toggle")
    assert page.eval_on_selector_all("#board text.letter", "ts => ts.length") == 0


def test_a_screenshot_of_a_hint_shown_on_the_board(page, tmp_path: Path):
    paste_board(page, BOARD_353)
    page.click('#board rect.cell[data-cell="r4c1"]')
    page.click('#board rect.cell[data-cell="r5c1"]')
    page.click("#hint-button")
    page.click("#hint-button")
    page.wait_for_selector("#hint-why")
    target = Path(os.environ.get("QUEENS_SERVE_SCREENSHOT") or tmp_path / "serve.png")
    page.screenshot(path=str(target), full_page=True)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


PASTE = """([kind, value]) => {
    const data = new DataTransfer();
    if (kind === "text") data.setData("text/plain", value);
    else data.items.add(new File([new Uint8Array([137, 80, 78, 71])], "shot.png",
                                 {type: "image/png"}));
    document.body.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true}));
}"""


def test_ctrl_v_on_the_page_reads_a_board_and_a_file_opens_one(page, tmp_path: Path):
    paste_board(page, BOARD_353)
    page.evaluate(PASTE, ["text", "AAB\nABB\nCCC\n"])
    page.wait_for_function("() => document.querySelectorAll('#board rect.cell').length === 9")
    assert page.inner_text("#source").startswith("3×3 board from pasted text")
    board_file = tmp_path / "first.txt"
    board_file.write_text((ARCHIVE / "1.txt").read_text())
    page.set_input_files("#upload", str(board_file))
    page.wait_for_function("() => document.querySelectorAll('#board rect.cell').length === 64")
    assert page.inner_text("#source").startswith("8×8 board from first.txt")


def test_a_pasted_picture_that_is_no_board_is_refused_in_one_line(page):
    """Four bytes of a PNG: the image reader (when installed) says it cannot decode it;
    without one, the page says what to install."""
    from queens_core import load_registry

    page.evaluate(PASTE, ["image", ""])
    page.wait_for_selector("#message:not([hidden])")
    message = page.inner_text("#message")
    if any(reader.name == "image" for reader in load_registry().readers):
        assert "not a picture Pillow can decode" in message
    else:
        assert "queens-read-image" in message
    assert "\n" not in message.strip()

"""The page of `queens serve` in a real headless browser: Debian's chromium, driven by
Playwright. Skipped when no chromium is installed (scripts/browser-tests installs it and
runs these). Whole games are played to the win message: Queens and 10×10 Star Battle
by mouse, one by keyboard only, one by touch on a phone-sized screen; an axe-core audit
checks the page for serious accessibility faults.

With QUEENS_SERVE_SCREENSHOTS=DIR the screenshots the README shows are kept there
(``serve.png`` at desktop width, ``serve-phone.png`` at phone width)."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from queens_core import Board, bits, load_registry
from queens_core.engine.state import State, cell_label, read_state
from queens_core.exact import find_solutions
from queens_core.tools.hint import find_hint

#: The repository: the archive of boards and the shared test data live there.
ROOT = Path(__file__).resolve().parents[2]
ARCHIVE = ROOT / "archive" / "boards"

CHROMIUM = os.environ.get("QUEENS_CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: ./run-tests --fast leaves these out: each drives a real browser.
pytestmark = pytest.mark.browser

if not os.path.exists(CHROMIUM):
    pytest.skip(
        f"no chromium at {CHROMIUM}: browser tests skipped (scripts/browser-tests runs them)",
        allow_module_level=True,
    )

sync_api = pytest.importorskip("playwright.sync_api")

BOARD_353 = (ARCHIVE / "353.txt").read_text(encoding="utf-8")
SHOTS = os.environ.get("QUEENS_SERVE_SCREENSHOTS")


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
def browser():
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield launched
        launched.close()


def open_page(browser, server, **context):
    """A new tab on the page in a context of its own (its own localStorage); the page
    errors it saw, to assert none at the end."""
    tab = browser.new_context(**context).new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda err: errors.append(str(err)))
    tab.goto(server)
    tab.wait_for_selector("#board .cell")
    return tab, errors


@pytest.fixture(scope="module")
def desk(browser, server):
    tab, errors = open_page(browser, server, viewport={"width": 1280, "height": 900})
    yield tab
    assert not errors, errors
    tab.context.close()


@pytest.fixture
def page(desk):
    """The desktop tab, its progress forgotten (the page's own copy of the board too, or
    it would save it again) and auto-✕ off."""
    desk.evaluate("page.doc = null; localStorage.clear()")
    if desk.is_checked("#autox-toggle"):
        desk.uncheck("#autox-toggle")
    return desk


def marks(page) -> dict[str, str]:
    return page.eval_on_selector_all(
        "#board .cell",
        "cells => Object.fromEntries(cells.map(c => [c.dataset.cell, c.dataset.mark]))",
    )


def with_class(page, name: str) -> set[str]:
    return set(
        page.eval_on_selector_all(f"#board .cell.{name}", "cells => cells.map(c => c.dataset.cell)")
    )


def places(page) -> dict[str, tuple[int, int]]:
    """Where each button but Hint sits (left, top), to see that none moved."""
    return page.eval_on_selector_all(
        "#controls button:not(#hint-button)",
        "buttons => Object.fromEntries(buttons.map(b => "
        "[b.id, [Math.round(b.getBoundingClientRect().left), "
        "Math.round(b.getBoundingClientRect().top)]]))",
    )


def cell(label: str) -> str:
    return f'#board .cell[data-cell="{label}"]'


def paste_board(page, text: str, stars: str = "") -> None:
    page.evaluate("document.getElementById('input').open = true")
    page.fill("#board-text", text)
    page.select_option("#paste-stars", stars)
    page.evaluate("document.getElementById('board').dataset.verdict = 'pending'")
    page.click("#load-button")
    rows = text.split()
    if rows[:1] == ["stars:"]:
        rows = rows[2:]
    if len(rows) > 1:  # rows of letters (an SBN string is one word: the caller waits)
        drawn(page, "".join(rows))


def drawn(page, letters: str) -> None:
    """Wait until the board drawn has these region letters, row by row, and the check
    the page asks of every new board has answered (it draws the board again)."""
    page.wait_for_function(
        "letters => Array.from(document.querySelectorAll('#board .cell'),"
        " c => c.dataset.region).join('') === letters"
        " && document.getElementById('board').dataset.verdict !== 'pending'",
        arg=letters,
    )


def solution_of(rows: list[str], stars: int = 1) -> list[str]:
    board = Board.parse("\n".join(rows)).with_stars(stars)
    (solution,) = find_solutions(board, 2)
    return [cell_label(board, i) for i in range(board.n * board.n) if solution >> i & 1]


def board_rows(page) -> list[str]:
    """The rows of the board shown, from the text box (under its "stars: K" line when
    K ≥ 2)."""
    words = page.input_value("#board-text").split()
    return words[2:] if words[:1] == ["stars:"] else words


def region_cells(board: Board, letter: str) -> set[str]:
    return {
        cell_label(board, i)
        for i in range(board.n * board.n)
        if board.rows[i // board.n][i % board.n] == letter
    }


# -- drawing and marking -------------------------------------------------------------------


def test_a_pasted_board_is_drawn_in_its_regions_colours(page):
    paste_board(page, BOARD_353)
    regions = page.eval_on_selector_all(
        "#board .cell",
        "cells => cells.map(c => [c.dataset.cell, c.dataset.region,"
        " getComputedStyle(c).backgroundColor])",
    )
    assert len(regions) == 49
    by_cell = {label: (letter, colour) for label, letter, colour in regions}
    assert by_cell["r1c1"] == ("P", "rgb(187, 163, 226)")  # #BBA3E2, purple, as on LinkedIn
    assert by_cell["r7c7"][0] == BOARD_353.split()[6][6]
    assert page.is_hidden("#message")
    assert page.inner_text("#kind") == "Queens: one ♛ per row, column and region"


def test_a_click_cycles_a_cell_and_undo_redo_clear_take_it_back(page):
    paste_board(page, BOARD_353)
    assert marks(page)["r2c3"] == "empty"
    page.click(cell("r2c3"))
    assert marks(page)["r2c3"] == "cross"
    page.click(cell("r2c3"))
    assert marks(page)["r2c3"] == "queen"
    page.click("#undo-button")
    assert marks(page)["r2c3"] == "cross"
    page.click("#redo-button")
    assert marks(page)["r2c3"] == "queen"
    assert page.is_disabled("#redo-button")
    page.click("#clear-button")
    assert set(marks(page).values()) == {"empty"}
    page.click("#undo-button")
    assert marks(page)["r2c3"] == "queen"


def test_clashing_queens_and_their_unit_are_marked_at_once(page):
    paste_board(page, BOARD_353)
    page.click(cell("r1c1"))
    page.click(cell("r1c1"))
    page.click(cell("r1c4"))
    page.click(cell("r1c4"))  # two queens in row 1 (and in the purple region)
    assert with_class(page, "clash") == {"r1c1", "r1c4"}
    board = Board.parse(BOARD_353)
    row_1 = {f"r1c{c}" for c in range(1, 8)}
    assert with_class(page, "clash-unit") == row_1 | region_cells(board, "P")
    assert page.inner_text("#clash-note") == (
        "Clash: 2 ♛ in row 1 (r1c1, r1c4); 2 ♛ in the purple region (r1c1, r1c4)."
    )
    # A screen reader hears the clash on the queen itself, not only in the note.
    assert page.get_attribute(cell("r1c4"), "aria-label") == (
        "r1c4, purple region, queen, clashing: 2 queens in row 1, 2 queens in the purple region"
    )
    assert page.get_attribute(cell("r1c2"), "aria-label").endswith("region, empty")
    page.click("#undo-button")
    page.click("#undo-button")
    page.click(cell("r2c2"))
    page.click(cell("r2c2"))  # touching r1c1 diagonally: the ring around r1c1
    assert with_class(page, "clash") == {"r1c1", "r2c2"}
    assert with_class(page, "clash-unit") == {"r1c1", "r1c2", "r2c1", "r2c2"}
    assert page.inner_text("#clash-note") == "Clash: r1c1 and r2c2 touch."
    assert page.get_attribute(cell("r2c2"), "aria-label").endswith("queen, clashing: touches r1c1")
    page.click("#clear-button")
    assert not with_class(page, "clash") and page.inner_text("#clash-note") == ""


def test_auto_cross_crosses_a_queens_units_and_ring_and_is_remembered(page):
    paste_board(page, BOARD_353)
    page.check("#autox-toggle")
    page.click(cell("r4c4"))
    page.click(cell("r4c4"))
    board = Board.parse(BOARD_353)
    shown = marks(page)
    expected = (
        {f"r4c{c}" for c in range(1, 8)}
        | {f"r{r}c4" for r in range(1, 8)}
        | region_cells(board, board.rows[3][3])
        | {f"r{r}c{c}" for r in (3, 4, 5) for c in (3, 4, 5)}
    ) - {"r4c4"}
    assert {k for k, v in shown.items() if v == "cross"} == expected
    assert with_class(page, "hl") == set()
    page.reload()
    page.wait_for_selector("#board .cell")
    assert page.is_checked("#autox-toggle")  # the setting, and the progress, kept
    assert marks(page)["r4c4"] == "queen" and marks(page)["r4c1"] == "cross"
    page.click(cell("r4c4"))  # queen → empty: its crosses go with it
    assert set(marks(page).values()) == {"empty"}
    page.uncheck("#autox-toggle")


def test_a_mouse_drag_crosses_every_cell_it_passes_in_one_undo_step(page):
    paste_board(page, BOARD_353)
    box = {label: page.locator(cell(label)).bounding_box() for label in ("r6c2", "r6c3", "r6c5")}
    centre = {k: (b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for k, b in box.items()}
    page.mouse.move(*centre["r6c2"])
    page.mouse.down()
    page.mouse.move(*centre["r6c3"], steps=3)
    page.mouse.move(*centre["r6c5"], steps=6)
    page.mouse.up()
    crossed = {k for k, v in marks(page).items() if v == "cross"}
    assert crossed == {"r6c2", "r6c3", "r6c4", "r6c5"}
    page.click("#undo-button")
    assert set(marks(page).values()) == {"empty"}


# -- help: the three hint stages, the explanation, the check ----------------------------------


def test_a_hint_nudges_then_shows_the_step_then_applies_it(page):
    paste_board(page, BOARD_353)
    page.click(cell("r4c1"))  # a cross the solution agrees with
    board = Board.parse(BOARD_353)
    state = read_state(board, "\n".join(["......."] * 3 + ["x......"] + ["......."] * 3))
    expected = find_hint(board, state, load_registry().rules)
    assert expected.explanation is not None and expected.step is not None

    page.click("#hint-button")
    page.wait_for_selector("#hint-nudge")
    nudge = page.inner_text("#hint-nudge")
    # Column 1's live cells all lie in the purple region: that is the step's reason.
    assert nudge == "Look at column 1."
    assert with_class(page, "hl-kill") == set()  # nothing given away yet
    nudged = with_class(page, "hl-nudge")
    assert nudged == expected_unit_cells(board, nudge)
    # The unit the step's sentence reasons about, not where its cells die.
    assert expected.focus is not None
    assert nudged == {cell_label(board, c) for c in bits(expected.focus.cells)}

    page.click("#hint-button")
    page.wait_for_selector("#hint-why")
    assert page.inner_text("#hint-why") == expected.explanation.why
    assert expected.explanation.rule in page.inner_text("#hint-technique")
    killed = {cell_label(board, c) for c in expected.explanation.killed}
    assert with_class(page, "hl-kill") == killed
    assert page.inner_text("#hint-button") == "Hint: apply it"
    # One control applies it, the Hint button: the panel says so and has no second one.
    assert page.inner_text("#hint-apply") == "Press Hint again to put the step on the board."
    assert page.locator("#panel button").count() == 0

    page.click("#hint-button")  # the third press applies it
    after = marks(page)
    assert all(after[c] == "cross" for c in killed)
    assert page.inner_text("#panel") == ""


def expected_unit_cells(board: Board, nudge: str) -> set[str]:
    """The cells of the unit a nudge names ("Look at row 3.", "… the purple region.")."""
    words = nudge.removeprefix("Look at ").rstrip(".")
    n = board.n
    if words.startswith("row "):
        r = int(words.split()[1])
        return {f"r{r}c{c}" for c in range(1, n + 1)}
    if words.startswith("column "):
        c = int(words.split()[1])
        return {f"r{r}c{c}" for r in range(1, n + 1)}
    from queens_core.words import colour_name

    letter = next(
        x for x in board.letters if words in (f"the {colour_name(x)} region", f"region {x}")
    )
    return region_cells(board, letter)


def test_a_wrong_mark_is_first_a_row_then_named_and_outlined(page):
    paste_board(page, BOARD_353)
    page.click(cell("r1c1"))  # the solution's queen, crossed out
    first_places = places(page)
    page.click("#hint-button")
    page.wait_for_selector("#hint-nudge")
    assert places(page) == first_places
    assert page.inner_text("#hint-nudge") == "Something is wrong in row 1."
    assert "r1c1" not in page.inner_text("#panel")
    page.click("#hint-button")
    page.wait_for_selector("#hint-message")
    assert "r1c1" in page.inner_text("#hint-message")
    assert with_class(page, "hl-wrong") == {"r1c1"}
    page.click("#hint-button")  # the cross is taken off
    assert marks(page)["r1c1"] == "empty"


def test_a_wrong_queen_is_named_alone_then_taken_off_and_the_hints_go_on(page):
    paste_board(page, BOARD_353)
    page.check("#autox-toggle")  # its crosses cover r1c1, the solution's queen
    page.click(cell("r1c2"))
    page.click(cell("r1c2"))  # a queen the solution does not have
    assert marks(page)["r1c1"] == "cross"
    first_places = places(page)
    page.click("#hint-button")
    page.wait_for_selector("#hint-nudge")
    assert places(page) == first_places
    assert page.inner_text("#hint-nudge") == "Something is wrong in row 1."
    assert page.inner_text("#hint-button") == "Hint: show which mark"
    page.click("#hint-button")
    page.wait_for_selector("#hint-message")
    # The mistake is the queen; the crosses the game made for it are not named.
    message = page.inner_text("#hint-message")
    # The player's marks, not "the state" (the command line's word for a position).
    assert message.startswith("Your marks are wrong: they disagree with the board's only")
    assert "state" not in message
    assert "Queens not in the solution: r1c2." in message
    assert "Crossed out" not in message and "r1c1" not in message
    assert with_class(page, "hl-wrong") == {"r1c2"}
    assert page.inner_text("#hint-remove") == "Press Hint again to take it off the board."
    assert page.inner_text("#hint-button") == "Hint: take it off"
    # No button moved while the Hint button's label grew: Hint ends the help row.
    assert places(page) == first_places
    page.click("#hint-button")  # the third press takes it off, its crosses with it
    assert set(marks(page).values()) == {"empty"}
    assert page.inner_text("#panel") == (
        "Took off the mark on r1c2: the board's solution disagrees with it. Undo puts it "
        "back; Hint gives the next step."
    )
    page.click("#hint-button")  # and the next is a hint again
    page.wait_for_selector("#hint-nudge")
    assert page.inner_text("#hint-nudge").startswith("Look at ")
    page.click("#undo-button")  # taking it off was one step
    assert marks(page)["r1c2"] == "queen"
    page.uncheck("#autox-toggle")


def test_a_board_with_two_solutions_or_none_says_so_before_any_hint(page):
    paste_board(page, (ROOT / "tests" / "fixtures" / "two-solutions.txt").read_text())
    page.wait_for_selector("#honesty:not([hidden])")
    assert "2 solutions" in page.inner_text("#honesty")
    page.click("#hint-button")
    page.wait_for_selector("#hint-honesty")
    assert "cannot point to the one" in page.inner_text("#hint-honesty")
    paste_board(page, (ROOT / "tests" / "fixtures" / "no-solution.txt").read_text())
    page.wait_for_selector("#honesty:not([hidden])")
    assert page.inner_text("#honesty").startswith("This board has no solution")


def reason_cells(board: Board, detail) -> set[str]:
    """The cells of the rows, columns and regions a step's detail names."""
    n = board.n
    out: set[str] = set()
    for kind, value in zip(detail[::2], detail[1::2], strict=False):
        if kind == "row":
            out |= {cell_label(board, value * n + c) for c in range(n)}
        elif kind == "column":
            out |= {cell_label(board, r * n + value) for r in range(n)}
        elif kind == "region":
            out |= region_cells(board, board.letters[value])
    return out


def test_the_explanation_steps_through_the_solve_with_the_reasons_cells(page):
    paste_board(page, BOARD_353)
    registry = load_registry()
    from queens_core.engine.driver import Solver
    from queens_core.tools.explain import apply_step, explain_steps

    board = Board.parse(BOARD_353)
    result = Solver(registry.rules).solve(board)
    explained = explain_steps(board, result.steps, registry.rules)

    page.click("#explain-button")
    page.wait_for_selector("#step-count")
    assert page.inner_text("#step-count") == "Start"
    page.click("#next-button")
    assert page.inner_text("#step-count") == f"Step 1 of {len(explained)}"
    assert page.inner_text("#step-why") == explained[0].why
    killed = {cell_label(board, c) for c in explained[0].killed}
    assert with_class(page, "hl-kill") == killed
    assert result.steps[0].detail[0] in ("row", "column", "region")
    assert with_class(page, "hl-reason") == reason_cells(board, result.steps[0].detail) - killed
    page.keyboard.press("ArrowRight")  # the arrows step too
    assert page.inner_text("#step-count") == f"Step 2 of {len(explained)}"
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    step = explained[13]
    assert page.inner_text("#step-rule") == step.rule
    assert page.inner_text("#step-why") == step.why
    state = State.initial(board)
    for recorded in result.steps[:14]:
        apply_step(board, state, recorded)
    shown = marks(page)
    for i in range(board.n * board.n):
        want = "queen" if state.queens >> i & 1 else "empty" if state.live >> i & 1 else "cross"
        assert shown[cell_label(board, i)] == want
    page.keyboard.press("ArrowLeft")
    assert page.inner_text("#step-count") == f"Step 13 of {len(explained)}"
    for _ in range(len(explained) - 12):
        page.click("#next-button")
    assert page.inner_text("#step-count") == "Summary"
    assert page.is_disabled("#next-button")
    fired = dict(row.split("\t") for row in page.inner_text("#counters tbody").splitlines())
    names = {r.counter: r.display_name for r in registry.rules}
    assert fired == {names[c]: str(n) for c, n in result.counters.items() if n}
    page.keyboard.press("Escape")
    assert page.is_enabled("#hint-button")


def test_check_says_unique_solvable_tier_and_grade(page):
    paste_board(page, BOARD_353)
    page.click("#check-button")
    page.wait_for_selector("#check-verdict")
    assert page.inner_text("#check-verdict") == "unique, solved by logic"
    facts = page.eval_on_selector_all(
        "#panel dt",
        "terms => Object.fromEntries(terms.map(t => [t.textContent,"
        " t.nextElementSibling.textContent]))",
    )
    # The tier said with what it means (a bare "tier needed: expensive" told a player
    # nothing): where it stands among the three, and what the board needs.
    assert facts["size"] == "7×7, 1 ♛ per row, column and region"  # not "per unit"
    assert facts["logic"] == "solved by the rules, with no guessing"
    assert facts["tier needed"] == (
        "expensive, the hardest of three (baseline, cheap, expensive): it needs"
        " Placement-forces-contradiction; expensive rules are tried only once all the"
        " others are stuck"
    )
    text = page.inner_text("#panel")
    assert "4 Fiendish; score 81, to compare with other Queens boards of this grade" in text
    for number, words in (
        (
            1,
            "baseline, the easiest of three (baseline, cheap, expensive): the easiest rules"
            " solve it alone",
        ),
        (
            10,
            "cheap, the middle of three (baseline, cheap, expensive): it needs"
            " N-regions-in-N-lines, but no expensive rule (those tried only once all the"
            " others are stuck)",
        ),
    ):
        paste_board(page, (ARCHIVE / f"{number}.txt").read_text())
        page.click("#check-button")
        page.wait_for_selector("#check-verdict")
        assert page.inner_text("#panel dd >> nth=3") == words


# -- which board ------------------------------------------------------------------------------


def post(server: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(
        server.rstrip("/") + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def test_archive_board_n_and_the_board_of_the_day(page, server):
    # The box suggests a number, and holds none a player could take for the board shown.
    page.fill("#archive-number", "")
    page.click("#archive-button")
    page.wait_for_selector("#message:not([hidden])")
    assert page.inner_text("#message") == "type the number of a LinkedIn board, e.g. 353"
    assert page.get_attribute("#archive-number", "placeholder") == "353"
    page.fill("#archive-number", "1")
    page.click("#archive-button")
    page.wait_for_function("() => document.getElementById('source').textContent.includes('#1.')")
    assert board_rows(page) == (ARCHIVE / "1.txt").read_text().split()
    page.click("#daily-button")
    today = datetime.date.today().isoformat()
    page.wait_for_function(
        "day => document.getElementById('source').textContent.includes(day)", arg=today
    )
    daily = post(server, "/api/daily", {"date": today})["board"]
    assert board_rows(page) == daily["rows"]
    size = daily["size"]
    assert page.inner_text("#source").startswith(f"The {size}×{size} board of the day {today}.")
    # The Rules panel: a board to learn a rule on. Open, it scrolls within the page
    # rather than making the page several screens tall.
    page.click("#rules summary")
    assert page.evaluate("document.documentElement.scrollHeight") < 2 * 900
    with urllib.request.urlopen(server.rstrip("/") + "/api/info") as answer:
        installed = json.load(answer)["rules"]
    assert page.locator("#rule-list li").count() == len(installed)
    # One button a rule, for one action: a board to practise it on (there were two, "Play
    # a board that uses it" and "Practise this", for boards that both show the rule). The
    # rules that count a placed piece's own crosses have none: every board uses them; nor
    # do those no search found a board for, which say so instead.
    shown = page.eval_on_selector_all(
        "#rule-list li",
        "items => items.map(i => [i.dataset.rule,"
        " Array.from(i.querySelectorAll('button'), b => b.textContent)])",
    )
    counting = {rule["counter"]: rule["counting"] for rule in installed}
    never = {rule["counter"] for rule in installed if rule["unpractisable"]}
    assert "placement" in counting.values() and len(shown) == len(installed)
    for rule, buttons in shown:
        none = counting[rule] == "placement" or rule in never
        assert buttons == ([] if none else ["Practise this"]), rule
    page.click("#rules summary")


def test_new_board_makes_one_of_the_size_grade_and_stars_chosen(page):
    page.select_option("#new-stars", "1")
    page.select_option("#new-size", "6")
    page.select_option("#new-grade", "Medium")
    page.click("#new-button")
    page.wait_for_function("() => document.querySelectorAll('#board .cell').length === 36")
    assert "graded 2 Medium" in page.inner_text("#source")
    assert not page.is_visible("#new-grade-note")
    page.select_option("#new-stars", "2")
    assert page.is_disabled("#new-grade")
    # The greyed-out menu says why, to the eye and to a screen reader.
    assert page.is_visible("#new-grade-note")
    assert page.get_attribute("#new-grade", "aria-describedby") == "new-grade-note"
    assert "No grade to choose for Star Battle" in page.inner_text("#new-grade-note")
    page.select_option("#new-size", "8")
    page.click("#new-button")
    page.wait_for_function("() => document.querySelectorAll('#board .cell').length === 64")
    assert "2★ board" in page.inner_text("#source")
    assert page.inner_text("#kind") == "Star Battle: 2 ★ per row, column and region"
    page.click("#check-button")
    page.wait_for_selector("#check-verdict")
    assert "solutions1" in page.inner_text("#panel").replace("\n", "").replace("\t", "")
    assert "to compare with other 2★ boards of this grade" in page.inner_text("#panel")
    page.select_option("#new-stars", "1")
    assert not page.is_visible("#new-grade-note")


def test_a_board_that_cannot_be_read_gets_one_line(page):
    page.evaluate("document.getElementById('input').open = true")
    page.fill("#board-text", "AB\nB\n")
    page.select_option("#paste-stars", "")
    page.click("#load-button")
    page.wait_for_selector("#message:not([hidden])")
    assert page.inner_text("#message") == (
        "line 2: row has 1 cell, expected 2 (the width of the first row)"
    )


def test_colour_blind_mode_letters_every_cell(page):
    paste_board(page, BOARD_353)
    page.check("#letters-toggle")
    letters = page.eval_on_selector_all("#board .letter", "ts => ts.map(t => t.textContent)")
    assert "".join(letters) == "".join(BOARD_353.split())
    page.uncheck("#letters-toggle")
    assert page.eval_on_selector_all("#board .letter", "ts => ts.length") == 0


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
    page.wait_for_function("() => document.querySelectorAll('#board .cell').length === 9")
    assert page.inner_text("#source").startswith("3×3 board from pasted text")
    board_file = tmp_path / "first.txt"
    board_file.write_text((ARCHIVE / "1.txt").read_text())
    page.set_input_files("#upload", str(board_file))
    page.wait_for_function("() => document.querySelectorAll('#board .cell').length === 64")
    assert page.inner_text("#source").startswith("8×8 board from first.txt")


def test_a_pasted_picture_that_is_no_board_is_refused_in_one_line(page):
    """Four bytes of a PNG: the image reader (when installed) says it cannot decode it;
    without one, the page says what to install."""
    page.evaluate(PASTE, ["image", ""])
    page.wait_for_selector("#message:not([hidden])")
    message = page.inner_text("#message")
    if any(reader.name == "image" for reader in load_registry().readers):
        assert "not a picture Pillow can decode" in message
    else:
        assert "queens-read-image" in message
    assert "\n" not in message.strip()


# -- whole games to the win message ------------------------------------------------------------


def assert_won(page, board_cells: int, pieces: int) -> str:
    page.wait_for_selector("#win-message")
    assert page.inner_text("#win-message").startswith("Solved in ")
    share = page.inner_text("#share")
    first, *grid = share.splitlines()
    helps = ("no hints", "hint", "explained", "kept", "every step", "asked why")
    assert any(word in first for word in helps), first
    squares = "".join(grid)
    assert len([ch for ch in squares if ch not in "\ufe0f"]) == pieces  # one a queen
    assert "r1" not in share  # no spoiler: no cell is named
    assert page.is_disabled("#hint-button") and page.is_disabled("#clear-button")
    before = marks(page)
    page.click("#board .cell >> nth=0")  # the board is locked
    assert marks(page) == before and len(before) == board_cells
    return share


def play_archive_353(page) -> None:
    """Board #353 from the archive, as a player picks it (the paste box closed)."""
    page.evaluate("document.getElementById('input').open = false")
    page.fill("#archive-number", "353")
    page.evaluate("document.getElementById('board').dataset.verdict = 'pending'")
    page.click("#archive-button")
    drawn(page, "".join(BOARD_353.split()))
    assert page.inner_text("#source") == "7×7 board from archive board #353."


def test_a_whole_queens_game_by_mouse_to_the_win_message(page):
    play_archive_353(page)
    solution = solution_of(BOARD_353.split())
    for label in solution:
        page.click(cell(label))
        page.click(cell(label))
    share = assert_won(page, 49, 7)
    assert share.startswith("queens #353 ♛ 0:")
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / "serve-won.png"))


def test_a_game_won_after_explain_says_so_in_the_message_and_the_share_line(page):
    """Explain shows the whole solution: a win after a step of it is not "without a hint";
    Explain opened and closed at its start, which shows nothing, costs nothing."""
    play_archive_353(page)
    page.click("#explain-button")
    page.wait_for_selector("#step-count")
    assert "once you see a step" in page.inner_text("#explain-cost")
    page.click("#back-button")
    assert not page.evaluate("page.explained")
    page.click("#explain-button")
    page.wait_for_selector("#step-count")
    page.click("#next-button")
    page.click("#back-button")
    for label in solution_of(BOARD_353.split()):
        page.click(cell(label))
        page.click(cell(label))
    share = assert_won(page, 49, 7)
    assert page.inner_text("#win-message").endswith("with the solution explained!")
    assert share.splitlines()[0].endswith(", the solution explained")


def test_region_walls_are_drawn_thicker_than_the_lines_inside_a_region(page):
    """Whole pixels: 1 px inside a region, 3 px between two (browsers round fractions)."""
    play_archive_353(page)
    top = BOARD_353.split()[0]
    for c in range(len(top) - 1):
        left, right = f"r1c{c + 1}", f"r1c{c + 2}"
        widths = page.evaluate(
            """([left, right]) => [
                getComputedStyle(document.querySelector(`[data-cell=${left}]`)).borderRightWidth,
                getComputedStyle(document.querySelector(`[data-cell=${right}]`)).borderLeftWidth,
            ]""",
            [left, right],
        )
        line = sum(float(w.removesuffix("px")) for w in widths)
        assert line == (3 if top[c] != top[c + 1] else 1), (left, right, widths)


def test_a_whole_10x10_two_star_game_by_mouse_from_an_sbn_string(page):
    sbn = pytest.importorskip("queens_rules_starbattle.sbn")
    from queens_core.generator.stars_maker import generate_starbattle

    text = sbn.to_sbn(generate_starbattle(10, 2, 0))
    paste_board(page, text)
    page.wait_for_function("() => document.querySelectorAll('#board .cell').length === 100")
    assert page.inner_text("#kind") == "Star Battle: 2 ★ per row, column and region"
    rows = board_rows(page)
    for label in solution_of(rows, 2):
        page.click(cell(label))
        page.click(cell(label))
    share = assert_won(page, 100, 20)
    assert share.startswith("Star Battle 10×10 2★ 0:")  # K★ said once
    assert page.eval_on_selector_all("#board .cell[data-mark=queen] path", "ps => ps.length") == 20


#: A 10×10 2★ board whose first step (2×2 blocks) reasons about region N in a nested
#: detail: ["blocks", ["region", 4], [cells]].
BLOCKS_BOARD = """
PPPPPOOBBB
POOOOOBBGB
PPPPBBBGGB
PPSPPPGGGG
PPSSSSSSGG
PRSSLLLSGG
RRSKKLLLGG
RRRNKKKLTG
NNNNKKTLTG
NKKKKKTTTT
"""


def test_a_star_battle_hint_outlines_the_cells_its_reason_names(page):
    board = Board(tuple(BLOCKS_BOARD.split()), 2)
    expected = find_hint(board, State.initial(board), load_registry().rules)
    assert expected.step is not None and expected.focus is not None
    assert expected.step.counter == "two_by_two_blocks"
    paste_board(page, BLOCKS_BOARD, "2")
    page.click("#hint-button")
    page.wait_for_selector("#hint-nudge")
    page.click("#hint-button")
    page.wait_for_selector("#hint-why")
    killed = {cell_label(board, c) for c in bits(expected.step.killed)}
    assert with_class(page, "hl-kill") == killed
    # The region the sentence reasons about, as the server's focus names it.
    named = {cell_label(board, c) for c in bits(expected.focus.cells)}
    assert with_class(page, "hl-reason") == named - killed != set()


def test_a_whole_game_by_keyboard_only(page):
    paste_board(page, BOARD_353)
    page.reload()  # as a keyboard user arrives: nothing clicked yet
    drawn(page, "".join(BOARD_353.split()))
    page.keyboard.press("Tab")  # How to play, at the top of the page, is the first stop
    assert page.evaluate("document.activeElement.id") == "how-to-button"
    page.keyboard.press("Tab")  # and the board the next
    assert page.evaluate("document.activeElement.dataset.cell") == "r1c1"
    ring = page.evaluate("getComputedStyle(document.activeElement).boxShadow")
    assert ring != "none"  # the focus is visible
    at = (0, 0)
    for label in solution_of(BOARD_353.split()):
        r, c = (int(x) - 1 for x in label[1:].split("c"))
        for _ in range(abs(r - at[0])):
            page.keyboard.press("ArrowDown" if r > at[0] else "ArrowUp")
        for _ in range(abs(c - at[1])):
            page.keyboard.press("ArrowRight" if c > at[1] else "ArrowLeft")
        at = (r, c)
        assert page.evaluate("document.activeElement.dataset.cell") == label
        page.keyboard.press("q")
        if label == "r1c1":
            page.keyboard.press("u")  # undo takes it back, y puts it again
            assert marks(page)["r1c1"] == "empty"
            page.keyboard.press("y")
            assert marks(page)["r1c1"] == "queen"
    assert_won(page, 49, 7)


def touch_drag(tab, points: list[tuple[float, float]]) -> None:
    """A finger put down on the first point, moved through the others and lifted."""
    session = tab.context.new_cdp_session(tab)
    x, y = points[0]
    session.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
    )
    for x, y in points[1:]:
        session.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 640)])
def test_a_whole_game_by_touch_on_a_phone_without_sideways_scrolling(
    browser, server, width, height
):
    tab, errors = open_page(
        browser, server, viewport={"width": width, "height": height}, has_touch=True, is_mobile=True
    )
    try:
        paste_board(tab, BOARD_353)
        tab.evaluate("window.scrollTo(0, 0)")  # the Load button is further down
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
        # How to play, on a first visit: no keyboard help where there is no keyboard; the
        # drag to cross out is told.
        assert tab.is_visible("#panel #how-to")
        assert not tab.is_visible("#key-help")
        assert "Drag across cells to ✕ them all." in tab.inner_text("#panel")
        # A drag of the finger crosses cells out.
        centres = []
        for label in ("r6c2", "r6c3", "r6c4"):
            box = tab.locator(cell(label)).bounding_box()
            centres.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
        touch_drag(tab, [centres[0], centres[1], centres[2]])
        assert {k for k, v in marks(tab).items() if v == "cross"} == {"r6c2", "r6c3", "r6c4"}
        tab.click("#clear-button")
        # The hint opens next to the board, on the first screen.
        tab.click("#hint-button")
        tab.wait_for_selector("#hint-nudge")
        assert tab.evaluate("window.scrollY") == 0
        panel = tab.locator("#panel").bounding_box()
        assert panel["y"] + 60 < height  # its heading and the nudge on the first screen
        if SHOTS and width == 390:
            tab.click("#hint-button")
            tab.wait_for_selector("#hint-why")
            tab.screenshot(path=str(Path(SHOTS) / "serve-phone.png"))
        tab.evaluate("localStorage.clear()")
        tab.reload()
        tab.wait_for_selector("#board .cell")
        paste_board(tab, BOARD_353)
        tab.click("#clear-button")
        for label in solution_of(BOARD_353.split()):
            tab.tap(cell(label))
            tab.tap(cell(label))
        assert_won(tab, 49, 7)
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
        assert not errors, errors
    finally:
        tab.context.close()


def test_the_keyboard_help_is_shown_at_a_desk_and_hidden_on_a_touch_screen(page, browser, server):
    """The keys are a line of How to play, the one place the page says how to play."""
    paste_board(page, BOARD_353)
    page.click("#how-to-button")
    assert page.is_visible("#key-help")
    assert page.inner_text("#key-help").startswith("Keys: arrows move")
    assert page.locator("#side .note:has-text('Keys:')").count() == 0  # said once, there
    page.click("#how-to-done")
    tablet, errors = open_page(
        browser, server, viewport={"width": 1024, "height": 1366}, has_touch=True, is_mobile=True
    )
    try:
        assert tablet.is_visible("#panel #how-to")
        assert not tablet.is_visible("#key-help")  # a finger, however wide the screen
        assert not errors, errors
    finally:
        tablet.context.close()


def test_progress_and_the_board_are_kept_across_a_reload(page):
    paste_board(page, BOARD_353)
    page.click(cell("r3c3"))
    page.click(cell("r5c5"))
    page.click(cell("r5c5"))
    page.wait_for_timeout(1100)
    page.reload()
    page.wait_for_selector("#board .cell")
    shown = marks(page)
    assert shown["r3c3"] == "cross" and shown["r5c5"] == "queen"
    assert page.input_value("#board-text").split() == BOARD_353.split()
    assert page.inner_text("#timer") != "0:00"  # the clock goes on from where it was


# -- accessibility and the README's screenshots ---------------------------------------------------


def serious_faults(axe_module, tab) -> list[str]:
    """The serious or critical faults an axe-core audit finds on the tab as it is now."""
    results = axe_module.Axe().run(tab)
    return [
        f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes)"
        for v in results.response["violations"]
        if v.get("impact") in ("serious", "critical")
    ]


def test_no_serious_accessibility_fault_axe_core(page):
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    paste_board(page, BOARD_353)
    page.click(cell("r4c1"))
    page.click("#hint-button")
    page.click("#hint-button")
    page.wait_for_selector("#hint-why")
    assert not serious_faults(axe_module, page)
    page.click("#explain-button")
    page.wait_for_selector("#step-count")
    page.click("#next-button")
    assert not serious_faults(axe_module, page)
    page.click("#back-button")


def test_a_dark_scheme_turns_the_page_not_the_board_and_stays_readable(browser, server):
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    tab, errors = open_page(
        browser, server, viewport={"width": 1280, "height": 900}, color_scheme="dark"
    )
    try:
        paste_board(tab, BOARD_353)
        tab.click(cell("r4c1"))
        tab.click(cell("r4c1"))  # a queen: drawn in dark ink on its region's colour
        tab.click("#hint-button")
        background = "el => getComputedStyle(el).backgroundColor"
        page_rgb = tab.eval_on_selector("html", background)
        assert sum(int(v) for v in page_rgb[4:-1].split(",")) < 3 * 60, page_rgb
        light = open_page(browser, server, viewport={"width": 1280, "height": 900})[0]
        paste_board(light, BOARD_353)
        for label in ("r1c1", "r4c1", "r7c7"):
            ours = tab.eval_on_selector(cell(label), background)
            assert ours == light.eval_on_selector(cell(label), background)
        light.context.close()
        queen = tab.eval_on_selector(f"{cell('r4c1')} .queen", "el => getComputedStyle(el).fill")
        assert queen == "rgb(26, 26, 26)"
        assert not serious_faults(axe_module, tab)
        assert not errors, errors
    finally:
        tab.context.close()


def test_the_readme_screenshot_a_hint_on_the_board(page, tmp_path: Path):
    play_archive_353(page)
    page.click(cell("r4c1"))
    page.click(cell("r5c1"))
    page.click("#hint-button")
    page.click("#hint-button")
    page.wait_for_selector("#hint-why")
    target = Path(SHOTS) / "serve.png" if SHOTS else tmp_path / "serve.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(target), full_page=True)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_board_asked_for_further_down_a_phone_comes_into_view(browser, server):
    """On a phone New board and the Rules panel's practice boards sit below the board: the
    board they bring is scrolled into view (it changed above the screen, unseen), and a
    practice board's caption says what it is for."""
    width, height = 390, 844
    tab, errors = open_page(
        browser, server, viewport={"width": width, "height": height}, has_touch=True, is_mobile=True
    )

    def board_in_view() -> bool:
        top = tab.evaluate("document.getElementById('board').getBoundingClientRect().top")
        return 0 <= top < height / 2

    try:
        before = board_rows(tab)
        tab.tap("#new-button")
        tab.wait_for_function(
            "b => document.getElementById('board-text').value !== b", arg="\n".join(before)
        )
        assert tab.evaluate("window.scrollY") > 0 and board_in_view()
        tab.evaluate("document.getElementById('rules').open = true")
        practise = tab.locator("#rule-list button.practise").nth(3)
        name = (practise.get_attribute("aria-label") or "").removeprefix("Practise ")
        practise.scroll_into_view_if_needed()
        practise.tap()
        tab.wait_for_function(
            "name => document.getElementById('source').textContent.includes(name)", arg=name
        )
        assert board_in_view()
        n = len(board_rows(tab))
        assert tab.inner_text("#source") == f"{n}×{n} board to practise {name} on."
        assert not errors, errors
    finally:
        tab.context.close()


@pytest.mark.parametrize("width", [821, 1024, 1239])
def test_between_phone_and_desk_a_hint_opens_beside_the_board_in_sight(browser, server, width):
    """A laptop's window (821 to 1239 pixels wide, 768 high): the panel of Hint, Check and
    How to play sits beside the board, so what a press of Hint brings is on the screen
    without scrolling (under the buttons it began below the fold, and a hint asked for
    seemed to do nothing), with the buttons and the whole board on the first screen too;
    the boards and settings follow under the game, and nothing scrolls sideways."""
    height = 768
    tab, errors = open_page(browser, server, viewport={"width": width, "height": height})
    try:
        panel = tab.locator("#panel").bounding_box()  # a first visit: How to play
        board = tab.locator("#board").bounding_box()
        assert panel["x"] >= board["x"] + board["width"] and panel["y"] < board["y"]
        paste_board(tab, BOARD_353)
        tab.evaluate("window.scrollTo(0, 0)")
        tab.click(cell("r4c1"))  # the first move puts How to play away
        for shown in ("#hint-nudge", "#hint-why"):
            tab.click("#hint-button")
            tab.wait_for_selector(shown)
            panel = tab.locator("#panel").bounding_box()
            assert panel["x"] >= board["x"] + board["width"]  # beside, not below
            assert 0 <= panel["y"] and panel["y"] + panel["height"] <= height
        buttons = tab.locator("#controls").bounding_box()
        assert buttons["y"] + buttons["height"] <= height
        assert tab.evaluate("window.scrollY") == 0
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
        side = tab.locator("#side").bounding_box()
        assert side["y"] >= buttons["y"] + buttons["height"]  # under the game
        assert not errors, errors
    finally:
        tab.context.close()


def test_the_text_box_holds_a_star_battle_board_with_its_stars(page, tmp_path: Path):
    """The text box shows the board played in the text format: a Star Battle board under
    its "stars: K" line, so that Load board again keeps the game (the rows alone read
    back as a Queens board of no solution), and so does the text saved to a file."""
    sbn = pytest.importorskip("queens_rules_starbattle.sbn")
    from queens_core.generator.stars_maker import generate_starbattle

    made = generate_starbattle(8, 2, 3)
    paste_board(page, sbn.to_sbn(made))
    page.wait_for_function("() => document.getElementById('board').dataset.verdict === '1'")
    text = page.input_value("#board-text")
    rows = page.evaluate("page.doc.board.rows")
    assert len(rows) == made.n and text == "stars: 2\n" + "\n".join(rows)
    page.select_option("#paste-stars", "")
    paste_board(page, text)
    page.wait_for_function("() => document.getElementById('board').dataset.verdict === '1'")
    assert page.inner_text("#kind") == "Star Battle: 2 ★ per row, column and region"
    saved = tmp_path / "board.txt"
    saved.write_text(text + "\n", encoding="utf-8")
    page.set_input_files("#upload", str(saved))
    page.wait_for_function(
        "() => document.getElementById('source').textContent.includes('board.txt')"
    )
    assert page.inner_text("#kind") == "Star Battle: 2 ★ per row, column and region"
    # A Queens board's text is its rows alone, as before.
    paste_board(page, BOARD_353)
    assert page.input_value("#board-text") == BOARD_353.strip()


def test_explain_on_a_board_where_the_rules_find_no_step_says_so(page):
    """On a board of five row regions (many solutions) the rules find no step: Explain
    says so, rather than "takes 0 steps. Press Next to see the first", and going on to
    its summary marks nothing as explained (nothing was shown)."""
    paste_board(page, "AAAAA\nBBBBB\nCCCCC\nDDDDD\nEEEEE")
    page.click("#explain-button")
    page.wait_for_selector("#explain-start")
    assert page.inner_text("#explain-start") == (
        "The rules find no step from the empty board. Press Next (or →) for the summary."
    )
    assert page.query_selector("#explain-cost") is None
    page.click("#next-button")
    assert page.inner_text("#step-count") == "Summary"
    assert page.inner_text("#explain-verdict").startswith("The rules stop here")
    assert page.evaluate("page.explained") is False
    page.click("#back-button")

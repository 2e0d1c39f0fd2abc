"""The board editor and share links of `queens serve` in headless chromium (the kit of
test_web_browser.py): a map painted by mouse with two solutions shows its count and
hatches the cells they differ on, Fix is shown then applied, the fixed board is played
to the win; painting by keyboard and by touch at phone width; a share link opens the same
board and marks in a fresh page, a broken one says why in one line; axe finds no serious
fault in the editor."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest

from queens_core import Board
from queens_core.api import Application
from queens_core.engine.state import cell_label
from queens_core.exact import find_solutions

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("QUEENS_CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
ARCHIVE_353 = ROOT / "archive" / "boards" / "353.txt"
BOARD_353 = ARCHIVE_353.read_text(encoding="utf-8").split()
#: With QUEENS_SERVE_SCREENSHOTS=DIR, the editor's picture in docs/editor.md is kept there.
SHOTS = os.environ.get("QUEENS_SERVE_SCREENSHOTS")

pytestmark = pytest.mark.browser

if not os.path.exists(CHROMIUM):
    pytest.skip(
        f"no chromium at {CHROMIUM}: browser tests skipped (scripts/browser-tests runs them)",
        allow_module_level=True,
    )

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server():
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "queens"), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline() if process.stdout else ""
        assert line.startswith("queens: serving http://127.0.0.1:"), line
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


def open_page(browser, url: str, **context):
    tab = browser.new_context(**context).new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda err: errors.append(str(err)))
    tab.goto(url)
    tab.wait_for_selector("#board .cell")
    return tab, errors


@pytest.fixture
def desk(browser, server):
    tab, errors = open_page(browser, server, viewport={"width": 1280, "height": 900})
    yield tab
    assert not errors, errors
    tab.context.close()


def studio_cell(label: str) -> str:
    return f'#studio-board .cell[data-cell="{label}"]'


def painted(tab) -> list[str]:
    letters = tab.eval_on_selector_all("#studio-board .cell", "cs => cs.map(c => c.dataset.region)")
    n = int(len(letters) ** 0.5)
    return ["".join(letters[r * n : (r + 1) * n]) for r in range(n)]


def analysed(tab, status: str) -> None:
    """Wait for the analysis of the map as painted now to say ``status``."""
    tab.wait_for_function(
        "status => { const line = document.getElementById('studio-count');"
        " return line.dataset.status === status && !line.classList.contains('stale'); }",
        arg=status,
    )


def empty_map(tab, size: int) -> list[str]:
    """Open the editor on an empty map of ``size``; its palette's letters."""
    tab.click("#edit-button")
    tab.select_option("#studio-size", str(size))
    tab.click("#studio-empty")
    analysed(tab, "incomplete")
    return tab.eval_on_selector_all("#studio-palette .swatch", "s => s.map(x => x.dataset.letter)")


def drag(tab, labels: list[str]) -> None:
    """A mouse stroke from the first cell through the others."""
    boxes = [tab.locator(studio_cell(label)).bounding_box() for label in labels]
    centres = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]
    tab.mouse.move(*centres[0])
    tab.mouse.down()
    for x, y in centres[1:]:
        tab.mouse.move(x, y, steps=4)
    tab.mouse.up()


def paint_rows_as_regions(tab, palette: list[str], size: int) -> None:
    for row, letter in zip(range(2, size + 1), palette[1:], strict=False):
        tab.click(f'#studio-palette .swatch[data-letter="{letter}"]')
        drag(tab, [f"r{row}c1", f"r{row}c{size}"])


def test_paint_two_solutions_see_the_hatching_fix_it_and_play_it_to_the_win(desk):
    palette = empty_map(desk, 4)
    assert desk.inner_text("#studio-count").startswith("Not a board yet: 1 region of 4")
    assert desk.is_disabled("#studio-play") and desk.is_disabled("#studio-fix")
    paint_rows_as_regions(desk, palette, 4)
    analysed(desk, "several-solutions")
    rows = painted(desk)
    assert rows == [letter * 4 for letter in palette]
    board = Board.parse("\n".join(rows))
    first, second = find_solutions(board, 3)  # exactly two
    hatched = desk.eval_on_selector_all(
        "#studio-board .cell.differ", "cs => cs.map(c => c.dataset.cell)"
    )
    assert set(hatched) == {cell_label(board, i) for i in range(16) if (first ^ second) >> i & 1}
    assert desk.inner_text("#studio-count") == "2 or more solutions."
    # Undo and redo take a whole stroke back and forth.
    desk.click("#studio-undo")
    analysed(desk, "incomplete")
    assert painted(desk)[3] == palette[0] * 4
    desk.click("#studio-redo")
    analysed(desk, "several-solutions")
    # Fix: the edits are shown, and the cells outlined, before anything changes.
    desk.click("#studio-fix")
    desk.wait_for_selector("#studio-apply")
    edits = desk.eval_on_selector_all("#studio-edits li", "ls => ls.map(l => l.dataset.cell)")
    proposed = desk.eval_on_selector_all(
        "#studio-board .cell.proposed", "cs => cs.map(c => c.dataset.cell)"
    )
    assert edits and set(proposed) == set(edits)
    assert painted(desk) == rows
    claim = desk.inner_text("#studio-claim")
    assert "fewer than 1 edit" not in claim
    if len(edits) == 1:
        assert claim.startswith("1 edit, the fewest a fix can have. The cells are outlined")
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        desk.locator("#studio").screenshot(path=str(Path(SHOTS) / "editor.png"))
    first_edit = desk.inner_text("#studio-edits li >> nth=0")
    assert first_edit.split(" (")[0].count("→") == 1 and first_edit.startswith(edits[0] + ": ")
    desk.click("#studio-apply")
    analysed(desk, "unique-solved")
    fixed = painted(desk)
    assert fixed != rows
    assert sum(
        a != b for x, y in zip(fixed, rows, strict=True) for a, b in zip(x, y, strict=True)
    ) == len(edits)
    assert desk.inner_text("#studio-count") == "1 solution (unique)."
    detail = desk.inner_text("#studio-detail")
    assert detail.startswith("Grade ") and "Tier needed: " in detail
    # Play it: the game takes the board as painted, and the one solution wins.
    desk.click("#studio-play")
    desk.wait_for_selector("#play:not([hidden]) #board .cell")
    assert desk.is_hidden("#studio")
    shown = desk.eval_on_selector_all("#board .cell", "cs => cs.map(c => c.dataset.region)")
    assert "".join(shown) == "".join(fixed)
    (solution,) = find_solutions(Board.parse("\n".join(fixed)), 2)
    for i in range(16):
        if solution >> i & 1:
            label = cell_label(Board.parse("\n".join(fixed)), i)
            desk.click(f'#board .cell[data-cell="{label}"]')
            desk.click(f'#board .cell[data-cell="{label}"]')
    desk.wait_for_selector("#win-message")


def test_the_keyboard_paints_chooses_colours_and_undoes(desk):
    palette = empty_map(desk, 5)
    desk.focus(studio_cell("r1c1"))
    desk.keyboard.press("2")  # the second colour of the palette
    desk.keyboard.press("Space")
    desk.keyboard.press("Shift+ArrowRight")  # paints as it moves
    desk.keyboard.press("]")  # the next colour
    desk.keyboard.press("ArrowDown")
    desk.keyboard.press("Enter")
    analysed(desk, "incomplete")
    rows = painted(desk)
    assert rows[0][:3] == palette[1] * 2 + palette[0]
    assert rows[1][1] == palette[2]
    # On the palette, the arrows choose the colour (a radio group).
    desk.focus('#studio-palette [aria-checked="true"]')
    desk.keyboard.press("ArrowRight")
    chosen = desk.eval_on_selector('#studio-palette [aria-checked="true"]', "s => s.dataset.letter")
    assert chosen == palette[3]
    assert desk.evaluate("document.activeElement.dataset.letter") == palette[3]
    desk.focus(studio_cell("r2c2"))
    desk.keyboard.press("u")
    analysed(desk, "incomplete")
    assert painted(desk)[1][1] == palette[0]
    desk.keyboard.press("y")
    assert painted(desk)[1][1] == palette[2]
    # The game behind the editor saw none of these keys: its board has no mark.
    marks = desk.eval_on_selector_all("#board .cell", "cs => cs.map(c => c.dataset.mark)")
    assert set(marks) == {"empty"}
    desk.keyboard.press("Escape")
    assert desk.is_hidden("#studio") and desk.is_visible("#board")


def open_archive_353(desk) -> None:
    """Board 353 freshly loaded: the button is busy until the new board is drawn (a board
    353 already on the page would satisfy a wait on its regions alone)."""
    desk.fill("#archive-number", "353")
    desk.click("#archive-button")
    desk.wait_for_function("() => !document.getElementById('archive-button').disabled")
    desk.wait_for_function(
        "letters => Array.from(document.querySelectorAll('#board .cell'),"
        " c => c.dataset.region).join('') === letters",
        arg="".join(BOARD_353),
    )


def test_the_board_played_and_its_grade_come_into_the_editor(desk, server):
    open_archive_353(desk)
    desk.click("#edit-button")
    desk.click("#studio-current")
    analysed(desk, "unique-solved")
    assert painted(desk) == BOARD_353
    # The tier in the words Check says it in (a bare "tier expensive" was the command
    # line's word, unexplained).
    assert desk.inner_text("#studio-detail") == (
        "Grade 4 Fiendish (score 81). Tier needed: expensive, the hardest of three (baseline,"
        " cheap, expensive): it needs Placement-forces-contradiction; expensive rules are"
        " tried only once all the others are stuck."
    )
    assert desk.is_disabled("#studio-fix") and not desk.is_disabled("#studio-play")


def partition(rows: list[str]) -> set[frozenset[int]]:
    """The regions as sets of cells: screenshots' letters are the reader's own."""
    cells = "".join(rows)
    return {frozenset(i for i, x in enumerate(cells) if x == letter) for letter in set(cells)}


def test_a_screenshot_comes_into_the_editor(desk):
    pytest.importorskip("queens_read_image")
    shots = ROOT / "tests" / "fixtures" / "screenshots"
    label = (shots / "labels" / "queens-227.txt").read_text().split()
    empty_map(desk, 4)  # a map of another size: the picture's is told apart
    desk.set_input_files("#studio-picture", str(shots / "oscar-sandbox" / "queens-227.png"))
    desk.wait_for_function(
        "cells => document.querySelectorAll('#studio-board .cell').length === cells",
        arg=len(label) ** 2,
    )
    analysed(desk, "unique-solved")
    assert partition(painted(desk)) == partition(label)
    # Pasted (Ctrl-V) while the editor is open, a picture is painted there, not played.
    played = desk.eval_on_selector_all("#board .cell", "cs => cs.map(c => c.dataset.region)")
    empty_map(desk, 4)
    picture = (shots / "oscar-sandbox" / "queens-228.png").read_bytes()
    desk.evaluate(
        """bytes => {
            const data = new DataTransfer();
            data.items.add(new File([new Uint8Array(bytes)], "shot.png", {type: "image/png"}));
            document.body.dispatchEvent(
                new ClipboardEvent("paste", {clipboardData: data, bubbles: true}));
        }""",
        list(picture),
    )
    label = (shots / "labels" / "queens-228.txt").read_text().split()
    desk.wait_for_function(
        "cells => document.querySelectorAll('#studio-board .cell').length === cells",
        arg=len(label) ** 2,
    )
    analysed(desk, "unique-solved")
    assert partition(painted(desk)) == partition(label)
    after = desk.eval_on_selector_all("#board .cell", "cs => cs.map(c => c.dataset.region)")
    assert after == played


def test_a_share_link_opens_the_same_board_and_marks_in_a_fresh_page(desk, browser, server):
    open_archive_353(desk)
    desk.click('#board .cell[data-cell="r1c1"]')  # a cross
    desk.click('#board .cell[data-cell="r4c1"]')
    desk.click('#board .cell[data-cell="r4c1"]')  # a queen
    desk.check("#share-marks")
    desk.click("#share-button")
    link = desk.input_value("#share-url")
    fragment = link.split("#", 1)[1]
    marks = "x" + "." * 20 + "q" + "." * 27
    assert fragment == f"board={quote('/'.join(BOARD_353), safe='')}&stars=1&marks={marks}"
    # The page's link is the one the core reads and writes (queens import, queens convert).
    app = Application()
    read = app.read(link)
    assert read.board == app.read(str(ARCHIVE_353)).board
    written = app.write(read.board, "share", read.state)
    assert written.split("#", 1)[1] == fragment
    fresh, errors = open_page(browser, link, viewport={"width": 1280, "height": 900})
    try:
        fresh.wait_for_function(
            "() => document.getElementById('source').textContent.includes('share')"
        )
        letters = fresh.eval_on_selector_all("#board .cell", "cs => cs.map(c => c.dataset.region)")
        assert "".join(letters) == "".join(BOARD_353)
        shown = fresh.eval_on_selector_all(
            "#board .cell",
            "cs => Object.fromEntries(cs.map(c => [c.dataset.cell, c.dataset.mark]))",
        )
        assert shown["r1c1"] == "cross" and shown["r4c1"] == "queen"
        assert sum(mark != "empty" for mark in shown.values()) == 2
        assert fresh.evaluate("location.hash") == ""  # a reload keeps the progress instead
        # A broken link: one line, and the page still plays a board.
        fresh.evaluate("location.hash = '#board=ABC%2FAB&stars=1'")
        fresh.wait_for_selector("#message:not([hidden])")
        assert fresh.inner_text("#message") == (
            "This share link cannot be opened: its board is not square: 2 rows of 3, 2 cells."
        )
        fresh.evaluate("location.hash = '#board=AB%2FCD&stars=1'")
        fresh.wait_for_function(
            "() => document.getElementById('message').textContent.includes('regions')"
        )
        assert fresh.inner_text("#message").startswith("This share link cannot be opened: ")
        assert "\n" not in fresh.inner_text("#message")
        assert not errors, errors
    finally:
        fresh.context.close()


def test_painting_by_touch_at_phone_width(browser, server):
    tab, errors = open_page(
        browser, server, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        palette = empty_map(tab, 6)
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390
        tab.tap(f'#studio-palette .swatch[data-letter="{palette[3]}"]')
        centres = []
        for label in ("r2c2", "r2c3", "r2c4", "r3c4"):
            box = tab.locator(studio_cell(label)).bounding_box()
            centres.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
        session = tab.context.new_cdp_session(tab)
        x, y = centres[0]
        touch = "Input.dispatchTouchEvent"
        session.send(touch, {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for x, y in centres[1:]:
            session.send(touch, {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        session.send(touch, {"type": "touchEnd", "touchPoints": []})
        session.detach()
        analysed(tab, "incomplete")
        rows = painted(tab)
        assert rows[1] == palette[0] + palette[3] * 3 + palette[0] * 2
        assert rows[2][3] == palette[3]
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390
        assert not errors, errors
    finally:
        tab.context.close()


def test_no_serious_accessibility_fault_in_the_editor_axe_core(desk):
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    palette = empty_map(desk, 4)
    paint_rows_as_regions(desk, palette, 4)
    analysed(desk, "several-solutions")
    desk.click("#studio-fix")
    desk.wait_for_selector("#studio-apply")
    results = axe_module.Axe().run(desk)
    faults = [
        f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes)"
        for v in results.response["violations"]
        if v.get("impact") in ("serious", "critical")
    ]
    assert not faults


@pytest.mark.parametrize("width, height", [(1024, 768), (1280, 900)])
def test_fixs_proposal_is_read_beside_the_map_with_its_outlined_cells_in_sight(
    browser, server, width, height
):
    """In a laptop's window (and at a desk) Fix's proposal sits beside the map, from its
    top: the edits listed and the cells they outline are on one screen. Under the buttons
    it began below the fold, and bringing it into sight scrolled the map's top rows, where
    the outlined cells were, out of it."""
    tab, errors = open_page(browser, server, viewport={"width": width, "height": height})
    try:
        tab.click("#edit-button")
        rows = ["PPPPPP", "BBBBBB", "OOOOOO", "RRRRRR", "GGGGGG", "SSSSSS"]
        tab.evaluate("rows => editorStart(rows, 1)", rows)
        analysed(tab, "several-solutions")
        # The player scrolls just far enough to reach Fix, and presses it.
        tab.evaluate("document.getElementById('studio-fix').scrollIntoView({block: 'end'})")
        tab.click("#studio-fix")
        tab.wait_for_selector("#studio-apply")
        board = tab.locator("#studio-board").bounding_box()
        proposal = tab.locator("#studio-proposal").bounding_box()
        assert proposal["x"] >= board["x"] + board["width"]  # beside, not below
        assert 0 <= proposal["y"] and proposal["y"] + proposal["height"] <= height
        outlined = tab.locator("#studio-board .cell.proposed")
        assert outlined.count() > 0
        for i in range(outlined.count()):
            box = outlined.nth(i).bounding_box()
            assert 0 <= box["y"] and box["y"] + box["height"] <= height
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
        assert not errors, errors
    finally:
        tab.context.close()


@pytest.mark.parametrize(
    ("proposal", "said"),
    [
        (
            {"status": "fixed", "edits": [1], "minimal": True, "at_least": 1},
            "1 edit, the fewest a fix can have.",
        ),
        (
            {"status": "fixed", "edits": [1], "minimal": False, "at_least": 1},
            "1 edit, the fewest a fix can have.",
        ),
        (
            {"status": "fixed", "edits": [1, 2, 3], "minimal": True, "at_least": 3},
            "3 edits, the fewest: the search proved that no fix with fewer exists.",
        ),
        (
            {"status": "fixed", "edits": [1, 2, 3], "minimal": False, "at_least": 2},
            "3 edits, the best found in the time allowed (every fix needs at least 2 edits).",
        ),
        (
            {"status": "fixed", "edits": [1, 2, 3], "minimal": False, "at_least": 1},
            "3 edits, the best found in the time allowed; a fix with fewer may exist.",
        ),
        (
            {"status": "not-found", "edits": [], "minimal": False, "at_least": 1},
            "No fix found within the time allowed.",
        ),
        (
            {"status": "not-found", "edits": [], "minimal": False, "at_least": 4},
            "No fix found within the time allowed; every fix needs at least 4 edits.",
        ),
    ],
)
def test_fixs_claim_says_something_true_for_every_bound(desk, proposal, said):
    """Fix's claim for each kind of answer: a bound of one edit, which every fix has, is
    not said ("no fix with fewer than 1 edit exists" was)."""
    assert desk.evaluate("doc => fixClaim(doc)", proposal) == said


@pytest.mark.parametrize("width, height", [(1366, 768), (1280, 720), (1024, 768)])
def test_the_editors_map_count_and_buttons_are_on_the_first_screen_of_a_laptop(
    browser, server, width, height
):
    """Opened in a laptop's window, the editor shows its whole map, what the map is (the
    count) and every button (Undo to Close) on one screen, without a scroll: under the map
    the buttons began below the fold at 768 pixels high."""
    tab, errors = open_page(browser, server, viewport={"width": width, "height": height})
    try:
        tab.click("#edit-button")
        analysed(tab, "unique-solved")
        tab.evaluate("window.scrollTo(0, 0)")
        shown = ["#studio-board", "#studio-count", "#studio-palette"]
        buttons = tab.eval_on_selector_all("#studio-controls button", "bs => bs.map(b => b.id)")
        assert set(buttons) >= {"studio-undo", "studio-redo", "studio-fix", "studio-play"}
        for selector in shown + [f"#{name}" for name in buttons]:
            box = tab.locator(selector).bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= height, selector
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
        assert not errors, errors
    finally:
        tab.context.close()


def test_a_button_that_cannot_be_pressed_does_not_look_like_one_to_press(desk):
    """Fix, disabled on a map still being painted, kept the primary button's fill at half
    strength and read as the button to press: a disabled primary button looks as every
    disabled button does (and hovering over one changes nothing)."""
    empty_map(desk, 5)
    assert desk.is_disabled("#studio-fix") and desk.is_disabled("#studio-undo")

    def look(selector: str) -> list[str]:
        return desk.eval_on_selector(
            selector,
            "b => { const s = getComputedStyle(b);"
            " return [s.backgroundColor, s.color, s.opacity]; }",
        )

    assert look("#studio-fix") == look("#studio-undo")
    desk.hover("#studio-fix", force=True)
    assert look("#studio-fix") == look("#studio-undo")
    enabled = desk.eval_on_selector("#hint-button", "b => getComputedStyle(b).backgroundColor")
    assert enabled != look("#studio-fix")[0]  # an enabled primary button is filled
    desk.click("#studio-close")


def test_a_share_link_of_an_earlier_board_or_marks_is_not_left_shown(desk):
    """The link field kept the last board's link, under "Link copied", once another board
    was shown or the marks changed: copied from there, it opened the wrong board."""
    open_archive_353(desk)
    desk.click("#share-button")
    assert desk.is_visible("#share-url")
    assert quote("/".join(BOARD_353), safe="") in desk.input_value("#share-url")
    desk.click("#daily-button")
    desk.wait_for_function("() => document.getElementById('source').textContent.includes('day')")
    assert not desk.is_visible("#share-url")
    assert desk.inner_text("#share-button") == "Share link"
    cells = desk.locator("#board .cell").count()
    desk.check("#share-marks")
    desk.click("#share-button")
    assert desk.input_value("#share-url").endswith("&marks=" + "." * cells)
    desk.click('#board .cell[data-cell="r1c1"]')  # a cross: the link's marks are old
    assert not desk.is_visible("#share-url")
    desk.click("#share-button")
    assert desk.input_value("#share-url").endswith("&marks=x" + "." * (cells - 1))
    desk.uncheck("#share-marks")  # the link shown has marks: taken away
    assert not desk.is_visible("#share-url")

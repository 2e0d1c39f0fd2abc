"""Records, the streak, statistics, export and import, how to play, the theme, the
desktop layout and Star Battle's words, in a real headless Chromium (the kit and the
server of test_web_browser.py: one server for this module)."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pytest
from test_web_browser import (
    BOARD_353,
    SHOTS,
    assert_won,
    board_rows,
    browser,
    cell,
    drawn,
    open_page,
    paste_board,
    play_archive_353,
    serious_faults,
    server,
    solution_of,
)

pytestmark = pytest.mark.browser
__all__ = ["browser", "server"]  # fixtures, used by name

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def fresh(browser, server):
    """A tab in a context of its own: a first visit, nothing remembered."""
    tab, errors = open_page(browser, server, viewport=DESKTOP)
    yield tab
    assert not errors, errors
    tab.context.close()


def win_by_clicks(tab, rows: list[str], stars: int = 1) -> None:
    for label in solution_of(rows, stars):
        tab.click(cell(label))
        tab.click(cell(label))


def open_records(tab) -> None:
    if not tab.evaluate("document.getElementById('records').open"):
        tab.click("#records summary")


def today(tab) -> str:
    return tab.evaluate("dayString(new Date())")


def test_a_what_if_kept_is_help_in_the_win_message_the_share_line_and_the_record(fresh):
    """A What-if kept puts the rules' marks on the board: a win after it is not "without a
    hint" (it was), and the record says it; one rolled back costs nothing."""
    play_archive_353(fresh)
    fresh.click("#how-to-done")
    rows = BOARD_353.split()
    first, *others = solution_of(rows)
    fresh.focus(cell(others[0]))
    fresh.keyboard.press("t")
    fresh.wait_for_selector("#what-if-keep")
    fresh.click("#what-if-rollback")
    assert fresh.evaluate("page.kept") == 0
    fresh.focus(cell(first))
    fresh.keyboard.press("t")
    fresh.wait_for_selector("#what-if-keep")
    fresh.click("#what-if-keep")
    assert fresh.get_attribute(cell(first), "data-mark") == "queen"
    for label in solution_of(rows):
        while fresh.get_attribute(cell(label), "data-mark") != "queen":
            fresh.click(cell(label))
    assert_won(fresh, 49, 7)
    assert fresh.inner_text("#win-message").endswith(" with 1 What-if kept!")
    assert fresh.inner_text("#share").splitlines()[0].endswith(", 1 What-if kept")
    record = fresh.inner_text("#panel #record")
    assert re.search(r"time\s+0:\d\d \(1 What-if kept, ", record), record
    kept = fresh.evaluate("JSON.parse(localStorage.getItem('queens/records'))")
    (entry,) = kept["boards"].values()
    assert entry["best"]["kept"] == 1 and entry["best"]["hints"] == 0


def test_every_step_now_and_a_why_are_help_in_the_win_the_share_line_and_the_record(fresh):
    """A player who listed every step or asked why a cell is what it is did not solve the
    board alone: the win, the share line and the record said "no hints" after them (only
    hints and What-ifs kept counted). A why asked after the win costs nothing."""
    play_archive_353(fresh)
    fresh.click("#how-to-done")
    fresh.keyboard.press("a")
    fresh.wait_for_selector("#all-steps-message")
    fresh.focus(cell("r1c1"))
    for _ in range(2):
        fresh.click("#why-button")
        fresh.click(cell("r1c1"))
        fresh.wait_for_selector("#why-message")
        fresh.wait_for_function("() => !deductionsState.asking")
    assert fresh.evaluate("[page.lists, page.whys]") == [1, 2]
    fresh.reload()  # kept with the progress
    fresh.wait_for_selector("#board .cell")
    assert fresh.evaluate("[page.lists, page.whys]") == [1, 2]
    win_by_clicks(fresh, BOARD_353.split())
    assert_won(fresh, 49, 7)
    said = "1 list of every step and 2 cells asked why"
    assert fresh.inner_text("#win-message").endswith(f" with {said}!")
    assert fresh.inner_text("#share").splitlines()[0].endswith(f", {said}")
    record = fresh.inner_text("#panel #record")
    assert re.search(r"time\s+0:\d\d \(1 list of every step, 2 cells asked why, ", record), record
    fresh.click("#why-button")
    fresh.click(cell("r2c2"))
    fresh.wait_for_selector("#why-message")
    fresh.wait_for_function("() => !deductionsState.asking")
    assert fresh.evaluate("page.whys") == 2
    kept = fresh.evaluate("JSON.parse(localStorage.getItem('queens/records'))")
    assert kept["schema"] == "queens-records/2"
    (entry,) = kept["boards"].values()
    assert (entry["best"]["lists"], entry["best"]["whys"], entry["best"]["hints"]) == (1, 2, 0)


def test_records_of_before_lists_and_whys_were_counted_do_not_claim_no_help(fresh):
    """Records kept as queens-records/1 did not count lists of every step nor whys: they
    are read (nothing is lost), say so of their solves, and are written as /2 with the
    next win; a solve counted in full beats one of the same time that was not."""
    rows = BOARD_353.split()
    old = {
        "title": "queens #353",
        "size": 7,
        "stars": 1,
        "grade": "Easy",
        "solves": 1,
        **{
            k: {"at": "2026-01-02T10:00:00.000Z", "ms": 3_600_000, "hints": 0, "explained": False}
            for k in ("first", "best", "last")
        },
    }
    key = "1/" + "/".join(rows)
    records = {"schema": "queens-records/1", "daily": ["2026-01-02"], "boards": {key: old}}
    fresh.evaluate(f"localStorage.setItem('queens/records', JSON.stringify({json.dumps(records)}))")
    fresh.reload()  # as a browser that kept them from an earlier page
    fresh.wait_for_selector("#board .cell")
    play_archive_353(fresh)
    open_records(fresh)
    said = fresh.inner_text("#board-record")
    assert "(no hints, lists and whys not counted then, " in said, said
    win_by_clicks(fresh, rows)
    assert_won(fresh, 49, 7)
    kept = fresh.evaluate("JSON.parse(localStorage.getItem('queens/records'))")
    assert kept["schema"] == "queens-records/2" and kept["daily"] == ["2026-01-02"]
    entry = kept["boards"][key]
    assert entry["solves"] == 2 and entry["first"] == old["first"]
    assert entry["best"]["lists"] == 0 and entry["best"]["ms"] < 3_600_000
    assert "lists and whys not counted then" in fresh.inner_text("#panel #record-first")


def test_how_to_play_on_a_first_visit_only_and_on_demand(fresh):
    assert fresh.is_visible("#panel #how-to")
    assert "every row, every column and every colour region" in fresh.inner_text("#panel")
    fresh.click("#how-to-done")
    assert fresh.inner_text("#panel") == ""
    fresh.reload()
    fresh.wait_for_selector("#board .cell")
    assert fresh.inner_text("#panel") == ""  # seen once: not again
    # One way back to it, at the top of the page (not among the settings), and one place
    # that says how to play: the help buttons, the picking of a cell and the keys are in it.
    assert fresh.locator("header #how-to-button").count() == 1
    assert fresh.locator("button:has-text('How to')").count() == 1
    fresh.click("#how-to-button")
    assert fresh.is_visible("#panel #how-to")
    words = fresh.inner_text("#panel")
    assert "Why this cell? and What if? ask about a cell: press one, then pick the cell." in words
    assert "Keys: arrows move" in words
    # Focus may land a frame after the click on a machine running other tests at once;
    # a focus that never lands (or is taken away) still fails here.
    fresh.wait_for_function("document.activeElement.id === 'how-to-done'", timeout=5000)
    fresh.keyboard.press("Enter")
    assert fresh.inner_text("#panel") == ""


def test_the_clock_waits_while_how_to_play_is_read(fresh):
    """A first visit's reading of How to play is no part of the solve: the timer starts
    when the panel goes, and stops again while it is opened to be read."""
    assert fresh.is_visible("#panel #how-to")
    fresh.wait_for_timeout(1600)
    assert fresh.inner_text("#timer") == "0:00"
    fresh.click("#how-to-done")
    fresh.wait_for_function(
        "() => document.getElementById('timer').textContent !== '0:00'", timeout=5000
    )
    fresh.click("#how-to-button")
    stopped = fresh.inner_text("#timer")
    fresh.wait_for_timeout(1600)
    assert fresh.inner_text("#timer") == stopped


def test_a_win_is_recorded_shown_and_kept_across_a_reload(fresh):
    play_archive_353(fresh)
    fresh.evaluate("document.getElementById('board').dataset.verdict = 'pending'")
    fresh.reload()
    drawn(fresh, "".join(BOARD_353.split()))  # the grade comes with the check
    win_by_clicks(fresh, BOARD_353.split())
    assert_won(fresh, 49, 7)
    record = fresh.inner_text("#panel #record")
    assert re.search(r"time\s+0:\d\d \(no hints, ", record), record
    assert re.search(r"solved\s+1 time\b", record), record
    assert "best" not in record and "first" not in record  # one solve: said once
    # Nothing left to ask of a won board but why a cell is what it is.
    assert fresh.is_disabled("#all-steps-button") and fresh.is_disabled("#what-if-button")
    assert not fresh.is_disabled("#why-button")
    kept = fresh.evaluate("JSON.parse(localStorage.getItem('queens/records'))")
    (entry,) = kept["boards"].values()
    assert entry["size"] == 7 and entry["stars"] == 1 and entry["solves"] == 1
    assert entry["grade"] and entry["title"] == "queens #353"
    assert entry["first"] == entry["best"] == entry["last"]

    fresh.reload()
    fresh.wait_for_selector("#win-message")  # the win, and its record, come back
    assert fresh.inner_text("#panel #record") == record
    open_records(fresh)
    assert "solved\n1 time" in fresh.inner_text("#board-record").replace("\t", "\n")
    table = fresh.inner_text("#stats-solved")
    assert re.search(r"7×7\s+1", table), table
    assert entry["grade"] in table
    assert entry["grade"] in fresh.inner_text("#stats-median")

    fresh.click("#again-button")  # a second solve: first stays, last moves
    win_by_clicks(fresh, BOARD_353.split())
    fresh.wait_for_selector("#win-message")
    record = fresh.inner_text("#panel #record")
    assert re.search(r"solved\s+2 times", record)
    assert all(word in record for word in ("best", "first", "last"))
    kept = fresh.evaluate("JSON.parse(localStorage.getItem('queens/records'))")
    (entry,) = kept["boards"].values()
    assert entry["solves"] == 2 and entry["first"]["at"] < entry["last"]["at"]
    assert entry["best"]["ms"] <= min(entry["first"]["ms"], entry["last"]["ms"])
    assert re.search(r"7×7\s+1", fresh.inner_text("#stats-solved"))  # one board, twice


def test_the_streak_export_and_import(fresh, tmp_path: Path):
    fresh.click("#daily-button")
    fresh.wait_for_function("() => document.getElementById('source').textContent.includes('day')")
    drawn(fresh, "".join(board_rows(fresh)))
    open_records(fresh)
    assert fresh.inner_text("#streak").startswith("No streak yet")
    win_by_clicks(fresh, board_rows(fresh))
    fresh.wait_for_selector("#win-streak")
    assert fresh.inner_text("#win-streak").startswith("Streak: 1 day of boards of the day")
    assert fresh.inner_text("#streak") == fresh.inner_text("#win-streak")

    with fresh.expect_download() as download:
        fresh.click("#export-records")
    exported = json.loads(Path(download.value.path()).read_text())
    assert download.value.suggested_filename == "queens-records.json"
    assert exported["schema"] == "queens-records/2"
    assert exported["daily"] == [today(fresh)]
    assert len(exported["boards"]) == 1

    # Records from another browser: the two days before, and another board's solve.
    day = datetime.date.fromisoformat(today(fresh))
    earlier = [str(day - datetime.timedelta(days=k)) for k in (2, 1)]
    other = {
        "title": "queens 5×5",
        "size": 5,
        "stars": 1,
        "grade": "Easy",
        "solves": 3,
        "first": {"at": "2026-01-02T10:00:00.000Z", "ms": 90000, "hints": 1, "explained": False},
        "best": {"at": "2026-01-03T10:00:00.000Z", "ms": 30000, "hints": 0, "explained": False},
        "last": {"at": "2026-01-04T10:00:00.000Z", "ms": 45000, "hints": 0, "explained": False},
    }
    (key,) = exported["boards"]
    theirs = {
        "schema": "queens-records/1",
        "daily": earlier,
        "boards": {"1/AAAAB/CCCCB/CDDDB/CDEEB/CDEEB": other, key: exported["boards"][key]},
    }
    path = tmp_path / "other.json"
    path.write_text(json.dumps(theirs))
    fresh.set_input_files("#import-records", str(path))
    fresh.wait_for_function(
        "() => document.getElementById('streak').textContent.includes('3 days')"
    )
    assert fresh.inner_text("#records-note") == "Imported other.json: 1 board added, 1 merged."
    assert fresh.inner_text("#win-streak").startswith("Streak: 3 days")
    assert re.search(r"5×5\s+1", fresh.inner_text("#stats-solved"))
    assert "Easy\t1:30\t1" in fresh.inner_text("#stats-median")  # a first solve's time
    # Each column's heading ends where its counts end (headings began at the left of
    # right-aligned counts, over the column before for a short count).
    misaligned = fresh.evaluate(
        """() => [...document.querySelectorAll('#records-body table')].flatMap(table => {
            const heads = [...table.querySelectorAll('thead th')];
            return [...table.querySelectorAll('tbody tr')].flatMap(row =>
                [...row.children].map((c, k) => [c, heads[k]]).filter(([c]) =>
                    c.classList.contains('count')).map(([c, h]) => {
                        const [a, b] = [c, h].map(e => {
                            const r = document.createRange();
                            r.selectNodeContents(e);
                            return r.getBoundingClientRect().right;
                        });
                        return Math.abs(a - b) > 1 ? `${h.textContent}: ${a} ${b}` : null;
                    }).filter(Boolean));
        })"""
    )
    assert not misaligned, misaligned
    kept = fresh.evaluate("JSON.parse(localStorage.getItem('queens/records'))")
    assert kept["daily"] == [*earlier, today(fresh)]
    assert kept["boards"][key] == exported["boards"][key]  # the same solve, not twice
    if SHOTS:
        fresh.locator("#records").screenshot(path=str(Path(SHOTS) / "serve-records.png"))

    bad = tmp_path / "notes.json"
    bad.write_text('{"boards": []}')
    fresh.set_input_files("#import-records", str(bad))
    fresh.wait_for_selector("#message:not([hidden])")
    assert "not a records file" in fresh.inner_text("#message")


def test_a_record_by_keyboard_only_on_a_phone(browser, server):
    tab, errors = open_page(browser, server, viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        paste_board(tab, BOARD_353)
        tab.reload()
        drawn(tab, "".join(BOARD_353.split()))
        tab.keyboard.press("Tab")  # How to play, at the top
        tab.keyboard.press("Tab")
        assert tab.evaluate("document.activeElement.dataset.cell") == "r1c1"
        at = (0, 0)
        for label in solution_of(BOARD_353.split()):
            r, c = (int(x) - 1 for x in label[1:].split("c"))
            for _ in range(abs(r - at[0])):
                tab.keyboard.press("ArrowDown" if r > at[0] else "ArrowUp")
            for _ in range(abs(c - at[1])):
                tab.keyboard.press("ArrowRight" if c > at[1] else "ArrowLeft")
            at = (r, c)
            tab.keyboard.press("q")
        assert_won(tab, 49, 7)
        assert "solved\n1 time" in tab.inner_text("#panel #record").replace("\t", "\n")
        # The Records section by keyboard: Tab to its summary, Enter opens it.
        for _ in range(60):
            tab.keyboard.press("Tab")
            if tab.evaluate("document.activeElement.matches('#records summary')"):
                break
        tab.keyboard.press("Enter")
        assert tab.evaluate("document.getElementById('records').open")
        assert re.search(r"7×7\s+1", tab.inner_text("#stats-solved"))
        assert tab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert not errors, errors
    finally:
        tab.context.close()


def shown_text(tab) -> str:
    """Every text the page shows now, and what it says to a screen reader: the visible
    text, the selects' chosen options and the labels of elements; but the program's
    name (the page's title and heading, "queens")."""
    return tab.evaluate(
        """() => {
        let text = document.body.innerText.replace(/^queens\\n/, "");
        // innerText lists a select's every option: only the chosen one is shown.
        for (const option of document.querySelectorAll("option")) {
          if (!option.selected) text = text.replace(`${option.text}\\n`, "");
        }
        const parts = [text];
        for (const node of document.querySelectorAll("[aria-label], [title], [alt]")) {
          if (node.closest("[hidden], details:not([open]) > :not(summary)")) continue;
          parts.push(node.getAttribute("aria-label") || "", node.title || "", node.alt || "");
        }
        return parts.join("\\n");
    }"""
    )


def assert_no_queen(tab, when: str) -> None:
    text = shown_text(tab)
    found = [line for line in text.splitlines() if "queen" in line.lower() or "♛" in line]
    assert not found, (when, found)


def test_a_star_battle_game_to_the_win_never_says_queen(fresh):
    sbn = pytest.importorskip("queens_rules_starbattle.sbn")
    from queens_core.generator.stars_maker import generate_starbattle

    fresh.click("#how-to-done")
    play_archive_353(fresh)
    assert "♛" in shown_text(fresh)  # what the check below would find on a Queens board
    paste_board(fresh, sbn.to_sbn(generate_starbattle(8, 2, 3)))
    fresh.wait_for_function(
        "() => document.querySelectorAll('#board .cell').length === 64"
        " && document.getElementById('board').dataset.verdict !== 'pending'"
    )
    fresh.evaluate("document.getElementById('input').open = false")
    fresh.check("#autox-toggle")
    assert_no_queen(fresh, "the board shown")
    assert "★" in fresh.inner_text("#autox-words") and "★" in fresh.inner_text("#goal")
    fresh.click("#how-to-button")
    assert_no_queen(fresh, "how to play")
    fresh.click("#hint-button")
    fresh.wait_for_selector("#hint-nudge")
    assert_no_queen(fresh, "a hint's nudge")
    fresh.click("#hint-button")
    fresh.wait_for_selector("#hint-why")
    assert_no_queen(fresh, "a hint's step")
    fresh.click("#check-button")
    fresh.wait_for_selector("#check-verdict")
    assert_no_queen(fresh, "the check")
    fresh.click("#explain-button")
    fresh.wait_for_selector("#step-count")
    while not fresh.is_disabled("#next-button"):
        fresh.click("#next-button")
        assert_no_queen(fresh, f"Explain, {fresh.inner_text('#step-count')}")
    fresh.click("#back-button")
    rows = board_rows(fresh)
    solution = solution_of(rows, 2)
    first = solution[0]
    r, c = (int(x) for x in first[1:].split("c"))
    for neighbour in (f"r{r}c{c + 1}", f"r{r + 1}c{c}", f"r{r}c{c - 1}"):
        if fresh.locator(cell(neighbour)).count():
            break
    for touching in (neighbour, first):  # two stars side by side: a clash
        fresh.focus(cell(touching))
        fresh.keyboard.press("q")
    assert fresh.inner_text("#clash-note").startswith("Clash: ")
    assert_no_queen(fresh, "a clash")
    for _ in range(2):
        fresh.click("#undo-button")
    for label in solution:
        while fresh.get_attribute(cell(label), "data-mark") != "queen":
            fresh.click(cell(label))
    share = assert_won(fresh, 64, 16)
    assert share.startswith("Star Battle 8×8 2★ ")
    assert_no_queen(fresh, "the win")
    open_records(fresh)
    assert re.search(r"8×8 2★\s+", fresh.inner_text("#stats-solved"))
    assert_no_queen(fresh, "the records")


def test_the_share_line_has_one_symbol_a_region_and_a_text_fallback(fresh):
    fresh.click("#how-to-done")
    play_archive_353(fresh)
    win_by_clicks(fresh, BOARD_353.split())
    share = assert_won(fresh, 49, 7)
    symbols = "".join(share.splitlines()[1:]).replace("\ufe0f", "")
    assert len(set(symbols)) == 7  # seven regions, seven symbols
    fresh.context.grant_permissions(["clipboard-read", "clipboard-write"])
    fresh.click("#copy-text-button")
    text = fresh.evaluate("navigator.clipboard.readText()")
    first, letters = text.splitlines()
    assert first == share.splitlines()[0]
    assert sorted(letters.split()) == sorted(set(BOARD_353.replace("\n", "")))


def test_the_theme_is_chosen_and_kept(browser, server):
    tab, errors = open_page(browser, server, viewport=DESKTOP, color_scheme="dark")
    try:
        page_colour = "() => getComputedStyle(document.documentElement).backgroundColor"
        assert tab.evaluate("document.documentElement.dataset.theme") == "dark"  # the system's
        dark = tab.evaluate(page_colour)
        tab.select_option("#theme-choice", "light")
        assert tab.evaluate("document.documentElement.dataset.theme") == "light"
        assert tab.evaluate(page_colour) == "rgb(246, 245, 242)"
        tab.reload()
        tab.wait_for_selector("#board .cell")
        assert tab.evaluate("document.documentElement.dataset.theme") == "light"
        assert tab.input_value("#theme-choice") == "light"
        tab.emulate_media(color_scheme="light")
        tab.select_option("#theme-choice", "dark")
        assert tab.evaluate(page_colour) == dark
        tab.select_option("#theme-choice", "system")
        assert tab.evaluate("document.documentElement.dataset.theme") == "light"
        tab.emulate_media(color_scheme="dark")  # the system turns, the page follows
        tab.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
        assert not errors, errors
    finally:
        tab.context.close()


def test_at_a_desk_the_hint_sits_beside_the_board_on_one_screen(fresh):
    fresh.click("#how-to-done")
    play_archive_353(fresh)
    fresh.click("#hint-button")
    fresh.click("#hint-button")
    fresh.wait_for_selector("#hint-why")
    board = fresh.locator("#board").bounding_box()
    panel = fresh.locator("#panel").bounding_box()
    assert panel["x"] >= board["x"] + board["width"]  # beside, not below
    assert panel["y"] < board["y"] + board["height"] / 2
    assert panel["y"] + panel["height"] <= DESKTOP["height"]  # on the first screen
    side = fresh.locator("#side").bounding_box()
    assert side["x"] >= panel["x"] + panel["width"]
    assert fresh.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]


def test_two_quick_presses_give_the_hint_then_its_reason_however_slow_the_answer(fresh):
    fresh.click("#how-to-done")
    play_archive_353(fresh)
    held = []
    fresh.route("**/api/hint", lambda route: held.append(route))  # answered below
    fresh.click("#hint-button")
    fresh.click("#hint-button")  # while the first hint is on its way
    fresh.wait_for_timeout(300)
    while held:
        held.pop().continue_()
        fresh.wait_for_timeout(300)
    fresh.wait_for_selector("#hint-why", timeout=5000)
    fresh.unroute("**/api/hint")


def test_a_board_being_made_says_so_on_its_button_until_it_comes(fresh):
    """A 12×12 2★ board or a practice board can take a second or more: the button says
    it is at work, not only greyed out, and is itself again once the board is shown."""
    fresh.click("#how-to-done")
    held: list = []

    def hold(request) -> None:  # answered below
        held.append(request)

    for route, button in (("**/api/generate", "#new-button"), ("**/api/practise", None)):
        fresh.route(route, hold)
        if button is None:
            fresh.evaluate("document.getElementById('rules').open = true")
            button = "#rule-list button.practise >> nth=0"
        label = fresh.inner_text(button)
        fresh.click(button)
        fresh.wait_for_function("() => document.querySelector('[aria-busy=true]') !== null")
        assert fresh.inner_text(button) == "Making a board…"
        assert fresh.is_disabled(button)
        fresh.wait_for_timeout(200)
        while held:
            held.pop().continue_()
        fresh.wait_for_function("() => document.querySelector('[aria-busy=true]') === null")
        assert fresh.inner_text(button) == label and not fresh.is_disabled(button)
        fresh.unroute(route)


def test_new_board_from_the_keyboard_leaves_the_focus_on_the_new_board(fresh):
    """Greyed out while the board is made, the button loses the focus: it was left on the
    page's start (26 presses of Shift+Tab from the board); it goes to the new board."""
    fresh.click("#how-to-done")
    before = "\n".join(board_rows(fresh))
    fresh.focus("#new-button")
    fresh.keyboard.press("Enter")
    fresh.wait_for_function("b => document.getElementById('board-text').value !== b", arg=before)
    fresh.wait_for_function("() => document.activeElement.classList.contains('cell')")
    fresh.keyboard.press("q")
    assert fresh.evaluate("document.activeElement.dataset.mark") == "queen"


def test_no_serious_accessibility_fault_in_records_and_how_to(fresh):
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    assert not serious_faults(axe_module, fresh)  # how to play, on the first visit
    play_archive_353(fresh)
    win_by_clicks(fresh, BOARD_353.split())
    fresh.wait_for_selector("#record")
    open_records(fresh)
    assert not serious_faults(axe_module, fresh)
    fresh.select_option("#theme-choice", "dark")
    assert not serious_faults(axe_module, fresh)


def test_a_wrong_star_is_called_a_star(fresh):
    sbn = pytest.importorskip("queens_rules_starbattle.sbn")
    from queens_core.generator.stars_maker import generate_starbattle

    fresh.click("#how-to-done")
    paste_board(fresh, sbn.to_sbn(generate_starbattle(8, 2, 3)))
    fresh.wait_for_function("() => document.getElementById('board').dataset.verdict === '1'")
    solution = set(solution_of(board_rows(fresh), 2))
    wrong = next(
        f"r{r}c{c}" for r in range(1, 9) for c in range(1, 9) if f"r{r}c{c}" not in solution
    )
    fresh.click(cell(wrong))
    fresh.click(cell(wrong))
    for _ in range(2):
        fresh.click("#hint-button")
        fresh.wait_for_function("() => document.getElementById('panel').textContent.length > 0")
        assert_no_queen(fresh, "a hint on a wrong star")


@pytest.mark.parametrize(
    ("route", "button", "words"),
    [
        ("**/api/explain", "#explain-button", "Explaining…"),
        ("**/api/check", "#check-button", "Checking…"),
        ("**/api/hint", "#hint-button", "Finding a hint…"),
    ],
)
def test_an_answer_that_takes_a_while_says_so_on_its_button(fresh, route, button, words):
    """Explain, Check or a hint on a large Star Battle board takes seconds: the button says
    it is at work within a second (the page showed nothing meanwhile), and is itself again
    once the answer is shown."""
    fresh.click("#how-to-done")
    held: list = []

    def hold(request) -> None:  # answered below
        held.append(request)

    fresh.route(route, hold)
    label = fresh.inner_text(button)
    fresh.click(button)
    fresh.wait_for_function(
        "selector => document.querySelector(selector).getAttribute('aria-busy') === 'true'",
        arg=button,
        timeout=1000,
    )
    assert fresh.inner_text(button) == words and fresh.is_disabled(button)
    if button == "#hint-button":
        fresh.focus("#board .cell >> nth=0")
        fresh.keyboard.press("h")  # asked again from the keyboard while at work
        fresh.wait_for_timeout(100)
        assert fresh.inner_text(button) == words
    while held:
        held.pop().continue_()
    fresh.wait_for_function(
        "selector => !document.querySelector(selector).hasAttribute('aria-busy')", arg=button
    )
    if button == "#hint-button":  # the second press went on to the step
        assert fresh.inner_text(button) in ("Hint: show the step", "Hint: apply it")
        fresh.wait_for_selector("#hint-technique")
    else:
        assert fresh.inner_text(button) == label
    fresh.unroute(route)

"""The player's panels in a real headless browser (deductions.js): practice boards from
the Rules panel whose first step past the easier rules is the rule, every step now as
`queens hint --all` lists it, a what-if placed, derived and rolled back, and "why" on a
half-played archive board giving a chain that replays. One server for the module."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from queens_core import Board, load_registry
from queens_core.engine.driver import Solver
from queens_core.engine.state import cell_label, read_state
from queens_core.exact import find_solutions
from queens_core.generator.practice import basics_of
from queens_core.tools.steps import decides, replay_chain, start_position

ROOT = Path(__file__).resolve().parents[2]
ARCHIVE = ROOT / "archive" / "boards"
CHROMIUM = os.environ.get("QUEENS_CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
QUEENS = str(Path(sys.executable).parent / "queens")

pytestmark = pytest.mark.browser

if not os.path.exists(CHROMIUM):
    pytest.skip(f"no chromium at {CHROMIUM}: browser tests skipped", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server():
    process = subprocess.Popen(
        [QUEENS, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        line = process.stdout.readline() if process.stdout else ""
        assert line.startswith("queens: serving http://127.0.0.1:"), line
        yield line.split()[2]
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def tab(server):
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.set_default_timeout(90_000)
        page.goto(server)
        page.wait_for_selector("#board .cell")
        yield page
        assert not errors, errors
        browser.close()


def post(server: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(
        server.rstrip("/") + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)


def load_board(tab, text: str, stars: str = "") -> None:
    tab.evaluate("document.getElementById('input').open = true")
    tab.fill("#board-text", text)
    tab.select_option("#paste-stars", stars)
    tab.evaluate("document.getElementById('board').dataset.verdict = 'pending'")
    tab.click("#load-button")
    tab.wait_for_function(
        "letters => Array.from(document.querySelectorAll('#board .cell'),"
        " c => c.dataset.region).join('') === letters"
        " && document.getElementById('board').dataset.verdict !== 'pending'",
        arg="".join(text.split()),
    )


def cell(label: str) -> str:
    return f'#board .cell[data-cell="{label}"]'


def page_marks(tab) -> dict[str, str]:
    return tab.eval_on_selector_all(
        "#board .cell",
        "cells => Object.fromEntries(cells.map(c => [c.dataset.cell, c.dataset.mark]))",
    )


def page_picture(tab, n: int) -> str:
    marks = page_marks(tab)
    symbol = {"empty": ".", "cross": "x", "queen": "Q"}
    return "\n".join(
        "".join(symbol[marks[f"r{r + 1}c{c + 1}"]] for c in range(n)) for r in range(n)
    )


@pytest.mark.parametrize(
    "rule",
    [
        "region_confined_to_line",
        "polyomino_domino",
        "n_regions_in_n_lines",
        "exclusion",
        "local_enumeration",
    ],
)
def test_practise_this_opens_a_board_whose_first_step_past_the_easier_rules_is_the_rule(tab, rule):
    registry = load_registry()
    chosen = next(r for r in registry.rules if r.counter == rule)
    tab.evaluate("document.getElementById('rules').open = true")
    tab.click(f'#rule-list li[data-rule="{rule}"] button.practise')
    tab.wait_for_function(
        "name => document.getElementById('source').textContent.includes(`practise ${name} on`)",
        arg=chosen.display_name,
    )
    rows = [r for r in tab.input_value("#board-text").split() if r != "stars:" and not r.isdigit()]
    stars = 1 if chosen.sound_for(1) else chosen.min_stars
    board = Board.parse("\n".join(rows)).with_stars(stars)
    assert len(find_solutions(board, 2)) == 1
    # The position the page opens at is the easier rules' fixed point, and nothing more.
    easier = Solver(basics_of(chosen, registry.rules, stars), stars=stars).solve(board)
    shown = read_state(board, page_picture(tab, board.n))
    assert shown == easier.state
    tab.click("#hint-button")
    tab.wait_for_selector("#hint-technique")
    assert chosen.display_name in tab.inner_text("#hint-technique")


def test_a_rule_with_no_practice_board_says_so_instead_of_a_button(tab):
    """A rule the seed search never found first past the easier rules (unit_full: no
    easier rule places a star, and it needs one) has no "Practise this" that would search
    in vain for 25 s; the panel says how far it was searched."""
    from queens_web.practice import load_table

    never = [counter for counter, known in load_table().items() if not known.seeds]
    assert "unit_full" in never
    tab.evaluate("document.getElementById('rules').open = true")
    for counter in never:
        item = f'#rule-list li[data-rule="{counter}"]'
        assert tab.locator(f"{item} button.practise").count() == 0
        note = tab.inner_text(f"{item} .practise-none")
        # The boards searched said with their size and stars: the trial sweep runs on
        # 15×15 to 17×17 only, and "the boards made from seeds 0 to 46" read as any.
        assert note.startswith(
            "Not offered for practice: on the 8×8 boards with 2 stars per row, column and"
            " region made from seeds 0 to "
        )
        assert note.endswith("it was never the first step past the easier rules.")
    offered = tab.locator("#rule-list button.practise").count()
    assert offered == sum(
        r.counting != "placement" and r.counter not in never for r in load_registry().rules
    )


def test_every_step_now_lists_the_steps_hint_all_lists(tab, tmp_path: Path):
    board_text = (ARCHIVE / "353.txt").read_text()
    load_board(tab, board_text)
    tab.click(cell("r4c1"))  # a cross the solution agrees with
    tab.click("#all-steps-button")
    tab.wait_for_selector("#all-steps")
    shown = tab.eval_on_selector_all(
        "#all-steps li",
        "items => items.map(i => [i.dataset.rule, i.querySelector('.why').textContent])",
    )
    state = tmp_path / "state.txt"
    state.write_text(page_picture(tab, 7) + "\n")
    listed = subprocess.run(
        [
            QUEENS,
            "hint",
            "--all",
            "--format",
            "json",
            str(ARCHIVE / "353.txt"),
            "--state",
            str(state),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    document = json.loads(listed.stdout)
    assert shown == [[step["rule"], step["why"]] for step in document["steps"]]
    assert len(shown) > 3


def test_at_a_desk_the_steps_are_listed_beside_the_board_on_the_first_screen(tab, server):
    """At 1280×900 the player's answers sit in the column beside the board, under the
    hint panel, not under the board where the first screen ends."""
    # A fresh page: what an earlier test on this tab left in the column (its answers,
    # a why's chain) would push the list down, and which tests ran before varies.
    tab.goto(server)
    tab.wait_for_selector("#board .cell")
    load_board(tab, (ARCHIVE / "353.txt").read_text())
    tab.click("#all-steps-button")
    tab.wait_for_selector("#all-steps li")
    board = tab.locator("#board").bounding_box()
    steps = tab.locator("#all-steps").bounding_box()
    assert steps["x"] >= board["x"] + board["width"]  # beside, not below
    assert steps["y"] < board["y"] + board["height"]
    buttons = tab.locator("#deductions-controls").bounding_box()
    assert buttons["y"] + buttons["height"] <= 900  # the buttons on the first screen
    assert tab.evaluate("document.documentElement.scrollWidth") <= 1280


def test_what_if_places_derives_and_rolls_back(tab, server):
    board_text = (ARCHIVE / "353.txt").read_text()
    load_board(tab, board_text)
    before = page_marks(tab)
    tab.focus(cell("r1c1"))
    tab.keyboard.press("t")
    tab.wait_for_selector("#what-if-message")
    # The page's own marks (an earlier test may have left some on this board).
    marks = page_picture(tab, 7).split()
    expected = post(
        server, "/api/what-if", {"board": board_text.split(), "cell": [0, 0], "state": marks}
    )
    assert tab.inner_text("#what-if-message") == expected["message"]
    tentative = tab.eval_on_selector_all(
        "#board .cell[data-tentative]",
        "cells => Object.fromEntries(cells.map(c => [c.dataset.cell, c.dataset.tentative]))",
    )
    queens = {f"r{r + 1}c{c + 1}" for r, c in expected["after"]["queens"]}
    assert {c for c, what in tentative.items() if what == "queen"} == queens
    # What the queen brings about, not the solve to a full board (the solution): each
    # cell it decides gets a tentative mark, and some stay open.
    assert expected["status"] in ("bounded", "stalled")
    assert "r1c1" in queens and len(queens) < 7
    decided = len(expected["after"]["queens"]) + len(expected["after"]["dead"])
    assert len(tentative) == decided - sum(mark != "empty" for mark in before.values())
    assert len(tentative) < sum(mark == "empty" for mark in before.values())
    tab.click("#what-if-rollback")
    assert tab.eval_on_selector_all("#board .cell[data-tentative]", "c => c.length") == 0
    assert page_marks(tab) == before
    # A piece that cannot be right: the reason, and nothing to keep.
    tab.focus(cell("r1c2"))
    tab.keyboard.press("t")
    tab.wait_for_selector("#what-if-message")
    assert "cannot be right" in tab.inner_text("#what-if-message")
    assert tab.query_selector("#what-if-keep") is None
    tab.click("#what-if-rollback")


def test_why_and_what_if_ask_about_the_cell_picked_by_mouse_or_keyboard_not_marking_it(tab):
    """Pressed, Why this cell? and What if? wait for the cell: the click on it asks about
    it and leaves its mark alone (a click on the board otherwise cycles the mark, so a
    mouse player could not ask about an empty cell); Esc lets the question go."""
    load_board(tab, (ARCHIVE / "353.txt").read_text())
    tab.evaluate("page.marks.fill(0); page.placed = []; render()")
    before = page_marks(tab)
    tab.click("#why-button")
    assert tab.get_attribute("#why-button", "aria-pressed") == "true"
    assert tab.inner_text("#deductions-working").startswith("Pick the cell to ask why")
    tab.click(cell("r2c3"))
    tab.wait_for_selector("#why-message")
    assert tab.inner_text("#deductions-panel").startswith("Why r2c3?")
    assert page_marks(tab) == before  # asked about, not marked
    assert tab.get_attribute("#why-button", "aria-pressed") == "false"
    # What if?, picked from the keyboard: the button, then arrows and Enter on the board.
    tab.focus("#what-if-button")
    tab.keyboard.press("Enter")
    tab.wait_for_function("() => document.activeElement.classList.contains('cell')")
    tab.keyboard.press("Enter")
    tab.wait_for_selector("#what-if-message")
    assert page_marks(tab) == before
    tab.click("#what-if-rollback")
    # Esc, or the button pressed again, lets the question go: the next click marks.
    tab.click("#why-button")
    tab.keyboard.press("Escape")
    assert tab.get_attribute("#why-button", "aria-pressed") == "false"
    assert not tab.is_visible("#deductions-working")
    tab.click("#what-if-button")
    tab.click("#what-if-button")
    tab.click(cell("r1c1"))
    assert page_marks(tab)["r1c1"] == "cross"
    tab.evaluate("page.marks.fill(0); page.placed = []; render()")


def test_why_on_a_half_played_archive_board_gives_a_chain_that_replays(tab, server):
    board_text = (ARCHIVE / "1.txt").read_text()
    board = Board.parse(board_text)
    (solution,) = find_solutions(board, 2)
    load_board(tab, board_text)
    queens = [i for i in range(64) if solution >> i & 1][:4]  # half the queens placed
    for i in queens:
        tab.focus(cell(cell_label(board, i)))
        tab.keyboard.press("q")
    picture = page_picture(tab, 8)
    assert picture.count("Q") == 4
    state = start_position(board, read_state(board, picture))
    target = next(i for i in range(64) if state.live >> i & 1)
    tab.focus(cell(cell_label(board, target)))
    tab.keyboard.press("w")
    tab.wait_for_selector("#why-message")
    expected = post(
        server,
        "/api/why",
        {"board": board_text.split(), "cell": list(divmod(target, 8)), "state": picture.split()},
    )
    assert tab.inner_text("#why-message") == expected["message"]
    assert expected["status"] == "chain"
    shown = tab.eval_on_selector_all("#why-chain li", "items => items.map(i => i.dataset.rule)")
    assert shown == [step["rule"] for step in expected["chain"]]
    # The chain replays from the position: each step one the rules take there, the last
    # deciding the cell as the solution has it.
    solver = Solver(load_registry().rules)
    keys = [(s["rule"], _placed(board, s), s["detail"]) for s in expected["chain"]]
    made = replay_chain(board, state, solver, keys)
    assert made is not None and decides(made[-1].step, target)
    assert (expected["outcome"] == "queen") == bool(solution >> target & 1)


def _placed(board: Board, step: dict) -> int:
    return 0 if step["placed"] is None else 1 << (step["placed"][0] * board.n + step["placed"][1])


def test_why_of_a_long_star_battle_chain_shows_the_steps_the_last_leans_on(tab, server):
    board_text = (ROOT / "archive" / "starbattle-sizes" / "10x10-2stars-01.txt").read_text()
    rows = board_text.split()[2:]  # after the line "stars: 2"
    load_board(tab, "\n".join(rows), stars="2")
    tab.focus(cell("r10c10"))
    tab.keyboard.press("w")
    tab.wait_for_selector("#why-shown")
    expected = post(server, "/api/why", {"board": rows, "stars": 2, "cell": [9, 9]})
    assert len(expected["chain"]) > 12
    numbers = tab.eval_on_selector_all("#why-chain li", "items => items.map(i => i.value)")
    assert numbers == [index + 1 for index in expected["leaned_on"][-12:]]
    every = tab.eval_on_selector_all("#deductions-panel details li", "items => items.length")
    assert every >= len(expected["chain"])
    assert tab.inner_text("#why-message") == expected["message"]


def test_a_question_waits_for_its_answer_and_an_answer_to_an_old_position_is_not_shown(tab):
    """While a why is out the three buttons wait and a line says what is being worked
    out; when the player changes the position meanwhile, the answer that comes back is
    not shown as if it were about the new one."""
    load_board(tab, (ARCHIVE / "353.txt").read_text())
    held = []
    tab.route("**/api/why", lambda route: held.append(route))
    try:
        tab.focus(cell("r2c2"))
        tab.keyboard.press("w")
        tab.wait_for_function("() => document.getElementById('why-button').disabled")
        assert tab.is_visible("#deductions-working")
        assert tab.inner_text("#deductions-working") == "Working out why r2c2 is what it is…"
        assert tab.is_disabled("#all-steps-button") and tab.is_disabled("#what-if-button")
        tab.keyboard.press("w")  # a second press while the first is out asks nothing more
        tab.keyboard.press("x")  # the player crosses r2c2 meanwhile
        tab.wait_for_timeout(200)
        assert len(held) == 1
        held.pop().continue_()
        tab.wait_for_function("() => !document.getElementById('why-button').disabled")
    finally:
        tab.unroute("**/api/why")
    assert tab.is_hidden("#deductions-working")
    assert tab.inner_text("#message") == (
        "the position changed while the answer was worked out: ask again"
    )
    assert tab.query_selector("#why-message") is None


def test_new_board_says_at_once_that_no_4x4_board_is_hard(tab, server):
    """No 4×4 board with one solution is Hard: the page says so, not after the maker's
    ten seconds of trying."""
    tab.goto(server)
    tab.wait_for_selector("#board .cell")
    tab.evaluate("document.getElementById('input').open = true")
    # The page reopens on the last board shown, which an earlier test may have left a
    # Star Battle board, whose sizes start above 4: choose Queens first, as a player would.
    tab.select_option("#new-stars", "1")
    tab.select_option("#new-size", "4")
    tab.select_option("#new-grade", "Hard")
    started = tab.evaluate("performance.now()")
    tab.click("#new-button")
    tab.wait_for_selector("#message:not([hidden])", timeout=5_000)
    assert tab.evaluate("performance.now()") - started < 5_000
    assert "no 4×4 Queens board with one solution is graded Hard" in tab.inner_text("#message")


def refusal(server: str, body: dict) -> str:
    """The server's one line for a what-if it refuses (HTTP 400)."""
    try:
        post(server, "/api/what-if", body)
    except urllib.error.HTTPError as refused:
        assert refused.code == 400
        return json.load(refused)["error"]
    raise AssertionError(f"the server took {body}")


def test_what_if_on_a_cell_that_is_not_open_says_why_without_an_error_in_the_console(tab, server):
    """What if? on a crossed cell, a queen (a star) or a cell the pieces placed rule out is
    a player's slip, not a fault: the page says why in the server's words, and asks the
    server nothing (its refusal, an HTTP 400, was an error in the browser's console)."""
    console: list[str] = []
    asked: list[str] = []

    def seen(message) -> None:
        if message.type == "error":
            console.append(message.text)

    def request(sent) -> None:
        if "/api/what-if" in sent.url:
            asked.append(sent.url)

    tab.on("console", seen)
    tab.on("request", request)
    try:
        board_text = (ARCHIVE / "353.txt").read_text()
        load_board(tab, board_text)
        tab.evaluate("page.marks.fill(0); page.placed = []; render()")
        tab.click(cell("r1c1"))  # ✕
        tab.click(cell("r3c3"))
        tab.click(cell("r3c3"))  # ♛
        marks = page_picture(tab, 7).split()
        for label in ("r1c1", "r3c3", "r2c2", "r3c7", "r7c3"):
            tab.click("#what-if-button")
            tab.click(cell(label))
            r, c = int(label[1]) - 1, int(label[3]) - 1
            expected = refusal(
                server, {"board": board_text.split(), "cell": [r, c], "state": marks}
            )
            tab.wait_for_function(
                "text => document.getElementById('message').textContent === text", arg=expected
            )
        # A Star Battle board: a star's ring, crossed by auto-✕ or not, and a full row.
        board_text = (ROOT / "archive" / "starbattle-sizes" / "10x10-2stars-01.txt").read_text()
        rows = board_text.split()[2:]
        load_board(tab, "\n".join(rows), stars="2")
        tab.evaluate("page.marks.fill(0); page.placed = []; render()")
        for label in ("r1c1", "r1c3"):
            tab.click(cell(label))
            tab.click(cell(label))  # ★
        for autox in (False, True):
            tab.set_checked("#autox-toggle", autox)
            state = tab.evaluate("picture()")
            for label, (r, c) in (("r2c2", (1, 1)), ("r1c7", (0, 6)), ("r1c1", (0, 0))):
                tab.click("#what-if-button")
                tab.click(cell(label))
                body = {"board": rows, "stars": 2, "cell": [r, c], "state": state}
                tab.wait_for_function(
                    "text => document.getElementById('message').textContent === text",
                    arg=refusal(server, body),
                )
        tab.set_checked("#autox-toggle", False)
        # An open cell is asked about, and answered.
        tab.click("#what-if-button")
        tab.click(cell("r5c5"))
        tab.wait_for_selector("#what-if-message")
        assert len(asked) == 1
        assert not console, console
    finally:
        tab.remove_listener("console", seen)
        tab.remove_listener("request", request)


def test_a_steps_key_names_only_the_outlines_it_draws(tab):
    """The key under a hint's step listed "placed" for a step that only crosses cells out
    (and so drew no placed outline): it names the outlines the board shows, no others."""
    # From the empty board (the module's tab kept the marks other tests made on it).
    tab.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('queens/progress/'))"
        ".forEach(k => localStorage.removeItem(k))"
    )
    load_board(tab, (ARCHIVE / "353.txt").read_text())
    assert set(page_marks(tab).values()) == {"empty"}
    seen = set()
    for _ in range(12):
        tab.click("#hint-button")
        tab.wait_for_selector("#hint-nudge, #hint-cells")
        if tab.locator("#hint-nudge").count():
            tab.click("#hint-button")
            tab.wait_for_selector("#hint-cells")
        step = tab.evaluate("page.hint.doc.step")
        key = tab.inner_text("#panel .legend")
        assert ("placed" in key) == bool(step["placed"]), (key, step)
        assert ("crossed out" in key) == bool(step["killed"]), (key, step)
        seen.add((bool(step["placed"]), bool(step["killed"])))
        tab.click("#hint-button")  # apply it
        tab.wait_for_selector("#hint-cells", state="detached")
        if tab.locator("#win-message").count():
            break
    assert (False, True) in seen, seen  # a step that only crosses out was shown

"""Take the screenshots of `queens serve` in tests/fixtures/screenshots/serve/: a real
browser (Debian's chromium, driven by Playwright) shows archive boards at desktop and
phone sizes, light and dark, with crowns and crosses placed by clicking the cells as a
player does. Each picture gets its label (the board) and, when marked, its marks file.

Dark mode is LinkedIn's look imitated with a style sheet laid over the page (a
near-black page, the regions' colours dimmed), since the page has no dark theme.

    .venv/bin/python scripts/serve-screenshots.py [--out DIR]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import zlib
from pathlib import Path

from playwright.sync_api import sync_playwright

from queens_core import Board
from queens_core.referee.exact import solve_exact

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

DARK = """
body, main, header, section, aside, textarea {
  background: #1b1f23 !important; color: #e8e8e8 !important;
}
#board .cell { filter: brightness(0.62); }
"""

#: (name, archive board, viewport, device scale, dark, marks: none / some / all)
SHOTS = [
    ("desktop-light-101", "101", (1366, 900), 1, False, "none"),
    ("desktop-dark-246", "246", (1366, 900), 1, True, "none"),
    ("desktop-light-some-300", "300", (1366, 900), 1, False, "some"),
    ("desktop-dark-all-227", "227", (1920, 1080), 1, True, "all"),
    ("phone-light-some-5", "5", (390, 844), 3, False, "some"),
    ("phone-dark-some-100", "100", (390, 844), 3, True, "some"),
    ("phone-light-all-353", "353", (390, 844), 2, False, "all"),
    ("phone-dark-none-450", "450", (412, 915), 2, True, "none"),
    # Auto-✕ on: the page crosses each queen's neighbours itself, in a lighter, thinner
    # stroke than the player's own crosses.
    ("desktop-light-auto-320", "320", (1366, 900), 1, False, "auto"),
    ("phone-light-auto-17", "17", (390, 844), 3, False, "auto"),
    ("phone-dark-auto-402", "402", (412, 915), 2, True, "auto"),
    ("desktop-dark-auto-58", "58", (1920, 1080), 1, True, "auto"),
    # Star Battle: the page draws its queens as stars.
    ("desktop-light-stars-10x10", "starbattle/10x10-2stars-06", (1366, 900), 1, False, "some"),
    ("phone-dark-stars-9x9", "starbattle/9x9-2stars-01", (390, 844), 3, True, "some"),
]


def marks_for(board: Board, kind: str, seed: int) -> list[str]:
    """``.``, ``x``, ``♛`` a cell: nothing; a few queens of the solution and crosses
    elsewhere; the solution with every other cell crossed; or (``auto``) half the
    solution's queens, whose crosses the page draws itself."""
    n = board.n
    if kind == "none":
        return ["." * n] * n
    solution = set(solve_exact(board) or [])
    rng = random.Random(seed)
    queens = solution if kind == "all" else set(rng.sample(sorted(solution), n // 2))
    if kind == "auto":
        return ["".join("♛" if (r, c) in queens else "." for c in range(n)) for r in range(n)]
    rows = []
    for r in range(n):
        row = ""
        for c in range(n):
            if (r, c) in queens:
                row += "♛"
            elif kind == "all" or ((r, c) not in solution and rng.random() < 0.35):
                row += "x"
            else:
                row += "."
        rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "tests/fixtures/screenshots/serve")
    args = parser.parse_args()
    labels = args.out.parent / "labels"
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "queens"), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stdout.readline() if server.stdout else ""
        url = line.split()[2]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for name, number, (width, height), scale, dark, kind in SHOTS:
                # An archive number, or a path under archive/ (a Star Battle board).
                source = ROOT / "archive" / (number if "/" in number else f"boards/{number}")
                text = source.with_suffix(".txt").read_text(encoding="utf-8")
                lines = text.splitlines()
                stars = int(lines.pop(0).split(":")[1]) if lines[0].startswith("stars:") else 1
                board = Board.parse("\n".join(lines)).with_stars(stars)
                context = browser.new_context(
                    viewport={"width": width, "height": height},
                    device_scale_factor=scale,
                    color_scheme="dark" if dark else "light",
                    bypass_csp=dark,  # for the dark style sheet laid over the page
                )
                tab = context.new_page()
                tab.goto(url)
                tab.wait_for_selector("#board .cell")
                tab.click("#input summary")  # the text box is folded away
                tab.fill("#board-text", text)
                tab.click("#load-button")
                tab.wait_for_function(
                    "n => document.querySelectorAll('#board .cell').length === n * n",
                    arg=board.n,
                )
                if dark:
                    tab.add_style_tag(content=DARK)
                if kind == "auto":
                    tab.check("#autox-toggle")
                marks = marks_for(
                    board, kind, int(number) if number.isdigit() else zlib.crc32(text.encode())
                )
                for r, row in enumerate(marks):
                    for c, mark in enumerate(row):
                        cell = f'#board .cell[data-cell="r{r + 1}c{c + 1}"]'
                        for _ in range({".": 0, "x": 1, "♛": 2}[mark]):
                            tab.click(cell)
                # What the page shows, its own crosses included (auto-✕).
                shown = tab.eval_on_selector_all(
                    "#board .cell", "cells => cells.map(cell => cell.dataset.mark)"
                )
                symbol = {"empty": ".", "cross": "x", "queen": "♛"}
                marks = [
                    "".join(symbol[m] for m in shown[r * board.n : (r + 1) * board.n])
                    for r in range(board.n)
                ]
                tab.locator("#board").scroll_into_view_if_needed()
                tab.screenshot(path=str(args.out / f"{name}.png"))
                (labels / f"{name}.txt").write_text("\n".join(board.rows) + "\n", encoding="utf-8")
                if kind != "none":
                    (labels / f"{name}.marks.txt").write_text(
                        "\n".join(marks) + "\n", encoding="utf-8"
                    )
                context.close()
                print(name)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()

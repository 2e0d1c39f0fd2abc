"""Benchmark of the marks the screenshot reader reads (crosses, queens), beside a
baseline checkout in the same run.

Three sets, each read by a child process whose ``sys.path`` puts a tree's packages first
(the pictures and their marks are this checkout's, so both trees read the same ones):

- **page**: the real screenshots in tests/fixtures/screenshots whose labels give marks
  (the queens serve page in Chromium, auto-✕ and Star Battle stars included; a LinkedIn
  crop with crowns);
- **laid on**: the 15 real LinkedIn screenshots of tests/fixtures/screenshots/santipvz
  with marks laid on them (thin, small, faint and heavy crosses with crowns; thin crosses
  with the page's stars), each as a PNG, a JPEG and scaled to 60%;
- **rendered**: archive boards drawn by ``queens render`` with queens and crosses, scaled
  to 300 and 900 px, as JPEG, inverted (a dark page) and in page chrome.

For each: crosses found / missed / false (a cross where there is none), queens found /
missed, and the two errors that must stay 0: a cross read as a queen, a queen read as a
cross.

    .venv/bin/python bench/bench_read_marks.py                       # this tree alone
    .venv/bin/python bench/bench_read_marks.py --baseline ../base    # beside a baseline
"""

from __future__ import annotations

import argparse
import io
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "tests" / "fixtures" / "screenshots"
HELPERS = ROOT / "queens_read_image" / "tests"
PACKAGES = ("queens_core", "queens_read_image", "queens_rules_starbattle")
SETS = ("page", "laid on", "rendered")


def tally(found: Counter[str], want: str, got: str) -> None:
    for expected, read in zip(want, got, strict=True):
        found[f"{expected}>{read}"] += 1


# -- in the child process ----------------------------------------------------------------


def work(set_name: str) -> dict[str, int]:
    from queens_read_image.engine import read_picture

    found: Counter[str] = Counter()

    def read(data: bytes, want: str) -> None:
        try:
            marks = read_picture(data).marks
        except ValueError:
            found["refused"] += 1
            return
        tally(found, want, "".join(marks) if marks else "." * len(want))

    if set_name == "page":
        for label in sorted(SHOTS.glob("labels/*.marks.txt")):
            name = label.name.removesuffix(".marks.txt")
            picture = next(SHOTS.glob(f"*/{name}.png"))
            read(picture.read_bytes(), "".join(label.read_text(encoding="utf-8").split()))
    elif set_name == "laid on":
        from drawn_boards import CROSSES, marked_screenshot, screenshot_variants

        styles = [(cross, "crown") for cross in CROSSES] + [("thin", "star")]
        for k in range(1, 16):
            for cross, queen in styles:
                picture, want = marked_screenshot(SHOTS, f"board{k}", cross, queen, seed=k)
                for data in screenshot_variants(picture).values():
                    read(data, want)
    else:
        from PIL import Image, ImageOps

        from queens_core import Board, State
        from queens_core.referee.exact import solve_exact
        from queens_core.render.png import render_png

        for number in (1, 100, 101, 246, 353):
            board = Board.parse((ROOT / "archive" / "boards" / f"{number}.txt").read_text())
            solution = solve_exact(board) or []
            rng = random.Random(number)
            queens = sum(1 << (r * board.n + c) for r, c in rng.sample(solution, 3))
            crossed = sum(
                1 << i
                for i in rng.sample(range(board.n * board.n), 3 * board.n)
                if not queens >> i & 1
            )
            state = State(board.full & ~queens & ~crossed, queens)
            want = "".join(state.picture(board, show_dead=True).split()).replace("⨯", "x")
            drawn = Image.open(io.BytesIO(render_png(board, state, cell=60))).convert("RGB")
            for side in (300, 900):
                small = drawn.resize((side, side), Image.Resampling.LANCZOS)
                for fmt, picture in (
                    ("PNG", small),
                    ("JPEG", small),
                    ("PNG", ImageOps.invert(small)),
                ):
                    out = io.BytesIO()
                    picture.save(out, fmt, **({"quality": 70} if fmt == "JPEG" else {}))
                    read(out.getvalue(), want)
    return dict(found)


# -- in the parent -----------------------------------------------------------------------


def child(tree: Path, set_name: str) -> dict[str, int]:
    """Read one set in a fresh interpreter that imports the packages of ``tree``."""
    paths = [str(tree / package) for package in PACKAGES]
    bench = str(Path(__file__).parent)
    code = (
        f"import sys, json; sys.path[:0] = {paths!r}; sys.path[len({paths!r}):0] = "
        f"[{bench!r}, {str(HELPERS)!r}]; import bench_read_marks as b; "
        f"print(json.dumps(b.work({set_name!r})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {set_name} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, help="a checkout to measure beside this one")
    args = parser.parse_args()
    trees = [("this tree", ROOT)]
    if args.baseline:
        trees.insert(0, ("baseline", args.baseline.resolve()))
    print(
        f"{'set':<9} {'tree':<10} {'crosses':>8} {'found':>6} {'missed':>7} {'false':>6} "
        f"{'queens':>7} {'found':>6} {'x→♛':>5} {'♛→x':>5} {'refused':>8}"
    )
    for set_name in SETS:
        for label, tree in trees:
            got = Counter(child(tree, set_name))
            crosses = sum(v for k, v in got.items() if k.startswith("x>"))
            queens = sum(v for k, v in got.items() if k.startswith("♛>"))
            print(
                f"{set_name:<9} {label:<10} {crosses:>8} {got['x>x']:>6} {got['x>.']:>7} "
                f"{got['.>x']:>6} {queens:>7} {got['♛>♛']:>6} {got['x>♛']:>5} "
                f"{got['♛>x']:>5} {got['refused']:>8}"
            )


if __name__ == "__main__":
    main()

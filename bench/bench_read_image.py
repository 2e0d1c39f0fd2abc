"""Benchmark of the screenshot reader (queens-read-image) over the real screenshots in
tests/fixtures/screenshots, beside a baseline checkout in the same run.

For each tree it reports: boards read to their label, wrong boards (must be 0: a refusal
beats a guess), refusals, pictures whose marks (queens, crosses, or none) came out right,
the median and worst time of a reading, and the peak memory of the process that read
them all. Then the time to read about 1000×1000 pixels (the target is a median under
300 ms), and the peak memory of reading one 6300×6300 PNG in a fresh process.

Each tree is read by a child process whose ``sys.path`` puts that tree's packages first,
so both run on this checkout's interpreter and Pillow. The pictures and their labels
are this checkout's, so a baseline is measured on the same set.

    .venv/bin/python bench/bench_read_image.py                       # this tree alone
    git worktree add /tmp/image-base <commit>                         # a baseline
    .venv/bin/python bench/bench_read_image.py --baseline /tmp/image-base --runs 5
"""

from __future__ import annotations

import argparse
import io
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "tests" / "fixtures" / "screenshots"
PACKAGES = ("queens_core", "queens_read_image", "queens_rules_starbattle")


def partition(rows: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The board with letters renamed in reading order: equal iff the same regions."""
    names: dict[str, str] = {}
    return tuple("".join(names.setdefault(ch, chr(65 + len(names))) for ch in row) for row in rows)


def real_set() -> list[tuple[Path, list[str] | None, list[str] | None]]:
    """Each labelled picture with its board (None: a crop the reader must refuse) and its
    marks (None: it shows none)."""
    found = []
    for picture in sorted(SHOTS.glob("*/*.png")):
        label = SHOTS / "labels" / f"{picture.stem}.txt"
        if not label.exists():
            continue
        marks = SHOTS / "labels" / f"{picture.stem}.marks.txt"
        board = None if picture.stem.startswith("uboard") else label.read_text().split()
        found.append((picture, board, marks.read_text().split() if marks.exists() else None))
    return found


# -- in the child process ----------------------------------------------------------------


def peak_mb() -> float:
    """The peak resident memory of this process's own address space (Linux's VmHWM),
    else its ``ru_maxrss``, which Linux carries over from the parent's size at fork: a
    child of a large process (a test run) would start at the parent's size."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def work_real_set(runs: int) -> dict:
    from queens_core import BoardError
    from queens_read_image.plugin import read_screenshot

    outcome = {"read": 0, "wrong": 0, "refused": 0, "refused_right": 0, "marks_right": 0}
    times: list[float] = []
    failures: list[str] = []
    for picture, board, marks in real_set():
        data = picture.read_bytes()
        spent = []
        for _ in range(runs):
            start = time.perf_counter()
            try:
                reading = read_screenshot(data)
            except BoardError as error:
                reading = error
            spent.append((time.perf_counter() - start) * 1000)
        times.append(statistics.median(spent))
        name = f"{picture.parent.name}/{picture.stem}"
        if isinstance(reading, Exception):
            if board is None:
                outcome["refused_right"] += 1
            else:
                outcome["refused"] += 1
                failures.append(f"{name}: refused: {reading}")
            continue
        if board is None or partition(reading.board.rows) != partition(board):
            outcome["wrong"] += 1
            failures.append(f"{name}: WRONG BOARD")
            continue
        outcome["read"] += 1
        state = reading.state
        shown = state.picture(reading.board, show_dead=True).split() if state else None
        wanted = [line.replace("x", "⨯") for line in marks] if marks else None
        if shown == wanted:
            outcome["marks_right"] += 1
        else:
            failures.append(f"{name}: marks wrong")
    outcome.update(
        pictures=len(times),
        median_ms=statistics.median(times),
        worst_ms=max(times),
        peak_mb=peak_mb(),
        failures=failures,
    )
    return outcome


def thousand_pixel_cases() -> list[tuple[str, bytes]]:
    from PIL import Image

    from queens_core import Board
    from queens_core.render.png import render_png

    board = Board.parse((ROOT / "archive" / "boards" / "100.txt").read_text())
    drawn = Image.open(io.BytesIO(render_png(board, cell=64))).convert("RGB")
    tight = drawn.resize((1000, 1000), Image.Resampling.LANCZOS)
    page = Image.new("RGB", (1000, 1000), (243, 242, 239))
    page.paste(drawn.resize((650, 650), Image.Resampling.LANCZOS), (175, 200))

    def encoded(picture: Image.Image, fmt: str) -> bytes:
        out = io.BytesIO()
        picture.save(out, format=fmt, **({"quality": 85} if fmt == "JPEG" else {}))
        return out.getvalue()

    cases = [
        ("render 11×11, 1000 px, PNG", encoded(tight, "PNG")),
        ("render 11×11, 1000 px, JPEG", encoded(tight, "JPEG")),
        ("render 650 px in a 1000 px page", encoded(page, "PNG")),
    ]
    for name in ("desktop-light-101", "desktop-dark-246"):
        path = SHOTS / "serve" / f"{name}.png"
        cases.append((f"{name} (1366×900)", path.read_bytes()))
    return cases


def work_thousand(runs: int) -> dict:
    from queens_read_image.engine import ReadError, read_picture

    found = {}
    for name, data in thousand_pixel_cases():
        spent = []
        for _ in range(runs + 1):
            start = time.perf_counter()
            try:
                read_picture(data)
                ok = True
            except ReadError:
                ok = False
            spent.append((time.perf_counter() - start) * 1000)
        found[name] = {"median_ms": statistics.median(spent[1:]), "read": ok}
    return found


def write_large_png(path: str) -> dict:
    """Write a 6300×6300 RGBA PNG of a board (about 170 KB, 160 MB decoded) to ``path``:
    in a child process, since Linux keeps a process's peak memory across the fork and
    exec that start the next child."""
    from PIL import Image, ImageDraw

    side, n = 6300, 11
    picture = Image.new("RGBA", (side, side), (255, 255, 255, 255))
    draw = ImageDraw.Draw(picture)
    board = (ROOT / "archive" / "boards" / "100.txt").read_text().split()
    colours = {ch: (60 + 17 * k % 190, 90 + 41 * k % 160, 120 + 73 * k % 130, 255)
               for k, ch in enumerate(sorted({c for row in board for c in row}))}  # fmt: skip
    pitch = (side - 40) / n
    for r in range(n):
        for c in range(n):
            left, top = 20 + c * pitch, 20 + r * pitch
            draw.rectangle((left, top, left + pitch, top + pitch), fill=colours[board[r][c]])
            draw.rectangle((left, top, left + pitch, top + pitch), outline=(0, 0, 0, 255), width=6)
    picture.save(path, format="PNG")
    return {"bytes": Path(path).stat().st_size}


def work_large(path: str) -> dict:
    import queens_core.referee.exact  # noqa: F401  (imported by a reading: counted before)
    import queens_read_image.engine  # noqa: F401
    from queens_core import BoardError
    from queens_read_image.plugin import read_screenshot

    data = Path(path).read_bytes()
    before = peak_mb()
    start = time.perf_counter()
    try:
        read_screenshot(data)
        result = "read"
    except BoardError as error:
        result = f"refused: {error}"
    return {
        "ms": (time.perf_counter() - start) * 1000,
        "peak_mb": peak_mb(),
        "before_mb": before,
        "result": result,
    }


# -- in the parent -----------------------------------------------------------------------


def child(tree: Path, task: str, argument: str) -> dict:
    """Run ``task`` in a fresh interpreter that imports the packages of ``tree``."""
    paths = [str(tree / package) for package in PACKAGES]
    bench = str(Path(__file__).parent)
    code = (
        f"import sys, json; sys.path[:0] = {paths!r}; sys.path.insert(0, {bench!r}); "
        f"import bench_read_image as b; print(json.dumps(b.{task}({argument})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {task} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="timed reads a picture (default 3)")
    parser.add_argument("--baseline", type=Path, help="a checkout to measure beside this one")
    args = parser.parse_args()
    trees = [("this tree", ROOT)]
    if args.baseline:
        trees.insert(0, ("baseline", args.baseline.resolve()))

    count = len(real_set())
    print(f"Real screenshots: {count} pictures in tests/fixtures/screenshots, {args.runs} runs")
    print(
        f"{'tree':<10} {'read':>5} {'wrong':>6} {'refused':>8} {'refused ok':>10} "
        f"{'marks ok':>9} {'median ms':>10} {'worst ms':>9} {'peak MB':>8}"
    )
    failures = {}
    for label, tree in trees:
        got = child(tree, "work_real_set", str(args.runs))
        print(
            f"{label:<10} {got['read']:>5} {got['wrong']:>6} {got['refused']:>8} "
            f"{got['refused_right']:>10} {got['marks_right']:>9} {got['median_ms']:>10.1f} "
            f"{got['worst_ms']:>9.1f} {got['peak_mb']:>8.0f}"
        )
        failures[label] = got["failures"]
    for label, found in failures.items():
        for line in found:
            print(f"  {label}: {line}")

    print("\nAbout 1000 px (median ms; target under 300)")
    results = {label: child(tree, "work_thousand", str(args.runs)) for label, tree in trees}
    names = list(next(iter(results.values())))
    print(f"{'case':<36}" + "".join(f"{label:>12}" for label, _ in trees))
    for name in names:
        cells = "".join(
            f"{results[label][name]['median_ms']:>11.1f}"
            + (" " if results[label][name]["read"] else "!")
            for label, _ in trees
        )
        print(f"{name:<36}{cells}")
    print("(! after a time: the picture was refused)")

    print("\nOne 6300×6300 RGBA PNG, in a fresh process")
    big = Path("/tmp") / "bench-read-image-6300.png"
    size = child(ROOT, "write_large_png", repr(str(big)))["bytes"]
    print(f"({size // 1024} KB)")
    print(f"{'tree':<10} {'ms':>8} {'peak MB':>8} {'before MB':>10}  result")
    # before: the peak after the imports and reading the file, before decoding it.
    for label, tree in trees:
        got = child(tree, "work_large", repr(str(big)))
        print(
            f"{label:<10} {got['ms']:>8.0f} {got['peak_mb']:>8.0f} {got['before_mb']:>10.0f}  "
            f"{got['result']}"
        )
    big.unlink()


if __name__ == "__main__":
    main()

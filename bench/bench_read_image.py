"""Benchmark of the screenshot reader (queens-read-image): time to read a board from a
picture of about 1000×1000 pixels (the target is under 300 ms on the development
machine), beside decoding the same file alone, the floor any reader pays.

Cases: an archive board drawn by ``queens render`` and scaled to 1000 px (PNG and JPEG),
the same at 650 px inside a 1000×1000 page, and the real screenshots of about that size
in tests/fixtures/screenshots (LinkedIn look-alikes, whole pages).

    .venv/bin/python bench/bench_read_image.py              # 15 runs each, median and worst
    .venv/bin/python bench/bench_read_image.py --runs 40
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from queens_core.engine.board import Board
from queens_core.render.png import render_png
from queens_read_image.engine import open_picture, read_picture

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "tests" / "fixtures" / "screenshots"


def encoded(picture: Image.Image, fmt: str) -> bytes:
    out = io.BytesIO()
    picture.save(out, format=fmt, **({"quality": 85} if fmt == "JPEG" else {}))
    return out.getvalue()


def cases() -> list[tuple[str, bytes]]:
    board = Board.parse((ROOT / "archive" / "boards" / "100.txt").read_text())
    drawn = Image.open(io.BytesIO(render_png(board, cell=64))).convert("RGB")
    tight = drawn.resize((1000, 1000), Image.Resampling.LANCZOS)
    page = Image.new("RGB", (1000, 1000), (243, 242, 239))
    page.paste(drawn.resize((650, 650), Image.Resampling.LANCZOS), (175, 200))
    found = [
        ("render 11×11, 1000 px, PNG", encoded(tight, "PNG")),
        ("render 11×11, 1000 px, JPEG", encoded(tight, "JPEG")),
        ("render 650 px in a 1000 px page", encoded(page, "PNG")),
    ]
    for name in ("queensgame-1", "gameofcrowns-1", "linkedin-1"):
        path = SHOTS / "qsolve" / f"{name}.png"
        with Image.open(path) as shot:
            size = f"{shot.width}×{shot.height}"
        found.append((f"{name} ({size})", path.read_bytes()))
    return found


def timed(action: Callable[[], object], runs: int) -> list[float]:
    action()  # warm: the first call pays for imports and Pillow's plug-ins
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs a case (default 15)")
    args = parser.parse_args()
    print(f"{'case':<34} {'decode ms':>10} {'read ms':>9} {'worst':>7}")
    for name, data in cases():
        decode = timed(lambda data=data: open_picture(data), args.runs)
        read = timed(lambda data=data: read_picture(data), args.runs)
        print(
            f"{name:<34} {statistics.median(decode):>10.1f} "
            f"{statistics.median(read):>9.1f} {max(read):>7.1f}"
        )


if __name__ == "__main__":
    main()

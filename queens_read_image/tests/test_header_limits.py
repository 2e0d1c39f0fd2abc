"""A picture's cost is checked from its header, before anything is decoded, for every
format the reader takes: small files that declare huge pictures are refused in one line
at the memory of a plain start, and a picture given by name in any of those formats is
read as a picture (never taken for a text file)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from queens_core.cli.app import main
from queens_read_image.engine import DECODE_BUDGET, MAX_PIXELS, ReadError, open_picture

ROOT = Path(__file__).resolve().parents[2]
SHOT = ROOT / "tests" / "fixtures" / "screenshots" / "serve" / "phone-light-some-5.png"


def saved(picture: Image.Image, fmt: str, **options) -> bytes:
    out = io.BytesIO()
    picture.save(out, fmt, **options)
    return out.getvalue()


def hostile_files() -> dict[str, bytes]:
    """Files of a few kilobytes to a few hundred that declare more than the reader
    takes: over the pixel limit in each format, and a WebP under it whose decoder would
    take several times the memory budget."""
    over = Image.new("L", (7000, 7000), 0)  # 49 million pixels
    return {
        "PNG": saved(over, "PNG"),
        "JPEG": saved(over, "JPEG", quality=10),
        "GIF": saved(over.convert("P"), "GIF"),
        "BMP": saved(over.convert("P"), "BMP")[:4096],  # the header, then cut short
        "TIFF": saved(over, "TIFF", compression="tiff_deflate"),
        "WebP": saved(Image.new("RGB", (6000, 6000), (255, 255, 255)), "WEBP", lossless=True),
    }


#: The peak memory of a child that refuses every hostile file, over its peak once it has
#: imported the reader and read the files: well under one decoded picture of any of them.
MOST_EXTRA_MB = 20

CHILD = """
import json, sys
from queens_read_image.engine import ReadError, open_picture

def peak_mb():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024

files = {name: open(path, "rb").read() for name, path in json.loads(sys.argv[1]).items()}
before = peak_mb()
said = {}
for name, data in files.items():
    try:
        open_picture(data)
        said[name] = None
    except ReadError as error:
        said[name] = str(error)
print(json.dumps({"extra_mb": peak_mb() - before, "said": said}))
"""


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's VmHWM")
def test_hostile_headers_are_refused_in_one_line_before_any_decode(tmp_path):
    paths = {}
    for name, data in hostile_files().items():
        assert len(data) < 1_000_000, name  # small files, large pictures
        path = tmp_path / f"hostile-{name}"
        path.write_bytes(data)
        paths[name] = str(path)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(paths)],
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(done.stdout)
    for name, said in found["said"].items():
        assert said is not None and said.startswith("too large"), (name, said)
        assert "\n" not in said
    assert "7000×7000 = 49,000,000 pixels" in found["said"]["PNG"]
    assert found["said"]["WebP"].startswith("too large to decode: a 6000×6000 WEBP RGB")
    assert found["extra_mb"] < MOST_EXTRA_MB, found


def test_the_budget_takes_the_largest_picture_accepted_in_any_plain_format():
    # Pillow keeps three bands in four bytes: 40 million RGB pixels are the budget.
    assert DECODE_BUDGET == 4 * MAX_PIXELS
    for mode, fmt in (("RGB", "PNG"), ("RGBA", "TIFF"), ("L", "GIF"), ("RGB", "BMP")):
        data = saved(Image.new(mode, (64, 64)), fmt)
        assert open_picture(data).size == (64, 64)


@pytest.mark.slow
def test_a_webp_that_would_take_more_than_the_budget_is_refused_by_the_cli(tmp_path):
    hostile = tmp_path / "small.webp"
    hostile.write_bytes(
        saved(Image.new("RGB", (6000, 6000), (255, 255, 255)), "WEBP", lossless=True)
    )
    result = CliRunner().invoke(main, ["import", str(hostile)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "too large to decode: a 6000×6000 WEBP RGB picture takes about 549 MB" in (result.stderr)


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".tif", ".tiff", ".bmp", ".gif"])
def test_a_state_picture_named_in_any_format_is_read_for_its_marks(tmp_path, suffix):
    """A screenshot in TIFF or BMP was taken for a text state by its name and refused as
    larger than a text file may be."""
    picture = Image.open(SHOT).convert("RGB")
    state = tmp_path / f"shot{suffix}"
    picture.save(state)
    board = ROOT / "archive" / "boards" / "5.txt"
    result = CliRunner().invoke(main, ["hint", str(board), "--state", str(state)])
    assert result.exit_code == 0, result.stderr
    assert "larger than" not in result.stderr


def test_a_picture_too_large_by_its_header_is_a_read_error_not_a_decode():
    with pytest.raises(ReadError, match="too large"):
        open_picture(saved(Image.new("1", (7000, 7000)), "PNG"))

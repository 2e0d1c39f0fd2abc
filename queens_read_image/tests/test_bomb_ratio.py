"""A small file that declares a huge flat picture, under the pixel limit, is refused
from its header (before any decode, at the memory of a plain start); a picture up to a
large screen's size is decoded whatever its file's size."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from queens_read_image.engine import BOMB_RATIO, MAX_PIXELS, SCREEN_PIXELS, ReadError, open_picture


def flat_png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (255, 255, 255)).save(out, "PNG", optimize=True)
    return out.getvalue()


#: Open the picture of file argv[1]; print the peak memory it added and what was said.
CHILD = """
import json, sys
from queens_read_image.engine import ReadError, open_picture

def peak_mb():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024

data = open(sys.argv[1], "rb").read()
before = peak_mb()
try:
    open_picture(data)
    said = None
except ReadError as error:
    said = str(error)
print(json.dumps({"extra_mb": peak_mb() - before, "said": said}))
"""


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's VmHWM")
def test_a_flat_canvas_under_the_pixel_limit_is_refused_before_its_decode(tmp_path):
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(flat_png(6300, 6300))
    assert 6300 * 6300 < MAX_PIXELS and bomb.stat().st_size < 200_000
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(bomb)], capture_output=True, text=True, check=True
    )
    found = json.loads(done.stdout)
    assert found["said"].startswith(
        "too large for its file: a 6300×6300 PNG RGB picture of 128 KB takes about 151 MB "
        f"to decode, over {BOMB_RATIO:,} times its file"
    ), found
    # Decoded, it took some 150 MB more (190 MB in all for the command).
    assert found["extra_mb"] < 10, found


def test_a_picture_of_a_screens_size_is_decoded_however_flat():
    side = int(SCREEN_PIXELS**0.5)
    data = flat_png(side, side)
    assert side * side * 4 > BOMB_RATIO * len(data)  # flat enough to be refused if larger
    assert open_picture(data).size == (2048, 2048)  # decoded, then halved to work on


@pytest.mark.slow
def test_a_large_picture_that_its_file_accounts_for_is_decoded():
    """Over a screen's size but not flat (noise does not compress): decoded."""
    width, height = 4200, 4100
    noise = Image.effect_noise((width, height), 64).convert("RGB")
    out = io.BytesIO()
    noise.save(out, "PNG", compress_level=1)
    assert width * height > SCREEN_PIXELS
    assert open_picture(out.getvalue()).width == width // 2
    with pytest.raises(ReadError, match="too large for its file"):
        open_picture(flat_png(width, height))

"""A TIFF is read as a picture (it was taken for a text board, and refused as larger
than a text board may be), its size checked from its header as any picture's."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from queens_read_image.engine import ReadError, open_picture
from queens_read_image.plugin import looks_like_an_image


def _file(size: tuple[int, int], mode: str, kind: str) -> bytes:
    out = io.BytesIO()
    colour = (255,) * len(mode) if len(mode) > 1 else 255
    Image.new(mode, size, colour).save(out, kind)
    return out.getvalue()


def test_a_tiff_is_taken_for_a_picture():
    data = _file((64, 64), "RGB", "TIFF")
    assert looks_like_an_image(data)
    assert open_picture(data).size == (64, 64)


def test_a_tiff_too_large_is_refused_from_its_header():
    data = _file((6400, 6400), "L", "TIFF")
    with pytest.raises(ReadError, match="too large: 6400×6400 = 40,960,000 pixels"):
        open_picture(data)

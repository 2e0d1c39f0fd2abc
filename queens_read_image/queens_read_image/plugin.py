"""The ``image`` board reader: registers the screenshot engine with ``queens``.

Loaded with every ``queens`` command, so it imports nothing heavy: Pillow and the engine
are imported when a picture is actually read.
"""

from __future__ import annotations

from queens_core import Board, BoardError, Reader, Reading, State, hookimpl

#: The signatures of the formats the reader claims (PNG, JPEG, WebP, GIF, BMP, TIFF).
_MAGIC = (
    b"\x89PNG\r\n\x1a\n",
    b"\xff\xd8\xff",
    b"GIF87a",
    b"GIF89a",
    b"BM",
    b"II*\x00",  # TIFF, little-endian
    b"MM\x00*",  # TIFF, big-endian
)


def looks_like_an_image(data: bytes) -> bool:
    """Whether ``data`` starts like a picture file the reader decodes."""
    return data.startswith(_MAGIC) or (data[:4] == b"RIFF" and data[8:12] == b"WEBP")


def read_screenshot(data: bytes) -> Reading:
    """The board in a screenshot, with its queens and ✕ marks as the state."""
    from queens_core.api import max_stars
    from queens_core.exact import count_solutions

    from .engine import ReadError, read_picture

    try:
        picture = read_picture(data, _archive_palette())
    except ReadError as err:
        raise BoardError(str(err)) from None
    board = Board.from_rows(list(picture.rows))
    # A grid cropped by a row and a column still looks like a board; its regions, no
    # longer made for it, admit no solution. A picture does not show K, so a Star Battle
    # board (no Queens solution, but one with two stars a unit) is not refused.
    tried = range(1, min(max_stars(board.n), MOST_STARS_TRIED) + 1)
    counts = {k: count_solutions(board.with_stars(k), cap=2) for k in tried}
    if not any(counts.values()):
        n = board.n
        stars = "" if len(tried) == 1 else f" with {_spoken(tried)} stars per unit"
        raise BoardError(
            f"the {n}×{n} board read from the picture has no solution{stars} "
            "(is a row or column of the grid cut off?)"
        )
    unique = [k for k, count in counts.items() if count == 1]
    notes = picture.notes
    # Read as Queens, it would stall with a puzzling "0 queens placed": the one K that
    # makes it a puzzle is the puzzle the picture shows, and the commands use it (and
    # say so) when the user gives no K. With two such K the picture cannot tell.
    unique_stars = unique[0] if len(unique) == 1 and unique != [1] else None
    if counts[1] != 1 and len(unique) > 1:
        notes = (
            *notes,
            f"with one queen a unit the board has no single solution, but with "
            f"{' or '.join(map(str, unique))} stars a unit "
            "it has exactly one each: give K with --stars",
        )
    return Reading(
        board=board,
        state=marks_state(board, picture.marks),
        notes=notes,
        unique_stars=unique_stars,
    )


#: The most stars per unit a picture's board is tried with before it is refused.
MOST_STARS_TRIED = 3


def _spoken(counts: range) -> str:
    """``1 or 2``, ``1, 2 or 3``."""
    words = [str(k) for k in counts]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _archive_palette() -> dict[str, tuple[int, int, int]]:
    """The colours ``queens`` draws and names each archive letter with, so a region read
    from a LinkedIn picture is called by the colour it has there."""
    from queens_core.api import ARCHIVE_COLOURS

    return {
        letter: (int(hex_[1:3], 16), int(hex_[3:5], 16), int(hex_[5:7], 16))
        for letter, (_name, hex_) in ARCHIVE_COLOURS.items()
    }


def marks_state(board: Board, marks: tuple[str, ...] | None) -> State | None:
    """The state the marks show: queens, crossed cells dead, the rest live."""
    if marks is None:
        return None
    queens = crossed = 0
    for r, line in enumerate(marks):
        for c, mark in enumerate(line):
            bit = 1 << (r * board.n + c)
            if mark == "♛":
                queens |= bit
            elif mark == "x":
                crossed |= bit
    return State(board.full & ~queens & ~crossed, queens)


@hookimpl
def queens_register_readers() -> list[Reader]:
    return [
        Reader(
            name="image",
            summary="Screenshots (PNG, JPEG, WebP, GIF, BMP, TIFF) of a Queens board, with "
            "the queens and ✕ marks on it",
            # Every format the sniffer claims, so that a picture given by name (a
            # --state shot.tif) is never taken for a text file.
            suffixes=(".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp", ".tif", ".tiff"),
            sniff=looks_like_an_image,
            read=read_screenshot,
            max_bytes=32 * 1024 * 1024,
        )
    ]

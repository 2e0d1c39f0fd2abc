"""Round trips between the formats: text ↔ SBN v1 ↔ SBN v2 ↔ puz.link ↔ share link give
back the same board and K, and the same marks where the format carries them, on every
archive board, every Star Battle board of the archive, generated boards, and boards
Hypothesis draws (any size, any K that fits, regions grown at random).

A format that draws borders letters the regions in reading order, so a board read back
from one is compared by its partition into regions (:func:`partition`); the text
format and share links keep the letters themselves and are compared as they are.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import archive_paths

from queens_core import Board, State
from queens_core.api import Application
from queens_core.engine.board import max_stars
from queens_core.plugins.readers import read_source
from queens_core.plugins.writers import write_board

STARBATTLE = Path(__file__).resolve().parents[2] / "archive" / "starbattle"
APP = Application()
READERS = APP.readers
WRITERS = {writer.name: writer for writer in APP.writers}
#: The formats that hold every board of their range, and whether they keep the letters.
ALL_FORMATS = ("text", "sbn", "sbn2", "puzlink", "share")


def partition(board: Board) -> tuple[tuple[int, ...], int]:
    """The board's regions numbered in reading order of their first cell, and K: what a
    board is whatever its letters."""
    first: dict[int, int] = {}
    return tuple(first.setdefault(k, len(first)) for k in board.cell_region), board.stars


def round_trip(
    board: Board, name: str, state: State | None, tmp: Path
) -> tuple[Board, State | None]:
    """``board`` written in format ``name`` and read back by the installed readers."""
    text = write_board(WRITERS[name], board, state)
    if name == "text" or (name.startswith("sbn") and board.n < 5):
        # A text board is a file; so is an SBN string of a size puzzles are not shared
        # at, which as an argument could be a name (3Dmodel).
        path = tmp / ("board.txt" if name == "text" else "board.sbn")
        path.write_text(text + "\n", encoding="utf-8")
        reading = read_source(str(path), READERS)
    else:
        assert "\n" not in text
        reading = read_source(text, READERS)
    back = reading.board
    if reading.stars is not None and reading.stars != back.stars:
        back = back.with_stars(reading.stars)
    return back, reading.state


def fits(board: Board, name: str) -> bool:
    """Whether format ``name`` carries ``board`` (SBN v1: 5 to 25, K up to 9; every
    border format: regions in one piece)."""
    if name in ("sbn", "sbn2", "puzlink") and board.warnings:
        return False
    if name == "sbn":
        return 5 <= board.n <= 25 and board.stars <= 9
    if name == "sbn2":
        return board.n >= 2
    return True


def assert_round_trips(board: Board, tmp: Path, state: State | None = None) -> None:
    for name in ALL_FORMATS:
        if not fits(board, name):
            continue
        writer = WRITERS[name]
        back, marks = round_trip(board, name, state, tmp)
        assert partition(back) == partition(board), name
        if name in ("text", "share"):
            assert back == board, name  # the letters themselves
        if writer.carries_marks and state is not None:
            # SBN v2 writes no marks section for a position without marks.
            assert (State.initial(back) if marks is None else marks) == state, name
        elif name != "text":
            assert marks is None, name
    # And through every format in turn, as a chain: text → sbn → sbn2 → puzlink → share.
    current = board
    for name in ALL_FORMATS:
        if fits(current, name):
            current, _ = round_trip(current, name, None, tmp)
    assert partition(current) == partition(board)


@pytest.mark.slow
def test_every_archive_board_round_trips(tmp_path):
    paths = archive_paths()
    assert len(paths) > 100
    for path in paths:
        assert_round_trips(Board.parse(path.read_text(encoding="utf-8")), tmp_path)


def test_a_sample_of_archive_boards_round_trips(tmp_path):
    for path in archive_paths()[::60]:
        assert_round_trips(Board.parse(path.read_text(encoding="utf-8")), tmp_path)


def test_every_archive_star_battle_board_round_trips_with_its_k(tmp_path):
    paths = sorted(STARBATTLE.glob("*.txt"))
    assert paths
    for path in paths:
        board = read_source(str(path), READERS)
        assert board.stars and board.stars >= 2
        assert_round_trips(board.board.with_stars(board.stars), tmp_path)


@pytest.mark.slow
def test_generated_star_battle_boards_round_trip(tmp_path):
    for size, stars in ((8, 1), (9, 2), (10, 2)):
        made = APP.new_board(size, stars, seed=7, seconds=60)
        assert made.board.stars == stars
        assert_round_trips(made.board, tmp_path)


@st.composite
def grown_boards(draw) -> Board:
    """A board of N 4-connected regions grown from N random seeds, with a K it holds
    (or 1 for the sizes that hold no Star Battle)."""
    n = draw(st.integers(2, 32))
    rng = random.Random(draw(st.integers(0, 2**32)))
    seeds = rng.sample(range(n * n), n)
    owner = [-1] * (n * n)
    frontier = []
    for region, cell in enumerate(seeds):
        owner[cell] = region
        frontier.append(cell)
    while frontier:
        cell = frontier.pop(rng.randrange(len(frontier)))
        r, c = divmod(cell, n)
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= rr < n and 0 <= cc < n and owner[rr * n + cc] < 0:
                owner[rr * n + cc] = owner[cell]
                frontier.append(rr * n + cc)
    # Letters a URL escapes too ("/" is also the share link's row separator).
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef/&#=%?+.é♛"
    shuffled = draw(st.permutations(letters))
    board = Board.from_rows(
        ["".join(shuffled[owner[r * n + c]] for c in range(n)) for r in range(n)]
    )
    top = max_stars(n)
    stars = draw(st.integers(1, max(top, 1))) if top >= 1 else 1
    return board.with_stars(stars) if stars != 1 else board


@st.composite
def boards_with_marks(draw) -> tuple[Board, State]:
    board = draw(grown_boards())
    cells = board.n * board.n
    marks = draw(st.lists(st.sampled_from(".xq"), min_size=cells, max_size=cells))
    live = sum(1 << i for i, m in enumerate(marks) if m == ".")
    queens = sum(1 << i for i, m in enumerate(marks) if m == "q")
    return board, State(live, queens)


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(grown_boards())
def test_drawn_boards_round_trip_through_every_format(tmp_path, board):
    assert_round_trips(board, tmp_path)


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(boards_with_marks())
def test_marks_round_trip_where_the_format_carries_them(tmp_path, drawn):
    board, state = drawn
    assert_round_trips(board, tmp_path, state)


def test_a_puzlink_url_from_pzprjs_decodes_to_its_board():
    # The Star Battle example of pzprjs's own tests (robx/pzprjs,
    # test/script/starbattle.js: url "6/6/1/4ilbhgdnmhou"), whose region map the same
    # file spells out in its pzprv3 form, one region number a cell.
    url = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
    pzprv3_regions = [
        "0 0 0 1 1 1",
        "0 1 1 1 2 2",
        "0 3 3 4 4 2",
        "5 5 3 3 4 2",
        "5 4 4 4 4 2",
        "5 2 2 2 2 2",
    ]
    reading = read_source(url, READERS)
    expected = Board.from_rows(
        ["".join("ABCDEF"[int(k)] for k in row.split()) for row in pzprv3_regions]
    )
    assert reading.board == expected
    assert reading.stars == 1
    assert write_board(WRITERS["puzlink"], reading.board) == url

"""Board parsing, validation and the precomputed masks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import ARCHIVE

from queens_core import MAX_SIZE, Board, BoardError, State
from queens_core.engine.board import (
    MAX_INPUT_BYTES,
    bits,
    columns_met,
    covers_every_line,
    rows_met,
    size_article,
)

BOARD_1 = (ARCHIVE / "1.txt").read_text()  # the command's example board


def test_compact_and_spaced_forms_give_the_same_board():
    spaced = "\n".join(" ".join(row) for row in BOARD_1.splitlines())
    assert Board.parse(spaced) == Board.parse(BOARD_1)


def test_lenient_whitespace_crlf_and_bom():
    messy = "\n\n" + BOARD_1.replace("\n", "  \r\n") + "\n \n"
    assert Board.parse(messy) == Board.parse(BOARD_1)
    assert Board.parse_bytes(b"\xef\xbb\xbf" + BOARD_1.encode()) == Board.parse(BOARD_1)


def test_masks_and_letters():
    board = Board.parse(BOARD_1)
    assert board.n == 8
    assert board.letters == tuple("BGNOPRST")
    assert board.full == (1 << 64) - 1
    assert board.row_masks[1] == 0xFF << 8
    assert list(bits(board.col_masks[2])) == [2 + 8 * r for r in range(8)]
    # Region O is the single cell at row 1, column 5.
    assert board.region_masks[board.letters.index("O")] == 1 << (8 + 5)
    assert sum(m.bit_count() for m in board.region_masks) == 64


@pytest.mark.parametrize("text", [BOARD_1, "AABB\nCABB\nCCDD\nCCDD", "ABC\nABC\nABC"])
def test_kill_mask_is_row_column_region_and_neighbours_without_the_cell(text):
    board = Board.parse(text)
    n = board.n
    for r0 in range(n):
        for c0 in range(n):
            expected = {
                (r, c)
                for r in range(n)
                for c in range(n)
                if (r, c) != (r0, c0)
                and (
                    r == r0
                    or c == c0
                    or board.rows[r][c] == board.rows[r0][c0]
                    or max(abs(r - r0), abs(c - c0)) < 2
                )
            }
            assert set(board.cells_of(board.kill_masks[board.cell(r0, c0)])) == expected


def test_one_by_one_board():
    board = Board.parse("A")
    assert board.n == 1 and board.kill_masks == (0,)


def test_non_connected_region_is_a_warning_not_an_error():
    board = Board.parse("ABA\nBBB\nCCC")
    assert len(board.warnings) == 1
    warning = board.warnings[0]
    assert warning.letter == "A" and warning.pieces == 2
    assert "region 'A' is not 4-connected" in str(warning)
    assert "line 1 column 1" in str(warning) and "line 1 column 3" in str(warning)
    assert not Board.parse(BOARD_1).warnings


def test_diagonal_touch_is_not_connection():
    board = Board.parse("ABC\nBAC\nCCC")
    assert [w.letter for w in board.warnings] == ["A", "B"]


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        ("", "the input is empty", None, None),
        ("  \n\t\n", "the input holds only whitespace", None, None),
        ("AB\nA", "row has 1 cell, expected 2", 2, None),
        ("AB\nABC", "row has 3 cells, expected 2", 2, None),
        ("AB\nBA\nAB", "more rows (3) than columns (2)", 3, None),
        ("ABC\nABC", "fewer rows (2) than columns (3)", 2, None),
        ("AAA\nAAA\nAAA", "1 region (A), fewer than its 3 rows", None, None),
        ("ABC\nDEF\nGHI", "9 regions (ABCDEFGHI), more than its 3 rows", None, None),
        ("AB\n\nBA", "blank line inside the board", 2, None),
        ("AB\nB\x00", "control character U+0000", 2, 2),
        ("A B\nBA B", "mixed spacing", 2, 2),
        ("A  B\nB A", "mixed spacing", 1, 3),
        (" AB\nBA", "may not start with whitespace", 1, 1),
        ("A\tB\nB A", "a tab is not a cell separator", 1, 2),
    ],
)
def test_bad_boards_name_the_problem_and_where(text, message, line, column):
    with pytest.raises(BoardError) as caught:
        Board.parse(text)
    err = caught.value
    assert message in str(err)
    assert err.line == line
    assert err.column == column
    assert "\n" not in str(err)


def test_invalid_utf8_names_line_and_column():
    with pytest.raises(BoardError) as caught:
        Board.parse_bytes(b"AB\nB\xff\n")
    assert caught.value.line == 2 and caught.value.column == 2
    assert "0xff is not valid UTF-8" in str(caught.value)


def test_invalid_utf8_after_a_bom_names_the_byte_and_its_place_in_the_text():
    with pytest.raises(BoardError) as caught:
        Board.parse_bytes(b"\xef\xbb\xbfAB\xff\nAB\n")
    assert caught.value.line == 1 and caught.value.column == 3
    assert "byte 0xff is not valid UTF-8" in str(caught.value)


def test_size_limits():
    letters = [chr(0x100 + i) for i in range(MAX_SIZE + 1)]
    # The largest supported size parses (a valid region map: one region a row).
    biggest = "\n".join(letters[r] * MAX_SIZE for r in range(MAX_SIZE))
    assert Board.parse(biggest).n == MAX_SIZE
    too_wide = "A" * (MAX_SIZE + 1)
    with pytest.raises(BoardError, match=f"largest board supported is {MAX_SIZE}"):
        Board.parse(too_wide)
    too_tall = "\n".join("AB" for _ in range(MAX_SIZE + 1))
    with pytest.raises(BoardError, match="more than 32 rows"):
        Board.parse(too_tall)
    with pytest.raises(BoardError, match=f"larger than {MAX_INPUT_BYTES} bytes"):
        Board.parse_bytes(b"A" * (MAX_INPUT_BYTES + 1))


def test_from_rows_validates_too():
    assert Board.from_rows(["AB", "BA"]).n == 2
    with pytest.raises(BoardError, match="row has 1 cell"):
        Board.from_rows(["AB", "B"])


def test_a_board_survives_pickling_as_an_equal_read_only_board():
    import pickle

    board = Board.parse("AAB\nACB\nCCB\n")
    copy = pickle.loads(pickle.dumps(board))
    assert copy == board and copy.kill_masks == board.kill_masks
    with pytest.raises(AttributeError):
        copy.n = 4


@pytest.mark.parametrize(
    ("n", "spoken"),
    [(7, "a 7×7"), (8, "an 8×8"), (11, "an 11×11"), (18, "an 18×18"), (10, "a 10×10")],
)
def test_size_article_reads_as_spoken(n, spoken):
    assert f"{size_article(n)} {n}×{n}" == spoken


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=MAX_SIZE), st.data())
def test_covers_every_line_agrees_with_a_loop_over_the_lines(n, data):
    board = Board.from_rows(["".join(chr(65 + r) for _ in range(n)) for r in range(n)])
    lines = board.row_masks + board.col_masks
    cells = board.full
    for _ in range(data.draw(st.integers(0, 3))):  # the more draws, the sparser
        cells &= data.draw(st.integers(min_value=0, max_value=board.full))
    if data.draw(st.booleans()):  # a set that misses exactly one line, or more
        cells &= ~data.draw(st.sampled_from(lines))
    expected = all(cells & line for line in lines)
    assert covers_every_line(board, cells) == expected


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=MAX_SIZE), st.data())
def test_rows_met_and_columns_met_agree_with_a_loop_over_the_lines(n, data):
    board = Board.from_rows(["".join(chr(65 + r) for _ in range(n)) for r in range(n)])
    cells = board.full
    for _ in range(data.draw(st.integers(0, 4))):
        cells &= data.draw(st.integers(min_value=0, max_value=board.full))
    rows = sum(1 << r for r, mask in enumerate(board.row_masks) if cells & mask)
    columns = sum(1 << c for c, mask in enumerate(board.col_masks) if cells & mask)
    assert rows_met(board, cells) == rows
    assert columns_met(board, cells) == columns


def test_a_state_survives_pickling_with_its_masks_and_fresh_caches():
    import pickle

    state = State(0b1011, 0b0100)
    state.caches["some_rule"] = {"seen": 1}
    copy = pickle.loads(pickle.dumps(state))
    assert (copy.live, copy.queens, copy.caches) == (0b1011, 0b0100, {})


def test_too_many_stars_for_a_two_by_two_board_says_one_star():
    """The refusal said "two adjacent rows hold at most 1 stars"."""
    with pytest.raises(BoardError) as caught:
        Board.parse("AB\nBA").with_stars(2)
    assert str(caught.value) == (
        "a 2×2 board cannot hold 2 stars per unit: two adjacent rows hold at most 1 star "
        "(one in each 2×2 block), not 4; at most 1 fits; no solution exists"
    )

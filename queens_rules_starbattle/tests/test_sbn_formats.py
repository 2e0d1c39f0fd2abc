"""SBN both ways: version 1 and StarBattleLab's version 2 (with the player's marks and
undo history) read and written, the formats' limits refused in one line, and a file
named .sbn that holds another tool's format refused by what it looks like."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from queens_core import Board, BoardError, State
from queens_core.api import Application
from queens_core.plugins.readers import InputError, read_source
from queens_core.plugins.writers import WriterError, write_board
from queens_rules_starbattle.sbn import (
    SBN2_WRITER,
    SBN_READER,
    SBN_WRITER,
    digits_85,
    parse_sbn,
    parse_sbn2,
    read,
    sniff,
    write_sbn2,
)

ROOT = Path(__file__).resolve().parents[2]
QUEENS = Path(sys.executable).parent / "queens"
READERS = Application().readers

#: Version 1 strings of StarBattleLab's puzzle collection (StarBattleLab/
#: starbattlelab.github.io, Main/puzzles/Files/5-1-unsorted.txt: 5×5, one star).
STARBATTLELAB_V1 = ("551W9ta0RHY", "551W2h50ijr", "551W0h4Igo8")

#: StarBattleLab's own self-test board (3×3, regions AAB/ABB/CCC, one star) with its
#: player grid (a cross at r1c3, stars at r2c1 and r3c3, a cross at r3c2), worked out
#: by hand from the format: "3" "A" (K = 1); the 12 border bits 011000 011101 = 1565 =
#: 18·85 + 35, "IZ"; the marks 0012 0001 2000 in ternary = 5, 1, 54: "5", "1", "s".
SELF_TEST = "3AIZ51s"


def test_starbattlelab_version_1_strings_read_as_five_by_five_queens_boards():
    for sbn in STARBATTLELAB_V1:
        board, stars = parse_sbn(sbn)
        assert (board.n, stars) == (5, 1)
        assert write_board(SBN_WRITER, board) == sbn


def test_version_2_of_starbattlelab_s_self_test_board_and_marks():
    board, stars, state, history = parse_sbn2(SELF_TEST)
    assert board.rows == ("AAB", "ABB", "CCC")
    assert stars == 1 and history == 0
    assert state is not None
    assert state.picture(board) == "..⨯\n♛..\n.⨯♛"
    assert write_sbn2(board, state) == SELF_TEST
    assert write_sbn2(board) == "3AIZ"


def test_the_undo_history_is_checked_and_left_out_with_a_note():
    reading = read((SELF_TEST + "~110102>1").encode())
    assert reading.state is not None and reading.stars == 1
    assert reading.notes == ("the SBN's undo history (1 entry) is left out; its marks are read",)
    with pytest.raises(BoardError, match="history ends inside an entry"):
        read((SELF_TEST + "~1101>1").encode())
    with pytest.raises(BoardError, match="history after '~' is not WIDTH ENTRIES > POINTER"):
        read((SELF_TEST + "~9").encode())


def test_the_border_digits_are_as_many_as_the_bits_need():
    # StarBattleLab's figures: 7 for 5×5, 29 for 10×10, 188 for 25×25.
    assert [digits_85(2 * n * (n - 1)) for n in (5, 10, 25)] == [7, 29, 188]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("10B08I", "SBN v2 for a 10×10 board needs 29 border characters after 10B, not 3"),
        ("3AIZ51s5", "SBN v2 marks take 4 characters, more than the 3 of a 3×3 board"),
        ("3AIZ|", "SBN v2 mark character '|' is not four cells' marks"),
        ("3AIZ.", "SBN v2 character '.' at position 5 is not a base-85 digit"),
        ("3aIZ", "SBN v2 starts with N in decimal and K as a letter"),
        ("40AIZ", "SBN v2 size 40 is out of range"),
        ("3A~1>1", "SBN v2 for a 3×3 board needs 2 border characters after 3A, not 0"),
    ],
)
def test_malformed_version_2_is_one_line(text, message):
    with pytest.raises(BoardError, match=re.escape(message)):
        parse_sbn2(text)


def test_the_reader_tells_the_versions_apart_and_sniffs_both():
    v1 = read(STARBATTLELAB_V1[0].encode())
    assert v1.board.n == 5 and v1.state is None
    v2 = read(SELF_TEST.encode())
    assert v2.board.n == 3 and v2.state is not None
    assert sniff(STARBATTLELAB_V1[0].encode())
    assert sniff(write_sbn2(parse_sbn(STARBATTLELAB_V1[0])[0]).encode())
    # A name that starts with digits and a capital is not taken for a string: too short.
    assert not sniff(b"3Dmodel") and not sniff(b"12Monkeys")


@pytest.mark.parametrize(
    ("content", "looks_like"),
    [
        ("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou", "a puz.link URL"),
        ("http://127.0.0.1:8000/#board=AB/BA&stars=1", "a share link of the queens page"),
        ("pzprv3/starbattle/6/6/1/6/0 0 0 1 1 1 /", "a pzprjs puzzle file (pzprv3)"),
        ('{"schema": "queens-board/1"}', "JSON"),
        ("stars: 2\nAABB\nAABB\nCCDD\nCCDD", "a board in the text format"),
    ],
)
def test_a_sbn_file_in_another_tool_s_format_is_refused_by_what_it_looks_like(
    tmp_path, content, looks_like
):
    path = tmp_path / "puzzle.sbn"
    path.write_text(content + "\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_source(str(path), READERS)
    line = str(caught.value)
    assert "\n" not in line
    assert f"this looks like {looks_like}, not Star Battle Notation" in line


def test_a_png_named_sbn_is_refused_as_a_picture(tmp_path):
    path = tmp_path / "shot.sbn"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 32)
    with pytest.raises(InputError, match="this looks like a PNG picture, not Star Battle Notation"):
        read_source(str(path), READERS)


def test_what_sbn_cannot_carry_is_one_line():
    small = Board.from_rows(["AAB", "ABB", "CCC"])
    with pytest.raises(
        WriterError, match=r"^sbn: SBN has no size code for 3×3; sizes go from 5 to 25$"
    ):
        write_board(SBN_WRITER, small)
    split = Board.from_rows(["AB", "BA"])
    with pytest.raises(WriterError, match="region 'A' is in 2 pieces"):
        write_board(SBN2_WRITER, split)
    with pytest.raises(WriterError, match="SBN v2 sizes start at 2×2"):
        write_board(SBN2_WRITER, Board.from_rows(["A"]))


def test_the_reader_s_summary_names_both_versions():
    assert "version 1" in SBN_READER.summary and "version 2" in SBN_READER.summary


def test_marks_of_a_big_board_round_trip_and_trailing_empties_are_left_out():
    board, _stars, _state, _ = parse_sbn2(write_sbn2(Board.from_rows(["AAB", "ABB", "CCC"])))
    state = State(board.full & ~1, 0)  # one cross, first cell
    text = write_sbn2(board, state)
    assert text == "3AIZ" + "R"  # 1000 in ternary = 27, "R"
    assert parse_sbn2(text)[2] == state

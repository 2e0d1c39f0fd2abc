"""``queens convert``, ``queens import`` of a URL, and ``queens stats`` over a folder of
boards of several K, through the command line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from queens_core import Board
from queens_core.cli.app import main

ROOT = Path(__file__).resolve().parents[2]
BOARD_1 = ROOT / "archive" / "boards" / "1.txt"
STAR_2 = ROOT / "archive" / "starbattle" / "10x10-2stars-01.txt"
PZPRJS_URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def test_convert_to_each_format_and_back_gives_the_board(tmp_path):
    text = BOARD_1.read_text(encoding="utf-8").strip()
    for name in ("sbn", "sbn2", "puzlink", "share", "text"):
        out = run("convert", str(BOARD_1), "--to", name)
        assert out.exit_code == 0, out.output
        # A one-line format is the argument itself; the text format comes on stdin.
        if name == "text":
            back = run("import", "-", stdin=out.output)
        else:
            back = run("import", out.output.strip())
        assert back.exit_code == 0, back.output
        if name in ("text", "share"):  # formats that keep the letters
            assert Board.parse(back.output).rows == Board.parse(text).rows
        # Whatever the letters, the same regions.
        assert _partition(Board.parse(back.output)) == _partition(Board.parse(text))


def _partition(board: Board) -> tuple[int, ...]:
    first: dict[int, int] = {}
    return tuple(first.setdefault(k, len(first)) for k in board.cell_region)


def test_convert_keeps_k_and_writes_to_a_file(tmp_path):
    target = tmp_path / "board.sbn"
    out = run("convert", str(STAR_2), "--to", "sbn", "-o", str(target))
    assert out.exit_code == 0 and out.output == ""
    assert target.read_text(encoding="utf-8").startswith("AA2")
    back = run("import", str(target))
    assert back.output.startswith("stars: 2\n")


def test_convert_carries_marks_of_a_share_link_into_sbn2_unless_asked_not_to(tmp_path):
    link = "http://example.org/queens/#board=AAB%2FABB%2FCCC&stars=1&marks=..xq....q"
    out = run("convert", link, "--to", "sbn2")
    # The marks ..xq ...., q in ternary, four cells a digit: 0012 = 5, 0000 = 0, 2000 = 54.
    assert out.output == "3AIZ50s\n"
    # (A string this short is read from a .sbn file: as an argument it could be a name.)
    saved = tmp_path / "marks.sbn"
    saved.write_text(out.output, encoding="utf-8")
    share = run("convert", str(saved), "--to", "share")
    assert share.output.strip().endswith("#board=AAB%2FABB%2FCCC&stars=1&marks=..xq....q")
    bare = run("convert", link, "--to", "sbn2", "--no-marks")
    assert bare.output == "3AIZ\n"


def test_a_share_link_opens_the_page_it_is_given_with_the_same_board_and_marks():
    link = "http://example.org/queens/#board=AAB%2FABB%2FCCC&stars=1&marks=..xq....q"
    moved = run("convert", link, "--to", "share", "--page", "https://queens.example.net/play")
    assert moved.exit_code == 0, moved.output
    assert moved.output == (
        "https://queens.example.net/play#board=AAB%2FABB%2FCCC&stars=1&marks=..xq....q\n"
    )
    back = run("import", moved.output.strip())
    assert back.exit_code == 0 and back.output == run("import", link).output


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (
            [str(BOARD_1), "--to", "pdf"],
            "queens: error: no format 'pdf': the installed writers are puzlink, sbn, sbn2, "
            "share, text",
        ),
        (
            ["https://example.org/board", "--to", "text"],
            "queens: error: https://example.org/board: no installed reader takes this URL: "
            "queens reads puz.link Star Battle URLs (…?starbattle/…) and share links "
            "(…#board=…)",
        ),
        (
            ["https://puzz.link/p?starbattle/6/6/1/4ilbhg", "--to", "text"],
            "queens: error: https://puzz.link/p?starbattle/6/6/1/4ilbhg: a puz.link 6×6 Star "
            "Battle needs 12 border digits, not 6",
        ),
        (
            ["http://x/#board=AB/BA&stars=1", "--to", "puzlink"],
            "queens: error: puzlink: a puz.link URL draws regions by their borders, and region "
            "'A' is in 2 pieces",
        ),
        (
            ["http://x/#board=ABC/ABC/ABC&stars=1", "--to", "sbn"],
            "queens: error: sbn: SBN has no size code for 3×3; sizes go from 5 to 25",
        ),
        (
            [str(BOARD_1), "--to", "sbn", "--page", "https://example.org/"],
            "queens: error: a page address is for share links only, not for the sbn format",
        ),
        (
            [str(BOARD_1), "--to", "share", "--page", "example.org/queens"],
            "queens: error: page address 'example.org/queens' is not an http:// or https:// "
            "address without a '#' part",
        ),
    ],
)
def test_what_cannot_be_converted_is_one_line_exit_2(args, error):
    out = CliRunner().invoke(main, ["convert", *args])
    assert out.exit_code == 2
    assert out.output.splitlines()[-1] == error


def test_import_reads_a_puzlink_url_from_pzprjs():
    out = run("import", PZPRJS_URL)
    assert out.exit_code == 0
    assert out.output == "AAABBB\nABBBCC\nADDEEC\nFFDDEC\nFEEEEC\nFCCCCC\n"


def test_import_of_a_share_link_with_marks_prints_its_state():
    out = run("import", "http://h/#board=AAB%2FABB%2FCCC&stars=1&marks=..xq....q", "--state")
    assert out.exit_code == 0
    assert out.output == "..⨯\n♛..\n..♛\n"


def test_convert_help_lists_the_formats():
    out = run("convert", "--help")
    for name in ("text", "sbn", "sbn2", "puzlink", "share"):
        assert f"  {name} " in out.output


# -- stats over several K ----------------------------------------------------------------


@pytest.fixture
def mixed(tmp_path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    shutil.copy(BOARD_1, folder / "queens-1.txt")
    shutil.copy(STAR_2, folder / "stars-2.txt")
    return folder


def test_stats_over_two_ks_gives_one_summary_each_and_exits_0(mixed):
    out = run("stats", str(mixed), "--no-uniqueness")
    assert out.exit_code == 0, out.output
    assert "Could not read" not in out.output
    assert "== Queens boards (1 queen per row, column and region): 1 board ==" in out.output
    assert "== Star Battle boards (2 stars per row, column and region): 1 board ==" in out.output
    assert out.output.count("Boards: 1 read, 1 solved by the rules, 0 not solved") == 2


def test_stats_json_over_two_ks_is_one_queens_stats_body_per_k(mixed):
    out = run("stats", str(mixed), "--no-uniqueness", "--format", "json")
    assert out.exit_code == 0
    document = json.loads(out.output)
    assert document["schema"] == "queens-stats-by-stars/1"
    assert document["boards"] == 2 and document["exit_status"] == 0
    assert [part["stars"] for part in document["summaries"]] == [1, 2]
    one_k = json.loads(run("stats", str(BOARD_1), "--no-uniqueness", "--format", "json").output)
    for part in document["summaries"]:
        assert set(part) == {"stars", *one_k} - {"schema"}
        assert part["boards"] == 1 and part["errors"] == 0


def test_a_k_given_by_the_user_still_names_the_boards_that_declare_another(mixed):
    out = run("stats", str(mixed), "--no-uniqueness", "--stars", "1")
    assert out.exit_code == 2
    declared = "stars-2.txt: the input declares 2 stars per unit, but the K asked for is 1"
    assert declared in out.output
    assert "==" not in out.output  # one summary, as before

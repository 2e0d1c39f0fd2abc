"""Colour: only on a terminal or when asked; otherwise the plain output's bytes exactly."""

from __future__ import annotations

import colorsys
import os
import pty
import re
import string
import subprocess
import sys

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st
from support import ARCHIVE, ROOT

from queens_core import Board, Solver
from queens_core.cli.app import main
from queens_core.cli.output import format_result
from queens_core.engine.state import QUEEN
from queens_core.render.colour import (
    ARCHIVE_COLOURS,
    CROWDED_APART,
    DISTINCT,
    DISTINCT_UP_TO,
    FAR_APART,
    TRUECOLOR,
    XTERM256,
    colour_picture,
    distance,
    region_colours,
    terminal_depth,
    wants_colour,
    xterm256,
)

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
STALLS = "AAAAA\nBBBBB\nCCCCC\nDDDDD\nEEEEE\n"


def expected_text(registry, board_text: str) -> str:
    board = Board.parse(board_text)
    result = Solver(registry.rules).solve(board)
    names = {r.counter: r.display_name for r in registry.rules}
    return format_result(result, names) + "\n"


def test_the_archive_table_is_the_readme_table():
    readme = (ROOT / "archive" / "README.md").read_text()
    table = dict(
        (letter, (name, hex_colour.upper()))
        for letter, name, hex_colour in re.findall(
            r"\|\s*([A-Z])\s*\|\s*([a-z-]+)[^|]*\|\s*(#[0-9A-Fa-f]{6})\s*", readme
        )
    )
    assert len(table) == 21
    assert table == ARCHIVE_COLOURS


def test_archive_letters_keep_their_colour_and_others_get_distinct_ones():
    board = Board.parse((ARCHIVE / "353.txt").read_text())
    assert region_colours(board) == tuple(ARCHIVE_COLOURS[ch][1] for ch in board.letters)
    # 21 archive letters plus 11 others on a 32×32 board of stripes.
    letters = "".join(ARCHIVE_COLOURS) + "DEIXZabcdef"
    stripes = Board.from_rows([ch * 32 for ch in letters])
    colours = region_colours(stripes)
    assert len(set(colours)) == 32
    for ch, colour in zip(stripes.letters, colours, strict=True):
        if ch in ARCHIVE_COLOURS:
            assert same_hue(colour, ARCHIVE_COLOURS[ch][1]), ch


def same_hue(a: str, b: str) -> bool:
    hue = [
        colorsys.rgb_to_hls(*(int(h[i : i + 2], 16) / 255 for i in (1, 3, 5)))[0] for h in (a, b)
    ]
    return abs(hue[0] - hue[1]) < 0.02 or abs(hue[0] - hue[1]) > 0.98


def min_distance(board: Board) -> float:
    colours = region_colours(board)
    return min(
        (distance(a, b) for i, a in enumerate(colours) for b in colours[i + 1 :]), default=99.0
    )


def test_a_hand_typed_board_gets_clearly_different_colours():
    """ABCDE: A (azure) and B (blue) were one shade apart; B is now drawn lighter, still
    blue, so "region B (blue)" stays true."""
    board = Board.parse("ABCDE\n" * 5)
    assert min_distance(board) >= DISTINCT
    assert region_colours(board)[0] == ARCHIVE_COLOURS["A"][1]
    assert same_hue(region_colours(board)[1], ARCHIVE_COLOURS["B"][1])


def test_archive_boards_with_close_colours_get_them_apart(archive):
    assert min(min_distance(board) for board in archive.values()) >= DISTINCT
    # The archive's own colours are kept wherever no other region is close.
    board = archive["353"]
    assert region_colours(board) == tuple(ARCHIVE_COLOURS[ch][1] for ch in board.letters)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(string.ascii_letters + string.digits + "#@%&*+"),
        min_size=1,
        max_size=32,
        unique=True,
    ).map("".join)
)
# Found by Hypothesis: farthest-first picking left two of its pastel colours 11.9 apart.
@example("abcdefghijklTmnop")
# Found by Hypothesis after the spreading: 11.94 and 11.98 apart (18 regions), 9.84 (25).
@example("%OFN&irdhctT2fyMvg")
@example("%+168@CDJNPdhirtvz")
@example("#%&*0134689BDEFJTVeloruvxy")
def test_any_board_gets_distinct_colours(letters):
    board = Board.from_rows([ch * len(letters) for ch in letters])
    colours = region_colours(board)
    assert len(set(colours)) == len(colours)
    n = len(letters)
    assert min_distance(board) >= (
        DISTINCT if n <= DISTINCT_UP_TO else FAR_APART if n <= 26 else CROWDED_APART
    )


@pytest.mark.parametrize(
    ("choice", "terminal", "env", "wanted"),
    [
        ("auto", True, {}, True),
        ("auto", False, {}, False),
        ("auto", True, {"NO_COLOR": "1"}, False),
        ("auto", True, {"NO_COLOR": ""}, True),  # no-color.org: set and non-empty
        ("auto", True, {"TERM": "dumb"}, False),
        ("always", False, {"NO_COLOR": "1"}, True),
        ("never", True, {}, False),
    ],
)
def test_wants_colour(choice, terminal, env, wanted):
    assert wants_colour(choice, terminal, env) is wanted


def test_depth_and_the_256_colour_palette():
    assert terminal_depth({"COLORTERM": "truecolor"}) == TRUECOLOR
    assert terminal_depth({"COLORTERM": "24bit"}) == TRUECOLOR
    assert terminal_depth({}) == XTERM256
    assert xterm256("#FF0000") == 196
    assert xterm256("#000000") == 16
    assert xterm256("#808080") == 244
    assert xterm256("#BBA3E2") == 146  # purple #BBA3E2 -> (175, 175, 215)


@pytest.mark.parametrize("board_text", [(ARCHIVE / "353.txt").read_text(), STALLS])
def test_not_a_terminal_means_solver_md_bytes(registry, board_text):
    for args in ([], ["--color", "auto"], ["--color", "never"]):
        run = CliRunner().invoke(main, ["solve", *args, "-"], input=board_text)
        assert run.stdout == expected_text(registry, board_text)
    run = CliRunner().invoke(
        main, ["solve", "--color", "never", "-"], input=board_text, env={"COLORTERM": "truecolor"}
    )
    assert ESCAPE.search(run.stdout) is None


def test_color_always_paints_regions_and_keeps_the_glyphs(registry):
    board_text = (ARCHIVE / "353.txt").read_text()
    run = CliRunner().invoke(
        main,
        ["solve", "--colour", "always", "-"],
        input=board_text,
        env={"COLORTERM": "truecolor", "NO_COLOR": "1"},
    )
    assert run.exit_code == 0
    lines = run.stdout.split("\n")
    # r1c1 is a queen in purple P: bold black on #BBA3E2.
    assert lines[0].startswith("\x1b[0;1;38;2;0;0;0;48;2;187;163;226m ♛ ")
    plain = ESCAPE.sub("", run.stdout)
    plain_rows = plain.split("\n")[:7]
    expected = expected_text(registry, board_text)
    assert [row.replace(" ", "") for row in plain_rows] == expected.split("\n")[:7]
    # The counters are not painted.
    assert plain.split("\n\n", 1)[1] == expected.split("\n\n", 1)[1]


def test_a_partial_state_shows_dead_cells_in_colour():
    board = Board.parse(STALLS)
    from queens_core import State

    state = State(board.full & ~0b11, 0)
    rows = colour_picture(board, state, XTERM256)
    assert len(rows) == 5
    cells = ESCAPE.sub("", rows[0])
    assert cells == " ⨯  ⨯  .  .  . "


def _run_on_a_terminal(args: list[str], env: dict[str, str]) -> str:
    """Run the CLI with its standard output on a pseudo-terminal; return what it wrote."""
    main_fd, child_fd = pty.openpty()
    full_env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLORTERM")}
    full_env.update(env)
    full_env["TERM"] = "xterm-256color"
    proc = subprocess.Popen(
        [sys.executable, "-c", "from queens_core.cli.entry import run; run()", *args],
        stdout=child_fd,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        env=full_env,
    )
    os.close(child_fd)
    chunks = []
    while True:
        try:
            data = os.read(main_fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=60)
    os.close(main_fd)
    return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


def test_on_a_terminal_auto_colours_unless_no_color_is_set():
    path = str(ARCHIVE / "353.txt")
    coloured = _run_on_a_terminal(["solve", path], {})
    assert "\x1b[0;1;38;5;16;48;5;146m ♛ " in coloured  # 256 colours: no COLORTERM
    plain = _run_on_a_terminal(["solve", path], {"NO_COLOR": "1"})
    assert ESCAPE.search(plain) is None
    assert plain.startswith(f"{QUEEN}......\n")


def test_explain_and_hint_paint_only_when_asked(tmp_path):
    path = str(ARCHIVE / "353.txt")
    env = {"COLORTERM": "truecolor"}
    plain = CliRunner().invoke(main, ["solve", "--explain", path], env=env).stdout
    painted = (
        CliRunner().invoke(main, ["solve", "--explain", "--color", "always", path], env=env).stdout
    )
    assert ESCAPE.search(plain) is None
    assert "\x1b[0;38;2;80;80;80;48;2;187;163;226m P " in painted  # the board's letters
    steps = plain.split("\n\n")[3]
    assert steps.startswith("  1. Line-confined-to-region") and steps in painted

    state = tmp_path / "state.txt"
    state.write_text(".⨯⨯⨯⨯⨯.\n⨯⨯.⨯..⨯\n⨯⨯⨯.⨯.⨯\n⨯..⨯⨯⨯⨯\n⨯⨯⨯⨯..⨯\n⨯...⨯⨯⨯\n.⨯⨯⨯⨯⨯.\n")
    hint = (
        CliRunner()
        .invoke(main, ["hint", path, "--state", str(state), "--color", "always"], env=env)
        .stdout
    )
    # r2c3, the cell the step kills, is drawn in red on its green region.
    assert "\x1b[0;1;38;2;192;0;0;48;2;179;223;160m ⨯ " in hint
    assert "the cells it changes in red" in hint


def test_the_256_palette_keeps_every_archive_boards_regions_apart(archive):
    from queens_core.render.colour import xterm256_distinct

    assert xterm256("#96BEFF") == xterm256("#85B5FC")  # blue and azure: one nearest entry
    for key, board in archive.items():
        indices = xterm256_distinct(region_colours(board))
        assert len(set(indices)) == board.n, key
    assert xterm256_distinct(["#96BEFF", "#85B5FC"])[0] == xterm256("#96BEFF")


# -- regions told apart without colour (--letters) --------------------------------------


def test_letters_put_each_cells_region_before_its_mark():
    path = str(ARCHIVE / "353.txt")
    result = CliRunner().invoke(main, ["solve", "--letters", path])
    assert result.exit_code == 0
    rows = result.stdout.split("\n\n")[0].splitlines()
    board = Board.parse((ARCHIVE / "353.txt").read_text())
    for r, row in enumerate(rows):
        assert row.split() == [
            board.rows[r][c] + (QUEEN if cell == QUEEN else ".")
            for c, cell in enumerate(expected_picture_row(r))
        ]
    painted = CliRunner().invoke(main, ["solve", "--letters", "--color", "always", path]).stdout
    assert ESCAPE.sub("", painted).splitlines()[0].split() == rows[0].split()


def expected_picture_row(r: int) -> str:
    return (ROOT / "tests" / "expected" / "353-catalog.txt").read_text().splitlines()[r]


def test_hint_letters_do_not_invite_pasting_back(tmp_path):
    state = tmp_path / "state.txt"
    state.write_text((ROOT / "tests" / "expected" / "353-cheap.txt").read_text())
    out = (
        CliRunner()
        .invoke(main, ["hint", str(ARCHIVE / "353.txt"), "--state", str(state), "--letters"])
        .stdout
    )
    assert "paste this back" not in out
    assert "2  P⨯ S⨯ Gx L⨯ L. L. O⨯" in out


def test_svg_letters_name_every_cells_region():
    board = Board.parse((ARCHIVE / "353.txt").read_text())
    result = CliRunner().invoke(main, ["render", str(ARCHIVE / "353.txt"), "--letters"])
    texts = re.findall(r"<text [^>]*>(.)</text>", result.stdout)
    assert texts == [ch for row in board.rows for ch in row]
    plain = CliRunner().invoke(main, ["render", str(ARCHIVE / "353.txt")]).stdout
    assert "<text" not in plain

"""The image reader (queens-read-image): real screenshots read to their labels, crops it
must refuse, and pictures drawn by ``queens render`` then scaled, compressed, inverted,
hovered and framed in page chrome."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageDraw, ImageFilter, ImageOps

from queens_core import Board, BoardError, State, is_solution
from queens_core.cli.app import main
from queens_core.render.png import render_png
from queens_read_image.engine import ReadError, read_picture
from queens_read_image.plugin import looks_like_an_image, read_screenshot

#: The repository: the archive of boards and the shared test data live there.
ROOT = Path(__file__).resolve().parents[2]
ARCHIVE = ROOT / "archive" / "boards"

SHOTS = ROOT / "tests" / "fixtures" / "screenshots"
GOOD = sorted(
    (p for p in SHOTS.glob("*/*.png") if not p.stem.startswith("uboard")),
    key=lambda p: p.stem,
)


def partition(rows) -> tuple[str, ...]:
    """The board with letters renamed in reading order: equal iff the same regions."""
    names: dict[str, str] = {}
    return tuple("".join(names.setdefault(ch, chr(65 + len(names))) for ch in row) for row in rows)


def label(name: str, kind: str = "txt") -> list[str] | None:
    path = SHOTS / "labels" / f"{name}.{kind}"
    return path.read_text(encoding="utf-8").split() if path.exists() else None


@pytest.mark.slow
@pytest.mark.parametrize("shot", GOOD, ids=lambda p: p.stem)
def test_screenshot_reads_to_its_label(shot: Path):
    reading = read_screenshot(shot.read_bytes())
    assert partition(reading.board.rows) == partition(label(shot.stem))
    marks = label(shot.stem, "marks.txt")
    if marks is None:
        assert reading.state is None
    else:
        assert reading.state is not None
        assert reading.state.picture(reading.board, show_dead=True).split() == [
            line.replace("x", "⨯") for line in marks
        ]


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("uboard1", "found 9 regions for an 8×8 grid"),
        ("uboard2", "the 8×8 board read from the picture has no solution"),
        ("uboard3", "found 9 regions for a 7×7 grid"),
        ("uboard4", "found 10 columns and 9 rows"),
    ],
)
def test_a_wrongly_cropped_board_is_refused_with_its_reason(name: str, reason: str):
    with pytest.raises(BoardError) as caught:
        read_screenshot((SHOTS / "santipvz" / f"{name}.png").read_bytes())
    message = str(caught.value)
    assert message.startswith(reason)
    assert "\n" not in message


def test_region_letters_follow_the_colours_in_the_picture():
    # The labels use the archive's colour letters; a LinkedIn picture reads to the same.
    reading = read_screenshot((SHOTS / "qsolve" / "linkedin-1.png").read_bytes())
    assert list(reading.board.rows) == label("linkedin-1")


def test_what_is_not_a_picture_is_refused_in_one_line():
    assert not looks_like_an_image(b"BBPP\nBBPP\n")
    with pytest.raises(BoardError, match="not a picture Pillow can decode"):
        read_screenshot(b"\x89PNG\r\n\x1a\n" + b"\0" * 40)
    blank = io.BytesIO()
    Image.new("RGB", (300, 300), (240, 240, 240)).save(blank, format="PNG")
    assert looks_like_an_image(blank.getvalue())
    with pytest.raises(BoardError, match=r"^no grid found"):
        read_screenshot(blank.getvalue())
    with pytest.raises(BoardError, match=r"^not a picture Pillow can decode \(image file is"):
        read_screenshot(blank.getvalue()[:200])
    huge = io.BytesIO()
    Image.new("1", (7000, 6000)).save(huge, format="PNG")  # a small file, a huge canvas
    with pytest.raises(
        BoardError, match=r"^too large: 7000×6000 = 42,000,000 pixels, the limit is 40,000,000;"
    ):
        read_screenshot(huge.getvalue())
    # Far larger, Pillow refuses to open it at all: still "too large", not "cannot decode".
    with pytest.raises(
        BoardError, match=r"^too large: 400,000,000 pixels, the limit is 40,000,000; crop it"
    ):
        read_screenshot(png_header(20000, 20000))


def png_header(width: int, height: int) -> bytes:
    """The start of a PNG file of that size: its signature, its header chunk and an empty
    data chunk (no pixels: a reader that opens it reads the size alone)."""
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", b"")


# -- synthetic pictures ------------------------------------------------------------------


def stripes(n: int) -> Board:
    """An N×N board of N connected regions for sizes the archive lacks: the rows, each
    handing an end cell (left and right by turns) to the row under it."""
    rows = [[r for _ in range(n)] for r in range(n)]
    for r in range(n - 1):
        rows[r][0 if r % 2 == 0 else n - 1] = r + 1
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return Board.from_rows(["".join(letters[k] for k in row) for row in rows])


def marked_state(board: Board, seed: int) -> State:
    """A few queens from the board's solution and a few crossed cells elsewhere."""
    from queens_core.referee.exact import solve_exact

    solution = solve_exact(board)
    assert solution is not None
    chosen = random.Random(seed).sample(solution, 3)
    queens = 0
    for r, c in chosen:
        queens |= 1 << (r * board.n + c)
    crossed = 0
    for index in random.Random(seed + 1).sample(range(board.n * board.n), 2 * board.n):
        if not queens >> index & 1:
            crossed |= 1 << index
    return State(board.full & ~queens & ~crossed, queens)


def drawn(board: Board, state: State | None = None) -> Image.Image:
    return Image.open(io.BytesIO(render_png(board, state, cell=60))).convert("RGB")


def scaled(picture: Image.Image, side: int) -> Image.Image:
    return picture.resize((side, side), Image.Resampling.LANCZOS)


def jpeg(picture: Image.Image, quality: int = 70) -> bytes:
    out = io.BytesIO()
    picture.save(out, format="JPEG", quality=quality)
    return out.getvalue()


def png(picture: Image.Image) -> bytes:
    out = io.BytesIO()
    picture.save(out, format="PNG", compress_level=1)  # fast: size does not matter here
    return out.getvalue()


def hovered(picture: Image.Image, board: Board, r: int, c: int) -> Image.Image:
    """The picture with cell (r, c) darkened, as under a mouse pointer."""
    # render_png's geometry: cells of one unit, a margin of BORDER_WIDTH units round them.
    from queens_core.render.svg import BORDER_WIDTH

    unit = picture.width / (board.n + 2 * BORDER_WIDTH)
    left, top = (BORDER_WIDTH + c) * unit, (BORDER_WIDTH + r) * unit
    box = (round(left + 0.1 * unit), round(top + 0.1 * unit), round(left + 0.9 * unit),
           round(top + 0.9 * unit))  # fmt: skip
    copy = picture.copy()
    copy.paste(copy.crop(box).point(lambda v: round(v * 0.85)), box[:2])
    return copy


def in_page(picture: Image.Image, dark: bool = False) -> Image.Image:
    """The picture in a page: a title, buttons, a rule and a text box round it."""
    side = picture.width
    background, ink, panel = (
        ((27, 31, 35), (230, 230, 230), (44, 50, 56))
        if dark
        else ((243, 242, 239), (20, 20, 20), (255, 255, 255))
    )
    page = Image.new("RGB", (side + side // 2, side * 2), background)
    draw = ImageDraw.Draw(page)
    draw.text((side // 4, side // 12), "Queens #123", fill=ink, font_size=max(12, side // 14))
    for k in range(3):
        x = side // 4 + k * side // 4
        draw.rounded_rectangle(
            (x, side // 5, x + side // 6, side // 5 + side // 14), radius=8, outline=ink, width=2
        )
    draw.line((0, side // 4, page.width, side // 4), fill=ink, width=1)
    page.paste(picture, (side // 4, side // 3))
    top = side // 3 + side + side // 10
    draw.rectangle((side // 4, top, side // 4 + side, top + side // 2), panel, ink, 1)
    for k in range(4):
        draw.text(
            (side // 4 + 12, top + 12 + k * side // 10),
            "Tap once to place X and twice for a queen.",
            fill=ink,
            font_size=max(10, side // 28),
        )
    return page


@pytest.mark.slow
@pytest.mark.parametrize(
    ("number", "side"),
    [("101", 250), ("1", 250), ("102", 250), ("10", 250), ("100", 250), ("102", 2000)],
)
def test_a_rendered_board_reads_back_small_and_large(number: str, side: int):
    board = Board.parse((ARCHIVE / f"{number}.txt").read_text())
    reading = read_picture(png(scaled(drawn(board), side)))
    assert partition(reading.rows) == partition(board.rows)
    assert reading.marks is None


@pytest.mark.slow
@pytest.mark.parametrize("number", ["101", "100"])
def test_jpeg_dark_mode_page_chrome_and_a_hovered_cell(number: str):
    board = Board.parse((ARCHIVE / f"{number}.txt").read_text())
    picture = scaled(drawn(board), 400)
    rng = random.Random(int(number))
    variants = {
        "jpeg": jpeg(picture),
        "jpeg-small": jpeg(scaled(picture, 260), 60),
        "dark": png(ImageOps.invert(picture)),
        "page": png(in_page(picture)),
        "dark-page-jpeg": jpeg(ImageOps.invert(in_page(picture))),
        "dark-theme-page": png(in_page(picture, dark=True)),
        "hovered": png(hovered(picture, board, rng.randrange(board.n), rng.randrange(board.n))),
    }
    for name, data in variants.items():
        reading = read_picture(data)
        assert partition(reading.rows) == partition(board.rows), name


@pytest.mark.slow
@pytest.mark.parametrize(("n", "side"), [(4, 250), (14, 260), (20, 1000)])
def test_sizes_the_archive_lacks(n: int, side: int):
    board = stripes(n)
    reading = read_picture(png(scaled(drawn(board), side)))
    assert partition(reading.rows) == partition(board.rows)


@pytest.mark.slow
@pytest.mark.parametrize("number", ["1", "100"])
def test_queens_and_crosses_read_as_the_state(number: str):
    board = Board.parse((ARCHIVE / f"{number}.txt").read_text())
    state = marked_state(board, int(number))
    expected = state.picture(board, show_dead=True).split()
    picture = drawn(board, state)
    for data in (png(scaled(picture, 300)), jpeg(scaled(picture, 900)), png(in_page(picture))):
        reading = read_screenshot(data)
        assert partition(reading.board.rows) == partition(board.rows)
        assert reading.state is not None
        assert reading.state.picture(reading.board, show_dead=True).split() == expected


def test_a_board_cut_across_is_refused():
    board = Board.parse((ARCHIVE / "1.txt").read_text())
    picture = scaled(drawn(board), 500)
    with pytest.raises(ReadError) as caught:
        read_picture(png(picture.crop((0, 0, 500, 440))))
    message = str(caught.value)
    # The crop keeps 7 whole rows and a sliver of the 8th of an 8×8 grid.
    assert message.startswith("found 8 columns and 7 rows"), message


# -- through the command line -------------------------------------------------------------


def run(*args: str):
    # Click keeps stderr apart: a warning must not land in the board printed on stdout.
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_solve_a_screenshot():
    result = run("solve", str(SHOTS / "santipvz" / "board3.png"))
    assert result.exit_code == 0, result.output
    picture = result.stdout.split("\n\n")[0].split()
    board = Board.from_rows(label("board3"))
    queens = [(r, line.index("♛")) for r, line in enumerate(picture)]
    assert is_solution(board.rows, queens)


def test_hint_starts_from_the_marks_and_import_saves_them(tmp_path):
    shot = str(SHOTS / "qsolve" / "linkedin-1.png")
    board_text = run("import", shot)
    state_text = run("import", shot, "--state")
    assert board_text.exit_code == state_text.exit_code == 0
    assert board_text.stdout.split() == label("linkedin-1")
    assert state_text.stdout.split() == label("linkedin-1.marks", "txt")
    (tmp_path / "board.txt").write_text(board_text.stdout, encoding="utf-8")
    (tmp_path / "state.txt").write_text(state_text.stdout, encoding="utf-8")
    from_files = run("hint", str(tmp_path / "board.txt"), "--state", str(tmp_path / "state.txt"))
    from_picture = run("hint", shot)
    assert from_picture.exit_code == 0, from_picture.output
    assert from_picture.stdout == from_files.stdout
    # The six queens in the picture are where the hint starts, so it does not place them;
    # their crosses are taken as made (the game makes them), unless --every-step.
    assert "Crossed first, as the game does" in from_picture.stdout
    every_step = run("hint", shot, "--every-step")
    assert "The queen already on r1c4" in every_step.stdout


def test_import_of_a_wrong_crop_is_one_line_exit_2():
    result = run("import", str(SHOTS / "santipvz" / "uboard4.png"))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "found 10 columns and 9 rows" in result.stderr


def test_render_png_reads_back(tmp_path):
    out = tmp_path / "solved.png"
    result = run("render", str(ARCHIVE / "102.txt"), "--solve", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"\x89PNG")
    reading = read_screenshot(out.read_bytes())
    board = Board.parse((ARCHIVE / "102.txt").read_text())
    assert partition(reading.board.rows) == partition(board.rows)
    assert reading.state is not None and reading.state.is_solved(reading.board)


def test_render_png_without_pillow_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "PIL", None)  # import PIL now raises ImportError
    result = run("render", str(ARCHIVE / "1.txt"), "-o", str(tmp_path / "b.png"))
    assert result.exit_code == 2
    assert result.stderr == (
        "queens: error: PNG output needs Pillow: pip install Pillow (or queens-core[png])\n"
    )
    assert not (tmp_path / "b.png").exists()


def test_letters_in_png_output_is_refused_not_ignored(tmp_path):
    from click.testing import CliRunner

    from queens_core.cli.app import main

    board = Path(__file__).resolve().parents[2] / "archive" / "boards" / "1.txt"
    result = CliRunner().invoke(
        main, ["render", str(board), "--letters", "-o", str(tmp_path / "b.png")]
    )
    assert result.exit_code == 2
    assert "--letters is drawn in SVG output only" in result.output
    assert not (tmp_path / "b.png").exists()


# -- pictures drawn as the games draw them (drawn_boards.py, beside this file) -----------


def solution_marks(board: Board, every: bool, seed: int) -> list[str]:
    """The marks of a game in play: the solution's queens (all, or about half), crosses on
    every other cell (``every``) or on a few."""
    from queens_core.referee.exact import solve_exact

    solution = set(solve_exact(board) or [])
    rng = random.Random(seed)
    shown = solution if every else set(rng.sample(sorted(solution), board.n // 2))
    return [
        "".join(
            "♛" if (r, c) in shown
            else "x" if (r, c) not in solution and (every or rng.random() < 0.4)
            else "."
            for c in range(board.n)
        )
        for r in range(board.n)
    ]  # fmt: skip


def phone(picture: Image.Image, dark: bool) -> Image.Image:
    """The picture on a phone's screen: a status bar, a title and buttons round it."""
    page = Image.new("RGB", (1080, 2400), (27, 31, 35) if dark else (243, 242, 239))
    draw = ImageDraw.Draw(page)
    ink = (230, 230, 230) if dark else (20, 20, 20)
    draw.text((40, 20), "9:41", fill=ink, font_size=40)
    draw.rectangle((900, 30, 1000, 60), outline=ink, width=3)
    draw.text((40, 200), "Queens", fill=ink, font_size=60)
    page.paste(picture.resize((1000, 1000), Image.Resampling.LANCZOS), (40, 500))
    for k in range(3):
        draw.rounded_rectangle((40 + k * 340, 1600, 340 + k * 340, 1700), 40, outline=ink, width=4)
    return page


def game_cases():
    """(id, board number, how the picture is made, marked every cell or about half or none)."""
    from drawn_boards import Style, draw_board

    golden = (232, 180, 40)

    def plain(style):
        return lambda board, marks: draw_board(board, style, marks)

    def on_phone(style, dark):
        return lambda board, marks: phone(draw_board(board, style, marks), dark)

    def blurred(board, marks):
        return draw_board(board, Style(cell=30), marks).filter(ImageFilter.GaussianBlur(0.8))

    heavy_light_crosses = Style(dark=True, cross_weight=0.14, cross_size=0.5)
    return [
        ("played-full", "246", plain(Style()), "every"),
        ("golden-crowns", "246", plain(Style(crown=golden)), "every"),
        ("heavy-light-crosses-dark", "5", plain(heavy_light_crosses), "every"),
        ("white-crowns-dark", "100", plain(Style(dark=True, crown=(235, 235, 235))), "half"),
        ("no-frame", "300", plain(Style(frame=False, cell=40)), "every"),
        ("old-style-outlines", "246", plain(Style(cell=31, line=3, border=3)), "none"),
        ("old-style-big", "100", plain(Style(cell=60, line=5, border=5)), "none"),
        ("dark", "227", plain(Style(dark=True)), "none"),
        ("phone-dark", "227", on_phone(Style(dark=True), True), "half"),
        ("phone-light-golden", "5", on_phone(Style(crown=golden), False), "every"),
        ("cells-30px-blurred", "246", blurred, "half"),
        ("big-cells", "227", plain(Style(cell=200, line=4, border=12)), "none"),
    ]


@pytest.mark.slow
@pytest.mark.parametrize("case", game_cases(), ids=lambda case: case[0])
@pytest.mark.parametrize("fmt", ["png", "jpeg"])
def test_a_game_picture_reads_to_its_board_and_marks(case, fmt):
    name, number, make, marked = case
    board = Board.parse((ARCHIVE / f"{number}.txt").read_text())
    marks = None if marked == "none" else solution_marks(board, marked == "every", 1)
    picture = make(board, marks)
    data = png(picture) if fmt == "png" else jpeg(picture, 75)
    reading = read_screenshot(data)
    assert partition(reading.board.rows) == partition(board.rows), name
    if marks is None:
        assert reading.state is None, name
    else:
        assert reading.state is not None, name
        shown = reading.state.picture(reading.board, show_dead=True).split()
        assert shown == [line.replace("x", "⨯") for line in marks], name


def test_the_board_is_found_among_page_chrome_and_thumbnails():
    from drawn_boards import Style, draw_board, in_window

    board = Board.parse((ARCHIVE / "246.txt").read_text())
    thumbnails = [
        draw_board(Board.parse((ARCHIVE / f"{k}.txt").read_text()), Style(cell=16, border=2))
        for k in (1, 2, 3, 5)
    ]
    for dark in (False, True):
        window = in_window(draw_board(board, Style(cell=60, dark=dark)), dark, thumbnails)
        reading = read_picture(png(window))
        assert partition(reading.rows) == partition(board.rows)
        assert reading.notes == ()  # the thumbnails are too small to be read as boards


def two_grids() -> bytes:
    from drawn_boards import Style, draw_board, in_window

    big = Board.parse((ARCHIVE / "227.txt").read_text())
    small = Board.parse((ARCHIVE / "1.txt").read_text())
    window = in_window(
        draw_board(big, Style(cell=70)),
        thumbnails=[draw_board(small, Style(cell=30, border=3))],
        size=(1916, 1200),
    )
    return png(window)


def test_two_readable_grids_read_the_larger_and_say_so():
    reading = read_picture(two_grids())
    big = Board.parse((ARCHIVE / "227.txt").read_text())
    assert partition(reading.rows) == partition(big.rows)
    assert reading.notes == ("two grids: 9×9 at the centre and 8×8 below; reading the 9×9",)


def test_the_note_is_a_warning_on_stderr_and_the_board_is_printed(tmp_path):
    shot = tmp_path / "window.png"
    shot.write_bytes(two_grids())
    result = run("import", str(shot))
    assert result.exit_code == 0
    assert result.stdout.split() == list(Board.parse((ARCHIVE / "227.txt").read_text()).rows)
    assert result.stderr == (
        f"queens: warning: {shot}: two grids: 9×9 at the centre and 8×8 below; reading the 9×9\n"
    )


def test_a_refusal_names_both_region_counts_when_colour_and_borders_disagree():
    from drawn_boards import COLOURS, Style, draw_board

    # Board 1 with a wall across region S (its lower part drawn as region Z, in S's
    # colour), and region T painted R's colour: 9 regions by the walls, 7 by colour.
    walls = list((ARCHIVE / "1.txt").read_text().split())
    walls[2] = walls[2][:5] + "ZZZ"
    walls[3] = walls[3][:7] + "Z"
    picture = draw_board(walls, Style(cell=50), colours={"Z": COLOURS["S"], "T": COLOURS["R"]})
    with pytest.raises(ReadError) as caught:
        read_picture(png(picture))
    assert str(caught.value) == (
        "found 9 regions for an 8×8 grid by its borders (7 by its colours); a board has "
        "exactly 8 (is the picture cropped, or a region hidden?)"
    )


# -- Star Battle pictures: no colour, the walls draw the regions ---------------------------

STAR_BATTLE = "AA2W556SAIWSRhAx6840-ZajjL3HvTBSeG"  # 10×10, 2 stars a unit


def star_battle_picture(fmt: str) -> tuple[Board, bytes]:
    from drawn_boards import Style, draw_board

    from queens_rules_starbattle.sbn import parse_sbn

    board, _stars = parse_sbn(STAR_BATTLE)
    picture = draw_board(board, Style(coloured=False, line=1, border=4, cell=40))
    return board, png(picture) if fmt == "png" else jpeg(picture.convert("L").convert("RGB"))


@pytest.mark.parametrize("fmt", ["png", "jpeg"])
def test_a_grey_star_battle_picture_is_read_from_its_walls(fmt):
    board, data = star_battle_picture(fmt)
    reading = read_screenshot(data)
    assert partition(reading.board.rows) == partition(board.rows)


def test_import_stars_writes_a_file_that_keeps_k_and_check_reads_it_back(tmp_path):
    board, data = star_battle_picture("png")
    shot = tmp_path / "starbattle.png"
    shot.write_bytes(data)
    result = run("import", str(shot), "--stars", "2")
    assert result.exit_code == 0, result.output
    _header, *rows = result.stdout.splitlines()
    assert result.stdout.startswith("stars: 2\n")
    assert partition(rows) == partition(board.rows)
    saved = tmp_path / "board.txt"
    saved.write_text(result.stdout, encoding="utf-8")
    checked = run("check", str(saved), "--format", "json")
    assert checked.exit_code == 0, checked.output
    document = json.loads(checked.stdout)
    assert document["verdict"] == "unique-solved"
    assert len(document["solutions"]["examples"][0]) == 20  # two stars a row of ten
    # The picture and the file are the same puzzle: solve --stars 2 on each agrees.
    from_picture = run("solve", str(shot), "--stars", "2")
    from_file = run("solve", str(saved))
    assert from_picture.exit_code == from_file.exit_code == 0
    assert from_picture.stdout.split("\n\n")[0] == from_file.stdout.split("\n\n")[0]


def test_a_star_battle_picture_read_without_k_is_read_with_the_one_k_that_makes_it_unique(
    tmp_path,
):
    """Read as Queens, the grey 2★ board has several solutions; with 2 stars (and not
    with 3) exactly one: solve, hint, check and import use K = 2 and say so in one line."""
    board, data = star_battle_picture("png")
    shot = tmp_path / "starbattle.png"
    shot.write_bytes(data)
    note = (
        "with one queen a unit the board has no single solution, with 2 stars exactly one: "
        "read as a Star Battle puzzle with 2 stars a unit (--stars K to choose another)"
    )
    solved = run("solve", str(shot))
    assert solved.exit_code == 0
    assert solved.stderr.count(note) == 1
    assert (
        solved.stdout.split("\n\n")[0]
        == run("solve", str(shot), "--stars", "2").stdout.split("\n\n")[0]
    )
    picture = solved.stdout.split("\n\n")[0].split()
    stars = [(r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "♛"]
    assert is_solution(board.with_stars(2).rows, stars, stars=2)
    hinted = run("hint", str(shot))
    assert hinted.exit_code == 0 and note in hinted.stderr
    checked = run("check", str(shot), "--format", "json")
    assert checked.exit_code == 0 and note in checked.stderr
    assert json.loads(checked.stdout)["verdict"] == "unique-solved"
    imported = run("import", str(shot))
    assert imported.exit_code == 0 and note in imported.stderr
    assert imported.stdout.startswith("stars: 2\n")
    # Given K, the user is not told: and K = 1 is what was asked.
    given = run("solve", str(shot), "--stars", "1")
    assert given.exit_code == 1 and "--stars" not in given.stderr
    assert run("import", str(shot), "--stars", "2").stderr == ""


def test_import_stars_one_prints_the_text_format_and_an_impossible_k_is_refused(tmp_path):
    board, data = star_battle_picture("png")
    shot = tmp_path / "starbattle.png"
    shot.write_bytes(data)
    plain = run("import", str(shot), "--stars", "1")
    assert plain.exit_code == 0
    assert partition(plain.stdout.split()) == partition(board.rows)
    too_many = run("import", str(shot), "--stars", "3")
    assert too_many.exit_code == 2
    assert too_many.stdout == ""
    assert "cannot hold 3 stars per unit" in too_many.stderr


# -- decoding large pictures ----------------------------------------------------------------


@pytest.mark.slow
def test_a_large_picture_is_decoded_reduced():
    from queens_read_image.engine import WORK_SIDE, open_picture

    board = Board.parse((ARCHIVE / "100.txt").read_text())
    picture = scaled(drawn(board), 4500)
    for data in (jpeg(picture, 80), png(picture)):
        opened = open_picture(data)
        assert WORK_SIDE // 2 <= max(opened.size) <= WORK_SIDE
        reading = read_picture(data)
        assert partition(reading.rows) == partition(board.rows)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="peak memory as Linux reports it")
def test_the_largest_picture_accepted_is_read_in_under_200_mb(tmp_path):
    """A 6300×6300 RGBA PNG (just under the 40-megapixel limit: 160 MB once decoded),
    read in a fresh process, as bench/bench_read_image.py measures it: the decoded
    picture and a strip of it at a time, never a second copy of much of it."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from bench_read_image import child
    finally:
        sys.path.remove(str(ROOT / "bench"))
    big = tmp_path / "6300.png"
    child(ROOT, "write_large_png", repr(str(big)))
    got = child(ROOT, "work_large", repr(str(big)))
    assert got["result"] == "read"
    assert got["peak_mb"] < 200, got


# -- a screenshot as the state of a text board -----------------------------------------------


def test_a_screenshot_gives_hint_the_state_of_the_board_it_shows(tmp_path):
    """`hint BOARD --state SHOT.png`: the marks of the picture, on the board in the text
    file (the same regions, whatever the letters), as if the picture were the board."""
    shot = SHOTS / "serve" / "desktop-light-some-300.png"
    from_picture = run("hint", str(shot))
    as_state = run("hint", str(ARCHIVE / "300.txt"), "--state", str(shot))
    assert as_state.exit_code == from_picture.exit_code == 0, as_state.output
    assert as_state.stdout == from_picture.stdout
    renamed = tmp_path / "300-renamed.txt"  # the same regions under other letters
    rows = (ARCHIVE / "300.txt").read_text().split()
    letters = sorted(set("".join(rows)))
    rename = str.maketrans("".join(letters), "abcdefghijklmnopqrstuvwxyz"[: len(letters)])
    renamed.write_text("\n".join(row.translate(rename) for row in rows) + "\n")
    assert run("hint", str(renamed), "--state", str(shot)).exit_code == 0
    other = run("hint", str(ARCHIVE / "1.txt"), "--state", str(shot))
    assert other.exit_code == 2
    assert "it shows another board (7×7, other regions) than the 8×8 board given" in other.stderr


def test_a_screenshot_named_like_a_text_state_is_named_for_what_it_is(tmp_path):
    renamed = tmp_path / "progress.txt"
    renamed.write_bytes((SHOTS / "serve" / "phone-light-some-5.png").read_bytes())
    result = run("hint", str(ARCHIVE / "5.txt"), "--state", str(renamed))
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"queens: error: {renamed}: this looks like a PNG picture, not a board in text: "
        "name it FILE.png so that the image reader reads it"
    )


def test_in_place_never_writes_text_over_a_screenshot(tmp_path):
    shot = tmp_path / "shot.png"
    shot.write_bytes((SHOTS / "serve" / "desktop-light-some-300.png").read_bytes())
    before = shot.read_bytes()
    result = run("hint", str(ARCHIVE / "300.txt"), "--state", str(shot), "--in-place")
    assert result.exit_code == 2
    assert "give --write FILE instead" in result.stderr
    assert shot.read_bytes() == before


def test_a_screenshot_without_marks_as_the_state_starts_from_none():
    shot = SHOTS / "serve" / "desktop-light-101.png"
    result = run("hint", str(ARCHIVE / "101.txt"), "--state", str(shot))
    assert result.exit_code == 0, result.output
    assert (
        result.stderr
        == f"queens: warning: {shot}: the picture shows no marks; starting from none\n"
    )
    assert result.stdout == run("hint", str(ARCHIVE / "101.txt")).stdout


@pytest.mark.parametrize(
    ("counts", "found"),
    [({1: 2, 2: 1, 3: 0}, 2), ({1: 1, 2: 1, 3: 0}, None),
     ({1: 2, 2: 2, 3: 0}, None)],
)  # fmt: skip
def test_k_is_taken_only_when_exactly_one_k_gives_one_solution(monkeypatch, counts, found):
    import queens_core.exact

    _board, data = star_battle_picture("png")
    monkeypatch.setattr(
        queens_core.exact, "count_solutions", lambda board, cap: counts[board.stars]
    )
    reading = read_screenshot(data)
    assert reading.unique_stars == found


@pytest.mark.slow
def test_two_k_with_one_solution_each_are_named_and_none_is_taken(monkeypatch):
    """On a 12×12 board (one to three stars a unit possible): one solution with 2 stars
    and one with 3, none with 1. The picture cannot tell which K it shows."""
    import queens_core.exact

    board = stripes(12)
    counts = {1: 0, 2: 1, 3: 1}
    monkeypatch.setattr(
        queens_core.exact, "count_solutions", lambda board, cap: counts[board.stars]
    )
    reading = read_screenshot(png(scaled(drawn(board), 500)))
    assert partition(reading.board.rows) == partition(board.rows)
    assert reading.unique_stars is None
    assert reading.notes == (
        "with one queen a unit the board has no single solution, but with 2 or 3 stars a "
        "unit it has exactly one each: give K with --stars",
    )

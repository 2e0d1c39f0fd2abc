"""``queens render``: the SVG parses, has one element per cell, and draws the state."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from support import ARCHIVE, CHEAP_STALL_353, ROOT

from queens_core import Board, Solver, State
from queens_core.cli.app import main
from queens_core.render.colour import ARCHIVE_COLOURS
from queens_core.render.svg import render_svg

SVG = "{http://www.w3.org/2000/svg}"
STALLED_353 = CHEAP_STALL_353


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == f"{SVG}svg"
    return root


def of_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == name]


def test_every_archive_size_has_one_rect_per_cell_in_its_region_colour(archive):
    seen = set()
    for board in archive.values():
        if board.n in seen:
            continue
        seen.add(board.n)
        root = parse(render_svg(board))
        cells = of_class(root, "cell")
        assert len(cells) == board.n * board.n
        for index, rect in enumerate(cells):
            r, c = divmod(index, board.n)
            assert rect.get("data-cell") == f"r{r + 1}c{c + 1}"
            letter = board.rows[r][c]
            assert rect.get("data-region") == letter
            assert rect.get("fill") == ARCHIVE_COLOURS[letter][1]
        assert not of_class(root, "queen") and not of_class(root, "dead")
    assert seen == {7, 8, 9, 10, 11}


def test_borders_are_drawn_exactly_between_regions():
    board = Board.parse("AAB\nACB\nCCB\n")
    root = parse(render_svg(board, cell=10))
    (borders,) = of_class(root, "borders")
    (grid,) = of_class(root, "grid")
    # Interior edges: 12; between regions: r1c2|r1c3, r2c2|r2c3, r3c2|r3c3 (vertical),
    # r1c2/r2c2, r1c1/r2c1... count them from the board instead of by hand.
    n = board.n
    between = sum(
        board.rows[r][c] != board.rows[r][c + 1] for r in range(n) for c in range(n - 1)
    ) + sum(board.rows[r][c] != board.rows[r + 1][c] for r in range(n - 1) for c in range(n))
    assert borders.get("d").count("M") == between
    assert grid.get("d").count("M") == 12 - between
    assert float(borders.get("stroke-width")) > float(grid.get("stroke-width"))


def test_a_partial_state_draws_queens_and_crosses():
    board = Board.parse((ARCHIVE / "353.txt").read_text())
    state = State.from_picture(board, STALLED_353)
    state.queens |= 1 << 0
    state.live &= ~1
    root = parse(render_svg(board, state, labels=True))
    assert [e.get("data-cell") for e in of_class(root, "queen")] == ["r1c1"]
    assert len(of_class(root, "dead")) == state.dead(board).bit_count()
    assert len(of_class(root, "cell")) == 49
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts.count("7") == 2


def test_render_solve_writes_the_solved_board(tmp_path, registry):
    out = tmp_path / "solved.svg"
    path = str(ARCHIVE / "353.txt")
    run = CliRunner().invoke(main, ["render", path, "--solve", "-o", str(out)])
    assert run.exit_code == 0, run.output
    root = parse(out.read_text(encoding="utf-8"))
    board = Board.parse((ARCHIVE / "353.txt").read_text())
    solution = Solver(registry.rules).solve(board).state.queens
    queens = {e.get("data-cell") for e in of_class(root, "queen")}
    assert queens == {f"r{r + 1}c{c + 1}" for r, c in board.cells_of(solution)}
    assert not of_class(root, "dead")  # a solved board shows queens only


def test_render_to_stdout_from_a_state_and_errors(tmp_path):
    state = tmp_path / "state.txt"
    state.write_text(STALLED_353)
    path = str(ARCHIVE / "353.txt")
    run = CliRunner().invoke(main, ["render", path, "--state", str(state)])
    assert run.exit_code == 0
    root = parse(run.stdout)
    assert len(of_class(root, "dead")) == STALLED_353.count("⨯")
    run = CliRunner().invoke(main, ["render", path, "-o", str(tmp_path / "no" / "x.svg")])
    assert run.exit_code == 2 and "cannot write" in run.stderr
    run = CliRunner().invoke(main, ["render", path, "--state", "-"], input="..\n")
    assert run.exit_code == 2 and run.stderr.startswith("queens: error: <stdin>: line 1")


def test_render_solve_on_a_board_the_rules_cannot_finish(tmp_path):
    run = CliRunner().invoke(
        main, ["render", "-", "--solve"], input="AAAAA\nBBBBB\nCCCCC\nDDDDD\nEEEEE\n"
    )
    assert run.exit_code == 1 and "not solved" in run.stderr
    assert len(of_class(parse(run.stdout), "cell")) == 25


@pytest.mark.parametrize("letters", ["abcde", "12345"])
def test_other_letters_get_distinct_fills(letters):
    board = Board.from_rows([ch * 5 for ch in letters])
    fills = {e.get("fill") for e in of_class(parse(render_svg(board)), "cell")}
    assert len(fills) == 5


def test_the_committed_picture_is_what_render_draws_today(monkeypatch):
    """docs/board-353.svg is `queens render archive/boards/353.txt --solve -o ...`, run
    from the repository root: re-render it when the drawing changes."""
    monkeypatch.chdir(ROOT)
    run = CliRunner().invoke(main, ["render", "archive/boards/353.txt", "--solve"])
    assert run.exit_code == 0
    committed = (ROOT / "docs" / "board-353.svg").read_text(encoding="utf-8")
    assert run.stdout == committed


def test_region_letters_and_titles_that_xml_reserves_are_escaped():
    board = Board.parse("&&<<\n&&<<\n\"\"''\n\"\"''\n")
    root = parse(render_svg(board, title='Board "<&>"'))
    assert [rect.get("data-region") for rect in of_class(root, "cell")] == list("".join(board.rows))
    assert root.find(f"{SVG}title").text == 'Board "<&>"'

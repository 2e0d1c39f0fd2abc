"""`queens solve` with several boards; with one it keeps the one-board format exactly."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from support import ARCHIVE

from queens_core import Board, Solver
from queens_core.cli.app import main
from queens_core.cli.output import format_result


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def test_solve_with_one_board_prints_exactly_the_solver_md_format(registry):
    board = Board.parse((ARCHIVE / "1.txt").read_text())
    names = {r.counter: r.display_name for r in registry.rules}
    expected = format_result(Solver(registry.rules).solve(board), names) + "\n"
    assert run("solve", str(ARCHIVE / "1.txt")).stdout == expected
    assert run("solve", stdin=(ARCHIVE / "1.txt").read_text()).stdout == expected


def test_solve_with_several_boards_heads_each_and_exits_with_the_worst(tmp_path):
    one = str(ARCHIVE / "1.txt")
    stall = str(Path(__file__).parents[1] / "fixtures" / "unique-rules-stall.txt")
    bad = tmp_path / "bad.txt"
    bad.write_text("ABC\n")
    single = {p: run("solve", p).stdout for p in (one, stall)}

    result = run("solve", one, stall)
    assert result.exit_code == 1
    assert result.stdout == f"==> {one} <==\n{single[one]}\n==> {stall} <==\n{single[stall]}"

    result = run("solve", one, str(bad), stall)
    assert result.exit_code == 2
    assert f"==> {stall} <==\n{single[stall]}" in result.stdout  # went on after the bad one
    assert "queens: error: " + str(bad) in result.stderr

    assert run("solve", one, one).exit_code == 0

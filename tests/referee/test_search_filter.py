"""The exact search's matching filter: the lines it reads for every unit at once, and a
search that visits the same nodes and meets the same solutions, in the same order, as a
search filtering each graph in turn through the engine's own dead-edge function."""

from __future__ import annotations

import random

import pytest
from support import ARCHIVE

from queens_core import Board
from queens_core.engine.board import size_geometry
from queens_core.engine.matching import dead_edges
from queens_core.generator.regions import random_board
from queens_core.referee import queens_search
from queens_core.referee.budget import root
from queens_core.referee.queens_search import Search


def _lines_met(cells: int, masks: tuple[int, ...]) -> int:
    return sum(1 << index for index, mask in enumerate(masks) if cells & mask)


@pytest.mark.parametrize("n", [4, 5, 8, 9, 11, 16, 17, 25, 32])
def test_lines_read_every_unit_at_once_as_a_loop_over_them_would(n):
    rng = random.Random(n)
    rows, cols, _ = size_geometry(n)
    lines = queens_search._lines(n)
    for _ in range(20):
        board = random_board(n, rng, solvable=False)
        live = rng.getrandbits(n * n) & rng.getrandbits(n * n)
        spread = live * lines.everywhere
        for units in (board.row_masks, board.region_masks):
            blocks = spread & lines.layout(units)
            assert lines.columns(blocks) == tuple(_lines_met(live & unit, cols) for unit in units)
            assert lines.rows(blocks) == tuple(_lines_met(live & unit, rows) for unit in units)


class _GraphByGraph(Search):
    """The filter as plain as it goes: each graph in turn, built by a loop over every
    unit, cut by ``engine.matching.dead_edges``, each seeing the kills of the one before;
    the row-column graph always, whatever the lines' counts."""

    def _filter(self, live, clean, lines_clean):
        n = self.n
        rows, cols, _ = size_geometry(n)
        for lefts, rights in ((self.region_masks, rows), (self.region_masks, cols), (rows, cols)):
            edges = {
                left: _lines_met(live & unit, rights)
                for left, unit in enumerate(lefts)
                if live & unit
            }
            dead = dead_edges(edges, n)
            if dead is None:
                return None
            for left, lost in dead.items():
                live &= ~(lefts[left] & sum(rights[r] for r in range(n) if lost >> r & 1))
        return live


def _boards():
    rng = random.Random(39)
    for index in range(60):
        n = 6 + index % 8
        yield random_board(n, rng, solvable=index % 3 != 0, bias=index % 4)


@pytest.mark.parametrize("cap", [2, 7])
def test_the_search_meets_the_same_solutions_at_the_same_nodes(cap):
    several = 0
    for board in _boards():
        fast = Search(board, cap)
        plain = _GraphByGraph(board, cap)
        assert fast.run(*root(board, None)) == plain.run(*root(board, None))
        assert (fast.nodes, fast.count) == (plain.nodes, plain.count)
        several += fast.count >= 2
    assert several >= 10  # boards where the order of the solutions shows


def test_a_map_search_meets_the_same_solutions_at_the_same_nodes():
    rng = random.Random(5)
    for _ in range(30):
        board: Board = random_board(12, rng, bias=1)
        maps = (list(board.cell_region), list(board.region_masks))
        fast = Search.of_map(*maps, 40)
        plain = _GraphByGraph(None, 40, region_map=maps)
        assert fast.run(board.full, 0) == plain.run(board.full, 0)
        assert fast.nodes == plain.nodes


@pytest.mark.slow
def test_the_archive_boards_are_searched_through_the_same_nodes():
    """The published boards: the row-column graph kills cells the others leave on a few
    of them, which the random maps above seldom show."""
    paths = sorted(ARCHIVE.glob("*.txt"), key=lambda path: int(path.stem))
    for path in paths:
        board = Board.parse(path.read_text())
        fast = Search(board, 2)
        plain = _GraphByGraph(board, 2)
        assert fast.run(*root(board, None)) == plain.run(*root(board, None)), path.name
        assert fast.nodes == plain.nodes, path.name


def test_cells_past_the_board_change_nothing():
    """A state of a larger board marks cells past this one: no unit holds them, and the
    filter's blocks (one board wide each) must not see them spill into the next."""
    board = Board.parse((ARCHIVE / "1.txt").read_text())
    larger = (1 << ((board.n + 1) ** 2)) - 1
    plain = Search(board, 5).run(board.full, 0)
    assert plain
    assert Search(board, 5).run(larger, 0) == plain

"""Placement-forces-contradiction's trials on plain ints (see the package's glossary).

Its own module, free of plugin hooks, so that the optional compiled build
(scripts/build_compiled.py) can compile it; the package is the same without it.
"""

from __future__ import annotations

from queens_core.board import Board
from queens_core.state import State, missed_unit

#: K: a candidate's kill mask must meet a region with at most this many live cells.
SMALL_REGION = 6
#: k: rounds of propagation after the trial placement.
DEPTH = 2

#: The problems a trial can end in (the fifth item of a kill's detail).
EMPTY = "empty"
TWO_QUEENS = "two_queens"


class Trials:
    """One board's masks laid out for many trials, each on two plain ints.

    It does what the reference :func:`queens_rules_pfc.trial` does through a
    :class:`~queens_core.rules.Scratch` and the propagators, in the same order, without
    the objects: a trial costs a few hundred integer operations, and a board needs up to
    a few hundred trials per solve.
    """

    __slots__ = (
        "board",
        "cell_col",
        "cell_region",
        "cell_row",
        "col_masks",
        "kill_masks",
        "lines",
        "region_masks",
        "row_masks",
    )

    def __init__(self, board: Board):
        n = board.n
        self.board = board
        self.kill_masks = board.kill_masks
        self.row_masks = board.row_masks
        self.col_masks = board.col_masks
        self.region_masks = board.region_masks
        self.lines = board.row_masks + board.col_masks
        self.cell_row = tuple(board.row_masks[i // n] for i in range(n * n))
        self.cell_col = tuple(board.col_masks[i % n] for i in range(n * n))
        self.cell_region = tuple(board.region_masks[k] for k in board.cell_region)

    def settled(self, state: State) -> bool:
        """True when no live cell or other queen lies in the kill mask of a queen."""
        covered = state.live | state.queens
        kill_masks = self.kill_masks
        queens = state.queens
        while queens:
            low = queens & -queens
            queens ^= low
            if kill_masks[low.bit_length() - 1] & covered:
                return False
        return True

    def empty_unit(self, covered: int) -> tuple[str, int, str] | None:
        """The first unit (rows, columns, regions) that ``covered`` misses."""
        missed = missed_unit(self.board, covered)
        return None if missed is None else (missed[0], missed[1], EMPTY)

    def candidates(self, live: int) -> int:
        """The mask of live cells whose kill mask meets a region with 1..K live cells."""
        small = 0
        for region in self.region_masks:
            cells = live & region
            if cells and cells.bit_count() <= SMALL_REGION:
                small |= cells
        if not small:
            return 0
        found = 0
        kill_masks = self.kill_masks
        rest = live
        while rest:
            low = rest & -rest
            rest ^= low
            if kill_masks[low.bit_length() - 1] & small:
                found |= low
        return found

    def doomed(
        self, live: int, queens: int, cells: int
    ) -> list[tuple[int, tuple[str, int, str], tuple[int, ...]]]:
        """The trials of ``cells`` (in cell order) from a settled state that end in a
        contradiction: (cell, contradiction, the cells where the trial placed queens)."""
        out = []
        for cell, trial_queens, found in self.trials(live, queens, cells):
            if found is not None:
                placed = trial_queens & ~queens & ~(1 << cell)
                forced = []
                while placed:
                    first = placed & -placed
                    placed ^= first
                    forced.append(first.bit_length() - 1)
                out.append((cell, found, tuple(forced)))
        return out

    def run(self, live: int, queens: int, cell: int) -> tuple[int, tuple[str, int, str] | None]:
        """The reference trial from a settled state: (the trial's queens, its
        contradiction)."""
        _, trial_queens, found = self.trials(live, queens, 1 << cell)[0]
        return trial_queens, found

    def trials(
        self, start_live: int, start_queens: int, trial_cells: int
    ) -> list[tuple[int, int, tuple[str, int, str] | None]]:
        """:meth:`run` for every cell of ``trial_cells``, in cell order: (cell, the trial's
        queens, its contradiction). One call for them all, so that the board's masks are
        looked up once per rule call rather than once per trial."""
        kill_masks = self.kill_masks
        region_masks = self.region_masks
        single_units = (region_masks, self.row_masks, self.col_masks)
        lines = self.lines
        cell_row = self.cell_row
        cell_col = self.cell_col
        cell_region = self.cell_region
        empty_unit = self.empty_unit
        out: list[tuple[int, int, tuple[str, int, str] | None]] = []
        while trial_cells:
            bit = trial_cells & -trial_cells
            trial_cells ^= bit
            cell = bit.bit_length() - 1
            live = start_live & ~(kill_masks[cell] | bit)
            queens = start_queens | bit
            found = None
            for _ in range(DEPTH):
                found = empty_unit(live | queens)
                if found is not None:
                    break
                before = live
                # Single-cell region, then single-cell row and column: collect, then place
                # those still live (a queen placed earlier in the list may have killed one).
                for masks in single_units:
                    # A plain loop: a comprehension is a function call of its own, and
                    # most rounds find no single.
                    singles = []
                    for mask in masks:
                        cells = live & mask
                        if cells and not cells & (cells - 1) and not queens & mask:
                            singles.append(cells)
                    for single in singles:
                        if live & single:
                            live &= ~(kill_masks[single.bit_length() - 1] | single)
                            queens |= single
                # Region confined to a row (column): kill the rest of the line.
                for region in region_masks:
                    cells = live & region
                    if cells:
                        first = (cells & -cells).bit_length() - 1
                        row = cell_row[first]
                        if not cells & ~row:
                            live &= ~(row & ~region)
                        column = cell_col[first]
                        if not cells & ~column:
                            live &= ~(column & ~region)
                # Row (column) confined to a region: kill the rest of the region.
                for line in lines:
                    cells = live & line
                    if cells:
                        region = cell_region[(cells & -cells).bit_length() - 1]
                        if not cells & ~region:
                            live &= ~(region & ~line)
                if live == before:
                    break  # the state its check found no empty unit in
            else:
                found = empty_unit(live | queens)
            out.append((cell, queens, found))
        return out

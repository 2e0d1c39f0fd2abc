"""Placement-forces-contradiction's trials on plain ints (see the package's glossary).

Its own module, free of plugin hooks, so that the optional compiled build
(scripts/build_compiled.py) can compile it; the package is the same without it.
"""

from __future__ import annotations

from itertools import chain, repeat
from operator import itemgetter

from queens_core.board import Board
from queens_core.state import State, missed_unit

#: K: a candidate's kill mask must meet a region with at most this many live cells.
SMALL_REGION = 6
#: k: rounds of propagation after the trial placement.
DEPTH = 2

#: The problems a trial can end in (the fifth item of a kill's detail).
EMPTY = "empty"
TWO_QUEENS = "two_queens"


#: Per board size, the tables of :func:`_line_tables` (they depend on the size alone).
_LINE_TABLES: dict[int, tuple[tuple[int, ...], ...]] = {}


def _line_tables(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per cell of the board, indexed by its index + 1 (see :class:`Trials`): its row, its
    column, and their complements."""
    n = board.n
    full = board.full
    by_row = tuple(map(full.__xor__, board.row_masks))
    by_column = tuple(map(full.__xor__, board.col_masks))
    return (
        (0, *chain.from_iterable(map(repeat, board.row_masks, repeat(n, n)))),
        (0, *board.col_masks * n),
        (0, *chain.from_iterable(map(repeat, by_row, repeat(n, n)))),
        (0, *by_column * n),
    )


class Trials:
    """One board's masks laid out for many trials, each on two plain ints.

    It does what the reference :func:`queens_rules_pfc.trial` does through a
    :class:`~queens_core.rules.Scratch` and the propagators, in the same order, without
    the objects: a trial costs a few hundred integer operations, and a board needs up to
    a few hundred trials per solve.
    """

    __slots__ = (
        "board",
        "col_masks",
        "column_at",
        "full",
        "kill_at",
        "kill_masks",
        "line_cover",
        "n",
        "off_column_at",
        "off_region_at",
        "off_row_at",
        "region_at",
        "region_masks",
        "row_at",
        "row_masks",
    )

    def __init__(self, board: Board):
        n = board.n
        self.board = board
        self.kill_masks = board.kill_masks
        self.row_masks = board.row_masks
        self.col_masks = board.col_masks
        self.region_masks = board.region_masks
        self.n = n
        self.full = full = board.full
        self.line_cover = board.line_cover
        # Per cell, indexed by the bit length of a mask whose highest cell it is (its
        # index + 1, so that a unit's live cells need no lowest-bit arithmetic: each
        # operation on the board's wide ints allocates one): its row, column and region,
        # the complements of its row, column and region, and its kill mask. Tuples of the
        # board's own masks (a complement once per line or region), made in C. The row and
        # column tables depend on the size alone and are made once per size: a batch lays
        # out a board for nearly every solve that reaches the rule.
        tables = _LINE_TABLES.get(n)
        if tables is None:
            tables = _LINE_TABLES[n] = _line_tables(board)
        self.row_at, self.column_at, self.off_row_at, self.off_column_at = tables
        # One itemgetter of the cells' regions picks both tables in C (half the time of
        # a map over a bound method: a batch lays out most of its boards once). With one
        # cell, an itemgetter gives the item itself, not a tuple of one.
        cell_region = board.cell_region
        at = itemgetter(*cell_region) if n > 1 else lambda masks: (masks[cell_region[0]],)
        self.region_at = (0, *at(board.region_masks))
        self.off_region_at = (0, *at(tuple(map(full.__xor__, board.region_masks))))
        self.kill_at = (0, *board.kill_masks)

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
        # A kill mask is symmetric (cell a's holds b exactly when b's holds a: the same
        # row, column or region, or touching) and leaves its own cell out, so the live
        # cells whose kill mask meets ``small`` are the live cells of the kill masks of
        # ``small``'s cells: a loop over those few cells, not over every live cell.
        reach = 0
        kill_at = self.kill_at
        while small:
            low = small & -small
            small ^= low
            reach |= kill_at[low.bit_length()]
        return live & reach

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
        row_masks = self.row_masks
        col_masks = self.col_masks
        row_at = self.row_at
        column_at = self.column_at
        region_at = self.region_at
        off_row_at = self.off_row_at
        off_column_at = self.off_column_at
        off_region_at = self.off_region_at
        kill_at = self.kill_at
        empty_unit = self.empty_unit
        n = self.n
        down = n - 1
        # The masks of queens_core.board.covers_every_line: a row's live cells are told
        # by a carry into its last cell.
        last_bits, other_bits, folds, first_row, _, _ = self.line_cover
        out: list[tuple[int, int, tuple[str, int, str] | None]] = []
        while trial_cells:
            bit = trial_cells & -trial_cells
            trial_cells ^= bit
            cell = bit.bit_length() - 1
            live = start_live & ~(kill_masks[cell] | bit)
            queens = start_queens | bit
            found = None
            for _ in range(DEPTH):
                # Whether some unit is empty (which one, rarely asked, is found in the
                # board's own order).
                covered = live | queens
                if (((covered & other_bits) + other_bits) | covered) & last_bits != last_bits:
                    found = empty_unit(covered)
                    break
                # The columns met: every row folded onto the first (a few shifts of the
                # whole board, not an operation a column).
                folded = covered
                for shift in folds:
                    folded |= folded >> shift
                if folded & first_row != first_row:
                    found = empty_unit(covered)
                    break
                before = live
                # Single-cell region, then single-cell row and column: collect, then place
                # those still live (a queen placed earlier in the list may have killed one).
                # The state stays settled, so a unit with a live cell holds no queen. The
                # regions' walk also looks for an empty one (no live cell, no queen), the
                # last units the check above leaves: one walk, not two.
                singles = []
                for region in region_masks:
                    # A plain loop: a comprehension is a function call of its own, and
                    # most rounds find no single.
                    cells = live & region
                    if not cells:
                        if not queens & region:
                            found = empty_unit(covered)
                            break
                    elif cells.bit_count() == 1:
                        singles.append(cells)
                if found is not None:
                    break
                for single in singles:
                    if live & single:
                        live &= ~(kill_at[single.bit_length()] | single)
                        queens |= single
                # The rows with one live cell, all at once: those with a live cell, less
                # those that still have one without their first (a borrow stays in its row).
                met = (((live & other_bits) + other_bits) | live) & last_bits
                rest = live & (live - (met >> down))
                ones = met & ~((((rest & other_bits) + other_bits) | rest) & last_bits)
                if ones:
                    singles = []
                    while ones:
                        low = ones & -ones
                        ones ^= low
                        singles.append(live & row_masks[low.bit_length() // n - 1])
                    for single in singles:
                        if live & single:
                            live &= ~(kill_at[single.bit_length()] | single)
                            queens |= single
                singles = []
                for column in col_masks:
                    cells = live & column
                    if cells.bit_count() == 1:
                        singles.append(cells)
                for single in singles:
                    if live & single:
                        live &= ~(kill_at[single.bit_length()] | single)
                        queens |= single
                # Region confined to a row (column): kill the rest of the line.
                for region in region_masks:
                    cells = live & region
                    if cells:
                        last = cells.bit_length()
                        if cells & row_at[last] == cells:
                            live &= off_row_at[last] | region
                        if cells & column_at[last] == cells:
                            live &= off_column_at[last] | region
                # Row (column) confined to a region: kill the rest of the region.
                for row in row_masks:
                    cells = live & row
                    if cells:
                        last = cells.bit_length()
                        if cells & region_at[last] == cells:
                            live &= off_region_at[last] | row
                for column in col_masks:
                    cells = live & column
                    if cells:
                        last = cells.bit_length()
                        if cells & region_at[last] == cells:
                            live &= off_region_at[last] | column
                if live == before:
                    break  # the state its check found no empty unit in
            else:
                # The last round's check, inline as at a round's start (most trials end
                # here with every unit met, and a call costs more than the test).
                covered = live | queens
                if (((covered & other_bits) + other_bits) | covered) & last_bits != last_bits:
                    found = empty_unit(covered)
                else:
                    folded = covered
                    for shift in folds:
                        folded |= folded >> shift
                    if folded & first_row != first_row:
                        found = empty_unit(covered)
                    else:
                        for unit in region_masks:
                            if not covered & unit:
                                found = empty_unit(covered)
                                break
            out.append((cell, queens, found))
        return out

"""The dynamic part of a solve: which cells hold queens and which are still live.

Glossary
--------
queen
    A cell known to hold a queen.
live
    A cell that is neither a queen nor dead: its fate is still open.
dead
    A cell proven empty (drawn ``⨯``). Dead cells are everything that is neither live nor
    a queen, so the state stores just two masks.
contradiction
    A row, column or region with no queen and no live cell: no solution agrees with the
    state.

A copy is two ints (plus an empty scratch dict), so rules that simulate a placement copy
the state instead of keeping an undo log.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .board import Board, BoardError, bits, covers_every_line

QUEEN = "♛"
DEAD = "⨯"
LIVE = "."

#: Marks accepted in a state picture, beyond the ``♛ ⨯ .`` that ``queens solve`` prints.
QUEEN_MARKS = frozenset(QUEEN + "♕Qq")
DEAD_MARKS = frozenset(DEAD + "xX✕×✗✘")
LIVE_MARKS = frozenset(LIVE + "·_")

# Patterns, not compiled patterns: only a state read from text needs them, and the
# `re` module compiles (and keeps) each on its first use instead of on every start.
_ROW_NUMBER = r"^\s*\d+\s+"
_HEADER = r"^[\d\s]+$"
#: A terminal's colour and style codes, as `--color always` writes them (CSI ... m).
_ANSI = r"\x1b\[[0-9;?]*[A-Za-z]"


class InvalidState(ValueError):
    """A start state no solution can agree with on its face (see :meth:`State.problem`);
    ``str()`` is one line."""


class State:
    """Queens and live cells of a board, as masks.

    ``caches`` holds each rule's scratch space, which a rule reaches only as
    :attr:`queens_core.engine.rules.Context.cache`. It is never copied: a fresh copy
    re-examines everything, which is how the tests check that a fixed point is real.
    """

    __slots__ = ("caches", "live", "queens")

    def __init__(self, live: int, queens: int = 0):
        self.live = live
        self.queens = queens
        self.caches: dict[str, dict[Any, Any]] = {}

    @classmethod
    def initial(cls, board: Board) -> State:
        """Every cell live, no queen."""
        return cls(board.full)

    def copy(self) -> State:
        return State(self.live, self.queens)

    def __reduce__(self) -> tuple[type[State], tuple[int, int]]:
        # Pickled (a board made in a worker process comes back with its solve) as its
        # masks, without the caches, which are never copied. Spelt out because the
        # compiled build's class cannot be rebuilt from its slots, and a result that does
        # not unpickle left `generate --jobs` waiting for ever.
        return (State, (self.live, self.queens))

    def dead(self, board: Board) -> int:
        return board.full & ~(self.live | self.queens)

    def problem(self, board: Board) -> str | None:
        """Why this cannot be a start state of ``board``, in one line, or None.

        Checked by every entry point that accepts a state (:meth:`Solver.solve
        <queens_core.engine.driver.Solver.solve>`, ``queens hint``, ``queens render``): masks that
        do not fit the board, and queens that no solution can hold together (see
        :func:`queens_core.engine.validate.placement_problem`).
        """
        from .validate import placement_problem

        if (self.live | self.queens) & ~board.full:
            return f"the state marks cells outside the {board.n}×{board.n} board"
        both = self.live & self.queens
        if both:
            return f"{cell_label(board, (both & -both).bit_length() - 1)} is both a queen and live"
        return placement_problem(board.rows, board.cells_of(self.queens), board.stars)

    def is_solved(self, board: Board) -> bool:
        return self.queens.bit_count() == board.star_total

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.live == other.live and self.queens == other.queens

    def __repr__(self) -> str:
        return f"State(live={self.live:#x}, queens={self.queens:#x})"

    # -- pictures -----------------------------------------------------------------------

    def picture(self, board: Board, show_dead: bool = True) -> str:
        """One line per row: ``♛`` queen, ``⨯`` dead (or ``.`` when not shown), ``.`` live."""
        n = board.n
        size = n * n
        # Cell i is character i of the live mask's binary digits read backwards; the few
        # queens are then put in by index (str methods run in C, not a loop a cell).
        live = self.live & ((1 << size) - 1)
        if live:
            marks = {ord("0"): DEAD if show_dead else LIVE, ord("1"): LIVE}
            cells = list(f"{live:0{size}b}"[::-1].translate(marks))
        else:  # every cell settled, as on a solved board: one mark but the queens'
            cells = [DEAD if show_dead else LIVE] * size
        queens = self.queens
        while queens:
            low = queens & -queens
            queens ^= low
            cells[low.bit_length() - 1] = QUEEN
        drawn = "".join(cells)
        return "\n".join([drawn[start : start + n] for start in range(0, size, n)])

    @classmethod
    def from_picture(cls, board: Board, text: str) -> State:
        """Read a state drawn as :meth:`picture` draws it, or as a person types it: see
        :func:`read_state`."""
        return read_state(board, text)


@dataclass(frozen=True)
class EmptyUnit:
    """The unit that makes a state contradictory: (kind, index) with a 0-based index."""

    kind: str
    index: int
    label: str
    #: With K > 1 stars per unit: why the unit cannot end with exactly K.
    reason: str = ""

    def __str__(self) -> str:
        if self.reason:
            return f"{self.label} {self.reason}"
        return f"{self.label} has no queen and no live cell"


def find_empty_unit(board: Board, state: State) -> EmptyUnit | None:
    """The first row, column or region with no queen and no live cell, if any (with
    K > 1: the first that cannot end with exactly K stars)."""
    if board.stars != 1:
        return _find_short_unit(board, state)
    missed = missed_unit(board, state.live | state.queens)
    if missed is None:
        return None
    kind, index = missed
    return EmptyUnit(kind, index, unit_label(board, kind, index))


def missed_unit(board: Board, cells: int) -> tuple[str, int] | None:
    """The first unit (rows, then columns, then regions) that ``cells`` does not meet,
    as (kind, index), or None."""
    if covers_every_line(board, cells):
        for mask in board.region_masks:
            if not mask & cells:
                break
        else:
            return None  # the common answer, told without looking at each line
    for kind, index, mask in board.units:
        if not mask & cells:
            return kind, index
    return None


def _find_short_unit(board: Board, state: State) -> EmptyUnit | None:
    stars = board.stars
    live = state.live
    queens = state.queens
    for kind, index, mask in board.units:
        placed = (queens & mask).bit_count()
        if placed > stars:
            reason = f"has {placed} stars, more than {stars}"
        else:
            open_cells = (live & mask).bit_count()
            if placed + open_cells >= stars:
                continue
            reason = (
                f"needs {stars} stars but has {_count(placed, 'star')} and "
                f"{_count(open_cells, 'live cell')}"
            )
        return EmptyUnit(kind, index, unit_label(board, kind, index), reason)
    return None


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def unit_label(board: Board, kind: str, index: int) -> str:
    """How a person names a unit: ``row 3``, ``column 5`` (1-based), ``region 'P'``."""
    if kind == "region":
        return f"region {board.letters[index]!r}"
    return f"{kind} {index + 1}"


def cell_label(board: Board, index: int) -> str:
    """How a person names a cell: ``r3c5`` (row and column, 1-based)."""
    r, c = divmod(index, board.n)
    return f"r{r + 1}c{c + 1}"


def cell_labels(board: Board, mask: int) -> list[str]:
    """The :func:`cell_label` of every cell of ``mask``, in reading order."""
    return [cell_label(board, index) for index in bits(mask)]


def read_state(board: Board, text: str) -> State:
    """Read a partial state of ``board`` from a picture, leniently.

    Accepted: ``♛``/``♕``/``Q`` for a queen, ``⨯``/``x``/``X``/``✕``/``×`` for a dead
    cell, ``.``/``·``/``_`` for a live one; spaces between cells; a line of column numbers
    above and a row number before each row (as ``--explain`` and ``hint`` draw them).
    The state is the first block of non-blank lines that reads as one, so a whole pasted
    ``queens solve`` output (board, blank line, counters) reads as its board, and a whole
    ``queens hint`` output (sentences, then the picture) as its picture. Drawn in colour
    (``--color always``) or with each cell's region letter before its mark
    (``--letters``), it reads the same. Raises :class:`BoardError` naming the line and
    column of the first problem.
    """
    text = re.sub(_ANSI, "", text)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    blocks: list[list[tuple[int, str]]] = [[]]
    for number, line in enumerate(lines, start=1):
        if line.strip():
            blocks[-1].append((number, line.rstrip()))
        elif blocks[-1]:
            blocks.append([])
    blocks = [block for block in blocks if block]
    if not blocks:
        raise BoardError("the state is empty")
    # The first block that reads as a state: a pasted `queens hint` output has sentences
    # before its picture. When none does, the first block of the board's height (else
    # the first block) was meant, and its problem is the one to report.
    errors: list[tuple[list[tuple[int, str]], BoardError]] = []
    for block in blocks:
        try:
            return _read_block(board, block)
        except BoardError as err:
            errors.append((block, err))
    meant = [err for block, err in errors if _height(block) == board.n]
    raise (meant or [errors[0][1]])[0]


def holds_a_picture(board: Board, text: str) -> bool:
    """Whether ``text`` has a block of non-blank lines shaped like a picture of
    ``board`` (as many rows, each of N cells, or 2N with ``--letters``; a line of column
    numbers above): a state picture with a mistake in it, however much prose is around
    it, rather than some other file."""
    n = board.n
    block: list[str] = []
    for line in [*re.sub(_ANSI, "", text).splitlines(), ""]:
        if line.strip():
            block.append(line)
            continue
        rows = block[1:] if block and re.match(_HEADER, block[0]) else block
        if len(rows) == n and all(_cells_in(row) in (n, 2 * n) for row in rows):
            return True
        block = []
    return False


def _cells_in(line: str) -> int:
    """The marks a line of a picture holds: its characters after any row number."""
    label = re.match(_ROW_NUMBER, line)
    return sum(not ch.isspace() for ch in line[label.end() if label else 0 :])


def _height(block: list[tuple[int, str]]) -> int:
    """The rows of a block of a picture, without its line of column numbers."""
    return len(block) - bool(re.match(_HEADER, block[0][1]))


def _read_block(board: Board, block: list[tuple[int, str]]) -> State:
    """One block of non-blank lines (numbered) as a state of ``board``."""
    block = list(block)
    if re.match(_HEADER, block[0][1]):
        block.pop(0)
    n = board.n
    if len(block) != n:
        where = block[-1][0] if block else None
        raise BoardError(f"the state has {_count(len(block), 'row')}, the board has {n}", where)
    live = queens = 0
    for r, (number, line) in enumerate(block):
        start = 0
        label = re.match(_ROW_NUMBER, line)
        if label:
            start = label.end()
        cells = []
        for offset, ch in enumerate(line[start:], start=start + 1):
            if ch.isspace():
                continue
            cells.append((offset, ch))
        if len(cells) == 2 * n and all(
            letter == board.rows[r][c] for c, (_, letter) in enumerate(cells[::2])
        ):
            cells = cells[1::2]  # `--letters`: each mark after its region's letter
        if len(cells) != n:
            count = f"{len(cells)} cell" if len(cells) == 1 else f"{len(cells)} cells"
            raise BoardError(f"state row has {count}, the board has {n}", number)
        for c, (column, ch) in enumerate(cells):
            bit = 1 << (r * n + c)
            if ch in QUEEN_MARKS:
                queens |= bit
            elif ch in LIVE_MARKS:
                live |= bit
            elif ch not in DEAD_MARKS:
                raise BoardError(
                    f"{ch!r} is not a state mark (♛ or Q queen, ⨯ or x dead, . live)",
                    number,
                    column,
                )
    return State(live, queens)

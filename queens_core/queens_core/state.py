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

from dataclasses import dataclass
from typing import Any

from .board import Board, BoardError, bits

QUEEN = "♛"
DEAD = "⨯"
LIVE = "."


class State:
    """Queens and live cells of a board, as masks.

    ``memo`` is scratch space where a rule may cache what it saw last time (keyed by the
    rule's counter id). It is never copied: a fresh copy re-examines everything, which is
    how the tests check that a fixed point is real.
    """

    __slots__ = ("live", "memo", "queens")

    def __init__(self, live: int, queens: int = 0):
        self.live = live
        self.queens = queens
        self.memo: dict[str, Any] = {}

    @classmethod
    def initial(cls, board: Board) -> State:
        """Every cell live, no queen."""
        return cls(board.full)

    def copy(self) -> State:
        return State(self.live, self.queens)

    def dead(self, board: Board) -> int:
        return board.full & ~(self.live | self.queens)

    def is_solved(self, board: Board) -> bool:
        return self.queens.bit_count() == board.n

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State) and self.live == other.live and self.queens == other.queens
        )

    def __repr__(self) -> str:
        return f"State(live={self.live:#x}, queens={self.queens:#x})"

    # -- pictures -----------------------------------------------------------------------

    def picture(self, board: Board, show_dead: bool = True) -> str:
        """One line per row: ``♛`` queen, ``⨯`` dead (or ``.`` when not shown), ``.`` live."""
        n = board.n
        dead_mark = DEAD if show_dead else LIVE
        lines = []
        for r in range(n):
            chars = []
            for c in range(n):
                bit = 1 << (r * n + c)
                if self.queens & bit:
                    chars.append(QUEEN)
                elif self.live & bit:
                    chars.append(LIVE)
                else:
                    chars.append(dead_mark)
            lines.append("".join(chars))
        return "\n".join(lines)

    @classmethod
    def from_picture(cls, board: Board, text: str) -> State:
        """Read a state drawn as :meth:`picture` draws it (``♛``, ``⨯`` or ``x``, ``.``).

        Spaces between cells are allowed; blank leading and trailing lines are ignored.
        """
        lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
        while lines and not lines[0]:
            lines.pop(0)
        while lines and not lines[-1]:
            lines.pop()
        if len(lines) != board.n:
            raise BoardError(f"the state has {len(lines)} rows, the board has {board.n}")
        live = queens = 0
        for r, line in enumerate(lines):
            cells = line.replace(" ", "")
            if len(cells) != board.n:
                raise BoardError(
                    f"state row has {len(cells)} cells, expected {board.n}", r + 1
                )
            for c, ch in enumerate(cells):
                bit = 1 << (r * board.n + c)
                if ch in (QUEEN, "Q", "q"):
                    queens |= bit
                elif ch == LIVE:
                    live |= bit
                elif ch not in (DEAD, "x", "X", "✕"):
                    raise BoardError(
                        f"{ch!r} is not a state mark (♛, ⨯ or .)", r + 1, c + 1
                    )
        return cls(live, queens)


@dataclass(frozen=True)
class EmptyUnit:
    """The unit that makes a state contradictory: (kind, index) with a 0-based index."""

    kind: str
    index: int
    label: str

    def __str__(self) -> str:
        return f"{self.label} has no queen and no live cell"


def find_empty_unit(board: Board, state: State) -> EmptyUnit | None:
    """The first row, column or region with no queen and no live cell, if any."""
    covered = state.live | state.queens
    for kind, index, mask in board.units:
        if not mask & covered:
            return EmptyUnit(kind, index, unit_label(board, kind, index))
    return None


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

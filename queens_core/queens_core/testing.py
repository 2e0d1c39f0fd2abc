"""Helpers for testing rules with boards and states drawn as text.

::

    from queens_core.testing import make_board, make_state, run_rule, cells_marked

    board = make_board('''
        AAB
        ACB
        CCB
    ''')
    state = make_state(board, '''
        . . ⨯
        ⨯ . .
        . . .
    ''')
    outcome = run_rule(my_rule, board, state)
    assert outcome.killed == cells_marked(board, '''
        . . .
        . x .
        . . .
    ''')
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .board import Board
from .rules import Context, Step
from .state import State


def make_board(picture: str) -> Board:
    """A board from an indented picture (compact or spaced rows)."""
    return Board.parse(textwrap.dedent(picture))


def make_state(board: Board, picture: str | None = None) -> State:
    """A state from a picture of ``♛`` (or ``Q``), ``⨯`` (or ``x``) and ``.``.

    Without a picture: the empty state (every cell live).
    """
    if picture is None:
        return State.initial(board)
    return State.from_picture(board, textwrap.dedent(picture))


def cells_marked(board: Board, picture: str, marks: str = "xX⨯♛Q") -> int:
    """The mask of the cells drawn with one of ``marks`` (everything else is ignored)."""
    lines = [line.replace(" ", "") for line in textwrap.dedent(picture).strip("\n").split("\n")]
    if len(lines) != board.n or any(len(line) != board.n for line in lines):
        raise ValueError(f"picture is not {board.n}×{board.n}: {lines!r}")
    mask = 0
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch in marks:
                mask |= 1 << (r * board.n + c)
    return mask


def draw(board: Board, mask: int, mark: str = "x") -> str:
    """A mask as a picture: ``mark`` on its cells, ``.`` elsewhere."""
    n = board.n
    return "\n".join(
        "".join(mark if mask >> (r * n + c) & 1 else "." for c in range(n)) for r in range(n)
    )


@dataclass
class Outcome:
    """What one call of a rule did: the queens it placed, every cell that died, its
    steps (a placement's kill list included)."""

    placed: int
    killed: int
    steps: list[Step]
    state: State

    @property
    def changed(self) -> bool:
        return bool(self.steps)


def run_rule(
    apply: Callable[[Context], Any],
    board: Board,
    state: State | None = None,
    counter: str = "rule_under_test",
    enabled: Iterable[str] | None = None,
) -> Outcome:
    """Call a rule's apply function once on a copy of ``state``; report what it did."""
    start = State.initial(board) if state is None else state.copy()
    before_live = start.live
    before_queens = start.queens
    ctx = Context(board, start)
    ctx.counter = counter
    ctx.enabled = frozenset(enabled) if enabled is not None else frozenset([counter])
    apply(ctx)
    placed = start.queens & ~before_queens
    killed = before_live & ~start.live & ~placed
    return Outcome(placed, killed, ctx.steps, start)

"""Reading a board and a player's state, for the commands that take both (``hint``,
``render``): either may come from standard input, and every problem is exit 2."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.board import Board, BoardError, decode_input
from ..engine.state import State, holds_a_picture, read_state
from ..plugins.readers import TEXT_READER, Reader, by_suffix, misread, read_source
from ..tools.batch import STDIN, BoardInputError, board_with_stars, display_name, read_input
from .exits import EXIT_BAD_INPUT, fail, warn, warn_notes, warn_split_regions


def read_board_and_state(
    board_path: str,
    state_path: str | None,
    readers: Sequence[Reader],
    stars: int | None = None,
    allow_conflicts: bool = False,
    going_on: str = "solving it anyway",
) -> tuple[Board, State | None]:
    """The board at ``board_path`` and the state drawn in ``state_path``; without one,
    the marks the board's own input shows (a screenshot's), if any, else None. Either may
    be ``-``, standard input, but not both. Exit 2 on bad input, and on an impossible
    state (two queens in a unit, touching queens) unless ``allow_conflicts``: ``hint``
    names such queens to the player as a mistake instead."""
    if board_path == STDIN and state_path == STDIN:
        fail("the board and the state cannot both be read from standard input", EXIT_BAD_INPUT)
    try:
        reading = read_source(board_path, readers)
        board = board_with_stars(reading, stars, display_name(board_path))
    except BoardInputError as err:
        fail(str(err), EXIT_BAD_INPUT)
    warn_notes(display_name(board_path), reading.notes, reading.unique_stars, stars)
    warn_split_regions(display_name(board_path), board, going_on)
    if state_path is None:
        state = reading.state
        state_name = display_name(board_path)
    else:
        state_name = display_name(state_path)
        try:
            state = _read_state(board, state_path, readers)
        except BoardInputError as err:
            fail(str(err), EXIT_BAD_INPUT)
        except BoardError as err:
            fail(f"{state_name}: {err}", EXIT_BAD_INPUT)
    if state is not None and not allow_conflicts:
        problem = state.problem(board)
        if problem is not None:
            fail(f"{state_name}: impossible state: {problem}", EXIT_BAD_INPUT)
    return board, state


def picture_reader(path: str, readers: Sequence[Reader]) -> Reader | None:
    """The reader other than the text reader that claims ``path`` by its suffix (a
    screenshot's), if any: such a state file is read for its marks, never written."""
    reader = None if path == STDIN else by_suffix(readers, path)
    return None if reader is None or reader.name == TEXT_READER.name else reader


def _read_state(board: Board, state_path: str, readers: Sequence[Reader]) -> State:
    """The state drawn in ``state_path``: a state picture in the text format, or the marks
    of a screenshot of the same board (a file some other reader claims by its suffix)."""
    if picture_reader(state_path, readers) is not None:
        return _marks_of(board, state_path, readers)
    data = read_input(state_path, "state")
    try:
        text = decode_input(data)
    except BoardError as err:
        # A picture given a .txt name: say what it looks like, not which byte is wrong.
        raise BoardError(misread(data, readers, state_path) or str(err)) from None
    try:
        return read_state(board, text)
    except BoardError as err:
        if holds_a_picture(board, text):
            raise  # a pasted hint is prose round a picture: the picture's fault is news
        raise BoardError(misread(data, readers, state_path) or str(err)) from None


def _marks_of(board: Board, state_path: str, readers: Sequence[Reader]) -> State:
    """The marks a screenshot shows, as a state of ``board``: the picture must show the
    same board (the same regions; their letters may differ)."""
    reading = read_source(state_path, readers)
    if set(reading.board.region_masks) != set(board.region_masks):
        raise BoardError(
            f"it shows another board ({reading.board.n}×{reading.board.n}, other regions) "
            f"than the {board.n}×{board.n} board given"
        )
    if reading.state is None:
        warn(f"{display_name(state_path)}: the picture shows no marks; starting from none")
        return State.initial(board)
    return State(reading.state.live, reading.state.queens)

"""``queens import``: any input the readers understand (a screenshot, a puzzle string),
printed as a board in the text format, or as the state its marks draw, to save and edit;
with ``--stars K`` (K ≥ 2), in a format that keeps K (an SBN string).
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from ...engine.board import Board, BoardError
from ...engine.state import State
from ...plugins.readers import Reader, display_name, read_source
from ...tools.batch import BoardInputError, board_with_stars
from ..exits import EXIT_BAD_INPUT, fail, warn, warn_notes, warn_split_regions
from ..stars import parse_stars, stars_option


@click.command("import")
@click.argument("source", metavar="FILE")
@click.option(
    "--state",
    "as_state",
    is_flag=True,
    help="Print the marks the input shows (queens ♛, crosses ⨯) as a state picture for "
    "`queens hint --state`, instead of the board.",
)
@stars_option
@click.pass_obj
def import_board(settings, source: str, as_state: bool, stars: str) -> None:
    """Read FILE (`-`: standard input) with the installed readers and print the board
    in the text format: one line a row, one letter a region. A picture does not show
    how many stars a Star Battle puzzle has: with --stars K (K of 2 or more) the board
    is printed in a format that keeps K, the SBN string (queens-rules-starbattle reads
    and writes it), so that every command reads back the same puzzle.

    \b
    Exit status: 0 printed, 2 the input is not a board a reader can read, 4 a rule
    package failed to load.

    \b
    Examples:
      queens import shot.png > board.txt
      queens import shot.png --state > state.txt
      queens hint board.txt --state state.txt
      queens import starbattle.png --stars 2 > board.sbn
    """
    k = parse_stars(stars)
    readers = settings.registry().readers
    try:
        reading = read_source(source, readers)
        board = board_with_stars(reading, k, display_name(source))
    except BoardInputError as err:
        fail(str(err), EXIT_BAD_INPUT)
    warn_notes(source, reading.notes)
    warn_split_regions(source, board, "printing it anyway")
    if as_state:
        state = reading.state
        if state is None:
            warn(f"{source}: the input shows no marks; printing the empty state")
            state = State.initial(board)
        click.echo(state.picture(board, show_dead=True))
        return
    if board.stars != 1 and k is not None:
        click.echo(_written_with_stars(board, readers, source))
        return
    click.echo("\n".join(board.rows))
    if board.stars != 1:
        # The text format has no place for K: without this the board would later be
        # solved as a Queens board, one queen per unit.
        warn(
            f"{source}: a Star Battle board with {board.stars} stars per unit, which the "
            f"text format does not hold: give --stars {board.stars} to the commands "
            "that read it"
        )


def _written_with_stars(board: Board, readers: Sequence[Reader], source: str) -> str:
    """The board in the first installed format that keeps K; exit 2 when none does."""
    writer = next((r for r in readers if r.write is not None), None)
    if writer is None or writer.write is None:
        fail(
            f"{source}: no installed reader writes a board with {board.stars} stars per unit "
            "(the text format does not hold K): pip install queens-rules-starbattle",
            EXIT_BAD_INPUT,
        )
    try:
        return writer.write(board)
    except BoardError as err:
        fail(f"{source}: {err}", EXIT_BAD_INPUT)

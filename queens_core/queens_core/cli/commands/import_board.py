"""``queens import``: any input the readers understand (a screenshot, a puzzle string),
printed as a board in the text format (a Star Battle board under a first line
``stars: K``), or as the state its marks draw, to save and edit.
"""

from __future__ import annotations

import click

from ...engine.state import State
from ...plugins.readers import display_name, read_source
from ...render.text import board_file_text
from ...tools.batch import BoardInputError, board_with_stars
from ..exits import EXIT_BAD_INPUT, fail, warn, warn_notes, warn_split_regions
from ..stars_option import parse_stars, stars_option


@click.command("import", short_help="Print a screenshot, URL or SBN string as a text board.")
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
    """Read FILE (`-`: standard input; or a puz.link URL, a share link or an SBN
    string given as FILE) with the installed readers and print the board in the text
    format: one line a row, one letter a region. A Star Battle board comes
    under a first line `stars: K`, so that every command reads back the same puzzle; a
    picture does not show K, so give it with --stars K.

    \b
    Exit status: 0 printed, 2 the input is not a board a reader can read, 4 a rule
    package failed to load.

    \b
    Examples:
      queens import shot.png > board.txt
      queens import shot.png --state > state.txt
      queens hint board.txt --state state.txt
      queens import starbattle.png --stars 2 > board.txt
      queens import 'https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou'
    """
    k = parse_stars(stars)
    readers = settings.registry().readers
    try:
        reading = read_source(source, readers)
        board = board_with_stars(reading, k, display_name(source))
    except BoardInputError as err:
        fail(str(err), EXIT_BAD_INPUT)
    warn_notes(source, reading.notes, reading.unique_stars, k)
    warn_split_regions(source, board, "printing it anyway")
    if as_state:
        state = reading.state
        if state is None:
            warn(f"{source}: the input shows no marks; printing the empty state")
            state = State.initial(board)
        click.echo(state.picture(board, show_dead=True))
        return
    # A Star Battle board keeps its K in a first line "stars: K" (docs/format.md).
    click.echo(board_file_text(board))

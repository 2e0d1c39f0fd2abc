"""``queens fix``: the fewest region edits that give a board exactly one solution."""

from __future__ import annotations

import sys

import click

from ...tools.batch import display_name
from ..exits import EXIT_BAD_INPUT, EXIT_NOT_SOLVED, fail
from ..options import SECONDS, format_option
from ..reading import read_board_and_state
from ..stars_option import parse_stars, stars_option


@click.command()
@click.argument("board", metavar="BOARD")
@click.option(
    "--keep",
    default="",
    metavar="REGIONS",
    help="Region letters that must not change (no cell leaves or joins them), e.g. --keep AB.",
)
@click.option(
    "--seconds",
    type=SECONDS,
    default=10.0,
    show_default=True,
    help="The search's budget: past it, the best fix found so far.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="The repair's random seed.")
@format_option("json: one object (docs/json.md, schema queens-fix/1).")
@stars_option
@click.pass_obj
def fix(
    settings, board: str, keep: str, seconds: float, seed: int, output_format: str, stars: str
) -> None:
    """Make BOARD have exactly one solution with the fewest region edits: an edit gives
    one cell to a region it touches, and every region stays 4-connected and non-empty.
    Boards with several solutions and boards with none are repaired alike; the fixed
    board is checked by an exact search before it is printed.

    Prints the edits (rRcC: region before → after), the fixed board, and the board
    with the edited cells marked *. Says "the fewest" only when the search proved that
    no fix with fewer edits exists, else "the best found within the budget".

    Exit status: 0 fixed (or already unique), 1 no fix found within --seconds, 2 bad
    input (a Star Battle board, a --keep letter the board does not have).

    \b
    Examples:
      queens fix my-board.txt
      queens fix my-board.txt --keep AB --seconds 30
      queens fix my-board.txt --format json
    """
    from ...api import FixError
    from ...render.documents import dumps

    k = parse_stars(stars)
    parsed, _state = read_board_and_state(board, None, settings.registry().readers, k)
    board_name = display_name(board)
    letters = [letter for letter in keep if letter not in ", "]
    try:
        answer = settings.application().fix(parsed, letters, seconds, seed, board_name)
    except FixError as err:
        fail(f"{board_name}: {err}", EXIT_BAD_INPUT)
    if output_format == "json":
        click.echo(dumps(answer.to_json()))
    else:
        click.echo(answer.text())
    if answer.fixed is None:
        sys.exit(EXIT_NOT_SOLVED)

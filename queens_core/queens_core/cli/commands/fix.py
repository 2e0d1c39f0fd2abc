"""``queens fix``: the fewest region edits that give a board exactly one solution."""

from __future__ import annotations

import sys

import click

from ...tools.batch import display_name
from ..exits import EXIT_BAD_INPUT, EXIT_NOT_SOLVED, fail, said
from ..options import SECONDS, complete_rule_names, format_option
from ..reading import read_board_and_state
from ..stars_option import parse_stars, stars_option


@click.command(short_help="Make BOARD have one solution with the fewest region edits.")
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
@click.option(
    "--tier",
    metavar="TIER",
    help="Only a fixed board whose first solving tier is TIER (baseline, cheap, expensive; "
    "as `queens check` reports it).",
)
@click.option(
    "--grade",
    metavar="GRADE",
    help="Only a fixed board of this grade: Easy, Medium, Hard, Fiendish, or its level 1-4.",
)
@click.option(
    "--needs",
    multiple=True,
    shell_complete=complete_rule_names,
    metavar="RULES",
    help="Only a fixed board that needs these rules (ids, comma-separated): the rules "
    "solve it, and without any one of these they stall.",
)
@format_option("json: one object (schema queens-fix/1, in the manual's JSON documents page).")
@stars_option
@click.pass_obj
def fix(
    settings,
    board: str,
    keep: str,
    seconds: float,
    seed: int,
    tier: str | None,
    grade: str | None,
    needs: tuple[str, ...],
    output_format: str,
    stars: str,
) -> None:
    """Make BOARD have exactly one solution with the fewest region edits: an edit gives
    one cell to a region it touches, and every region stays 4-connected and non-empty.
    Boards with several solutions and boards with none are repaired alike, Queens and
    Star Battle; the fixed board is checked by an exact search before it is printed.
    With --tier, --grade or --needs, only a board the installed rules solve as asked is
    a fix.

    Prints the edits (rRcC: region before → after), the fixed board, and the board
    with the edited cells marked *. Says "the fewest" only when the search proved that
    no fix with fewer edits exists, else "the best found within the budget".

    Exit status: 0 fixed (or already unique and as asked), 1 no fix found within
    --seconds, 2 bad input (a --keep letter the board does not have, an unknown tier,
    grade or rule).

    \b
    Examples:
      queens fix my-board.txt
      queens fix my-board.txt --keep AB --seconds 30
      queens fix my-board.txt --grade Hard --seconds 30
      queens fix my-board.txt --format json
    """
    from ...api import FixError
    from ...render.documents import dumps

    k = parse_stars(stars)
    parsed, _state = read_board_and_state(
        board, None, settings.registry().readers, k, going_on="fixing it anyway"
    )
    board_name = display_name(board)
    letters = [letter for letter in keep if letter not in ", "]
    try:
        answer = settings.application().fix(
            parsed, letters, seconds, seed, board_name, tier, grade, needs
        )
    except FixError as err:
        fail(f"{board_name}: {said(err)}", EXIT_BAD_INPUT)
    if output_format == "json":
        click.echo(dumps(answer.to_json()))
    else:
        click.echo(answer.text())
    if answer.fixed is None:
        sys.exit(EXIT_NOT_SOLVED)

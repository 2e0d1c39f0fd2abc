"""``queens what-if``: a tentative queen and what the rules derive from it."""

from __future__ import annotations

import click

from ...tools.batch import display_name
from ..answers import asked, print_answer
from ..exits import check_output_path, open_output, write_output
from ..options import format_option
from ..reading import read_board_and_state
from ..stars_option import parse_stars, stars_option


@click.command("what-if", short_help="Try a queen (a star) on CELL and see what follows.")
@click.argument("cell", metavar="CELL")
@click.argument("board", metavar="BOARD")
@click.option(
    "--state",
    "state_path",
    metavar="FILE",
    help="Your progress: the ♛ ⨯ . picture `queens hint` reads. Without it: the empty "
    "board. `-` reads it from standard input.",
)
@format_option("json: one object (schema queens-what-if/1, in the manual's JSON documents page).")
@click.option(
    "--keep",
    "keep_path",
    metavar="FILE",
    help="Write the position the trial reaches to FILE (the picture --state reads): "
    "keeping the trial. Without it nothing is written: the trial is rolled back.",
)
@stars_option
@click.pass_obj
def what_if(
    settings,
    cell: str,
    board: str,
    state_path: str | None,
    output_format: str,
    keep_path: str | None,
    stars: str,
) -> None:
    """Put a tentative queen (a star) on CELL (rRcC) of your position on BOARD and print
    what the rules derive from it, step by step: a contradiction with its reason (the
    queen cannot be right), or the steps that follow from the queen (in its first
    three rounds; not what the rules find without it) and where they lead.

    The state is not checked against the solution: a trial may be wrong, and the rules
    say so. --keep FILE saves where the trial leads.

    Exit status: 0 the rules ran (whatever they found), 2 bad input (a CELL that is not
    open), 3 a rule failed.

    \b
    Examples:
      queens what-if r1c1 archive/boards/353.txt
      queens what-if r3c4 archive/boards/1.txt --state mine.txt --keep tried.txt
    """

    if keep_path is not None:
        check_output_path(keep_path)
    k = parse_stars(stars)
    registry = settings.registry()
    parsed, state = read_board_and_state(board, state_path, registry.readers, k)
    board_name = display_name(board)
    answer = asked(
        lambda: settings.application().what_if(parsed, cell, state, board_name),
        board_name,
        settings.traceback,
    )
    print_answer(answer, output_format, board_name, registry.rules)
    if keep_path is not None:
        write_output(open_output(keep_path), answer.after.picture(parsed) + "\n")

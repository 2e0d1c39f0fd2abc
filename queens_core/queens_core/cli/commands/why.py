"""``queens why``: the shortest chain of named steps that decides one cell."""

from __future__ import annotations

import sys

import click

from ...referee.budget import DEFAULT_TIMEOUT
from ...tools.batch import display_name
from ..answers import asked, print_answer
from ..exits import (
    EXIT_NOT_SOLVED,
    as_clause,
)
from ..options import SECONDS, format_option
from ..reading import read_board_and_state
from ..stars_option import parse_stars, stars_option


@click.command(short_help="The shortest chain of steps that decides CELL.")
@click.argument("cell", metavar="CELL")
@click.argument("board", metavar="BOARD")
@click.option(
    "--state",
    "state_path",
    metavar="FILE",
    help="Your progress: the ♛ ⨯ . picture `queens hint` reads. Without it: the empty "
    "board. `-` reads it from standard input.",
)
@format_option("json: one object (schema queens-why/1, in the manual's JSON documents page).")
@click.option(
    "--timeout",
    type=SECONDS,
    default=DEFAULT_TIMEOUT,
    show_default=True,
    metavar="SECONDS",
    help="Give up checking the state against the board's solutions after this long (exit 7).",
)
@stars_option
@click.pass_obj
def why(
    settings,
    cell: str,
    board: str,
    state_path: str | None,
    output_format: str,
    timeout: float,
    stars: str,
) -> None:
    """Print the shortest chain of named steps from your position on BOARD that decides
    CELL (rRcC: row R, column C, from 1): a queen (a star) there, or a cross.

    The state is first checked as `queens hint` checks it. The chain is found in three
    stages: the hints in a row until one decides the cell; those steps cut down until
    none can be left out; then a breadth-first search over the steps of each position
    for a shorter chain, within a budget of positions. On a Star Battle board whose
    solve reaches the cell through more than 100 steps that lean on each other, those
    steps are the chain, given as they are. The output says whether no chain is
    shorter. "Nothing decides it yet from here" when the rules stop before the cell.

    Exit status: 0 a chain (or the cell is decided already), 1 nothing decides the
    cell, or the state is wrong; 2 bad input; 3 a rule failed; 7 undecided: the exact
    search ran past --timeout.

    \b
    Examples:
      queens why r4c4 archive/boards/353.txt
      queens why r2c5 archive/boards/1.txt --state my-progress.txt
    """

    k = parse_stars(stars)
    registry = settings.registry()
    parsed, state = read_board_and_state(
        board, state_path, registry.readers, k, allow_conflicts=True
    )
    board_name = display_name(board)
    state_name = None if state_path is None else display_name(state_path)
    answer = asked(
        lambda: settings.application().why(parsed, cell, state, timeout, board_name, state_name),
        board_name,
        settings.traceback,
    )
    # A long chain's sentences are written as they are printed: a rule that fails
    # writing one ends the command as it would have while the chain was found.
    asked(
        lambda: print_answer(answer, output_format, board_name, registry.rules),
        board_name,
        settings.traceback,
    )
    if answer.status not in ("chain", "decided"):
        click.echo(f"queens: no chain: {as_clause(answer.message().split(': ')[0])}", err=True)
        sys.exit(EXIT_NOT_SOLVED)

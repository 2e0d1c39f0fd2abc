"""``queens hint``: the next deduction from a partial board, explained."""

from __future__ import annotations

import sys

import click

from ...referee.budget import DEFAULT_TIMEOUT
from ...tools.batch import display_name
from ..answers import asked, print_answer
from ..exits import (
    EXIT_BAD_INPUT,
    EXIT_NOT_SOLVED,
    as_clause,
    check_output_path,
    fail,
    open_output,
    option_name,
    write_output,
)
from ..options import SECONDS, color_option, format_option
from ..reading import picture_reader, read_board_and_state
from ..stars_option import parse_stars, stars_option


@click.command(short_help="The next step from your position on BOARD, explained.")
@click.argument("board", metavar="BOARD")
@click.option(
    "--state",
    "state_path",
    metavar="FILE",
    help="Your progress: the ♛ ⨯ . picture `queens solve` prints (Q, x and spaces are fine "
    "too). Without it: the empty board. `-` reads it from standard input.",
)
@format_option("json: one object (schema queens-hint/1, in the manual's JSON documents page).")
@color_option("Draw the board in its regions' colours.")
@click.option(
    "--letters",
    is_flag=True,
    help="Write each cell's region letter before its mark (regions told apart without colour).",
)
@click.option(
    "--timeout",
    type=SECONDS,
    default=DEFAULT_TIMEOUT,
    show_default=True,
    metavar="SECONDS",
    help="Give up checking the state against the board's solutions after this long (exit 7).",
)
@click.option(
    "--every-step",
    is_flag=True,
    help="Give the crosses of the queens already placed as hints too (by default they "
    "are taken as made, as the game makes them).",
)
@click.option(
    "--all",
    "all_steps",
    is_flag=True,
    help="List every step the rules can take from the state, easiest first (by the "
    "rule's rung, then its weight), each with its sentence and cells (json: schema "
    "queens-steps/1).",
)
@click.option(
    "--write",
    "write_path",
    metavar="FILE",
    help="Write the state after the step to FILE (the ♛ ⨯ . picture --state reads).",
)
@click.option(
    "--in-place",
    is_flag=True,
    help="Apply the step to the --state FILE itself: your progress file moves on a step.",
)
@stars_option
@click.pass_obj
def hint(
    settings,
    board: str,
    state_path: str | None,
    output_format: str,
    color: str,
    letters: bool,
    timeout: float,
    every_step: bool,
    all_steps: bool,
    write_path: str | None,
    in_place: bool,
    stars: str,
) -> None:
    """Print the next deduction the rules make from a partial BOARD, explained.

    The state is first checked against the board's solution (with an exact solver): a
    state with a queen that is not in the solution, or a cross on a cell where the
    solution has its queen, is reported as wrong, naming those cells, and gets no hint;
    queens that attack each other are named as a conflict of their own.
    Cells are named rRcC (row R from the top, column C from the left, from 1).

    The hint is the easiest step there is from the state: the rule of the lowest rung of
    the difficulty ladder (Easy, Medium, Hard, Fiendish), then of the lowest weight
    within it (how hard one firing is to spot), then the first in catalog order (the
    manual's Difficulty page lists every rule's rung and weight). --all lists every
    step there is, easiest first.

    The queens already on the board count as having crossed their rows, columns, regions
    and the cells around them (as the game crosses them), so the hint is the first real
    deduction; --every-step gives those crosses as hints too. On a Star Battle board the
    stars count as having crossed their neighbours and the rest of every row, column and
    region that holds its stars already. The whole output of a hint
    reads back as --state (its picture is found in it), and --write FILE or --in-place
    saves the state after the step, crosses included.

    Exit status: 0 a hint (or the state is already solved), 1 no hint: the state is
    wrong (queens that attack each other included), the board has no solution, or the
    rules find nothing more; 2 bad input; 3 a rule raised an error or made an
    unsound deduction; 4 a rule package failed to load; 7 undecided: the exact search
    ran past --timeout.

    \b
    Examples:
      queens hint archive/boards/353.txt --state my-progress.txt
      queens solve --tier cheap my.txt | queens hint my.txt --state -
      queens hint archive/boards/353.txt
      queens hint archive/boards/353.txt --state my-progress.txt --in-place
    """
    from ...render.text import message_lines
    from ...tools.hint import HINT, SOLVED
    from ..report import colour_depth

    if all_steps and (every_step or write_path is not None or in_place):
        fail("--all lists steps: not with --every-step, --write or --in-place", EXIT_BAD_INPUT)
    if in_place:
        if write_path is not None:
            fail("--in-place writes to the --state file: not with --write", EXIT_BAD_INPUT)
        if state_path is None or state_path == "-":
            fail("--in-place needs --state FILE: the progress file to update", EXIT_BAD_INPUT)
        write_path = state_path
    if write_path is not None and not in_place:
        check_output_path(write_path)
    k = parse_stars(stars)
    registry = settings.registry()
    if in_place and state_path is not None:
        claimed = picture_reader(state_path, registry.readers)
        if claimed is not None:
            # Writing the text state over a screenshot would destroy the picture.
            fail(
                f"--in-place writes the state as text: not over {state_path}, which the "
                f"{claimed.name} reader reads; give --write FILE instead",
                EXIT_BAD_INPUT,
            )
    parsed, state = read_board_and_state(
        board, state_path, registry.readers, k, allow_conflicts=True
    )
    board_name = display_name(board)
    state_name = None if state_path is None else display_name(state_path)
    if all_steps:
        _print_all_steps(settings, parsed, state, timeout, board_name, state_name, output_format)
        return
    answer = asked(
        lambda: settings.application().hint(
            parsed, state, timeout, every_step, board_name, state_name
        ),
        board_name,
        settings.traceback,
    )
    depth = colour_depth(color) if output_format != "json" else None
    print_answer(
        answer,
        output_format,
        board_name,
        registry.rules,
        lambda: answer.text(depth, letters, option_name),
        color=depth is not None,
    )
    found = answer.hint
    if found.status not in (HINT, SOLVED):
        # With no step there is nothing to save: say so, or the file seems to have moved on.
        if in_place:
            kept = f"; {state_name} is left as it was"
        elif write_path is not None:
            kept = f"; nothing written to {display_name(write_path)}"
        else:
            kept = ""
        click.echo(f"queens: no hint: {as_clause(message_lines(found)[0])}{kept}", err=True)
        sys.exit(EXIT_NOT_SOLVED)
    if write_path is not None and found.after is not None:
        # Opened only now: with --in-place it is the state just read. Only a step moves
        # the progress on; a solved state is left as it is.
        write_output(open_output(write_path), found.after.picture(parsed) + "\n")


def _print_all_steps(settings, board, state, timeout, board_name, state_name, output_format):
    """``hint --all``: every step from the state, printed; exit 1 when there is none."""

    answer = asked(
        lambda: settings.application().steps(board, state, timeout, board_name, state_name),
        board_name,
        settings.traceback,
    )
    print_answer(answer, output_format, board_name, settings.registry().rules)
    if answer.status not in ("steps", "solved"):
        from ...render.text import message_lines

        click.echo(f"queens: no step: {as_clause(message_lines(answer.hint)[0])}", err=True)
        sys.exit(EXIT_NOT_SOLVED)

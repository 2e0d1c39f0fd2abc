"""The ``queens hint`` and ``queens render`` commands (registered on ``cli.main``).

They live apart from :mod:`queens_core.cli.main` to keep it thin. Like the commands there,
they import what only they need when they run (see :mod:`queens_core.cli.main`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from ..engine.board import Board, BoardError, decode_input
from ..engine.state import State, read_state
from ..plugins.readers import Reader, read_source
from ..referee.budget import DEFAULT_TIMEOUT
from ..tools.batch import STDIN, BoardInputError, board_with_stars, display_name, read_input
from .exits import (
    EXIT_BAD_INPUT,
    EXIT_NOT_SOLVED,
    EXIT_RULE_FAILED,
    EXIT_UNDECIDED,
    as_clause,
    fail,
    open_output,
    warn_split_regions,
    write_output,
)
from .options import color_option, format_option
from .stars import parse_stars, stars_option


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
    warn_split_regions(display_name(board_path), board, going_on)
    if state_path is None:
        state = reading.state
        state_name = display_name(board_path)
    else:
        state_name = display_name(state_path)
        try:
            state = read_state(board, decode_input(read_input(state_path, "state")))
        except BoardInputError as err:
            fail(str(err), EXIT_BAD_INPUT)
        except BoardError as err:
            fail(f"{state_name}: {err}", EXIT_BAD_INPUT)
    if state is not None and not allow_conflicts:
        problem = state.problem(board)
        if problem is not None:
            fail(f"{state_name}: impossible state: {problem}", EXIT_BAD_INPUT)
    return board, state


@click.command()
@click.argument("board", metavar="BOARD")
@click.option(
    "--state",
    "state_path",
    metavar="FILE",
    help="Your progress: the ♛ ⨯ . picture `queens solve` prints (Q, x and spaces are fine "
    "too). Without it: the empty board. `-` reads it from standard input.",
)
@format_option("json: one object (docs/json.md, schema queens-hint/1).")
@color_option("Draw the board in its regions' colours.")
@click.option(
    "--letters",
    is_flag=True,
    help="Write each cell's region letter before its mark (regions told apart without colour).",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    metavar="SECONDS",
    help="Give up checking the state against the board's solutions after this long (exit 7).",
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
    stars: str,
) -> None:
    """Print the next deduction the rules make from a partial BOARD, explained.

    The state is first checked against the board's solution (with an exact solver): a
    state with a queen that is not in the solution, or a cross on a cell where the
    solution has its queen, is reported as wrong, naming those cells, and gets no hint;
    queens that attack each other are named as a conflict of their own.
    Cells are named rRcC (row R from the top, column C from the left, from 1).

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
    """
    from ..engine.driver import RuleFailure
    from ..referee.blame import UnsoundRule
    from ..referee.exact import SearchLimitExceeded
    from ..render.documents import DetailError, detail_failure, dumps, hint_document
    from ..render.text import hint_text, message_lines
    from ..tools.hint import HINT, SOLVED, find_hint
    from .report import colour_depth

    k = parse_stars(stars)
    registry = settings.registry()
    parsed, state = read_board_and_state(
        board, state_path, registry.readers, k, allow_conflicts=True
    )
    board_name = display_name(board)
    state_name = None if state_path is None else display_name(state_path)
    try:
        found = find_hint(parsed, state or State.initial(parsed), registry.rules, timeout)
    except RuleFailure as err:
        fail(f"{board_name}: {err}", EXIT_RULE_FAILED, err.error if settings.traceback else None)
    except UnsoundRule as err:
        fail(f"{board_name}: {err}", EXIT_RULE_FAILED)
    except SearchLimitExceeded as err:
        fail(f"{board_name}: undecided within the budget: {err}", EXIT_UNDECIDED)
    if output_format == "json":
        try:
            document = hint_document(found, board_name, state_name)
        except DetailError as err:
            fail(f"{board_name}: {detail_failure(err, registry.rules)}", EXIT_RULE_FAILED)
        click.echo(dumps(document))
    else:
        depth = colour_depth(color)
        click.echo(hint_text(found, depth, letters), color=depth is not None)
    if found.status not in (HINT, SOLVED):
        click.echo(f"queens: no hint: {as_clause(message_lines(found)[0])}", err=True)
        sys.exit(EXIT_NOT_SOLVED)


@click.command()
@click.argument("board", metavar="BOARD")
@click.option(
    "-o",
    "--output",
    default="-",
    show_default=True,
    metavar="FILE",
    help="Where to write the picture: FILE.png writes a PNG (needs Pillow), anything else "
    "SVG; `-` is standard output (SVG).",
)
@click.option(
    "--state",
    "state_path",
    metavar="FILE",
    help="Draw this state's queens and crosses (the ♛ ⨯ . picture).",
)
@click.option(
    "--solve",
    "solve_it",
    is_flag=True,
    help="Solve first (from --state, if given) and draw the result.",
)
@click.option("--labels", is_flag=True, help="Number the rows and columns round the grid.")
@click.option(
    "--letters",
    is_flag=True,
    help="Write each cell's region letter in its corner (regions told apart without colour).",
)
@stars_option
@click.pass_obj
def render(
    settings,
    board: str,
    output: str,
    state_path: str | None,
    solve_it: bool,
    labels: bool,
    letters: bool,
    stars: str,
) -> None:
    """Draw BOARD as an SVG or PNG picture: regions in their colours, thick borders
    between regions, and queens and crosses when given a state or asked to solve.

    Exit status: 0 written, 1 written but --solve did not solve the board, 2 bad input
    or the file cannot be written, 3 a rule raised an error or made an unsound
    deduction (nothing is written), 4 a rule package failed to load.

    \b
    Examples:
      queens render archive/boards/353.txt -o board.svg
      queens render archive/boards/353.txt --solve -o solved.svg
      queens render archive/boards/353.txt --state my-progress.txt -o progress.svg
      queens render archive/boards/353.txt -o board.png
    """
    from ..engine.driver import RuleFailure, Solver
    from ..referee.blame import diagnose
    from ..render.svg import render_svg

    as_png = output.lower().endswith(".png")
    if as_png and letters:
        fail("--letters is drawn in SVG output only: use -o FILE.svg", EXIT_BAD_INPUT)
    if as_png:
        try:
            import PIL  # noqa: F401  (only to say what to install before any work)
        except ImportError:
            fail(
                "PNG output needs Pillow: pip install Pillow (or queens-core[png])", EXIT_BAD_INPUT
            )

    k = parse_stars(stars)
    going_on = "solving it anyway" if solve_it else "drawing it anyway"
    parsed, state = read_board_and_state(
        board, state_path, settings.registry().readers, k, going_on=going_on
    )
    board_name = display_name(board)
    solved = True
    if solve_it:
        registry = settings.registry()
        solver = Solver(registry.rules).for_stars(parsed.stars)
        try:
            result = solver.solve(parsed, state.copy() if state else None)
        except RuleFailure as err:
            fail(
                f"{board_name}: {err}", EXIT_RULE_FAILED, err.error if settings.traceback else None
            )
        diagnosis = diagnose(result, state, solver.by_counter)
        if diagnosis.message:
            fail(f"{board_name}: {diagnosis.message}", EXIT_RULE_FAILED)
        state = result.state
        solved = result.solved
    show_dead = not (state is not None and state.is_solved(parsed))
    if as_png:
        from ..render.png import render_png

        _write_bytes(output, render_png(parsed, state, show_dead=show_dead, labels=labels))
        picture = None
    else:
        picture = render_svg(
            parsed,
            state,
            show_dead=show_dead,
            labels=labels,
            letters=letters,
            title=f"Queens board {board_name}" + (" (solved)" if solve_it and solved else ""),
        )
    if picture is None:
        pass
    elif output == "-":
        click.echo(picture, nl=False)
    else:
        write_output(open_output(output), picture)
    if not solved:
        click.echo(
            f"queens: not solved: {board_name}: drew the state where the rules stop", err=True
        )
        sys.exit(EXIT_NOT_SOLVED)


def _write_bytes(path: str, data: bytes) -> None:
    """Write ``data`` to ``path``, or exit 2 naming it."""
    try:
        with open(path, "wb") as handle:
            handle.write(data)
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}", EXIT_BAD_INPUT)

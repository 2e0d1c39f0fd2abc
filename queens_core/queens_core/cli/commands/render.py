"""``queens render``: a board (and a state, or its solve) drawn as SVG or PNG."""

from __future__ import annotations

import os
import sys

import click

from ...tools.batch import display_name
from ..exits import (
    EXIT_BAD_INPUT,
    EXIT_NOT_SOLVED,
    EXIT_RULE_FAILED,
    fail,
    open_output,
    write_output,
)
from ..reading import read_board_and_state
from ..stars_option import parse_stars, stars_option


@click.command(short_help="Draw BOARD as an SVG or PNG picture.")
@click.argument("board", metavar="BOARD")
@click.option(
    "-o",
    "--output",
    default="-",
    show_default=True,
    metavar="FILE",
    help="Where to write the picture: FILE.svg an SVG, FILE.png a PNG (needs Pillow); "
    "`-` is standard output (SVG).",
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
    from ...api import RuleFailure

    as_png = output.lower().endswith(".png")
    suffix = os.path.splitext(output)[1]
    if output != "-" and suffix.lower() not in (".svg", ".png"):
        # Anything else would get SVG under a name that promises another format.
        what = f"a {suffix} file" if suffix else "a file without .svg or .png"
        fail(
            f"-o {output}: render writes SVG (FILE.svg) or PNG (FILE.png), not {what}",
            EXIT_BAD_INPUT,
        )
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
    app = settings.application()
    if solve_it:
        try:
            solution = app.solve(parsed, name=board_name, start=state)
        except RuleFailure as err:
            fail(
                f"{board_name}: {err}", EXIT_RULE_FAILED, err.error if settings.traceback else None
            )
        if solution.unsound:
            fail(f"{board_name}: {solution.unsound}", EXIT_RULE_FAILED)
        state = solution.result.state
        solved = solution.solved
    title = f"Queens board {board_name}" + (" (solved)" if solve_it and solved else "")
    drawn = app.render(
        parsed, state, "png" if as_png else "svg", labels=labels, letters=letters, title=title
    )
    picture = None
    if isinstance(drawn, bytes):
        _write_bytes(output, drawn)
    else:
        picture = drawn
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
    from ...runtime.process import output_path

    try:
        with open(output_path(path), "wb") as handle:
            handle.write(data)
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}", EXIT_BAD_INPUT)

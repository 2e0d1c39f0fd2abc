"""``queens solve``: solve boards with the installed rules and print them as asked."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ...engine.board import MAX_SIZE
from ...plugins.selection import TIERS
from ..options import color_option, complete_rule_names, format_option
from ..stars_option import stars_option

if TYPE_CHECKING:
    from ..app import Settings


@click.command(short_help="Solve BOARDs by named deductions: the board and the counters.")
@click.argument("boards", nargs=-1, metavar="[BOARD]...")
@click.option(
    "--only",
    multiple=True,
    shell_complete=complete_rule_names,
    metavar="NAMES",
    help="Run only these rules or packages (counter ids or package names, with or "
    "without the queens-rules- prefix; repeat the option or separate with commas).",
)
@click.option(
    "--exclude",
    multiple=True,
    shell_complete=complete_rule_names,
    metavar="NAMES",
    help="Leave these rules or packages out (same names as --only).",
)
@click.option(
    "--tier",
    type=click.Choice(TIERS),
    help="Stop after this tier: 'cheap' leaves the expensive tier out.",
)
@click.option("--explain", is_flag=True, help="Before the result, explain every step in words.")
@format_option(
    "json: one object with the board, state, counters and steps (the manual's JSON documents page)."
)
@color_option(
    "Draw the board in its regions' colours. auto: only on a terminal, and not when "
    "NO_COLOR is set."
)
@click.option(
    "--letters",
    is_flag=True,
    help="Write each cell's region letter before its mark, so regions can be told "
    "apart without telling colours apart (or without colour).",
)
@stars_option
@click.pass_obj
def solve(
    settings: Settings,
    boards: tuple[str, ...],
    only: tuple[str, ...],
    exclude: tuple[str, ...],
    tier: str | None,
    explain: bool,
    output_format: str,
    color: str,
    letters: bool,
    stars: str,
) -> None:
    """Solve BOARD with the installed rules and print the board and the counters.

    BOARD is a file with one line per row and one character per cell, the same
    character for the same region (compact `BBPP` or spaced `B B P P`), or anything an
    installed reader reads (`queens readers list`: screenshots, SBN). Without BOARD,
    or with `-`, the board is read from standard input. Boards from 1×1 up to
    {max}×{max} are accepted; a region that is not 4-connected is solved with a warning.

    \b
    Solved (exit 0): the board with ♛ for queens and . elsewhere, a blank
    line, then one line per counter: how often each rule fired.
    Not solved (exit 1): the partial state, ♛ queen, ⨯ dead cell, . live cell.
    On a terminal the board is drawn in its regions' colours (see --color).

    With several BOARDs, each board's output is headed by a line `==> BOARD <==` and
    separated from the next by a blank line (with --format json: one object a line); a
    bad board is reported on standard error and the others are still solved. The exit
    status is then the worst of the boards': 3 (a rule failed) over 2 (bad input) over
    1 (not solved) over 0.

    Only the counters of the rules that ran are printed. A placed queen always kills its
    row, column, region and neighbours at once, even when the rule that counts placements
    is left out (they are then not counted); placement-forces-contradiction simulates
    with the basic rules whether they are selected or not.

    \b
    Examples:
      queens solve archive/boards/1.txt
      queens solve - < archive/boards/353.txt
      queens solve archive/boards/1.txt archive/boards/353.txt
      queens solve --explain archive/boards/353.txt
      queens solve --format json archive/boards/353.txt
      queens solve --tier cheap archive/boards/353.txt
      queens solve --only baseline,pigeonhole archive/boards/1.txt
      queens solve --exclude pfc archive/boards/1.txt
    """
    from ..solving import solve_boards

    solve_boards(
        settings, boards, only, exclude, tier, explain, output_format, color, letters, stars
    )


solve.help = (solve.help or "").replace("{max}", str(MAX_SIZE))

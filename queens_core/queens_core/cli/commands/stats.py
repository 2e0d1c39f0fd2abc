"""``queens stats``: solve every board under some paths and sum up what the rules did."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..options import cluster_option, json_format_options, selection_options
from ..stars_option import stars_option

if TYPE_CHECKING:
    from ..app import Settings


@click.command(short_help="Solve many boards and sum up what the rules did.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@json_format_options
@click.option(
    "--chart",
    metavar="FILE.svg",
    help="Also draw the total firings of every rule as an SVG bar chart into FILE.svg.",
)
@click.option(
    "--no-uniqueness",
    "skip_uniqueness",
    is_flag=True,
    help="Do not count each board's solutions (faster on large batches; the unique "
    "column and the uniqueness fields are then left out).",
)
@selection_options("Solve with")
@stars_option
@cluster_option(
    "Solve the boards on the workers of the Dask scheduler at ADDRESS (host:port, or its "
    "--scheduler-file): read here, solved there, summed up here."
)
@click.pass_obj
def stats(
    settings: Settings,
    paths: tuple[str, ...],
    output_format: str,
    as_json: bool,
    chart: str | None,
    skip_uniqueness: bool,
    only: tuple[str, ...],
    exclude: tuple[str, ...],
    tier: str | None,
    stars: str,
    cluster: str | None,
) -> None:
    """Solve every board under PATH... in one process and sum up what the rules did.

    A PATH is a board file or a folder (its board files: every suffix an installed
    reader claims, `queens readers list`; at any depth, in natural order). Printed:
    boards by size: how many have one solution (an exact search, with `queens check`'s
    budget), are solved, by the tier they needed; boards by grade; the boards with
    several solutions or none, those the rules do not solve and those that could not be
    read, each listed apart; the total firings of every counter and on how many boards
    each fired; and the solve time per board (median, 95th percentile). A bad board is
    reported and skipped. --only, --exclude and --tier select the rules as for
    `queens solve`. On a terminal, a long run shows a progress bar
    on standard error.

    Exit status: 0 every board solved, 1 some board not solved, 2 some board could not
    be read (or the --cluster cannot run), 3 a rule raised or the --cluster lost a
    board's workers (the worst of these), 4 a rule package failed to load.

    \b
    Examples:
      queens stats archive/boards
      queens stats --format json archive/boards > stats.json
      queens stats archive/boards --chart rule-usage.svg
    """
    from ..summing import sum_up

    sum_up(
        settings,
        paths,
        output_format,
        as_json,
        chart,
        skip_uniqueness,
        only,
        exclude,
        tier,
        stars,
        cluster,
    )

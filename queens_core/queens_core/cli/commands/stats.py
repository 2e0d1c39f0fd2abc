"""``queens stats``: solve every board under some paths and sum up what the rules did."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from ..exits import (
    EXIT_BAD_INPUT,
    EXIT_RULE_FAILED,
    fail,
    open_output,
    report_error,
    report_unreadable,
    said,
    write_output,
)
from ..options import cluster_option, json_format_options, selected_rules, selection_options
from ..stars_option import parse_stars, stars_option

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
    from ...api import ClusterLost, ClusterUnreachable
    from ...render.progress import Progress
    from ...render.statuses import stats_exit_status
    from ...tools.batch import missing_path
    from ...tools.stats import BAD_INPUT

    k = parse_stars(stars)
    registry = settings.registry()
    selected_rules(registry, only, exclude, tier)  # a bad name: exit 2 first
    missing = missing_path(paths, registry.readers)
    if missing:
        fail(missing, EXIT_BAD_INPUT)
    chart_file = open_output(chart) if chart else None
    progress = Progress(sys.stderr)
    try:
        statistics = settings.application().stats(
            paths, k, only, exclude, tier, not skip_uniqueness, progress, cluster=cluster
        )
    except ClusterUnreachable as err:
        progress.close()
        fail(said(err), EXIT_BAD_INPUT)
    except ClusterLost as err:
        progress.close()
        fail(str(err), EXIT_RULE_FAILED)
    finally:
        progress.close()
    summary = statistics.summary
    if not summary.processed and all(board.status == BAD_INPUT for board in summary.boards):
        for board in summary.boards:
            report_error(board.error or board.path)
        sys.exit(EXIT_BAD_INPUT)
    text = not (as_json or output_format == "json")
    for board in summary.boards:
        # The text report lists each unreadable board with why; it is not said twice.
        if board.error and not (text and board.status == BAD_INPUT):
            report_error(board.error)
    if text:
        unread = [board.path for board in summary.boards if board.status == BAD_INPUT]
        report_unreadable(unread, len(summary.boards))
    if as_json or output_format == "json":
        from ...render.documents import dumps

        click.echo(dumps(statistics.to_json()))
    else:
        click.echo(statistics.text())
    if chart_file is not None:
        write_output(chart_file, statistics.chart_svg())
    sys.exit(stats_exit_status(summary))

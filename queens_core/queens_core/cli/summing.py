"""The work of ``queens stats``: solve every board under some paths and sum up what the
rules did. Without click: its plain form runs without it (:mod:`queens_core.cli.plain`)."""

from __future__ import annotations

import sys

from .exits import (
    EXIT_BAD_INPUT,
    EXIT_RULE_FAILED,
    echo,
    fail,
    open_output,
    report_error,
    report_unreadable,
    said,
    write_output,
)
from .settings import Settings, selected_rules
from .stars_option import parse_stars


def sum_up(
    settings: Settings,
    paths: tuple[str, ...],
    output_format: str = "text",
    as_json: bool = False,
    chart: str | None = None,
    skip_uniqueness: bool = False,
    only: tuple[str, ...] = (),
    exclude: tuple[str, ...] = (),
    tier: str | None = None,
    stars: str = "auto",
    cluster: str | None = None,
) -> None:
    """``queens stats`` with its options' values (the defaults: its plain form): print the
    summary of the boards under ``paths`` and exit with its status."""
    from ..api import ClusterLost, ClusterUnreachable
    from ..render.progress import Progress
    from ..render.statuses import stats_exit_status
    from ..tools.batch import missing_path
    from ..tools.stats import BAD_INPUT

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
        from ..render.documents import dumps

        echo(dumps(statistics.to_json()))
    else:
        echo(statistics.text())
    if chart_file is not None:
        write_output(chart_file, statistics.chart_svg())
    sys.exit(stats_exit_status(summary))

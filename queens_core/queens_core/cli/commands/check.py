"""``queens check``: is each board ready to ship (one solution, found by logic alone)?"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, TypeVar

import click

from ...referee.budget import DEFAULT_CAP, DEFAULT_TIMEOUT
from ..exits import (
    EXIT_BAD_INPUT,
    EXIT_RULE_FAILED,
    fail,
    report_error,
    report_unreadable,
    said,
    warn_notes,
)
from ..numbers import WholeNumbers
from ..options import SECONDS, cluster_option, format_option, selected_rules, selection_options
from ..stars_option import parse_stars, stars_option

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..app import Settings

T = TypeVar("T")


@click.command(short_help="Is each BOARD ready to ship: one solution, by logic, how hard?")
@click.argument("boards", nargs=-1, metavar="[BOARD]...")
@click.option(
    "--cap",
    type=WholeNumbers(min=2, max=1_000_000),
    metavar="CAP",
    default=DEFAULT_CAP,
    show_default=True,
    help="Stop counting solutions at this many and report 'at least CAP' (the search "
    "finds some 25,000 solutions a second).",
)
@click.option(
    "--timeout",
    type=SECONDS,
    default=DEFAULT_TIMEOUT,
    show_default=True,
    metavar="SECONDS",
    help="Give up counting a board's solutions after this long: the verdict is then "
    "'undecided within the budget' (exit 7), unless two solutions were found by then.",
)
@format_option(
    "text for people, json for programs: one object a board, one a line with "
    "several (the manual's JSON documents page)."
)
@selection_options("Check with")
@stars_option
@cluster_option(
    "Check the boards on the workers of the Dask scheduler at ADDRESS (host:port, or its "
    "--scheduler-file): read here, checked there, reported here in order."
)
@click.pass_obj
def check(
    settings: Settings,
    boards: tuple[str, ...],
    cap: int,
    timeout: float,
    output_format: str,
    only: tuple[str, ...],
    exclude: tuple[str, ...],
    tier: str | None,
    stars: str,
    cluster: str | None,
) -> None:
    """Check that each BOARD is ready to ship: one solution, found by logic alone.

    For each board: structure problems, the number of solutions (by an exact search:
    0, 1, or "at least CAP"), whether the installed rules solve it and which tier it
    needed (baseline, cheap or expensive), the rules it used, and its difficulty grade
    (1 Easy, 2 Medium, 3 Hard, 4 Fiendish, with a score; see the manual's Difficulty page).
    A BOARD may be a folder: its board files, at any depth, in natural order. Without
    BOARD, or with `-`, the board is read from standard input. With --only, --exclude or
    --tier (as for `queens solve` and `queens generate`), the tier, grade and verdict are
    those of the selected rules.

    \b
    Exit status:
      0  unique, solved by logic
      1  unique, but the rules stall
      5  several solutions
      6  no solution
      7  undecided: the exact search ran past --timeout
      2  bad input (a board cannot be read or parsed; a --cluster that cannot run)
      3  a rule raised an error, or proved unsound against the exact search (or
         the --cluster lost a board's workers)
      4  a rule package failed to load
    With several boards, the worst of them: 3, then 2, 7, 6, 5, 1, 0.

    \b
    Examples:
      queens check my-board.txt
      queens check --cap 100 drafts/*.txt
      queens check --format json archive/boards/1.txt
      queens check --exclude pfc boards/
    """
    from ...render.statuses import check_exit_status
    from ...tools.batch import STDIN

    k = parse_stars(stars)
    registry = settings.registry()
    selected_rules(registry, only, exclude, tier)  # a bad name: exit 2 first
    app = settings.application()
    names = app.rule_names()
    reports = []
    entries = _answer(
        lambda: app.check_paths(
            boards or (STDIN,), cap, timeout, k, only, exclude, tier, cluster=cluster
        )
    )
    several = len(entries) > 1 or any(os.path.isdir(path) for path in boards)
    unread: list[str] = []
    for i, (_path, check_one) in enumerate(entries):
        answer = _answer(check_one)
        report = answer.report
        warn_notes(report.name, (), report.unique_stars)
        reports.append(report)
        bad_input = report.verdict == "bad-input"
        alone = len(entries) == 1  # a folder without boards is one entry too
        if bad_input and not alone and output_format == "text":
            # Its line in the report says why; standard error sums them up once, below.
            # (In JSON its entry says why to a program, and the line is for a person.)
            unread.append(report.name)
        elif report.error_line:
            report_error(report.error_line, report.error if settings.traceback else None)
        if output_format == "text" and not (bad_input and alone):
            # A lone unreadable board is the one line on standard error, not twice.
            if i:
                click.echo()
            click.echo(answer.text(names))
        if output_format == "json":
            from ..output import print_document

            print_document(answer.to_json(), several)
    report_unreadable(unread, len(reports))
    sys.exit(check_exit_status(reports))


def _answer(ask: Callable[[], T]) -> T:
    """What ``ask`` answers; a cluster that cannot give it ends the command."""
    from ...api import ClusterLost, ClusterUnreachable

    try:
        return ask()
    except ClusterUnreachable as err:
        fail(said(err), EXIT_BAD_INPUT)
    except ClusterLost as err:
        fail(str(err), EXIT_RULE_FAILED)

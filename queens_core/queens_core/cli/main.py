"""The ``queens`` command. Its exit statuses are in :mod:`queens_core.cli.exits`.

Each command imports the modules only it needs when it runs, not here: ``queens --help``
and a plain ``queens solve`` should not pay for the exact solver's grading, the SVG
writer or the JSON and explanation formats of the other commands.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from ..engine.board import MAX_SIZE, Board
from ..engine.rules import Rule
from ..plugins.registry import SKIP_BROKEN_ENV, PluginError, Registry, load_registry
from ..plugins.selection import TIERS, SelectionError, select_rules
from ..referee.budget import DEFAULT_CAP, DEFAULT_TIMEOUT
from .commands import PluginGroup
from .entry import start_up_over
from .exits import (
    EXIT_BAD_INPUT,
    EXIT_NOT_SOLVED,
    EXIT_PLUGIN_FAILED,
    EXIT_RULE_FAILED,
    EXIT_SOLVED,
    SEVERITY,
    fail,
    open_output,
    report_error,
    warn,
    warn_split_regions,
    write_output,
)
from .options import color_option, format_option
from .stars import parse_stars, stars_option

if TYPE_CHECKING:
    from ..engine.driver import Solver


class Settings:
    """What the group's options say, passed to every command, and the registry."""

    def __init__(self, skip_broken: bool, traceback: bool):
        self.skip_broken = skip_broken
        self.traceback = traceback
        self._registry: Registry | None = None

    def registry(self, warn_empty: bool = True) -> Registry:
        """Load the rule packages once, on first use; a failure ends the command. With no
        rule installed, say so (``warn_empty``): every board would stall."""
        if self._registry is None:
            try:
                self._registry = load_registry(skip_broken=self.skip_broken)
            except PluginError as err:
                hint = (
                    f"; to start without it, pass --skip-broken-plugins or set {SKIP_BROKEN_ENV}=1"
                )
                fail(f"{err}{hint}", EXIT_PLUGIN_FAILED, err if self.traceback else None)
            start_up_over()
            for line in self._registry.broken:
                warn(f"{line} (skipped)")
            if warn_empty and not self._registry.rules:
                warn(
                    "no rules are installed, so nothing can be deduced: install a rule "
                    "package (a queens-rules-NAME distribution)"
                )
        return self._registry


def _version_message(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from .. import __version__

    click.echo(f"queens-core {__version__}")
    try:
        registry = load_registry(skip_broken=True)
    except PluginError as err:
        click.echo(f"(rule packages could not be listed: {err})")
    else:
        for info in sorted({(p.name, p.version) for p in registry.packages}):
            click.echo(f"{info[0]} {info[1]}")
        for line in registry.broken:
            click.echo(f"(broken: {line})")
    ctx.exit()


@click.group("queens", cls=PluginGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_version_message,
    help="Show the core's version and every installed plugin package's, then exit.",
)
@click.option(
    "--skip-broken-plugins",
    is_flag=True,
    envvar=SKIP_BROKEN_ENV,
    help=f"Start even if a rule package fails to load (it is named on standard error). "
    f"Also set by {SKIP_BROKEN_ENV}=1.",
)
@click.option(
    "--traceback", "show_traceback", is_flag=True, help="Print tracebacks of internal errors."
)
@click.pass_context
def main(ctx: click.Context, skip_broken_plugins: bool, show_traceback: bool) -> None:
    """Solve LinkedIn Queens puzzles by named deductions, never by guessing.

    \b
    Examples:
      queens solve archive/boards/1.txt
      cat my-board.txt | queens solve
      queens solve --explain archive/boards/353.txt
      queens hint archive/boards/353.txt --state progress.txt
      queens check my-board.txt
      queens stats archive/boards --chart rule-usage.svg
      queens rules list --format json

    Exit status: 0 solved, 1 not solved, 2 bad input or usage (or an output that
    cannot be written), 3 a rule failed (it raised an error or made an unsound
    deduction), 4 a rule package failed to load, 7 undecided within the exact search's
    --timeout (`check`, `hint`), 130 interrupted (`queens check` adds its own: see its
    --help). All of them: docs/format.md.
    """
    ctx.obj = Settings(skip_broken=skip_broken_plugins, traceback=show_traceback)


def selected_rules(
    registry: Registry, only: tuple[str, ...], exclude: tuple[str, ...], tier: str | None
) -> list[Rule]:
    """The registry's rules narrowed by --only, --exclude and --tier (exit 2 if invalid)."""
    try:
        return select_rules(registry.rules, only, exclude, tier)
    except SelectionError as err:
        fail(str(err), EXIT_BAD_INPUT)


@main.command()
@click.argument("boards", nargs=-1, metavar="[BOARD]...")
@click.option(
    "--only",
    multiple=True,
    metavar="NAMES",
    help="Run only these rules or packages (counter ids or package names, with or "
    "without the queens-rules- prefix; repeat the option or separate with commas).",
)
@click.option(
    "--exclude",
    multiple=True,
    metavar="NAMES",
    help="Leave these rules or packages out (same names as --only).",
)
@click.option(
    "--tier",
    type=click.Choice(TIERS),
    help="Stop after this tier: 'cheap' leaves the expensive tier out.",
)
@click.option("--explain", is_flag=True, help="Before the result, explain every step in words.")
@format_option("json: one object with the board, state, counters and steps (docs/json.md).")
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
    from ..engine.driver import Solver
    from ..tools.batch import STDIN, display_name, worst

    k = parse_stars(stars)
    registry = settings.registry()
    rules = selected_rules(registry, only, exclude, tier)
    solver = Solver(rules)
    paths = boards or (STDIN,)
    several = len(paths) > 1
    statuses = []
    for i, path in enumerate(paths):
        if several and output_format == "text":
            if i:
                click.echo()
            click.echo(f"==> {display_name(path)} <==")
        statuses.append(
            _solve_one(settings, path, solver, explain, output_format, color, several, letters, k)
        )
    sys.exit(worst(statuses, SEVERITY))


def _solve_one(
    settings: Settings,
    path: str,
    solver: Solver,
    explain: bool,
    output_format: str,
    color: str,
    json_lines: bool = False,
    letters: bool = False,
    k: int | None = None,
) -> int:
    """Solve one board and print it as asked; return its exit status. With
    ``json_lines``, its JSON document is printed on one line (one board of several)."""
    from ..engine.driver import CONTRADICTION, RuleFailure
    from ..referee.blame import diagnose
    from ..tools.batch import BoardInputError, display_name, read_board_file

    name = display_name(path)
    as_json = output_format == "json"
    try:
        parsed = read_board_file(path, settings.registry().readers, k)
    except BoardInputError as err:
        report_error(str(err))
        if as_json:
            _print_failed(name, "bad-input", str(err), json_lines)
        return EXIT_BAD_INPUT
    warn_split_regions(name, parsed)
    solver = solver.for_stars(parsed.stars)
    try:
        result = solver.solve(parsed)
        # Before any output: an unsound result prints nothing but the error.
        diagnosis = diagnose(result, None, solver.by_counter)
        if diagnosis.message:
            report_error(f"{name}: {diagnosis.message}")
            if as_json:
                failed = f"{name}: {diagnosis.message}"
                _print_failed(name, "rule-failed", failed, json_lines, parsed, diagnosis.culprit)
            return EXIT_RULE_FAILED
        # Inside the try: a rule's explain runs while the output is built.
        if as_json:
            from ..render.documents import DetailError, detail_failure, solve_document
            from .output import print_document

            try:
                document = solve_document(result, solver.rules, name)
            except DetailError as err:
                failure = detail_failure(err, solver.rules)
                report_error(f"{name}: {failure}")
                _print_failed(
                    name, "rule-failed", f"{name}: {failure}", json_lines, parsed, failure.rule
                )
                return EXIT_RULE_FAILED
            print_document(document, json_lines)
        else:
            from .report import show

            show(result, solver.rules, name, explain, color, letters)
    except RuleFailure as err:
        report_error(f"{name}: {err}", err.error if settings.traceback else None)
        if as_json:
            _print_failed(name, "rule-failed", f"{name}: {err}", json_lines, parsed, err.rule)
        return EXIT_RULE_FAILED
    if result.solved:
        return EXIT_SOLVED
    if result.status == CONTRADICTION:
        none = "; the board has no solution" if diagnosis.has_solution is False else ""
        click.echo(
            f"queens: contradiction: {name}: {result.problem_after_culprit()}{none}", err=True
        )
    else:
        click.echo(f"queens: not solved: {name}: the rules stop with {result.progress()}", err=True)
    return EXIT_NOT_SOLVED


def _print_failed(
    name: str,
    status: str,
    error: str,
    json_lines: bool,
    board: Board | None = None,
    rule: Rule | None = None,
) -> None:
    """The JSON entry of a board that could not be solved (bad input, a rule failed)."""
    from ..render.documents import failed_document
    from .output import print_document

    print_document(failed_document(name, status, error, board, rule), json_lines)


solve.help = (solve.help or "").replace("{max}", str(MAX_SIZE))


@main.group()
def rules() -> None:
    """Inspect the installed rules.

    \b
    Examples:
      queens rules list
      queens rules list --format json
    """


def json_format_options(function: Any) -> Any:
    """``--format text|json`` and its hidden alias ``--json`` (the option's older name)."""
    function = click.option(
        "--json", "as_json", is_flag=True, hidden=True, help="The same as --format json."
    )(function)
    return format_option("text for people, json for programs (docs/json.md).")(function)


@rules.command("list")
@json_format_options
@click.pass_obj
def rules_list(settings: Settings, output_format: str, as_json: bool) -> None:
    """List the installed rules, grouped by tier, in the order the driver runs them.

    \b
    Examples:
      queens rules list
      queens rules list --format json
    """
    registry = settings.registry(warn_empty=False)  # the list itself says so
    if as_json or output_format == "json":
        from ..render.documents import RULES_SCHEMA, dumps

        rules = [
            {
                "counter": r.counter,
                "display_name": r.display_name,
                "tier": r.tier.value,
                "position": r.position,
                "package": r.package,
                "version": r.version,
                "counting": r.counting,
                "stars": {"min": r.min_stars, "max": r.max_stars},
                "summary": r.summary,
            }
            for r in registry.rules
        ]
        click.echo(dumps({"schema": RULES_SCHEMA, "rules": rules}))
        return
    if not registry.rules:
        click.echo("No rules are installed: install a rule package (queens-rules-NAME).")
        return
    width_counter = max(len(r.counter) for r in registry.rules)
    width_name = max(len(r.display_name) for r in registry.rules)
    width_stars = max(len(r.stars_label) for r in registry.rules)
    # Third-party positions (1000 and up) are wider than the catalog's.
    width_position = max(3, *(len(str(r.position)) for r in registry.rules))
    headings = {
        "cheap": "Cheap tier: run pass after pass until nothing changes",
        "expensive": "Expensive tier: tried one at a time when the cheap tier is stuck",
    }
    # Each rule runs only on boards with a K (stars per unit) it is sound for: K = 1 is
    # Queens, K ≥ 2 Star Battle.
    first = True
    for tier in ("cheap", "expensive"):
        members = [r for r in registry.rules if r.tier.value == tier]
        if not members:
            continue
        if not first:
            click.echo()
        first = False
        count = f"{len(members)} rule{'s' if len(members) > 1 else ''}"
        click.echo(f"{headings[tier]} ({count})")
        for r in members:
            click.echo(
                f"  {r.position:>{width_position}}  {r.counter:<{width_counter}}  "
                f"{r.display_name:<{width_name}}  {r.stars_label:<{width_stars}}  "
                f"{r.package} {r.version}".rstrip()
            )
            click.echo(f"{'':{width_position + 4}}{r.summary}")


main.lazy_command("hint", "queens_core.cli.show:hint")
main.lazy_command("render", "queens_core.cli.show:render")
main.lazy_command("generate", "queens_core.cli.generate:generate")
main.lazy_command("import", "queens_core.cli.importing:import_board")


@main.group()
def readers() -> None:
    """Inspect the installed board readers (the input formats every command accepts).

    \b
    Examples:
      queens readers list
      queens readers list --format json
    """


@readers.command("list")
@format_option("json: one object, schema queens-readers/1.")
@click.pass_obj
def readers_list(settings: Settings, output_format: str) -> None:
    """List the installed board readers, in the order they are asked about an input.

    A file goes to the reader that claims its suffix; standard input and other files go
    to the first reader that recognises their content, and to the text reader when none
    does.

    \b
    Examples:
      queens readers list
      queens readers list --format json
    """
    found = settings.registry().readers
    if output_format == "json":
        document = {
            "schema": "queens-readers/1",
            "readers": [
                {
                    "name": r.name,
                    "summary": r.summary,
                    "suffixes": list(r.suffixes),
                    "sniffs_content": r.sniff is not None,
                    "inline": r.inline,
                    "max_bytes": r.max_bytes,
                    "package": r.package,
                    "version": r.version,
                }
                for r in found
            ],
        }
        from ..render.documents import dumps

        click.echo(dumps(document))
        return
    width = max(len(r.name) for r in found)
    for r in found:
        claims = ", ".join(r.suffixes) or "no suffix"
        extra = "; recognises content" if r.sniff is not None else ""
        origin = f"{r.package} {r.version}".strip()
        click.echo(f"  {r.name:<{width}}  {claims}{extra}  ({origin})")
        click.echo(f"  {'':<{width}}  {r.summary}")


@main.command()
@click.argument("boards", nargs=-1, metavar="[BOARD]...")
@click.option(
    "--cap",
    type=click.IntRange(min=2, max=1_000_000),
    default=DEFAULT_CAP,
    show_default=True,
    help="Stop counting solutions at this many and report 'at least CAP' (the search "
    "finds some 25,000 solutions a second).",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    metavar="SECONDS",
    help="Give up counting a board's solutions after this long: the verdict is then "
    "'undecided within the budget' (exit 7), unless two solutions were found by then.",
)
@format_option(
    "text for people, json for programs: one object a board, one a line with "
    "several (docs/json.md)."
)
@stars_option
@click.pass_obj
def check(
    settings: Settings,
    boards: tuple[str, ...],
    cap: int,
    timeout: float,
    output_format: str,
    stars: str,
) -> None:
    """Check that each BOARD is ready to ship: one solution, found by logic alone.

    For each board: structure problems, the number of solutions (by an exact search:
    0, 1, or "at least CAP"), whether the installed rules solve it and which tier it
    needed (baseline, cheap or expensive), the rules it used, and its difficulty grade
    (1 Easy, 2 Medium, 3 Hard, 4 Fiendish, with a score; see docs/difficulty.md).
    Without BOARD, or with `-`, the board is read from standard input.

    \b
    Exit status:
      0  unique, solved by logic
      1  unique, but the rules stall
      5  several solutions
      6  no solution
      7  undecided: the exact search ran past --timeout
      2  bad input (a board cannot be read or parsed)
      3  a rule raised an error, or proved unsound against the exact search
      4  a rule package failed to load
    With several boards, the worst of them: 3, then 2, 7, 6, 5, 1, 0.

    \b
    Examples:
      queens check my-board.txt
      queens check --cap 100 drafts/*.txt
      queens check --format json archive/boards/1.txt
    """
    from ..render.statuses import check_exit_status
    from ..render.text import format_report
    from ..tools.batch import STDIN
    from ..tools.check import check_board
    from ..tools.grade import Grader

    k = parse_stars(stars)
    registry = settings.registry()
    grader = Grader(registry.rules)
    names = {rule.counter: rule.display_name for rule in registry.rules}
    reports = []
    paths = boards or (STDIN,)
    several = len(paths) > 1
    for i, path in enumerate(paths):
        report = check_board(path, grader, cap, timeout, registry.readers, k)
        reports.append(report)
        if report.error_line:
            report_error(report.error_line, report.error if settings.traceback else None)
        if output_format == "text":
            if i:
                click.echo()
            click.echo(format_report(report, names))
        if output_format == "json":
            from ..render.documents import CHECK_SCHEMA, report_json
            from .output import print_document

            print_document({"schema": CHECK_SCHEMA, **report_json(report)}, several)
    sys.exit(check_exit_status(reports))


@main.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@json_format_options
@click.option(
    "--chart",
    metavar="FILE.svg",
    help="Also draw the total firings of every rule as an SVG bar chart into FILE.svg.",
)
@stars_option
@click.pass_obj
def stats(
    settings: Settings,
    paths: tuple[str, ...],
    output_format: str,
    as_json: bool,
    chart: str | None,
    stars: str,
) -> None:
    """Solve every board under PATH... in one process and sum up what the rules did.

    A PATH is a board file or a folder (its board files: every suffix an installed
    reader claims, `queens readers list`; at any depth, in natural order). Printed:
    boards solved by size and by the tier they needed, boards by grade, the boards the
    rules do not solve, the total firings of every counter and on how
    many boards each fired, and the solve time per board (median, 95th percentile).
    A bad board is reported and skipped. On a terminal, a long run shows a progress bar
    on standard error.

    Exit status: 0 every board solved, 1 some board not solved, 2 some board could not
    be read, 3 a rule raised (the worst of these), 4 a rule package failed to load.

    \b
    Examples:
      queens stats archive/boards
      queens stats --format json archive/boards > stats.json
      queens stats archive/boards --chart docs/rule-usage.svg
    """
    from ..render.chart import bar_chart_svg
    from ..render.progress import Progress
    from ..render.statuses import stats_exit_status
    from ..render.text import format_summary
    from ..tools.batch import missing_path
    from ..tools.grade import Grader
    from ..tools.stats import BAD_INPUT, chart_items, collect

    k = parse_stars(stars)
    registry = settings.registry()
    missing = missing_path(paths, registry.readers)
    if missing:
        fail(missing, EXIT_BAD_INPUT)
    chart_file = open_output(chart) if chart else None
    progress = Progress(sys.stderr)
    try:
        summary = collect(
            paths, Grader(registry.rules, k or 1), progress, readers=registry.readers, stars=k
        )
    finally:
        progress.close()
    if not summary.processed and all(board.status == BAD_INPUT for board in summary.boards):
        for board in summary.boards:
            report_error(board.error or board.path)
        sys.exit(EXIT_BAD_INPUT)
    for board in summary.boards:
        if board.error:
            report_error(board.error)
    if as_json or output_format == "json":
        from ..render.documents import STATS_SCHEMA, dumps, summary_json

        click.echo(dumps({"schema": STATS_SCHEMA, **summary_json(summary)}))
    else:
        click.echo(format_summary(summary))
    if chart_file is not None:
        boards = len(summary.processed)
        svg = bar_chart_svg(
            chart_items(summary),
            title=f"How often each rule fired: total firings over {boards} boards",
            x_label="firings (the sum of the rule's counter over all boards)",
            subtitle="queens stats " + " ".join(paths),
            groups=list(dict.fromkeys(summary.families.values())),
        )
        write_output(chart_file, svg)
    sys.exit(stats_exit_status(summary))

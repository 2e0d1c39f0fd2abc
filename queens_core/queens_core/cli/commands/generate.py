"""The ``queens generate`` command: its options, one call of the application's
``generate`` (:mod:`queens_core.api`), and the printing of each board as it comes.

Options are read as plain values and checked here or by the API, so that every bad
value gets the one-line error and exit status 2 the other commands give bad input.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from ..exits import EXIT_BAD_INPUT, EXIT_NOT_SOLVED, EXIT_RULE_FAILED, fail, said, warn
from ..options import cluster_option, complete_rule_names, format_option, selected_rules

#: The status of a process ended by SIGTERM, as a shell reports it (128 + 15).
EXIT_TERMINATED = 143

if TYPE_CHECKING:
    from ...api import MadeBoard
    from ...api.generation import Batch


@click.command(short_help="Make new boards with one solution, at the tier or grade asked.")
@click.option(
    "--size",
    "size_text",
    default="8",
    show_default=True,
    metavar="N",
    help="Board size N (N×N, N regions), 4 to 32.",
)
@click.option(
    "--count",
    "count_text",
    default="1",
    show_default=True,
    metavar="K",
    help="How many boards to make.",
)
@click.option(
    "--seed",
    "seed_text",
    metavar="S",
    help="Seed of the batch: the same seed, options and installed rules make the "
    "same boards, byte for byte. Default: a random seed, printed on standard error.",
)
@click.option(
    "--tier",
    metavar="TIER",
    help="Only boards whose first solving tier is exactly TIER: baseline, cheap or "
    "expensive (as `queens check` reports it).",
)
@click.option(
    "--grade",
    metavar="GRADE",
    help="Only boards of this grade: Easy, Medium, Hard, Fiendish, or its level 1-4 "
    "(as `queens check` reports it).",
)
@click.option(
    "--min-region",
    "min_region_text",
    default="1",
    show_default=True,
    metavar="CELLS",
    help="No region smaller than this many cells.",
)
@click.option(
    "--max-region",
    "max_region_text",
    default=None,
    metavar="CELLS",
    help="No region larger than this many cells. From 12×12 up, regions stay within "
    "4.5·N cells and none is enclosed by another without it.",
)
@click.option(
    "--max-tries",
    "max_tries_text",
    default=None,
    metavar="T",
    help="Give up on a board after this many fresh maps (each repaired a few times). Default: 500.",
)
@click.option(
    "-o",
    "--output",
    "out_dir",
    metavar="DIR",
    help="Write one board file a board into DIR (created if missing), named after "
    "size, target, seed and number; files already there are kept, so a stopped "
    "batch resumes where it stopped.",
)
@click.option(
    "--force",
    is_flag=True,
    help="With -o: make the boards whose files exist again and overwrite them.",
)
@format_option(
    "json: JSON Lines, one object a board (board, solution, tier, grade, score, counters)."
)
@click.option(
    "--jobs",
    "jobs_text",
    default="1",
    show_default=True,
    metavar="J",
    help="Processes that make boards; the boards do not depend on J.",
)
@cluster_option(
    "Make the boards on the workers of the Dask scheduler at ADDRESS (host:port, or its "
    "--scheduler-file) instead of this machine's processes; the boards are the same."
)
@click.option(
    "--only",
    multiple=True,
    shell_complete=complete_rule_names,
    metavar="NAMES",
    help="Boards for these rules or packages only (as for `queens solve`).",
)
@click.option(
    "--exclude",
    multiple=True,
    shell_complete=complete_rule_names,
    metavar="NAMES",
    help="Boards for the installed rules without these (as for `queens solve`).",
)
@click.option(
    "--needs",
    multiple=True,
    shell_complete=complete_rule_names,
    metavar="RULES",
    help="Only boards that need these rules (ids, comma-separated): the selected rules "
    "solve the board, and without any one of these they stall.",
)
@click.option(
    "--stars",
    "stars_text",
    default="1",
    show_default=True,
    metavar="K",
    help="Stars per row, column and region: 1 for Queens; 2 or more makes Star Battle "
    "boards with one solution that the rules solve, graded on the Star Battle ladder "
    "(--tier, --grade, --only, --exclude, --needs and --jobs apply; --min-region, "
    "--max-region and --max-tries are Queens options). Files written with -o start with a "
    "line 'stars: K'.",
)
@click.option(
    "-q",
    "--quiet",
    is_flag=True,
    envvar="QUEENS_QUIET",
    help="Nothing on standard error about progress: no bar on a terminal, and no line "
    "now and then elsewhere (a script's or CI's log gets one after 5 s, then every 15 s, "
    "while boards are being made). Warnings and errors are still shown. Also set by "
    "QUEENS_QUIET=1.",
)
@click.pass_obj
def generate(
    settings: Any,
    size_text: str,
    count_text: str,
    seed_text: str | None,
    tier: str | None,
    grade: str | None,
    min_region_text: str,
    max_region_text: str | None,
    max_tries_text: str | None,
    out_dir: str | None,
    force: bool,
    output_format: str,
    jobs_text: str,
    cluster: str | None,
    only: tuple[str, ...],
    exclude: tuple[str, ...],
    needs: tuple[str, ...],
    stars_text: str,
    quiet: bool,
) -> None:
    """Make boards with exactly one solution that the installed rules solve.

    Each board has N 4-connected regions and one solution (checked by the exact solver),
    and the installed rules (or those chosen with --only/--exclude) solve it; with --tier
    or --grade, it needs exactly that tier or grade, as `queens check` would report.
    Regions are grown round a random queen placement, then repaired cell by cell where a
    second solution or a stall of the rules lies.

    Printed (text): each board under a line with its tier, grade and score; with -o, one
    line a file written. --format json prints one JSON object a line. On a terminal a
    progress bar is shown on standard error; elsewhere, a line after 5 s and then every
    15 s says how many boards are made and for how long it has run (--quiet: neither).

    Exit status: 0 every board made, 1 gave up on a board after --max-tries (the boards
    before it are printed), 2 bad input or usage (a --cluster that cannot run the batch
    too), 3 a rule failed (raised, broke its contract, or contradicted the one solution
    of a board being made) or a worker was lost with its board, 4 a rule package failed
    to load.

    \b
    Examples:
      queens generate --size 9 --count 5 --grade Hard --seed 1
      queens generate --size 10 --count 100 --tier expensive -o boards/ --jobs 2
      queens generate --size 14 --stars 3 --count 365 --cluster sched:8786
      queens generate --size 8 --only baseline --format json
      queens generate --needs RULE_ID --exclude pfc
      queens generate --stars 2 --size 10 --seed 1
    """
    if force and out_dir is None:
        # Accepting it would let a user who forgot -o believe files were (over)written.
        fail("--force needs -o DIR: it overwrites the board files already in DIR", EXIT_BAD_INPUT)
    size = _integer("--size", size_text)
    count = _integer("--count", count_text)
    if count < 1:
        fail(f"--count: {count} makes no board; give 1 or more", EXIT_BAD_INPUT)
    if seed_text is not None:
        seed = _integer("--seed", seed_text)
    else:
        import secrets  # only here: it imports hmac and friends, which start-up does not need

        seed = secrets.randbelow(10**9)
    min_region = _integer("--min-region", min_region_text)
    max_region = None if max_region_text is None else _integer("--max-region", max_region_text)
    jobs = _integer("--jobs", jobs_text)
    max_tries = None if max_tries_text is None else _integer("--max-tries", max_tries_text)
    stars = _integer("--stars", stars_text)
    from ...api import ClusterUnreachable, GenerateError

    app = settings.application()
    selected_rules(settings.registry(), only, exclude, None)  # a bad name: exit 2 first
    try:
        batch = app.generate(
            size, stars, count, seed, tier, grade, min_region, max_tries, jobs, needs,
            only, exclude, out_dir, force, max_region, cluster=cluster,
        )  # fmt: skip
    except (GenerateError, ClusterUnreachable) as err:
        fail(said(err), EXIT_BAD_INPUT)
    if seed_text is None:
        # Information, not a warning (nothing is wrong), so that the batch can be made again.
        click.echo(f"queens: seed {seed} (pass --seed {seed} to make these boards again)", err=True)
    kept = batch.kept
    if kept == 1 and count == 1:
        warn(f"the board is already in {out_dir}: kept (--force makes it again)")
    elif kept:
        are = "is" if kept == 1 else "are"
        where = f"already in {out_dir}: kept (--force makes them again)"
        warn(f"{kept} of {count} boards {are} {where}")
    _print_batch(settings, batch, count - kept, output_format, quiet)
    if batch.refused:
        # The batch asked for was not delivered, whatever else was printed.
        one = len(batch.refused) == 1
        files = "a kept file" if one else f"{len(batch.refused)} kept files"
        are, them, it = ("is", "it", "it") if one else ("are", "them", "them")
        fail(
            f"{files} in {out_dir} {are} no {'board' if one else 'boards'} of this batch (named "
            f"above): move {them} away, or --force makes {it} again",
            EXIT_NOT_SOLVED,
        )


def _print_batch(
    settings: Any, batch: Batch, todo: int, output_format: str, quiet: bool = False
) -> None:
    """Print each board as it is made (or kept), with a progress bar on a terminal and a
    line now and then elsewhere (none with ``quiet``); exit 1 when the maker gives up on a
    board, 2 when a file cannot be written, 3 when a rule fails."""
    from ...api import ClusterLost, ClusterUnreachable, GiveUp, RuleFailure, UnsoundRule, WorkerDied
    from ...api.generation import WriteFailed
    from ...render.progress import Progress, Ticker

    bar = Progress(sys.stderr, enabled=False if quiet else None)
    ticker = Ticker(bar, todo, _saying(batch, todo), enabled=not quiet)
    try:
        _print_boards(batch, output_format, ticker)
    except GiveUp as err:
        ticker.close()
        fail(said(err), EXIT_NOT_SOLVED)
    except WriteFailed as err:
        ticker.close()
        fail(str(err), EXIT_BAD_INPUT)
    except RuleFailure as err:
        ticker.close()
        fail(str(err), EXIT_RULE_FAILED, err.error if settings.traceback else None)
    except (UnsoundRule, WorkerDied, ClusterLost) as err:
        ticker.close()
        fail(str(err), EXIT_RULE_FAILED)
    except ClusterUnreachable as err:
        ticker.close()
        fail(said(err), EXIT_BAD_INPUT)
    finally:
        ticker.close()


def _print_boards(batch: Batch, output_format: str, ticker: Any) -> None:
    from ...runtime.signals import terminate_as_exit

    done = 0
    boards = batch.boards(lambda path, why: warn(f"{path}: kept, but {why}"))
    try:
        # SIGTERM ends the batch as Ctrl-C does (143); a worker ended by the hard stop of
        # its time budget, which named the rule itself, ends it with status 3.
        with terminate_as_exit(EXIT_TERMINATED, EXIT_RULE_FAILED):
            for board in boards:
                _print(board, batch.count, output_format)
                done += 1
                ticker.step(done)
    finally:
        boards.close()


def _saying(batch: Batch, todo: int) -> Callable[[int, float], str]:
    """The line a run off a terminal prints now and then: ``queens: making 1 board of
    32×32: none made yet, 5 s so far``."""
    n = batch.size
    kind = f"{n}×{n}" + (f" with {batch.stars} stars per unit" if batch.stars > 1 else "")
    boards = "board" if todo == 1 else "boards"

    def say(done: int, seconds: float) -> str:
        made = "none made yet" if done == 0 else f"{done} made"
        return f"queens: making {todo} {boards} of {kind}: {made}, {seconds:.0f} s so far"

    return say


def _print(board: MadeBoard, count: int, output_format: str) -> None:
    if output_format == "json":
        import json  # only JSON output needs it

        click.echo(json.dumps(board.to_json(), ensure_ascii=False))
    else:
        click.echo(board.text(count))


def _integer(option: str, text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        fail(f"{option}: {text!r} is not a whole number", EXIT_BAD_INPUT)

"""The ``queens generate`` command; the engines are :mod:`queens_core.generator.queens`
(Queens boards) and :mod:`queens_core.generator.stars` (Star Battle boards).

Options are read as plain values and checked here or by the engine, so that every bad
value gets the one-line error and exit status 2 the other commands give bad input.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

from ..exits import EXIT_BAD_INPUT, EXIT_NOT_SOLVED, EXIT_RULE_FAILED, fail, warn
from ..options import complete_rule_names, format_option, selected_rules

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from ...engine.board import Board
    from ...engine.rules import Rule
    from ...generator.needs import NeedsFilter
    from ...generator.queens import Generated, Maker
    from ...generator.stars import StarBoard, StarMaker
    from ...tools.grade import Assessment, Grader

GENERATE_SCHEMA = "queens-generate/4"


@click.command()
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
    "(--tier, --grade, --only, --exclude and --needs apply; --min-region, --max-tries and "
    "--jobs are Queens options). Files written with -o start with a line 'stars: K'.",
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
    max_tries_text: str | None,
    out_dir: str | None,
    force: bool,
    output_format: str,
    jobs_text: str,
    only: tuple[str, ...],
    exclude: tuple[str, ...],
    needs: tuple[str, ...],
    stars_text: str,
) -> None:
    """Make boards with exactly one solution that the installed rules solve.

    Each board has N 4-connected regions and one solution (checked by the exact solver),
    and the installed rules (or those chosen with --only/--exclude) solve it; with --tier
    or --grade, it needs exactly that tier or grade, as `queens check` would report.
    Regions are grown round a random queen placement, then repaired cell by cell where a
    second solution or a stall of the rules lies.

    Printed (text): each board under a line with its tier, grade and score; with -o, one
    line a file written. --format json prints one JSON object a line. On a terminal a
    progress bar is shown on standard error.

    Exit status: 0 every board made, 1 gave up on a board after --max-tries (the boards
    before it are printed), 2 bad input or usage, 3 a rule failed (raised, broke its
    contract, or contradicted the one solution of a board being made), 4 a rule package
    failed to load.

    \b
    Examples:
      queens generate --size 9 --count 5 --grade Hard --seed 1
      queens generate --size 10 --count 100 --tier expensive -o boards/ --jobs 2
      queens generate --size 8 --only baseline --format json
      queens generate --needs RULE_ID --exclude pfc
      queens generate --stars 2 --size 10 --seed 1
    """
    if force and out_dir is None:
        # Accepting it would let a user who forgot -o believe files were (over)written.
        fail("--force needs -o DIR: it overwrites the board files already in DIR", EXIT_BAD_INPUT)
    numbers = _read_numbers(
        size_text, count_text, seed_text, min_region_text, jobs_text, max_tries_text, stars_text
    )
    registry = settings.registry()
    rules = selected_rules(registry, only, exclude, None)
    if numbers.stars != 1:
        _refuse_queens_options(numbers, max_tries_text)
        _generate_stars(
            settings,
            rules,
            numbers,
            seed_text is None,
            tier,
            grade,
            out_dir,
            force,
            output_format,
            needs,
        )
        return
    _generate_queens(
        settings,
        rules,
        numbers,
        seed_text is None,
        tier,
        grade,
        out_dir,
        force,
        output_format,
        _needs_filter(rules, registry.rules, needs, numbers.max_tries),
    )


def _needs_filter(
    rules: list[Rule],
    installed: list[Rule],
    needs: tuple[str, ...],
    max_tries: int | None,
    stars: int = 1,
) -> NeedsFilter | None:
    """The test of ``--needs`` (None without it), or exit 2 when no board can pass it.
    It gives up no sooner than the maker would (``--max-tries``): the user's budget."""
    if not needs:
        return None
    from ...generator.needs import PROBE_BOARDS, NeedsFilter, resolve_needed
    from ...generator.queens import DEFAULT_MAX_TRIES, GenerateError

    probe = max(PROBE_BOARDS, max_tries or DEFAULT_MAX_TRIES)
    try:
        return NeedsFilter(rules, resolve_needed(rules, installed, needs, stars), probe, stars)
    except GenerateError as err:
        fail(str(err), EXIT_BAD_INPUT)


@dataclass(frozen=True)
class _Numbers:
    """The whole-number options of ``generate``, read from their text."""

    size: int
    count: int
    seed: int
    min_region: int
    jobs: int
    #: None: not given (the generator's default).
    max_tries: int | None
    stars: int


def _read_numbers(
    size_text: str,
    count_text: str,
    seed_text: str | None,
    min_region_text: str,
    jobs_text: str,
    max_tries_text: str | None,
    stars_text: str,
) -> _Numbers:
    """Each number option as an int, or exit 2 naming the first bad one (in this order)."""
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
    jobs = _integer("--jobs", jobs_text)
    max_tries = None if max_tries_text is None else _integer("--max-tries", max_tries_text)
    stars = _integer("--stars", stars_text)
    return _Numbers(size, count, seed, min_region, jobs, max_tries, stars)


def _refuse_queens_options(numbers: _Numbers, max_tries_text: str | None) -> None:
    """Exit 2 on the first option that only Queens boards take, given with ``--stars K``
    (K >= 2): Star Battle boards are made in one process, by their own repair loop."""
    given = [
        name
        for name, value in (
            ("--min-region", numbers.min_region != 1),
            ("--max-tries", max_tries_text),
            ("--jobs", numbers.jobs != 1),
        )
        if value
    ]
    if given:
        fail(f"{given[0]} is for Queens boards, not with --stars {numbers.stars}", EXIT_BAD_INPUT)


def _generate_queens(
    settings: Any,
    rules: list[Rule],
    numbers: _Numbers,
    random_seed: bool,
    tier: str | None,
    grade: str | None,
    out_dir: str | None,
    force: bool,
    output_format: str,
    needs: NeedsFilter | None = None,
) -> None:
    """Queens boards (one queen a unit) that ``rules`` solve, of the tier or grade asked
    (and that need the rules of ``needs``); with ``out_dir``, the boards whose files are
    there already are kept, not made."""
    from ...generator.queens import DEFAULT_MAX_TRIES, GenerateError, Maker

    size, count, seed = numbers.size, numbers.count, numbers.seed
    min_region, jobs = numbers.min_region, numbers.jobs
    max_tries = DEFAULT_MAX_TRIES if numbers.max_tries is None else numbers.max_tries
    try:
        # Checked up front, before any file is touched or a process started.
        maker = Maker(rules, size, tier, grade, min_region, max_tries, accept=needs)
        if jobs < 1:
            raise GenerateError(f"--jobs: {jobs} is not a positive number")
    except GenerateError as err:
        fail(str(err), EXIT_BAD_INPUT)
    # The grade as named on the ladder, however it was typed ("3", "hard").
    grade_name = maker.target[0].grade if grade is not None else None
    needed = [rule.counter for rule in needs.needed] if needs is not None else []
    name_of = _file_namer(size, tier, grade_name, min_region, seed, needed)
    if out_dir is not None:
        _prepare_dir(out_dir)
    if random_seed:
        _say_seed(seed)

    def exists(index: int) -> bool:
        return (
            out_dir is not None
            and not force
            and os.path.exists(os.path.join(out_dir, name_of(index)))
        )

    kept = sum(exists(i) for i in range(count))
    if kept:
        _say_kept(kept, count, out_dir)
    boards: Iterable[Generated] = maker.boards(seed, count, jobs, skip=exists)
    refused: list[str] = []
    if kept and out_dir is not None:
        # Every board of the batch is listed, not only the new ones: a rerun that made
        # nothing still says where the batch's files are and what they hold.
        folder = out_dir
        boards = _with_kept(
            maker, boards, count, exists, lambda i: os.path.join(folder, name_of(i)), refused
        )
    if needs is not None:
        boards = _needs_told(boards, needs)
    _write_and_print(settings, boards, count - kept, seed, count, out_dir, name_of, output_format)
    _fail_if_refused(refused, out_dir)


def _needs_told(boards: Iterable[Generated], needs: NeedsFilter) -> Iterator[Generated]:
    """The boards; a give-up before any board needed the rules says what was seen (the
    filter's tally, kept in this process when the boards are made here)."""
    from ...generator.needs import NeverNeeded
    from ...generator.queens import GiveUp

    try:
        yield from boards
    except NeverNeeded:
        raise
    except GiveUp as err:
        if needs.accepted or not needs.offered:
            raise
        raise GiveUp(f"{needs.verdict()}; or raise --max-tries") from err


def _with_kept(
    maker: Maker,
    made: Iterable[Generated],
    count: int,
    kept: Callable[[int], bool],
    path_of: Callable[[int], str],
    refused: list[str],
) -> Iterator[Generated]:
    """The boards of the batch in order: those made, and those kept in their files (read
    and graded again, ``attempts`` 0); a kept file that is no board of this batch any more
    is named on standard error, added to ``refused`` and left out."""
    from ...generator.queens import Generated

    new = iter(made)
    for index in range(count):
        if not kept(index):
            yield next(new)
            continue
        found = _read_kept(
            path_of(index), maker.grader, refused, maker.size, misfit=_misfit_of(maker)
        )
        if found is not None:
            board, solution, assessment = found
            yield Generated(index, board, solution, assessment, 0)


def _misfit_of(maker: Maker) -> Callable[[Assessment], str | None]:
    """Why a kept board solved by the rules is not of the batch's tier or grade."""
    from ...generator.queens import describe_target

    def misfit(assessment: Assessment) -> str | None:
        rung = assessment.rung
        if rung is None or rung.level in maker.levels:
            return None
        return (
            f"it is graded {rung.level} {rung.grade}, and this batch's boards are "
            f"{describe_target(maker.target)}"
        )

    return misfit


def _say_kept(kept: int, count: int, out_dir: str | None) -> None:
    if count == 1:
        warn(f"the board is already in {out_dir}: kept (--force makes it again)")
    else:
        are = "is" if kept == 1 else "are"
        where = f"already in {out_dir}: kept (--force makes them again)"
        warn(f"{kept} of {count} boards {are} {where}")


def _fail_if_refused(refused: list[str], out_dir: str | None) -> None:
    """Exit 1 when kept files that are no boards of the batch left it short: the batch
    asked for was not delivered, whatever else was printed."""
    if len(refused) == 1:
        fail(
            f"a kept file in {out_dir} is no board of this batch (named above): move it "
            "away, or --force makes it again",
            EXIT_NOT_SOLVED,
        )
    if refused:
        fail(
            f"{len(refused)} kept files in {out_dir} are no boards of this batch (named "
            "above): move them away, or --force makes them again",
            EXIT_NOT_SOLVED,
        )


def _read_kept(
    path: str,
    grader: Grader,
    refused: list[str],
    size: int,
    stars: int = 1,
    misfit: Callable[[Assessment], str | None] = lambda _: None,
) -> tuple[Board, int, Assessment] | None:
    """The board kept in ``path`` (K as its file declares), its one solution and how the
    rules grade it; None, said on standard error and added to ``refused``, when it cannot
    be read, is not a ``size``×``size`` board with ``stars`` per unit, has not exactly
    one solution, is not solved by the selected rules, or is not of the batch's target
    (``misfit`` says why not, or None when it is)."""
    from ...referee.blame import UnsoundRule
    from ...referee.exact import find_solutions
    from ...tools.batch import BoardInputError, read_board_file

    def refuse(why: str) -> None:
        warn(f"{path}: kept, but {why}")
        refused.append(path)

    try:
        board = read_board_file(path)
    except BoardInputError as err:
        refuse(f"not read again: {err.detail}")
        return None
    if (board.n, board.stars) != (size, stars):
        what = f"{size}×{size}" + (f", {stars} stars" if stars > 1 else "")
        refuse(f"it is not a board of this batch ({what})")
        return None
    solutions = find_solutions(board, 2)
    if len(solutions) != 1:
        refuse("it has no solution" if not solutions else "it has more than one solution")
        return None
    try:
        assessment = grader.assess(board, solution=solutions[0])
    except UnsoundRule as err:
        raise UnsoundRule(f"{path}: {err}") from None
    if assessment.rung is None:
        refuse("the selected rules do not solve it")
        return None
    why = misfit(assessment)
    if why is not None:
        refuse(why)
        return None
    return board, solutions[0], assessment


def _write_and_print(
    settings: Any,
    boards: Iterable[Generated],
    todo: int,
    seed: int,
    count: int,
    out_dir: str | None,
    name_of: Callable[[int], str],
    output_format: str,
) -> None:
    """Write (with ``out_dir``) and print each board as it is made, with a progress bar;
    exit 1 when the generator gives up on a board, 3 when a rule fails."""
    from ...engine.driver import RuleFailure
    from ...generator.queens import GiveUp
    from ...referee.blame import UnsoundRule
    from ...render.progress import Progress
    from ...runtime.workers import WorkerDied

    progress = Progress(sys.stderr)
    done = 0
    try:
        with _terminate_as_exit():
            for board in boards:
                path = None
                if out_dir is not None:
                    path = os.path.join(out_dir, name_of(board.index))
                    if board.attempts:  # 0: a board kept in its file (--format json)
                        _write_board(path, board.board)
                _print(board, seed, count, path, output_format)
                done += 1
                progress(done, todo)
    except GiveUp as err:
        progress.close()
        fail(str(err), EXIT_NOT_SOLVED)
    except RuleFailure as err:
        progress.close()
        fail(str(err), EXIT_RULE_FAILED, err.error if settings.traceback else None)
    except (UnsoundRule, WorkerDied) as err:
        progress.close()
        fail(str(err), EXIT_RULE_FAILED)
    finally:
        # An early end (Ctrl-C, SIGTERM, a board that cannot be written) stops the
        # workers of --jobs now, not when the generator is collected.
        close = getattr(boards, "close", None)
        if close is not None:
            close()
    progress.close()


#: The status of a process ended by SIGTERM, as a shell reports it (128 + 15).
EXIT_TERMINATED = 143


def _terminate_as_exit() -> AbstractContextManager[None]:
    """For the length of a batch, SIGTERM ends the command as Ctrl-C does, by an
    exception: the workers of --jobs are stopped and a board file being written is
    removed, instead of the process vanishing in the middle of it. A worker of --jobs
    ended by the hard stop of the time budget (it said which rule, on standard error)
    ends the command with status 3."""
    from ...runtime.signals import terminate_as_exit

    return terminate_as_exit(EXIT_TERMINATED, EXIT_RULE_FAILED)


def _generate_stars(
    settings: Any,
    rules: list[Rule],
    numbers: _Numbers,
    random_seed: bool,
    tier: str | None,
    grade: str | None,
    out_dir: str | None,
    force: bool,
    output_format: str,
    needs: tuple[str, ...] = (),
) -> None:
    """``--stars K`` with K >= 2: Star Battle boards with one solution that the selected
    ``rules`` solve, of the tier or grade asked, that need the rules of ``needs`` (board
    ``i`` from seed ``seed + i``)."""
    from ...engine.board import MAX_SIZE, max_stars, size_article
    from ...engine.driver import RuleFailure
    from ...generator.queens import GiveUp
    from ...generator.stars import StarBoard, StarMaker
    from ...referee.blame import UnsoundRule

    size, stars, count, seed = numbers.size, numbers.stars, numbers.count, numbers.seed
    if stars < 1:
        fail(f"--stars must be at least 1, not {stars}", EXIT_BAD_INPUT)
    if not 4 <= size <= MAX_SIZE:
        fail(f"--size: {size} is not between 4 and {MAX_SIZE}", EXIT_BAD_INPUT)
    if stars > max_stars(size):
        fail(
            f"{size_article(size)} {size}×{size} board cannot hold {stars} stars per unit (at most "
            f"{max_stars(size)}): no solution exists",
            EXIT_BAD_INPUT,
        )
    if not any(rule.sound_for(stars) for rule in rules):
        # Without this the maker would spin through its attempts on boards none can touch.
        fail(
            f"none of the selected rules works with {stars} stars per unit (`queens rules list` "
            "shows the stars each rule is for)",
            EXIT_BAD_INPUT,
        )
    installed = settings.registry().rules
    # A board with too few rounds of repair to need the rule is dropped: give each rule
    # as many boards as the Queens maker gives it before saying none needed it.
    needed = _needs_filter(rules, installed, needs, None, stars)
    try:
        maker = StarMaker(rules, size, stars, tier, grade, accept=needed)
    except ValueError as err:
        fail(str(err), EXIT_BAD_INPUT)
    if out_dir is not None:
        _prepare_dir(out_dir)
    if random_seed:
        _say_seed(seed)
    parts = [f"{size}x{size}", f"{stars}stars"]
    parts += [p.lower() for p in (tier, grade) if p]
    if needed is not None:
        parts += [f"needs-{rule.counter.replace('_', '-')}" for rule in needed.needed]
    stem = "-".join([*parts, f"s{seed}"])

    def path_of(index: int) -> str | None:
        return None if out_dir is None else os.path.join(out_dir, f"{stem}-{index + 1:04d}.txt")

    def kept(index: int) -> bool:
        path = path_of(index)
        return path is not None and not force and os.path.exists(path)

    already = sum(kept(i) for i in range(count))
    if already:
        _say_kept(already, count, out_dir)
    made_boards = iter(maker.boards(seed, count, kept))
    refused: list[str] = []
    try:
        for index in range(count):
            path = path_of(index)
            if path is not None and kept(index):
                found = _read_kept(path, maker.grader, refused, size, stars, _star_misfit(maker))
                if found is not None:
                    board, solution, assessment = found
                    made = StarBoard(index, board, solution, assessment)
                    _print_star_board(made, seed, count, path, output_format, kept=True)
                continue
            made = next(made_boards)
            if path is not None:
                _write_board(path, made.board)
            _print_star_board(made, seed, count, path, output_format)
    except (ValueError, GiveUp) as err:
        if needed is not None and needed.offered and not isinstance(err, GiveUp):
            # The maps ran out on boards the rules solved but did not need the rule for.
            fail(needed.verdict(), EXIT_NOT_SOLVED)
        fail(str(err), EXIT_NOT_SOLVED)
    except RuleFailure as err:
        fail(str(err), EXIT_RULE_FAILED, err.error if settings.traceback else None)
    except UnsoundRule as err:
        fail(str(err), EXIT_RULE_FAILED)
    _fail_if_refused(refused, out_dir)


def _star_misfit(maker: StarMaker) -> Callable[[Assessment], str | None]:
    """Why a kept Star Battle board solved by the rules is not of the tier or grade asked."""

    def misfit(assessment: Assessment) -> str | None:
        rung = assessment.rung
        if rung is None:
            return None
        if maker.tier is not None and rung.tier != maker.tier:
            return f"it is of tier {rung.tier}, not {maker.tier}"
        if maker.grade is not None and int(rung.level) != maker.grade:
            level = int(rung.level)
            return f"it is graded {level} {rung.grade}; this batch asks for grade {maker.grade}"
        return None

    return misfit


def _print_star_board(
    made: StarBoard,
    seed: int,
    count: int,
    path: str | None,
    output_format: str,
    kept: bool = False,
) -> None:
    """Print Star Battle board ``made.index`` of the batch as asked (the JSON line with
    its solution, tier and grade; the file written or ``kept`` from an earlier run; or
    the board under its heading)."""
    from ...render.documents import cells_json
    from ...render.text import board_file_text

    board = made.board
    if output_format == "json":
        rung = made.assessment.rung
        assert rung is not None
        record = {
            "schema": GENERATE_SCHEMA,
            "seed": seed,
            "index": made.index,
            "path": path,
            "size": board.n,
            "stars": board.stars,
            "board": list(board.rows),
            "solution": cells_json(board, made.solution),
            "tier": rung.tier,
            "grade": {"level": int(rung.level), "name": rung.grade},
            "score": made.assessment.score,
            "counters": dict(made.assessment.full.counters),
            "kept": kept,
        }
        import json  # only JSON output needs it

        click.echo(json.dumps(record, ensure_ascii=False))
    elif path is not None:
        click.echo(f"{path}: {made.summary}{' (kept)' if kept else ''}")
    else:
        if made.index:
            click.echo()
        click.echo(f"board {made.index + 1} of {count}: {made.summary}")
        click.echo(board_file_text(board))


def _say_seed(seed: int) -> None:
    """Name the random seed on standard error: information, not a warning (nothing is
    wrong), so that the batch can be made again."""
    click.echo(f"queens: seed {seed} (pass --seed {seed} to make these boards again)", err=True)


def _integer(option: str, text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        fail(f"{option}: {text!r} is not a whole number", EXIT_BAD_INPUT)


def _file_namer(
    size: int,
    tier: str | None,
    grade: str | None,
    min_region: int,
    seed: int,
    needed: Iterable[str] = (),
) -> Callable[[int], str]:
    """File names that say what made the board, so that a rerun finds its own files."""
    parts = [f"{size}x{size}"]
    if tier:
        parts.append(tier.lower())
    if grade:
        parts.append(grade.lower())
    if min_region > 1:
        parts.append(f"min{min_region}")
    parts.extend(f"needs-{counter.replace('_', '-')}" for counter in needed)
    parts.append(f"s{seed}")
    stem = "-".join(parts)
    return lambda index: f"{stem}-{index + 1:04d}.txt"


def _prepare_dir(path: str) -> None:
    """Create DIR if needed and make sure a file can be written there, or exit 2."""
    bare = path.rstrip(os.sep) or path  # "boards.txt/" names the file too (os.path says not)
    if os.path.exists(bare) and not os.path.isdir(bare):
        # -o names a folder of boards; "File exists" would not tell the user that.
        fail(f"-o {path}: is a file; -o takes the folder to write the boards into", EXIT_BAD_INPUT)
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as err:
        fail(f"cannot write to {path}: {err.strerror or err}", EXIT_BAD_INPUT)
    if not os.path.isdir(path) or not os.access(path, os.W_OK | os.X_OK):
        fail(f"cannot write to {path}: not a writable folder", EXIT_BAD_INPUT)


def _write_board(path: str, board: Board) -> None:
    """Write the board file (K on its first line for a Star Battle board) whole or not at
    all: into a hidden file beside it, renamed when complete, so an interrupted batch
    leaves no half-written board to be kept on resuming (a hidden file is no board:
    folders are read without them)."""
    from ...render.text import board_file_text

    folder, name = os.path.split(path)
    partial = os.path.join(folder, f".{name}.part")
    try:
        try:
            with open(partial, "w", encoding="utf-8") as handle:
                handle.write(board_file_text(board) + "\n")
            os.replace(partial, path)
        except BaseException:
            with suppress(OSError):
                os.remove(partial)
            raise
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}", EXIT_BAD_INPUT)


def _summary(board: Generated) -> str:
    rung = board.rung
    n = board.board.n
    score = board.assessment.score
    return f"{n}×{n}, tier {rung.tier}, grade {rung.level} {rung.grade}, score {score}"


def _print(board: Generated, seed: int, count: int, path: str | None, output_format: str) -> None:
    if output_format == "json":
        import json  # only JSON output needs it

        click.echo(json.dumps(board_record(board, seed, path), ensure_ascii=False))
        return
    if path is not None:
        click.echo(f"{path}: {_summary(board)}{' (kept)' if board.attempts == 0 else ''}")
        return
    if board.index:
        click.echo()
    click.echo(f"board {board.index + 1} of {count}: {_summary(board)}")
    click.echo(str(board.board))


def board_record(board: Generated, seed: int, path: str | None = None) -> dict[str, Any]:
    """One line of ``--format json``."""
    from ...render.documents import cells_json

    rung = board.rung
    full = board.assessment.full
    return {
        "schema": GENERATE_SCHEMA,
        "seed": seed,
        "index": board.index,
        "path": path,
        "size": board.board.n,
        "board": list(board.board.rows),
        "solution": cells_json(board.board, board.solution),
        "tier": rung.tier,
        "grade": {"level": rung.level, "name": rung.grade},
        "score": board.assessment.score,
        "counters": dict(full.counters),
        "attempts": board.attempts,
        "kept": board.attempts == 0,
    }

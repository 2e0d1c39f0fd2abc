"""``queens check``: is a board ready to ship? Unique, solved by logic, and how hard.

For each board: its structure problems, its number of solutions by the exact solver (up
to a cap), what the rules do with it (:mod:`queens_core.tools.grade`), and one verdict
(:data:`VERDICTS`) a script can act on. The exact solver is the referee: when it
contradicts the rules (the rules solve a board that has several solutions, or prove a
board with a solution impossible), a rule is unsound and the verdict is "rule-failed".

The report is data: :mod:`queens_core.render.text` and :mod:`queens_core.render.documents`
word it (docs/check.md describes the text and JSON output), and
:mod:`queens_core.render.statuses` gives each verdict its exit status.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.board import Board
from ..engine.driver import RuleFailure
from ..plugins.readers import TEXT_READER, Reader, read_source
from ..referee.blame import COMPARED, diagnose
from ..referee.budget import DEFAULT_CAP, SearchLimitExceeded
from ..referee.exact import survey
from .batch import BoardInputError, board_with_stars, display_name
from .grade import Assessment, Grader

#: The verdict ids (the JSON ``verdict``), from the best news to the worst: the render
#: layer gives each its exit status (:data:`queens_core.render.statuses.VERDICT_STATUS`).
VERDICTS = (
    "unique-solved",
    "unique-stalled",
    "several-solutions",
    "no-solution",
    "undecided",
    "bad-input",
    "rule-failed",
)


@dataclass
class CheckReport:
    """The check of one board."""

    path: str
    verdict: str = "bad-input"
    message: str = ""
    board: Board | None = None
    #: Structure problems: the parse error of a bad board, or its warnings.
    problems: list[str] = field(default_factory=list)
    cap: int = DEFAULT_CAP
    solutions: list[int] = field(default_factory=list)
    #: How many solutions were found; ``solutions`` keeps only the first ones.
    count: int = 0
    #: False when the count stopped at the time budget (``solutions`` are those found).
    complete: bool = True
    assessment: Assessment | None = None
    #: For a rule that raised: the exception, so the CLI can show a traceback if asked.
    error: BaseException | None = None
    #: For bad input and rule failures: the one line for standard error.
    error_line: str | None = None
    #: When the user gave no K and the input declares none: the one K with which its
    #: reader found the board has a single solution, and with which it was read (each
    #: shell says so in its own words: how to choose another K is the shell's).
    unique_stars: int | None = None

    @property
    def name(self) -> str:
        return display_name(self.path)

    @property
    def count_text(self) -> str:
        if self.verdict == "undecided":
            return "undecided within the budget"
        count = self.count
        if count >= self.cap or not self.complete:
            return f"at least {count}"
        return str(count)


def check_board(
    path: str,
    grader: Grader,
    cap: int = DEFAULT_CAP,
    seconds: float | None = None,
    readers: Sequence[Reader] = (TEXT_READER,),
    stars: int | None = None,
) -> CheckReport:
    """Read (with ``readers``, the text reader by default), count and grade the board at
    ``path`` with ``stars`` per unit (None: what the input declares, else 1); never
    raises for a bad board. The count stops after ``seconds`` (the verdict is then
    "undecided")."""
    read = read_for_check(path, readers, stars, cap)
    if isinstance(read, CheckReport):
        return read
    board, unique_stars = read
    return check_read_board(path, board, grader, cap, seconds, unique_stars)


def read_for_check(
    path: str, readers: Sequence[Reader], stars: int | None, cap: int = DEFAULT_CAP
) -> tuple[Board, int | None] | CheckReport:
    """The board at ``path`` and the K its reader found for it (see
    :attr:`CheckReport.unique_stars`), or the report that it is bad input: the part of
    :func:`check_board` that reads, done where the files are (a batch on a cluster sends
    the board, not its path, to the worker that checks it)."""
    try:
        reading = read_source(path, readers)
        board = board_with_stars(reading, stars, display_name(path))
    except BoardInputError as err:
        report = CheckReport(path, cap=cap)
        report.problems.append(err.detail)
        report.message = f"bad input: {err.detail}"
        report.error_line = str(err)
        return report
    return board, (reading.unique_stars if stars is None else None)


def check_read_board(
    path: str,
    board: Board,
    grader: Grader,
    cap: int = DEFAULT_CAP,
    seconds: float | None = None,
    unique_stars: int | None = None,
) -> CheckReport:
    """The check of ``board``, read from ``path`` with the K its reader found
    (``unique_stars``): :func:`check_board` past the reading."""
    report = CheckReport(path, cap=cap, unique_stars=unique_stars)
    report.board = board
    report.problems.extend(str(w) for w in board.warnings)
    grader = grader.for_stars(board.stars)
    undecided = _count_solutions(report, board, seconds)
    try:
        assessment = grader.assess(board)
    except RuleFailure as err:
        report.verdict = "rule-failed"
        report.message = f"a rule failed: {err}"
        report.error = err.error
        report.error_line = f"{report.name}: {err}"
        return report
    report.assessment = assessment
    # The same check as every other command's, on the solutions counted above.
    diagnosis = diagnose(
        assessment.full, None, grader.full.by_counter, None if undecided else report.solutions
    )
    _give_verdict(report, diagnosis.message, undecided)
    return report


def unreadable(path: str, problem: str) -> CheckReport:
    """The report of a path that names no board (a folder without boards, a missing
    file): bad input, ``problem`` being the one line that says why."""
    report = CheckReport(path)
    detail = problem.removeprefix(f"{path}: ")
    report.problems.append(detail)
    report.message = f"bad input: {detail}"
    report.error_line = problem
    return report


def _count_solutions(report: CheckReport, board: Board, seconds: float | None) -> str | None:
    """Count the board's solutions into ``report`` (up to its cap); return why the count
    leaves the verdict undecided, or None."""
    try:
        report.count, report.solutions = survey(board, report.cap, COMPARED, seconds)
    except SearchLimitExceeded as err:
        report.count, report.solutions = err.count, err.found
        report.complete = False
        # Two solutions found in time already answer the question.
        return None if err.count >= 2 else str(err)
    return None


def _give_verdict(report: CheckReport, unsound: str | None, undecided: str | None) -> None:
    """The verdict and message of a board its rules went through: ``unsound`` is why the
    exact solver contradicts them, ``undecided`` why the count ran out of time."""
    assert report.assessment is not None
    full = report.assessment.full
    count = report.count
    if unsound:
        report.verdict = "rule-failed"
        report.message = unsound
        report.error_line = f"{report.name}: {report.message}"
    elif undecided:
        report.verdict = "undecided"
        report.message = f"undecided within the budget: {undecided}"
        if full.solved:
            # Not a verdict of "unique": that is the exact count's to give. But the
            # reader should know how much the rules' solve already says.
            report.message += (
                "; the rules solve it, so it has that one solution if every rule is sound"
            )
    elif count == 0:
        report.verdict = "no-solution"
        report.message = "no solution"
    elif count > 1:
        report.verdict = "several-solutions"
        report.message = f"{report.count_text} solutions"
    elif full.solved:
        report.verdict = "unique-solved"
        report.message = "unique, solved by logic"
    else:
        report.verdict = "unique-stalled"
        report.message = "unique, but the rules stall"

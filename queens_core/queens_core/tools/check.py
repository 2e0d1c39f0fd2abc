"""``queens check``: is a board ready to ship? Unique, solved by logic, and how hard.

For each board: its structure problems, its number of solutions by the exact solver (up
to a cap), what the rules do with it (:mod:`queens_core.tools.grade`), and one verdict with an
exit status a script can act on. The exact solver is the referee: when it contradicts
the rules (the rules solve a board that has several solutions, or prove a board with a
solution impossible), a rule is unsound and the check fails with status 3.

docs/check.md describes the text and JSON output.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cli.exits import (
    EXIT_BAD_INPUT,
    EXIT_NOT_SOLVED,
    EXIT_RULE_FAILED,
    EXIT_SOLVED,
    EXIT_UNDECIDED,
)
from ..engine.board import Board
from ..engine.driver import CONTRADICTION, RuleFailure
from ..engine.state import cell_labels
from ..plugins.readers import TEXT_READER, Reader
from ..referee.blame import COMPARED, diagnose
from ..referee.budget import DEFAULT_CAP, SearchLimitExceeded
from ..referee.exact import survey
from .batch import BoardInputError, display_name, read_board_file
from .grade import Assessment, Grader

EXIT_UNIQUE_SOLVED = EXIT_SOLVED
EXIT_UNIQUE_STALLED = EXIT_NOT_SOLVED
EXIT_SEVERAL_SOLUTIONS = 5
EXIT_NO_SOLUTION = 6

#: Mildest first: with several boards ``queens check`` exits with the worst of them.
#: Failing to check a board at all (a rule failed, bad input) outranks any verdict.
SEVERITY = (
    EXIT_UNIQUE_SOLVED,
    EXIT_UNIQUE_STALLED,
    EXIT_SEVERAL_SOLUTIONS,
    EXIT_NO_SOLUTION,
    EXIT_UNDECIDED,
    EXIT_BAD_INPUT,
    EXIT_RULE_FAILED,
)

#: Verdict ids (the JSON ``verdict``) and their exit statuses.
VERDICTS = {
    "unique-solved": EXIT_UNIQUE_SOLVED,
    "unique-stalled": EXIT_UNIQUE_STALLED,
    "several-solutions": EXIT_SEVERAL_SOLUTIONS,
    "no-solution": EXIT_NO_SOLUTION,
    "undecided": EXIT_UNDECIDED,
    "bad-input": EXIT_BAD_INPUT,
    "rule-failed": EXIT_RULE_FAILED,
}

#: The text report wraps the list of rules used at this width.
WRAP = 92
#: How many solutions the report shows when there are several.
SHOWN_SOLUTIONS = 2


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

    @property
    def name(self) -> str:
        return display_name(self.path)

    @property
    def status(self) -> int:
        return VERDICTS[self.verdict]

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
    report = CheckReport(path, cap=cap)
    try:
        board = read_board_file(path, readers, stars)
    except BoardInputError as err:
        report.problems.append(err.detail)
        report.message = f"bad input: {err.detail}"
        report.error_line = str(err)
        return report
    report.board = board
    report.problems.extend(str(w) for w in board.warnings)
    grader = grader.for_stars(board.stars)
    undecided = None
    try:
        report.count, report.solutions = survey(board, cap, COMPARED, seconds)
    except SearchLimitExceeded as err:
        report.count, report.solutions = err.count, err.found
        report.complete = False
        # Two solutions found in time already answer the question.
        undecided = None if err.count >= 2 else str(err)
    try:
        assessment = grader.assess(board)
    except RuleFailure as err:
        report.verdict = "rule-failed"
        report.message = f"a rule failed: {err}"
        report.error = err.error
        report.error_line = f"{report.name}: {err}"
        return report
    report.assessment = assessment
    full = assessment.full
    count = report.count

    # The same check as every other command's, on the solutions counted above.
    diagnosis = diagnose(
        full, None, grader.full.by_counter, None if undecided else report.solutions
    )
    if diagnosis.message:
        report.verdict = "rule-failed"
        report.message = diagnosis.message
        report.error_line = f"{report.name}: {report.message}"
    elif undecided:
        report.verdict = "undecided"
        report.message = f"undecided within the budget: {undecided}"
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
    return report


def _logic_text(report: CheckReport) -> str:
    assessment = report.assessment
    assert assessment is not None and report.board is not None
    full = assessment.full
    if full.solved:
        rung = assessment.rung
        assert rung is not None
        if rung.level == 1:
            how = f"{rung.scope} solve it"
        else:
            how = f"needs {rung.adds}"
        return f"solved; tier needed: {rung.tier} ({how})"
    if full.status == CONTRADICTION:
        return f"contradiction: {full.problem_after_culprit()}"
    return f"stalled with {full.progress()}"


def _rules_used(report: CheckReport, names: Mapping[str, str]) -> str:
    assert report.assessment is not None
    used = [
        f"{names[counter]} {count}"
        for counter, count in report.assessment.full.counters.items()
        if count
    ]
    return ", ".join(used) or "none"


def format_report(report: CheckReport, names: Mapping[str, str]) -> str:
    """The text report of one board (no final newline)."""
    headline = f"{report.name}: {report.message}"
    assessment = report.assessment
    if assessment is not None and assessment.rung is not None and report.status == 0:
        headline += (
            f" (tier: {assessment.rung.tier}, grade: {assessment.rung.level} "
            f"{assessment.rung.grade}, score {assessment.score})"
        )
    lines = [headline]
    board = report.board
    if board is None:
        return headline
    lines.append(f"  size:       {board.n}×{board.n}")
    lines.append(f"  structure:  {'; '.join(report.problems) or 'ok'}")
    lines.append(f"  solutions:  {report.count_text}")
    if len(report.solutions) > 1:
        first, second = report.solutions[:SHOWN_SOLUTIONS]
        lines.append("  differ at:  " + " ".join(cell_labels(board, first ^ second)))
    if assessment is None:
        return "\n".join(lines)
    lines.append(f"  logic:      {_logic_text(report)}")
    lines.extend(
        textwrap.wrap(
            _rules_used(report, names),
            width=WRAP,
            initial_indent="  rules used: ",
            subsequent_indent=" " * 14,
            break_on_hyphens=False,
        )
    )
    if assessment.rung is not None:
        lines.append(
            f"  grade:      {assessment.rung.level} {assessment.rung.grade}, "
            f"score {assessment.score} (scored on the solve with {assessment.rung.scope})"
        )
    return "\n".join(lines)


def report_json(report: CheckReport) -> dict[str, Any]:
    """The JSON object of one board (docs/check.md, "JSON")."""
    board = report.board
    out: dict[str, Any] = {
        "path": report.name,
        "status": report.status,
        "verdict": report.verdict,
        "message": report.message,
        "size": board.n if board else None,
        "problems": list(report.problems),
        "error": report.error_line,
        "solutions": None,
        "logic": None,
        "rules_used": None,
        "grade": None,
    }
    if board is None:
        return out
    out["solutions"] = {
        "count": report.count,
        "cap": report.cap,
        "at_least": report.count >= report.cap or not report.complete,
        "examples": [cell_labels(board, mask) for mask in report.solutions[:SHOWN_SOLUTIONS]],
    }
    assessment = report.assessment
    if assessment is None:
        return out
    full = assessment.full
    out["logic"] = {
        "status": full.status,
        "tier_needed": assessment.tier_needed,
        "queens_placed": full.state.queens.bit_count(),
        "cells_undecided": full.state.live.bit_count(),
        "problem": full.problem,
    }
    out["rules_used"] = {counter: count for counter, count in full.counters.items() if count}
    if assessment.rung is not None:
        out["grade"] = {
            "level": assessment.rung.level,
            "name": assessment.rung.grade,
            "score": assessment.score,
            "needs": assessment.rung.adds,
        }
    return out

"""The exit statuses every ``queens`` command ends with, which the JSON documents report too.

Every command shares 0 solved, 1 not solved (stalled or contradictory), 2 bad input or
usage (or output that cannot be written), 3 a rule failed (raised, broke its contract or
made an unsound deduction), 4 a rule package failed to load, 7 the exact search ran out
of its budget (``check`` and ``hint``: "undecided within the budget"). ``queens check``
adds 5 (several solutions) and 6 (no solution) for its verdicts. Like other Unix tools,
an interrupt (Ctrl-C) ends with 130 and a reader that stops reading (``| head -1``) with
141 (128 + the signal).

The numbers live here, not in the CLI, because the JSON documents print them (the
``status`` of a ``queens check`` board, the ``exit_status`` of ``queens stats``): a page
or a script reading a document learns what the command would have exited with. The CLI
(:mod:`queens_core.cli.exits`) re-exports them and does the exiting.

Glossary
--------
severity
    A tuple of statuses, mildest first: a command over several boards exits with the
    worst status of its boards (:func:`~queens_core.tools.batch.worst`).
verdict
    The id :mod:`queens_core.tools.check` gives a checked board (``unique-solved``,
    ``several-solutions``...); :data:`VERDICT_STATUS` gives its exit status.

``queens_core.cli.main`` imports this module at start-up (through ``cli.exits``), so it
imports no other module of the core at module level: the tools its functions read load
with the command that calls them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..tools.check import CheckReport
    from ..tools.stats import Summary

EXIT_SOLVED = 0
EXIT_NOT_SOLVED = 1
EXIT_BAD_INPUT = 2
EXIT_RULE_FAILED = 3
EXIT_PLUGIN_FAILED = 4
EXIT_INTERRUPTED = 130  # 128 + SIGINT
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE
#: The exact search behind a command's answer ran past its budget (``--timeout``).
EXIT_UNDECIDED = 7
#: Mildest first: a command over several boards (``solve``, ``stats``) exits with the
#: worst of theirs.
SEVERITY = (EXIT_SOLVED, EXIT_NOT_SOLVED, EXIT_BAD_INPUT, EXIT_RULE_FAILED)

# -- queens check ---------------------------------------------------------------------

EXIT_UNIQUE_SOLVED = EXIT_SOLVED
EXIT_UNIQUE_STALLED = EXIT_NOT_SOLVED
EXIT_SEVERAL_SOLUTIONS = 5
EXIT_NO_SOLUTION = 6

#: Mildest first: with several boards ``queens check`` exits with the worst of them.
#: Failing to check a board at all (a rule failed, bad input) outranks any verdict.
CHECK_SEVERITY = (
    EXIT_UNIQUE_SOLVED,
    EXIT_UNIQUE_STALLED,
    EXIT_SEVERAL_SOLUTIONS,
    EXIT_NO_SOLUTION,
    EXIT_UNDECIDED,
    EXIT_BAD_INPUT,
    EXIT_RULE_FAILED,
)

#: Each verdict id of :mod:`queens_core.tools.check` (the JSON ``verdict``) and its exit
#: status (the JSON ``status``).
VERDICT_STATUS = {
    "unique-solved": EXIT_UNIQUE_SOLVED,
    "unique-stalled": EXIT_UNIQUE_STALLED,
    "several-solutions": EXIT_SEVERAL_SOLUTIONS,
    "no-solution": EXIT_NO_SOLUTION,
    "undecided": EXIT_UNDECIDED,
    "bad-input": EXIT_BAD_INPUT,
    "rule-failed": EXIT_RULE_FAILED,
}


def check_status(report: CheckReport) -> int:
    """The exit status of one checked board: that of its verdict."""
    return VERDICT_STATUS[report.verdict]


def check_exit_status(reports: Iterable[CheckReport]) -> int:
    """What ``queens check`` exits with: the worst status of its boards."""
    from ..tools.batch import worst

    return worst((check_status(r) for r in reports), CHECK_SEVERITY)


# -- queens stats ---------------------------------------------------------------------


def stats_exit_status(summary: Summary) -> int:
    """What ``queens stats`` exits with: 3 if a rule raised, else 2 if a board was
    unreadable, else 1 if one was not solved, else 0."""
    from ..engine.driver import SOLVED
    from ..tools.batch import worst
    from ..tools.stats import BAD_INPUT, RULE_FAILED

    # A board's status (the driver's, or the two the stats add) as the exit status it
    # stands for: stalled and contradiction both mean "not solved".
    exit_of = {SOLVED: EXIT_SOLVED, BAD_INPUT: EXIT_BAD_INPUT, RULE_FAILED: EXIT_RULE_FAILED}
    return worst((exit_of.get(b.status, EXIT_NOT_SOLVED) for b in summary.boards), SEVERITY)

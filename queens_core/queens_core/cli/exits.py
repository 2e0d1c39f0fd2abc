"""The exit statuses of the ``queens`` commands and the lines they print on standard error.

Every command shares these: 0 solved, 1 not solved (stalled or contradictory), 2 bad input
or usage (or output that cannot be written), 3 a rule failed (raised, broke its contract
or made an unsound deduction), 4 a rule package failed to load, 7 the exact search ran out
of its budget (``check`` and ``hint``: "undecided within the budget"). ``queens check``
adds its own verdicts (see :mod:`queens_core.tools.check`). Like other Unix tools, an interrupt
(Ctrl-C) ends with 130 and a reader that stops reading (``| head -1``) with 141 (128 + the
signal).
"""

from __future__ import annotations

import sys
from typing import NoReturn, TextIO

import click

from ..engine.board import Board

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


def fail(message: str, status: int, error: BaseException | None = None) -> NoReturn:
    """Print one line on standard error (a traceback first, if asked) and exit."""
    report_error(message, error)
    sys.exit(status)


def report_error(message: str, error: BaseException | None = None) -> None:
    """Print one line on standard error (a traceback first, if asked), and go on."""
    if error is not None:
        import traceback  # only with --traceback: it imports textwrap and linecache

        traceback.print_exception(error, file=sys.stderr)
    click.echo(f"queens: error: {one_line(message)}", err=True)


def warn(message: str) -> None:
    click.echo(f"queens: warning: {one_line(message)}", err=True)


def as_clause(sentence: str) -> str:
    """A sentence (click's "No such option", a hint's "The state is wrong.") as the clause
    that follows ``queens: error:``, like every other error line: no capital, unless it
    begins a name such as SBN, and no full stop."""
    if len(sentence) > 1 and sentence[0].isupper() and sentence[1].islower():
        sentence = sentence[0].lower() + sentence[1:]
    return sentence.rstrip(".")


def one_line(message: str) -> str:
    """A message folded into one line: a script reads one line per error."""
    return " ".join(message.splitlines()) if "\n" in message or "\r" in message else message


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal; a closed or fake stream (a test's) is not."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def open_output(path: str) -> TextIO:
    """Open ``path`` to write UTF-8 text, or exit 2 naming it. A command that works long
    before it writes opens first, so a typo in the path costs nothing."""
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}", EXIT_BAD_INPUT)


def write_output(handle: TextIO, text: str) -> None:
    """Write ``text`` to a file from :func:`open_output` and close it, or exit 2."""
    try:
        with handle:
            handle.write(text)
    except OSError as err:
        fail(f"cannot write {handle.name}: {err.strerror or err}", EXIT_BAD_INPUT)


def warn_split_regions(name: str, board: Board, going_on: str = "solving it anyway") -> None:
    """Warn about each region that is not 4-connected (legal, but often a typo);
    ``going_on`` says what the command does with the board all the same."""
    for warning in board.warnings:
        warn(f"{name}: {warning}; {going_on}")

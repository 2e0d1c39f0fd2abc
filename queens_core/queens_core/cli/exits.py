"""The exit statuses of the ``queens`` commands and the lines they print on standard error.

The statuses themselves (0 solved, 1 not solved, 2 bad input, 3 a rule failed, 4 a rule
package failed to load, 7 undecided, and ``queens check``'s own) are defined in
:mod:`queens_core.render.statuses`, because the JSON documents report them too; they are
re-exported here, where a command exits with them.
"""

from __future__ import annotations

import importlib
import io
import os
import sys
from typing import NoReturn, TextIO

from ..engine.arguments import Argument, Listing, worded
from ..engine.board import Board
from ..render.progress import is_terminal
from ..render.statuses import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_NOT_SOLVED,
    EXIT_PLUGIN_FAILED,
    EXIT_RULE_FAILED,
    EXIT_SOLVED,
    EXIT_UNDECIDED,
    SEVERITY,
)

#: Re-exported: the commands, the web page and the command packages exit with these.
__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_BROKEN_PIPE",
    "EXIT_INTERRUPTED",
    "EXIT_NOT_SOLVED",
    "EXIT_PLUGIN_FAILED",
    "EXIT_RULE_FAILED",
    "EXIT_SOLVED",
    "EXIT_UNDECIDED",
    "SEVERITY",
    "as_clause",
    "check_output_path",
    "echo",
    "fail",
    "is_terminal",
    "one_line",
    "open_output",
    "report_error",
    "report_unreadable",
    "said",
    "warn",
    "warn_split_regions",
    "write_output",
]


def echo(text: str, err: bool = False, color: bool | None = None) -> None:
    """``click.echo(text, err=err, color=color)``: a line on standard output (standard
    error with ``err``), flushed. The plain forms of ``queens solve`` and ``queens stats``
    run without click (:mod:`queens_core.cli.plain`), so where click is not loaded the
    line is written here, as click would write it: to the stream itself (a UTF-8 text
    stream, as the entry point makes both), with nothing to strip, since the text holds
    no escape sequence (or colour is asked for). Anything else is click's to write."""
    click = sys.modules.get("click")
    if click is None:
        stream = sys.stderr if err else sys.stdout
        if (
            type(stream) is io.TextIOWrapper
            and stream.encoding == "utf-8"
            and ("\x1b" not in text or color is True)
        ):
            stream.write(text + "\n")
            stream.flush()
            return
        click = importlib.import_module("click")
    click.echo(text, err=err, color=color)


def fail(message: str, status: int, error: BaseException | None = None) -> NoReturn:
    """Print one line on standard error (a traceback first, if asked) and exit."""
    report_error(message, error)
    sys.exit(status)


def report_error(message: str, error: BaseException | None = None) -> None:
    """Print one line on standard error (a traceback first, if asked), and go on."""
    if error is not None:
        import traceback  # only with --traceback: it imports textwrap and linecache

        traceback.print_exception(error, file=sys.stderr)
    echo(f"queens: error: {one_line(message)}", err=True)


#: Unreadable boards named on the closing error line of a batch; its report names them all.
UNREAD_NAMED = 3


def report_unreadable(names: list[str], total: int) -> None:
    """The one line on standard error that closes a text report of ``total`` boards in
    which ``names`` could not be read: the report says why for each, so the reasons are
    not repeated here."""
    if not names:
        return
    listed = ", ".join(names[:UNREAD_NAMED]) + (", ..." if len(names) > UNREAD_NAMED else "")
    # "of N", not "of N boards": a folder without boards is one of them.
    report_error(f"could not read {len(names)} of {total} ({listed}): the report says why")


#: The options not spelt as their API keyword with dashes (``max_region``: ``--max-region``).
OPTION_NAMES = {"out_dir": "-o DIR", "rule": "RULE"}
#: The commands that list what a message refers to.
LISTINGS = {
    "rules": "`queens rules list`",
    "next_step": "`queens hint --state FILE`",
    "what_if": "`queens what-if {value}`",
    "all_steps": "`--format json`",
    "state_picture": "--state",
    "every_step": "--every-step",
}


def option_name(part: Argument | Listing) -> str:
    """A parameter as the command line spells it (``--keep Z``), or the command that
    lists what a message refers to."""
    if isinstance(part, Listing):
        return LISTINGS[part.topic].format(value=part.value)
    name = OPTION_NAMES.get(part.name) or "--" + part.name.replace("_", "-")
    return f"{name} {part.value}" if part.shown else name


def said(error: BaseException) -> str:
    """What ``error`` says to a command-line user: the parameters it names as options."""
    return worded(error, option_name)


def warn(message: str) -> None:
    echo(f"queens: warning: {one_line(message)}", err=True)


def as_clause(sentence: str) -> str:
    """A sentence (click's "No such option", a hint's "The state is wrong.") as the clause
    that follows ``queens: error:``, like every other error line: no capital, unless it
    begins a name such as SBN, and no full stop."""
    if len(sentence) > 1 and sentence[0].isupper() and sentence[1].islower():
        sentence = sentence[0].lower() + sentence[1:]
    return sentence.rstrip(".")


def one_line(message: str) -> str:
    """A message folded into one line: a script reads one line per error; what a plugin
    put in it cannot command the terminal, nor fill it (:func:`plugin_text`)."""
    from ..engine.errors import plugin_text

    if "\n" in message or "\r" in message:
        message = " ".join(message.splitlines())
    return plugin_text(message, 4 * PLUGIN_LINE)


#: Plugin text is bounded per piece; a line holds a few pieces (a path, a rule, a cause).
PLUGIN_LINE = 2000


def open_output(path: str) -> TextIO:
    """Open ``path`` to write UTF-8 text, or exit 2 naming it. A command that works long
    before it writes opens first, so a typo in the path costs nothing."""
    from ..runtime.process import output_path

    try:
        return open(output_path(path), "w", encoding="utf-8")
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}", EXIT_BAD_INPUT)


def check_output_path(path: str) -> None:
    """Exit 2 naming ``path`` when it plainly cannot be written (a folder, a folder that
    does not exist), before the work of a command that writes it last and only when it
    has something to write (``hint --write``, ``what-if --keep``, ``practise
    --write-state``), so that it cannot open the file first: the answer is not printed
    only to be followed by the error."""
    from ..runtime.process import output_path

    target = output_path(path)
    if target.startswith("/dev/"):
        return  # /dev/stdout, /dev/null: opened as they are
    if os.path.isdir(target):
        reason = "Is a directory"
    elif not os.path.isdir(os.path.dirname(target) or "."):
        reason = "No such file or directory"
    else:
        return
    fail(f"cannot write {path}: {reason}", EXIT_BAD_INPUT)


def write_output(handle: TextIO, text: str) -> None:
    """Write ``text`` to a file from :func:`open_output` and close it, or exit 2."""
    try:
        with handle:
            handle.write(text)
    except OSError as err:
        fail(f"cannot write {handle.name}: {err.strerror or err}", EXIT_BAD_INPUT)


def warn_notes(
    name: str, notes: tuple[str, ...], unique_stars: int | None = None, stars: int | None = None
) -> None:
    """Print a reader's warnings about its reading of ``name``; and, when the board has
    one solution only with ``unique_stars`` stars a unit and the user gave no K
    (``stars`` None), that it was read with that K."""
    for note in notes:
        warn(f"{name}: {note}")
    if unique_stars is not None and stars is None:
        # Imported here, not at the top of the function: this runs once a board.
        from ..plugins.readers import found_stars_note

        warn(f"{name}: {found_stars_note(unique_stars, '--stars K to choose another')}")


def warn_split_regions(name: str, board: Board, going_on: str = "solving it anyway") -> None:
    """Warn about each region that is not 4-connected (legal, but often a typo);
    ``going_on`` says what the command does with the board all the same."""
    for warning in board.warnings:
        warn(f"{name}: {warning}; {going_on}")

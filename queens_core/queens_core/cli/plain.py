"""The plain forms of the two batch commands, run without click: ``queens solve BOARD...``
and ``queens stats PATH...``, paths and nothing else.

click, with the standard modules it loads and the parameters it builds, is about a fifth
of the start-up of a command (some 50 million instructions of a one-board solve's 310
million, and a flush more a board). Those two forms, the ones a script runs over a folder,
have no option to parse, so the entry point (:mod:`queens_core.cli.entry`) runs them here,
with the values click would pass (every option's default), through the same functions the
commands call (:func:`~queens_core.cli.solving.solve_boards`,
:func:`~queens_core.cli.summing.sum_up`): the same output, the same statuses. Anything else
goes to click: any argument that begins with ``-`` (an option, ``-`` for standard input,
``--``), no path at all, the group's environment variable (``QUEENS_SKIP_BROKEN_PLUGINS``)
or shell completion's, and any other command. A line for standard error is still written
by click (:func:`~queens_core.cli.exits.echo`), loaded then.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Sequence
from typing import Any

from ..render.statuses import EXIT_INTERRUPTED

#: The commands that have a plain form.
PLAIN_COMMANDS = ("solve", "stats")
#: As in :mod:`queens_core.plugins.registry` (not imported here: this module is imported
#: before anything else, to decide whether click is needed).
SKIP_BROKEN_ENV = "QUEENS_SKIP_BROKEN_PLUGINS"


def is_plain(args: Sequence[str]) -> bool:
    """Whether ``args`` (the arguments after ``queens``) are a plain form: a command of
    :data:`PLAIN_COMMANDS`, then one path or more, none beginning with ``-``, with no
    environment variable that click would read for them; on POSIX (elsewhere click
    expands wildcards in the arguments, and writes colour its own way)."""
    if os.name != "posix" or len(args) < 2 or args[0] not in PLAIN_COMMANDS:
        return False
    if any(arg.startswith("-") for arg in args):
        return False
    # click reads the group's option from the environment, and completes a command line
    # when _PROG_COMPLETE is set (PROG: the program's name, whatever it was called as).
    return SKIP_BROKEN_ENV not in os.environ and not any(
        name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ
    )


def run_plain(args: Sequence[str]) -> None:
    """Run a plain form (:func:`is_plain`); ends with ``SystemExit``, as the command does.
    An interrupt ends it as click's group ends it: a new line on standard error, status
    130; a closed pipe that raised (where SIGPIPE does not end the process) as click does,
    status 1."""
    from .settings import Settings

    settings = Settings(skip_broken=False, traceback=False)
    try:
        if args[0] == "solve":
            from .solving import solve_boards

            solve_boards(settings, tuple(args[1:]))
        else:
            from .summing import sum_up

            sum_up(settings, tuple(args[1:]))
    except (EOFError, KeyboardInterrupt):
        from .exits import echo

        echo("", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except OSError as err:
        if err.errno != errno.EPIPE:
            raise
        # (Only where SIGPIPE does not end the process first: is_plain asks for POSIX.)
        import click.utils

        pacify: Any = vars(click.utils).get("_PacifyFlushWrapper")
        pacify = pacify or vars(click.utils)["PacifyFlushWrapper"]
        sys.stdout = pacify(sys.stdout)
        sys.stderr = pacify(sys.stderr)
        sys.exit(1)
    sys.exit(0)  # as the group: a command that falls off its end has succeeded

"""The ``queens`` command group: options every command accepts, and how it ends.

Two things a plain :class:`click.Group` does not do:

* The global options (``--skip-broken-plugins``, ``--traceback``) work before the command
  name and after it: the error that names ``--skip-broken-plugins`` is read by a user
  who has just typed ``queens solve ...``. Every command added to a :class:`QueensGroup`
  (and to its sub-groups) gets them.
* A built-in command may be registered by where it lives (:meth:`QueensGroup.lazy_command`)
  and is imported only when it is asked for: ``queens solve`` does not import the modules
  of ``generate``, ``hint`` or ``render``.
* Click's own errors (an unknown option, a bad value) are one line on standard error
  and exit 2, like every other error of ``queens``; an interrupt (Ctrl-C) exits 130
  quietly. The executable's entry point (:mod:`queens_core.cli.entry`) covers what
  happens outside click: start-up, closed pipes and full disks.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

import click

from .exits import EXIT_BAD_INPUT, EXIT_INTERRUPTED, as_clause

#: The global options: (flags, the Settings attribute they set, help).
GLOBAL_OPTIONS: tuple[tuple[str, str, str], ...] = (
    (
        "--skip-broken-plugins",
        "skip_broken",
        "Start even if a rule package fails to load (it is named on standard error).",
    ),
    ("--traceback", "traceback", "Print tracebacks of internal errors."),
)


def _setter(attribute: str) -> Callable[[click.Context, click.Parameter, bool], None]:
    def set_global(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
        # The group's callback has put its Settings in ctx.obj before a command's
        # options are parsed; a command's context inherits it.
        if value and hasattr(ctx.obj, attribute):
            setattr(ctx.obj, attribute, True)

    return set_global


def _add_global_options(command: click.Command) -> None:
    present = {opt for param in command.params for opt in getattr(param, "opts", ())}
    for flag, attribute, text in GLOBAL_OPTIONS:
        if flag not in present:
            command.params.append(
                click.Option(
                    [flag],
                    is_flag=True,
                    expose_value=False,
                    callback=_setter(attribute),
                    help=text,
                )
            )


class QueensGroup(click.Group):
    """A group whose commands all take the global options, and whose errors are one line."""

    #: Sub-groups (``queens rules``) are QueensGroups too.
    group_class: type[click.Group] | type[type] | None = type

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Built-in commands not imported yet: name -> (module, attribute).
        self._lazy: dict[str, tuple[str, str]] = {}

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        _add_global_options(cmd)
        super().add_command(cmd, name)

    def lazy_command(self, name: str, where: str) -> None:
        """Register the command ``name`` as ``where``, ``package.module:attribute``,
        imported the first time the command is looked up (to run it, or for --help)."""
        module, _, attribute = where.partition(":")
        self._lazy[name] = (module, attribute)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = self._lazy.get(cmd_name)
        if where is not None:
            command = getattr(importlib.import_module(where[0]), where[1])
            del self._lazy[cmd_name]
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return self.command_names()

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError:
            if not self._lazy:
                raise
            # Click suggests a near name ("did you mean 'generate'?") among the commands
            # imported so far: on this error path only, import the others and ask again.
            for name in list(self._lazy):
                self.get_command(ctx, name)
            return super().resolve_command(ctx, args)

    def command_names(self) -> list[str]:
        """The names of the commands added so far (imported or not), sorted."""
        return sorted({*self.commands, *self._lazy})

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            value = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.UsageError as err:
            no_args_is_help = getattr(click.exceptions, "NoArgsIsHelpError", ())
            if isinstance(err, no_args_is_help):  # `queens` alone: the help, as click shows it
                err.show()
                sys.exit(EXIT_BAD_INPUT)
            where = err.ctx.command_path if err.ctx is not None else self.name
            message = _clause(err.format_message())
            _exit_with(f"queens: error: {message} (see '{where} --help')", EXIT_BAD_INPUT)
        except click.ClickException as err:
            message = _clause(err.format_message())
            _exit_with(f"queens: error: {message}", err.exit_code)
        except (click.Abort, KeyboardInterrupt):
            # click turns Ctrl-C into Abort (after starting a new line on standard error).
            _exit_with(None, EXIT_INTERRUPTED)
        if not standalone_mode:
            return value
        # A command ends with sys.exit(status); falling off the end, or --help, is 0.
        sys.exit(value if isinstance(value, int) else 0)


#: Click's suggestion after a typo, a sentence of its own: "... 'solv'. Did you mean 'solve'?"
#: (A pattern, compiled by `re` on first use: only a usage error needs it.)
_SUGGESTION = r"\.\s+\(?Did you mean (.+?)\?\)?$"


#: Click's words for a number option's bad value, and ours: "'abc' is not a valid
#: integer range" (for --cap abc) reads as if a range were asked for, and "the range
#: 4<=x<=17" is a programmer's notation (WholeNumbers says "the range from 4 to 17").
_NUMBER_WORDS = (
    (r"'(.*?)' is not a valid integer( range)?\b", r"'\1' is not a whole number"),
    (r"(-?\d+) is not in the range (-?\d+)<=x<=(-?\d+)", r"\1 is not from \2 to \3"),
    (r"(-?\d+) is not in the range from (-?\d+) to (-?\d+)", r"\1 is not from \2 to \3"),
    (r"(-?\d+) is not in the range at least (-?\d+)", r"\1 is less than \2"),
    (r"(-?\d+) is not in the range at most (-?\d+)", r"\1 is more than \2"),
    (r"(-?\d+) is not in the range x>=(-?\d+)", r"\1 is less than \2"),
    (r"(-?\d+) is not in the range x<=(-?\d+)", r"\1 is more than \2"),
)


def _clause(message: str) -> str:
    """Click's message as one clause of ours: "no such command 'solv' (did you mean
    'solve'?)", "invalid value for '--port': 'abc' is not a whole number"."""
    message = re.sub(_SUGGESTION, r" (did you mean \1?)", " ".join(message.split()))
    if "invalid value" in message.lower():
        for pattern, words in _NUMBER_WORDS:
            message = re.sub(pattern, words, message)
    return as_clause(message)


def _exit_with(line: str | None, status: int) -> None:
    if line is not None:
        click.echo(line, err=True)
    sys.exit(status)

"""Subcommands from installed command packages (``queens_register_commands``).

A command package (``queens-web`` adds ``queens serve``) names a module in the
``queens.commands`` entry-point group. :class:`PluginGroup`, the class of the ``queens``
group, loads that group only when it is asked for a command it does not have built in, or
for the whole list (``queens --help``): ``queens solve`` never scans for, nor imports, a
command package. A package that fails to load is named as ``package[entry point]``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

import click

from .. import hookspecs
from ..runtime.process import command_packages_loaded, start_up_over
from .exits import EXIT_BAD_INPUT, EXIT_PLUGIN_FAILED, report_error, warn
from .group import QueensGroup

if TYPE_CHECKING:
    from importlib import metadata

COMMANDS_HOOK = "queens_register_commands"

#: The commands of the packages that come with queens, by the distribution that adds
#: each: asked for without it installed, the command is named with its package.
FIRST_PARTY_COMMANDS = {"serve": "queens-web"}


class CommandPackageError(Exception):
    """A command package registered something that is not a command."""


def load_commands(
    entry_points: Iterable[metadata.EntryPoint] | None = None,
) -> tuple[list[tuple[str, click.Command]], list[str]]:
    """Every command the installed command packages register, each with the
    ``package[entry point]`` label of its package, and the error line of each package
    that failed to load (it contributes nothing)."""
    from ..plugins.finder import Failed, in_loading_order, load_each, loading
    from ..plugins.registry import call_one, make_plugin_manager

    if entry_points is None:
        from ..plugins.finder import installed

        entry_points = installed(hookspecs.COMMANDS_ENTRY_POINT_GROUP)

    def take(_ep: metadata.EntryPoint, label: str, plugin: object) -> list[click.Command]:
        pm = make_plugin_manager()
        pm.register(plugin, name=label)
        if not pm.hook.queens_register_commands.get_hookimpls():
            raise CommandPackageError(
                f"it has no {COMMANDS_HOOK} function marked @hookimpl "
                f"(from queens_core import hookimpl)"
            )
        # Through pluggy's hook caller, as the rule and reader hooks are called.
        with loading(label):
            returned = call_one(pm, COMMANDS_HOOK, plugin)
        if not isinstance(returned, list | tuple):
            raise CommandPackageError(
                f"{COMMANDS_HOOK} must return a list of click commands, "
                f"not {type(returned).__name__}"
            )
        commands: list[click.Command] = list(returned)
        for command in commands:
            if not isinstance(command, click.Command) or not command.name:
                raise CommandPackageError(
                    f"{COMMANDS_HOOK} returned {command!r}, which is not a named click.Command"
                )
        return commands

    found: list[tuple[str, click.Command]] = []
    broken: list[str] = []
    # First-party packages first: a command they register wins over another package's.
    for outcome in load_each(
        in_loading_order(entry_points),
        "command package",
        take,
        refusals=(CommandPackageError,),
        with_version=True,
        caller=__file__,
    ):
        if isinstance(outcome, Failed):
            broken.append(outcome.line)
        else:
            found.extend((outcome.label, command) for command in outcome.value)
    return found, broken


class PluginGroup(QueensGroup):
    """The ``queens`` group: its built-in commands, and those of the installed command
    packages, loaded on first need (see the module's doc); like every
    :class:`QueensGroup`, each command (a package's too) takes the global options, and
    errors are one line."""

    #: Sub-groups (``queens rules``) take the global options but load no packages.
    group_class = QueensGroup

    _plugins_loaded = False
    _broken: list[str]

    def _load_plugins(self) -> None:
        if self._plugins_loaded:
            return
        self._plugins_loaded = True
        commands, self._broken = load_commands()
        start_up_over()  # a command package's command may run long
        command_packages_loaded()
        owner = {name: "queens-core" for name in self.command_names()}
        for label, command in commands:
            name = command.name
            assert name is not None
            if name in owner:
                # The first owner is queens itself or a first-party package (loaded
                # first): the newcomer is the one named and skipped.
                self._broken.append(
                    f"command package {label}: the command {name!r} is already registered "
                    f"by {owner[name]}"
                )
                continue
            owner[name] = label
            self.add_command(command)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None or self._plugins_loaded:
            return command
        self._load_plugins()
        command = super().get_command(ctx, cmd_name)
        if command is None and self._broken:
            # The command asked for may well be the broken package's: say so, not
            # "no such command".
            for line in self._broken:
                report_error(line)
            sys.exit(EXIT_PLUGIN_FAILED)
        for line in self._broken:
            warn(f"{line} (skipped)")
        if command is None and cmd_name in FIRST_PARTY_COMMANDS:
            package = FIRST_PARTY_COMMANDS[cmd_name]
            report_error(
                f"`queens {cmd_name}` comes with the {package} package, which is not "
                f"installed: install it beside queens-core (from a clone: pip install "
                f"./{package.replace('-', '_')})"
            )
            sys.exit(EXIT_BAD_INPUT)
        return command

    def list_commands(self, ctx: click.Context) -> list[str]:
        if not self._plugins_loaded:
            self._load_plugins()
            for line in self._broken:
                warn(f"{line} (skipped)")
        return super().list_commands(ctx)

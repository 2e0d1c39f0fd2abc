"""The ``queens`` group: its options, the settings every command receives, and where each
built-in command lives.

Every built-in command is registered here by the dotted name of its module under
:mod:`queens_core.cli.commands` and imported only when it is asked for (to run it, or
for a help that lists it): ``queens solve`` does not import the modules of ``check``,
``generate`` or ``render``, and each command imports the modules only it needs when it
runs, so ``queens --help`` and a plain ``queens solve`` do not pay for the exact
solver's grading, the SVG writer or the JSON and explanation formats of the others.
The exit statuses are in :mod:`queens_core.cli.exits`.
"""

from __future__ import annotations

import click

from ..plugins.registry import SKIP_BROKEN_ENV, PluginError, load_registry
from .packages import PluginGroup
from .settings import Settings

__all__ = ["BUILT_IN_COMMANDS", "Settings", "main"]


def _version_message(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from .. import __version__

    click.echo(f"queens-core {__version__}")
    try:
        registry = load_registry(skip_broken=True)
    except PluginError as err:
        click.echo(f"(rule packages could not be listed: {err})")
    else:
        found = {(p.name, p.version) for p in registry.packages} | _command_packages()
        for info in sorted(found):
            click.echo(f"{info[0]} {info[1]}")
        for line in registry.broken:
            click.echo(f"(broken: {line})")
    ctx.exit()


def _command_packages() -> set[tuple[str, str]]:
    """The distributions that add commands (queens-web's ``serve``), read from their
    metadata without importing them."""
    from .. import hookspecs
    from ..plugins.distributions import entry_points
    from ..plugins.finder import dist_name, dist_version

    return {
        (dist_name(ep), dist_version(ep))
        for ep in entry_points(hookspecs.COMMANDS_ENTRY_POINT_GROUP)
    }


@click.group("queens", cls=PluginGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_version_message,
    help="Show the core's version and every installed plugin package's, then exit.",
)
@click.option(
    "--skip-broken-plugins",
    is_flag=True,
    envvar=SKIP_BROKEN_ENV,
    help=f"Start even if a rule package fails to load (it is named on standard error). "
    f"Also set by {SKIP_BROKEN_ENV}=1.",
)
@click.option(
    "--traceback", "show_traceback", is_flag=True, help="Print tracebacks of internal errors."
)
@click.pass_context
def main(ctx: click.Context, skip_broken_plugins: bool, show_traceback: bool) -> None:
    """Solve LinkedIn Queens puzzles, and Star Battle with K stars per unit, by named
    deductions, never by guessing.

    \b
    Examples:
      queens solve archive/boards/1.txt
      queens solve --stars 2 archive/starbattle/10x10-2stars-01.txt
      cat my-board.txt | queens solve
      queens solve --explain archive/boards/353.txt
      queens hint archive/boards/353.txt --state progress.txt
      queens check my-board.txt
      queens stats archive/boards --chart rule-usage.svg
      queens rules list --format json

    Exit status: 0 solved, 1 not solved, 2 bad input or usage (or an output that
    cannot be written), 3 a rule failed (it raised an error or made an unsound
    deduction), 4 a rule package failed to load, 7 undecided within the exact search's
    --timeout (`check`, `hint`), 130 interrupted (`queens check` adds its own: see its
    --help). All of them: the manual's Formats and exit statuses page.

    The manual is the docs/ folder of the queens source; in a clone, `.venv/bin/mkdocs
    serve` shows it as a site.
    """
    ctx.obj = Settings(skip_broken=skip_broken_plugins, traceback=show_traceback)


#: Each built-in command and where it lives, ``module:attribute`` (imported on first need).
BUILT_IN_COMMANDS = {
    "solve": "queens_core.cli.commands.solve:solve",
    "rules": "queens_core.cli.commands.rules:rules",
    "readers": "queens_core.cli.commands.readers:readers",
    "check": "queens_core.cli.commands.check:check",
    "stats": "queens_core.cli.commands.stats:stats",
    "hint": "queens_core.cli.commands.hint:hint",
    "render": "queens_core.cli.commands.render:render",
    "generate": "queens_core.cli.commands.generate:generate",
    "import": "queens_core.cli.commands.import_board:import_board",
    "fix": "queens_core.cli.commands.fix:fix",
    "convert": "queens_core.cli.commands.convert:convert",
    "writers": "queens_core.cli.commands.writers:writers",
    "why": "queens_core.cli.commands.why:why",
    "what-if": "queens_core.cli.commands.what_if:what_if",
    "practise": "queens_core.cli.commands.practise:practise",
}
for _name, _where in BUILT_IN_COMMANDS.items():
    main.lazy_command(_name, _where)

"""What every command receives (the global options and the registry), and the rules that
``--only``, ``--exclude`` and ``--tier`` select: without click, so that the plain forms of
``queens solve`` and ``queens stats`` (:mod:`queens_core.cli.plain`) run without it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..plugins import readers
from ..plugins.registry import SKIP_BROKEN_ENV, PluginError, Registry, load_registry
from ..plugins.selection import SelectionError, select_rules
from ..runtime.process import start_up_over
from .exits import EXIT_BAD_INPUT, EXIT_PLUGIN_FAILED, fail, said, warn

if TYPE_CHECKING:
    from ..api import Application
    from ..engine.rules import Rule


class Settings:
    """What the group's options say, passed to every command, and the registry."""

    def __init__(self, skip_broken: bool, traceback: bool):
        self.skip_broken = skip_broken
        self.traceback = traceback
        self._registry: Registry | None = None
        self._application: Application | None = None

    def application(self) -> Application:
        """The application over the registry (loaded as :meth:`registry` loads it)."""
        if self._application is None:
            from ..api import Application

            self._application = Application(self.registry())
        return self._application

    def registry(self, warn_empty: bool = True) -> Registry:
        """Load the rule packages once, on first use; a failure ends the command. With no
        rule installed, say so (``warn_empty``): every board would stall."""
        if self._registry is None:
            try:
                self._registry = load_registry(skip_broken=self.skip_broken)
            except PluginError as err:
                hint = (
                    f"; to start without it, pass --skip-broken-plugins or set {SKIP_BROKEN_ENV}=1"
                )
                fail(f"{err}{hint}", EXIT_PLUGIN_FAILED, err if self.traceback else None)
            start_up_over()
            # A reader claiming input another reader reads: said once, as a warning.
            readers.report = warn
            for line in self._registry.broken:
                warn(f"{line} (skipped)")
            for line in self._registry.outdated:
                warn(line)
            if warn_empty and not self._registry.rules:
                warn(
                    "no rules are installed, so nothing can be deduced: install a rule "
                    "package (a queens-rules-NAME distribution)"
                )
        return self._registry


def selected_rules(
    registry: Registry, only: tuple[str, ...], exclude: tuple[str, ...], tier: str | None
) -> list[Rule]:
    """The registry's rules narrowed by --only, --exclude and --tier (exit 2 if invalid)."""
    try:
        return select_rules(registry.rules, only, exclude, tier)
    except SelectionError as err:
        fail(said(err), EXIT_BAD_INPUT)

"""queens-core: board, state, rule registry, two-tier driver and the ``queens`` command.

The public API for rule authors and embedding programs::

    from queens_core import Board, State, Rule, Tier, Context, hookimpl, load_registry, Solver

    board = Board.parse(open("archive/boards/1.txt").read())
    result = Solver(load_registry().rules).solve(board)

The names are imported on first use, not with the package: every ``queens`` command
imports this package first, and ``queens --help`` should not pay for the driver, pluggy
and the plugin discovery (the bulk of its start-up) before it prints a line.
"""

from __future__ import annotations

# Not ``from typing import TYPE_CHECKING``: every run of ``queens`` imports this package
# before its entry point can catch Ctrl-C, and typing is the bulk of that import.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .engine.board import MAX_SIZE, Board, BoardError, bits
    from .engine.driver import RuleFailure, Solver, SolveResult, Status
    from .engine.rules import (
        Context,
        Contradiction,
        Grade,
        Place,
        Rule,
        Scratch,
        Step,
        Tier,
        UnsoundDeduction,
        pickle_by_tuple_form,
    )
    from .engine.state import State, cell_label, unit_label
    from .engine.validate import is_solution
    from .hookspecs import CONTRACT_VERSION, hookimpl
    from .plugins.readers import Reader, Reading
    from .plugins.registry import PluginError, Registry, load_registry, make_plugin_manager
    from .plugins.writers import Writer

    __version__: str

#: Each public name and the module that defines it.
_HOMES = {
    "MAX_SIZE": "engine.board",
    "Board": "engine.board",
    "BoardError": "engine.board",
    "bits": "engine.board",
    "RuleFailure": "engine.driver",
    "Solver": "engine.driver",
    "SolveResult": "engine.driver",
    "Status": "engine.driver",
    "CONTRACT_VERSION": "hookspecs",
    "hookimpl": "hookspecs",
    "PluginError": "plugins.registry",
    "Registry": "plugins.registry",
    "load_registry": "plugins.registry",
    "make_plugin_manager": "plugins.registry",
    "Reader": "plugins.readers",
    "Reading": "plugins.readers",
    "Writer": "plugins.writers",
    "Context": "engine.rules",
    "Contradiction": "engine.rules",
    "Grade": "engine.rules",
    "Place": "engine.rules",
    "Rule": "engine.rules",
    "Scratch": "engine.rules",
    "Step": "engine.rules",
    "Tier": "engine.rules",
    "UnsoundDeduction": "engine.rules",
    "pickle_by_tuple_form": "engine.rules",
    "State": "engine.state",
    "cell_label": "engine.state",
    "unit_label": "engine.state",
    "is_solution": "engine.validate",
}

#: The stable surface: what rule and reader packages and embedding programs may use. It
#: changes only as docs/writing-rules.md's compatibility policy says. Modules a plugin
#: imports from directly (``queens_core.propagation``, ``queens_core.words``,
#: ``queens_core.matching``, ``queens_core.testing``...) declare theirs in ``__all__`` too.
__all__ = [
    "CONTRACT_VERSION",
    "MAX_SIZE",
    "Board",
    "BoardError",
    "Context",
    "Contradiction",
    "Grade",
    "Place",
    "PluginError",
    "Reader",
    "Reading",
    "Registry",
    "Rule",
    "RuleFailure",
    "Scratch",
    "SolveResult",
    "Solver",
    "State",
    "Status",
    "Step",
    "Tier",
    "UnsoundDeduction",
    "Writer",
    "__version__",
    "bits",
    "cell_label",
    "hookimpl",
    "is_solution",
    "load_registry",
    "make_plugin_manager",
    "pickle_by_tuple_form",
    "unit_label",
]


def _installed_version() -> str:
    from .plugins.distributions import version

    # None: running from a source tree that is not installed.
    return version("queens-core") or "0+unknown"


#: The names through which a program runs solves of its own rules: asking for one puts
#: the runtime's watch over plugin code in place (time budgets, output guards), as
#: loading plugin packages does (see :mod:`queens_core.engine.supervision`).
_SUPERVISED = frozenset({"Solver"})


def __getattr__(name: str) -> Any:
    # Imported here, not with the package: the command line's launcher imports this
    # package before the entry point can catch a Ctrl-C (see queens_core.cli.entry).
    import importlib

    if name == "__version__":
        value: Any = _installed_version()
    elif name in _HOMES:
        if name in _SUPERVISED:
            importlib.import_module(".runtime.guards", __name__)
        value = getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # look it up once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

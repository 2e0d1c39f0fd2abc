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

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .board import MAX_SIZE, Board, BoardError
    from .driver import RuleFailure, Solver, SolveResult
    from .hookspecs import hookimpl
    from .plugins import PluginError, Registry, load_registry, make_plugin_manager
    from .readers import Reader, Reading
    from .rules import Context, Contradiction, Rule, Scratch, Step, Tier, UnsoundDeduction
    from .state import State
    from .validate import is_solution

    __version__: str

#: Each public name and the module that defines it.
_HOMES = {
    "MAX_SIZE": "board",
    "Board": "board",
    "BoardError": "board",
    "RuleFailure": "driver",
    "Solver": "driver",
    "SolveResult": "driver",
    "hookimpl": "hookspecs",
    "PluginError": "plugins",
    "Registry": "plugins",
    "load_registry": "plugins",
    "make_plugin_manager": "plugins",
    "Reader": "readers",
    "Reading": "readers",
    "Context": "rules",
    "Contradiction": "rules",
    "Rule": "rules",
    "Scratch": "rules",
    "Step": "rules",
    "Tier": "rules",
    "UnsoundDeduction": "rules",
    "State": "state",
    "is_solution": "validate",
}

__all__ = [
    "MAX_SIZE",
    "Board",
    "BoardError",
    "Context",
    "Contradiction",
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
    "Step",
    "Tier",
    "UnsoundDeduction",
    "__version__",
    "hookimpl",
    "is_solution",
    "load_registry",
    "make_plugin_manager",
]


def _installed_version() -> str:
    from .distributions import version

    # None: running from a source tree that is not installed.
    return version("queens-core") or "0+unknown"


def __getattr__(name: str) -> Any:
    if name == "__version__":
        value: Any = _installed_version()
    elif name in _HOMES:
        value = getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # look it up once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

"""queens-core: board, state, rule registry, two-tier driver and the ``queens`` command.

The public API for rule authors and embedding programs::

    from queens_core import Board, State, Rule, Tier, Context, hookimpl, load_registry, Solver

    board = Board.parse(open("archive/boards/1.txt").read())
    result = Solver(load_registry().rules).solve(board)
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from .board import MAX_SIZE, Board, BoardError
from .driver import RuleFailure, Solver, SolveResult
from .hookspecs import hookimpl
from .plugins import PluginError, Registry, load_registry, make_plugin_manager
from .rules import Context, Contradiction, Rule, Scratch, Step, Tier, UnsoundDeduction
from .state import State
from .validate import is_solution

try:
    __version__ = version("queens-core")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0+unknown"

__all__ = [
    "MAX_SIZE",
    "Board",
    "BoardError",
    "Context",
    "Contradiction",
    "PluginError",
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

"""The application API: the verbs of the ``queens`` command and the page, for Python.

::

    from queens_core.api import Application

    app = Application()
    board = app.read("archive/boards/1.txt").board
    app.solve(board).solved            # True
    app.check(board).verdict           # 'ok'

Every verb takes plain values and returns a typed result whose ``to_json()`` is the
document ``queens COMMAND --format json`` prints (docs/python-api.md). Only this
module's names are the API; the modules behind it may move.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .application import Application
from .errors import InputTooLarge, ReaderFailed
from .results import (
    BoardRead,
    CheckAnswer,
    Grading,
    HintAnswer,
    MadeBoard,
    Solution,
    Statistics,
)

if TYPE_CHECKING:
    from ..engine.board import BoardError
    from ..engine.driver import RuleFailure
    from ..generator.needs import NeverNeeded
    from ..generator.queens_maker import GenerateError, GiveUp
    from ..plugins.selection import SelectionError
    from ..referee.blame import UnsoundRule
    from ..referee.budget import SearchLimitExceeded
    from ..render.documents import DetailError
    from ..tools.batch import BoardInputError

#: The errors of the parts below, each from the module that defines it, imported on
#: first use: a plain solve should not load the generator to name its errors.
_ERROR_HOMES = {
    "BoardError": "..engine.board",
    "BoardInputError": "..tools.batch",
    "DetailError": "..render.documents",
    "GenerateError": "..generator.queens_maker",
    "GiveUp": "..generator.queens_maker",
    "NeverNeeded": "..generator.needs",
    "RuleFailure": "..engine.driver",
    "SearchLimitExceeded": "..referee.budget",
    "SelectionError": "..plugins.selection",
    "UnsoundRule": "..referee.blame",
}

__all__ = [
    "Application",
    "BoardError",
    "BoardInputError",
    "BoardRead",
    "CheckAnswer",
    "DetailError",
    "GenerateError",
    "GiveUp",
    "Grading",
    "HintAnswer",
    "InputTooLarge",
    "MadeBoard",
    "NeverNeeded",
    "ReaderFailed",
    "RuleFailure",
    "SearchLimitExceeded",
    "SelectionError",
    "Solution",
    "Statistics",
    "UnsoundRule",
]


def __getattr__(name: str) -> Any:
    if name not in _ERROR_HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_ERROR_HOMES[name], __name__), name)
    globals()[name] = value
    return value

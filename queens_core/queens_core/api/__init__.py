"""The application API: the verbs of the ``queens`` command and the page, for Python.

::

    from queens_core.api import Application

    app = Application()
    board = app.read("archive/boards/1.txt").board
    app.solve(board).solved            # True
    app.check(board).verdict           # 'unique-solved'

Every verb takes plain values and returns a typed result whose ``to_json()`` is the
document ``queens COMMAND --format json`` prints (the manual's Python API page). Only this
module's names are the API; the modules behind it may move.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .application import Application
from .errors import ArgumentTypeError, InputTooLarge, PluginRanAway, ReaderFailed

if TYPE_CHECKING:
    from ..engine.arguments import Argument, ArgumentError, Listing, Worded
    from ..engine.board import BoardError, max_stars, size_article
    from ..engine.driver import RuleFailure
    from ..engine.state import InvalidState
    from ..generator.fix import FixError
    from ..generator.needs import NeverNeeded
    from ..generator.queens_maker import GenerateError, GiveUp, grade_names
    from ..plugins.selection import SelectionError
    from ..plugins.writers import WriterError
    from ..referee.blame import UnsoundRule
    from ..referee.budget import SearchLimitExceeded
    from ..render.colour import ARCHIVE_COLOURS, region_colours, region_emoji
    from ..render.documents import DetailError, board_json, detail_failure, state_json
    from ..runtime.cluster import ClusterError, ClusterLost, ClusterUnreachable
    from ..runtime.forks import ChildOutOfMemory as ChildOutOfMemory
    from ..runtime.forks import ChildTimedOut as ChildTimedOut
    from ..runtime.forks import can_fork as can_fork
    from ..runtime.forks import run_in_child as run_in_child
    from ..runtime.workers import WorkerDied
    from ..tools.batch import BoardInputError
    from .analysis import Analysis
    from .converting import Conversion, UnknownFormat
    from .deductions import CellError, StepsNow, WhatIf, WhyAnswer
    from .fixing import FixAnswer
    from .generation import Batch, MadeBoard
    from .practice import Practice
    from .reports import CheckAnswer, Grading, HintAnswer, Installed, Statistics
    from .results import BoardRead, Solution

#: The result types, imported with the verb that returns them; the errors of the parts
#: below, and the few of their helpers a page or a reader needs
#: to present the results (the JSON of a board, the colours of its regions, the grade
#: names), each from the module that defines it, imported on first use: a plain solve
#: should not load the generator to name its errors.
_HOMES = {
    "BoardRead": ".results",
    "HintAnswer": ".reports",
    "Solution": ".results",
    "CheckAnswer": ".reports",
    "Grading": ".reports",
    "Installed": ".reports",
    "Statistics": ".reports",
    "Batch": ".generation",
    "MadeBoard": ".generation",
    "FixAnswer": ".fixing",
    "Analysis": ".analysis",
    "Conversion": ".converting",
    "UnknownFormat": ".converting",
    "WriterError": "..plugins.writers",
    "StepsNow": ".deductions",
    "WhyAnswer": ".deductions",
    "WhatIf": ".deductions",
    "CellError": ".deductions",
    "Practice": ".practice",
    "FixError": "..generator.fix",
    "ARCHIVE_COLOURS": "..render.colour",
    "region_colours": "..render.colour",
    "region_emoji": "..render.colour",
    "board_json": "..render.documents",
    "state_json": "..render.documents",
    "detail_failure": "..render.documents",
    "grade_names": "..generator.queens_maker",
    "max_stars": "..engine.board",
    "size_article": "..engine.board",
    "BoardError": "..engine.board",
    "Argument": "..engine.arguments",
    "ArgumentError": "..engine.arguments",
    "Listing": "..engine.arguments",
    "Worded": "..engine.arguments",
    "BoardInputError": "..tools.batch",
    "DetailError": "..render.documents",
    "GenerateError": "..generator.queens_maker",
    "GiveUp": "..generator.queens_maker",
    "NeverNeeded": "..generator.needs",
    "RuleFailure": "..engine.driver",
    "SearchLimitExceeded": "..referee.budget",
    "SelectionError": "..plugins.selection",
    "UnsoundRule": "..referee.blame",
    "WorkerDied": "..runtime.workers",
    "ClusterError": "..runtime.cluster",
    "ClusterLost": "..runtime.cluster",
    "ClusterUnreachable": "..runtime.cluster",
    "InvalidState": "..engine.state",
    # A front end that does risky work (decoding a picture) in a memory-capped child;
    # importable from here, but not part of __all__: they are the page's, not a user's.
    "ChildOutOfMemory": "..runtime.forks",
    "ChildTimedOut": "..runtime.forks",
    "can_fork": "..runtime.forks",
    "run_in_child": "..runtime.forks",
}

__all__ = [
    "ARCHIVE_COLOURS",
    "Analysis",
    "Application",
    "Argument",
    "ArgumentError",
    "ArgumentTypeError",
    "Batch",
    "BoardError",
    "BoardInputError",
    "BoardRead",
    "CellError",
    "CheckAnswer",
    "ClusterError",
    "ClusterLost",
    "ClusterUnreachable",
    "Conversion",
    "DetailError",
    "FixAnswer",
    "FixError",
    "GenerateError",
    "GiveUp",
    "Grading",
    "HintAnswer",
    "InputTooLarge",
    "Installed",
    "InvalidState",
    "Listing",
    "MadeBoard",
    "NeverNeeded",
    "PluginRanAway",
    "Practice",
    "ReaderFailed",
    "RuleFailure",
    "SearchLimitExceeded",
    "SelectionError",
    "Solution",
    "Statistics",
    "StepsNow",
    "UnknownFormat",
    "UnsoundRule",
    "WhatIf",
    "WhyAnswer",
    "Worded",
    "WorkerDied",
    "WriterError",
    "board_json",
    "detail_failure",
    "grade_names",
    "max_stars",
    "region_colours",
    "region_emoji",
    "size_article",
    "state_json",
]


def __dir__() -> list[str]:
    """The API's names with the module's own: ``dir()`` and the completion of an
    interactive shell list the errors and results imported on first use too."""
    return sorted(set(globals()) | set(__all__))


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOMES[name], __name__), name)
    globals()[name] = value
    return value

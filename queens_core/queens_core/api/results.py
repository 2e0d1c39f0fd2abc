"""What the reading and solving verbs of :class:`~queens_core.api.Application` return:
typed results, each with a ``to_json()`` that gives the document ``queens COMMAND
--format json`` prints. Kept apart from the other results (:mod:`.reports`,
:mod:`.generation`): a plain ``queens solve`` imports only these."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.board import Board
    from ..engine.driver import SolveResult
    from ..engine.rules import Rule
    from ..engine.state import State
    from ..referee.blame import Diagnosis

#: The name the documents give a board that comes from no file.
BOARD_NAME = "<board>"


@dataclass
class BoardRead:
    """A board as a reader read it: the board with its stars per unit, the marks the
    input showed (a screenshot's), and what the reader noted."""

    name: str
    board: Board
    #: The marks the input itself showed, or None.
    state: State | None = None
    #: The stars per unit the input declared (an SBN string does), or None.
    declared_stars: int | None = None
    #: The name of the reader that read it ("" when the reader chose itself unseen).
    reader: str = ""
    notes: tuple[str, ...] = ()
    #: For an input that does not declare K: the one K for which it has a single
    #: solution, when a reader found one (None: it did not say). Read without a K of the
    #: user's, the board has it.
    unique_stars: int | None = None

    def stars_note(self, asked: int | None, choose: str) -> str | None:
        """The line to show a user whose board was read with the K its reader found
        (``asked``: the K the user gave, None for none; ``choose``: how they choose
        another, "--stars K to choose another"); None when it was not."""
        from ..plugins.readers import found_stars_note

        if self.unique_stars is None or asked is not None:
            return None
        return found_stars_note(self.unique_stars, choose)


@dataclass
class Solution:
    """A solve by the rules: solved or where they stop, every step recorded."""

    name: str
    board: Board
    result: SolveResult
    #: The rules that ran (those sound for the board's stars per unit).
    rules: list[Rule]
    #: What the exact search says of the solve: ``message`` is set when a rule's
    #: deduction contradicts the board's solutions.
    diagnosis: Diagnosis

    @property
    def solved(self) -> bool:
        return self.result.solved

    @property
    def status(self) -> str:
        return str(self.result.status)

    @property
    def counters(self) -> dict[str, int]:
        return dict(self.result.counters)

    @property
    def unsound(self) -> str | None:
        """Why the solve cannot be trusted (a rule contradicted the exact search), or None."""
        return self.diagnosis.message

    def to_json(self) -> dict[str, Any]:
        """The ``queens-solve/1`` document (raises ``DetailError`` for a rule whose
        step details cannot be written)."""
        from ..render.documents import solve_document

        return solve_document(self.result, self.rules, self.name)

    def text(self, explain: bool = False, depth: str | None = None, letters: bool = False) -> str:
        """The board as ``queens solve`` prints it, every step in words first with
        ``explain`` (``depth``: the terminal's colours, None for none)."""
        if explain:
            from ..render.solve_text import explanation_text

            # A board given as rows has no name a reader would know it by.
            source = "" if self.name == BOARD_NAME else self.name
            return explanation_text(self.result, self.rules, source, depth, letters)
        return _result_text()(self.result, self.rules, depth, letters)


@cache
def _result_text() -> Callable[[SolveResult, Sequence[Rule], str | None, bool], str]:
    """The text renderer, imported on the first :meth:`Solution.text` and kept: an
    import statement there would cost some 10,000 instructions a board (see
    :func:`queens_core.api.application._reading`)."""
    from ..render.solve_text import result_text

    return result_text

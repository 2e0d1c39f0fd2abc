"""What ``queens practise`` and the page's "Practise this" return: a board to practise one
rule on, opened where the hint points at it (:mod:`queens_core.generator.practice`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.arguments import Naming
    from ..engine.rules import Rule
    from ..generator.practice import PracticeBoard

PRACTICE_SCHEMA = "queens-practice/1"


@dataclass
class Practice:
    """A practice board: ``board``, its solution, the position where practice starts
    (the basics done: ``start``) and the hint there, a step of ``rule``."""

    rule: Rule
    made: PracticeBoard
    #: CPU seconds the search took.
    seconds: float

    @property
    def board(self) -> Any:
        return self.made.board

    @property
    def start(self) -> Any:
        return self.made.start.position

    @property
    def needed(self) -> bool:
        return self.made.needed

    def to_json(self) -> dict[str, Any]:
        """The ``queens-practice/1`` document."""
        from ..render.documents import board_json, cells_json, state_json, step_json

        board = self.made.board
        hint = self.made.start.hint
        return {
            "schema": PRACTICE_SCHEMA,
            "rule": self.rule.counter,
            "rule_name": self.rule.display_name,
            "board": board_json(board),
            "stars": board.stars,
            "seed": self.made.seed,
            "needed": self.made.needed,
            "grade": self.made.assessment.rung.grade if self.made.assessment.rung else None,
            "solution": cells_json(board, self.made.solution),
            "start": state_json(board, self.made.start.position),
            "hint": step_json(board, hint.explanation, hint.step),
            "focus": {"name": hint.focus.name, "cells": cells_json(board, hint.focus.cells)},
        }

    def text(self, naming: Naming | None = None) -> str:
        """What ``queens practise`` prints: the board file, the position to start from,
        and the hint there (what reads the position back named by ``naming``, by
        default for a Python caller)."""
        from ..engine.arguments import Listing, python_name
        from ..engine.board import size_article
        from ..render.text import LABEL_SCHEME, board_file_text, format_explanation

        board = self.made.board
        hint = self.made.start.hint
        n = board.n
        kind = f"{n}×{n}" + (f", {board.stars} stars" if board.stars > 1 else "")
        needed = (
            "it needs the rule"
            if self.made.needed
            else "the other rules could do without it, but the hint goes there first"
        )
        name = self.rule.display_name
        return "\n\n".join(
            [
                f"{size_article(n).capitalize()} {kind} board to practise {name} on ({needed}):",
                board_file_text(board),
                "Start from here (the easier steps done; "
                f"{(naming or python_name)(Listing('state_picture'))} reads this picture):",
                self.made.start.position.picture(board),
                LABEL_SCHEME,
                format_explanation(board, hint.explanation, lead="The hint there: "),
            ]
        )

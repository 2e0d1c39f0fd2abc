"""The player's verbs over a position: every step the rules can take now (``queens hint
--all``), the shortest chain that decides one cell (``queens why``), and what a tentative
queen leads to (``queens what-if``). Each returns a typed result whose ``to_json()`` is
the command's document (docs/json.md) and whose ``text()`` is what the command prints.

The position is the player's state with its queens settled, as the hint takes it
(:func:`~queens_core.tools.steps.start_position`); ``steps`` and ``why`` first check it
against the board's solutions, as the hint does, and give no step from a wrong state.
``what_if`` does not: a trial may well be wrong, and saying so is the rules' business.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.arguments import ArgumentError, Listing, Part, python_name, words

if TYPE_CHECKING:
    from ..engine.arguments import Naming
    from ..engine.board import Board
    from ..engine.rules import Rule
    from ..engine.state import State
    from ..tools.explain import Explanation
    from ..tools.hint import Hint
    from ..tools.steps import FoundStep, Trial, WhyChain

STEPS_SCHEMA = "queens-steps/1"
WHY_SCHEMA = "queens-why/1"
WHAT_IF_SCHEMA = "queens-what-if/1"
#: The most steps of a chain ``queens why`` prints: past it, the steps the last leans on.
SHOWN_STEPS = 12
#: The width the note over a long chain is wrapped to (as a step's sentences are).
NOTE_WIDTH = 88

_CELL = re.compile(r"^\s*r(\d+)\s*c(\d+)\s*$", re.IGNORECASE)


class CellError(ArgumentError):
    """A cell that is not ``rRcC`` on the board; ``str()`` is one line. An
    ``ArgumentError`` about the parameter ``cell``."""

    def __init__(self, *parts: Part | tuple[Part, ...], about: str | None = "cell"):
        super().__init__(*parts, about=about)


def parse_cell(board: Board, text: str) -> int:
    """The index of the cell named ``rRcC`` (row R, column C, from 1). Raises
    :class:`CellError`."""
    match = _CELL.match(text)
    if match is None:
        raise CellError(f"cell {text!r} is not rRcC (row R, column C, from 1), e.g. r2c5")
    row, column = int(match[1]), int(match[2])
    n = board.n
    if not (1 <= row <= n and 1 <= column <= n):
        raise CellError(f"cell {text!r} is outside the {n}×{n} board")
    return (row - 1) * n + column - 1


def cell_index(board: Board, cell: object) -> int:
    """The index of ``cell``, given as ``rRcC`` or as an index (from 0, row by row).
    Raises :class:`CellError` for one off the board or of another type (a ``None`` failed
    inside the verb, comparing it with an int)."""
    if isinstance(cell, str):
        return parse_cell(board, cell)
    if isinstance(cell, bool) or not isinstance(cell, int):
        raise CellError(f"cell {cell!r} is neither rRcC nor a cell's index (an int)")
    if not 0 <= cell < board.n * board.n:
        n = board.n
        raise CellError(f"cell {cell} is off the {n}×{n} board (cells 0 to {n * n - 1})")
    return cell


def _piece(board: Board) -> str:
    return "queen" if board.stars == 1 else "star"


def _found_json(board: Board, found: FoundStep, number: int) -> dict[str, Any]:
    """One step of a list (every step now, a why's chain), ``number`` its place there
    from 1: each was found as a hint, whose own number is 1."""
    from ..render.documents import cells_json, step_json

    focus = found.focus
    return {
        **step_json(board, found.explanation, found.step),
        "number": number,
        "weight": found.rule.score_weight,
        "focus": {
            "kind": focus.kind,
            "index": list(focus.index) if isinstance(focus.index, tuple) else focus.index,
            "name": focus.name,
            "cells": cells_json(board, focus.cells),
        },
    }


def _step_lines(board: Board, number: int, explanation: Explanation, rule: Rule | None) -> str:
    """A listed step; with ``rule``, its rung and weight first (``[Medium, weight 12]``):
    what "easiest first" orders the list by."""
    from ..render.text import format_explanation

    number_lead = f"{number:>3}. "
    if rule is None:
        lead = number_lead
    else:
        lead = f"{number_lead}[{rule.grade_needed.title}, weight {rule.score_weight}] "
    return format_explanation(board, explanation, lead=lead, indent=len(number_lead))


@dataclass
class StepsNow:
    """Every step the rules can take from the player's position, easiest first; or, as
    for a hint, why there is none (``status``: ``steps``, ``solved``, ``stuck``,
    ``wrong``, ``no_solution``)."""

    hint: Hint
    steps: list[FoundStep]
    name: str
    state_name: str | None = None

    @property
    def status(self) -> str:
        from ..tools.hint import HINT, STUCK

        if self.hint.status == HINT:
            return "steps" if self.steps else STUCK
        return self.hint.status

    def to_json(self) -> dict[str, Any]:
        """The ``queens-steps/1`` document."""
        from ..render.documents import board_json, cells_json, state_json
        from ..render.text import message_lines

        board = self.hint.board
        return {
            "schema": STEPS_SCHEMA,
            "source": self.name,
            "state_source": self.state_name,
            "board": board_json(board),
            "status": self.status,
            "message": self._message(message_lines),
            "state": state_json(board, self.hint.state),
            "crossed": cells_json(board, self.hint.crossed),
            "steps": [_found_json(board, found, i) for i, found in enumerate(self.steps, 1)],
        }

    def _message(self, message_lines: Any) -> str:
        if self.status == "steps":
            count = len(self.steps)
            steps = f"{count} step{'s' if count != 1 else ''}"
            return f"{steps} the rules can take from here, easiest first."
        return " ".join(message_lines(self.hint))

    def text(self, naming: Naming | None = None) -> str:
        """What ``queens hint --all`` prints (the option it names named by ``naming``,
        by default as a Python caller passes it)."""
        from ..render.text import LABEL_SCHEME, crossed_text, message_lines

        if self.status != "steps":
            return self._message(message_lines)
        board = self.hint.board
        parts = [LABEL_SCHEME]
        if self.hint.crossed:
            parts.append(crossed_text(self.hint, naming))
        parts.append(self._message(message_lines))
        parts.extend(
            _step_lines(board, number, found.explanation, found.rule)
            for number, found in enumerate(self.steps, start=1)
        )
        return "\n\n".join(parts)


@dataclass
class WhyAnswer:
    """The shortest chain of steps from the player's position that decides one cell, or
    why there is none (``status``: ``chain``, ``decided`` (the position decides it
    already), ``undecided`` (nothing decides it yet from here), ``wrong``,
    ``no_solution``, ``solved``)."""

    hint: Hint
    cell: int
    why: WhyChain | None
    name: str
    state_name: str | None = None

    @property
    def status(self) -> str:
        from ..tools.hint import HINT, STUCK

        if self.hint.status not in (HINT, STUCK):
            return self.hint.status
        assert self.why is not None
        if self.why.already:
            return "decided"
        return "chain" if self.why.chain else "undecided"

    @property
    def outcome(self) -> str | None:
        """``queen``, ``cross``, or None when nothing decides the cell."""
        return None if self.why is None else self.why.outcome

    def message(self) -> str:
        """The answer in one sentence: the cell is decided already, nothing decides it yet,
        or how many steps decide it (and whether a shorter chain was ruled out)."""
        from ..engine.state import cell_label
        from ..render.text import message_lines
        from ..tools.steps import CUT_STEPS

        board = self.hint.board
        label = cell_label(board, self.cell)
        status = self.status
        piece = _piece(board)
        if status == "decided":
            what = f"a {piece}" if self.outcome == "queen" else "crossed out"
            return f"{label} is {what} already."
        if status == "undecided":
            return f"Nothing decides {label} yet from here: the rules stop before they reach it."
        if status == "chain":
            assert self.why is not None
            count = len(self.why.chain)
            steps = "1 step decides" if count == 1 else f"{count} steps decide"
            what = f"a {piece}" if self.outcome == "queen" else "a cross"
            if self.why.proven:
                shortest = "no chain is shorter"
            elif self.why.walk == "solve" and len(self.leaned_on()) <= CUT_STEPS:
                # Fewer steps than the hints in a row cut down, or found before them.
                shortest = (
                    "the solve's steps up to it, as it took them; a shorter chain was not ruled out"
                )
            elif not self.why.cut_tried:
                found = "the solve's steps" if self.why.walk == "solve" else "the hints in a row"
                shortest = (
                    f"{found} up to it, too many to try leaving each out; "
                    "a shorter chain was not ruled out"
                )
            elif self.why.cut_through:
                shortest = "no step of it can be left out; a shorter chain was not ruled out"
            else:
                shortest = "cut down as far as time allowed; a shorter chain was not ruled out"
            return f"{label} is {what}: {steps} it ({shortest})."
        return " ".join(message_lines(self.hint))

    def to_json(self) -> dict[str, Any]:
        """The ``queens-why/1`` document."""
        from ..render.documents import board_json, state_json

        board = self.hint.board
        chain = [] if self.why is None else list(self.why.chain)
        return {
            "schema": WHY_SCHEMA,
            "source": self.name,
            "state_source": self.state_name,
            "board": board_json(board),
            "cell": list(divmod(self.cell, board.n)),
            "status": self.status,
            "outcome": self.outcome,
            "proven_shortest": bool(self.why and self.why.chain and self.why.proven),
            "message": self.message(),
            "state": state_json(board, self.hint.state),
            "chain": [_found_json(board, found, i) for i, found in enumerate(chain, 1)],
            "leaned_on": self.leaned_on(),
        }

    def leaned_on(self) -> list[int]:
        """The indices (from 0) of the steps of the chain its last step leans on (see
        :func:`~queens_core.tools.steps.steps_that_matter`); none without a chain."""
        from ..tools.steps import steps_that_matter

        if self.why is None or not self.why.chain:
            return []
        return steps_that_matter(self.hint.board, self.why.chain)

    def text(self, naming: Naming | None = None) -> str:
        """What ``queens why`` prints; the verbs it points to named by ``naming`` (by
        default as a Python caller calls them; the command line passes its own)."""
        from ..render.text import LABEL_SCHEME

        if self.status != "chain":
            return self.message()
        assert self.why is not None
        board = self.hint.board
        chain = self.why.chain
        parts = [LABEL_SCHEME, self.message()]
        shown = list(range(len(chain)))
        if len(chain) > SHOWN_STEPS:
            from ..engine.state import cell_label

            leaned_on = self.leaned_on()
            shown = leaned_on[-SHOWN_STEPS:]
            which = (
                f"the last {len(shown)} of the {len(leaned_on)} steps"
                if len(shown) < len(leaned_on)
                else "the steps"
            )
            note = (
                f"Shown: {which} that step {len(chain)} leans on, traced back through "
                "the places their sentences reason about (a trial's is the whole "
                "board); each is said of the position all the steps before it reach. ",
                Listing("next_step"),
                " gives the next step from a position, ",
                Listing("what_if", cell_label(board, self.cell)),
                f" tries a {_piece(board)} there, ",
                Listing("all_steps"),
                " lists them all.",
            )
            parts.append(textwrap.fill(words(note, naming or python_name), NOTE_WIDTH))
        parts.extend(
            _step_lines(board, index + 1, chain[index].explanation, None) for index in shown
        )
        return "\n\n".join(parts)


@dataclass
class WhatIf:
    """What the rules derive from a tentative queen (star) on one cell: ``status``
    ``contradiction`` (the reason in ``trial.problem``), ``solved``, ``stalled`` (nothing
    more follows) or ``bounded`` (more follows past the rounds a what-if looks at, with no
    contradiction); ``after`` is the position the trial reaches (to keep), ``before`` the
    player's."""

    board: Board
    before: State
    trial: Trial
    name: str

    @property
    def status(self) -> str:
        return self.trial.status

    @property
    def after(self) -> State:
        return self.trial.after

    def message(self) -> str:
        """The trial in one sentence: the queen (star) cannot be right and why, completes
        or solves the board, or what follows from it."""
        from ..engine.state import cell_label
        from ..tools.steps import WHAT_IF_ROUNDS

        board = self.board
        label = cell_label(board, self.trial.cell)
        piece = _piece(board)
        count = len(self.trial.steps)
        steps = f"{count} step{'s' if count != 1 else ''}"
        if self.status == "contradiction":
            return f"A {piece} on {label} cannot be right: {self.trial.problem}."
        if self.status == "solved" and not count:
            # The last piece: nothing is left for the rules to do.
            return f"A {piece} on {label} completes the board."
        if self.status == "solved":
            return f"A {piece} on {label} leads the rules to a full board in {steps}."
        placed = (self.trial.after.queens & ~self.trial.before.queens).bit_count()
        made = (
            f"({placed} more {piece}{'s' if placed != 1 else ''}, {self._crossed()} cells crossed)"
        )
        follow = "follows" if count == 1 else "follow"
        if self.status == "bounded":
            return (
                f"A {piece} on {label}: {steps} {follow} from it in its first "
                f"{WHAT_IF_ROUNDS} rounds {made}; more follows after them, and the rules "
                "reach no contradiction."
            )
        if self.trial.left_out:
            return (
                f"A {piece} on {label}: {steps} {follow} from it {made}; nothing more "
                "does, and the rules reach no contradiction."
            )
        return f"A {piece} on {label}: the rules derive {steps} {made}, then stop."

    def _crossed(self) -> int:
        return (
            self.trial.before.live & ~self.trial.after.live & ~self.trial.after.queens
        ).bit_count()

    def to_json(self) -> dict[str, Any]:
        """The ``queens-what-if/1`` document."""
        from ..render.documents import board_json, state_json, step_json

        board = self.board
        return {
            "schema": WHAT_IF_SCHEMA,
            "source": self.name,
            "board": board_json(board),
            "cell": list(divmod(self.trial.cell, board.n)),
            "status": self.status,
            "problem": self.trial.problem,
            "message": self.message(),
            "state": state_json(board, self.before),
            "after": state_json(board, self.trial.after),
            "steps": [
                step_json(board, e, step)
                for e, step in zip(self.trial.steps, self.trial.made, strict=True)
            ],
        }

    def text(self, naming: Naming | None = None) -> str:
        """What ``queens what-if`` prints: the derivation, then the position it reaches
        (what reads its picture back named by ``naming``, by default for Python)."""
        from ..render.text import LABEL_SCHEME, format_explanation, labelled_grid

        parts = [LABEL_SCHEME, self.message()]
        parts.extend(format_explanation(self.board, e) for e in self.trial.steps)
        reads = ("Where it leads (the picture ", Listing("state_picture"), " reads):")
        parts.append(words(reads, naming or python_name))
        parts.append(labelled_grid(self.board, self.trial.after.picture(self.board).split("\n")))
        return "\n\n".join(parts)


def steps_from(hint: Hint, solver: Any) -> list[FoundStep]:
    """Every step from the position of a hint whose state is right."""
    from ..tools.hint import HINT
    from ..tools.steps import steps_now

    if hint.status != HINT:
        return []
    return steps_now(hint.board, hint.state, solver)

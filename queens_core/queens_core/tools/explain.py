"""Explain a solve step by step, in words, from the steps the driver recorded.

Nothing is solved again: the steps (:class:`~queens_core.engine.rules.Step`) say which rule
placed or killed which cells and why (their ``detail``); :func:`replay` rebuilds the state
before each step from them, and the rule that recorded a step says why in one sentence
(``Rule.explain(step, board, before)``), from the step and the state just before it. A
rule that says nothing is explained by its summary. The words of the whole explanation,
laid out for a terminal, are :mod:`queens_core.render.text`'s.

Cells are named ``rRcC``: row R counted from the top, column C from the left, both from 1
(:func:`~queens_core.engine.state.cell_label`). Regions are named by their letter, with the
colour the letter stands for when it is one of the archive's ("region P (purple)").

Glossary
--------
explanation
    One step in words: its number, the rule's display name, the queen it placed (if any),
    the cells it killed and one sentence of why, specific to the step.
replay
    Applying recorded steps to a state, checking each one as it goes (a queen goes on a
    live cell and kills exactly the live part of its kill mask; a kill kills live cells).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..engine.board import Board, bits
from ..engine.driver import RuleFailure
from ..engine.errors import ContractViolation, plugin_text
from ..engine.rules import Rule, Step
from ..engine.state import State, cell_label
from ..engine.words import article, cells_words, lines_words, region_name, regions_words
from ..runtime.guards import OutOfTime, plugin_code, raised_by_plugin


class ReplayError(ValueError):
    """A recorded step does not fit the state it is replayed on."""


@dataclass(frozen=True)
class Explanation:
    """One step in words. ``placed`` is a cell index or None; ``killed`` cell indices."""

    number: int
    counter: str
    rule: str
    placed: int | None
    killed: tuple[int, ...]
    why: str
    #: True when the rule is unknown to the explainer and ``why`` is its summary.
    generic: bool = False

    def headline(self, board: Board) -> str:
        """What the step did: ``queen on r5c5; r1c7 dead`` or ``r1c2 r1c3 dead``."""
        parts = []
        if self.placed is not None:
            piece = "queen" if board.stars == 1 else "star"
            parts.append(f"{piece} on {cell_label(board, self.placed)}")
        if self.killed:
            parts.append(" ".join(cell_label(board, c) for c in self.killed) + " dead")
        return "; ".join(parts) or "nothing changed"


def apply_step(board: Board, state: State, step: Step) -> None:
    """Replay one step on ``state`` in place; raise :class:`ReplayError` if it cannot be."""
    if step.placed:
        if step.placed & (step.placed - 1):
            raise ReplayError(f"{step.counter}: a step places one queen, not several")
        if not state.live & step.placed:
            cell = step.placed.bit_length() - 1
            raise ReplayError(f"{step.counter}: queen on {cell_label(board, cell)}, not live")
        expected = state.live & board.kill_masks[step.placed.bit_length() - 1]
        if step.killed != expected:
            raise ReplayError(
                f"{step.counter}: a placement must kill exactly the live cells of its kill list"
            )
        state.queens |= step.placed
        state.live &= ~(step.placed | step.killed)
        return
    if not step.killed:
        raise ReplayError(f"{step.counter}: a step that neither places nor kills")
    if step.killed & ~state.live:
        cell = (step.killed & ~state.live).bit_length() - 1
        raise ReplayError(f"{step.counter}: kills {cell_label(board, cell)}, which is not live")
    state.live &= ~step.killed


def replay(board: Board, steps: Iterable[Step], start: State | None = None) -> State:
    """The state reached by applying ``steps`` to ``start`` (default: the empty board)."""
    state = State.initial(board) if start is None else start.copy()
    for step in steps:
        apply_step(board, state, step)
    return state


def why_of(board: Board, step: Step, before: State, rule: Rule | None) -> str | None:
    """The rule's own sentence for ``step`` (None when it has none, or says nothing).

    Raises :class:`~queens_core.engine.driver.RuleFailure` naming the rule when its explainer
    raises or gives something else than a string (it is a broken plugin)."""
    if rule is None or rule.explain is None:
        return None
    try:
        # Plugin code: under a budget, kept off the command's output like a rule's apply.
        with plugin_code(rule):
            why = rule.explain(step, board, before)
    except BaseException as err:  # SystemExit, KeyboardInterrupt: the rule's, unless Ctrl-C
        if not raised_by_plugin(err):
            raise
        if isinstance(err, OutOfTime):
            # A budget that ends while the sentence is written (a long why on a big
            # board) is a time-out, as it is in the rule's apply: not a broken contract.
            raise RuleFailure(rule, err) from err
        what = f"raised {type(err).__name__}: {err}".rstrip(": ")
        raise RuleFailure(rule, ContractViolation(f"its explain {what}")) from err
    if why is not None and not isinstance(why, str):
        kind = type(why).__name__
        what = f"its explain gave {article(kind)} {kind}, not a sentence (str)"
        raise RuleFailure(rule, ContractViolation(what))
    return plugin_text(why) if why else None


LINES = {"rows": "row", "columns": "column"}


@dataclass(frozen=True)
class Focus:
    """Where to look for a step: the place whose live cells force it (the rule's
    ``focus``), or, when the rule names none, the unit holding every cell the step
    changes, or those cells themselves. ``kind`` is ``row``, ``column``, ``region``,
    ``regions``, ``rows``, ``columns`` (lines taken together) or ``cells``."""

    kind: str
    #: 0-based: a line's or region's index; the lines of ``rows``/``columns``; the cells.
    index: int | tuple[int, ...]
    #: How a person names it: ``column 1``, ``region P (purple)``, ``rows 3–4``, ``r2c5``.
    name: str
    cells: int
    #: True when the rule said where (not the fallback).
    named_by_rule: bool = True


def _indices(index: object, count: int) -> tuple[int, ...] | None:
    """A plural place's indices, sorted and each below ``count`` (None if they are not)."""
    if not isinstance(index, tuple | list) or not index:
        return None
    found = tuple(sorted(set(index)))
    if all(isinstance(i, int) and 0 <= i < count for i in found):
        return found
    return None


def _unit_focus(board: Board, kind: str, index: object) -> Focus | None:
    count = len(board.region_masks) if kind == "region" else board.n
    if not isinstance(index, int) or not 0 <= index < count:
        return None
    name = region_name(board, index) if kind == "region" else f"{kind} {index + 1}"
    return Focus(kind, index, name, board.unit_mask(kind, index))


def _regions_focus(board: Board, kind: str, index: object) -> Focus | None:
    regions = _indices(index, len(board.region_masks))
    if regions is None:
        return None
    if len(regions) == 1:
        return _unit_focus(board, "region", regions[0])
    mask = 0
    for k in regions:
        mask |= board.region_masks[k]
    return Focus("regions", regions, regions_words(board, regions), mask)


def _cell_focus(board: Board, kind: str, index: object) -> Focus | None:
    if not isinstance(index, int) or not 0 <= index < board.n * board.n:
        return None
    return Focus("cells", (index,), cell_label(board, index), 1 << index)


def _lines_focus(board: Board, kind: str, index: object) -> Focus | None:
    lines = _indices(index, board.n)
    if lines is None:
        return None
    line = LINES[kind]
    if len(lines) == 1:
        return _unit_focus(board, line, lines[0])
    runs = lines == tuple(range(lines[0], lines[-1] + 1))
    name = f"{kind} {lines[0] + 1}–{lines[-1] + 1}" if runs else lines_words(line, lines)
    mask = 0
    for i in lines:
        mask |= board.unit_mask(line, i)
    return Focus(kind, lines, name, mask)


#: How each kind of :class:`~queens_core.engine.rules.Place` becomes a :class:`Focus`.
_FOCUS_OF_KIND = {
    "row": _unit_focus,
    "column": _unit_focus,
    "region": _unit_focus,
    "regions": _regions_focus,
    "cell": _cell_focus,
    "rows": _lines_focus,
    "columns": _lines_focus,
}


def _rule_focus(board: Board, said: object) -> Focus | None:
    """A rule's answer (a :class:`~queens_core.engine.rules.Place`, or the plain pair of
    a contract 0.2 rule) as a :class:`Focus`; None when it is not a place on ``board``."""
    if not isinstance(said, tuple | list) or len(said) != 2:
        return None
    kind, index = said
    make = _FOCUS_OF_KIND.get(kind) if isinstance(kind, str) else None
    return None if make is None else make(board, kind, index)


def focus_of(board: Board, step: Step, before: State, rule: Rule | None) -> Focus:
    """Where a hint first tells a player to look for ``step`` (see :class:`Focus`).

    Raises :class:`~queens_core.engine.driver.RuleFailure` naming the rule when its
    ``focus`` raises (it is a broken plugin)."""
    if rule is not None and rule.focus is not None:
        try:
            with plugin_code(rule):
                said = rule.focus(step, board, before)
        except BaseException as err:
            if not raised_by_plugin(err):
                raise
            if isinstance(err, OutOfTime):
                raise RuleFailure(rule, err) from err  # a time-out, as in why_of
            what = f"raised {type(err).__name__}: {err}".rstrip(": ")
            raise RuleFailure(rule, ContractViolation(f"its focus {what}")) from err
        found = _rule_focus(board, said)
        if found is not None:
            return found
    changed = step.placed | step.killed
    for kind, masks in (
        ("row", board.row_masks),
        ("column", board.col_masks),
        ("region", board.region_masks),
    ):
        for index, mask in enumerate(masks):
            if changed and not changed & ~mask:
                found = _unit_focus(board, kind, index)
                assert found is not None
                return Focus(found.kind, index, found.name, mask, named_by_rule=False)
    cells = tuple(bits(changed))
    return Focus("cells", cells, cells_words(board, cells), changed, named_by_rule=False)


def explain_steps(
    board: Board,
    steps: Iterable[Step],
    rules: Iterable[Rule] = (),
    start: State | None = None,
) -> list[Explanation]:
    """Every step in words, replaying them from ``start`` (default: the empty board).

    ``rules`` gives the display names (and, for a rule this module has no sentence for,
    the summary used as its why). Raises :class:`ReplayError` if the steps do not fit.
    """
    by_counter: Mapping[str, Rule] = {r.counter: r for r in rules}
    state = State.initial(board) if start is None else start.copy()
    out = []
    for number, step in enumerate(steps, start=1):
        rule = by_counter.get(step.counter)
        why = why_of(board, step, state, rule)
        generic = why is None
        if why is None:
            why = rule.summary if rule else f"Rule {step.counter} made this deduction."
        apply_step(board, state, step)
        out.append(
            Explanation(
                number=number,
                counter=step.counter,
                rule=rule.display_name if rule else step.counter,
                placed=step.placed.bit_length() - 1 if step.placed else None,
                killed=tuple(bits(step.killed)),
                why=why,
                generic=generic,
            )
        )
    return out

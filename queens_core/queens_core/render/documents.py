"""The JSON documents of ``queens solve``, ``hint``, ``check`` and ``stats`` (``--format
json``), built from the data their tools return; :func:`dumps` writes them out.

The schemas are documented in ``docs/json.md``, ``docs/check.md`` and ``docs/stats.md``;
each is versioned by the ``schema`` key (``queens-solve/1``, ``queens-hint/1``...): a
change that could break a reader bumps it. The CLI prints the documents, the web page
answers with them.

Cells are ``[row, column]`` pairs, both 0-based (the ``why`` sentences use the 1-based
``rRcC`` labels a person reads). Regions are referred to by their letter.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..engine.board import Board, bits
from ..engine.driver import SOLVED, RuleFailure, SolveResult
from ..engine.errors import ContractViolation
from ..engine.rules import Rule, Step, Tier
from ..engine.state import State, cell_labels
from ..tools.explain import Explanation, explain_steps
from ..tools.grade import needs_words
from .statuses import check_status, stats_exit_status

if TYPE_CHECKING:
    from ..tools.check import CheckReport
    from ..tools.hint import Hint
    from ..tools.stats import Summary

SOLVE_SCHEMA = "queens-solve/1"
HINT_SCHEMA = "queens-hint/1"
CHECK_SCHEMA = "queens-check/1"
STATS_SCHEMA = "queens-stats/1"
#: ``queens stats`` over boards of several K: one ``queens-stats/1`` body per K.
STATS_BY_STARS_SCHEMA = "queens-stats-by-stars/1"
RULES_SCHEMA = "queens-rules/1"


def cells_json(board: Board, mask: int) -> list[list[int]]:
    """A mask as ``[[row, column], ...]`` in reading order (0-based)."""
    n = board.n
    return [list(divmod(i, n)) for i in bits(mask)]


def board_json(board: Board) -> dict[str, Any]:
    """The board as the JSON documents give it: ``size``, ``rows`` (one string a row, a
    letter a cell) and ``regions`` (the region letters, in the order of their index)."""
    return {"size": board.n, "rows": list(board.rows), "regions": list(board.letters)}


def state_json(board: Board, state: State) -> dict[str, Any]:
    """The state as a picture (``♛``, ``⨯``, ``.`` one row a string) and as cell lists."""
    return {
        "picture": state.picture(board).split("\n"),
        "queens": cells_json(board, state.queens),
        "dead": cells_json(board, state.dead(board)),
    }


class DetailError(ValueError):
    """A step's ``detail`` holds a value JSON cannot (a set, an object, NaN): the rule that
    recorded it broke the :class:`~queens_core.engine.rules.Step` contract. The command reports
    it as that rule's failure (:func:`detail_failure`)."""

    def __init__(self, counter: str, value: Any):
        self.counter = counter
        self.value = value
        super().__init__(
            f"it recorded a step detail holding {type(value).__name__} {value!r}, which JSON "
            "cannot hold (a detail is a tuple of ints, strings and tuples)"
        )


def detail_failure(error: DetailError, rules: Iterable[Rule]) -> RuleFailure:
    """The rule failure a :class:`DetailError` stands for, naming the rule."""
    rule = next((r for r in rules if r.counter == error.counter), None)
    if rule is None:  # a step under a counter no installed rule has: name the counter
        rule = Rule(
            counter=error.counter,
            display_name=error.counter,
            tier=Tier.CHEAP,
            position=0,
            summary="",
            apply=lambda ctx: None,
        )
    return RuleFailure(rule, ContractViolation(str(error)))


def _plain(value: Any, counter: str) -> Any:
    """A step detail as JSON values: tuples become lists, all the way down."""
    if isinstance(value, tuple | list):
        return [_plain(v, counter) for v in value]
    if value is None or isinstance(value, str | int):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return value
    raise DetailError(counter, value)


def step_json(board: Board, explanation: Explanation, step: Step) -> dict[str, Any]:
    n = board.n
    return {
        "number": explanation.number,
        "rule": explanation.counter,
        "rule_name": explanation.rule,
        "placed": list(divmod(explanation.placed, n)) if explanation.placed is not None else None,
        "killed": [list(divmod(c, n)) for c in explanation.killed],
        "why": explanation.why,
        "detail": _plain(step.detail, step.counter),
    }


def steps_json(
    board: Board, steps: Sequence[Step], rules: Iterable[Rule], start: State | None = None
) -> list[dict[str, Any]]:
    explanations = explain_steps(board, steps, rules, start)
    return [step_json(board, e, s) for e, s in zip(explanations, steps, strict=True)]


def solve_document(result: SolveResult, rules: Sequence[Rule], source: str) -> dict[str, Any]:
    """The object ``queens solve --format json`` prints for one board."""
    board = result.board
    names = {r.counter: r.display_name for r in rules}
    return {
        "schema": SOLVE_SCHEMA,
        "source": source,
        "board": board_json(board),
        "status": result.status,
        "problem": result.problem,
        "culprit": result.culprit.counter if result.culprit else None,
        "budgets": budgets_json(result, names),
        "state": state_json(board, result.state),
        "counters": [
            {"counter": c, "name": names.get(c, c), "count": n} for c, n in result.counters.items()
        ],
        "steps": steps_json(board, result.steps, rules),
        "error": None,
    }


def budgets_json(
    result: SolveResult, names: Mapping[str, str] | None = None
) -> list[dict[str, str]]:
    """Each rule call that stopped at its own budget, in order: the rule (its counter,
    and with ``names`` its display name) and what it left untried."""
    if names is None:
        return [{"counter": c, "untried": untried} for c, untried in result.budgets]
    return [
        {"counter": counter, "name": names.get(counter, counter), "untried": untried}
        for counter, untried in result.budgets
    ]


def failed_document(
    source: str, status: str, error: str, board: Board | None = None, rule: Rule | None = None
) -> dict[str, Any]:
    """The ``queens-solve/1`` object of a board that was not solved through: ``status``
    ``bad-input`` or ``rule-failed``, ``error`` the line printed on standard error."""
    return {
        "schema": SOLVE_SCHEMA,
        "source": source,
        "board": board_json(board) if board is not None else None,
        "status": status,
        "problem": None,
        "culprit": rule.counter if rule is not None else None,
        "budgets": [],
        "state": None,
        "counters": None,
        "steps": None,
        "error": error,
    }


def dumps(document: Any, indent: int = 2) -> str:
    """UTF-8 JSON (the glyphs stay readable), keys in schema order. Lists of scalars
    (or of such lists: cells) and objects of scalars (a counter) stay on one line; the
    rest is indented, one item a line."""

    def inline(value: Any) -> bool:
        if isinstance(value, list):
            return all(inline(v) and not isinstance(v, dict) for v in value)
        if isinstance(value, dict):
            return all(not isinstance(v, list | dict) for v in value.values())
        return True

    def render(value: Any, depth: int) -> str:
        if inline(value):
            return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        pad = " " * (indent * (depth + 1))
        end = " " * (indent * depth)
        if isinstance(value, dict):
            items = [
                f"{pad}{json.dumps(k, ensure_ascii=False)}: {render(v, depth + 1)}"
                for k, v in value.items()
            ]
            return "{\n" + ",\n".join(items) + f"\n{end}}}"
        items = [f"{pad}{render(v, depth + 1)}" for v in value]
        return "[\n" + ",\n".join(items) + f"\n{end}]"

    return render(document, 0)


# -- queens check, queens stats, queens hint --------------------------------------------


def report_json(report: CheckReport) -> dict[str, Any]:
    """The JSON object of one board (docs/check.md, "JSON")."""
    # Here, not at the top: ``queens solve --format json`` loads this module too, and the
    # text module loads the hint's tools.
    from .text import SHOWN_SOLUTIONS

    board = report.board
    out: dict[str, Any] = {
        "path": report.name,
        "status": check_status(report),
        "verdict": report.verdict,
        "message": report.message,
        "size": board.n if board else None,
        "problems": list(report.problems),
        "error": report.error_line,
        "solutions": None,
        "logic": None,
        "rules_used": None,
        "grade": None,
    }
    if board is None:
        return out
    out["solutions"] = {
        "count": report.count,
        "cap": report.cap,
        "at_least": report.count >= report.cap or not report.complete,
        "examples": [cell_labels(board, mask) for mask in report.solutions[:SHOWN_SOLUTIONS]],
    }
    assessment = report.assessment
    if assessment is None:
        return out
    full = assessment.full
    out["logic"] = {
        "status": full.status,
        "tier_needed": assessment.tier_needed,
        "queens_placed": full.state.queens.bit_count(),
        "cells_undecided": full.state.live.bit_count(),
        "problem": full.problem,
        "budgets": budgets_json(full),
    }
    out["rules_used"] = {counter: count for counter, count in full.counters.items() if count}
    if assessment.rung is not None:
        out["grade"] = {
            "level": assessment.rung.level,
            "name": assessment.rung.grade,
            "score": assessment.score,
            "needs": needs_words(assessment),
        }
    return out


def summary_json(summary: Summary) -> dict[str, Any]:
    """The JSON document (docs/stats.md, "JSON")."""
    # Here, not at the top: ``queens solve --format json`` loads this module too.
    from ..tools.grade import LADDER

    processed = summary.processed
    totals = summary.totals()
    fired = summary.boards_fired()
    grades = summary.by_grade()
    times = summary.solve_times()
    return {
        "boards": len(summary.boards),
        "solved": sum(b.status == SOLVED for b in processed),
        "not_solved": sum(b.status != SOLVED for b in processed),
        "errors": len(summary.boards) - len(processed),
        # Counts of boards by their number of solutions; null when not counted.
        "uniqueness": summary.by_uniqueness() if summary.counted else None,
        "exit_status": stats_exit_status(summary),
        "by_size": {str(n): row for n, row in summary.by_size().items()},
        "by_grade": {name: grades[level] for level, name, *_ in LADDER},
        "rules": [
            {
                "counter": counter,
                "display_name": summary.names[counter],
                "family": summary.families[counter],
                "firings": totals[counter],
                "boards": fired[counter],
            }
            for counter in summary.counters
        ],
        "time": {
            "solve_median_s": times["median"],
            "solve_p95_s": times["p95"],
            "wall_s": summary.wall_seconds,
        },
        "per_board": [
            {
                "path": b.path,
                "status": b.status,
                "size": b.size,
                "tier_needed": b.tier_needed,
                "grade": b.grade,
                "score": b.score,
                "uniqueness": b.uniqueness,
                "solve_s": b.seconds,
                "counters": b.counters or None,
                "error": b.error,
            }
            for b in summary.boards
        ],
    }


def hint_document(hint: Hint, source: str, state_source: str | None) -> dict[str, Any]:
    """The object ``queens hint --format json`` prints (schema ``queens-hint/1``)."""
    # Here, not at the top: ``queens solve --format json`` loads this module too.
    from ..tools.hint import NO_SOLUTION, WRONG
    from .text import message_lines

    board = hint.board
    check = hint.check
    wrong = None
    if hint.status in (WRONG, NO_SOLUTION):
        wrong = {
            "queens": cells_json(board, check.bad_queens),
            "dead": cells_json(board, check.bad_dead),
            "conflicts": [
                [list(divmod(a, board.n)), list(divmod(b, board.n))] for a, b in check.conflicts
            ],
            "solutions": check.solutions,
        }
    return {
        "schema": HINT_SCHEMA,
        "source": source,
        "state_source": state_source,
        "board": board_json(board),
        "status": hint.status,
        "message": " ".join(message_lines(hint)),
        "state": state_json(board, hint.state),
        "step": (
            step_json(board, hint.explanation, hint.step)
            if hint.explanation and hint.step
            else None
        ),
        "after": state_json(board, hint.after) if hint.after else None,
        # The cells crossed for the queens of the state before the step (``state`` has
        # them crossed already); empty with --every-step.
        "crossed": cells_json(board, hint.crossed),
        "wrong": wrong,
        "focus": (
            {
                "kind": hint.focus.kind,
                "index": (
                    list(hint.focus.index)
                    if isinstance(hint.focus.index, tuple)
                    else hint.focus.index
                ),
                "name": hint.focus.name,
                "cells": cells_json(board, hint.focus.cells),
            }
            if hint.focus
            else None
        ),
    }


# -- reading back (used by tests and by anyone who stores the output) ----------------


def board_from_json(document: dict[str, Any]) -> Board:
    return Board.from_rows(document["board"]["rows"])


def mask_from_json(board: Board, cells: Iterable[Sequence[int]]) -> int:
    mask = 0
    for r, c in cells:
        mask |= 1 << board.cell(r, c)
    return mask


def state_from_json(board: Board, state: dict[str, Any]) -> State:
    """The state of a ``state`` object (from its cell lists; the picture must agree)."""
    queens = mask_from_json(board, state["queens"])
    dead = mask_from_json(board, state["dead"])
    return State(board.full & ~queens & ~dead, queens)


def steps_from_json(board: Board, steps: Iterable[dict[str, Any]]) -> list[Step]:
    """The steps of a document as :class:`Step` values (details as tuples again)."""

    def as_tuple(value: Any) -> Any:
        return tuple(as_tuple(v) for v in value) if isinstance(value, list) else value

    out = []
    for step in steps:
        placed = 0 if step["placed"] is None else 1 << board.cell(*step["placed"])
        out.append(
            Step(
                step["rule"],
                placed,
                mask_from_json(board, step["killed"]),
                as_tuple(step["detail"]),
            )
        )
    return out

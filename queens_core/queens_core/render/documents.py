"""The JSON output of ``queens solve --format json`` and ``queens hint --format json``.

The schema is documented in ``docs/json.md``; it is versioned by the ``schema`` key
(``queens-solve/1``, ``queens-hint/1``): a change that could break a reader bumps it.

Cells are ``[row, column]`` pairs, both 0-based (the ``why`` sentences use the 1-based
``rRcC`` labels a person reads). Regions are referred to by their letter.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from typing import Any

from ..engine.board import Board, bits
from ..engine.driver import RuleFailure, SolveResult
from ..engine.rules import Rule, Step, Tier
from ..engine.state import State
from ..tools.explain import Explanation, explain_steps

SOLVE_SCHEMA = "queens-solve/1"
HINT_SCHEMA = "queens-hint/1"
CHECK_SCHEMA = "queens-check/1"
STATS_SCHEMA = "queens-stats/1"
RULES_SCHEMA = "queens-rules/1"


def cells_json(board: Board, mask: int) -> list[list[int]]:
    """A mask as ``[[row, column], ...]`` in reading order (0-based)."""
    n = board.n
    return [list(divmod(i, n)) for i in bits(mask)]


def board_json(board: Board) -> dict[str, Any]:
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
    from ..engine.driver import ContractViolation

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
        "state": state_json(board, result.state),
        "counters": [
            {"counter": c, "name": names.get(c, c), "count": n} for c, n in result.counters.items()
        ],
        "steps": steps_json(board, result.steps, rules),
        "error": None,
    }


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
        "state": None,
        "counters": None,
        "steps": None,
        "error": error,
    }


def print_document(document: Any, json_line: bool = False) -> None:
    """Print one JSON document: indented for people, or on one line (JSON Lines: one
    document a line, for a command over several boards)."""
    import click

    if json_line:
        click.echo(json.dumps(document, ensure_ascii=False))
    else:
        click.echo(dumps(document))


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

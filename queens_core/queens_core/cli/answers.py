"""What the commands that answer from a player's position share (``hint``,
``hint --all``, ``why``, ``what-if``): asking the application, ending in one line when
it cannot answer, and printing the typed answer it gives."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from ..engine.rules import Rule
from .exits import EXIT_BAD_INPUT, EXIT_RULE_FAILED, EXIT_UNDECIDED, fail

T = TypeVar("T")


def asked(ask: Callable[[], T], board_name: str, traceback: bool) -> T:
    """What ``ask()`` answers. When it cannot, the command ends with one line naming the
    board: a cell the board does not have (2), a rule that fails or proves unsound (3, the
    rule's traceback with ``traceback``), a search past its budget (7)."""
    from ..api import CellError, RuleFailure, SearchLimitExceeded, UnsoundRule

    try:
        return ask()
    except CellError as err:
        fail(str(err), EXIT_BAD_INPUT)
    except RuleFailure as err:
        fail(f"{board_name}: {err}", EXIT_RULE_FAILED, err.error if traceback else None)
    except UnsoundRule as err:
        fail(f"{board_name}: {err}", EXIT_RULE_FAILED)
    except SearchLimitExceeded as err:
        fail(f"{board_name}: undecided within the budget: {err}", EXIT_UNDECIDED)


def print_answer(
    answer: Any,
    output_format: str,
    board_name: str,
    rules: Sequence[Rule],
    text: Callable[[], str] | None = None,
    color: bool | None = None,
) -> None:
    """Print ``answer``: its JSON document, or its text (``text()`` when given, else
    ``answer.text()``). A rule's step detail that has no JSON form ends the command in
    one line naming the rule (3)."""
    if output_format != "json":
        from .exits import option_name

        # The options and commands the text points to, as the command line spells them.
        click.echo(answer.text(option_name) if text is None else text(), color=color)
        return
    from ..api import DetailError
    from ..render.documents import detail_failure, dumps

    try:
        document = answer.to_json()
    except DetailError as err:
        fail(f"{board_name}: {detail_failure(err, rules)}", EXIT_RULE_FAILED)
    click.echo(dumps(document))

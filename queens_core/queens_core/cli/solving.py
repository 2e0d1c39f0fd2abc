"""The work of ``queens solve``: read each board, solve it, print it (or why not).

Without click (the plain form runs without it, :mod:`queens_core.cli.plain`), and apart
from the command's definition (:mod:`queens_core.cli.commands.solve`, which ``queens
--help`` imports to list it), so that what a solve needs is imported once, at the
top, when the command runs: an import inside a function that runs once a board costs
about as much as reading a small board (Python 3.11 looks for ``__path__`` on the module
and builds and drops an ``AttributeError`` each time), ten of them a board in all.
The JSON formats are still imported only when asked for.
"""

from __future__ import annotations

import os
import sys

from ..api import Application, BoardInputError, RuleFailure
from ..engine.board import Board
from ..engine.driver import CONTRADICTION
from ..engine.rules import Rule
from ..tools.batch import STDIN, display_name, worst
from .exits import (
    EXIT_BAD_INPUT,
    EXIT_NOT_SOLVED,
    EXIT_RULE_FAILED,
    EXIT_SOLVED,
    SEVERITY,
    echo,
    report_error,
    warn_notes,
    warn_split_regions,
)
from .settings import Settings, selected_rules
from .stars_option import parse_stars


def solve_boards(
    settings: Settings,
    boards: tuple[str, ...],
    only: tuple[str, ...] = (),
    exclude: tuple[str, ...] = (),
    tier: str | None = None,
    explain: bool = False,
    output_format: str = "text",
    color: str = "auto",
    letters: bool = False,
    stars: str = "auto",
) -> None:
    """``queens solve`` with its options' values (the defaults: its plain form): solve
    each board of ``boards`` (none: standard input), print it, and exit with the worst
    status."""
    k = parse_stars(stars)
    app = settings.application()
    selected_rules(settings.registry(), only, exclude, tier)  # a bad name: exit 2 first
    paths = boards or (STDIN,)
    several = len(paths) > 1
    depth = None
    if output_format == "text":
        from .report import colour_depth

        # Where standard output goes and what the environment asks for hold for the whole
        # command: decided once, not once a board.
        depth = colour_depth(color)
    statuses = []
    for i, path in enumerate(paths):
        if several and output_format == "text":
            gap = "\n" if i else ""  # the blank line between two boards, in one write
            # Its colour said, as for the board below: click then need not ask whether
            # standard output is a terminal once a board (the line has no escapes).
            echo(f"{gap}==> {display_name(path)} <==", color=depth is not None)
        selection = (only, exclude, tier)
        statuses.append(
            solve_one(
                settings, app, path, selection, explain, output_format, depth, several, letters, k
            )
        )
    sys.exit(worst(statuses, SEVERITY))


def solve_one(
    settings: Settings,
    app: Application,
    path: str,
    selection: tuple[tuple[str, ...], tuple[str, ...], str | None],
    explain: bool,
    output_format: str,
    depth: str | None,
    json_lines: bool = False,
    letters: bool = False,
    k: int | None = None,
) -> int:
    """Solve one board and print it as asked; return its exit status. ``depth``: the
    colour depth of a text answer (None: no colour). With ``json_lines``, its JSON
    document is printed on one line (one board of several)."""
    name = display_name(path)
    as_json = output_format == "json"
    try:
        read = app.read(path, k)
    except BoardInputError as err:
        message = str(err)
        if os.path.isdir(path):
            # `check` and `stats` take a folder; a user who tried one here is told so.
            message = (
                f"cannot read {name}: it is a folder; `queens solve` takes board files "
                f"({os.path.join(name, '*.txt')}), `queens check` and `queens stats` take "
                "folders"
            )
        report_error(message)
        if as_json:
            print_failed(name, "bad-input", message, json_lines)
        return EXIT_BAD_INPUT
    parsed = read.board
    warn_notes(name, read.notes, read.unique_stars, k)
    warn_split_regions(name, parsed)
    try:
        solution = app.solve(parsed, *selection, name=name)
        # Before any output: an unsound result prints nothing but the error.
        if solution.unsound:
            report_error(f"{name}: {solution.unsound}")
            if as_json:
                failed = f"{name}: {solution.unsound}"
                culprit = solution.diagnosis.culprit
                print_failed(name, "rule-failed", failed, json_lines, parsed, culprit)
            return EXIT_RULE_FAILED
        # Inside the try: a rule's explain runs while the output is built.
        if as_json:
            from ..api import DetailError
            from ..render.documents import detail_failure
            from .output import print_document

            try:
                document = solution.to_json()
            except DetailError as err:
                failure = detail_failure(err, solution.rules)
                report_error(f"{name}: {failure}")
                print_failed(
                    name, "rule-failed", f"{name}: {failure}", json_lines, parsed, failure.rule
                )
                return EXIT_RULE_FAILED
            print_document(document, json_lines)
        else:
            # click strips escape sequences when stdout is not a terminal; --color always
            # means keep them.
            echo(solution.text(explain, depth, letters), color=depth is not None)
    except RuleFailure as err:
        report_error(f"{name}: {err}", err.error if settings.traceback else None)
        if as_json:
            print_failed(name, "rule-failed", f"{name}: {err}", json_lines, parsed, err.rule)
        return EXIT_RULE_FAILED
    result = solution.result
    if result.solved:
        return EXIT_SOLVED
    if result.status == CONTRADICTION:
        none = "; the board has no solution" if solution.diagnosis.has_solution is False else ""
        echo(f"queens: contradiction: {name}: {result.problem_after_culprit()}{none}", err=True)
    else:
        names = {rule.counter: rule.display_name for rule in solution.rules}
        echo(
            f"queens: not solved: {name}: the rules stop with {result.progress()}"
            f"{result.budget_note(names)}",
            err=True,
        )
    return EXIT_NOT_SOLVED


def print_failed(
    name: str,
    status: str,
    error: str,
    json_lines: bool,
    board: Board | None = None,
    rule: Rule | None = None,
) -> None:
    """The JSON entry of a board that could not be solved (bad input, a rule failed)."""
    from ..render.documents import failed_document
    from .output import print_document

    print_document(failed_document(name, status, error, board, rule), json_lines)

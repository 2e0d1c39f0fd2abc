"""``queens practise``: a board to practise one rule on."""

from __future__ import annotations

import click

from ..exits import (
    EXIT_BAD_INPUT,
    EXIT_NOT_SOLVED,
    EXIT_RULE_FAILED,
    check_output_path,
    fail,
    open_output,
    option_name,
    said,
    write_output,
)
from ..numbers import WholeNumbers
from ..options import SECONDS, format_option


@click.command(short_help="Make a board to practise one rule on.")
@click.argument("rule", metavar="RULE")
@click.option(
    "--size", type=WholeNumbers(4, 17), metavar="N", help="The board's size, N×N (default: 8)."
)
@click.option("--seed", type=int, default=0, show_default=True, help="Where the search starts.")
@click.option(
    "--seconds",
    type=SECONDS,
    default=30.0,
    show_default=True,
    metavar="SECONDS",
    help="Give up after this long (exit 1).",
)
@click.option(
    "--write-state",
    "state_path",
    metavar="FILE",
    help="Write the position to start from to FILE (the picture `queens hint --state` reads).",
)
@format_option("json: one object (schema queens-practice/1, in the manual's JSON documents page).")
@click.pass_obj
def practise(
    settings,
    rule: str,
    size: int | None,
    seed: int,
    seconds: float,
    state_path: str | None,
    output_format: str,
) -> None:
    """Make a board to practise RULE (a rule id: `queens rules list`) on: the rule is
    needed, and it is the first step past the easier rules, so that the hint at the
    position printed is a step of RULE.

    The easier rules are those the hint offers first (a lower rung of the difficulty
    ladder, a lower weight within it, or the same weight and earlier in the
    catalog). A Queens board for a Queens rule; a Star Battle board with the fewest
    stars a Star Battle rule runs with. When no board needing the rule turns up in
    half the time, or forty boards had it first but did not need it (other rules
    stand in for some), a board where the hint goes to it first is taken, and the
    output says so.

    Exit status: 0 a board, 1 none found within --seconds, 2 bad input (a rule that is
    not installed, or that there is nothing to practise of), 3 a rule failed.

    \b
    Examples:
      queens rules list                 (the rule ids)
      queens practise RULE --seed 3 --write-state start.txt
    """
    from ...api import GenerateError, GiveUp, RuleFailure, SelectionError, UnsoundRule
    from ...render.documents import dumps

    if state_path is not None:
        check_output_path(state_path)
    try:
        answer = settings.application().practise(rule, size, seed, seconds)
    except (SelectionError, GenerateError) as err:
        fail(said(err), EXIT_BAD_INPUT)
    except GiveUp as err:
        fail(said(err), EXIT_NOT_SOLVED)
    except (RuleFailure, UnsoundRule) as err:
        fail(str(err), EXIT_RULE_FAILED)
    if output_format == "json":
        click.echo(dumps(answer.to_json()))
    else:
        click.echo(answer.text(option_name))
    if state_path is not None:
        write_output(open_output(state_path), answer.start.picture(answer.board) + "\n")

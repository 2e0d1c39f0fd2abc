"""``queens generate`` knows the one solution of every board it makes before the rules see
it, so a rule whose solve contradicts that solution is proven unsound there and then:
the command stops with exit 3 and the same one line ``solve`` and ``check`` print, instead
of dropping the map as one the rules could not solve (and trying another, and another)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from fakedist import ROOT, FakeSite, rule_module
from hostile import HIDDEN_KILL
from support import quick_rule

from queens_core import Board, load_registry
from queens_core.cli.app import main
from queens_core.cli.exits import EXIT_RULE_FAILED
from queens_core.generator.queens_maker import Maker
from queens_core.generator.stars_maker import StarMaker
from queens_core.referee.blame import UnsoundRule
from queens_core.tools.grade import Grader, check_against

#: Kills the first live cell, every time it runs: sooner or later a cell of the solution.
FIRST_LIVE_KILL = """
live = ctx.state.live
if live:
    ctx.kill(live & -live)
"""

WHO = "rule 'first_live_kill' (First live kill) from queens-rules-faulty 2.0.1"


def install(site: FakeSite, body: str = FIRST_LIVE_KILL, counter: str = "first_live_kill") -> None:
    site.add(
        "queens-rules-faulty",
        "2.0.1",
        {"faulty": "faulty_rules"},
        {"faulty_rules/__init__.py": rule_module(body, counter)},
    )


def install_for_every_k(site: FakeSite) -> None:
    """HIDDEN_KILL for every K, at the first position a package not queens' own may take:
    it kills stars of the solution outright (the first live cell is mostly empty in a Star
    Battle solution); on a small board the catalog's rules may solve it in their first
    pass, before the rule has a turn: the test's board is 10×10."""
    source = rule_module(HIDDEN_KILL, "hidden_kill", position=1000, max_stars=None)
    site.add(
        "queens-rules-faulty",
        "2.0.1",
        {"faulty": "faulty_rules"},
        {"faulty_rules/__init__.py": source},
    )


def generate(*args: str):
    return CliRunner().invoke(main, ["generate", *args], catch_exceptions=False)


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("queens: error:")]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_generate_stops_on_an_unsound_rule_and_names_it(site, jobs):
    install(site)
    result = generate("--size", "6", "--seed", "1", "--count", "2", "--jobs", jobs)
    assert result.exit_code == EXIT_RULE_FAILED, result.output
    assert result.stdout == ""  # no board was made with it
    (line,) = error_lines(result.stderr)
    assert line.startswith(
        f"queens: error: 6×6 board 1 of seed 1: {WHO} made an unsound deduction: it killed r"
    )
    assert "which leaves the board no solution" in result.stderr
    assert "Traceback" not in result.stderr


def test_solve_names_the_rule_in_the_same_words(site):
    """The line ``generate`` prints is the one ``solve`` prints, but for the board's name."""
    install(site)
    board = str(ROOT / "archive" / "boards" / "1.txt")
    solved = CliRunner().invoke(main, ["solve", board], catch_exceptions=False)
    made = generate("--size", "6", "--seed", "1")
    assert solved.exit_code == made.exit_code == EXIT_RULE_FAILED
    said = f"{WHO} made an unsound deduction: it killed r"
    assert error_lines(solved.stderr)[0].startswith(f"queens: error: {board}: {said}")
    assert error_lines(made.stderr)[0].startswith(f"queens: error: 6×6 board 1 of seed 1: {said}")


def test_generate_stars_stops_on_an_unsound_rule_and_names_it(site):
    install_for_every_k(site)
    result = generate("--stars", "2", "--size", "10", "--seed", "1")
    assert result.exit_code == EXIT_RULE_FAILED, result.output
    (line,) = error_lines(result.stderr)
    who = "rule 'hidden_kill' (Hidden kill) from queens-rules-faulty 2.0.1"
    assert line.startswith(
        f"queens: error: 10×10 board 1 of seed 1: {who} made an unsound deduction: it killed r"
    )


def test_the_makers_raise_unsound_rule_through_the_api():
    rule = quick_rule("first_live_kill", lambda ctx: ctx.kill(ctx.state.live & -ctx.state.live))
    rules = [*load_registry().rules, rule]
    said = r"^6×6 board 3 of seed 7: rule 'first_live_kill'"
    with pytest.raises(UnsoundRule, match=said):
        Maker(rules, 6).make(7, 2)  # checked in the grader's full solve
    maker = Maker(rules, 6, grade="Hard")
    assert maker.top is not None and "first_live_kill" in maker.top.by_counter
    with pytest.raises(UnsoundRule, match=said):
        maker.make(7, 2)  # checked in the solve of the target's hardest rung


def test_a_sound_solve_passes_the_check_and_one_against_another_solution_fails_it():
    board = Board.parse((ROOT / "archive" / "boards" / "1.txt").read_text())
    grader = Grader(load_registry().rules)
    full = grader.full.solve(board)
    assert full.solved
    check_against(full, full.state.queens, grader.full.by_counter)  # no error
    # Taken for the one solution, a mask without the first queen makes that queen's
    # placement the unsound step.
    first = full.state.queens & -full.state.queens
    with pytest.raises(UnsoundRule, match="made an unsound deduction: it placed a queen on r"):
        check_against(full, full.state.queens & ~first, grader.full.by_counter)


def test_star_maker_with_sound_rules_is_unchanged_by_the_check():
    """The check costs the normal path nothing but two mask tests: boards are as before."""
    maker = StarMaker(load_registry().rules, 8, 2)
    made = maker.board(0, 1)
    assert made.solution == made.assessment.full.state.queens

"""A refused argument is named as its asker wrote it: the API's keyword in ``str()`` and
``parameter``, the command line's option in its one error line (exit 2), and the same
values refused by both (a time limit of 0, a path that does not exist)."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest
from click.testing import CliRunner
from support import ARCHIVE

from queens_core.api import (
    Application,
    Argument,
    ArgumentError,
    BoardInputError,
    FixError,
    GenerateError,
    GiveUp,
    Listing,
    SelectionError,
)
from queens_core.cli import app as cli
from queens_core.cli.exits import said

BOARD = str(ARCHIVE / "1.txt")


@pytest.fixture(scope="module")
def app() -> Application:
    return Application()


#: Each refusal: the API call, the error's type, what str() begins with, the parameter
#: it is about; the command line that asks the same, and its error line.
REFUSALS: list[tuple[Callable[[Application], Any], type, str, str | None, list[str], str]] = [
    (
        lambda app: app.generate(3),
        GenerateError,
        "size: 3 is not a size it makes",
        "size",
        ["generate", "--size", "3"],
        "--size: 3 is not a size it makes; sizes: 4 to 32",
    ),
    (
        lambda app: app.new_board(40),
        GenerateError,
        "size: 40 is not a size it makes",
        "size",
        ["generate", "--size", "40"],
        "--size: 40 is not a size it makes; sizes: 4 to 32",
    ),
    (
        lambda app: app.generate(8, count=0),
        GenerateError,
        "count: 0 makes no board",
        "count",
        ["generate", "--size", "8", "--count", "0"],
        "--count: 0 makes no board; give 1 or more",
    ),
    (
        lambda app: app.generate(8, grade="zz"),
        GenerateError,
        "grade: 'zz' is not a grade",
        "grade",
        ["generate", "--size", "8", "--grade", "zz"],
        "--grade: 'zz' is not a grade; grades: 1 Easy, 2 Medium, 3 Hard, 4 Fiendish",
    ),
    (
        lambda app: app.generate(8, tier="zz"),
        GenerateError,
        "tier: 'zz' is not a tier",
        "tier",
        ["generate", "--size", "8", "--tier", "zz"],
        "--tier: 'zz' is not a tier; tiers: baseline, cheap, expensive",
    ),
    (
        lambda app: app.generate(8, max_region=2),
        GenerateError,
        "max_region: 2 is not possible",
        "max_region",
        ["generate", "--size", "8", "--max-region", "2"],
        "--max-region: 2 is not possible: 8 regions share 64 cells, so the largest has at "
        "least 8; ask for 8 or more",
    ),
    (
        lambda app: app.generate(8, min_region=9),
        GenerateError,
        "min_region: 9 is not possible",
        "min_region",
        ["generate", "--size", "8", "--min-region", "9"],
        "--min-region: 9 is not possible: 8 regions share 64 cells, so the smallest has 1 "
        "to 8 cells",
    ),
    (
        lambda app: app.generate(8, max_tries=0),
        GenerateError,
        "max_tries: 0 is not a positive number",
        "max_tries",
        ["generate", "--size", "8", "--max-tries", "0"],
        "--max-tries: 0 is not a positive number",
    ),
    (
        lambda app: app.generate(8, jobs=0),
        GenerateError,
        "jobs: 0 is not a positive number",
        "jobs",
        ["generate", "--size", "8", "--jobs", "0"],
        "--jobs: 0 is not a positive number",
    ),
    (
        lambda app: app.generate(8, needs=["zz"]),
        GenerateError,
        "needs='zz': no installed rule has this id; `Application().rules()` lists them",
        "needs",
        ["generate", "--size", "8", "--needs", "zz"],
        "--needs zz: no installed rule has this id; `queens rules list` lists them",
    ),
    (
        lambda app: app.generate(8, needs=["baseline"]),
        GenerateError,
        "needs='baseline': that is a rule package (5 rules); needs takes rule ids",
        "needs",
        ["generate", "--size", "8", "--needs", "baseline"],
        "--needs baseline: that is a rule package (5 rules); --needs takes rule ids, such as "
        "queen_adjacent_kill (`queens rules list` lists them)",
    ),
    (
        lambda app: app.generate(
            8, needs=["placement_forces_contradiction"], exclude=["placement_forces_contradiction"]
        ),
        GenerateError,
        "needs='placement_forces_contradiction': no board can need it: the rule selection "
        "(only, exclude) leaves it out",
        "needs",
        [
            "generate",
            "--size",
            "8",
            "--needs",
            "placement_forces_contradiction",
            "--exclude",
            "placement_forces_contradiction",
        ],
        "--needs placement_forces_contradiction: no board can need it: the rule selection "
        "(--only, --exclude) leaves it out",
    ),
    (
        lambda app: app.generate(8, stars=2, min_region=3),
        GenerateError,
        "min_region is for Queens boards, not with stars=2",
        "min_region",
        ["generate", "--size", "8", "--stars", "2", "--min-region", "3"],
        "--min-region is for Queens boards, not with --stars 2",
    ),
    (
        lambda app: app.generate(8, stars=2, grade="zz"),
        GenerateError,
        "grade: 'zz' is not a grade of Star Battle boards",
        "grade",
        ["generate", "--size", "8", "--stars", "2", "--grade", "zz"],
        "--grade: 'zz' is not a grade of Star Battle boards (2 Medium, 3 Hard, 4 Fiendish)",
    ),
    (
        lambda app: app.generate(8, force=True),
        GenerateError,
        "force needs out_dir",
        "force",
        ["generate", "--size", "8", "--force"],
        "--force needs -o DIR: it overwrites the board files already in DIR",
    ),
    (
        lambda app: app.generate(8, jobs=2, cluster="tcp://127.0.0.1:1"),
        GenerateError,
        "jobs is for the processes of this machine: with cluster the cluster's workers",
        "jobs",
        ["generate", "--size", "8", "--jobs", "2", "--cluster", "tcp://127.0.0.1:1"],
        "--jobs is for the processes of this machine: with --cluster the cluster's workers "
        "share the batch",
    ),
    (
        lambda app: app.solve(BOARD, only=["x"]),
        SelectionError,
        "only: no installed rule or rule package is called 'x'",
        "only",
        ["solve", BOARD, "--only", "x"],
        "--only: no installed rule or rule package is called 'x'; `queens rules list` lists them",
    ),
    (
        lambda app: app.solve(BOARD, only=","),
        SelectionError,
        "only needs a rule or package name, got ','",
        "only",
        ["solve", BOARD, "--only", ","],
        "--only needs a rule or package name, got ','",
    ),
    (
        lambda app: app.solve(BOARD, only="baseline", exclude="baseline"),
        SelectionError,
        "the selection (only, exclude, tier) leaves no rule to run",
        "only",
        ["solve", BOARD, "--only", "baseline", "--exclude", "baseline"],
        "the selection (--only, --exclude, --tier) leaves no rule to run",
    ),
    (
        lambda app: app.fix(BOARD, keep="Z"),
        FixError,
        "keep='Z': the board has no region Z",
        "keep",
        ["fix", BOARD, "--keep", "Z"],
        f"{BOARD}: --keep Z: the board has no region Z (its regions: BGNOPRST)",
    ),
    (
        lambda app: app.fix(BOARD, grade="zz"),
        FixError,
        "grade: 'zz' is not a grade",
        "grade",
        ["fix", BOARD, "--grade", "zz"],
        f"{BOARD}: --grade: 'zz' is not a grade; grades: 1 Easy, 2 Medium, 3 Hard, 4 Fiendish",
    ),
    (
        lambda app: app.practise("bogus"),
        SelectionError,
        "no installed rule is called 'bogus'; `Application().rules()` lists them",
        "rule",
        ["practise", "bogus"],
        "no installed rule is called 'bogus'; `queens rules list` lists them",
    ),
    (
        lambda app: app.check(BOARD, timeout=0),
        ArgumentError,
        "timeout: 0 is not more than 0 seconds",
        "timeout",
        ["check", BOARD, "--timeout", "0"],
        "invalid value for '--timeout': '0' is not more than 0 seconds (see 'queens check --help')",
    ),
    (
        lambda app: app.check_paths([BOARD], timeout=float("nan")),
        ArgumentError,
        "timeout: nan is not a finite number of seconds",
        "timeout",
        ["check", BOARD, "--timeout", "nan"],
        "invalid value for '--timeout': 'nan' is not a finite number of seconds (see 'queens "
        "check --help')",
    ),
    (
        lambda app: app.generate(8, stars=5),
        GenerateError,
        "stars: an 8×8 board cannot hold 5 stars per unit (at most 2)",
        "stars",
        ["generate", "--size", "8", "--stars", "5"],
        "--stars: an 8×8 board cannot hold 5 stars per unit (at most 2): no solution exists",
    ),
    (
        lambda app: app.hint(BOARD, timeout=0),
        ArgumentError,
        "timeout: 0 is not more than 0 seconds",
        "timeout",
        ["hint", BOARD, "--timeout", "0"],
        "invalid value for '--timeout': '0' is not more than 0 seconds (see 'queens hint --help')",
    ),
    (
        lambda app: app.why(BOARD, "r1c1", timeout=-2),
        ArgumentError,
        "timeout: -2 is not more than 0 seconds",
        "timeout",
        ["why", "r1c1", BOARD, "--timeout", "-2"],
        "invalid value for '--timeout': '-2' is not more than 0 seconds (see 'queens why --help')",
    ),
    (
        lambda app: app.fix(BOARD, seconds=0),
        ArgumentError,
        "seconds: 0 is not more than 0 seconds",
        "seconds",
        ["fix", BOARD, "--seconds", "0"],
        "invalid value for '--seconds': '0' is not more than 0 seconds (see 'queens fix --help')",
    ),
    (
        lambda app: app.practise("single_cell_line", seconds=-1),
        ArgumentError,
        "seconds: -1 is not more than 0 seconds",
        "seconds",
        ["practise", "single_cell_line", "--seconds", "-1"],
        "invalid value for '--seconds': '-1' is not more than 0 seconds (see 'queens "
        "practise --help')",
    ),
]


@pytest.mark.parametrize(
    ("ask", "error_type", "api_text", "parameter", "argv", "cli_line"),
    REFUSALS,
    ids=[" ".join(refusal[4]).replace(BOARD, "BOARD") for refusal in REFUSALS],
)
def test_a_refusal_names_the_parameter_as_each_asker_wrote_it(
    app, ask, error_type, api_text, parameter, argv, cli_line
):
    with pytest.raises(error_type) as caught:
        ask(app)
    text = str(caught.value)
    assert text.startswith(api_text)
    assert "--" not in text and "queens " not in text
    assert caught.value.parameter == parameter

    result = CliRunner().invoke(cli.main, argv)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"queens: error: {cli_line}")


def test_stats_of_a_missing_path_is_refused_as_reading_it_is(app, tmp_path):
    missing = str(tmp_path / "nonexist")
    with pytest.raises(BoardInputError) as read:
        app.read(missing)
    with pytest.raises(BoardInputError) as summed:
        app.stats([BOARD, missing])
    assert str(summed.value) == str(read.value)
    assert summed.value.detail == read.value.detail
    result = CliRunner().invoke(cli.main, ["stats", BOARD, missing])
    assert result.exit_code == 2
    assert result.stderr == f"queens: error: {read.value}\n"


def test_an_error_words_its_parts_for_each_shell_and_keeps_them_across_processes():
    error = GiveUp("no board found; raise ", Argument("max_tries"), ", or ", Listing("rules"))
    assert str(error) == "no board found; raise max_tries, or `Application().rules()`"
    assert said(error) == "no board found; raise --max-tries, or `queens rules list`"
    assert error.parameter == "max_tries"
    # A worker process raises it and the parent words it: the parts cross, not the text.
    crossed = pickle.loads(pickle.dumps(error))
    assert type(crossed) is GiveUp and said(crossed) == said(error)
    valued = GenerateError(Argument.given("needs", "a,b"), ": no such rule", about="needs")
    assert (str(valued), said(valued)) == ("needs='a,b': no such rule", "--needs a,b: no such rule")
    assert pickle.loads(pickle.dumps(valued)).parameter == "needs"
    # A plain message is about no parameter and reads the same everywhere.
    plain = GenerateError("no rule is selected")
    assert (str(plain), said(plain), plain.parameter) == (("no rule is selected",) * 2 + (None,))


def test_a_give_up_advises_in_the_callers_words(app):
    batch = app.generate(
        4, seed=1, needs=["polyomino_t_hexomino"], exclude=["placement_forces_contradiction"]
    )
    with pytest.raises(GiveUp) as caught:
        list(batch.boards())
    text = str(caught.value)
    assert text.endswith("it never fired; a larger size gives it more room; or raise max_tries")
    assert said(caught.value).endswith(
        "it never fired; a larger --size gives it more room; or raise --max-tries"
    )


@pytest.mark.parametrize("verb", ["hint", "steps", "why", "what_if"])
def test_a_state_that_is_not_a_state_is_refused_by_name(app, verb):
    """A picture's text or a file's path where a State goes is a TypeError that says how
    to make one, not an error about a missing attribute deep inside."""
    cell = () if verb in ("hint", "steps") else ("r1c1",)
    with pytest.raises(TypeError, match=r"^state must be a State or None, not str: "):
        getattr(app, verb)(BOARD, *cell, state="progress.txt")


def test_a_cap_below_two_names_its_keyword(app):
    with pytest.raises(ArgumentError, match=r"^cap=1: the count must go on") as refused:
        app.check(BOARD, cap=1)
    assert refused.value.parameter == "cap"


@pytest.mark.parametrize(
    "ask",
    [
        lambda app: app.check(BOARD, stars=0),
        lambda app: app.check_paths([BOARD], stars=0),
        lambda app: app.stats([BOARD], stars=0),
        lambda app: app.read(BOARD, stars=0),
    ],
    ids=["check", "check_paths", "stats", "read"],
)
def test_stars_below_one_are_refused_as_the_cli_refuses_them(app, ask):
    with pytest.raises(ArgumentError, match=r"^stars must be at least 1, not 0$") as refused:
        ask(app)
    assert refused.value.parameter == "stars"

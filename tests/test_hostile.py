"""Hostile plugins (tests/hostile.py), installed as real packages: every command stops the
rule with one line that names it, its package and version, and exit status 3; the board
is never printed as solved and the rule never gets a traceback past the CLI."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from fakedist import ROOT, FakeSite, rule_module
from hostile import (
    BASE_EXCEPTION,
    BOARD_MUTATION,
    CACHE_VANDAL,
    MULTILINE_MESSAGE,
    NOT_A_STEP,
    PRINTS,
    RUNAWAY,
)

from queens_core.cli.app import main

BOARD = str(ROOT / "archive" / "boards" / "1.txt")
RULE = "rule 'hostile' (Hostile) from queens-rules-hostile 6.6.6"


@pytest.fixture
def site(tmp_path, monkeypatch):
    fake = FakeSite(tmp_path / "site", monkeypatch)
    yield fake
    fake.forget_modules()


def install(site: FakeSite, body: str) -> None:
    site.add(
        "queens-rules-hostile",
        "6.6.6",
        {"hostile": "hostile_rules"},
        {"hostile_rules/__init__.py": rule_module(body, "hostile")},
    )


def run(*args: str):
    return CliRunner().invoke(main, list(args))


CASES = [
    (
        BOARD_MUTATION,
        "broke the rule contract: it tried to set the board's kill_masks; a Board is read-only",
    ),
    (
        NOT_A_STEP,
        "broke the rule contract: it put tuple ('not_a_step', 0, 0, ()) in ctx.steps; only "
        "ctx.place() and ctx.kill() record steps",
    ),
    (BASE_EXCEPTION, "raised Escape: out of here"),
    (
        PRINTS,
        "broke the rule contract: it wrote 'debugging output' to standard output, where the "
        "board is printed",
    ),
    (
        CACHE_VANDAL,
        "broke the rule contract: it wrote the cache of rule 'polyomino_domino' in "
        "state.caches (a rule keeps its scratch space in ctx.cache, which is its own)",
    ),
    (MULTILINE_MESSAGE, "raised ValueError: first line second line third line"),
]


@pytest.mark.parametrize(("body", "cause"), CASES, ids=[c[1][:30] for c in CASES])
def test_a_hostile_rule_is_named_in_one_line_by_every_command(site, tmp_path, body, cause):
    install(site, body)
    line = f"queens: error: {BOARD}: {RULE} {cause}\n"
    for args in (
        ["solve", BOARD],
        ["check", BOARD],
        ["hint", BOARD],
        ["render", BOARD, "--solve", "-o", str(tmp_path / "x.svg")],
        ["stats", BOARD],
    ):
        result = run(*args)
        assert result.exit_code == 3, (args, result.output)
        assert result.stderr == line, args
        if args[0] in ("solve", "hint", "render"):
            assert result.stdout == ""


def test_a_runaway_rule_is_stopped_by_the_time_budget(site, monkeypatch):
    monkeypatch.setattr("queens_core.engine.guards.TIME_BUDGET", 0.3)
    install(site, RUNAWAY)
    result = run("solve", BOARD)
    assert result.exit_code == 3
    assert result.stderr == (
        f"queens: error: {BOARD}: {RULE} ran away: it was still running when the solve's "
        "time budget (0.3 s) ran out\n"
    )


def test_a_hook_that_returns_none_is_a_broken_package(site):
    site.add(
        "queens-rules-forgetful",
        "1.0",
        {"forgetful": "forgetful_rules"},
        {
            "forgetful_rules/__init__.py": (
                "from queens_core import hookimpl\n\n\n"
                "@hookimpl\ndef queens_register_rules():\n    pass\n"
            )
        },
    )
    result = run("solve", BOARD)
    assert result.exit_code == 4
    assert result.stderr.startswith(
        "queens: error: rule package queens-rules-forgetful[forgetful]: queens_register_rules "
        "must return a list of Rule, not NoneType"
    )
    assert len(result.stderr.splitlines()) == 1

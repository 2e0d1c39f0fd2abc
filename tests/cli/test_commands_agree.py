"""``generate``, ``check`` and ``stats`` speak one language: given the same rule selection,
they report the same tier and grade for every board ``generate`` made (the README's
promise that generate's tier and grade are those ``queens check`` reports)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from queens_core.cli.app import main

BOARDS = 100
SELECTIONS = {
    "every rule": (),
    "no expensive tier": ("--tier", "cheap"),
    "baseline and polyomino": ("--only", "baseline,polyomino"),
    "without pfc and pigeonhole": ("--exclude", "pfc,pigeonhole"),
}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.mark.slow
@pytest.mark.parametrize("selection", list(SELECTIONS))
def test_generate_check_and_stats_agree_on_tier_and_grade(tmp_path, selection):
    options = SELECTIONS[selection]
    # generate takes --only/--exclude; its --tier is a target, so the cheap selection is
    # said the way generate says it: leave the expensive tier out.
    made_with = ("--exclude", "pfc") if options == ("--tier", "cheap") else options
    code, out = run(
        "generate", "--size", "7", "--count", str(BOARDS), "--seed", "12",
        "-o", str(tmp_path), "--format", "json", *made_with,
    )  # fmt: skip
    assert code == 0, out
    generated = {
        record["path"]: (record["tier"], record["grade"]["level"])
        for record in map(json.loads, out.splitlines())
    }
    assert len(generated) == BOARDS

    code, out = run("check", "--format", "json", str(tmp_path), *options)
    assert code == 0, out  # every board unique and solved by the selection
    checked = {
        record["path"]: (record["logic"]["tier_needed"], record["grade"]["level"])
        for record in map(json.loads, out.splitlines())
    }
    assert checked == generated

    code, out = run("stats", "--format", "json", str(tmp_path), *options)
    assert code == 0, out
    document = json.loads(out)
    assert document["uniqueness"] == {"unique": BOARDS, "several": 0, "none": 0, "undecided": 0}
    counted = {b["path"]: (b["tier_needed"], b["grade"]) for b in document["per_board"]}
    assert counted == generated
    # The selection shows: no tier beyond what it has.
    tiers = {tier for tier, _ in generated.values()}
    if selection != "every rule":
        assert "expensive" not in tiers

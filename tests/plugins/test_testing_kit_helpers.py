"""The testing kit's helpers for boards and rules to test with (queens_core.testing):
load_boards, rules_of, make_rule and unsound_kill, which the packages' own tests use as a
third-party author would."""

from __future__ import annotations

import pytest
from support import ARCHIVE

from queens_core import Solver, Tier
from queens_core.referee.exact import find_solutions
from queens_core.testing import (
    check_soundness,
    load_boards,
    make_board,
    make_rule,
    random_boards,
    rules_of,
    run_rule,
    unsound_kill,
)

SMALL = """
    AAB
    ACB
    CCB
"""


def test_load_boards_names_boards_by_file_and_puts_numbers_in_number_order(tmp_path):
    for name in ("10", "2", "b-side", "1", "a-side"):
        (tmp_path / f"{name}.txt").write_text(make_board(SMALL).__str__() + "\n")
    (tmp_path / "notes.md").write_text("not a board")
    boards = load_boards(tmp_path)
    assert list(boards) == ["1", "2", "10", "a-side", "b-side"]
    assert all(board.rows == make_board(SMALL).rows for board in boards.values())


def test_load_boards_reads_the_archive_in_puzzle_order():
    boards = load_boards(ARCHIVE)
    numbers = sorted(int(path.stem) for path in ARCHIVE.glob("*.txt"))
    assert list(boards) == [str(n) for n in numbers]


def test_load_boards_refuses_a_folder_without_a_board(tmp_path):
    with pytest.raises(ValueError, match=r"no \*\.txt board there"):
        load_boards(tmp_path)


def test_rules_of_takes_short_and_distribution_names_in_the_registry_order(registry):
    short = rules_of(registry, "pfc", "baseline")
    full = rules_of(registry, "queens-rules-baseline", "queens-rules-pfc")
    assert short == full
    assert short == [
        r for r in registry.rules if r.package in {"queens-rules-baseline", "queens-rules-pfc"}
    ]
    assert {r.package for r in short} == {"queens-rules-baseline", "queens-rules-pfc"}


def test_rules_of_refuses_a_package_that_gives_no_rule(registry):
    with pytest.raises(ValueError, match="queens-rules-pcf"):
        rules_of(registry, "baseline", "pcf")


def test_make_rule_is_a_cheap_late_rule_named_by_its_counter_unless_told_otherwise():
    def apply(ctx):
        return None

    plain = make_rule("probe", apply)
    assert (plain.counter, plain.display_name, plain.tier, plain.position) == (
        "probe",
        "probe",
        Tier.CHEAP,
        1000,
    )
    assert plain.apply is apply
    told = make_rule("probe", apply, display_name="Probe", tier=Tier.EXPENSIVE, position=5)
    assert (told.display_name, told.tier, told.position) == ("Probe", Tier.EXPENSIVE, 5)


def test_a_made_rule_runs_in_a_solve(registry):
    calls = []
    probe = make_rule("probe", lambda ctx: calls.append(ctx.board.n))
    board = make_board(
        """
        AABBB
        AABBB
        CCDDD
        CEEED
        CEEED
        """
    )
    Solver([*rules_of(registry, "baseline"), probe]).solve(board)
    assert calls and set(calls) == {5}


def test_unsound_kill_kills_one_solution_cell_once_per_solve():
    board = next(iter(random_boards(1, sizes=(7,), seed=3).values()))
    solution = find_solutions(board, 1)[0]
    liar = make_rule("liar", unsound_kill)
    first = run_rule(liar, board)
    assert first.killed and first.killed & solution == first.killed
    assert first.killed.bit_count() == 1
    result = Solver([liar]).solve(board)
    assert [step.killed for step in result.steps if step.counter == "liar"] == [first.killed]


def test_check_soundness_names_the_rule_unsound_kill_drives(registry):
    liar = make_rule("liar", unsound_kill)
    with pytest.raises(AssertionError, match="rule 'liar' killed"):
        check_soundness([liar], random_boards(4), with_rules=rules_of(registry, "baseline"))

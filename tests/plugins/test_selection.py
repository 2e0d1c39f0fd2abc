"""Rule selection: ``queens solve --only / --exclude / --tier`` and ``select_rules``."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from support import CHEAP_STALL_353, ROOT

from queens_core import Board, Solver
from queens_core.cli.app import main
from queens_core.cli.exits import EXIT_BAD_INPUT
from queens_core.engine.arguments import Listing, words
from queens_core.plugins.selection import (
    SelectionError,
    close_names,
    package_key,
    select_rules,
    unknown_rule,
)

BOARD_353 = str(ROOT / "archive" / "boards" / "353.txt")


def solve(*args: str):
    return CliRunner().invoke(main, ["solve", *args], catch_exceptions=False)


def counters_of(stdout: str) -> dict[str, int]:
    _, _, section = stdout.partition("\n\n")
    pairs = (line.rsplit(" : ", 1) for line in section.splitlines())
    return {name.rstrip(): int(count) for name, count in pairs}


def counters(registry, *args: str) -> list[str]:
    return [r.counter for r in select_rules(registry.rules, *args)]


# -- select_rules ----------------------------------------------------------------------


def test_package_names_with_or_without_prefix_in_any_spelling():
    assert {package_key(n) for n in ("pfc", "queens-rules-pfc", "Queens_Rules.PFC")} == {"pfc"}


def test_only_by_package_and_by_counter(registry):
    pfc = ["placement_forces_contradiction"]
    assert counters(registry, ["pfc"]) == pfc
    assert counters(registry, ["queens-rules-pfc"]) == pfc
    assert counters(registry, ["queens_rules_pfc"]) == pfc
    assert counters(registry, ["placement_forces_contradiction"]) == pfc
    both = counters(registry, ["single_cell_region,pfc"])
    assert both == counters(registry, ["single_cell_region", "pfc"])
    assert both == ["single_cell_region", "placement_forces_contradiction"]


def test_exclude_and_tier(registry):
    everything = [r.counter for r in registry.rules]
    cheap = counters(registry, (), (), "cheap")
    assert cheap == everything[:-4]
    expensive = ["placement_forces_contradiction", "trial_star", "deep_trial", "trial_sweep"]
    assert everything[-4:] == expensive
    assert counters(registry, (), expensive) == cheap
    assert counters(registry, (), (), "expensive") == everything
    no_shapes = counters(registry, (), ["polyomino", "queen_adjacent_kill", "starbattle"])
    assert no_shapes == [
        "single_cell_region",
        "single_cell_line",
        "region_confined_to_line",
        "line_confined_to_region",
        "n_regions_in_n_lines",
        "placement_forces_contradiction",
    ]
    assert counters(registry, ["baseline"], ["single_cell_line"], "cheap") == [
        "queen_adjacent_kill",
        "single_cell_region",
        "region_confined_to_line",
        "line_confined_to_region",
    ]


def test_an_unknown_name_is_one_line_with_the_close_names(registry):
    """The message offered the close name, then listed every package and every rule id
    of the installation (46 ids with the catalog) on the same line."""
    with pytest.raises(SelectionError) as caught:
        select_rules(registry.rules, ["pcf"])
    assert str(caught.value) == (
        "only: no installed rule or rule package is called 'pcf' (did you mean 'pfc'?); "
        "`Application().rules()` lists them"
    )
    assert caught.value.parameter == "only"
    with pytest.raises(SelectionError) as caught:
        select_rules(registry.rules, (), ["xyzzy"])
    assert str(caught.value) == (
        "exclude: no installed rule or rule package is called 'xyzzy'; "
        "`Application().rules()` lists them"
    )
    with pytest.raises(SelectionError, match="tier: 'lukewarm' is not a tier"):
        select_rules(registry.rules, (), (), "lukewarm")


@pytest.mark.parametrize(
    ("name", "offered"),
    [
        ("pigeon", ["pigeonhole"]),  # the start of a package's name
        ("queens-rules-pigeonhol", ["pigeonhole"]),  # a package misspelt, with its prefix
        ("domino", ["polyomino_domino", "polyomino"]),  # a word of an id
        ("Single-cell region", ["single_cell_region"]),  # a display name
        ("Queen_Adjacent_Kill", ["queen_adjacent_kill"]),  # an id in another case
        ("polyomino_domno", ["polyomino_domino"]),  # a misspelt id: the closest only
        ("hexomino", ["polyomino_c_hexomino", "polyomino_l_hexomino", "polyomino_n_hexomino"]),
        ("xyzzy", []),
    ],
)
def test_close_names_offer_what_was_meant(registry, name, offered):
    assert close_names(name, registry.rules, packages=True) == offered


def test_a_rule_id_is_asked_for_and_a_package_is_given(registry):
    assert unknown_rule("pigeonhole", registry.rules) == (
        "'pigeonhole' is a rule package (1 rule), not a rule: name one of its rules, "
        "such as 'n_regions_in_n_lines'; ",
        Listing("rules"),
        " lists them",
    )
    # Packages are not offered where a rule id is asked for.
    assert words(unknown_rule("pigeon", registry.rules)) == (
        "no installed rule is called 'pigeon'; `Application().rules()` lists them"
    )


def test_a_selection_that_leaves_nothing_is_an_error(registry):
    with pytest.raises(SelectionError, match="leaves no rule to run"):
        select_rules(registry.rules, ["pfc"], (), "cheap")


def test_part_of_a_shared_sweep_runs_only_the_selected_shapes(registry, archive, solutions):
    """The polyomino rules share one apply: a partial selection must count and kill only
    with the selected shapes."""
    chosen = ["baseline", "polyomino_l_tromino", "polyomino_domino", "polyomino_t_pentomino"]
    solver = Solver(select_rules(registry.rules, chosen))
    allowed = set(solver.counter_order)
    fired = set()
    for key in list(archive)[:150]:
        result = solver.solve(archive[key])
        assert result.status != "contradiction"
        assert result.state.dead(archive[key]) & solutions[key] == 0
        assert {step.counter for step in result.steps} <= allowed
        fired |= {c for c, n in result.counters.items() if n}
    assert {"polyomino_domino", "polyomino_l_tromino"} <= fired


# -- the command -----------------------------------------------------------------------


@pytest.mark.parametrize("args", [["--tier", "cheap"], ["--exclude", "pfc"]])
def test_the_cheap_tier_alone_matches_the_spec(args):
    result = solve(*args, BOARD_353)
    assert result.exit_code == 1
    assert result.stdout == CHEAP_STALL_353


def test_only_the_counters_of_the_rules_that_ran_are_printed():
    result = solve("--only", "baseline,pfc", BOARD_353)
    assert result.exit_code == 0
    assert result.stdout.endswith(
        "\n\n"
        "Queen-adjacent kill            : 7\n"
        "Single-cell region             : 2\n"
        "Single-cell row / column       : 1\n"
        "Region-confined-to-line        : 0\n"
        "Line-confined-to-region        : 1\n"
        "Placement-forces-contradiction : 1\n"
    )


def test_leaving_out_queen_adjacent_kill_still_kills_at_each_placement():
    full = solve(BOARD_353)
    without = solve("--exclude", "queen_adjacent_kill", BOARD_353)
    assert full.exit_code == without.exit_code == 0
    assert full.stdout.partition("\n\n")[0] == without.stdout.partition("\n\n")[0]
    expected = counters_of(full.stdout)
    del expected["Queen-adjacent kill"]
    assert counters_of(without.stdout) == expected


def test_an_unknown_name_is_a_usage_error():
    result = solve("--only", "baseline", "--exclude", "polyomino_dominos", BOARD_353)
    assert result.exit_code == EXIT_BAD_INPUT
    assert result.stdout == ""
    assert result.stderr == (
        "queens: error: --exclude: no installed rule or rule package is called "
        "'polyomino_dominos' (did you mean 'polyomino_domino'?); `queens rules list` lists "
        "them\n"
    )
    assert solve("--tier", "warm", BOARD_353).exit_code == EXIT_BAD_INPUT


def test_the_options_are_documented_with_examples():
    text = CliRunner().invoke(main, ["solve", "--help"]).stdout
    for needle in (
        "--only NAMES",
        "--exclude NAMES",
        "--tier [baseline|cheap|expensive]",
        "queens solve --tier cheap",
        "queens solve --only baseline,pigeonhole",
        "counts placements is left out",
    ):
        assert needle in text


def test_selection_reads_boards_from_standard_input_too():
    board = Board.parse((ROOT / "archive" / "boards" / "353.txt").read_text())
    result = CliRunner().invoke(main, ["solve", "--tier", "cheap"], input=str(board) + "\n")
    assert result.stdout == CHEAP_STALL_353

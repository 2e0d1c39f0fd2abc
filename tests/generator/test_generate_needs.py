"""``queens generate --needs``: boards that need a rule, checked as ``queens check`` checks.

A board needs a rule under a selection when ``check`` with the selection says "unique,
solved by logic" and ``check`` with the selection minus the rule says "unique, but the
rules stall"; every test board is put to both (:func:`needs`).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_example_squeeze import queens, site  # noqa: F401 (the fixture)

from queens_core.cli.app import main
from queens_core.engine.arguments import Worded
from queens_core.generator.needs import NeedsFilter, NeverNeeded, resolve_needed, why_never_needed
from queens_core.generator.queens_maker import GenerateError, GiveUp, Maker
from queens_core.plugins.selection import select_rules
from queens_core.tools.check import check_board
from queens_core.tools.grade import Grader

PFC = "placement_forces_contradiction"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def needs(rows, selection, counter: str, tmp_path: Path) -> None:
    """Assert that ``check`` solves the board with ``selection`` and stalls without
    ``counter``."""
    path = tmp_path / f"needs-{abs(hash(tuple(rows)))}.txt"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    with_rule = check_board(str(path), Grader(selection))
    assert with_rule.verdict == "unique-solved", (with_rule.message, rows)
    assert with_rule.assessment is not None
    assert with_rule.assessment.full.counters[counter] > 0
    without = [rule for rule in selection if rule.counter != counter]
    assert check_board(str(path), Grader(without)).verdict == "unique-stalled", rows


def maker_for(registry, counters, exclude=(), size=7, **options):
    selection = select_rules(registry.rules, (), exclude)
    accept = NeedsFilter(selection, resolve_needed(selection, registry.rules, counters))
    return selection, Maker(selection, size, accept=accept, **options)


@pytest.mark.parametrize(
    ("counter", "exclude"),
    [
        ("n_regions_in_n_lines", (PFC,)),
        ("polyomino_domino", (PFC,)),
        (PFC, ()),
    ],
)
def test_every_board_needs_the_rule(registry, tmp_path, counter, exclude):
    selection, maker = maker_for(registry, [counter], exclude)
    for index in range(3):
        made = maker.make(3, index)
        needs(made.board.rows, selection, counter, tmp_path)


def test_two_rules_at_once_are_each_needed(registry, tmp_path):
    counters = ["region_confined_to_line", "polyomino_domino"]
    selection, maker = maker_for(registry, counters, (PFC, "n_regions_in_n_lines"))
    made = maker.make(1, 0)
    for counter in counters:
        needs(made.board.rows, selection, counter, tmp_path)


def test_the_same_boards_whatever_the_jobs(registry):
    _, maker = maker_for(registry, ["n_regions_in_n_lines"], (PFC,))
    one = [made.board.rows for made in maker.boards(5, 3)]
    assert [made.board.rows for made in maker.boards(5, 3, jobs=2)] == one


def test_a_rule_no_board_can_need_is_refused_before_any_work(registry):
    rules = registry.rules
    selection = select_rules(rules, (), (PFC,))
    by_id = {rule.counter: rule for rule in rules}
    placement = why_never_needed(by_id["queen_adjacent_kill"], rules)
    assert placement is not None and "whichever rule placed it" in str(Worded(*placement))
    left_out = why_never_needed(by_id[PFC], selection)
    assert left_out is not None and "(only, exclude) leaves it out" in str(Worded(*left_out))
    assert why_never_needed(by_id["n_regions_in_n_lines"], selection) is None
    with pytest.raises(GenerateError, match="rule package"):
        resolve_needed(selection, rules, ["polyomino"])
    with pytest.raises(GenerateError, match="did you mean 'n_regions_in_n_lines'"):
        resolve_needed(selection, rules, ["n_regions_in_n_line"])
    with pytest.raises(GenerateError, match="needs a rule id"):
        resolve_needed(selection, rules, [" , "])


def test_a_rule_the_expensive_tier_stands_in_for_is_given_up_on(registry):
    # Placement-forces-contradiction kills every cell region-confined-to-line kills (a
    # queen there empties the region at once), so no board can need the latter with it.
    selection = registry.rules
    by_id = {rule.counter: rule for rule in selection}
    accept = NeedsFilter(selection, [by_id["region_confined_to_line"]], probe=20)
    maker = Maker(selection, 7, accept=accept)
    with pytest.raises(NeverNeeded, match=f"exclude='{PFC}'") as caught:
        maker.make(1, 0)
    assert "of 20 boards the selected rules solve" in str(caught.value)
    assert isinstance(caught.value, GiveUp)  # the CLI exits 1, as for any give-up


def test_a_give_up_names_what_was_asked(registry):
    _, maker = maker_for(registry, ["polyomino_l_pentomino"], (PFC,), size=5, max_tries=2)
    with pytest.raises(GiveUp, match="that needs polyomino_l_pentomino found in 2 attempts"):
        maker.make(1, 0)


def test_the_command_makes_and_names_the_boards(tmp_path):
    result = run(
        "generate", "--size", "7", "--count", "2", "--seed", "4",
        "--needs", "n_regions_in_n_lines", "--exclude", PFC, "-o", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    files = sorted(tmp_path.glob("*.txt"))
    assert [f.name for f in files] == [
        "7x7-needs-n-regions-in-n-lines-s4-0001.txt",
        "7x7-needs-n-regions-in-n-lines-s4-0002.txt",
    ]
    # What check says with the selection, and with the selection minus the rule.
    checked = run("check", "--exclude", PFC, "--format", "json", str(tmp_path))
    assert checked.exit_code == 0, checked.output
    assert [json.loads(line)["verdict"] for line in checked.output.splitlines()] == [
        "unique-solved"
    ] * 2
    stalled = run("check", "--exclude", f"{PFC},n_regions_in_n_lines", str(tmp_path))
    assert stalled.exit_code == 1
    assert stalled.output.count("unique, but the rules stall") == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--needs", "queen_adjacent_kill"], "no board can need it: its steps are the cells"),
        (["--needs", "pfc"], "that is a rule package (1 rule); --needs takes rule ids"),
        (["--needs", "nope"], "no installed rule has this id"),
        (["--needs", PFC, "--exclude", "pfc"], "the rule selection (--only, --exclude) leaves"),
        (
            ["--needs", PFC, "--stars", "2"],
            "no board can need it: it is a rule for K = 1, not for boards with 2 stars a unit",
        ),
        (["--needs", "star_neighbour_kill", "--stars", "2"], "the cells a placed star kills"),
    ],
)
def test_the_command_refuses_what_cannot_be_made(args, message):
    result = CliRunner().invoke(main, ["generate", *args])
    assert result.exit_code == 2
    (line,) = result.output.strip().splitlines()
    assert line.startswith("queens: error: ") and message in line


@pytest.mark.slow
def test_a_third_party_rule_can_be_needed(site, tmp_path):  # noqa: F811 (the fixture)
    made = queens(
        "generate", "--size", "7", "--seed", "1", "--needs", "two_line_squeeze",
        "--exclude", PFC, "-o", str(tmp_path), site=site,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    solved = queens("check", "--exclude", PFC, str(tmp_path), site=site)
    assert solved.returncode == 0, solved.stdout
    stalled = queens("check", "--exclude", f"{PFC},two_line_squeeze", str(tmp_path), site=site)
    assert stalled.returncode == 1, stalled.stdout


@pytest.mark.parametrize(
    ("size", "rule", "options", "ending"),
    [
        # Every rule: placement-forces-contradiction stands in for the cheap one.
        ("7", "region_confined_to_line", ["--max-tries", "20"],
         "each time the other selected rules solved the board without it; leave out what "
         f"stands in for it, such as --exclude {PFC}; or raise --max-tries"),
        # A T-hexomino with the cell it kills spans five rows: no room on a 4×4 board.
        ("4", "polyomino_t_hexomino", ["--exclude", PFC],
         "boards the selected rules solve, it never fired; a larger --size gives it more "
         "room; or raise --max-tries"),
    ],
)  # fmt: skip
def test_the_command_says_what_it_saw_when_it_gives_up(size, rule, options, ending):
    result = run("generate", "--size", size, "--seed", "1", "--needs", rule, *options)
    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"queens: error: no board needed {rule}: of ")
    assert line.endswith(ending)


#: Boards `generate --needs RULE --exclude pfc --size 8 --seed 1` made for the four shapes
#: that fire most rarely (docs/writing-rules.md's table; `--max-tries 20000`), each
#: needed with every other cheap rule selected, and checked both ways here.
RARE_SHAPES = [
    ("polyomino_t_pentomino",
     ("PPPPOOOB", "PPPGGBBB", "PPPPGSSB", "PPPRGSSB", "PRRRSSSS", "PPSRSSSS", "LLSSSSKK",
      "LSSSSSSK")),
    ("polyomino_long_n_hexomino",
     ("PPPPPOOB", "PPPGPOBB", "PPSGGOOR", "PPSSRROR", "PSSLRROR", "PSLLRRRR", "PSSKKRRR",
      "PSSKRRRR")),
    ("polyomino_s_block_hexomino",
     ("POOOOOOO", "PPOOOOOO", "BOOOGOSS", "BOOGGOSO", "BRRRGOOO", "RRLLGOOK", "RRRLLOOK",
      "RRLLOOOK")),
    ("polyomino_f_ext_a_hexomino",
     ("PPOOOBBB", "PPGGOSBB", "PGGRRSSS", "GGRRRRRS", "GGRGGGRR", "GGGGLRRR", "KKGGLRRR",
      "KKLLLLLR")),
]  # fmt: skip


@pytest.mark.parametrize(("counter", "rows"), RARE_SHAPES)
def test_the_rarest_shapes_are_needed_with_every_other_cheap_rule(
    registry, tmp_path, counter, rows
):
    needs(rows, select_rules(registry.rules, (), [PFC]), counter, tmp_path)


@pytest.mark.slow
def test_the_command_makes_a_board_that_needs_a_rare_shape(registry, tmp_path):
    rule = "polyomino_long_n_hexomino"
    only = f"baseline,{rule}"
    result = run(
        # Seed 4: a board within the default tries (seed 1 needs more since queens-generate/3).
        "generate", "--size", "8", "--seed", "4", "--needs", rule, "--only", only,
        "-o", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    (made,) = tmp_path.glob("*.txt")
    needs(made.read_text().split(), select_rules(registry.rules, [only]), rule, tmp_path)


@pytest.mark.slow
def test_star_battle_boards_that_need_a_rule(tmp_path):
    """--needs with --stars K: every board is solved by the rules, and the rules without
    the named one stall on it; the file name says what was asked. (The deep trial is
    left out: with composite regions in the cheap tier, it stands in for the trial star
    on every 9×9 board the maker tries first.)"""
    from queens_core import Board, Solver, load_registry
    from queens_core.referee.exact import find_solutions

    result = run("generate", "--stars", "2", "--size", "9", "--seed", "1", "--count", "2",
                 "--exclude", "deep_trial", "--needs", "trial_star",
                 "-o", str(tmp_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    paths = sorted(tmp_path.glob("*.txt"))
    assert [p.name for p in paths] == [f"9x9-2stars-needs-trial-star-s1-000{i}.txt" for i in (1, 2)]
    rules = [rule for rule in load_registry().rules if rule.counter != "deep_trial"]
    every = Solver(rules, stars=2)
    without = Solver([rule for rule in rules if rule.counter != "trial_star"], stars=2)
    for path in paths:
        board = Board(tuple(path.read_text().splitlines()[1:]), 2)
        assert len(find_solutions(board, 2)) == 1
        solved = every.solve(board)
        assert solved.solved and solved.counters["trial_star"]
        assert not without.solve(board).solved


@pytest.mark.slow
def test_a_star_battle_rule_nothing_needs_is_given_up_on_with_what_stands_in():
    result = run("generate", "--stars", "2", "--size", "9", "--seed", "1",
                 "--needs", "exclusion")  # fmt: skip
    assert result.exit_code == 1
    (line,) = result.output.strip().splitlines()
    assert line.startswith("queens: error: no board needed exclusion: of ")
    assert line.endswith(
        "leave out what stands in for it, such as --exclude trial_star,deep_trial,trial_sweep"
    )


def test_a_cheap_star_battle_rule_is_needed_under_a_selection_that_leaves_out_its_stand_ins(
    tmp_path,
):
    """--only/--exclude work with --stars: with the trials, local enumeration and
    composite regions left out, capacity counting is needed, and `check` with the same
    selection agrees."""
    selection = "trial_star,deep_trial,local_enumeration,composite_regions"
    result = run("generate", "--stars", "2", "--size", "9", "--seed", "1", "--exclude",
                 selection, "--needs", "capacity_counting", "-o", str(tmp_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    (made,) = tmp_path.glob("*.txt")
    assert made.name == "9x9-2stars-needs-capacity-counting-s1-0001.txt"
    solved = run("check", "--exclude", selection, "--format", "json", str(made))
    assert solved.exit_code == 0, solved.output
    assert json.loads(solved.output)["verdict"] == "unique-solved"
    stalled = run("check", "--exclude", f"{selection},capacity_counting", str(made))
    assert stalled.exit_code == 1, stalled.output
    assert "unique, but the rules stall" in stalled.output

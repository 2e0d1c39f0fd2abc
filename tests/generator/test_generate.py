"""``queens generate`` and its engine, :mod:`queens_core.generator.queens_maker`.

Every board a test here makes is checked again by :func:`shipped`, through the code of
``queens check`` (exact count to 2, then the grader): one solution, solved by the rules
on the requested tier and grade, N 4-connected regions, none below the smallest size.
The boards are small (6×6 to 8×8) to keep the suite fast; ``bench/bench_generate.py``
measures the large ones.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support import install_offline, rules_of
from test_example_squeeze import EXAMPLE, queens

from queens_core.cli.app import main
from queens_core.engine.driver import RuleFailure
from queens_core.engine.rules import Rule, Tier
from queens_core.generator.queens_maker import (
    GenerateError,
    GiveUp,
    Maker,
    MapGeometry,
    MapUnderRepair,
    _below,
    _choice,
    _shuffle,
    generate_boards,
)
from queens_core.generator.regions import grow_region_map, random_queens
from queens_core.referee.exact import find_map_solutions
from queens_core.tools.check import check_board
from queens_core.tools.grade import Grader
from queens_rules_squeeze import RULES as SQUEEZE_RULES


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def shipped(
    rows: list[str] | tuple[str, ...],
    rules,
    tmp_path: Path,
    tier: str | None = None,
    grade: str | None = None,
    min_region: int = 1,
) -> None:
    """Assert that ``queens check`` (its code, with ``rules`` installed) passes the board
    with the requested tier and grade."""
    path = tmp_path / f"board-{abs(hash(tuple(rows)))}.txt"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    report = check_board(str(path), Grader(rules))
    board = report.board
    assert board is not None and report.assessment is not None
    assert report.verdict == "unique-solved", (report.message, rows)
    assert len(report.solutions) == 1
    assert len(board.letters) == board.n
    assert not board.warnings, board.warnings  # every region 4-connected
    assert min(mask.bit_count() for mask in board.region_masks) >= min_region
    rung = report.assessment.rung
    assert rung is not None
    if tier is not None:
        assert rung.tier == tier, (rung, rows)
    if grade is not None:
        assert rung.grade == grade, (rung, rows)


@pytest.mark.parametrize(
    ("size", "tier", "grade"),
    [
        (6, "baseline", None),
        (7, "cheap", None),
        (7, "expensive", None),
        (7, None, "Medium"),
        (8, None, "Hard"),
        (7, None, None),
    ],
)
def test_every_board_ships_with_the_requested_tier_or_grade(registry, tmp_path, size, tier, grade):
    made = list(generate_boards(registry.rules, size, 3, seed=11, tier=tier, grade=grade))
    assert [g.index for g in made] == [0, 1, 2]
    for g in made:
        assert g.board.n == size
        shipped(g.board.rows, registry.rules, tmp_path, tier, grade)
        # What the engine reports is what the check found.
        assert g.solution == check_board_solution(g.board.rows, tmp_path)


def check_board_solution(rows, tmp_path: Path) -> int:
    from queens_core import Board
    from queens_core.referee.exact import find_solutions

    (only,) = find_solutions(Board.from_rows(rows), 2)
    return only


def test_min_region_is_respected(registry, tmp_path):
    for g in generate_boards(registry.rules, 7, 3, seed=5, min_region=4):
        shipped(g.board.rows, registry.rules, tmp_path, min_region=4)


def test_same_seed_same_boards_whatever_the_jobs_or_the_count(registry):
    def rows(count, jobs):
        made = generate_boards(registry.rules, 7, count, seed=2, tier="cheap", jobs=jobs)
        return [g.board.rows for g in made]

    one = rows(4, 1)
    assert rows(4, 2) == one
    assert rows(2, 1) == one[:2]
    assert [g.board.rows for g in generate_boards(registry.rules, 7, 4, seed=3)] != one


@pytest.mark.slow
def test_star_battle_batches_are_the_same_whatever_the_jobs(tmp_path):
    """Star Battle boards share --jobs as Queens boards do: the same boards, the same
    files, in the same order, and a resumed batch makes only what is missing."""
    from queens_core.api import Application

    app = Application()
    one = [made.board.rows for made in app.generate(8, stars=2, count=3, seed=6).boards()]
    two = [made.board.rows for made in app.generate(8, stars=2, count=3, seed=6, jobs=2).boards()]
    assert two == one and len(set(one)) == 3
    folder = tmp_path / "made"
    list(app.generate(8, stars=2, count=2, seed=6, jobs=2, out_dir=str(folder)).boards())
    batch = app.generate(8, stars=2, count=3, seed=6, jobs=2, out_dir=str(folder))
    assert batch.kept == 2
    assert [made.board.rows for made in batch.boards()] == one
    written = sorted(folder.iterdir())
    assert [app.read(str(path)).board.rows for path in written] == one


def test_only_and_exclude_choose_the_rules_the_boards_are_made_for(registry, tmp_path):
    baseline = rules_of(registry, "baseline")
    for g in generate_boards(baseline, 7, 2, seed=4):
        assert g.rung.grade == "Easy"
        shipped(g.board.rows, baseline, tmp_path, tier="baseline")
    no_pfc = rules_of(registry, "baseline", "polyomino", "pigeonhole")
    with pytest.raises(GenerateError, match="tier expensive"):
        Maker(no_pfc, 8, tier="expensive")
    for g in generate_boards(no_pfc, 7, 2, seed=4, grade="Hard"):
        shipped(g.board.rows, no_pfc, tmp_path, tier="cheap", grade="Hard")


def test_a_third_party_rule_package_counts(registry, tmp_path):
    # Registered by hand, as the registry would: the grader places unknown packages'
    # cheap rules on the third rung (Hard).
    squeeze = [
        dataclasses.replace(rule, package="queens-rules-squeeze", version="0")
        for rule in SQUEEZE_RULES
    ]
    rules = [*rules_of(registry, "baseline"), *squeeze]
    made = list(generate_boards(rules, 7, 3, seed=8, grade="Hard"))
    for g in made:
        assert (
            g.assessment.full.counters["two_line_squeeze"]
            + g.assessment.full.counters["two_region_squeeze"]
        )
        shipped(g.board.rows, rules, tmp_path, tier="cheap", grade="Hard")


def grown_map(
    rng: random.Random, n: int, floor: int, bias: float = 1.0
) -> tuple[MapUnderRepair, int]:
    """A map grown from a random placement as an attempt grows one, and its queens."""
    columns = random_queens(n, rng)
    assert columns is not None
    planted = sum(1 << (r * n + c) for r, c in enumerate(columns))
    seeds = [r * n + c for r, c in enumerate(columns)]
    return MapUnderRepair(
        MapGeometry(n), grow_region_map(n, seeds, rng, bias), planted, floor
    ), planted


@given(seed=st.integers(0, 10**6), n=st.integers(4, 9), floor=st.integers(1, 3))
@settings(max_examples=25, deadline=None)
def test_moves_keep_regions_connected_their_queens_and_their_floor(seed, n, floor):
    rng = random.Random(seed)
    regions, planted = grown_map(rng, n, floor)
    assume(regions.enlarge_small(rng))
    for _ in range(3 * n):
        cell = rng.randrange(n * n)
        targets, kept = regions.moves_of(cell)
        if targets:
            regions.move(cell, rng.choice(targets), kept)
        board = regions.board()
        assert len(board.letters) == n and not board.warnings
        sizes = [mask.bit_count() for mask in board.region_masks]
        assert all((mask & planted).bit_count() == 1 for mask in board.region_masks)
        assert min(sizes) >= floor and sizes.count(1) <= 1


@given(seed=st.integers(0, 2**64), length=st.integers(0, 70))
@settings(max_examples=60, deadline=None)
def test_the_repairs_draw_as_random_does(seed, length):
    # The map's moves shuffle and choose with helpers of their own (one call where
    # random.Random makes two an item): the same draws, so a seed makes the same boards.
    mine, theirs = random.Random(seed), random.Random(seed)
    shuffled, expected = list(range(length)), list(range(length))
    _shuffle(shuffled, mine)
    theirs.shuffle(expected)
    assert shuffled == expected
    if length:
        assert _choice(mine, shuffled) == theirs.choice(expected)
        assert _below(length, mine) == theirs.randrange(length)
    assert mine.getstate() == theirs.getstate()


@given(seed=st.integers(0, 10**6), n=st.integers(4, 9), floor=st.integers(1, 3))
@settings(max_examples=25, deadline=None)
def test_a_small_maps_other_solutions_from_the_table_are_the_searchs(seed, n, floor):
    # Up to 9×9 a map under repair is checked against the table of every placement, not
    # searched: after every move, the same solutions as the exact search's.
    rng = random.Random(seed)
    regions, planted = grown_map(rng, n, floor)
    assert regions.geometry.table is not None
    for _ in range(2 * n):
        every = find_map_solutions(n, regions.region, regions.masks, 10**6)
        others, complete = regions.other_solutions(10**6, rng)
        assert planted in every and complete
        assert sorted(others) == sorted(s for s in every if s != planted)
        assert regions.unique() == (len(every) == 1)
        first, complete = regions.other_solutions(2, rng)
        assert len(first) == min(2, len(others)) and set(first) <= set(others)
        assert complete == (len(others) <= 2)
        cell = rng.randrange(n * n)
        targets, kept = regions.moves_of(cell)
        if targets:
            regions.move(cell, rng.choice(targets), kept)


@given(seed=st.integers(0, 10**6), n=st.integers(6, 20), floor=st.integers(1, 3))
@settings(max_examples=25, deadline=None)
def test_a_cell_deep_inside_its_region_is_tunnelled_to_a_neighbour(seed, n, floor):
    # Large maps' alternative solutions mostly have their queens inside big regions,
    # where no single move reaches them: a path of moves from the border does.
    rng = random.Random(seed)
    regions, planted = grown_map(rng, n, floor, bias=3.0)
    assume(regions.enlarge_small(rng))
    inside = [
        cell
        for cell in range(n * n)
        if not (planted >> cell) & 1
        and all(
            regions.region[m] == regions.region[cell] for m in regions.geometry.neighbours[cell]
        )
    ]
    assume(inside)
    cell = rng.choice(inside)
    was = regions.region[cell]
    before = (list(regions.masks), list(regions.region))
    if not regions._tunnel_to(cell, rng):
        assert (regions.masks, regions.region) == before  # refused: nothing changed
        return
    assert regions.region[cell] != was
    board = regions.board()
    assert len(board.letters) == n and not board.warnings
    assert all((mask & planted).bit_count() == 1 for mask in board.region_masks)
    sizes = [mask.bit_count() for mask in board.region_masks]
    assert min(sizes) >= floor and sizes.count(1) <= 1


def _raising(ctx) -> None:
    if ctx.state.queens.bit_count() >= 2:
        raise KeyError("boom")


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_rule_that_raises_is_named_whatever_the_jobs(registry, jobs):
    broken = Rule(
        counter="boom_rule",
        display_name="Boom",
        tier=Tier.CHEAP,
        position=2000,
        summary="Raises.",
        apply=_raising,
        package="boom",
    )
    rules = [*rules_of(registry, "baseline"), broken]
    with pytest.raises(RuleFailure, match=r"boom_rule.* raised KeyError: 'boom'"):
        list(generate_boards(rules, 6, 2, seed=1, jobs=jobs))


def test_a_request_not_met_gives_up_after_max_tries(registry):
    # 4×4 and 5×5 boards can be Fiendish, so no small request is sure to fail; a 9×9
    # Fiendish board takes several attempts, and the first three of index 1 of seed 4 fail.
    maker = Maker(registry.rules, 9, tier="expensive", max_tries=3)
    with pytest.raises(GiveUp, match=r"^no 9×9 board graded 4 Fiendish found in 3 attempts"):
        maker.make(4, 1)


# -- the command ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The squeeze example installed for real into a folder (as test_example_squeeze does)."""
    target = tmp_path_factory.mktemp("site-packages")
    install_offline(EXAMPLE, target)
    return target


@pytest.mark.slow
def test_with_the_squeeze_package_installed(site, registry, tmp_path):
    # The real entry point, through the `queens` executable (test_example_squeeze's site).
    result = queens(
        "generate",
        "--size",
        "7",
        "--count",
        "2",
        "--seed",
        "5",
        "--grade",
        "Hard",
        "--only",
        "baseline,squeeze",
        "--format",
        "json",
        site=site,
    )
    assert result.returncode == 0, result.stderr
    squeeze = [
        dataclasses.replace(rule, package="queens-rules-squeeze", version="0.2.0")
        for rule in SQUEEZE_RULES
    ]
    for line in result.stdout.splitlines():
        record = json.loads(line)
        counters = record["counters"]
        assert counters["two_line_squeeze"] + counters["two_region_squeeze"] > 0
        shipped(
            record["board"], [*rules_of(registry, "baseline"), *squeeze], tmp_path, "cheap", "Hard"
        )


def test_json_lines_hold_what_check_says(registry, tmp_path):
    result = run(
        "generate",
        "--size",
        "7",
        "--count",
        "2",
        "--seed",
        "3",
        "--grade",
        "medium",
        "--format",
        "json",
    )
    assert result.exit_code == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["index"] for r in records] == [0, 1]
    for record in records:
        assert record["schema"] == "queens-generate/4"
        assert record["seed"] == 3 and record["size"] == 7
        assert record["tier"] == "cheap" and record["grade"] == {"level": 2, "name": "Medium"}
        shipped(record["board"], registry.rules, tmp_path, "cheap", "Medium")
        assert len(record["solution"]) == 7
        assert record["counters"]["queen_adjacent_kill"] == 7


def test_text_output_and_a_random_seed_that_is_told(registry, tmp_path):
    result = run("generate", "--size", "6", "--count", "2", "--tier", "baseline")
    assert result.exit_code == 0, result.stderr
    (line,) = result.stderr.splitlines()
    seed = line.split()[2]
    assert line == f"queens: seed {seed} (pass --seed {seed} to make these boards again)"
    blocks = result.stdout.rstrip("\n").split("\n\n")
    assert len(blocks) == 2
    for i, block in enumerate(blocks):
        head, *rows = block.split("\n")
        assert head.startswith(f"board {i + 1} of 2: 6×6, tier baseline, grade 1 Easy, score ")
        shipped(rows, registry.rules, tmp_path, "baseline")
    again = run("generate", "--size", "6", "--count", "2", "--tier", "baseline", "--seed", seed)
    assert again.stdout == result.stdout and again.stderr == ""


def test_output_folder_resumes_and_never_overwrites_without_force(registry, tmp_path):
    out = tmp_path / "boards"
    args = ["generate", "--size", "6", "--seed", "9", "--tier", "cheap", "-o", str(out)]
    first = run(*args, "--count", "2")
    assert first.exit_code == 0, first.stderr
    names = sorted(p.name for p in out.iterdir())
    assert names == ["6x6-cheap-s9-0001.txt", "6x6-cheap-s9-0002.txt"]
    assert first.stdout.splitlines()[0].startswith(f"{out / names[0]}: 6×6, tier cheap, grade ")
    for name in names:
        shipped((out / name).read_text().split(), registry.rules, tmp_path, "cheap")
    (out / names[0]).write_text("not touched\n")
    more = run(*args, "--count", "3")
    assert more.exit_code == 1, more.stderr  # one kept file is no board: the batch is short
    assert "2 of 3 boards are already in" in more.stderr
    # The kept board still readable is listed again; the one overwritten by hand is named.
    listed = more.stdout.splitlines()
    assert [line.split(":")[0] for line in listed] == [
        str(out / "6x6-cheap-s9-0002.txt"),
        str(out / "6x6-cheap-s9-0003.txt"),
    ]
    assert listed[0] == first.stdout.splitlines()[1] + " (kept)"
    assert f"{out / names[0]}: kept, but not read again: " in more.stderr
    assert (out / names[0]).read_text() == "not touched\n"
    by_level = run("generate", "--size", "6", "--seed", "9", "--grade", "2", "-o", str(out))
    assert by_level.stdout.startswith(f"{out / '6x6-medium-s9-0001.txt'}: 6×6, tier cheap, ")
    forced = run(*args, "--count", "1", "--force")
    assert forced.exit_code == 0
    assert (out / names[0]).read_text() != "not touched\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "0"], "--size: 0 is not a size it makes; sizes: 4 to 32"),
        (["--size", "33"], "--size: 33 is not a size it makes; sizes: 4 to 32"),
        (["--size", "eight"], "--size: 'eight' is not a whole number"),
        (["--count", "-1"], "--count: -1 makes no board; give 1 or more"),
        (["--count", "0"], "--count: 0 makes no board; give 1 or more"),
        (
            ["--grade", "Impossible"],
            "--grade: 'Impossible' is not a grade; grades: 1 Easy, 2 Medium, 3 Hard, 4 Fiendish",
        ),
        (["--tier", "hard"], "--tier: 'hard' is not a tier; tiers: baseline, cheap, expensive"),
        (
            ["--tier", "expensive", "--exclude", "pfc"],
            "--tier: no board can need tier "
            "expensive with the selected rules; they reach: 1 Easy (baseline), 2 Medium (cheap), "
            "3 Hard (cheap)",
        ),
        (
            ["--grade", "Fiendish", "--only", "baseline"],
            "--grade: no board can be graded "
            "4 Fiendish with the selected rules; they reach: 1 Easy (baseline)",
        ),
        (["--only", "nonsense"], "--only: no installed rule or rule package is called 'nonsense'"),
        (["--jobs", "0"], "--jobs: 0 is not a positive number"),
        (["--max-tries", "0"], "--max-tries: 0 is not a positive number"),
        # Without -o there is no file to overwrite: a silent --force would hide a forgotten -o.
        (["--force"], "--force needs -o DIR: it overwrites the board files already in DIR"),
        (["--stars", "2", "--force"], "--force needs -o DIR"),
        (
            ["--min-region", "9"],
            "--min-region: 9 is not possible: 8 regions share 64 cells, so the smallest has "
            "1 to 8 cells",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message):
    result = run("generate", "--seed", "1", *args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"queens: error: {message}")


def test_an_unwritable_output_folder_is_refused_before_any_work(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = run("generate", "--seed", "1", "-o", str(blocker / "boards"))
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"queens: error: cannot write to {blocker / 'boards'}: ")


@pytest.mark.parametrize(("stars", "slash"), [("1", ""), ("2", ""), ("1", "/")])
def test_an_output_that_is_a_file_is_refused_as_not_a_folder(tmp_path, stars, slash):
    existing = tmp_path / "boards.txt"
    existing.write_text("kept\n")
    output = f"{existing}{slash}"  # a trailing slash says "folder", but it is still a file
    result = run("generate", "--seed", "1", "--stars", stars, "-o", output)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"queens: error: -o {output}: is a file; -o takes the folder to write the boards into"
    ]
    assert existing.read_text() == "kept\n"


def test_giving_up_is_one_line_and_exit_1():
    # Board 1 of seed 4 is made in 1 attempt; board 2 is not made in 3 (see above).
    result = run(
        "generate",
        "--size",
        "9",
        "--tier",
        "expensive",
        "--seed",
        "4",
        "--max-tries",
        "3",
        "--count",
        "2",
        "--format",
        "json",
    )
    assert result.exit_code == 1
    assert [json.loads(line)["index"] for line in result.stdout.splitlines()] == [0]
    assert result.stderr.splitlines() == [
        "queens: error: no 9×9 board graded 4 Fiendish found in 3 attempts (board 2); "
        "raise --max-tries, or ask for another size or grade"
    ]

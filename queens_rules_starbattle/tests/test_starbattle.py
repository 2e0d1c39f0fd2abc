"""Star Battle: K stars per unit in the core, the K-general exact engine, the SBN reader
and the rules of queens-rules-starbattle, each held against the exact engine."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from queens_core import Board, BoardError, Context, Contradiction, Solver, State, is_solution
from queens_core.engine.board import bits, max_stars
from queens_core.engine.state import find_empty_unit
from queens_core.generator.regions import lettered_rows
from queens_core.plugins.readers import TEXT_READER, InputError, read_source
from queens_core.referee import sat, stars_search
from queens_core.referee.exact import find_solutions
from queens_core.referee.exact import find_solutions as queens_solutions
from queens_rules_starbattle import RULES, deep_trial, trial_star
from queens_rules_starbattle.deductions import (
    overcounting,
    two_by_two_blocks,
    undercounting,
    unit_exactly_filled,
    unit_full,
)
from queens_rules_starbattle.generate import generate_starbattle
from queens_rules_starbattle.sbn import SBN_READER, parse_sbn, to_sbn

ROOT = Path(__file__).resolve().parents[2]
ARCHIVE = ROOT / "archive" / "boards"
QUEENS = Path(sys.executable).parent / "queens"

EXAMPLE = "AA2W556SAIWSRhAx6840-ZajjL3HvTBSeG"
#: Unique boards made by generate_starbattle (seeds 0 and 1), kept as SBN.
UNIQUE_10_2 = ("AA2WXXwIP7PIsnAa710144yIJXpTDKKHWe", "AA2W8N2r-j2g51ICD286KINe-JgjGXE1I2")


def archive_board(number: int) -> Board:
    return Board.parse((ARCHIVE / f"{number}.txt").read_text())


# -- K in the core -------------------------------------------------------------------------


def test_k1_is_the_default_and_with_stars_1_is_the_board_itself():
    board = archive_board(1)
    assert board.stars == 1 and board.star_total == board.n
    assert board.with_stars(1) is board


def test_a_star_kills_only_its_neighbours():
    board = archive_board(1).with_stars(2)
    cell = board.cell(3, 3)
    assert board.cells_of(board.kill_masks[cell]) == [
        (r, c) for r in (2, 3, 4) for c in (2, 3, 4) if (r, c) != (3, 3)
    ]
    assert board != archive_board(1)


@pytest.mark.parametrize(
    ("n", "k", "message"),
    [
        (10, 0, "stars per unit must be a whole number of at least 1, not 0"),
        (
            10,
            3,
            "a 10×10 board cannot hold 3 stars per unit: two adjacent rows hold at most 5 "
            "stars (one in each 2×2 block), not 6; at most 2 fit; no solution exists",
        ),
        (
            11,
            3,
            "an 11×11 board cannot hold 3 stars per unit: two adjacent rows would need a star "
            "in each of their 6 2×2 blocks, the one in the last column too, so that column "
            "would hold at least 5 stars, not 3; at most 2 fit; no solution exists",
        ),
    ],
)
def test_impossible_k_is_one_line(n, k, message):
    board = Board.from_rows(["".join(chr(65 + r) * n) for r in range(n)])
    with pytest.raises(BoardError) as caught:
        board.with_stars(k)
    assert str(caught.value) == message


def test_max_stars_follows_the_band_bound():
    assert [max_stars(n) for n in (4, 5, 8, 10, 14, 21, 25)] == [1, 1, 2, 2, 3, 5, 6]
    # An odd N where 2K reaches ceil(N/2) has no placement (N = 4K - 1: 7, 11, 15...).
    assert [max_stars(n) for n in (7, 11, 15, 19)] == [1, 2, 3, 4]


@pytest.mark.slow
@pytest.mark.skipif(not sat.available(), reason="the SAT engine is not installed")
def test_max_stars_is_exactly_the_largest_k_with_a_placement():
    for n in range(4, 24):
        for k in range(2, max_stars(n) + 2):
            stripes = Board(tuple(chr(ord("A") + r) * n for r in range(n)), k)
            has_one = bool(find_solutions(stripes, 1, seconds=30))
            assert has_one == (k <= max_stars(n)), (n, k)


def test_validator_counts_k():
    board, _ = parse_sbn(EXAMPLE)
    (solution,) = find_solutions(board, 2)
    stars = board.cells_of(solution)
    assert is_solution(board.rows, stars, 2)
    assert not is_solution(board.rows, stars[1:], 2)
    assert not is_solution(board.rows, stars, 1)


def test_a_short_unit_is_named_with_its_counts():
    board, _ = parse_sbn(EXAMPLE)
    state = State(board.full & ~board.row_masks[0], 0)
    state.live |= 1 << board.cell(0, 4)
    assert (
        str(find_empty_unit(board, state)) == "row 1 needs 2 stars but has 0 stars and 1 live cell"
    )


# -- the exact engine -------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 58, 158, 258, 353, 559])
def test_star_search_agrees_with_the_queens_engine_for_k1(number):
    board = archive_board(number)
    assert sorted(find_solutions(board, 50, strategy=stars_search.search)) == sorted(
        queens_solutions(board, 50)
    )


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=4, max_value=7), st.randoms(use_true_random=False))
def test_star_search_agrees_with_the_queens_engine_on_random_maps(n, rng):
    cells = [rng.randrange(n) for _ in range(n * n)]
    for k in range(n):
        cells[rng.randrange(n * n)] = k  # most maps then use every letter
    if len(set(cells)) != n:
        return
    board = Board(tuple("".join(chr(65 + cells[r * n + c]) for c in range(n)) for r in range(n)))
    assert sorted(find_solutions(board, 1000, strategy=stars_search.search)) == sorted(
        queens_solutions(board, 1000)
    )


def test_star_search_finds_every_solution_of_a_small_2_star_board():
    board = Board(("AAAABBBB", "AAAABBBB", "CCCCDDDD", "CCCCDDDD", "EEEEFFFF",
                   "EEEEFFFF", "GGGGHHHH", "GGGGHHHH"), 2)  # fmt: skip
    found = find_solutions(board, 10_000, strategy=stars_search.search)
    assert found and all(is_solution(board.rows, board.cells_of(s), 2) for s in found)
    brute = _brute_force(board)
    assert sorted(found) == sorted(brute)


def _brute_force(board: Board) -> list[int]:
    """Every solution, row by row over all K-subsets: slow, obviously right."""
    from itertools import combinations, pairwise

    n, k = board.n, board.stars
    out = []

    def go(r: int, stars: int) -> None:
        if r == n:
            if is_solution(board.rows, board.cells_of(stars), k):
                out.append(stars)
            return
        for combo in combinations(range(n), k):
            if any(b - a < 2 for a, b in pairwise(combo)):
                continue
            mask = sum(1 << (r * n + c) for c in combo)
            if any(board.kill_masks[i] & stars for i in bits(mask)):
                continue
            go(r + 1, stars | mask)

    go(0, 0)
    return out


def test_the_example_is_unique():
    board, _ = parse_sbn(EXAMPLE)
    assert len(find_solutions(board, 2)) == 1


# -- SBN --------------------------------------------------------------------------------------


def test_sbn_reads_the_example_and_writes_it_back():
    board, stars = parse_sbn(EXAMPLE)
    assert (board.n, stars, board.stars) == (10, 2, 2)
    assert board.rows[0] == "AAAABBCCCC" and board.rows[9] == "IIIIIIIHHH"
    assert to_sbn(board) == EXAMPLE


@pytest.mark.parametrize(
    ("sbn", "message"),
    [
        ("AA2W556", "SBN for a 10×10 board needs 30 border characters after the 4-character "
         "header, not 3"),
        ("AB2W556SAIWSRhAx6840-ZajjL3HvTBSeG", "SBN size code 'AB' is not one of 55 … 99 or "
         "AA (10) … PP (25)"),
        ("AA2W556SAIWSRhAx6840-ZajjL3HvTBS.G", "SBN character '.' at position 33 is not a "
         "base-64 digit (0-9A-Za-z-_)"),
        ("AA2W000000000000000000000000000000", "SBN borders cut the 10×10 grid into 1 region, "
         "not 10"),
        ("AA3W556SAIWSRhAx6840-ZajjL3HvTBSeG", "a 10×10 board cannot hold 3 stars per unit: "
         "two adjacent rows hold at most 5 stars (one in each 2×2 block), not 6; at most 2 "
         "fit; no solution exists"),
    ],
)  # fmt: skip
def test_malformed_sbn_is_one_line(sbn, message):
    with pytest.raises(BoardError) as caught:
        parse_sbn(sbn)
    assert str(caught.value) == message


# -- rules against the exact engine -----------------------------------------------------------

CHEAP = (unit_full, unit_exactly_filled, two_by_two_blocks, undercounting, overcounting)


@pytest.fixture(scope="module")
def small_boards() -> list[tuple[Board, int]]:
    boards = [parse_sbn(s)[0] for s in (EXAMPLE, *UNIQUE_10_2)]
    boards += [generate_starbattle(8, 2, seed=seed) for seed in range(3)]
    return [(b, find_solutions(b, 2)[0]) for b in boards]


def _random_state(board: Board, solution: int, rng: random.Random) -> State:
    """Some of the solution's stars placed (neighbours killed) and some other cells dead:
    a state the solution agrees with."""
    state = State.initial(board)
    ctx = Context(board, state)
    for cell in bits(solution):
        if rng.random() < 0.3 and state.live >> cell & 1:
            ctx.place(cell)
    for cell in bits(state.live & ~solution):
        if rng.random() < 0.3:
            state.live &= ~(1 << cell)
    return state


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.randoms(use_true_random=False))
def test_every_rule_keeps_the_solution(small_boards, rng):
    board, solution = rng.choice(small_boards)
    state = _random_state(board, solution, rng)
    for rule in (*CHEAP, trial_star, deep_trial):
        trial = state.copy()
        try:
            rule(Context(board, trial))  # type: ignore[arg-type]
        except Contradiction as err:  # pragma: no cover - would be unsound here
            raise AssertionError(f"{rule.__name__} found a contradiction: {err}") from err
        assert not trial.queens & ~solution, rule.__name__
        assert trial.live | trial.queens | solution == trial.live | trial.queens, rule.__name__


def test_each_rule_fires_on_the_boards(small_boards):
    fired = set()
    # Block cases opens the boards that needed a trial star: the trial is read without it.
    for rules in (RULES, [rule for rule in RULES if rule.counter != "block_cases"]):
        solver = Solver(rules)
        for board, solution in small_boards:
            result = solver.solve(board)
            assert not result.state.queens & ~solution
            fired |= {c for c, count in result.counters.items() if count}
    expected = {"star_neighbour_kill", "two_by_two_blocks", "exclusion", "block_cases"}
    assert expected | {"trial_star"} <= fired


def test_rules_declare_k_2_and_up_and_the_driver_keeps_k1_apart():
    assert all(r.min_stars == 2 and r.max_stars is None for r in RULES)
    board = archive_board(1)
    assert Solver(RULES).solve(board).counters == {}


def test_the_rules_solve_the_example():
    board, _ = parse_sbn(EXAMPLE)
    result = Solver(RULES).solve(board)
    assert result.solved
    assert result.state.queens == find_solutions(board, 1)[0]


# -- the command line -------------------------------------------------------------------------


def queens(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(QUEENS), *args], capture_output=True, text=True, timeout=120, check=False
    )


def test_solve_an_sbn_string():
    run = queens("solve", EXAMPLE)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("♛") == 20


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--stars", "0", EXAMPLE], "queens: error: --stars must be at least 1, not 0"),
        (["--stars", "x", EXAMPLE], "queens: error: --stars must be a whole number of at least "
         "1 or 'auto', not 'x'"),
        (["--stars", "1", EXAMPLE], f"queens: error: {EXAMPLE}: the input declares 2 stars per "
         "unit, but the K asked for is 1"),
        (["--stars", "3", str(ARCHIVE / "1.txt")], f"queens: error: {ARCHIVE / '1.txt'}: an 8×8 "
         "board cannot hold 3 stars per unit: two adjacent rows hold at most 4 stars (one in "
         "each 2×2 block), not 6; at most 2 fit; no solution exists"),
        (["AA2W556SAIW"], "queens: error: AA2W556SAIW: SBN for a 10×10 board needs 30 border "
         "characters after the 4-character header, not 7"),
        # A mistyped string is an SBN error, not a missing file.
        ([EXAMPLE.replace("L", "!")], f"queens: error: {EXAMPLE.replace('L', '!')}: SBN "
         "character '!' at position 26 is not a base-64 digit (0-9A-Za-z-_)"),
        # So is one with a mistyped size code.
        (["ZZ" + EXAMPLE[2:]], f"queens: error: ZZ{EXAMPLE[2:]}: SBN size code 'ZZ' is not "
         "one of 55 … 99 or AA (10) … PP (25)"),
    ],
)  # fmt: skip
def test_bad_stars_and_bad_sbn_are_one_line_exit_2(args, error):
    run = queens("solve", *args)
    assert run.returncode == 2
    assert run.stderr.splitlines() == [error]


@pytest.mark.parametrize(
    ("argument", "error"),
    [
        (EXAMPLE.replace("2", "0", 1), "SBN stars per unit '0' is not a digit from 1 to 9"),
        (EXAMPLE.replace("L", "!"), "SBN character '!' at position 26 is not a base-64 digit"),
        (EXAMPLE[:-1] + ".G", "SBN character '.' at position 34 is not a base-64 digit"),
        (EXAMPLE + "x", "needs 30 border characters after the 4-character header, not 31"),
        # A mistyped size code is the size code's error too, not a missing file.
        ("ZZ" + EXAMPLE[2:], "SBN size code 'ZZ' is not one of 55 … 99 or AA (10) … PP (25)"),
        ("44" + EXAMPLE[2:], "SBN size code '44' is not one of 55 … 99 or AA (10) … PP (25)"),
        ("QQ" + EXAMPLE[2:], "SBN size code 'QQ' is not one of 55 … 99 or AA (10) … PP (25)"),
        # Not SBN-like, or a file name by its suffix: a missing file, as it should be.
        ("AA2W556.sbn", "cannot read AA2W556.sbn: No such file or directory"),
        ("AA2W556.txt", "cannot read AA2W556.txt: No such file or directory"),
        ("boards/AA2W556", "cannot read boards/AA2W556: No such file or directory"),
        ("board1", "cannot read board1: No such file or directory"),
        ("BOARD1", "cannot read BOARD1: No such file or directory"),
        ("my1board-notes", "cannot read my1board-notes: No such file or directory"),
        (EXAMPLE[1:], f"cannot read {EXAMPLE[1:]}: No such file or directory"),
    ],
)
def test_an_argument_starting_like_sbn_gets_the_sbn_error(argument, error, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError) as caught:
        read_source(argument, (TEXT_READER, SBN_READER))
    assert error in str(caught.value)


def test_check_an_sbn_string():
    run = queens("check", EXAMPLE)
    assert run.returncode == 0, run.stderr + run.stdout
    assert "unique" in run.stdout


def test_sat_and_bitboard_engines_agree(small_boards):

    for board, _ in small_boards:
        assert sorted(find_solutions(board, 50, strategy=sat.search)) == sorted(
            find_solutions(board, 50, strategy=stars_search.search)
        )
    loose = Board(("AAAABBBB", "AAAABBBB", "CCCCDDDD", "CCCCDDDD", "EEEEFFFF",
                   "EEEEFFFF", "GGGGHHHH", "GGGGHHHH"), 2)  # fmt: skip
    assert sorted(find_solutions(loose, 10_000, strategy=sat.search)) == sorted(_brute_force(loose))


def test_every_step_of_the_example_has_its_own_true_sentence():
    from queens_core.tools.explain import explain_steps

    board, _ = parse_sbn(EXAMPLE)
    result = Solver(RULES).solve(board)
    explanations = explain_steps(board, result.steps, RULES)
    assert explanations and not [e for e in explanations if e.generic]
    state = State.initial(board)
    for step, explanation in zip(result.steps, explanations, strict=True):
        if step.counter == "unit_full":
            unit = board.unit_mask(step.detail[1], step.detail[2])
            assert (state.queens & unit).bit_count() == 2
        if step.counter == "trial_star":
            assert explanation.why.startswith(f"Suppose {explanation.headline(board)[:-5]}")
        if step.placed:
            Context(board, state).place(step.placed.bit_length() - 1)
        else:
            Context(board, state).kill(step.killed)


def test_the_sat_engine_proves_a_14x14_3_star_board_unique():
    board, stars = parse_sbn(
        "EE3W342Y1908AAMPuXx4bILGehBI5Z21aG8g0IHY4Y0dHH4CfoGPDMc3GyGwaXWGe"
    )  # made by generate_starbattle(14, 3, seed=1)
    (solution,) = find_solutions(board, 2)
    assert stars == 3 and is_solution(board.rows, board.cells_of(solution), 3)


def test_a_hint_from_a_state_with_a_star_names_the_star_rule():
    from queens_core.tools.hint import find_hint

    board, _ = parse_sbn(EXAMPLE)
    state = State(board.full & ~(1 << board.cell(0, 4)), 1 << board.cell(0, 4))
    found = find_hint(board, state, RULES, every_step=True)
    assert found.explanation is not None
    assert found.explanation.why == (
        "The star already on r1c5 rules out the cells touching it: r1c4 r1c6 r2c4 r2c5 r2c6."
    )
    # By default those crosses are taken as made, and said so in a star's words.
    from queens_core.render.text import hint_text

    crossed = find_hint(board, state, RULES)
    assert crossed.crossed == board.kill_masks[board.cell(0, 4)] & state.live
    assert "the 5 cells around your star (stars never touch)" in " ".join(
        hint_text(crossed).split()
    )


def test_generate_stars_makes_unique_boards_the_exact_engine_confirms():
    run = queens("generate", "--stars", "2", "--size", "8", "--count", "2", "--seed", "3",
                 "--format", "json")  # fmt: skip
    assert run.returncode == 0, run.stderr
    records = [json.loads(line) for line in run.stdout.splitlines()]
    assert [r["index"] for r in records] == [0, 1]
    for record in records:
        board = Board(tuple(record["board"]), 2)
        found = find_solutions(board, 2)
        assert len(found) == 1
        assert board.cells_of(found[0]) == [tuple(cell) for cell in record["solution"]]


def test_generate_stars_keeps_its_promise_and_files_keep_their_k(tmp_path):
    """Every board unique and solved by the rules, of the tier asked, graded as check
    grades it; a file written by -o reads back as the same puzzle, K included."""
    run = queens("generate", "--stars", "2", "--size", "8", "--count", "2", "--seed", "3",
                 "--tier", "cheap", "-o", str(tmp_path))  # fmt: skip
    assert run.returncode == 0, run.stderr
    paths = sorted(tmp_path.glob("*.txt"))
    assert [p.name for p in paths] == [
        "8x8-2stars-cheap-s3-0001.txt",
        "8x8-2stars-cheap-s3-0002.txt",
    ]
    for path, line in zip(paths, run.stdout.splitlines(), strict=True):
        assert path.read_text().startswith("stars: 2\n")
        assert line.startswith(f"{path}: 8×8, 2 stars, tier cheap, grade ")
        check = queens("check", str(path), "--format", "json")
        assert check.returncode == 0, check.stderr
        report = json.loads(check.stdout)
        assert report["solutions"]["count"] == 1
        grade = report["grade"]
        assert f"grade {grade['level']} {grade['name']}" in line
        board = Board(tuple(path.read_text().splitlines()[1:]), 2)
        assert Solver(RULES).solve(board).solved


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--stars", "3", "--size", "8"], "queens: error: --stars: an 8×8 board cannot hold 3 "
         "stars per unit (at most 2): no solution exists"),
        (["--stars", "2", "--min-region", "3"], "queens: error: --min-region is for Queens "
         "boards, not with --stars 2"),
        (["--stars", "2", "--only", "baseline"], "queens: error: none of the selected rules "
         "works with 2 stars per unit (`queens rules list` shows the stars each rule is for)"),
        (["--stars", "2", "--grade", "Easy"], "queens: error: --grade: 'Easy' is not a grade "
         "of Star Battle boards (2 Medium, 3 Hard, 4 Fiendish)"),
        (["--stars", "2", "--tier", "baseline"], "queens: error: --tier: 'baseline' is not a "
         "tier of Star Battle boards (cheap, expensive)"),
        (["--stars", "0"], "queens: error: --stars must be at least 1, not 0"),
    ],
)  # fmt: skip
def test_generate_stars_refuses_what_it_cannot_do_in_one_line(args, error):
    run = queens("generate", "--seed", "1", *args)
    assert run.returncode == 2
    assert run.stderr.splitlines() == [error]


def test_import_of_an_sbn_board_keeps_its_k_in_the_text_format(tmp_path):
    run = queens("import", EXAMPLE)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "stars: 2" and len(lines) == 11 and run.stderr == ""
    saved = tmp_path / "example.txt"
    saved.write_text(run.stdout)
    # Read back without --stars: the same puzzle, K included.
    assert read_source(str(saved)).stars == 2
    check = queens("check", str(saved), "--format", "json")
    assert check.returncode == 0, check.stderr
    assert json.loads(check.stdout)["solutions"]["count"] == 1
    # A Queens board imports as before: no header.
    imported = queens("import", str(ARCHIVE / "1.txt"))
    assert imported.stderr == "" and imported.stdout == (ARCHIVE / "1.txt").read_text()


def _grown_maps(n: int, k: int, count: int, seed: int) -> list[tuple[Board, int]]:
    """Maps as the generator first grows them round a planted solution (most with several
    solutions), each with its planted solution."""
    from queens_core.generator import stars_maker as made

    rng = random.Random(seed)
    maps = []
    while len(maps) < count:
        planted = made.plant(n, k, rng)
        tile_of = made._grow(n, list(bits(planted)), rng)
        group = made._group_tiles(n, k, tile_of, planted.bit_count(), rng)
        if group is not None:
            maps.append((Board(lettered_rows(n, [group[t] for t in tile_of]), k), planted))
    return maps


@pytest.mark.slow
def test_the_generators_question_agrees_with_a_full_search_across_renewals():
    """OtherSolutions (one SAT solver kept across boards) answers "a solution other than
    this one?" as a search for every solution does, over more boards than a session asks
    before it starts afresh."""
    from queens_core.referee.exact import OtherSolutions

    maps = _grown_maps(10, 2, 2 * sat.SatSession.RENEW + 5, seed=4)
    maps += [(b, find_solutions(b, 2)[0]) for b in (generate_starbattle(10, 2, s) for s in (5, 6))]
    asker = OtherSolutions(10, 2)
    assert asker.session is not None
    unique = 0
    for board, known in maps:
        two = find_solutions(board, 2, strategy=stars_search.search)
        assert is_solution(board.rows, board.cells_of(known), 2)
        found = asker.find_some(board, known, 1)
        if len(two) == 1:
            assert found == []
            unique += 1
        else:
            (other,) = found
            assert other != known
            assert is_solution(board.rows, board.cells_of(other), 2)
    assert unique >= 2 and len(maps) - unique >= 2 * sat.SatSession.RENEW


@pytest.mark.slow
def test_star_maker_boards_are_unique_by_the_exact_referee_and_solved_by_the_rules():
    """Every board the maker returns has one solution, the referee's own search says (the
    maker's question went through the kept SAT session), and the rules solve it."""
    from queens_core.generator.stars_maker import StarMaker

    maker = StarMaker(RULES, 10, 2)
    for made in maker.boards(seed=11, count=3, skip=lambda index: False):
        found = find_solutions(made.board, 2)
        assert found == [made.solution]
        assert Solver(RULES).solve(made.board).solved


@pytest.mark.slow
def test_the_generators_question_gives_several_distinct_other_solutions():
    """Asked for up to four other solutions, the kept SAT session gives distinct ones,
    none the known one, as many as a full search finds up to four."""
    from queens_core.referee.exact import OtherSolutions

    asker = OtherSolutions(10, 2)
    assert asker.session is not None
    several = 0
    for board, known in _grown_maps(10, 2, 12, seed=9):
        every = find_solutions(board, 6, strategy=stars_search.search)
        others = asker.find_some(board, known, 4)
        assert len(set(others)) == len(others) == min(4, len(every) - 1)
        assert known not in others
        assert all(is_solution(board.rows, board.cells_of(other), 2) for other in others)
        several += len(others) >= 2
    assert several >= 2


def test_a_maker_that_finds_unique_boards_but_takes_none_says_so():
    """When every unique board is turned down by what was asked of it, the error counts
    them instead of saying no unique board was made."""
    from queens_core.generator.stars_maker import generate_starbattle as make

    judged: list[Board] = []

    def turn_down(board: Board, planted: int) -> int:
        assert len(find_solutions(board, 2)) == 1  # only unique boards are judged
        judged.append(board)
        return 0

    with pytest.raises(ValueError) as raised:
        make(8, 2, seed=1, attempts=3, judge=turn_down)
    assert judged
    assert str(raised.value) == (
        f"no 8×8 2-star board as asked after 3 attempts: {len(judged)} had one solution, "
        "but the rules stalled on each or it was not of the tier, grade or needed rules asked"
    )


def _region_cells(region_of: list[int]) -> dict[int, set[int]]:
    cells: dict[int, set[int]] = {}
    for i, k in enumerate(region_of):
        cells.setdefault(k, set()).add(i)
    return cells


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([(8, 2), (10, 2), (14, 3)]))
def test_a_piece_moved_for_a_stuck_cell_keeps_every_region_whole_and_its_stars(rng, shape):
    """A cell that cannot leave its region alone takes a piece of it along: the cell
    leaves, both regions stay connected, and every region keeps its planted stars."""
    from queens_core.generator.stars_maker import _chunk, _connected, _group_tiles, _grow, plant

    n, k = shape
    planted = plant(n, k, rng)
    tile_of = _grow(n, list(bits(planted)), rng)
    group = _group_tiles(n, k, tile_of, n * k, rng)
    if group is None:
        return
    region_of = [group[t] for t in tile_of]
    moved = 0
    for cell in range(n * n):
        if planted >> cell & 1:
            continue
        chunk = _chunk(n, region_of, planted, cell)
        if chunk is None:
            continue
        piece, target = chunk
        after = list(region_of)
        for j in piece:
            after[j] = target
        source = region_of[cell]
        assert cell in piece and after[cell] == target != source
        assert all(region_of[j] == source and not planted >> j & 1 for j in piece)
        for mine in _region_cells(after).values():
            assert _connected(n, mine)
            assert sum(planted >> j & 1 for j in mine) == k
        moved += 1
    assert moved

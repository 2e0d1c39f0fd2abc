"""The Star Battle counting rules (exclusion, capacity counting, local enumeration) and
the explained trial star: hand-drawn cases, their sentences, and Hypothesis against the
exact engine on random K = 2 and K = 3 boards (no solution may ever be ruled out)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from queens_core import Board, Context, Contradiction, Solver, State, Tier, cell_label
from queens_core.board import bits
from queens_core.generator.regions import REGION_CHARS
from queens_core.generator.stars_maker import _group_tiles, _grow, plant
from queens_core.referee.exact import find_solutions
from queens_core.tools.explain import explain_steps
from queens_rules_starbattle import RULES, deep_trial, trial, trial_star
from queens_rules_starbattle.counting import (
    capacity,
    capacity_counting,
    exclusion,
    local_enumeration,
    placements,
)
from queens_rules_starbattle.flow import flow_counting

NEW_RULES = (exclusion, capacity_counting, local_enumeration, flow_counting)


def mask_of(board: Board, cells: list[tuple[int, int]]) -> int:
    return sum(1 << board.cell(r, c) for r, c in cells)


# -- capacity --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cells", "expected"),
    [
        ([(0, 0), (0, 1), (0, 2)], 2),  # one row: pairs of columns
        ([(0, 0), (0, 3), (0, 5)], 3),
        ([(2, 1), (3, 2), (2, 3)], 2),  # two rows: pairs of columns of both
        ([(0, 4), (1, 4), (2, 4), (3, 4)], 2),  # one column: pairs of rows
        ([(0, 0), (1, 1), (2, 2), (3, 3)], 2),  # a diagonal: two windows
        ([(0, 0), (2, 2), (4, 4)], 3),  # cells too far apart to share a window
        ([(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)], 2),
    ],
)
def test_capacity_is_the_fewest_windows(cells, expected):
    n = 6
    mask = sum(1 << (r * n + c) for r, c in cells)
    assert capacity(n, mask, 10) == expected
    assert capacity(n, mask, expected - 1) == expected - 1  # capped at the limit


# -- hand-drawn boards ----------------------------------------------------------------------

#: A 10×10 board whose regions are its rows: K = 2 on it is a legal Star Battle.
STRIPES = Board(tuple(REGION_CHARS[r] * 10 for r in range(10)), 2)


def explain(board: Board, step, before: State) -> str:
    (explanation,) = explain_steps(board, [step], RULES, before)
    assert not explanation.generic
    return explanation.why


def test_exclusion_names_the_row_a_star_would_starve():
    board = STRIPES
    # Row 1 keeps three live cells, c1 c2 c3; a star on r2c2 would kill all three.
    live = board.full & ~mask_of(board, [(0, c) for c in range(3, 10)])
    state = State(live, 0)
    ctx = Context(board, state, [])
    ctx.counter = "exclusion"
    assert exclusion(ctx)
    step = next(s for s in ctx.steps if s.killed == 1 << board.cell(1, 1))
    assert step.detail[2] == ("row", 0)
    before = State(live, 0)
    for earlier in ctx.steps[: ctx.steps.index(step)]:
        before.live &= ~earlier.killed
    assert explain(board, step, before) == (
        "A star on r2c2, with its neighbours ruled out, would leave row 1 0 live cells for "
        "the 2 stars it would still need; so r2c2 holds none."
    )
    # r1c2 went first (a star there leaves row 1 nothing for its second), so r2c4 would
    # leave row 1 just r1c1: each step is judged on the state the steps before it left.
    assert ctx.steps[0].killed == 1 << board.cell(0, 1)
    step = next(s for s in ctx.steps if s.killed == 1 << board.cell(1, 3))
    assert step.detail[2:] == (("row", 0), 2, 1, 1)


def test_capacity_counting_kills_a_region_the_others_leave_no_room_for():
    # Regions A and B lie in rows 1–2 and need all 4 of their stars; C reaches in at
    # r2c5 r2c6 but can put all its stars in row 3: its least in rows 1–2 is 0.
    rows = ["AAAAABBBBB", "AAAACCBBBB"] + [REGION_CHARS[r] * 10 for r in range(2, 10)]
    board = Board(tuple(rows), 2)
    state = State.initial(board)
    ctx = Context(board, state, [])
    ctx.counter = "capacity_counting"
    assert capacity_counting(ctx)
    step = ctx.steps[0]
    assert step.killed == mask_of(board, [(1, 4), (1, 5)])
    assert explain(board, step, State.initial(board)) == (
        "Rows 1–2 still need 4 stars, and the regions reaching them must put at least that "
        "many there (A (azure) 2, B (blue) 2; what the 2×2 blocks covering a region's live cells "
        "elsewhere cannot hold), so each puts exactly its least: region C (cyan) puts none "
        "there, so r2c5 r2c6 hold none."
    )


def test_local_enumeration_finds_what_every_placement_shares():
    board = STRIPES
    # Row 1 has live cells c1, c2, c5 only: its 2 stars are c1 + c5 or c2 + c5.
    live = board.full & ~mask_of(board, [(0, c) for c in (2, 3, 5, 6, 7, 8, 9)])
    state = State(live, 0)
    found = placements(board, state, board.row_masks[0], 2, 1)
    assert found is not None
    assert sorted(found) == sorted(
        [mask_of(board, [(0, 0), (0, 4)]), mask_of(board, [(0, 1), (0, 4)])]
    )
    ctx = Context(board, state, [])
    ctx.counter = "local_enumeration"
    assert local_enumeration(ctx)
    # Both touch r2c1 r2c2 (and r1c5's ring); r1c5 is a star in both.
    first = ctx.steps[0]
    assert first.detail == ("placements", ("row", 0), 2, "touch")
    assert first.killed == mask_of(board, [(1, 0), (1, 1), (1, 3), (1, 4), (1, 5)])
    assert explain(board, first, State(live, 0)) == (
        "Row 1 can take its missing stars in only 2 ways that keep every row, column and "
        "region able to hold its stars; r2c1 r2c2 r2c4 r2c5 r2c6 touch a star of every "
        "one, so hold none."
    )
    assert state.queens >> board.cell(0, 4) & 1


# -- the whole set against the exact engine -------------------------------------------------


def random_board(n: int, stars: int, rng: random.Random) -> tuple[Board, int] | None:
    """A random board with at least one solution (regions grown round a planted one)."""
    planted = plant(n, stars, rng)
    seeds = [i for i in range(n * n) if planted >> i & 1]
    tile_of = _grow(n, seeds, rng)
    group = _group_tiles(n, stars, tile_of, len(seeds), rng)
    if group is None:
        return None
    rows = tuple(
        "".join(REGION_CHARS[group[tile_of[r * n + c]]] for c in range(n)) for r in range(n)
    )
    return Board(rows, stars), planted


def random_state(board: Board, solution: int, rng: random.Random) -> State:
    state = State.initial(board)
    ctx = Context(board, state)
    share = rng.choice((0.0, 0.2, 0.4))
    for cell in bits(solution):
        if rng.random() < share and state.live >> cell & 1:
            ctx.place(cell)
    for cell in bits(state.live & ~solution):
        if rng.random() < share:
            state.live &= ~(1 << cell)
    return state


def random_case(rng: random.Random, shape: tuple[int, int]) -> tuple[Board, State, set[int]] | None:
    """A random board of ``shape`` (size, K), a random state on the way to its planted
    solution, and every solution that state still allows, up to 30 (random boards often
    have several), and the planted one."""
    made = random_board(*shape, rng)
    if made is None:
        return None
    board, planted = made
    state = random_state(board, planted, rng)
    return board, state, {planted, *find_solutions(board, 30, state.copy())}


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from([(8, 2), (9, 2), (10, 2), (12, 3)]))
def test_no_rule_ever_rules_out_a_solution(rng, shape):
    case = random_case(rng, shape)
    if case is None:
        return
    board, state, allowed = case
    for rule in (*NEW_RULES, trial_star, deep_trial):
        trial_state = state.copy()
        ctx = Context(board, trial_state, [])
        ctx.counter = rule.__name__
        try:
            rule(ctx)
        except Contradiction as err:
            raise AssertionError(f"{rule.__name__} found a contradiction: {err}") from err
        for solution in allowed:
            assert not trial_state.queens & ~solution, rule.__name__
            assert not solution & ~(trial_state.live | trial_state.queens), rule.__name__


# -- sentences -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def boards() -> list[Board]:
    from queens_rules_starbattle.generate import generate_starbattle

    return [generate_starbattle(10, 2, seed=seed) for seed in range(4)]


@pytest.mark.slow
def test_every_step_of_the_new_rules_has_a_true_sentence(boards):
    seen = set()
    for board in boards:
        result = Solver(RULES).solve(board)
        (solution,) = find_solutions(board, 2)
        assert not result.state.queens & ~solution
        explanations = explain_steps(board, result.steps, RULES)
        for step, explanation in zip(result.steps, explanations, strict=True):
            assert not explanation.generic, step.counter
            if step.counter in ("exclusion", "capacity_counting", "local_enumeration"):
                seen.add(step.counter)
                # Every cell the step decides is named in its sentence.
                for cell in bits(step.killed | step.placed):
                    assert cell_label(board, cell) in explanation.why, explanation.why
    assert seen == {"exclusion", "capacity_counting", "local_enumeration"}


#: A 10×10 2★ board the cheap tier stalls on and the trial star then cuts (an earlier
#: maker's board 1): the maker's boards of seeds 0 to 3 are all solved by the cheap tier.
CHEAP_STALL = Board(
    (
        "PPPPPOOBBB",
        "PPPPGOOOBO",
        "PPPGGOOOOO",
        "SPPGGORROO",
        "SPLLLLRRRO",
        "SSSLLLRKKO",
        "SSLLLNNNKO",
        "STTNNNNNKK",
        "SSTTTNKKKK",
        "STTTTNNNKK",
    ),
    2,
)


def test_a_trial_keeps_the_chain_it_found_and_its_sentence_supposes_the_star(boards):
    # Composite regions and block cases solve these boards in the cheap tier; without
    # them each stalls where a trial has something to refute, which is what this test reads.
    opening = ("composite_regions", "block_cases")
    cheap = Solver(
        [rule for rule in RULES if rule.tier is Tier.CHEAP and rule.counter not in opening]
    )
    checked = 0
    for board in [*boards, CHEAP_STALL]:
        stalled = cheap.solve(board)
        if stalled.solved:
            continue
        start = stalled.state
        ctx = Context(board, start.copy(), [])
        ctx.counter = "trial_star"
        trial_star(ctx)
        explanations = explain_steps(board, ctx.steps, RULES, start)
        lengths = [len(step.detail[4]) for step in ctx.steps]
        assert lengths == sorted(lengths)  # shortest refutations first
        for step, explanation in zip(ctx.steps, explanations, strict=True):
            _, cell, kind, index, forced = step.detail
            trial_state, found, again = trial(board, start, cell)
            assert found == (kind, index) and again == forced
            why = explanation.why
            assert why.startswith(f"Suppose {cell_label(board, cell)} held a star: ")
            assert why.endswith(f"So {cell_label(board, cell)} cannot hold a star.")
            # The chain's stars are the trial's; what the sentence tells of it, and in
            # what order, is tested in test_trial_chains.py.
            for star, _, _ in forced:
                if isinstance(star, int):
                    assert trial_state.queens >> star & 1
            checked += 1
    assert checked


# -- the deep trial and its budget -----------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
HARD = ROOT / "archive" / "starbattle"


def _hard(name: str) -> Board:
    from queens_core.plugins.readers import read_source

    reading = read_source(str(HARD / name))
    assert reading.stars is not None
    return reading.board.with_stars(reading.stars)


@pytest.mark.slow
def test_the_deep_trial_solves_a_board_the_trial_star_leaves_and_says_why():
    board = _hard("11x11-2stars-09.txt")
    without = Solver([rule for rule in RULES if rule.counter != "deep_trial"]).solve(board)
    assert not without.solved and not without.budgets
    result = Solver(RULES).solve(board)
    assert result.solved and result.counters["deep_trial"] >= 1
    (solution,) = find_solutions(board, 2)
    assert result.state.queens == solution
    explanations = explain_steps(board, result.steps, RULES)
    for step, explanation in zip(result.steps, explanations, strict=True):
        if step.counter == "deep_trial":
            cell = step.detail[1]
            assert explanation.why.startswith(f"Suppose {cell_label(board, cell)} held a star")
            assert explanation.why.endswith(f"So {cell_label(board, cell)} cannot hold a star.")


@pytest.mark.slow
def test_a_spent_budget_is_reported_by_the_solve_and_never_hangs():
    import queens_rules_starbattle as package

    board = _hard("17x17-4stars-02.txt")
    # The trial sweep takes over from the deep trial there (and solves the board).
    result = Solver([rule for rule in RULES if rule.counter != "trial_sweep"]).solve(board)
    assert not result.solved
    counters = {counter for counter, _ in result.budgets}
    assert counters == {"deep_trial"}
    untried = result.budgets[-1][1]
    assert untried.startswith(f"it used its {package.DEEP_BUDGET} trials for a solve; ")
    live = result.state.live.bit_count()
    assert untried.endswith(f" of the {live} live cells were not tried")
    names = {rule.counter: rule.display_name for rule in RULES}
    assert result.budget_note(names) == f"; Deep trial stopped at its budget: {untried}"


def test_a_rule_reports_its_budget_through_the_context_and_json_carries_it():
    """The contract, with a rule of its own: any rule may report a spent budget."""
    from queens_core import Rule
    from queens_core.render.documents import solve_document

    def shy(ctx: Context) -> None:
        ctx.stopped_at_budget("every cell was left untried")

    rule = Rule(counter="shy", display_name="Shy", tier=Tier.EXPENSIVE, position=900,
                summary="Tries nothing.", apply=shy, min_stars=2, max_stars=None)  # fmt: skip
    board = _hard("17x17-4stars-02.txt")
    sweeps = ("deep_trial", "trial_sweep")
    result = Solver([*(r for r in RULES if r.counter not in sweeps), rule]).solve(board)
    assert result.budgets == [("shy", "every cell was left untried")]
    document = solve_document(result, [rule], "board")
    assert document["budgets"] == [
        {"counter": "shy", "name": "Shy", "untried": "every cell was left untried"}
    ]
    assert result.budget_note({"shy": "Shy"}) == (
        "; Shy stopped at its budget: every cell was left untried"
    )


@pytest.mark.slow
def test_the_budget_sample_in_the_guide_is_what_check_says():
    import subprocess
    import sys

    guide = (ROOT / "docs" / "writing-rules.md").read_text("utf-8")
    sample = guide.split("<!-- shown: budget -->\n```text\n")[1].split("\n```")[0]
    queens = Path(sys.executable).parent / "queens"
    run = subprocess.run(
        [str(queens), "check", "--exclude", "trial_sweep", str(HARD / "17x17-4stars-02.txt")],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert sample in run.stdout.splitlines(), run.stdout
    assert run.returncode == 1  # unique, but the rules stall
    as_json = subprocess.run(
        [str(queens), "check", "--exclude", "trial_sweep", "--format", "json",
         str(HARD / "17x17-4stars-02.txt")],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    import json

    (budget,) = json.loads(as_json.stdout)["logic"]["budgets"]
    assert budget["counter"] == "deep_trial" and budget["untried"] in sample

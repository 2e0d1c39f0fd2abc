"""Flow counting (rows × regions, columns × regions): hand-drawn boards where it fires and
where it must not, its sentences, the counts its sentences claim checked against the
state, and Hypothesis against the exact engine on random K = 2 and K = 3 boards."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_starbattle_counting import STRIPES, explain, mask_of, random_case

from queens_core import Board, Context, Contradiction, Scratch, State
from queens_core.board import bits
from queens_core.generator.regions import REGION_CHARS
from queens_core.tools.explain import explain_steps
from queens_rules_starbattle import RULES
from queens_rules_starbattle.flow import Network, flow_counting, room

ROOM = " (room: the stars already there plus the most live cells there no two of which touch)"


def run(board: Board, state: State) -> Context:
    ctx = Context(board, state, [])
    ctx.counter = "flow_counting"
    flow_counting(ctx)
    return ctx


def test_room_is_half_of_each_run_rounded_up():
    board = STRIPES
    cells = mask_of(board, [(0, c) for c in (0, 1, 2, 4, 6, 7)])
    assert room(board, "rows", cells) == 2 + 1 + 1
    column = mask_of(board, [(r, 3) for r in (0, 1, 3, 4, 5)])
    assert room(board, "columns", column) == 1 + 2


def test_a_region_whose_line_takes_all_its_stars_puts_none_elsewhere():
    # Region C reaches row 2 at r2c5 r2c6, but row 3 is all C: its 2 stars are there.
    rows = ["AAAAABBBBB", "AAAACCBBBB"] + [REGION_CHARS[r] * 10 for r in range(2, 10)]
    board = Board(tuple(rows), 2)
    ctx = run(board, State.initial(board))
    (step,) = ctx.steps
    assert step.killed == mask_of(board, [(1, 4), (1, 5)])
    assert explain(board, step, State.initial(board)) == (
        "Row 3 holds 2 stars, and the other regions have room for at most 0 of them there"
        f"{ROOM}, so region C (cyan) puts at least 2 stars in row 3; it holds 2 stars in all, so "
        "at most 0 outside row 3: none. So region C (cyan) puts no star in row 2: r2c5 r2c6 hold "
        "none."
    )


def test_a_line_with_just_enough_room_fills_its_runs_of_odd_length():
    board = STRIPES
    # Row 1 keeps c1 c2 c3 live: room for 2 stars, which it needs: r1c1 and r1c3.
    live = board.full & ~mask_of(board, [(0, c) for c in range(3, 10)])
    ctx = run(board, State(live, 0))
    assert [step.placed for step in ctx.steps] == [
        mask_of(board, [(0, 0)]),
        mask_of(board, [(0, 2)]),
    ]
    assert explain(board, ctx.steps[0], State(live, 0)) == (
        f"Row 1 holds 2 stars, and the regions have room for only that many there{ROOM}, so "
        "each region fills its room there. So region A (azure) fills its room in row 1, 2 stars: "
        "one on every other cell of each run of touching live cells of odd length, so r1c1 "
        "holds a star. A star rules out its neighbours: r1c2 r2c1 r2c2."
    )


def test_it_stays_quiet_where_the_counts_leave_a_choice():
    # One region a row: every count is forced, but no cell (room 5 for 2 stars a row).
    assert not run(STRIPES, State.initial(STRIPES)).steps
    # Two regions split the board down the middle of rows 1–2: each row can give either
    # region 0, 1 or 2 of its stars, so nothing is forced.
    rows = ["AAAAABBBBB", "AAAAABBBBB"] + [REGION_CHARS[r] * 10 for r in range(2, 10)]
    board = Board(tuple(rows), 2)
    assert not run(board, State.initial(board)).steps


def test_no_way_to_share_out_the_stars_is_a_contradiction():
    board = STRIPES
    # Row 1 keeps one live cell and no star: it cannot hold 2.
    live = board.full & ~mask_of(board, [(0, c) for c in range(1, 10)])
    ctx = Context(board, State(live, 0), [])
    try:
        flow_counting(ctx)
    except Contradiction as err:
        assert "cannot share out their stars" in str(err)
    else:
        raise AssertionError("no contradiction")


def _claims_hold(board: Board, start: State, detail: tuple) -> None:
    """The counts a step's sentence states, recomputed from the state the rule started on:
    the group's crossing sums to the amount named, and the totals leave the step's pair
    exactly the bound it concludes."""
    _, kind, line, region, what, form, lines, regions, amount, share = detail
    net = Network(board, start, kind)
    n, k = board.n, board.stars
    out_lines = [li for li in range(n) if li not in lines]
    out_regions = [r for r in range(n) if r not in regions]
    inside = [(li, r) for li in lines for r in out_regions]
    outside = [(li, r) for li in out_lines for r in regions]
    a, b = k * len(lines), k * len(regions)
    if form == "closed":
        high, low = inside, outside  # in-lines × out-regions at hi, the other crossing at lo
    else:
        high, low = outside, inside
    if what == "empty":
        assert (line, region) in low
        assert amount == sum(net.hi[li][r] for li, r in high)
        left = b - a + amount if form == "closed" else a - b + amount
        assert left == sum(net.lo[li][r] for li, r in low)
        assert share == net.lo[line][region]
    else:
        assert (line, region) in high
        assert amount == sum(net.lo[li][r] for li, r in low)
        forced = a - b + amount if form == "closed" else b - a + amount
        assert forced == sum(net.hi[li][r] for li, r in high)
        assert share == net.hi[line][region]


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from([(8, 2), (9, 2), (10, 2), (12, 3)]))
def test_flow_counting_never_rules_out_a_solution_and_says_true_counts(rng, shape):
    case = random_case(rng, shape)
    if case is None:
        return
    board, state, allowed = case
    start = state.copy()
    ctx = Context(board, state, [])
    ctx.counter = "flow_counting"
    try:
        flow_counting(ctx)
    except Contradiction as err:
        raise AssertionError(f"flow counting found a contradiction: {err}") from err
    for solution in allowed:
        assert not state.queens & ~solution
        assert not solution & ~(state.live | state.queens)
    explanations = explain_steps(board, ctx.steps, RULES, start)
    # The rows' network is built on the state the rule starts from, the columns' on the
    # state the rows' steps leave: replay them to check each claim on its own state.
    replay = start.copy()
    scratch = Scratch(board, replay)
    columns_from: State | None = None
    for step, explanation in zip(ctx.steps, explanations, strict=True):
        assert not explanation.generic
        if step.detail[1] == "columns" and columns_from is None:
            columns_from = replay.copy()
        _claims_hold(board, columns_from or start, step.detail)
        if step.placed:
            scratch.place(step.placed.bit_length() - 1)
        scratch.kill(step.killed)
        for cell in bits(step.killed | step.placed):
            assert f"r{cell // board.n + 1}c{cell % board.n + 1}" in explanation.why


def test_a_filled_run_of_even_length_empties_the_cells_touching_every_way_to_fill_it():
    board = STRIPES
    # Row 1 keeps c1 c2 and c5: room for 2 stars, which it needs: one of r1c1 r1c2, and
    # r1c5. Either of the first touches r2c1 and r2c2.
    live = board.full & ~mask_of(board, [(0, c) for c in (2, 3, 5, 6, 7, 8, 9)])
    ctx = run(board, State(live, 0))
    first, second = ctx.steps[:2]
    assert first.killed == mask_of(board, [(1, 0), (1, 1)]) and not first.placed
    assert second.placed == mask_of(board, [(0, 4)])
    assert explain(board, first, State(live, 0)) == (
        f"Row 1 holds 2 stars, and the regions have room for only that many there{ROOM}, so "
        "each region fills its room there. So region A (azure) fills its room in row 1, 2 stars: "
        "half of each run of touching live cells of even length, and every way to put them "
        "there touches r2c1 r2c2, so they hold none."
    )

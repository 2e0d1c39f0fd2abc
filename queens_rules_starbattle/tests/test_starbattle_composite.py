"""Composite regions: the band covers it counts with, small hand-drawn cases, boards of the
hard set where every other cheap rule stalls and this one goes on (each sentence checked
against the state it describes), and Hypothesis against the exact engine on random
K = 2..6 boards (no solution may ever be ruled out)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_starbattle_counting import random_case

from queens_core import Board, Context, Contradiction, Solver, State, cell_label
from queens_core.board import bits
from queens_core.referee.exact import find_solutions
from queens_rules_starbattle import RULES
from queens_rules_starbattle.composite import composite_regions, cover, room, transpose
from queens_rules_starbattle.counting import capacity
from queens_rules_starbattle.details import Composite


def mask_of(n: int, cells: list[tuple[int, int]]) -> int:
    return sum(1 << (r * n + c) for r, c in cells)


@pytest.mark.parametrize(
    ("cells", "expected"),
    [
        ([(0, 0), (0, 1), (0, 2)], 2),
        ([(2, 1), (3, 2), (2, 3)], 2),
        ([(0, 4), (1, 4), (2, 4), (3, 4)], 2),  # a column: bands of two columns see it
        ([(1, 0), (2, 0)], 1),  # rows 1–2: only the bands from row 1 put them in one block
        ([(0, 0), (2, 2), (4, 4)], 3),
    ],
)
def test_room_is_the_smallest_band_cover_and_a_true_cover(cells, expected):
    n = 6
    mask = mask_of(n, cells)
    assert room(n, mask, transpose(n, mask)) == expected
    blocks = cover(n, mask)
    assert len(blocks) == expected
    union = 0
    for block in blocks:
        union |= block
        # Every block lies within a 2×2 square: it holds at most one star.
        rows = {i // n for i in bits(block)}
        columns = {i % n for i in bits(block)}
        assert max(rows) - min(rows) <= 1 and max(columns) - min(columns) <= 1
    assert mask & ~union == 0
    assert capacity(n, mask, 99) <= expected  # never below the fewest blocks


def test_transpose_swaps_rows_and_columns():
    n = 5
    assert transpose(n, mask_of(n, [(0, 3), (4, 1)])) == mask_of(n, [(3, 0), (1, 4)])


ARCHIVE = Path(__file__).resolve().parents[2] / "archive" / "starbattle"
#: Boards of the hard set where the other cheap rules stall and this rule goes on.
STALLED = ["9x9-2stars-02.txt", "11x11-2stars-03.txt", "14x14-3stars-03.txt"]


def read(name: str) -> Board:
    text = (ARCHIVE / name).read_text().split("\n")
    stars = int(text[0].split(":")[1])
    return Board(tuple(line for line in text[1:] if line), stars)


@pytest.mark.parametrize("name", STALLED)
def test_where_the_other_rules_stall_it_decides_cells_and_tells_them_truly(name):
    board = read(name)
    # Block cases, which runs after it, would open some of these boards first.
    left_out = ("composite_regions", "block_cases")
    others = [r for r in RULES if r.counter not in left_out and str(r.tier) == "cheap"]
    stalled = Solver(others).solve(board)
    assert not stalled.solved
    (solution,) = find_solutions(board, 2)
    before = stalled.state.copy()
    state = stalled.state.copy()
    ctx = Context(board, state, [])
    ctx.counter = "composite_regions"
    assert composite_regions(ctx)
    assert not state.queens & ~solution
    assert not solution & ~(state.live | state.queens)
    (rule,) = (r for r in RULES if r.counter == "composite_regions")
    for step in ctx.steps:
        assert isinstance(step.detail, Composite)
        d = step.detail
        # The numbers the sentence gives are the state's.
        lines = board.row_masks if d.kind == "rows" else board.col_masks
        run = 0
        for line in lines[d.first : d.last + 1]:
            run |= line
        regions = 0
        for k in d.regions:
            regions |= board.region_masks[k]
        k = board.stars
        assert d.need_lines == k * (d.last - d.first + 1) - (before.queens & run).bit_count()
        assert d.need_regions == k * len(d.regions) - (before.queens & regions).bit_count()
        why = rule.explain(step, board, before)
        assert why is not None
        for cell in bits(step.killed | step.placed):
            assert cell_label(board, cell) in why, why
        before = State(before.live & ~step.killed & ~step.placed, before.queens | step.placed)


def test_the_cheap_tier_now_solves_them():
    for name in STALLED:
        board = read(name)
        result = Solver([r for r in RULES if str(r.tier) == "cheap"]).solve(board)
        assert result.solved, name
        assert result.counters["composite_regions"]
        (solution,) = find_solutions(board, 2)
        assert result.state.queens == solution


def test_the_rule_is_for_two_stars_or_more():
    (rule,) = (r for r in RULES if r.counter == "composite_regions")
    assert rule.min_stars == 2


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(
        [(8, 2), (9, 2), (10, 2), (11, 2), (12, 3), (14, 3), (16, 4), (21, 5), (25, 6)]
    ),
)
def test_composite_regions_never_rules_out_a_solution(rng, shape):
    case = random_case(rng, shape)
    if case is None:
        return
    board, state, allowed = case
    for _ in range(4):  # a few calls in a row: each concludes one set
        ctx = Context(board, state, [])
        ctx.counter = "composite_regions"
        try:
            changed = composite_regions(ctx)
        except Contradiction as err:
            raise AssertionError(f"a contradiction on a state with a solution: {err}") from err
        for solution in allowed:
            assert not state.queens & ~solution
            assert not solution & ~(state.live | state.queens)
        if not changed:
            break

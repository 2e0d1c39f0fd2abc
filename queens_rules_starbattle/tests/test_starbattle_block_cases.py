"""Block cases: a hand-made state, the sentences against the state they describe, and
Hypothesis against the exact engine on random boards with K = 2 to 6 (no solution may ever
be ruled out, every block split on holds exactly one star in every solution, and every
case called impossible has no solution)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import queens_rules_starbattle.block_split as block_split
from queens_core import Board, Context, Contradiction, Solver, State, cell_label
from queens_core.board import bits
from queens_core.referee.exact import find_solutions
from queens_core.tools.explain import explain_steps, focus_of
from queens_rules_starbattle import RULES
from queens_rules_starbattle.block_split import (
    LARGEST_BOARD,
    BlockCases,
    block_cases,
    split_blocks,
    tight_blocks,
)
from queens_rules_starbattle.cases import group_mask, suppose
from queens_rules_starbattle.refute import told_case

from .test_starbattle_cases import first_stall_needing
from .test_starbattle_counting import random_case

#: (size, K): the published shapes, and smaller ones where tight blocks come up more often.
#: Above LARGEST_BOARD the rule leaves the board alone; its argument is checked there too.
SHAPES = [(8, 2), (10, 2), (12, 3), (14, 3), (17, 4), (21, 5), (25, 6)]


def _split(board: Board, state: State, rule=split_blocks) -> tuple[State, list]:
    after = state.copy()
    ctx = Context(board, after, [])
    ctx.counter = "block_cases"
    rule(ctx)
    return after, ctx.steps


def _rows_are_regions() -> Board:
    return Board(tuple("ABCDEFGHIJ"[r] * 10 for r in range(10)), 2)


def _only(board: Board, row: int, columns: tuple[int, ...]) -> int:
    """The board's cells with ``row`` cut down to ``columns`` (1-based)."""
    kept = sum(1 << board.cell(row - 1, c - 1) for c in columns)
    return (board.full & ~board.row_masks[row - 1]) | kept


def test_the_block_holds_one_star_and_the_case_that_starves_a_row_is_out():
    # Row 1 keeps r1c1 r1c2 and r1c5 r1c6: two blocks for its 2 stars, one in each. Row 2
    # keeps r2c1 r2c2 r2c3 r2c8: a star on r1c2 empties all but r2c8, too few for row 2's
    # 2 stars, so the first block's star is r1c1.
    board = _rows_are_regions()
    state = State(_only(board, 1, (1, 2, 5, 6)) & _only(board, 2, (1, 2, 3, 8)), 0)
    r1c1, r1c2 = board.cell(0, 0), board.cell(0, 1)
    assert (("row", 0), 1 << r1c1 | 1 << r1c2) in [(w, p) for w, _, p in tight_blocks(board, state)]
    after, steps = _split(board, state)
    (step,) = steps
    assert step.placed == 1 << r1c1  # its ring goes with it
    detail = step.detail
    assert isinstance(detail, BlockCases) and detail.where == ("row", 0)
    assert [case.placement for case in detail.cases] == [(r1c1,), (r1c2,)]
    assert detail.cases[0].kind is None
    assert (detail.cases[1].kind, detail.cases[1].which) == ("row", 1)
    why = explain_steps(board, steps, RULES, state)[0].why
    assert why.startswith(
        "Row 1 fits its 2 missing stars in as many 2×2 blocks, so one of them is on r1c1 or r1c2"
    )
    assert "with r1c2, " in why and "row 2 could no longer hold 2 stars" in why
    assert why.endswith("Only one case is left, and in it r1c1 holds a star.")
    assert after.queens == 1 << r1c1


def test_what_every_case_agrees_on_holds():
    # Row 1 keeps r1c4 r1c5 and r1c9 r1c10: two blocks for its 2 stars. Row 2 keeps r2c3
    # to r2c6 and r2c8. A star on r1c4 leaves row 2 r2c6 and r2c8; one on r1c5 leaves it
    # r2c3 and r2c8: either way r2c8 holds a star, and then r1c9 is empty and r1c10 holds
    # row 1's other star. The 2×2 rule alone empties only r2c4 and r2c5.
    board = _rows_are_regions()
    state = State(_only(board, 1, (4, 5, 9, 10)) & _only(board, 2, (3, 4, 5, 6, 8)), 0)
    after, steps = _split(board, state)
    assert sorted(step.placed for step in steps if step.placed) == sorted(
        [1 << board.cell(1, 7), 1 << board.cell(0, 9)]
    )
    for step in steps:
        assert isinstance(step.detail, BlockCases)
        for case in step.detail.cases:
            walked, failure, _ = suppose(board, state, 1 << case.placement[0])
            assert (failure is None) == (case.kind is None)
            if failure is None:
                assert not step.killed & (walked.live | walked.queens)
    solutions = find_solutions(board, 50, state.copy())
    assert solutions
    for solution in solutions:
        assert not solution & ~(after.live | after.queens)


def test_a_block_whose_every_case_fails_is_a_contradiction():
    # Row 1 keeps r1c1 r1c2 r1c9 r1c10; row 2 keeps r2c1 r2c2 r2c3 alone, for its 2
    # stars: a star on r1c1 or on r1c2 leaves row 2 at most one of them.
    board = _rows_are_regions()
    state = State(_only(board, 1, (1, 2, 9, 10)) & _only(board, 2, (1, 2, 3)), 0)
    with pytest.raises(Contradiction, match="row 1 must put a star on r1c1 or r1c2"):
        _split(board, state)


def test_boards_above_the_largest_are_left_to_the_other_rules(monkeypatch):
    # 17 rows that are regions, K = 2, rows 1 and 2 cut as in the first test; the wait for
    # the classical deductions is switched off, so that only the size holds the rule back.
    n = LARGEST_BOARD + 3
    board = Board(tuple(chr(ord("A") + r) * n for r in range(n)), 2)
    state = State(_only(board, 1, (1, 2, 5, 6)) & _only(board, 2, (1, 2, 3, 8)), 0)
    monkeypatch.setattr(block_split, "_classical_unsettled", lambda board, state: False)
    assert _split(board, state)[1]
    assert _split(board, state, block_cases)[1] == []
    small = _rows_are_regions()
    small_state = State(_only(small, 1, (1, 2, 5, 6)) & _only(small, 2, (1, 2, 3, 8)), 0)
    assert _split(small, small_state, block_cases)[1]


def _settled(board: Board, state: State) -> State:
    """``state`` after the classical deductions, to their fixed point."""
    classical = [rule for rule in RULES if rule.grade is not None and rule.grade <= 2]
    return Solver(classical, stars=board.stars).solve(board, state.copy()).state


def test_it_waits_for_the_classical_deductions():
    # The first test's state: the 2×2 rule still empties r2c1 and r2c2 there, so the rule
    # leaves it to that rule; on what the classical rules leave it splits.
    board = _rows_are_regions()
    state = State(_only(board, 1, (1, 2, 5, 6)) & _only(board, 2, (1, 2, 3, 8)), 0)
    assert _split(board, state)[1]
    assert _split(board, state, block_cases)[1] == []
    settled = _settled(board, state)
    assert _split(board, settled, block_cases)[1] == _split(board, settled)[1]


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(SHAPES))
def test_block_cases_never_rule_out_a_solution(rng, shape):
    case = random_case(rng, shape)
    if case is None:
        return
    board, state, allowed = case
    try:
        after, steps = _split(board, state, split_blocks)
    except Contradiction as err:
        raise AssertionError(f"a contradiction on a board with a solution: {err}") from err
    for solution in allowed:
        assert not after.queens & ~solution
        assert not solution & ~(after.live | after.queens)
    for step in steps:
        detail = step.detail
        assert isinstance(detail, BlockCases)
        candidates = sum(1 << case.placement[0] for case in detail.cases)
        mask = group_mask(board, detail.where)
        assert 2 <= len(detail.cases) <= 4 and not candidates & ~(detail.block & mask)
        for solution in allowed:
            # The block holds exactly one of the group's stars, on a candidate.
            assert (solution & detail.block & mask).bit_count() == 1
            assert solution & candidates
        for case in detail.cases:
            if case.kind is not None:
                assert all(not s >> case.placement[0] & 1 for s in allowed)


def _board_with_block_cases() -> tuple[Board, State, list]:
    """The first generated 10×10 board on which the cheap tier without block cases
    stalls and block cases then finds something, from that state, with its steps."""
    return first_stall_needing("block_cases", _split, 60)


@pytest.mark.slow
def test_a_block_split_says_its_cases_and_what_they_agree_on():
    board, before, steps = _board_with_block_cases()
    (solution,) = find_solutions(board, 2)
    state = before.copy()
    # The package registers the sentence and the focus by name (loaded on first use):
    # what they say is what the functions they name say.
    (registered,) = [rule for rule in RULES if rule.counter == "block_cases"]
    direct = replace(
        registered,
        explain=block_split.block_cases_why,
        focus=block_split.block_cases_focus,
    )
    for step in steps:
        detail = step.detail
        (explanation,) = explain_steps(board, [step], RULES, state)
        assert explanation == explain_steps(board, [step], [direct], state)[0]
        assert focus_of(board, step, state, registered) == focus_of(board, step, state, direct)
        why = explanation.why
        assert not explanation.generic
        mask = group_mask(board, detail.where)
        need = board.stars * (2 if detail.where[0] in ("rows", "columns") else 1)
        need -= (state.queens & mask).bit_count()
        assert f" {need} missing star" in why
        alone = sum(case.kind is None for case in detail.cases) == 1
        for case in detail.cases:
            (cell,) = case.placement
            assert cell_label(board, cell) in why
            after, failure, forced = suppose(board, state, 1 << cell)
            assert (failure is None) == (case.kind is None)
            if not (alone and failure is None):
                assert tuple(f[0] for f in forced) == tuple(f[0] for f in case.forced)
            for star, _, _ in told_case(board, state, case).forced:
                if isinstance(star, int):
                    assert f"{cell_label(board, star)} would hold a star" in why
            if failure is None:
                assert not step.killed & (after.live | after.queens)
                assert not step.placed & ~after.queens
        for cell in bits(step.placed | step.killed):
            assert cell_label(board, cell) in why
        assert not step.placed & ~solution
        assert not step.killed & solution
        if step.placed:
            state.queens |= step.placed
            state.live &= ~(step.placed | board.kill_masks[step.placed.bit_length() - 1])
        state.live &= ~step.killed

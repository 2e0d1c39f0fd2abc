"""Exclusion and capacity counting that read again only what changed since a start state
(:class:`~queens_rules_starbattle.counting.Reread`, the trial sweep's): the same steps, in
the same order, and the same contradictions as the rules themselves, on random boards
with K = 2 to 6, from the start state, on trials from it, and after the start moves on."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from queens_core import Board, Context, Contradiction, State
from queens_core.board import bits
from queens_rules_starbattle.cases import suppose
from queens_rules_starbattle.counting import Reread, capacity_counting, exclusion
from queens_rules_starbattle.deductions import PROPAGATORS

from .test_starbattle_counting import random_case

SHAPES = [(8, 2), (10, 2), (12, 3), (14, 3), (17, 4), (21, 5), (25, 6)]


def _run(rule, board: Board, state: State) -> tuple[list, str | None, State]:
    after = state.copy()
    ctx = Context(board, after, [])
    ctx.counter = rule.__name__
    try:
        rule(ctx)
    except Contradiction as err:
        return ctx.steps, str(err), after
    return ctx.steps, None, after


def _same_as_the_rules(board: Board, reread: Reread, state: State) -> None:
    for plain, again in (
        (exclusion, reread.exclusion),
        (capacity_counting, reread.capacity_counting),
    ):
        assert again.__name__ == plain.__name__
        expected = _run(plain, board, state)
        found = _run(again, board, state)
        assert found[0] == expected[0], plain.__name__
        assert found[1] == expected[1], plain.__name__
        assert (found[2].live, found[2].queens) == (expected[2].live, expected[2].queens)


def _trials_agree(board: Board, reread: Reread, state: State, cells: list[int]) -> None:
    plain = (*PROPAGATORS, exclusion)
    again = (*PROPAGATORS, reread.exclusion)
    for cell in cells:
        expected = suppose(
            board, state, 1 << cell, 1000, plain, "trial_sweep", (capacity_counting,)
        )
        found = suppose(
            board, state, 1 << cell, 1000, again, "trial_sweep", (reread.capacity_counting,)
        )
        assert (found[0].live, found[0].queens) == (expected[0].live, expected[0].queens)
        assert found[1:] == expected[1:]


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(SHAPES))
def test_it_makes_the_rules_steps(rng: random.Random, shape: tuple[int, int]):
    case = random_case(rng, shape)
    if case is None:
        return
    board, state, _ = case
    reread = Reread(board, state.copy())
    live = list(bits(state.live))
    if not live:
        return
    # On the start, on trials from it, and on states between (stars and cells ruled out
    # at random, sound or not: the steps must match all the same).
    _same_as_the_rules(board, reread, state)
    _trials_agree(board, reread, state, rng.sample(live, min(6, len(live))))
    later = state.copy()
    ctx = Context(board, later, [])
    for cell in rng.sample(live, min(3, len(live))):
        if later.live >> cell & 1:
            ctx.kill(1 << cell) if rng.random() < 0.7 else ctx.place(cell)
    _same_as_the_rules(board, reread, later)
    # The start moved on to the later state, then on again.
    reread.advance(later)
    _same_as_the_rules(board, reread, later)
    rest = list(bits(later.live))
    _trials_agree(board, reread, later, rng.sample(rest, min(4, len(rest))))
    for cell in rng.sample(rest, min(2, len(rest))):
        if later.live >> cell & 1:
            ctx.kill(1 << cell)
    reread.advance(later)
    _same_as_the_rules(board, reread, later)
    rest = list(bits(later.live))
    _trials_agree(board, reread, later, rng.sample(rest, min(4, len(rest))))


def test_a_trial_on_a_17x17_board_makes_the_same_steps():
    # A hand-made 17×17 board with 4 stars: 17 regions, one a row each but for the
    # first two rows, which share two regions split down the middle.
    top = "A" * 9 + "B" * 8
    rows = [top, top, *(chr(ord("C") + r) * 17 for r in range(15))]
    board = Board(tuple(rows), 4)
    state = State.initial(board)
    reread = Reread(board, state.copy())
    _same_as_the_rules(board, reread, state)
    _trials_agree(board, reread, state, [0, 8, 17 * 8 + 8, 17 * 17 - 1])

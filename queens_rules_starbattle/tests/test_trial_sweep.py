"""The trial sweep: the sizes it runs on, its passes, its budget, its sentences, and
Hypothesis against the exact engine on random boards with K = 2 to 6 (no cell it rules
out holds a star in any solution the state allows)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import queens_rules_starbattle as package
from queens_core import Board, Context, Contradiction, Solver, State, cell_label
from queens_core.referee.exact import find_solutions
from queens_core.tools.explain import explain_steps
from queens_rules_starbattle import RULES, TrialFails, trial_sweep

from .test_starbattle_counting import random_case

ROOT = Path(__file__).resolve().parents[2]
HARD = ROOT / "archive" / "starbattle"
#: (size, K): the published shapes and a few smaller ones; the rule's sizes are widened
#: to every one of them here, so that its argument is checked at every K.
SHAPES = [(8, 2), (10, 2), (12, 3), (14, 3), (17, 4), (21, 5), (25, 6)]


def _hard(name: str) -> Board:
    from queens_core.plugins.readers import read_source

    reading = read_source(str(HARD / name))
    assert reading.stars is not None
    return reading.board.with_stars(reading.stars)


def _sweep(board: Board, state: State) -> tuple[State, Context]:
    after = state.copy()
    ctx = Context(board, after, [])
    ctx.counter = "trial_sweep"
    trial_sweep(ctx)
    return after, ctx


def _without(*counters: str) -> list:
    return [rule for rule in RULES if rule.counter not in counters]


def test_boards_outside_its_sizes_are_left_alone():
    assert 17 in package.SWEEP_SIZES and 14 not in package.SWEEP_SIZES
    assert 21 not in package.SWEEP_SIZES
    board = Board(tuple("ABCDEFGHIJ"[r] * 10 for r in range(10)), 2)
    after, ctx = _sweep(board, State.initial(board))
    assert not ctx.steps and after.live == board.full


def _stall(board: Board) -> State:
    """Where the cheap tier leaves ``board``."""
    cheap = _without("trial_star", "deep_trial", "trial_sweep")
    return Solver(cheap, stars=board.stars).solve(board).state


def test_a_pass_kills_what_it_refutes_and_a_pass_on_an_unchanged_state_ends_it(monkeypatch):
    # 10×10 boards enter the sweep's sizes here; the first hard 10×10 board the cheap
    # tier leaves unsolved.
    monkeypatch.setattr(package, "SWEEP_SIZES", range(4, 26))
    monkeypatch.setattr(package, "SWEEP_BUDGET", 10_000)
    for number in range(1, 11):
        board = _hard(f"10x10-2stars-{number:02}.txt")
        state = _stall(board)
        if state.live:
            break
    else:  # pragma: no cover - the hard set changed
        raise AssertionError("the cheap tier solves every hard 10×10 board")
    (solution,) = find_solutions(board, 2)
    after, ctx = _sweep(board, state)
    assert ctx.steps, "the sweep refutes a cell where the others stall"
    for step in ctx.steps:
        assert isinstance(step.detail, TrialFails) and not step.placed
        assert step.killed == 1 << step.detail.cell and not step.killed & solution
    tried = after.caches["trial_sweep"]["tried"]
    assert tried <= state.live.bit_count()
    # Without the cheap rules between, calls go on pass after pass until a pass over the
    # same state refutes nothing; then a call tries nothing more.
    while ctx.steps:
        ctx = Context(board, after, [])
        ctx.counter = "trial_sweep"
        trial_sweep(ctx)
    spent = after.caches["trial_sweep"]["tried"]
    ctx = Context(board, after, [])
    ctx.counter = "trial_sweep"
    trial_sweep(ctx)
    assert not ctx.steps and after.caches["trial_sweep"]["tried"] == spent
    assert not after.queens & ~solution and not solution & ~(after.live | after.queens)


@pytest.mark.slow
def test_it_solves_the_hard_17x17_boards_the_deep_trial_leaves_and_says_why():
    board = _hard("17x17-4stars-02.txt")
    assert not Solver(_without("trial_sweep"), stars=4).solve(board).solved
    result = Solver(RULES, stars=4).solve(board)
    assert result.solved and result.counters["trial_sweep"] >= 1
    (solution,) = find_solutions(board, 2)
    assert result.state.queens == solution
    # Every step of the sweep (over a hundred here), each told on the state before it.
    told = 0
    for step, explanation in zip(
        result.steps, explain_steps(board, result.steps, RULES), strict=True
    ):
        if step.counter == "trial_sweep":
            told += 1
            cell = cell_label(board, step.detail.cell)
            assert explanation.why.startswith(f"Suppose {cell} held a star")
            # A sentence over the length shown is cut, and says so.
            cut = explanation.why.endswith("more characters)")
            assert cut or explanation.why.endswith(f"So {cell} cannot hold a star.")
    assert told > 100


@pytest.mark.slow
def test_a_spent_budget_is_reported_by_the_solve(monkeypatch):
    monkeypatch.setattr(package, "SWEEP_BUDGET", 12)
    board = _hard("17x17-4stars-02.txt")
    result = Solver(RULES, stars=4).solve(board)
    assert not result.solved
    counter, untried = result.budgets[-1]
    assert counter == "trial_sweep"
    assert untried.startswith("it used its 12 trials for a solve; on the state it stopped at, ")
    live = result.state.live.bit_count()
    assert untried.endswith(f" of its {live} live cells were not tried in this pass")
    assert result.state.caches["trial_sweep"]["tried"] == 12


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(SHAPES))
def test_the_sweep_never_rules_out_a_solution(rng, shape):
    case = random_case(rng, shape)
    if case is None:
        return
    board, state, allowed = case
    package.SWEEP_SIZES, sizes = range(4, 26), package.SWEEP_SIZES
    package.SWEEP_BUDGET, budget = 40, package.SWEEP_BUDGET
    try:
        after, ctx = _sweep(board, state)
    except Contradiction as err:
        raise AssertionError(f"a contradiction on a board with a solution: {err}") from err
    finally:
        package.SWEEP_SIZES, package.SWEEP_BUDGET = sizes, budget
    for solution in allowed:
        assert not after.queens & ~solution
        assert not solution & ~(after.live | after.queens)
    for step in ctx.steps:
        assert all(not solution >> step.detail.cell & 1 for solution in allowed)

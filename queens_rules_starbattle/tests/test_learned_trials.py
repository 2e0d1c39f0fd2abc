"""What the trial sweep's trials teach its later trials (:mod:`queens_rules_starbattle.learned`):
the facts kept, how a trial applies them, their sentences, that every fact holds in the
solution of a hard board, and Hypothesis against the exact engine on random boards with
K = 2 to 6 (no fact a solution breaks, no cell ruled out that a solution holds)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import queens_rules_starbattle as package
from queens_core import Board, Context, Contradiction, State
from queens_core.referee.exact import find_solutions
from queens_rules_starbattle import trial_sweep
from queens_rules_starbattle.details import Learned
from queens_rules_starbattle.learned import Implications
from queens_rules_starbattle.sentences import chain_words

from .test_starbattle_counting import random_case
from .test_trial_sweep import SHAPES, _hard, _stall

#: Eight rows, each its own region, two stars a unit: small enough to follow by hand.
STRIPES = Board(tuple(chr(ord("A") + r) * 8 for r in range(8)), 2)


def _cell(row: int, column: int) -> int:
    return row * 8 + column


def _trial(start: State, star: int, emptied: tuple[int, ...] = (), stars: tuple[int, ...] = ()):
    """The state a trial of ``star`` ends on: its star, its neighbours, and what else its
    propagation emptied or placed."""
    after = start.copy()
    ctx = Context(STRIPES, after, [])
    ctx.place(star)
    for cell in stars:
        ctx.place(cell)
    for cell in emptied:
        ctx.kill(1 << cell)
    return after


def test_a_trial_teaches_the_cells_it_emptied_both_ways_and_the_stars_it_placed():
    start = State.initial(STRIPES)
    facts = Implications(STRIPES, start)
    a, far, star = _cell(0, 0), _cell(5, 5), _cell(3, 4)
    after = _trial(start, a, emptied=(far,), stars=(star,))
    assert facts.learn(start, a, after)
    ring = STRIPES.kill_masks[a] | STRIPES.kill_masks[star]
    assert facts.rules_out[a] == (ring | 1 << far) & ~(1 << a | 1 << star)
    assert facts.rules_out[far] == 1 << a  # the same fact, read from the other cell
    assert facts.needed_by[star] == 1 << a and not facts.needed_by[a]
    assert facts.facts == 1
    # Learnt again, nothing is new: the count of facts does not move.
    assert not facts.learn(start, a, after)
    assert facts.facts == 1


def test_a_trial_state_rules_out_what_its_stars_rule_out_and_what_needs_an_empty_cell():
    start = State.initial(STRIPES)
    facts = Implications(STRIPES, start)
    a, far, needy, needed = _cell(0, 0), _cell(5, 5), _cell(7, 1), _cell(2, 6)
    facts.rules_out[a] |= 1 << far
    facts.rules_out[far] |= 1 << a
    facts.needed_by[needed] |= 1 << needy
    # A trial that puts a star on a: far goes, as a's earlier trial showed.
    trial = start.copy()
    ctx = Context(STRIPES, trial, [])
    ctx.place(a)
    assert facts.learned_trials(ctx)
    step = ctx.steps[-1]
    assert step.killed == 1 << far and step.detail == Learned(a, "star")
    # A trial that empties needed: needy goes, since a star there needs one on needed.
    trial = start.copy()
    ctx = Context(STRIPES, trial, [])
    ctx.kill(1 << needed)
    assert facts.learned_trials(ctx)
    step = ctx.steps[-1]
    assert step.killed == 1 << needy and step.detail == Learned(needed, "empty")
    # Nothing to apply: nothing changes, no step.
    trial = start.copy()
    ctx = Context(STRIPES, trial, [])
    ctx.place(_cell(4, 3))
    assert not facts.learned_trials(ctx) and len(ctx.steps) == 1


def test_stars_a_fact_forbids_together_are_a_contradiction():
    start = State.initial(STRIPES)
    facts = Implications(STRIPES, start)
    a, far = _cell(0, 0), _cell(5, 5)
    facts.rules_out[a] |= 1 << far
    facts.rules_out[far] |= 1 << a
    trial = start.copy()
    ctx = Context(STRIPES, trial, [])
    ctx.place(a)
    ctx.place(far)
    with pytest.raises(Contradiction, match="r1c1 and r6c6 cannot both stand"):
        facts.learned_trials(ctx)
    # A star whose earlier trial needed a star on a cell now empty.
    facts = Implications(STRIPES, start)
    needed = _cell(2, 6)
    facts.needed_by[needed] |= 1 << a
    trial = start.copy()
    ctx = Context(STRIPES, trial, [])
    ctx.place(a)
    ctx.kill(1 << needed)
    with pytest.raises(Contradiction, match="a star on r1c1 needs one on r3c7"):
        facts.learned_trials(ctx)
    # The same when the cell it needs was emptied before the trial began: learnt from a
    # trial on an earlier state, the fact is read from the star's end.
    earlier = State.initial(STRIPES)
    facts = Implications(STRIPES, earlier)
    assert facts.learn(earlier, a, _trial(earlier, a, stars=(needed,)))
    later = earlier.copy()
    Context(STRIPES, later, []).kill(1 << needed)
    facts.start = later
    trial = later.copy()
    ctx = Context(STRIPES, trial, [])
    ctx.place(a)
    with pytest.raises(Contradiction, match="a star on r1c1 needs one on r3c7"):
        facts.learned_trials(ctx)


def test_a_learnt_step_is_told_by_the_fact_it_applies():
    chain = (
        ((_cell(5, 5),), "learned_trials", Learned(_cell(0, 0), "star")),
        ((_cell(5, 5), _cell(6, 1)), "learned_trials", Learned(_cell(0, 0), "star")),
        ((_cell(7, 1),), "learned_trials", Learned(_cell(2, 6), "empty")),
        ((_cell(7, 1), _cell(7, 3)), "learned_trials", Learned(_cell(2, 6), "empty")),
    )
    assert chain_words(STRIPES, chain) == [
        "r6c6 would be empty (an earlier trial of the sweep showed that it cannot hold a "
        "star together with one on r1c1)",
        "r6c6 r7c2 would all be empty (earlier trials of the sweep showed that none of them "
        "can hold a star together with one on r1c1)",
        "r8c2 would be empty (an earlier trial of the sweep showed that a star there needs "
        "one on r3c7, which would be empty)",
        "r8c2 r8c4 would all be empty (earlier trials of the sweep showed that a star on any "
        "of them needs one on r3c7, which would be empty)",
    ]


def _facts_hold(facts: Implications, solution: int) -> None:
    """Every fact the sweep learnt holds in ``solution``: no two of its stars rule each
    other out, and each of its stars has every star its earlier trial placed."""
    for cell in range(len(facts.rules_out)):
        if solution >> cell & 1:
            assert not facts.rules_out[cell] & solution, cell
        else:
            assert not facts.needed_by[cell] & solution, cell


def test_every_fact_the_sweep_learns_on_a_hard_board_holds_in_its_solution(monkeypatch):
    # 10×10 boards enter the sweep's sizes here, as in the sweep's own tests.
    monkeypatch.setattr(package, "SWEEP_SIZES", range(4, 26))
    monkeypatch.setattr(package, "SWEEP_BUDGET", 10_000)
    board = _hard("10x10-2stars-08.txt")
    state = _stall(board)
    assert state.live, "the cheap tier stalls on this board"
    (solution,) = find_solutions(board, 2)
    after = state.copy()
    while True:
        ctx = Context(board, after, [])
        ctx.counter = "trial_sweep"
        trial_sweep(ctx)
        assert all(not step.killed & solution for step in ctx.steps)
        if not ctx.steps:
            break
    facts = after.caches["trial_sweep"]["learned"]
    assert facts.facts > 0 and any(facts.needed_by) and any(facts.rules_out)
    _facts_hold(facts, solution)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(SHAPES))
def test_learnt_facts_and_the_cells_they_rule_out_never_break_a_solution(rng, shape):
    case = random_case(rng, shape)
    if case is None:
        return
    board, state, allowed = case
    package.SWEEP_SIZES, sizes = range(4, 26), package.SWEEP_SIZES
    package.SWEEP_BUDGET, budget = 120, package.SWEEP_BUDGET
    after = state.copy()
    try:
        # Call after call, as the driver would with nothing else changing the state:
        # the later calls' trials apply what the earlier ones taught.
        for _ in range(4):
            ctx = Context(board, after, [])
            ctx.counter = "trial_sweep"
            trial_sweep(ctx)
            if not ctx.steps:
                break
    except Contradiction as err:
        raise AssertionError(f"a contradiction on a board with a solution: {err}") from err
    finally:
        package.SWEEP_SIZES, package.SWEEP_BUDGET = sizes, budget
    for solution in allowed:
        assert not after.queens & ~solution
        assert not solution & ~(after.live | after.queens)
    facts = after.caches.get("trial_sweep", {}).get("learned")
    if facts is not None:
        for solution in allowed:
            _facts_hold(facts, solution)


def test_facts_learnt_on_a_stronger_state_are_dropped_on_a_weaker_one(monkeypatch):
    monkeypatch.setattr(package, "SWEEP_SIZES", range(4, 26))
    start = State.initial(STRIPES)
    stronger = start.copy()
    Context(STRIPES, stronger, []).kill(1 << _cell(2, 6))
    facts = Implications(STRIPES, stronger)
    assert facts.learn(stronger, _cell(0, 0), _trial(stronger, _cell(0, 0)))
    assert facts.holds_on(stronger) and not facts.holds_on(start)
    further = stronger.copy()
    Context(STRIPES, further, []).place(_cell(4, 3))
    assert facts.holds_on(further)
    # A state that comes back weaker, its cache still holding them: the sweep drops them.
    weaker = start.copy()
    weaker.caches["trial_sweep"] = {"learned": facts}
    ctx = Context(STRIPES, weaker, [])
    ctx.counter = "trial_sweep"
    trial_sweep(ctx)
    assert weaker.caches["trial_sweep"]["learned"] is not facts

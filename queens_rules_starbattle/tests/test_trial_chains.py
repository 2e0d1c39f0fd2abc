"""The trial star's and the deep trial's refutations as a person reads them: used only
where no cheap rule applies, and told as the chain the failure rests on, each step of
which is checked against the state it is told on (the named rule, run there, makes that
very deduction; the chain, replayed from the supposition alone, ends in the failure the
sentence names), on the archive's boards and with Hypothesis on random boards."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starbattle_archive import archive_board
from told_facts import untold_leans

from queens_core import Board, Context, Contradiction, Solver, State, Tier, cell_label
from queens_core.board import bits
from queens_core.generator.regions import REGION_CHARS
from queens_core.generator.stars_maker import _group_tiles, _grow, plant
from queens_core.tools.explain import explain_steps
from queens_core.words import unit_name
from queens_rules_starbattle import (
    DEEP_DEPTH,
    DEEP_PROPAGATORS,
    RULES,
    trial,
    trial_star,
)
from queens_rules_starbattle.cases import needed_steps, suppose
from queens_rules_starbattle.deductions import short_unit
from queens_rules_starbattle.details import TrialFails
from queens_rules_starbattle.refute import PROPAGATE, replays, told_refutation
from queens_rules_starbattle.sentences import LONGEST_TOLD

CHEAP = [rule for rule in RULES if rule.tier is Tier.CHEAP]


def check_chain(board: Board, before: State, cell: int, kind: str, which: object, chain) -> None:
    """Replay a refutation from ``before`` by hand: the supposed star, then each step of
    the chain, each holding on the facts told before it (:func:`told_facts.untold_leans`:
    never on a deduction of its rule's pass that the chain does not tell); the unit named
    must then be short (for a count, some rule must find too little room)."""
    assert not untold_leans(board, before, cell, chain)
    state = State(before.live, before.queens)
    ctx = Context(board, state, [])
    ctx.place(cell)
    for cells, _, _ in chain:
        if isinstance(cells, int):
            ctx.place(cells)
        else:
            ctx.kill(sum(1 << one for one in cells))
    if kind == "count":
        # The very shortfall the sentence names, in its words.
        assert any(_counts_fail(board, state, propagate, which) for propagate in PROPAGATE.values())
    else:
        unit = board.unit_mask(kind, which)
        have = (state.queens & unit).bit_count()
        assert have > board.stars or have + (state.live & unit).bit_count() < board.stars


def _counts_fail(board: Board, state: State, propagate, which: object) -> bool:
    try:
        propagate(Context(board, State(state.live, state.queens), []))
    except Contradiction as err:
        return str(err) == which
    return False


def check_sentence(board: Board, cell: int, kind: str, which: object, chain, why: str) -> None:
    """The sentence supposes the star, names the unit it breaks, then tells each step
    of the chain in order."""
    label = cell_label(board, cell)
    assert why.startswith(f"Suppose {label} held a star: "), why
    assert why.endswith(f"So {label} cannot hold a star."), why
    if kind != "count":
        unit = unit_name(board, kind, which)
        then = "then " if not chain else ""
        failure = f"{then}{unit} could no longer hold {board.stars} stars"
        assert why.startswith(f"Suppose {label} held a star: {failure}"), why
    if len(chain) > LONGEST_TOLD:
        assert f"at the end of a chain of {len(chain)} deductions" in why
        return
    at = 0
    for cells, _, _ in chain:
        if isinstance(cells, int):
            words = f"{cell_label(board, cells)} would hold a star ("
        else:
            words = " ".join(cell_label(board, one) for one in cells) + " would "
        at = why.index(words, at) + len(words)


def _stalled(board: Board) -> State:
    # Block cases opens these boards in the cheap tier; without it each stalls where a
    # trial has something to refute, which is what these tests read.
    return Solver([rule for rule in CHEAP if rule.counter != "block_cases"]).solve(board).state


@pytest.mark.parametrize(
    "name", ["10x10-2stars-08.txt", "9x9-2stars-06.txt", "11x11-2stars-08.txt"]
)
def test_every_trial_star_sentence_is_a_chain_that_replays_on_the_state_it_is_told_on(name):
    board = archive_board(name)
    start = _stalled(board)
    ctx = Context(board, State(start.live, start.queens), [])
    ctx.counter = "trial_star"
    trial_star(ctx)
    assert ctx.steps
    explanations = explain_steps(board, ctx.steps, RULES, start)
    before = State(start.live, start.queens)
    replayed = 0
    for step, explanation in zip(ctx.steps, explanations, strict=True):
        detail = step.detail
        assert isinstance(detail, TrialFails)
        # The chain told holds on the state the reader has reached by then (a chain that
        # replays nowhere, within a 2×2 pass that a replay splits, is told as found).
        kind, which, told = told_refutation(board, before, detail, "trial_star")
        if replays(board, before, detail.cell, told, kind, which):
            check_chain(board, before, detail.cell, kind, which, told)
            replayed += 1
        else:
            assert told == detail.forced
        check_sentence(board, detail.cell, kind, which, told, explanation.why)
        Context(board, before, []).kill(step.killed)
    assert replayed >= 0.8 * len(ctx.steps)


def test_a_told_chain_loses_its_failure_without_any_one_of_its_steps():
    board = archive_board("10x10-2stars-08.txt")
    start = _stalled(board)
    lengths = []
    for cell in bits(start.live):
        trial_state, found, chain = trial(board, start, cell)
        if found is None:
            continue
        detail = TrialFails(cell, found[0], found[1], chain)
        kind, which, told = told_refutation(board, start, detail, "trial_star")
        # A count is the one the told chain reaches (check_chain holds it to that).
        assert kind == found[0] and (which == found[1] or kind == "count")
        assert len(told) <= len(chain)
        check_chain(board, start, cell, kind, which, told)
        for drop in range(len(told)):
            assert not replays(board, start, cell, told[:drop] + told[drop + 1 :], kind, which)
        # The trial itself is unchanged: the chain's stars are among the trial's.
        for cells, _, _ in chain:
            if isinstance(cells, int):
                assert trial_state.queens >> cells & 1
        lengths.append((len(chain), len(told)))
    assert lengths and sum(b for _, b in lengths) < sum(a for a, _ in lengths)


def test_needed_steps_keeps_only_the_steps_the_failure_reads():
    board = Board(tuple(REGION_CHARS[r] * 10 for r in range(10)), 2)
    ctx = Context(board, State(board.full, 0), [])
    ctx.counter = "unit_full"
    ctx.kill(0b111 << 3)  # in row 1: what the failure in row 1 reads
    ctx.kill(0b111 << 53)  # in row 6: beside the point
    kept = needed_steps(board, ctx.steps, board.row_masks[0])
    assert kept == [ctx.steps[0]]


@pytest.mark.slow
@pytest.mark.parametrize(
    "name",
    [
        "11x11-2stars-09.txt",
        # Boards where a trial's chain, cut down on the trial's own state, met a capacity
        # count that stops at a shortfall before the step on the reader's: told up to
        # that shortfall, a refutation of its own; and the 17×17 boards, whose trial
        # sweep kills over a hundred cells each.
        "10x10-2stars-08.txt",
        "14x14-3stars-04.txt",
        "17x17-4stars-01.txt",
        "17x17-4stars-02.txt",
    ],
)
def test_every_trial_chain_of_a_solve_replays_on_the_readers_position(name):
    board = archive_board(name)
    result = Solver(RULES).solve(board)
    state = State.initial(board)
    checked = 0
    for step in result.steps:
        if step.counter in ("trial_star", "deep_trial", "trial_sweep"):
            assert isinstance(step.detail, TrialFails)
            detail = step.detail
            kind, which, told = told_refutation(board, state, detail, step.counter)
            assert replays(board, state, detail.cell, told, kind, which)
            check_chain(board, state, detail.cell, kind, which, told)
            checked += 1
        if step.placed:
            Context(board, state, []).place(step.placed.bit_length() - 1)
        else:
            Context(board, state, []).kill(step.killed)
    assert checked


@pytest.mark.slow
@pytest.mark.parametrize("name", ["10x10-2stars-08.txt", "11x11-2stars-09.txt"])
def test_a_trial_runs_only_where_no_cheap_rule_changes_anything(name):
    """The driver's tiers: the state a trial rule is called on is a fixed point of every
    cheap rule."""
    board = archive_board(name)
    result = Solver(RULES).solve(board)
    state = State.initial(board)
    trials = 0
    previous = None
    for step in result.steps:
        if step.counter in ("trial_star", "deep_trial") and previous != step.counter:
            trials += 1
            for rule in CHEAP:
                copy = State(state.live, state.queens)
                rule.apply(Context(board, copy, []))
                assert (copy.live, copy.queens) == (state.live, state.queens), rule.counter
        previous = step.counter
        if step.placed:
            Context(board, state, []).place(step.placed.bit_length() - 1)
        else:
            Context(board, state, []).kill(step.killed)
    assert trials


# -- random boards ----------------------------------------------------------------------------


def random_board(n: int, stars: int, rng: random.Random) -> Board | None:
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
    return Board(rows, stars)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    shape=st.sampled_from([(8, 2), (9, 2), (10, 2), (12, 3)]),
    deep=st.booleans(),
)
def test_every_chain_on_a_random_board_replays_to_its_failure(seed, shape, deep):
    rng = random.Random(seed)
    board = random_board(*shape, rng)
    if board is None:
        return
    start = _stalled(board)
    if short_unit(board, start) is not None:
        return
    cells = list(bits(start.live))
    for cell in rng.sample(cells, min(6, len(cells))):
        if deep:
            _, found, chain = suppose(board, start, 1 << cell, DEEP_DEPTH, DEEP_PROPAGATORS)
        else:
            _, found, chain = trial(board, start, cell)
        if found is not None:
            detail = TrialFails(cell, found[0], found[1], chain)
            kind, which, told = told_refutation(board, start, detail, "trial_star")
            if replays(board, start, cell, told, kind, which):
                check_chain(board, start, cell, kind, which, told)

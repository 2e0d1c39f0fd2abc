"""A trial's sentence names only the queens its failure rests on: the steps kept
(:func:`queens_rules_pfc.refutation`) replay from the state, each made by its basic rule
on the state the replay has reached, to the unit the trial breaks; on the archive's
states where the catalog calls the rule, and with Hypothesis on random settled states."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from queens_core import Board, Context, Solver, State, Tier
from queens_core.engine.board import bits
from queens_core.propagation import LineConfined, OnlyLiveCell, RegionConfined
from queens_core.testing import load_boards, rules_of
from queens_rules_pfc import (
    TWO_QUEENS,
    apply_placement_forces_contradiction,
    needed_queens,
    refutation,
    trial,
)

ARCHIVE = Path(__file__).resolve().parents[2] / "archive" / "boards"
BOARDS = list(load_boards(ARCHIVE).values())[::7]


def assert_true_on(board: Board, state: State, step) -> None:
    """The step's reason holds on ``state``: a queen on the only live cell of a unit
    without one; cells of a line cleared because a region's live cells all lie in it,
    or of a region because a line's live cells all lie in it."""
    detail = step.detail
    live = state.live
    if isinstance(detail, OnlyLiveCell):
        unit = board.unit_mask(detail.kind, detail.which)
        assert live & unit == step.placed and not state.queens & unit
    elif isinstance(detail, RegionConfined):
        region = board.region_masks[detail.region]
        line = board.unit_mask(detail.kind, detail.line)
        assert live & region and not live & region & ~line
        assert not step.killed & ~(line & ~region)
    else:
        assert isinstance(detail, LineConfined)
        line = board.unit_mask(detail.kind, detail.line)
        region = board.region_masks[detail.region]
        assert live & line and not live & line & ~region
        assert not step.killed & ~(region & ~line)
    assert not (step.placed | step.killed) & ~live


def check_refutations(board: Board, state: State) -> tuple[int, int]:
    """Every failing trial's kept steps replay to its failure; returns (queens the trial
    forced, queens named), summed over the trials."""
    forced = named = 0
    for cell in bits(state.live):
        trial_state, found = trial(board, state, cell)
        if found is None:
            continue
        kind, index, problem = found
        steps = refutation(board, state, cell, kind, index)
        replay = State(state.live, state.queens)
        ctx = Context(board, replay)
        ctx.place(cell)
        for step in steps:
            assert_true_on(board, replay, step)
            if step.placed:
                ctx.place(step.placed.bit_length() - 1)
            else:
                ctx.kill(step.killed)
        unit = board.unit_mask(kind, index)
        if problem == TWO_QUEENS:
            assert (replay.queens & unit).bit_count() > 1
        else:
            assert not (replay.live | replay.queens) & unit
        queens = needed_queens(board, state, cell, kind, index)
        assert not sum(1 << q for q in queens) & ~trial_state.queens
        forced += (trial_state.queens & ~state.queens).bit_count() - 1
        named += len(queens)
    return forced, named


def test_the_named_queens_replay_to_the_failure_where_the_catalog_calls_the_rule(
    queens_registry, archive
):
    met: list[tuple[Board, State]] = []

    def spy(ctx: Context) -> None:
        met.append((ctx.board, State(ctx.state.live, ctx.state.queens)))
        apply_placement_forces_contradiction(ctx)

    rules = [
        replace(r, apply=spy) if r.counter == "placement_forces_contradiction" else r
        for r in rules_of(queens_registry, "baseline", "polyomino", "pigeonhole", "pfc")
    ]
    solver = Solver(rules)
    for board in list(archive.values())[::5]:
        solver.solve(board)
    forced = named = 0
    for board, state in met:
        a, b = check_refutations(board, state)
        forced, named = forced + a, named + b
    # Fewer queens named than the trials forced: some were beside the point.
    assert named < forced


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(BOARDS) - 1), st.lists(st.integers(0, 10**6), max_size=8))
def test_the_named_queens_replay_on_random_settled_states(which, moves):
    board = BOARDS[which]
    state = State.initial(board)
    ctx = Context(board, state)
    for move in moves:
        live = list(bits(state.live))
        if not live:
            break
        cell = live[move % len(live)]
        if move % 3 == 0:
            ctx.place(cell)
        else:
            ctx.kill(1 << cell)
    check_refutations(board, state)


def test_the_trials_run_only_where_no_cheap_rule_changes_anything(queens_registry, archive):
    """The driver's tiers: every state the catalog calls the trial rule on is a fixed
    point of every rule of the cheap tier."""
    met: list[tuple[Board, State]] = []

    def spy(ctx: Context) -> None:
        met.append((ctx.board, State(ctx.state.live, ctx.state.queens)))
        apply_placement_forces_contradiction(ctx)

    rules = [
        replace(r, apply=spy) if r.counter == "placement_forces_contradiction" else r
        for r in rules_of(queens_registry, "baseline", "polyomino", "pigeonhole", "pfc")
    ]
    cheap = [r for r in rules if r.tier is Tier.CHEAP]
    solver = Solver(rules)
    for board in list(archive.values())[::10]:
        solver.solve(board)
    assert met
    for board, state in met:
        for rule in cheap:
            copy = State(state.live, state.queens)
            rule.apply(Context(board, copy))
            assert (copy.live, copy.queens) == (state.live, state.queens), rule.counter

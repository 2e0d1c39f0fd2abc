"""The two-tier driver's semantics: its passes, its tiers and what a counter counts."""

from __future__ import annotations

import sys

import pytest

from queens_core import Board, Rule, Solver, State, Tier
from queens_core.engine.driver import SETTLE_FALLBACK
from queens_core.engine.propagation import place_region_single, settle_queens


def rule(counter, position, apply, tier=Tier.CHEAP, counting="pass"):
    return Rule(
        counter=counter,
        display_name=counter,
        tier=tier,
        position=position,
        summary="test",
        apply=apply,
        counting=counting,
    )


@pytest.mark.slow
def test_queen_adjacent_kill_counts_every_placement(archive, registry):
    solver = Solver(registry.rules)
    for key, board in archive.items():
        result = solver.solve(board)
        assert result.counters["queen_adjacent_kill"] == board.n, key


@pytest.mark.slow
def test_steps_replayed_from_the_empty_board_give_the_final_state(archive, registry):
    solver = Solver(registry.rules)
    for key, board in archive.items():
        result = solver.solve(board)
        live, queens = board.full, 0
        for step in result.steps:
            assert step.killed & live == step.killed, f"{key}: a step kills a dead cell"
            assert step.killed | step.placed, f"{key}: an empty step"
            live &= ~(step.killed | step.placed)
            queens |= step.placed
        assert (live, queens) == (result.state.live, result.state.queens), key


def test_counters_print_in_catalog_order_with_zeros(registry):
    result = Solver(registry.rules).solve(Board.parse("AAB\nCCB\nCCB"))
    assert list(result.counters) == [r.counter for r in registry.rules if r.sound_for(1)]


def test_a_pass_rule_counts_once_per_pass_however_much_it_did():
    calls = []

    def kill_two(ctx):
        calls.append(1)
        if len(calls) == 1:
            ctx.kill(0b01)
            ctx.kill(0b10)

    solver = Solver([rule("twice", 1, kill_two)])
    result = solver.solve(Board.parse("AABB\nAABB\nCCDD\nCCDD"))
    assert result.counters == {"twice": 1}
    assert len(result.steps) == 2
    assert result.passes == 2  # one pass that changed something, one that did not


def test_expensive_rules_run_only_at_a_cheap_fixed_point_and_loop_back():
    log = []

    def cheap(ctx):
        log.append("cheap")

    def expensive(ctx):
        log.append("expensive")
        if log.count("expensive") == 1:
            ctx.kill(1)  # any change sends the driver back to the cheap tier

    solver = Solver([rule("c", 1, cheap), rule("e", 2, expensive, Tier.EXPENSIVE)])
    result = solver.solve(Board.parse("AABB\nAABB\nCCDD\nCCDD"))
    assert log == ["cheap", "expensive", "cheap", "expensive"]
    assert result.counters == {"c": 0, "e": 1}
    assert result.tiers_used == {"expensive"}


def test_a_solve_from_a_cheap_stall_goes_to_the_expensive_tier_first():
    # Where a solve by the same cheap rules stopped, they change nothing: the first
    # pass calls none of them (still counted), and they run again once the state moves.
    log = []

    def cheap(ctx):
        log.append("cheap")

    def expensive(ctx):
        log.append("expensive")
        if log.count("expensive") == 1:
            ctx.kill(1)

    board = Board.parse("AABB\nAABB\nCCDD\nCCDD")
    stall = Solver([rule("c", 1, cheap)]).solve(board)
    assert log == ["cheap"]
    solver = Solver([rule("c", 1, cheap), rule("e", 2, expensive, Tier.EXPENSIVE)])
    log.clear()
    resumed = solver.solve(board, stall.state.copy(), cheap_stalled=True)
    assert log == ["expensive", "cheap", "expensive"]
    log.clear()
    again = solver.solve(board, stall.state.copy())
    assert log == ["cheap", "expensive", "cheap", "expensive"]
    assert (resumed.passes, resumed.steps, resumed.counters) == (
        again.passes,
        again.steps,
        again.counters,
    )


def test_several_expensive_rules_stop_at_the_first_that_changes():
    log = []

    def first(ctx):
        log.append("first")
        if len(log) == 1:
            ctx.kill(1)

    def second(ctx):
        log.append("second")

    solver = Solver([rule("a", 40, first, Tier.EXPENSIVE), rule("b", 41, second, Tier.EXPENSIVE)])
    solver.solve(Board.parse("AABB\nAABB\nCCDD\nCCDD"))
    assert log == ["first", "first", "second"]


def test_a_contradiction_stops_the_solve_and_names_the_empty_unit():
    # Region A is one cell; its queen kills every other cell of the 2×2 board.
    from queens_rules_baseline import RULES

    result = Solver(RULES).solve(Board.parse("AB\nBB"))
    assert result.status == "contradiction"
    assert result.problem == "row 2 has no queen and no live cell"
    assert result.culprit.counter == "single_cell_region"
    assert result.state.queens == 1


def test_a_loaded_state_is_settled_first():
    board = Board.parse("AABB\nAABB\nCCDD\nCCDD")
    state = State(board.full & ~1, 1)  # a queen at r1c1 whose neighbours are still live
    result = Solver([rule("single", 2, place_region_single)]).solve(board, state.copy())
    first = result.steps[0]
    # No rule counts placements: the core's own name for the queens' kill lists.
    assert first.counter == SETTLE_FALLBACK and first.detail == ("queen", 0)
    assert not first.placed and first.killed == board.kill_masks[0] & board.full & ~1
    # The rule that counts placements owns them (a queen's kill list is its deduction).
    counting = rule("kills", 1, settle_queens, counting="placement")
    result = Solver([counting, rule("single", 2, place_region_single)]).solve(board, state)
    assert result.steps[0].counter == "kills" and result.steps[0].detail == ("queen", 0)


def test_solved_only_when_the_validator_agrees(registry):
    result = Solver(registry.rules).solve(Board.parse("A"))
    assert result.solved and result.queens() == [(0, 0)]


def test_a_solve_without_standard_output_leaves_it_as_it_was(registry, monkeypatch):
    """Python sets sys.stdout to None when it starts without one (a closed descriptor,
    pythonw): the solve's guard against rules that print must not stay behind, or the
    caller's own printing would be taken for a rule's."""
    monkeypatch.setattr(sys, "stdout", None)
    Solver(registry.rules).solve(Board.parse("AB\nBB\n"))
    assert sys.stdout is None

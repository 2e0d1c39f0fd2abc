"""A told trial chain is read as a person reads it: each step from only the facts told
before it (:mod:`told_facts`). Exclusion's pass reads each cell on the state the cells
before it left, so a step it makes may rest on an earlier cell it ruled out; a chain
that tells the step but not that cell leans on a step it does not tell, and is not
told."""

from __future__ import annotations

import pytest
from starbattle_archive import archive_board
from told_facts import untold_leans

from queens_core import Context, Solver, State, Tier
from queens_core.board import bits
from queens_core.tools.explain import explain_steps
from queens_rules_starbattle import RULES, block_split, refute, sentences
from queens_rules_starbattle.counting import exclusion, verdicts
from queens_rules_starbattle.details import Exclusion, TrialFails


def _leaning_exclusion(board, start: State):
    """A trial star on ``start`` and a cell exclusion's pass rules out after it only
    because the pass ruled out an earlier cell first: (star, cell, the pass's detail)."""
    judge = verdicts(board)
    for star in bits(start.live):
        after = State(start.live, start.queens)
        Context(board, after, []).place(star)
        ctx = Context(board, State(after.live, after.queens), [])
        exclusion(ctx)
        for step in ctx.steps[1:]:
            cell = step.killed.bit_length() - 1
            if judge.afresh(after.queens, after.live, cell) is None:
                return star, cell, step.detail
    return None


def test_a_step_that_leans_on_an_untold_exclusion_is_found_and_not_told():
    board = archive_board("17x17-4stars-01.txt")
    cheap = [rule for rule in RULES if rule.tier is Tier.CHEAP]
    start = Solver(cheap).solve(board).state
    found = _leaning_exclusion(board, start)
    assert found is not None
    star, cell, detail = found
    assert isinstance(detail, Exclusion) and detail.cell == cell
    chain = (((cell,), "exclusion", detail),)
    # Exclusion's pass, run after the star, rules the cell out: the old acceptance.
    ctx = Context(board, State(start.live, start.queens), [])
    ctx.place(star)
    exclusion(ctx)
    assert not ctx.state.live >> cell & 1
    # But told alone after the star it does not hold: the checker finds it ...
    assert untold_leans(board, start, star, chain) == [(0, f"exclusion {detail!r}")]
    # ... and a chain is no longer accepted with it.
    assert refute._replayed_while(board, start, star, chain)[1] == 0


def _told_chains(board) -> list[tuple[State, object, tuple]]:
    """Every chain told by the sentences of ``board``'s solve: (the state it starts
    from, the supposed stars, the chain). Not a split's case told on a state where one
    of its stars' cells is dead already: no chain of steps is read there."""
    told: list[tuple[State, object, tuple]] = []
    real_refutation = refute.told_refutation
    real_case = refute.told_case

    def refutation(on, state, detail: TrialFails, counter):
        found = real_refutation(on, state, detail, counter)
        told.append((State(state.live, state.queens), detail.cell, found[2]))
        return found

    def case(on, state, one):
        found = real_case(on, state, one)
        if found.kind is not None and all(state.live >> cell & 1 for cell in found.placement):
            told.append((State(state.live, state.queens), found.placement, found.forced))
        return found

    patch = pytest.MonkeyPatch()
    try:
        patch.setattr(sentences, "told_refutation", refutation)
        patch.setattr(sentences, "told_case", case)
        patch.setattr(block_split, "told_case", case)
        sentences._TOLD.clear()
        explain_steps(board, Solver(RULES).solve(board).steps, RULES)
    finally:
        patch.undo()
    return told


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["17x17-4stars-01.txt", "17x17-4stars-02.txt", "17x17-4stars-03.txt"]
)
def test_every_chain_told_on_a_hard_board_holds_on_the_facts_told_before_each_step(name):
    board = archive_board(name)
    told = _told_chains(board)
    assert told
    for state, supposed, chain in told:
        assert not untold_leans(board, state, supposed, chain)


def test_every_chain_told_on_a_small_board_holds_on_the_facts_told_before_each_step():
    board = archive_board("11x11-2stars-09.txt")
    told = _told_chains(board)
    assert told
    for state, supposed, chain in told:
        assert not untold_leans(board, state, supposed, chain)

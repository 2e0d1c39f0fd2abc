"""A case split's impossible cases, told as short as a replay on the reader's state allows
(as a trial's refutation is): never longer than the chain the walk kept, each told chain
replaying from the case's stars to the very failure the sentence names, and the sentence
telling exactly the shortened chain."""

from __future__ import annotations

import pytest
from starbattle_archive import archive_board
from told_facts import untold_leans

from queens_core import Board, Context, Contradiction, Solver, State, cell_label
from queens_core.tools.explain import explain_steps
from queens_core.words import unit_name
from queens_rules_starbattle import RULES
from queens_rules_starbattle.refute import PROPAGATE, replays, told_case


def _fails_as_told(board: Board, state: State, case) -> bool:
    """The failure the case names, checked on ``state`` (the case's stars and its told
    chain applied): its unit short of room, or its count raised in those words."""
    if case.kind != "count":
        unit = board.unit_mask(case.kind, case.which)
        have = (state.queens & unit).bit_count()
        return have > board.stars or have + (state.live & unit).bit_count() < board.stars
    for propagate in PROPAGATE.values():
        try:
            propagate(Context(board, State(state.live, state.queens), []))
        except Contradiction as err:
            if str(err) == case.which:
                return True
    return False


def _applied(board: Board, before: State, case, chain) -> State:
    state = State(before.live, before.queens)
    ctx = Context(board, state, [])
    for cell in case.placement:
        ctx.place(cell)
    for cells, _, _ in chain:
        if isinstance(cells, int):
            ctx.place(cells)
        else:
            ctx.kill(sum(1 << one for one in cells) & state.live)
    return state


def _told_in_order(why: str, phrases: list[str]) -> None:
    at = 0
    for phrase in phrases:
        found = why.find(phrase, at)
        if found < 0:
            assert why.endswith("more characters)"), (phrase, why)
            return
        at = found + len(phrase)


@pytest.mark.parametrize("name", ["11x11-2stars-03.txt", "9x9-2stars-07.txt"])
def test_an_impossible_case_is_told_by_a_chain_no_longer_than_found_that_replays(name):
    board = archive_board(name)
    result = Solver(RULES, stars=board.stars).solve(board)
    before = State(board.full, 0)
    found_steps = told_steps = 0
    for step in result.steps:
        if step.counter == "case_split":
            (explanation,) = explain_steps(board, [step], RULES, before)
            for case in step.detail.cases:
                if case.kind is None:
                    continue
                told = told_case(board, before, case)
                assert (told.placement, told.kind) == (case.placement, case.kind)
                # A count may change with the chain: the one the told chain reaches.
                assert told.which == case.which or case.kind == "count"
                assert len(told.forced) <= len(case.forced)
                # The told chain keeps the found one's order: a subsequence of it (an
                # exclusion step's group and counts those of the facts told before it).
                remaining = iter(case.forced)
                assert all(any(link[:2] == kept[:2] for kept in remaining) for link in told.forced)
                # Each step of a chain that replays holds on the facts told before it.
                if replays(board, before, case.placement, told.forced, told.kind, told.which):
                    assert not untold_leans(board, before, case.placement, told.forced)
                if told.forced != case.forced:
                    assert replays(
                        board, before, case.placement, told.forced, told.kind, told.which
                    )
                    assert _fails_as_told(board, _applied(board, before, case, told.forced), told)
                # The sentence tells the shortened chain, in order, and the failure (as
                # far as a long sentence goes before it is cut).
                labels = [cell_label(board, c) for c in case.placement]
                way = ", ".join(labels[:-1]) + " and " + labels[-1] if labels[1:] else labels[0]
                phrases = [f"with {way}"]
                for cells, _, _ in told.forced:
                    if isinstance(cells, int):
                        phrases.append(f"{cell_label(board, cells)} would hold a star")
                    else:
                        phrases.append(" ".join(cell_label(board, c) for c in cells) + " would ")
                if told.kind == "count":
                    phrases.append(str(told.which))
                else:
                    phrases.append(unit_name(board, told.kind, told.which))
                _told_in_order(explanation.why, phrases)
                found_steps += len(case.forced)
                told_steps += len(told.forced)
        before = State(before.live & ~(step.killed | step.placed), before.queens | step.placed)
    assert told_steps < found_steps, "no chain got shorter: the test checks nothing"


def test_a_case_that_fails_a_count_names_the_shortfall_its_told_chain_reaches():
    # With r6c2, the walk ends at region K's 2×2 room, five steps on; on the state the
    # reader sees, the star alone leaves capacity counting short, and that is what the
    # sentence tells, without the five steps.
    board = archive_board("11x11-2stars-03.txt")
    result = Solver(RULES, stars=board.stars).solve(board)
    before = State(board.full, 0)
    for step in result.steps:
        if step.counter == "case_split":
            (case,) = (case for case in step.detail.cases if case.kind == "count")
            told = told_case(board, before, case)
            assert len(case.forced) == 5 and told.forced == ()
            assert (
                told.which
                == "the regions can put at most 8 stars into rows 2–11, which still need 9"
            )
            alone = _applied(board, before, case, ())
            assert _fails_as_told(board, alone, told)
            assert not _fails_as_told(board, alone, case)
            (explanation,) = explain_steps(board, [step], RULES, before)
            assert f"with r6c2, {told.which}" in explanation.why
            return
        before = State(before.live & ~(step.killed | step.placed), before.queens | step.placed)
    pytest.fail("the board has no case split")

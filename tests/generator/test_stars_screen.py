"""The Star Battle maker's screen: a unique board that the cheap tier leaves with too many
cells undecided is turned down without its full solve, and every board the maker keeps is
still unique, solved by every rule and the same for a seed."""

from __future__ import annotations

import pytest
from support import assert_graded_as_check_grades

from queens_core import load_registry
from queens_core.generator import stars_maker
from queens_core.generator.stars_maker import StarMaker, generate_starbattle, undecided_allowed
from queens_core.referee.exact import find_solutions
from queens_core.tools.grade import Grader


def test_the_share_allowed_undecided_grows_with_the_size():
    shares = [undecided_allowed(n) / (n * n) for n in (14, 17, 21, 25)]
    assert shares == sorted(shares)
    assert 0.7 < shares[0] and shares[-1] < 0.9


def unique_board_the_cheap_tier_stalls_on(maker: StarMaker) -> tuple:
    """A 14×14 3★ board with one solution that the cheap rules leave unsolved."""
    for seed in range(20):
        board = generate_starbattle(14, 3, seed)
        (solution,) = find_solutions(board, 2)
        cheap = maker.cheap.solve(board)
        if not cheap.solved:
            return board, solution, cheap.state.live
    raise AssertionError("no 14×14 board in 20 seeds that the cheap rules stall on")


@pytest.mark.slow
def test_a_board_past_the_screen_is_repaired_where_the_cheap_tier_stalled(monkeypatch):
    maker = StarMaker(load_registry().rules, 14, 3)
    board, solution, live = unique_board_the_cheap_tier_stalls_on(maker)
    assert live.bit_count() > 0
    # Every cheap stall past the screen: the verdict comes without the full solve. (At
    # 14×14 the map is now dropped instead, test_stars_patience; the repair is still
    # what smaller boards get.)
    monkeypatch.setattr(stars_maker, "undecided_allowed", lambda size: 0)
    monkeypatch.setattr(stars_maker, "REPAIRED_STALLS_UP_TO", 14)

    def no_full_solve(*args, **kwargs):
        raise AssertionError("the full solve ran on a board past the screen")

    monkeypatch.setattr(maker.grader, "assess", no_full_solve)
    assert maker._judge({})(board, solution) == live


@pytest.mark.slow
def test_a_board_within_the_screen_gets_its_full_solve(monkeypatch):
    maker = StarMaker(load_registry().rules, 14, 3)
    board, solution, _ = unique_board_the_cheap_tier_stalls_on(maker)
    monkeypatch.setattr(stars_maker, "undecided_allowed", lambda size: size * size)
    assessed = []
    full_solve = maker.grader.assess

    def counted(*args, **kwargs):
        assessed.append(args[0])
        return full_solve(*args, **kwargs)

    monkeypatch.setattr(maker.grader, "assess", counted)
    maker._judge({})(board, solution)
    assert assessed == [board]


@pytest.mark.slow
def test_boards_made_past_the_screen_are_unique_solved_and_the_same_for_a_seed():
    rules = load_registry().rules
    made = [StarMaker(rules, 14, 3).make(7, index) for index in range(2)]
    again = StarMaker(rules, 14, 3).make(7, 1)
    assert again.board.rows == made[1].board.rows
    grader = Grader(rules, 3)
    for star_board in made:
        assert_graded_as_check_grades(star_board, grader)


@pytest.mark.slow
@pytest.mark.parametrize(("size", "stars", "seeds"), [(10, 2, range(6)), (14, 3, range(8))])
def test_the_full_solve_from_the_cheap_stall_is_the_full_solve(size, stars, seeds):
    rules = load_registry().rules
    maker = StarMaker(rules, size, stars)
    grader = maker.grader
    stalled = 0
    for seed in seeds:
        board = generate_starbattle(size, stars, seed)
        cheap = maker.cheap.solve(board)
        stalled += not cheap.solved
        scratch, resumed = grader.assess(board), grader.assess(board, cheap=cheap)
        assert resumed.full.state.live == scratch.full.state.live
        assert resumed.full.status == scratch.full.status
        assert resumed.full.state.queens == scratch.full.state.queens
        assert resumed.full.steps == scratch.full.steps
        assert resumed.full.counters == scratch.full.counters
        assert resumed.full.passes == scratch.full.passes
        assert resumed.full.tiers_used == scratch.full.tiers_used
        assert resumed.full.budgets == scratch.full.budgets
        assert (resumed.rung, resumed.score) == (scratch.rung, scratch.score)
    # Both ways through: the 10×10 boards are solved by the cheap tier, and most 14×14
    # ones are not.
    assert stalled == 0 if size == 10 else stalled > 0

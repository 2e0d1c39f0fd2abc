"""The Star Battle maker's patience: how many repairs in a row a map gets before a fresh
map is drawn, shorter where it was measured (14×14 with 3 stars), a 14×14 map dropped at
its first stall, and the boards made still unique, solved by every rule and the same
whatever the number of jobs."""

from __future__ import annotations

import pytest
from support import assert_graded_as_check_grades

from queens_core import load_registry
from queens_core.generator import stars_maker
from queens_core.generator.stars_maker import StarMaker, generate_starbattle, repairs_per_map
from queens_core.referee.exact import find_solutions
from queens_core.tools.grade import Grader


def test_the_patience_is_shorter_only_where_it_was_measured():
    assert repairs_per_map(14, 3) == 42
    # Unmeasured shapes keep four K a row, so their seeds give the boards they gave.
    assert repairs_per_map(10, 2) == 80
    assert repairs_per_map(17, 4) == 272
    assert repairs_per_map(25, 6) == 600


def test_a_map_is_given_up_after_its_patience(monkeypatch):
    monkeypatch.setattr(stars_maker, "repairs_per_map", lambda size, stars: 3)
    # Every question finds another solution (the question's own answer, kept as long
    # as it is one), so only the patience ends a map.
    questions_per_map: list[int] = []
    planted = stars_maker.plant

    def counted_plant(*args):
        questions_per_map.append(0)
        return planted(*args)

    other_solutions = stars_maker._other_solutions

    def never_unique(exact, board, known_solution, known):
        questions_per_map[-1] += 1
        found = other_solutions(exact, board, known_solution, known)
        return found or [known_solution ^ 1]

    monkeypatch.setattr(stars_maker, "plant", counted_plant)
    monkeypatch.setattr(stars_maker, "_other_solutions", never_unique)
    with pytest.raises(ValueError, match="no unique 14×14 3-star board after 5 attempts"):
        generate_starbattle(14, 3, seed=1, attempts=5)
    assert questions_per_map
    # The question that finds the fourth repair in a row short of a unique board is a
    # map's last; a map whose repair finds no cell to move may end sooner.
    assert max(questions_per_map) == 4


@pytest.mark.slow
def test_a_14_by_14_map_is_dropped_at_its_first_stall(monkeypatch):
    maker = StarMaker(load_registry().rules, 14, 3)
    for seed in range(20):
        board = generate_starbattle(14, 3, seed)
        (solution,) = find_solutions(board, 2)
        if not maker.cheap.solve(board).solved:
            break
    else:
        raise AssertionError("no 14×14 board in 20 seeds that the cheap rules stall on")
    # Past the screen (taken for a stall without the full solve) and after a full solve
    # that stalls alike: 0, the whole map dropped, not the cells to repair.
    monkeypatch.setattr(stars_maker, "undecided_allowed", lambda size: 0)
    assert maker._judge({})(board, solution) == 0
    monkeypatch.setattr(stars_maker, "undecided_allowed", lambda size: size * size)
    stalled = maker.grader.assess(board, solution=solution)
    if not stalled.solved:
        assert maker._judge({})(board, solution) == 0


@pytest.mark.slow
def test_boards_made_are_unique_solved_and_the_same_whatever_the_jobs():
    rules = load_registry().rules
    alone = list(StarMaker(rules, 14, 3).boards(11, 2, jobs=1))
    shared = list(StarMaker(rules, 14, 3).boards(11, 2, jobs=2))
    assert [made.board.rows for made in alone] == [made.board.rows for made in shared]
    grader = Grader(rules, 3)
    for made in alone:
        assert_graded_as_check_grades(made, grader)

"""The check of a solve's answer (queens_core.tools.answers): no search where queens' own
rules placed every queen, and that verdict the search's own; the search everywhere else."""

from __future__ import annotations

import dataclasses

import pytest
from hostile import HIDDEN_KILL, apply_of
from support import ARCHIVE, ROOT, archive_paths, quick_rule

from queens_core import Board, Solver, hookimpl, load_registry, make_plugin_manager
from queens_core.api import Application
from queens_core.engine.state import State
from queens_core.referee import exact
from queens_core.referee.blame import diagnose
from queens_core.tools.answers import all_queens_own, check_answer, runs_only_queens_own

STAR_BOARDS = sorted((ROOT / "archive" / "starbattle").glob("*.txt"))


def one_package_app(rules, package: str) -> Application:
    class Package:
        @hookimpl
        def queens_register_rules(self):
            return list(rules)

    pm = make_plugin_manager()
    pm.register(Package(), name=package)
    return Application(load_registry(pm, use_entry_points=False))


@pytest.fixture
def searches(monkeypatch) -> list[Board]:
    """The boards the exact search is asked about, from here on."""
    asked: list[Board] = []
    find = exact.find_solutions

    def counting(board, *args, **kwargs):
        asked.append(board)
        return find(board, *args, **kwargs)

    monkeypatch.setattr(exact, "find_solutions", counting)
    return asked


def same_verdict(ours, searched) -> None:
    assert ours.solutions == searched.solutions
    assert ours.decided and searched.decided
    assert ours.message is None and searched.message is None
    assert ours.culprit is None and ours.unsound_step is None
    assert ours.has_solution is True


def test_the_installed_catalog_is_queens_own(registry):
    assert all_queens_own(registry.rules)
    assert runs_only_queens_own(Solver(registry.rules))


@pytest.mark.slow
def test_every_archive_board_gets_the_searchs_verdict_without_a_search(registry, monkeypatch):
    solver = Solver(registry.rules)
    for path in archive_paths():
        board = Board.parse(path.read_text())
        result = solver.solve(board)
        assert result.solved, path.name
        searched = diagnose(result, None, solver.by_counter)
        with monkeypatch.context() as patched:
            patched.setattr(exact, "find_solutions", None)  # any search would fail
            ours = check_answer(result, None, solver)
        same_verdict(ours, searched)
        # The search's own answer, not the rules': the placement is the only solution.
        assert exact.find_solutions(board, 2) == [result.state.queens]


@pytest.mark.slow
@pytest.mark.parametrize("path", STAR_BOARDS, ids=lambda p: p.stem)
def test_every_star_battle_board_gets_the_searchs_verdict_searched_only_where_rules_stall(
    path, registry, searches
):
    app = Application(registry)
    board = app.read(str(path)).board
    solver = app.solver().for_stars(board.stars)
    result = solver.solve(board)
    ours = check_answer(result, None, solver)
    assert bool(searches) == (not result.solved)
    same_verdict(ours, diagnose(result, None, solver.by_counter))


def test_a_solve_of_queens_own_rules_runs_no_search(searches):
    app = Application()
    solution = app.solve(ARCHIVE / "353.txt")
    assert solution.solved and solution.unsound is None
    assert solution.diagnosis.solutions == [solution.result.state.queens]
    assert searches == []


def test_from_a_start_state_the_placement_is_the_start_states_only_solution(searches):
    app = Application()
    board = Board.parse((ARCHIVE / "1.txt").read_text())
    solution_mask = exact.find_solutions(board, 2)[0]
    searches.clear()
    start = State.initial(board)
    queen = (solution_mask & -solution_mask).bit_length() - 1
    start.queens |= 1 << queen
    start.live &= ~(1 << queen)
    answer = app.solve(board, start=start)
    assert answer.solved and answer.diagnosis.solutions == [solution_mask]
    assert searches == []
    assert exact.find_solutions(board, 2, start) == [solution_mask]


def test_a_stalled_solve_is_still_searched(searches):
    app = Application()
    board = Board.parse((ARCHIVE / "353.txt").read_text())
    solution = app.solve(board, tier="cheap")
    assert not solution.solved and solution.unsound is None
    assert searches == [board]


def test_a_board_without_solution_is_searched_and_blames_no_rule(searches):
    app = Application()
    solution = app.solve(Board.from_rows(["AAB", "ACB", "CCB"]))
    assert solution.result.status == "contradiction"
    assert solution.diagnosis.has_solution is False and solution.unsound is None
    assert len(searches) == 1


def test_a_sound_rule_of_another_package_keeps_the_search(searches, registry):
    """Nothing about the rule is wrong: it is not queens' own, so the answer is searched."""
    idle = quick_rule("idle_rule", lambda ctx: None)
    app = one_package_app([*registry.rules, idle], "queens-rules-elsewhere")
    assert not runs_only_queens_own(app.solver())
    solution = app.solve(ARCHIVE / "1.txt")
    assert solution.solved and solution.unsound is None
    assert len(searches) == 1


def test_an_unsound_rule_that_says_it_is_the_catalogs_is_still_caught(registry):
    """Which package a rule comes from is what the registry found, not what it says."""
    liar = dataclasses.replace(
        quick_rule("liar", apply_of(HIDDEN_KILL)),
        display_name="Liar",
        package="queens-rules-baseline",
    )
    app = one_package_app([*registry.rules, liar], "queens-rules-liar")
    solution = app.solve(ARCHIVE / "1.txt")
    assert solution.unsound is not None and "'liar'" in solution.unsound


def test_stats_without_uniqueness_runs_no_search(searches):
    app = Application()
    statistics = app.stats([str(ARCHIVE / "1.txt"), str(ARCHIVE / "353.txt")], uniqueness=False)
    assert [board.status for board in statistics.summary.boards] == ["solved", "solved"]
    assert searches == []


def counted_by_survey(monkeypatch) -> list[Board]:
    """The boards ``queens stats`` counts with the exact search, from here on."""
    from queens_core.tools import stats

    counted: list[Board] = []
    survey = stats.survey

    def counting(board, *args, **kwargs):
        counted.append(board)
        return survey(board, *args, **kwargs)

    monkeypatch.setattr(stats, "survey", counting)
    return counted


def test_stats_takes_uniqueness_from_a_solve_of_queens_own_rules(monkeypatch, searches):
    """The rules' placement is the board's only solution: the search would say unique."""
    counted = counted_by_survey(monkeypatch)
    statistics = Application().stats([str(ARCHIVE / "1.txt"), str(ARCHIVE / "353.txt")])
    assert [board.uniqueness for board in statistics.summary.boards] == ["unique", "unique"]
    assert counted == [] and searches == []


def test_stats_counts_solutions_with_the_search_where_the_rules_stall(monkeypatch):
    counted = counted_by_survey(monkeypatch)
    statistics = Application().stats([str(ARCHIVE / "353.txt")], tier="cheap")
    board = statistics.summary.boards[0]
    assert board.status == "stalled" and board.uniqueness == "unique"
    assert len(counted) == 1


def test_stats_counts_solutions_with_the_search_for_another_packages_rule(monkeypatch, registry):
    counted = counted_by_survey(monkeypatch)
    idle = quick_rule("idle_rule", lambda ctx: None)
    app = one_package_app([*registry.rules, idle], "queens-rules-elsewhere")
    statistics = app.stats([str(ARCHIVE / "1.txt")])
    assert [board.uniqueness for board in statistics.summary.boards] == ["unique"]
    assert len(counted) == 1


@pytest.mark.slow
def test_stats_uniqueness_of_every_archive_board_is_the_searchs(registry):
    from queens_core.tools.stats import UniquenessCheck, count_solutions

    statistics = Application(registry).stats([str(ARCHIVE)])
    boards = statistics.summary.boards
    assert len(boards) == len(archive_paths())
    for path, stats in zip(archive_paths(), boards, strict=True):
        searched, _ = count_solutions(Board.parse(path.read_text()), UniquenessCheck())
        assert stats.uniqueness == searched == "unique", path.name

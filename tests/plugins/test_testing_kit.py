"""The testing kit for rule authors: queens_core.testing and queens_core.pytest_plugin."""

from __future__ import annotations

import dataclasses

import pytest
from fakedist import FakeSite
from support import ROOT, quick_rule, rules_of

from queens_core import Contradiction
from queens_core.engine.propagation import place_region_single
from queens_core.engine.state import cell_label
from queens_core.plugins.registry import SKIP_BROKEN_ENV
from queens_core.referee.exact import find_solutions
from queens_core.testing import (
    assert_kills,
    assert_places,
    assert_unchanged,
    check_soundness,
    make_board,
    make_state,
    random_boards,
    run_rule,
)

pytest_plugins = ["pytester"]

BOARD = make_board("""
    CAAABB
    CAAABB
    CCAABB
    CDDDDF
    EEEDDF
    EEFFFF
""")
#: Region D has two live cells left, r4c4 and r5c4 (1-based).
STATE = make_state(
    BOARD,
    """
    . . . . . .
    . . . . . .
    . . . . . .
    ⨯ ⨯ ⨯ . ⨯ .
    . . . . ⨯ .
    . . . . . .
""",
)


def test_assert_kills_draws_the_difference(registry):
    confined = registry.by_counter()["region_confined_to_line"]
    with pytest.raises(AssertionError) as caught:
        assert_kills(
            confined,
            BOARD,
            STATE,
            """
            . . . . . .
            . . . . . .
            x . . . . .
            . . . . . .
            . . . . . .
            . . . . . .
        """,
        )
    message = str(caught.value)
    assert message.startswith("the rule killed other cells:")
    assert message.splitlines()[1].split() == ["board", "state", "expected", "got"]
    assert message.splitlines()[4].split() == ["CCAABB", "......", "x.....", "...x.."]


def test_assert_kills_sees_a_column_confinement(registry):
    # Region D's live cells r4c4 and r5c4 share column 4: the rest of column 4 dies.
    confined = registry.by_counter()["region_confined_to_line"]
    outcome = assert_kills(
        confined,
        BOARD,
        STATE,
        """
        . . . x . .
        . . . x . .
        . . . x . .
        . . . . . .
        . . . . . .
        . . . x . .
    """,
    )
    assert outcome.steps[0].counter == "region_confined_to_line"


def test_assert_places_and_assert_unchanged():
    state = make_state(
        BOARD,
        """
        . . . . . .
        . . . . . .
        . . . . . .
        ⨯ ⨯ ⨯ ⨯ ⨯ .
        ⨯ ⨯ ⨯ ⨯ ⨯ .
        . . . . . .
    """,
    )
    # Region D has no live cell: single-cell region has nothing to place; F's are many.
    assert_unchanged(place_region_single, BOARD, STATE)
    one_left = make_state(
        BOARD,
        """
        . . . . . .
        . . . . . .
        . . . . . .
        ⨯ ⨯ ⨯ ⨯ ⨯ .
        . . . ⨯ . .
        . . . . . .
    """,
    )
    outcome = assert_places(
        place_region_single,
        BOARD,
        one_left,
        """
        . . . . . .
        . . . . . .
        . . . . . .
        . . . . . .
        . . . . x .
        . . . . . .
    """,
    )
    assert outcome.placed.bit_count() == 1
    with pytest.raises(AssertionError, match="the rule changed the state"):
        assert_unchanged(place_region_single, BOARD, one_left)
    assert not run_rule(place_region_single, BOARD, state).changed


def test_run_rule_leaves_the_given_state_alone_and_uses_the_rules_counter(registry):
    rule = registry.by_counter()["region_confined_to_line"]
    before = STATE.copy()
    outcome = run_rule(rule, BOARD, STATE)
    assert STATE == before
    assert {step.counter for step in outcome.steps} == {"region_confined_to_line"}
    assert run_rule(rule.apply, BOARD, STATE).steps[0].counter == "rule_under_test"


def test_random_boards_have_a_solution_and_connected_regions():
    boards = random_boards(12, sizes=(1, 2, 3, 5, 9))
    assert boards == random_boards(12, sizes=(1, 2, 3, 5, 9))
    assert boards != random_boards(12, sizes=(1, 2, 3, 5, 9), seed=1)
    assert {board.n for board in boards.values()} == {1, 5, 9}
    assert list(boards)[:3] == ["random-1-0", "random-5-1", "random-9-2"]
    for board in boards.values():
        assert not board.warnings
        assert find_solutions(board, 1)
    with pytest.raises(ValueError, match="no size with a solution"):
        random_boards(1, sizes=(2, 3))


def test_the_catalog_is_sound_on_boards_with_many_solutions(registry):
    report = check_soundness(registry.rules, random_boards(40, sizes=(5, 6, 7, 8, 9)))
    assert report.boards == 40
    assert report.fired["polyomino_domino"] > 0
    assert report.fired["n_regions_in_n_lines"] > 0
    assert report.fired["placement_forces_contradiction"] > 0
    assert "40 boards checked (0 skipped)" in str(report)


def test_check_soundness_catches_a_rule_that_kills_a_solution_cell(registry, archive):
    def greedy(ctx):
        # "A region's first live cell is never its queen": false.
        for region in ctx.board.region_masks:
            cells = ctx.state.live & region
            if cells & (cells - 1):
                ctx.kill(cells & -cells)
                return

    with pytest.raises(AssertionError) as caught:
        check_soundness(
            [quick_rule("greedy", greedy)],
            {"1": archive["1"]},
            with_rules=rules_of(registry, "baseline"),
        )
    first = str(caught.value).splitlines()[0]
    assert first.startswith("board 1: step ")
    assert "by rule 'greedy' killed r" in first
    assert first.endswith(", which a solution uses")
    assert str(caught.value).splitlines()[1].split() == [
        "board",
        "state",
        "before",
        "wrong",
        "cells",
    ]


def few(archive) -> dict:
    return {key: archive[key] for key in ("1", "2", "353")}


def test_check_soundness_also_tries_states_the_driver_never_reaches(archive):
    def restless(ctx):
        # Unsound, but silent on the empty board, where a solve without company stays:
        # it keeps the first live cell of the first row with several.
        if ctx.state.live != ctx.board.full:
            for row in ctx.board.row_masks:
                cells = ctx.state.live & row
                if cells & (cells - 1):
                    ctx.kill(cells & ~(cells & -cells))
                    return

    rule = quick_rule("restless", restless)
    boards = few(archive)
    assert check_soundness([rule], boards, random_states=0).fired == {"restless": 0}
    with pytest.raises(AssertionError, match="by rule 'restless' killed r"):
        check_soundness([rule], boards, random_states=3)


def test_check_soundness_catches_a_false_contradiction(registry, archive):
    def gloomy(ctx):
        if ctx.state.live != ctx.board.full:
            raise Contradiction("it looks hopeless")

    with pytest.raises(AssertionError, match="found a contradiction in a state that"):
        check_soundness([quick_rule("gloomy", gloomy)], few(archive))
    with pytest.raises(AssertionError, match="ended in a contradiction: it looks hopeless"):
        check_soundness(
            [quick_rule("gloomy", gloomy)],
            few(archive),
            with_rules=rules_of(registry, "baseline"),
            random_states=0,
        )


def test_boards_without_a_solution_or_with_too_many_are_skipped(registry):
    boards = {"none": make_board("AAB\nACB\nCCB"), **random_boards(3, sizes=(9,))}
    report = check_soundness(registry.rules, boards, max_solutions=1)
    assert report.skipped == 1 + sum(
        len(find_solutions(b, 2)) > 1 for b in random_boards(3, sizes=(9,)).values()
    )


# -- the pytest plugin ------------------------------------------------------------------

AUTHOR_TEST = """
from queens_core.testing import check_soundness

def test_uses_the_fixtures(queens_boards, baseline_rules, queens_registry):
    assert {r.counter for r in baseline_rules} <= {r.counter for r in queens_registry.rules}
    report = check_soundness(baseline_rules, queens_boards)
    print("BOARDS", len(queens_boards), sorted(queens_boards)[:2])
"""


def test_the_plugin_is_opt_in_and_gives_fixtures(pytester):
    pytester.makeini("[pytest]\n")
    pytester.makeconftest('pytest_plugins = ["queens_core.pytest_plugin"]\n')
    pytester.makepyfile(test_author=AUTHOR_TEST)
    result = pytester.runpytest("-s", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    output = result.stdout.str()
    assert "queens-rules-baseline 0.1.0" in output.split("rule packages: ")[1].splitlines()[0]
    assert "BOARDS 40 ['random-5-0', 'random-5-12']" in output


@pytest.mark.slow
def test_the_plugin_reads_boards_from_a_folder(pytester):
    pytester.makeini("[pytest]\n")
    pytester.makeconftest('pytest_plugins = ["queens_core.pytest_plugin"]\n')
    pytester.makepyfile(test_author=AUTHOR_TEST)
    boards = ROOT / "archive" / "boards"
    result = pytester.runpytest("-s", "-p", "no:cacheprovider", f"--queens-boards={boards}")
    result.assert_outcomes(passed=1)
    assert "BOARDS 607 ['1', '10']" in result.stdout.str()


def test_without_the_plugin_there_are_no_fixtures(pytester):
    pytester.makeini("[pytest]\n")
    pytester.makepyfile(test_author=AUTHOR_TEST)
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(errors=1)


def test_check_soundness_catches_a_sentence_that_names_a_dead_cell(registry, archive):
    baseline = rules_of(registry, "baseline")
    confined = registry.by_counter()["region_confined_to_line"]

    def stale(step, board, before):
        dead = board.full & ~(before.live | before.queens)
        return f"It kills what {cell_label(board, dead.bit_length() - 1)} said." if dead else None

    def broken(step, board, before):
        raise KeyError(step.detail)

    others = [rule for rule in baseline if rule is not confined]
    for explain, message in ((stale, "names r.*already dead"), (broken, "explain raised")):
        rule = dataclasses.replace(confined, explain=explain)
        with pytest.raises(AssertionError, match=message):
            check_soundness([rule], few(archive), with_rules=others, random_states=0)
    report = check_soundness([confined], few(archive), with_rules=others, random_states=0)
    assert report.fired["region_confined_to_line"] > 0


# -- reader helpers ----------------------------------------------------------------------


def _slash_reader(sniff=None):
    from queens_core import Board, BoardError, Reader, Reading, State

    def read(data: bytes) -> Reading:
        board_part, bar, marks = data.decode().partition("|")
        rows = board_part.split("/")
        if len(rows) < 2:
            raise BoardError("a slash board has at least two rows")
        board = Board.from_rows(rows)
        state = State.from_picture(board, "\n".join(marks.split("/"))) if bar else None
        return Reading(board=board, state=state)

    return Reader(name="slash", summary="slashes", read=read, sniff=sniff or (lambda d: b"/" in d))


def test_reader_helpers_pass_a_good_reader_and_name_what_a_bad_one_gets_wrong():
    from queens_core.testing import assert_reads, assert_refuses, check_sniff

    reader = _slash_reader()
    assert_reads(reader, "AAB/ABB/CCB|Q../.../.x.", "AAB\nABB\nCCB", state="Q..\n...\n.x.")
    assert assert_refuses(reader, "AAB", "two rows") == "a slash board has at least two rows"
    check_sniff(reader, mine=["A/B"], others=["AB"])
    with pytest.raises(AssertionError, match="read the board"):
        assert_reads(reader, "AAB/ABB/CCB", "AAB\nABB\nCBB")
    with pytest.raises(AssertionError, match="found a state"):
        assert_reads(reader, "AAB/ABB/CCB|Q../.../...", "AAB\nABB\nCCB")
    with pytest.raises(AssertionError, match="read it"):
        assert_refuses(reader, "AAB/ABB/CCB", "anything")
    with pytest.raises(AssertionError, match="does not say"):
        assert_refuses(reader, "AAB", "something else")
    with pytest.raises(AssertionError, match="sniff claims"):
        check_sniff(reader, mine=[], others=["A/B"])


def test_check_sniff_fails_a_sniff_that_raises_on_junk():
    from queens_core.testing import check_sniff

    reader = _slash_reader(sniff=lambda data: data.decode("ascii").count("/") > 0)
    with pytest.raises(UnicodeDecodeError):
        check_sniff(reader, mine=["A/B"], others=[])


def test_the_kits_registry_leaves_a_broken_package_out_only_when_told(
    pytester, tmp_path, monkeypatch
):
    """A rule author's tests beside an installed package that fails to load: the kit's
    fixtures fail, naming it, as `queens` does; with QUEENS_SKIP_BROKEN_PLUGINS=1, as for
    `queens`, the package is left out and named in a warning, and the tests run."""
    site = FakeSite(tmp_path / "site", monkeypatch)
    site.add(
        "queens-rules-broken",
        "0.3.1",
        {"broken": "broken_rules"},
        {"broken_rules/__init__.py": "raise RuntimeError('the plugin cannot start')\n"},
    )
    pytester.makeini("[pytest]\n")
    pytester.makeconftest('pytest_plugins = ["queens_core.pytest_plugin"]\n')
    pytester.makepyfile(test_author="def test_it(baseline_rules):\n    assert baseline_rules\n")
    try:
        monkeypatch.delenv(SKIP_BROKEN_ENV, raising=False)
        stopped = pytester.runpytest("-p", "no:cacheprovider")
        stopped.assert_outcomes(errors=1)
        stopped.stdout.fnmatch_lines(["*queens-rules-broken*the plugin cannot start*"])
        monkeypatch.setenv(SKIP_BROKEN_ENV, "1")
        skipped = pytester.runpytest("-p", "no:cacheprovider")
        skipped.assert_outcomes(passed=1, warnings=1)
        skipped.stdout.fnmatch_lines(
            [f"*left out ({SKIP_BROKEN_ENV}): *queens-rules-broken*the plugin cannot start*"]
        )
    finally:
        site.forget_modules()

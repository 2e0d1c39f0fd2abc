"""Tests of the two-unit squeeze, written with the queens testing kit."""

from __future__ import annotations

import pytest

from queens_core import Contradiction, Place, bits
from queens_core.referee.exact import find_solutions
from queens_core.testing import (
    assert_kills,
    assert_unchanged,
    cells_marked,
    check_soundness,
    draw,
    make_board,
    make_state,
    run_rule,
)
from queens_core.words import cells_words
from queens_rules_squeeze import RULES, PairOfUnits, squeezed

TWO_LINE, TWO_REGION = RULES

# Ten solutions; rows 1 and 3 (0 and 2 counted from 0) may hold their queens only in
# columns 1 and 2.
BOARD = make_board("""
    AABBBB
    AABBBB
    CCDBEE
    CDDDEE
    CCDFEE
    CFFFFE
""")
STATE = make_state(
    BOARD,
    """
    . . ⨯ ⨯ ⨯ ⨯
    . . . . . .
    . . ⨯ ⨯ ⨯ ⨯
    . . . . . .
    . . . . . .
    . . . . . .
""",
)


def solutions(state) -> list[int]:
    return sorted(find_solutions(BOARD, 20, state))


def test_two_rows_squeeze_what_both_legal_pairs_attack():
    # The legal pairs of rows 1 and 3 are (r1c1, r3c2) and (r1c2, r3c1). Both use
    # columns 1 and 2, both attack r2c1..r2c3 (neighbours), and both put one queen in
    # region A and one in region C: every other cell of those columns dies.
    first = STATE.live & BOARD.row_masks[0]
    second = STATE.live & BOARD.row_masks[2]
    assert draw(BOARD, squeezed(BOARD.kill_masks, first, second) & STATE.live) == draw(
        BOARD,
        cells_marked(
            BOARD,
            """
            . . . . . .
            x x x . . .
            . . . . . .
            x x . . . .
            x x . . . .
            x x . . . .
        """,
        ),
    )


def test_the_rule_squeezes_every_pair_of_rows_then_of_columns():
    outcome = assert_kills(
        TWO_LINE,
        BOARD,
        STATE,
        """
        . . . . . .
        x x x . . .
        . . . . . .
        x x . . x .
        x x . x x .
        x x . . . x
    """,
    )
    # Row pairs (1, 2), (4, 5), (4, 6) and (5, 6) squeeze too; no column pair adds
    # anything. Every solution that agrees with the state is still there.
    assert solutions(outcome.state) == solutions(STATE)


def test_two_rows_without_a_legal_pair_are_a_contradiction():
    state = make_state(
        BOARD,
        """
        . . ⨯ ⨯ ⨯ ⨯
        . . ⨯ ⨯ ⨯ ⨯
        . . . . . .
        . . . . . .
        . . . . . .
        . . . . . .
    """,
    )
    with pytest.raises(Contradiction, match="row 1 and row 2 have no two live cells"):
        assert_unchanged(TWO_LINE, BOARD, state)


def test_two_regions_squeeze():
    # Regions A and C have two live cells each, in rows 1 and 3 and columns 1 and 2: the
    # legal pairs are (r1c1, r3c2) and (r1c2, r3c1), so A and C own those rows and
    # columns (r2c3 dies as a neighbour of both). Later pairs of regions squeeze more.
    state = make_state(
        BOARD,
        """
        . . ⨯ ⨯ ⨯ ⨯
        ⨯ ⨯ . . . .
        . . . . . .
        ⨯ . . . . .
        ⨯ ⨯ . . . .
        ⨯ . . . . .
    """,
    )
    outcome = assert_kills(
        TWO_REGION,
        BOARD,
        state,
        """
        . . . . . .
        . . x . . x
        . . x x x x
        . x . . x .
        . . . x x .
        . x . . . x
    """,
    )
    assert solutions(outcome.state) == solutions(state)


def test_sound_against_the_exact_solver(queens_boards, baseline_rules):
    report = check_soundness(RULES, queens_boards, with_rules=baseline_rules)
    assert report.boards >= 0.9 * len(queens_boards), report
    assert report.fired["two_line_squeeze"] > 0, report
    assert report.fired["two_region_squeeze"] > 0, report


def test_each_kill_explains_itself_in_words_true_of_the_state_it_is_read_in():
    outcome = run_rule(TWO_LINE, BOARD, STATE)
    before = STATE.copy()
    assert outcome.steps
    for step in outcome.steps:
        kind, i, j = step.detail
        assert isinstance(step.detail, PairOfUnits)
        masks = BOARD.row_masks if kind == "row" else BOARD.col_masks
        # The claim: every legal pair of the two lines attacks the killed cells.
        attacked = squeezed(BOARD.kill_masks, before.live & masks[i], before.live & masks[j])
        assert attacked is not None and step.killed & ~attacked == 0
        why = TWO_LINE.explain(step, BOARD, before)
        assert why.startswith(f"{kind.capitalize()} {i + 1} and {kind} {j + 1} each need")
        target = "none of them can" if step.killed.bit_count() > 1 else "it cannot"
        cells = cells_words(BOARD, bits(step.killed))
        assert why.endswith(f"attacks {cells}, so {target} hold a queen.")
        # The page and hints point at the two lines the sentence names.
        pair = (Place.rows if kind == "row" else Place.columns)((i, j))
        assert TWO_LINE.focus(step, BOARD, before) == pair
        before.live &= ~step.killed

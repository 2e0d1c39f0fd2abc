"""The five baseline rules on small hand-made boards: they fire, with exactly the right
effect, and stay quiet when they must."""

from __future__ import annotations

from queens_core.engine.propagation import (
    clear_line_of_confined_region,
    clear_region_of_confined_line,
    place_line_single,
    place_region_single,
    settle_queens,
)
from queens_core.testing import cells_marked, make_board, make_state, run_rule

# Five regions on a 5×5 board; region E is the single cell at r4c4 (0-based (3, 3)).
BOARD = make_board(
    """
    AAABB
    AACBB
    DCCCB
    DDDEB
    DDDDB
    """
)


def test_queen_adjacent_kill_settles_a_queen_read_from_a_picture():
    state = make_state(
        BOARD,
        """
        .....
        .....
        ..♛..
        .....
        .....
        """,
    )
    outcome = run_rule(settle_queens, BOARD, state)
    assert outcome.killed == cells_marked(
        BOARD,
        """
        ..x..
        .xxx.
        xx.xx
        .xxx.
        ..x..
        """,
    )
    assert outcome.steps[0].detail == ("queen", BOARD.cell(2, 2))
    # Settled already: nothing more.
    assert not run_rule(settle_queens, BOARD, outcome.state).changed


def test_single_cell_region_places_and_kills_at_once():
    outcome = run_rule(place_region_single, BOARD)
    assert outcome.placed == 1 << BOARD.cell(3, 3)
    assert outcome.killed == cells_marked(
        BOARD,
        """
        ...x.
        ...x.
        ..xxx
        xxx.x
        ..xxx
        """,
    )
    (step,) = outcome.steps
    assert step.detail == ("region", BOARD.letters.index("E"))
    assert step.placed == outcome.placed and step.killed == outcome.killed


def test_single_cell_region_quiet_when_every_region_has_two_live_cells():
    board = make_board(
        """
        AABB
        AABB
        CCDD
        CCDD
        """
    )
    assert not run_rule(place_region_single, board).changed


def test_single_cell_region_skips_a_region_whose_cell_died_meanwhile():
    # Regions A and B each have one live cell, king-adjacent to each other: placing A's
    # queen kills B's cell, so B is skipped (the driver then reports the contradiction).
    board = make_board(
        """
        ABCC
        DDCC
        DDCC
        DDDD
        """
    )
    outcome = run_rule(place_region_single, board)
    assert outcome.placed == 1 << board.cell(0, 0)
    assert len(outcome.steps) == 1


def test_single_cell_line_rows_then_columns():
    state = make_state(
        BOARD,
        """
        ⨯⨯⨯.⨯
        .....
        .....
        .....
        .....
        """,
    )
    outcome = run_rule(place_line_single, BOARD, state)
    assert outcome.placed == 1 << BOARD.cell(0, 3)
    assert outcome.steps[0].detail == ("row", 0)

    state = make_state(
        BOARD,
        """
        ⨯....
        ⨯....
        .....
        ⨯....
        ⨯....
        """,
    )
    outcome = run_rule(place_line_single, BOARD, state)
    assert outcome.placed == 1 << BOARD.cell(2, 0)
    assert outcome.steps[0].detail == ("column", 0)


def test_single_cell_line_quiet_on_an_empty_board():
    assert not run_rule(place_line_single, BOARD).changed


def test_region_confined_to_a_row_kills_the_rest_of_the_row():
    # Region A's live cells are all in row 0.
    state = make_state(
        BOARD,
        """
        .....
        ⨯⨯...
        .....
        .....
        .....
        """,
    )
    outcome = run_rule(clear_line_of_confined_region, BOARD, state)
    # (Region E, a single cell, fires too, after A: see the column test.)
    assert outcome.steps[0].killed == cells_marked(
        BOARD,
        """
        ...xx
        .....
        .....
        .....
        .....
        """,
    )
    assert outcome.steps[0].detail == ("region", BOARD.letters.index("A"), "row", 0)


def test_region_confined_to_a_column_kills_the_rest_of_the_column():
    # Region A's live cells are (0, 0) and (1, 0), both in column 0.
    state = make_state(
        BOARD,
        """
        .⨯⨯..
        .⨯...
        .....
        .....
        .....
        """,
    )
    outcome = run_rule(clear_line_of_confined_region, BOARD, state)
    first = outcome.steps[0]
    assert first.detail == ("region", BOARD.letters.index("A"), "column", 0)
    assert first.killed == cells_marked(
        BOARD,
        """
        .....
        .....
        x....
        x....
        x....
        """,
    )
    # Region E (a single cell) is confined to row 3 and to column 3, in that order.
    assert [step.detail for step in outcome.steps[1:]] == [
        ("region", BOARD.letters.index("E"), "row", 3),
        ("region", BOARD.letters.index("E"), "column", 3),
    ]


def test_region_confined_to_line_quiet_when_regions_span_lines():
    board = make_board(
        """
        AABB
        AABB
        CCDD
        CCDD
        """
    )
    assert not run_rule(clear_line_of_confined_region, board).changed


def test_line_confined_to_region_row_kills_the_rest_of_the_region():
    # Row 4's live cells are all in region D.
    state = make_state(
        BOARD,
        """
        .....
        .....
        .....
        .....
        ....⨯
        """,
    )
    outcome = run_rule(clear_region_of_confined_line, BOARD, state)
    row_step, column_step = outcome.steps
    assert row_step.detail == ("row", 4, "region", BOARD.letters.index("D"))
    assert row_step.killed == cells_marked(
        BOARD,
        """
        .....
        .....
        x....
        xxx..
        .....
        """,
    )
    # Then the columns: column 4 is all region B.
    assert column_step.detail == ("column", 4, "region", BOARD.letters.index("B"))


def test_line_confined_to_region_column():
    # Column 4 is all region B: B's queen is in column 4, the rest of B dies.
    outcome = run_rule(clear_region_of_confined_line, BOARD)
    assert outcome.killed == cells_marked(
        BOARD,
        """
        ...x.
        ...x.
        .....
        .....
        .....
        """,
    )
    assert outcome.steps[0].detail == ("column", 4, "region", BOARD.letters.index("B"))


def test_line_confined_to_region_quiet_when_lines_cross_regions():
    board = make_board(
        """
        ABCD
        BCDA
        CDAB
        DABC
        """
    )
    assert not run_rule(clear_region_of_confined_line, board).changed

"""Application.analyse: the editor's live analysis. Its counts and differing cells are held
to an enumeration of every placement (independent of the exact search), on archive boards
and on the same boards with cells repainted (regions in pieces included), and maps that
are not boards yet get an answer, not an error."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from support import ARCHIVE, ROOT

from queens_core.api import Application, BoardError
from queens_core.engine.board import Board
from queens_core.engine.validate import is_solution


@pytest.fixture(scope="module")
def app() -> Application:
    return Application()


def every_solution(rows: tuple[str, ...]) -> list[frozenset[tuple[int, int]]]:
    """Every solution of a Queens map, by trying every permutation of columns."""
    n = len(rows)
    found = []
    for columns in itertools.permutations(range(n)):
        if any(abs(columns[r] - columns[r + 1]) < 2 for r in range(n - 1)):
            continue
        if len({rows[r][columns[r]] for r in range(n)}) == n:
            found.append(frozenset(enumerate(columns)))
    return found


def repainted(rows: tuple[str, ...], rng: random.Random, strokes: int) -> tuple[str, ...]:
    """``rows`` with ``strokes`` cells each given a neighbour's letter (regions may fall
    into pieces, or vanish: a painter does that too)."""
    cells = [list(row) for row in rows]
    n = len(rows)
    for _ in range(strokes):
        r, c = rng.randrange(n), rng.randrange(n)
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        if 0 <= r + dr < n and 0 <= c + dc < n:
            cells[r][c] = cells[r + dr][c + dc]
    return tuple("".join(row) for row in cells)


def seven_by_seven() -> list[tuple[str, ...]]:
    boards = []
    for path in sorted(ARCHIVE.glob("*.txt")):
        rows = tuple(path.read_text().split())
        if len(rows) == 7:
            boards.append(rows)
    return boards[:12]


def test_counts_and_differing_cells_match_an_enumeration_of_every_placement(app):
    rng = random.Random(35)
    seen = set()
    for rows in seven_by_seven():
        for strokes in (0, 1, 2, 4):
            drawn = repainted(rows, rng, strokes)
            analysis = app.analyse(drawn)
            if len({ch for row in drawn for ch in row}) != 7:
                assert analysis.status == "incomplete" and analysis.count is None
                continue
            solutions = every_solution(drawn)
            assert analysis.count == min(len(solutions), 2), drawn
            seen.add(analysis.status)
            found = [frozenset(Board(drawn).cells_of(mask)) for mask in analysis.solutions or []]
            assert all(solution in solutions for solution in found)
            assert all(is_solution(drawn, solution) for solution in found)
            if len(solutions) >= 2:
                assert analysis.status == "several-solutions"
                first, second = found
                assert first != second
                assert set(analysis.differing) == first ^ second
                assert analysis.to_json()["differing"] == [list(c) for c in sorted(first ^ second)]
            else:
                assert analysis.differing == []
            if len(solutions) == 1:
                assert analysis.status.startswith("unique-")
                assert analysis.assessment is not None
            pieces = {w.letter for w in Board(drawn).warnings}
            assert set(analysis.disconnected) == pieces
    assert {"unique-solved", "several-solutions", "no-solution"} <= seen


def test_a_unique_board_gets_its_grade_tier_and_the_rules_it_needs(app):
    path = ROOT / "archive" / "boards" / "353.txt"
    document = app.analyse(path.read_text().split()).to_json()
    assert app.analyse(path).to_json() == app.analyse(str(path)).to_json() == document
    check = app.check(path).to_json()
    assert document["schema"] == "queens-analysis/1"
    assert document["status"] == "unique-solved" and document["count"] == 1
    assert document["grade"] == {
        "level": check["grade"]["level"],
        "name": check["grade"]["name"],
        "score": check["grade"]["score"],
        "needs": check["grade"]["needs"],
    }
    assert document["logic"]["tier_needed"] == check["logic"]["tier_needed"] == "expensive"
    assert document["rules_used"] == check["rules_used"]
    assert document["message"] == (
        "unique, solved by logic (tier: expensive, grade: 4 Fiendish, score 81)"
    )


def test_a_unique_board_the_rules_cannot_solve_says_so(app):
    analysis = app.analyse(ROOT / "tests" / "fixtures" / "unique-rules-stall.txt")
    assert analysis.status == "unique-stalled" and analysis.count == 1
    assert analysis.to_json()["grade"] is None


def test_maps_being_painted_are_answered_not_refused(app):
    empty = app.analyse(["AAAAA"] * 5)
    assert empty.status == "incomplete"
    assert empty.message == "1 region of 5: paint 4 more (a 5×5 board has 5 regions)"
    assert empty.to_json()["regions"] == ["A"] and empty.to_json()["count"] is None
    many = app.analyse(["ABC", "DEF", "GHI"])
    assert many.message == "9 regions, 6 too many (a 3×3 board has 3 regions)"
    pieces = app.analyse(["ABAB", "BBAA", "CCDD", "CDCD"])
    assert pieces.status == "no-solution"
    assert pieces.disconnected == ("A", "B", "C", "D")
    assert pieces.problems[0].startswith("region 'A' is not 4-connected")


def test_star_battle_maps_are_counted_with_their_k(app):
    read = app.read(str(ROOT / "archive" / "starbattle" / "10x10-2stars-01.txt"))
    unique = app.analyse(read.board.rows, stars=2)
    assert unique.status == "unique-solved" and unique.stars == 2
    assert app.analyse(read.board).to_json() == unique.to_json()  # the board's own K
    assert unique.to_json()["grade"]["name"] == app.check(read.board).to_json()["grade"]["name"]
    rows_as_regions = [letter * 10 for letter in "ABCDEFGHIJ"]
    loose = app.analyse(rows_as_regions, stars=2)
    assert loose.status == "several-solutions" and len(loose.differing) >= 2
    first, second = (set(loose.board.cells_of(mask)) for mask in loose.solutions or [])
    assert is_solution(rows_as_regions, first, 2) and is_solution(rows_as_regions, second, 2)
    assert set(loose.differing) == first ^ second


@pytest.mark.parametrize(
    ("rows", "stars", "says"),
    [
        (["AB", "A"], 1, "row has 1 cell, expected 2"),
        (["AB"], 1, "fewer rows"),
        (["A\x07C", "ABC", "ABC"], 1, "U+0007 is not a region"),
        (["ABCDE"] * 5, 2, "cannot hold 2 stars per unit"),
    ],
)
def test_rows_that_draw_no_square_map_are_bad_input(app, rows, stars, says):
    with pytest.raises(BoardError, match=re.escape(says)):
        app.analyse(rows, stars)


def test_the_count_is_bounded_in_time(app):
    undecided = app.analyse(["A" * 20] * 19 + ["ABCDEFGHIJKLMNOPQRST"], seconds=0.0)
    assert undecided.status in ("undecided", "several-solutions")
    if undecided.status == "undecided":
        assert undecided.message.startswith("undecided within the budget")

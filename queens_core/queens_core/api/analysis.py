"""What :meth:`~queens_core.api.Application.analyse` returns: a map as a designer paints
it, analysed at once. How many solutions it has (none, one, or two and more: the exact
search stops at two), the cells where two of its solutions differ (what to repaint), and
for a board with one solution the grade, tier and rules its solve needs.

A map in the middle of painting is not always a board: it may have fewer regions than
rows (one not painted yet) or more; its answer then says so (``incomplete``) instead of
raising. A region in pieces is legal, so such a map is counted and graded like any other,
its pieces named. Every count is bounded by a time budget (``undecided`` past it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.board import Board
    from ..tools.grade import Assessment, Grader

ANALYSIS_SCHEMA = "queens-analysis/1"
#: The exact search stops here: two solutions already say "not unique".
ENOUGH = 2
#: The statuses of an analysis, best news first.
STATUSES = (
    "unique-solved",
    "unique-stalled",
    "several-solutions",
    "no-solution",
    "undecided",
    "incomplete",
)


@dataclass
class Analysis:
    """A painted map's count (0, 1 or 2 meaning two or more), the cells two of its
    solutions disagree on, and the grade of a unique one."""

    rows: tuple[str, ...]
    stars: int
    status: str
    message: str
    #: The regions painted so far (their letters, sorted).
    letters: tuple[str, ...]
    #: The board, when the map is one (as many regions as rows).
    board: Board | None = None
    #: Solutions found, at most :data:`ENOUGH`, as star masks; None when not counted.
    solutions: list[int] | None = None
    #: The letters of regions in more than one piece, and each warning in words.
    disconnected: tuple[str, ...] = ()
    problems: list[str] = field(default_factory=list)
    assessment: Assessment | None = None

    @property
    def size(self) -> int:
        return len(self.rows)

    @property
    def count(self) -> int | None:
        """0, 1, or 2 (two or more); None when the map was not counted."""
        return None if self.solutions is None else len(self.solutions)

    @property
    def differing(self) -> list[tuple[int, int]]:
        """The cells that hold a star in one of two solutions and not in the other, row
        by row (empty unless two were found)."""
        if self.board is None or not self.solutions or len(self.solutions) < ENOUGH:
            return []
        first, second = self.solutions[:ENOUGH]
        return self.board.cells_of(first ^ second)

    def to_json(self) -> dict[str, Any]:
        """The ``queens-analysis/1`` document (docs/json.md)."""
        assessment = self.assessment
        rung = assessment.rung if assessment is not None else None
        return {
            "schema": ANALYSIS_SCHEMA,
            "rows": list(self.rows),
            "size": self.size,
            "stars": self.stars,
            "status": self.status,
            "message": self.message,
            "regions": list(self.letters),
            "disconnected": list(self.disconnected),
            "problems": list(self.problems),
            "count": self.count,
            "at_least": self.count == ENOUGH,
            "differing": [list(cell) for cell in self.differing],
            "logic": None
            if assessment is None
            else {
                "status": str(assessment.full.status),
                "tier_needed": None if rung is None else str(rung.tier),
            },
            "grade": None
            if rung is None or assessment is None
            else {
                "level": int(rung.level),
                "name": rung.grade,
                "score": assessment.score,
                "needs": rung.adds,
            },
            "rules_used": None
            if assessment is None
            else {counter: count for counter, count in assessment.full.counters.items() if count},
        }


def missing_regions(rows: tuple[str, ...]) -> str | None:
    """Why a square map of region characters is not a board yet (too few or too many
    regions for its size), or None when it has as many regions as rows. Raises
    ``BoardError`` for rows that draw no square map at all."""
    from ..engine.board import Board, size_article

    letters = {ch for row in rows for ch in row}
    n = len(rows)
    square = n > 0 and all(len(row) == n for row in rows)
    printable = all(row.isprintable() and " " not in row for row in rows)
    if not (square and printable) or len(letters) == n:
        Board.parse("\n".join(rows))  # the parser's own error for a shape it refuses
        return None
    drawn = f"{len(letters)} region{'' if len(letters) == 1 else 's'}"
    needs = f"{size_article(n)} {n}×{n} board has {n} regions"
    if len(letters) < n:
        return f"{drawn} of {n}: paint {n - len(letters)} more ({needs})"
    return f"{drawn}, {len(letters) - n} too many ({needs})"


def analyse_map(
    rows: Sequence[str] | Board, stars: int | None, grader: Grader, seconds: float | None
) -> Analysis:
    """Count the solutions of the map ``rows`` with ``stars`` per unit (None: a board's
    own, else 1) up to two within ``seconds``, find where two of them differ, and grade
    it with ``grader`` when it has one. Raises ``BoardError`` for rows that are no square
    map, or a K its size cannot hold; ``RuleFailure`` and ``UnsoundRule`` when a rule
    fails on it."""
    from ..engine.board import Board
    from ..referee.budget import SearchLimitExceeded
    from ..referee.exact import find_solutions

    if isinstance(rows, Board):
        stars = rows.stars if stars is None else stars
        board: Board | None = rows.with_stars(stars)
        drawn = rows.rows
        short = None
    else:
        stars = 1 if stars is None else stars
        drawn = tuple(rows)
        short = missing_regions(drawn)
        board = None if short else Board.parse("\n".join(drawn)).with_stars(stars)
    letters = tuple(sorted({ch for row in drawn for ch in row}))
    if board is None:
        assert short is not None
        return Analysis(drawn, stars, "incomplete", short, letters)
    analysis = Analysis(drawn, stars, "undecided", "", letters, board)
    analysis.disconnected = tuple(warning.letter for warning in board.warnings)
    analysis.problems = [str(warning) for warning in board.warnings]
    try:
        analysis.solutions = find_solutions(board, ENOUGH, seconds=seconds)
    except SearchLimitExceeded as err:
        if err.count < ENOUGH:
            analysis.message = f"undecided within the budget: {err}"
            return analysis
        analysis.solutions = err.found[:ENOUGH]
    count = len(analysis.solutions)
    if count == 0:
        analysis.status, analysis.message = "no-solution", "no solution"
    elif count >= ENOUGH:
        differ = len(analysis.differing)
        analysis.status = "several-solutions"
        analysis.message = f"2 or more solutions: two of them differ on {differ} cells"
    else:
        # A solve checked against the one solution: an unsound rule raises UnsoundRule.
        assessment = grader.assess(board, solution=analysis.solutions[0])
        analysis.assessment = assessment
        rung = assessment.rung
        if rung is None:
            analysis.status, analysis.message = "unique-stalled", "unique, but the rules stall"
        else:
            analysis.status = "unique-solved"
            analysis.message = (
                f"unique, solved by logic (tier: {rung.tier}, grade: {int(rung.level)} "
                f"{rung.grade}, score {assessment.score})"
            )
    return analysis

"""``queens stats``: solve many boards in one process and sum up what the rules did.

Per board it keeps what ``queens solve`` would print (status and counters, from the solve
with every rule), the tier and grade the board needs (:mod:`queens_core.tools.grade`) and the
time of that full solve. The summary: boards solved by size and by tier needed, the
boards the rules do not solve, the total of every counter, and the median and 95th
percentile of the solve time. The summary is data: :mod:`queens_core.render.text` and
:mod:`queens_core.render.documents` word it (docs/stats.md describes the text and JSON
output), and :func:`queens_core.render.statuses.stats_exit_status` gives its exit status.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.board import Board
from ..engine.driver import SOLVED, RuleFailure
from ..plugins.readers import STDIN, TEXT_READER, Reader
from ..referee.blame import COMPARED, diagnose
from ..referee.budget import DEFAULT_CAP, DEFAULT_TIMEOUT, SearchLimitExceeded
from ..referee.exact import survey
from .answers import check_answer, placed_by_sound_rules, runs_only_queens_own
from .batch import BoardInputError, display_name, expand_paths, read_board_file
from .grade import LADDER, TIERS_NEEDED, Grader

if TYPE_CHECKING:
    from ..runtime.cluster import Runner

#: Per board, beyond the driver's statuses (solved, stalled, contradiction).
BAD_INPUT = "bad-input"
RULE_FAILED = "rule-failed"

#: A board's number of solutions in one word (``BoardStats.uniqueness``), as the exact
#: search of ``queens check`` finds it within the same budget.
UNIQUE = "unique"
SEVERAL = "several"
NO_SOLUTION = "none"
UNDECIDED = "undecided"
UNIQUENESS = (UNIQUE, SEVERAL, NO_SOLUTION, UNDECIDED)


@dataclass(frozen=True)
class UniquenessCheck:
    """How ``collect`` counts each board's solutions: up to ``cap`` (2 tells unique from
    several), for no more than ``seconds`` a board; the defaults are ``queens check``'s."""

    cap: int = DEFAULT_CAP
    seconds: float | None = DEFAULT_TIMEOUT


@dataclass
class BoardStats:
    path: str
    status: str
    size: int | None = None
    counters: dict[str, int] = field(default_factory=dict)
    seconds: float | None = None
    tier_needed: str | None = None
    grade: int | None = None
    score: int | None = None
    #: One of :data:`UNIQUENESS`; None when solutions were not counted.
    uniqueness: str | None = None
    #: For bad input and rule failures: the one-line error.
    error: str | None = None


@dataclass
class Summary:
    boards: list[BoardStats]
    #: Counter ids in catalog order, and their display names.
    counters: list[str]
    names: dict[str, str]
    #: Counter -> the family of its rule (:func:`family_of`), in catalog order.
    families: dict[str, str] = field(default_factory=dict)
    wall_seconds: float = 0.0
    #: The grade levels and the tiers the rules can give a board of this summary's K,
    #: easiest first (a Star Battle ladder starts at Medium and the cheap tier); None:
    #: every one (a summary of several K).
    ladder: tuple[int, ...] | None = None
    tiers: tuple[str, ...] | None = None

    @property
    def processed(self) -> list[BoardStats]:
        """The boards that were read and solved to the end (solved or not)."""
        return [b for b in self.boards if b.status not in (BAD_INPUT, RULE_FAILED)]

    def totals(self) -> dict[str, int]:
        """Every counter summed over the boards, in catalog order."""
        totals = dict.fromkeys(self.counters, 0)
        for board in self.processed:
            for counter, count in board.counters.items():
                totals[counter] += count
        return totals

    def boards_fired(self) -> dict[str, int]:
        """For every counter, on how many boards it was above zero."""
        fired = dict.fromkeys(self.counters, 0)
        for board in self.processed:
            for counter, count in board.counters.items():
                fired[counter] += count > 0
        return fired

    @property
    def unreadable(self) -> list[BoardStats]:
        """The boards that could not be read (missing, not a board, a folder without any)."""
        return [b for b in self.boards if b.status == BAD_INPUT]

    @property
    def counted(self) -> bool:
        """Whether the boards' solutions were counted (see :class:`UniquenessCheck`)."""
        return any(b.uniqueness is not None for b in self.processed)

    def by_uniqueness(self) -> dict[str, int]:
        """How many boards have one solution, several, none, or were undecided."""
        counts = dict.fromkeys(UNIQUENESS, 0)
        for board in self.processed:
            if board.uniqueness is not None:
                counts[board.uniqueness] += 1
        return counts

    def by_size(self) -> dict[int, dict[str, int]]:
        """Per board size: boards, unique (when counted), solved, solved by tier needed,
        not solved."""
        table: dict[int, dict[str, int]] = {}
        for board in self.processed:
            assert board.size is not None
            row = table.setdefault(
                board.size,
                {
                    "boards": 0,
                    "unique": 0,
                    "solved": 0,
                    **dict.fromkeys(TIERS_NEEDED, 0),
                    "not_solved": 0,
                },
            )
            row["boards"] += 1
            row["unique"] += board.uniqueness == UNIQUE
            if board.status == SOLVED:
                row["solved"] += 1
                assert board.tier_needed is not None
                row[board.tier_needed] += 1
            else:
                row["not_solved"] += 1
        return dict(sorted(table.items()))

    def by_grade(self) -> dict[int, int]:
        counts = {level: 0 for level, *_ in LADDER}
        for board in self.processed:
            if board.grade is not None:
                counts[board.grade] += 1
        return counts

    def solve_times(self) -> dict[str, float | None]:
        times = sorted(b.seconds for b in self.processed if b.seconds is not None)
        return {
            "median": percentile(times, 0.5),
            "p95": percentile(times, 0.95),
        }


def merged(summaries: Sequence[Summary]) -> Summary:
    """One summary of the boards of several (of different K): every board, every
    counter, the whole time; what the exit status and a chart of a mixed run are of."""
    counters = list(dict.fromkeys(c for summary in summaries for c in summary.counters))
    names: dict[str, str] = {}
    families: dict[str, str] = {}
    for summary in summaries:
        names.update(summary.names)
        families.update(summary.families)
    return Summary(
        [board for summary in summaries for board in summary.boards],
        counters,
        names,
        families,
        sum(summary.wall_seconds for summary in summaries),
    )


def percentile(ordered: list[float], fraction: float) -> float | None:
    """The nearest-rank percentile of sorted values (None for none)."""
    if not ordered:
        return None
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def declared_stars(paths: Iterable[str], readers: Sequence[Reader] = (TEXT_READER,)) -> int:
    """The K of the first board under ``paths`` that reads (1 if none does): what one
    summary's rules are chosen for when the user leaves K to the inputs. Standard input
    is not looked at: it can be read only once, by the summary itself."""
    for path, problem in expand_paths(paths, readers):
        if problem is None and path != STDIN:
            try:
                return read_board_file(path, readers, None).stars
            except BoardInputError:
                continue
    return 1


def _kind_of(stars: int) -> str:
    """``Queens``, ``2-star``: the kind of board K makes, before "board"."""
    return "Queens" if stars == 1 else f"{stars}-star"


def collect(
    paths: Iterable[str],
    grader: Grader,
    progress: Callable[[int, int], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    readers: Sequence[Reader] = (TEXT_READER,),
    stars: int | None = None,
    uniqueness: UniquenessCheck | None = None,
    other_stars: dict[int, list[str]] | None = None,
    run: Runner | None = None,
) -> Summary:
    """Solve and grade every board under ``paths``, read with ``readers`` (the text
    reader by default) with ``stars`` per unit (None: what each input declares, else 1);
    count each board's solutions as ``uniqueness`` says (None: not counted);
    ``progress(done, total)`` after each. A board whose K is not the grader's goes, by
    its K, into ``other_stars`` when it is given (for a summary of its own), and is
    reported as bad input otherwise: the counters of one summary are one rule set's.
    With ``run`` (:func:`queens_core.runtime.cluster.on_cluster`'s runner), the boards
    are read here and solved where it runs its jobs."""
    start = clock()
    entries = expand_paths(paths, readers)
    rules = {rule.counter: rule for rule in grader.full.rules}
    order = list(grader.full.counter_order)
    summary = Summary(
        [],
        order,
        {c: rules[c].display_name for c in order},
        {c: family_of(rules[c].package) for c in order},
        ladder=tuple(int(rung.level) for rung, _solver in grader.rungs),
        tiers=tuple(dict.fromkeys(str(rung.tier) for rung, _solver in grader.rungs)),
    )
    if run is not None:
        summary.boards.extend(
            _assessed_elsewhere(entries, grader, readers, stars, uniqueness, other_stars, run)
        )
        summary.wall_seconds = clock() - start
        return summary
    for done, (path, problem) in enumerate(entries, start=1):
        read = _read_one(path, problem, grader, readers, stars, other_stars)
        board = _assess(path, read, grader, clock, uniqueness) if isinstance(read, Board) else read
        if board is not None:
            summary.boards.append(board)
        if progress is not None:
            progress(done, len(entries))
    summary.wall_seconds = clock() - start
    return summary


def _assessed_elsewhere(
    entries: list[tuple[str, str | None]],
    grader: Grader,
    readers: Sequence[Reader],
    stars: int | None,
    uniqueness: UniquenessCheck | None,
    other_stars: dict[int, list[str]] | None,
    run: Runner,
) -> list[BoardStats]:
    """The statistics of ``entries`` in their order: each board read here, where its
    file is, and solved, graded and counted where ``run`` runs its jobs (a cluster)."""
    slots: list[BoardStats | None] = []
    jobs: list[tuple[str, Board]] = []
    where: list[int] = []
    for path, problem in entries:
        read = _read_one(path, problem, grader, readers, stars, other_stars)
        if isinstance(read, Board):
            where.append(len(slots))
            jobs.append((path, read))
            slots.append(None)
        elif read is not None:
            slots.append(read)
    from ..runtime.cluster import ClusterLost

    answers = run(_set_assessor, (grader, uniqueness), _assess_job, jobs)
    with closing(answers):
        try:
            for slot, stats in zip(where, answers, strict=False):
                slots[slot] = stats
        except ClusterLost as lost:
            raise lost.naming(display_name(jobs[lost.job][0])) from None
    return [stats for stats in slots if stats is not None]


#: On a worker: the grader and the uniqueness check of the summary it solves boards for.
_assessing: tuple[Grader, UniquenessCheck | None] | None = None


def _set_assessor(given: tuple[Grader, UniquenessCheck | None]) -> None:
    global _assessing
    _assessing = given


def _assess_job(job: tuple[str, Board]) -> BoardStats:
    assert _assessing is not None
    path, board = job
    grader, uniqueness = _assessing
    return _assess(path, board, grader, time.perf_counter, uniqueness)


def _read_one(
    path: str,
    problem: str | None,
    grader: Grader,
    readers: Sequence[Reader],
    stars: int | None = None,
    other_stars: dict[int, list[str]] | None = None,
) -> Board | BoardStats | None:
    """The board at ``path`` to sum up, or its statistics as bad input, or None for a
    board of another K (put in ``other_stars``, for a summary of its own)."""
    if problem is not None:
        return BoardStats(display_name(path), BAD_INPUT, error=problem)
    try:
        board = read_board_file(path, readers, stars)
    except BoardInputError as err:
        return BoardStats(display_name(path), BAD_INPUT, error=str(err))
    if board.stars != grader.full.stars and other_stars is not None:
        other_stars.setdefault(board.stars, []).append(path)
        return None
    if board.stars != grader.full.stars:
        # One summary's counters are one rule set's, and the rules depend on K.
        error = (
            f"{display_name(path)}: a {_kind_of(board.stars)} board, but this summary is of "
            f"{_kind_of(grader.full.stars)} boards (the K of the first board read): "
            f"sum up boards like this one on their own, with K = {board.stars}"
        )
        return BoardStats(display_name(path), BAD_INPUT, error=error)
    return board


def _assess(
    path: str,
    board: Board,
    grader: Grader,
    clock: Callable[[], float],
    uniqueness: UniquenessCheck | None = None,
) -> BoardStats:
    """The statistics of ``board``: solved, graded and, as ``uniqueness`` says, counted."""
    stats = BoardStats(display_name(path), "", size=board.n)
    try:
        assessment = grader.assess(board, clock)
    except RuleFailure as err:
        stats.status = RULE_FAILED
        stats.error = f"{stats.path}: {err}"
        return stats
    full = assessment.full
    if uniqueness is not None and full.solved and runs_only_queens_own(grader.full):
        # Queens' own rules placed every queen: that placement is the board's only
        # solution (queens_core.tools.answers says why), so the search would count one
        # and find it, and no rule is to blame.
        stats.uniqueness = UNIQUE
        diagnosis = placed_by_sound_rules(full)
    elif uniqueness is not None:
        stats.uniqueness, solutions = count_solutions(board, uniqueness)
        diagnosis = diagnose(full, None, grader.full.by_counter, solutions)
    else:
        diagnosis = check_answer(full, None, grader.full)
    if diagnosis.message:
        stats.status = RULE_FAILED
        stats.error = f"{stats.path}: {diagnosis.message}"
        return stats
    stats.status = full.status
    stats.seconds = assessment.full_seconds
    stats.counters = dict(full.counters)
    stats.tier_needed = assessment.tier_needed
    if assessment.rung is not None:
        stats.grade = assessment.rung.level
        stats.score = assessment.score
    return stats


def count_solutions(board: Board, check: UniquenessCheck) -> tuple[str, list[int] | None]:
    """The board's uniqueness word and the solutions found (None when undecided: the
    rules are then compared by the referee's own search)."""
    try:
        count, solutions = survey(board, check.cap, COMPARED, check.seconds)
    except SearchLimitExceeded as err:
        if err.count >= 2:  # two found in time answer the question
            return SEVERAL, list(err.found)
        return UNDECIDED, None
    if count == 0:
        return NO_SOLUTION, solutions
    return (UNIQUE if count == 1 else SEVERAL), solutions


def chart_items(summary: Summary) -> list[tuple[str, int, str]]:
    """(display name, total firings, family) for every rule, most frequent first, ties
    in catalog order: what ``--chart`` draws."""
    totals = summary.totals()
    order = {counter: i for i, counter in enumerate(summary.counters)}
    ranked = sorted(summary.counters, key=lambda c: (-totals[c], order[c]))
    return [(summary.names[c], totals[c], summary.families[c]) for c in ranked]


def family_of(package: str) -> str:
    """A rule's family as the chart's legend names it: its package, short."""
    return package.removeprefix("queens-rules-") or "unnamed"

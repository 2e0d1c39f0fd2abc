"""``queens stats``: solve many boards in one process and sum up what the rules did.

Per board it keeps what ``queens solve`` would print (status and counters, from the solve
with every rule), the tier and grade the board needs (:mod:`queens_core.tools.grade`) and the
time of that full solve. The summary: boards solved by size and by tier needed, the
boards the rules do not solve, the total of every counter, and the median and 95th
percentile of the solve time. docs/stats.md describes the text and JSON output.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from ..cli.exits import (
    EXIT_BAD_INPUT,
    EXIT_NOT_SOLVED,
    EXIT_RULE_FAILED,
    EXIT_SOLVED,
    SEVERITY,
    is_terminal,
)
from ..engine.driver import SOLVED, RuleFailure
from ..plugins.readers import TEXT_READER, Reader
from ..referee.blame import diagnose
from .batch import BoardInputError, display_name, expand_paths, read_board_file, worst
from .grade import LADDER, TIERS_NEEDED, Grader

#: Per board, beyond the driver's statuses (solved, stalled, contradiction).
BAD_INPUT = "bad-input"
RULE_FAILED = "rule-failed"
#: A board's status as the exit status it stands for.
_EXIT_OF = {SOLVED: EXIT_SOLVED, BAD_INPUT: EXIT_BAD_INPUT, RULE_FAILED: EXIT_RULE_FAILED}


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

    @property
    def exit_status(self) -> int:
        """3 if a rule raised, else 2 if a board was unreadable, else 1 if one was not
        solved, else 0."""
        return worst((_EXIT_OF.get(b.status, EXIT_NOT_SOLVED) for b in self.boards), SEVERITY)

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

    def by_size(self) -> dict[int, dict[str, int]]:
        """Per board size: boards, solved, solved by tier needed, not solved."""
        table: dict[int, dict[str, int]] = {}
        for board in self.processed:
            assert board.size is not None
            row = table.setdefault(
                board.size,
                {"boards": 0, "solved": 0, **dict.fromkeys(TIERS_NEEDED, 0), "not_solved": 0},
            )
            row["boards"] += 1
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


def percentile(ordered: list[float], fraction: float) -> float | None:
    """The nearest-rank percentile of sorted values (None for none)."""
    if not ordered:
        return None
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def collect(
    paths: Iterable[str],
    grader: Grader,
    progress: Callable[[int, int], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    readers: Sequence[Reader] = (TEXT_READER,),
    stars: int | None = None,
) -> Summary:
    """Solve and grade every board under ``paths``, read with ``readers`` (the text
    reader by default) with ``stars`` per unit (None: what each input declares, else 1;
    a board whose K is not the grader's is reported as bad input, since the counters of
    one summary are one rule set's); ``progress(done, total)`` after each."""
    start = clock()
    entries = expand_paths(paths, readers)
    rules = {rule.counter: rule for rule in grader.full.rules}
    order = list(grader.full.counter_order)
    summary = Summary(
        [],
        order,
        {c: rules[c].display_name for c in order},
        {c: family_of(rules[c].package) for c in order},
    )
    for done, (path, problem) in enumerate(entries, start=1):
        summary.boards.append(_one(path, problem, grader, clock, readers, stars))
        if progress is not None:
            progress(done, len(entries))
    summary.wall_seconds = clock() - start
    return summary


def _one(
    path: str,
    problem: str | None,
    grader: Grader,
    clock: Callable[[], float],
    readers: Sequence[Reader],
    stars: int | None = None,
) -> BoardStats:
    if problem is not None:
        return BoardStats(display_name(path), BAD_INPUT, error=problem)
    try:
        board = read_board_file(path, readers, stars)
    except BoardInputError as err:
        return BoardStats(display_name(path), BAD_INPUT, error=str(err))
    if board.stars != grader.full.stars:
        error = (
            f"{display_name(path)}: the input declares {board.stars} stars per unit; "
            f"pass --stars {board.stars} to gather statistics of {board.stars}-star boards"
        )
        return BoardStats(display_name(path), BAD_INPUT, error=error)
    stats = BoardStats(display_name(path), "", size=board.n)
    try:
        assessment = grader.assess(board, clock)
    except RuleFailure as err:
        stats.status = RULE_FAILED
        stats.error = f"{stats.path}: {err}"
        return stats
    full = assessment.full
    diagnosis = diagnose(full, None, grader.full.by_counter)
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


class Progress:
    """A one-line progress bar on a terminal, shown only once a run has lasted ``delay``
    seconds, redrawn at most every ``interval`` seconds and erased at the end.

    Not a terminal (a pipe, a file, a test): nothing at all is written.
    """

    WIDTH = 30

    def __init__(
        self,
        stream: TextIO,
        delay: float = 1.0,
        interval: float = 0.1,
        clock: Callable[[], float] = time.monotonic,
        enabled: bool | None = None,
    ):
        self.stream = stream
        self.enabled = is_terminal(stream) if enabled is None else enabled
        self.delay = delay
        self.interval = interval
        self.clock = clock
        self.started = clock()
        self.last_drawn: float | None = None

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if now - self.started < self.delay:
            return
        if self.last_drawn is not None and now - self.last_drawn < self.interval and done < total:
            return
        self.last_drawn = now
        filled = self.WIDTH * done // max(total, 1)
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} boards")
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar if it was drawn."""
        if self.last_drawn is not None:
            self.stream.write("\r" + " " * (self.WIDTH + 30) + "\r")
            self.stream.flush()


# -- output ---------------------------------------------------------------------------


def _ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1e3:.2f} ms"


def format_summary(summary: Summary) -> str:
    """The text report (no final newline)."""
    processed = summary.processed
    solved = sum(b.status == SOLVED for b in processed)
    lines = [
        f"Boards: {len(summary.boards)} read, {solved} solved by the rules, "
        f"{len(processed) - solved} not solved"
        + (
            f", {len(summary.boards) - len(processed)} with errors"
            if len(processed) != len(summary.boards)
            else ""
        ),
        "",
        "By size (solved boards by the tier they needed):",
    ]
    headers = ["size", "boards", "solved", *TIERS_NEEDED, "not solved"]
    rows: list[list[Any]] = [
        [
            f"{n}×{n}",
            row["boards"],
            row["solved"],
            *(row[t] for t in TIERS_NEEDED),
            row["not_solved"],
        ]
        for n, row in summary.by_size().items()
    ]
    totals = [sum(row[i] for row in rows) for i in range(1, len(headers))]
    rows.append(["all", *totals])
    lines.extend(_table(headers, rows))

    lines.append("")
    lines.append("By grade (docs/difficulty.md):")
    grades = summary.by_grade()
    lines.extend(
        _table(
            ["grade", "boards"],
            [[f"{level} {name}", grades[level]] for level, name, *_ in LADDER],
        )
    )

    not_solved = [b for b in summary.boards if b.status != SOLVED]
    if not_solved:
        lines.append("")
        lines.append("Not solved:")
        for board in not_solved:
            # An error line names its board already.
            lines.append(f"  {board.error}" if board.error else f"  {board.path}: {board.status}")

    lines.append("")
    lines.append("Rule firings (total of each counter; boards where it fired):")
    totals_by_rule = summary.totals()
    fired = summary.boards_fired()
    lines.extend(
        _table(
            ["rule", "firings", "boards"],
            [[summary.names[c], totals_by_rule[c], fired[c]] for c in summary.counters],
            align_left=1,
        )
    )

    times = summary.solve_times()
    lines.append("")
    lines.append(
        f"Solve time per board: median {_ms(times['median'])}, p95 {_ms(times['p95'])}; "
        f"whole run {summary.wall_seconds:.2f} s"
    )
    return "\n".join(lines)


def _table(headers: list[str], rows: list[list[Any]], align_left: int = 1) -> list[str]:
    """Columns padded to width: the first ``align_left`` to the left, numbers right."""
    cells = [headers, *[[str(x) for x in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    out = []
    for row in cells:
        parts = [
            row[i].ljust(widths[i]) if i < align_left else row[i].rjust(widths[i])
            for i in range(len(row))
        ]
        out.append("  " + "  ".join(parts).rstrip())
    return out


def summary_json(summary: Summary) -> dict[str, Any]:
    """The JSON document (docs/stats.md, "JSON")."""
    processed = summary.processed
    totals = summary.totals()
    fired = summary.boards_fired()
    grades = summary.by_grade()
    times = summary.solve_times()
    return {
        "boards": len(summary.boards),
        "solved": sum(b.status == SOLVED for b in processed),
        "not_solved": sum(b.status != SOLVED for b in processed),
        "errors": len(summary.boards) - len(processed),
        "exit_status": summary.exit_status,
        "by_size": {str(n): row for n, row in summary.by_size().items()},
        "by_grade": {name: grades[level] for level, name, *_ in LADDER},
        "rules": [
            {
                "counter": counter,
                "display_name": summary.names[counter],
                "family": summary.families[counter],
                "firings": totals[counter],
                "boards": fired[counter],
            }
            for counter in summary.counters
        ],
        "time": {
            "solve_median_s": times["median"],
            "solve_p95_s": times["p95"],
            "wall_s": summary.wall_seconds,
        },
        "per_board": [
            {
                "path": b.path,
                "status": b.status,
                "size": b.size,
                "tier_needed": b.tier_needed,
                "grade": b.grade,
                "score": b.score,
                "solve_s": b.seconds,
                "counters": b.counters or None,
                "error": b.error,
            }
            for b in summary.boards
        ],
    }


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

"""What the verbs of :class:`~queens_core.api.Application` return: typed results, each
with a ``to_json()`` that gives the document ``queens COMMAND --format json`` prints."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.board import Board
    from ..engine.driver import SolveResult
    from ..engine.rules import Rule
    from ..engine.state import State
    from ..plugins.readers import Reader
    from ..referee.blame import Diagnosis
    from ..tools.check import CheckReport
    from ..tools.grade import Assessment, Rung
    from ..tools.hint import Hint
    from ..tools.stats import Summary


@dataclass(frozen=True)
class Installed:
    """What is installed: the rules in the order the driver runs them, the readers in
    the order they are asked about an input."""

    rules: list[Rule]
    readers: list[Reader]

    def rules_json(self) -> dict[str, Any]:
        """The ``queens-rules/1`` document (``queens rules list --format json``)."""
        from ..render.documents import RULES_SCHEMA

        rules = [
            {
                "counter": r.counter,
                "display_name": r.display_name,
                "tier": r.tier.value,
                "position": r.position,
                "package": r.package,
                "version": r.version,
                "counting": r.counting,
                "stars": {"min": r.min_stars, "max": r.max_stars},
                "summary": r.summary,
            }
            for r in self.rules
        ]
        return {"schema": RULES_SCHEMA, "rules": rules}

    def readers_json(self) -> dict[str, Any]:
        """The ``queens-readers/1`` document (``queens readers list --format json``)."""
        readers = [
            {
                "name": r.name,
                "summary": r.summary,
                "suffixes": list(r.suffixes),
                "sniffs_content": r.sniff is not None,
                "inline": r.inline,
                "max_bytes": r.max_bytes,
                "package": r.package,
                "version": r.version,
            }
            for r in self.readers
        ]
        return {"schema": "queens-readers/1", "readers": readers}


@dataclass(frozen=True)
class BoardRead:
    """A board as a reader read it: the board with its stars per unit, the marks the
    input showed (a screenshot's), and what the reader noted."""

    name: str
    board: Board
    #: The marks the input itself showed, or None.
    state: State | None = None
    #: The stars per unit the input declared (an SBN string does), or None.
    declared_stars: int | None = None
    #: The name of the reader that read it ("" when the reader chose itself unseen).
    reader: str = ""
    notes: tuple[str, ...] = ()
    #: For an input that does not declare K: the one K for which it has a single
    #: solution, when a reader found one (None: it did not say).
    unique_stars: int | None = None


@dataclass(frozen=True)
class Solution:
    """A solve by the rules: solved or where they stop, every step recorded."""

    name: str
    board: Board
    result: SolveResult
    #: The rules that ran (those sound for the board's stars per unit).
    rules: list[Rule]
    #: What the exact search says of the solve: ``message`` is set when a rule's
    #: deduction contradicts the board's solutions.
    diagnosis: Diagnosis

    @property
    def solved(self) -> bool:
        return self.result.solved

    @property
    def status(self) -> str:
        return str(self.result.status)

    @property
    def counters(self) -> dict[str, int]:
        return dict(self.result.counters)

    @property
    def unsound(self) -> str | None:
        """Why the solve cannot be trusted (a rule contradicted the exact search), or None."""
        return self.diagnosis.message

    def to_json(self) -> dict[str, Any]:
        """The ``queens-solve/1`` document (raises ``DetailError`` for a rule whose
        step details cannot be written)."""
        from ..render.documents import solve_document

        return solve_document(self.result, self.rules, self.name)

    def text(self, explain: bool = False, depth: str | None = None, letters: bool = False) -> str:
        """The board as ``queens solve`` prints it, every step in words first with
        ``explain`` (``depth``: the terminal's colours, None for none)."""
        from ..render.solve_text import explanation_text, result_text

        if explain:
            return explanation_text(self.result, self.rules, self.name, depth, letters)
        return result_text(self.result, self.rules, depth, letters)


@dataclass(frozen=True)
class HintAnswer:
    """The next step from a state, or why there is none (``status``: hint, solved,
    stuck, wrong, no_solution)."""

    hint: Hint
    name: str
    state_name: str | None

    @property
    def status(self) -> str:
        return self.hint.status

    @property
    def after(self) -> State | None:
        """The state after the step (None without a step)."""
        return self.hint.after

    def to_json(self) -> dict[str, Any]:
        """The ``queens-hint/1`` document."""
        from ..render.documents import hint_document

        return hint_document(self.hint, self.name, self.state_name)

    def text(self, depth: str | None = None, letters: bool = False) -> str:
        """The hint as ``queens hint`` prints it (``depth``: colours, None for none)."""
        from ..render.text import hint_text

        return hint_text(self.hint, depth, letters)


@dataclass(frozen=True)
class CheckAnswer:
    """Is the board ready to ship: its solutions, the tier and grade the rules need."""

    report: CheckReport

    @property
    def verdict(self) -> str:
        return self.report.verdict

    def to_json(self) -> dict[str, Any]:
        """One board's ``queens-check/1`` document."""
        from ..render.documents import CHECK_SCHEMA, report_json

        return {"schema": CHECK_SCHEMA, **report_json(self.report)}

    def text(self, names: dict[str, str]) -> str:
        """The report as ``queens check`` prints it (``names``: counter → rule name)."""
        from ..render.text import format_report

        return format_report(self.report, names)


@dataclass(frozen=True)
class Grading:
    """How the rules grade a board: the first rung of the ladder that solves it."""

    board: Board
    assessment: Assessment

    @property
    def solved(self) -> bool:
        return self.assessment.rung is not None

    @property
    def rung(self) -> Rung | None:
        return self.assessment.rung

    def to_json(self) -> dict[str, Any]:
        rung = self.assessment.rung
        return {
            "solved": rung is not None,
            "tier": None if rung is None else str(rung.tier),
            "grade": None if rung is None else {"level": int(rung.level), "name": rung.grade},
            "score": self.assessment.score,
            "counters": dict(self.assessment.full.counters),
        }


@dataclass(frozen=True)
class Statistics:
    """A collection of boards solved in one process and summed up (``queens stats``)."""

    summary: Summary
    paths: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The ``queens-stats/1`` document."""
        from ..render.documents import STATS_SCHEMA, summary_json

        return {"schema": STATS_SCHEMA, **summary_json(self.summary)}

    def text(self) -> str:
        from ..render.text import format_summary

        return format_summary(self.summary)

    def chart_svg(self) -> str:
        """The bar chart of how often each rule fired (``queens stats --chart``)."""
        from ..render.chart import bar_chart_svg
        from ..tools.stats import chart_items

        boards = len(self.summary.processed)
        return bar_chart_svg(
            chart_items(self.summary),
            title=f"How often each rule fired: total firings over {boards} boards",
            x_label="firings (the sum of the rule's counter over all boards)",
            subtitle="queens stats " + " ".join(self.paths),
            groups=list(dict.fromkeys(self.summary.families.values())),
        )


#: The ``schema`` of a line of ``queens generate --format json``.
GENERATE_SCHEMA = "queens-generate/4"


@dataclass(frozen=True)
class MadeBoard:
    """One board of a generated batch, Queens (K = 1) or Star Battle: the board, its one
    solution and how the rules grade it."""

    index: int
    board: Board
    solution: int
    assessment: Assessment
    #: The seed of the batch it belongs to.
    seed: int
    #: Maps tried for it (Queens boards); 0 for a board kept in its file from an earlier
    #: run; None where the maker does not count them (Star Battle boards).
    attempts: int | None = None
    #: The file it was written to or kept in, or None.
    path: str | None = None
    kept: bool = False

    @property
    def rung(self) -> Rung:
        rung = self.assessment.rung
        assert rung is not None  # a maker keeps only boards the rules solve
        return rung

    @property
    def stars(self) -> int:
        return self.board.stars

    @property
    def summary(self) -> str:
        """``9×9, tier cheap, grade 2 Medium, score 14`` (the stars too, above 1)."""
        n, rung = self.board.n, self.rung
        stars = f", {self.board.stars} stars" if self.board.stars > 1 else ""
        return (
            f"{n}×{n}{stars}, tier {rung.tier}, grade {int(rung.level)} {rung.grade}, "
            f"score {self.assessment.score}"
        )

    def text(self, count: int) -> str:
        """What ``queens generate`` prints of it, board ``index + 1`` of ``count``: the
        file it was written to (or kept in), else the board under its heading (after a
        blank line, but for the first)."""
        from ..render.text import board_file_text

        if self.path is not None:
            return f"{self.path}: {self.summary}{' (kept)' if self.kept else ''}"
        gap = "\n" if self.index else ""
        heading = f"board {self.index + 1} of {count}: {self.summary}"
        return f"{gap}{heading}\n{board_file_text(self.board)}"

    def to_json(self) -> dict[str, Any]:
        """The line of ``queens generate --format json`` (``queens-generate/4``)."""
        from ..render.documents import cells_json

        rung, board = self.rung, self.board
        head: dict[str, Any] = {
            "schema": GENERATE_SCHEMA,
            "seed": self.seed,
            "index": self.index,
            "path": self.path,
            "size": board.n,
        }
        if board.stars > 1:
            head["stars"] = board.stars
        record = {
            **head,
            "board": list(board.rows),
            "solution": cells_json(board, self.solution),
            "tier": rung.tier,
            "grade": {"level": int(rung.level), "name": rung.grade},
            "score": self.assessment.score,
            "counters": dict(self.assessment.full.counters),
        }
        if board.stars == 1:
            record["attempts"] = self.attempts
        record["kept"] = self.kept
        return record


@dataclass
class Refusal:
    """A board file kept from an earlier run that is no board of this batch any more."""

    path: str
    why: str


@dataclass
class Refusals:
    """The kept files a batch refused, in order (the CLI names each as it is found)."""

    found: list[Refusal] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.found)

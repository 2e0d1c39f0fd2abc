"""What the verbs over whole boards and the installation return (hint, check, grade,
stats, installed): typed results, each with a ``to_json()`` that gives the command's document."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.arguments import Naming
    from ..engine.board import Board
    from ..engine.rules import Rule
    from ..engine.state import State
    from ..plugins.readers import Reader
    from ..plugins.writers import Writer
    from ..tools.check import CheckReport
    from ..tools.grade import Assessment, Rung
    from ..tools.hint import Hint
    from ..tools.stats import Summary


def tier_defaults(rule: Rule) -> list[str]:
    """Which of ``weight`` and ``grade`` the rule does not declare, so that it has its
    tier's default (a cheap rule weighs 5 and is Hard, an expensive one 20 and Fiendish)."""
    return [name for name in ("weight", "grade") if getattr(rule, name) is None]


@dataclass
class Installed:
    """What is installed: the rules in the order the driver runs them, the readers in
    the order they are asked about an input, the writers by name."""

    rules: list[Rule]
    readers: list[Reader]
    writers: list[Writer] = field(default_factory=list)

    def writers_json(self) -> dict[str, Any]:
        """The ``queens-writers/1`` document (``queens writers list --format json``)."""
        writers = [
            {
                "name": w.name,
                "summary": w.summary,
                "suffix": w.suffix,
                "carries_marks": w.carries_marks,
                "package": w.package,
                "version": w.version,
            }
            for w in self.writers
        ]
        return {"schema": "queens-writers/1", "writers": writers}

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
                "weight": r.score_weight,
                "grade": {"level": int(r.grade_needed), "name": r.grade_needed.title},
                "tier_defaults": tier_defaults(r),
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


@dataclass
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


@dataclass
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
        """``solved``, the ``tier`` and ``grade`` (``level``, ``name``) of the first rung
        that solves the board (None when none does), the ``score`` and the ``counters`` of
        the solve with every rule."""
        rung = self.assessment.rung
        return {
            "solved": rung is not None,
            "tier": None if rung is None else str(rung.tier),
            "grade": None if rung is None else {"level": int(rung.level), "name": rung.grade},
            "score": self.assessment.score,
            "counters": dict(self.assessment.full.counters),
        }


@dataclass
class Statistics:
    """A collection of boards solved in one process and summed up (``queens stats``)."""

    summary: Summary
    paths: tuple[str, ...] = ()
    #: Boards of several K (stars per unit), left to the inputs: one summary per K, by K
    #: (``summary`` is then all of them at once); empty when every board has one K.
    by_stars: tuple[tuple[int, Summary], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The ``queens-stats/1`` document, or ``queens-stats-by-stars/1`` for boards of
        several K: one ``queens-stats/1`` body per K (docs/json.md)."""
        from ..render.documents import STATS_BY_STARS_SCHEMA, STATS_SCHEMA, summary_json
        from ..render.statuses import stats_exit_status

        if not self.by_stars:
            return {"schema": STATS_SCHEMA, **summary_json(self.summary)}
        return {
            "schema": STATS_BY_STARS_SCHEMA,
            "boards": len(self.summary.boards),
            "exit_status": stats_exit_status(self.summary),
            "summaries": [
                {"stars": stars, **summary_json(summary)} for stars, summary in self.by_stars
            ],
        }

    def text(self) -> str:
        """What ``queens stats`` prints: the summary, one a K under its heading for boards
        of several K."""
        from ..render.text import format_summary, stars_heading

        if not self.by_stars:
            return format_summary(self.summary)
        return "\n\n".join(
            f"{stars_heading(stars, len(summary.boards))}\n\n{format_summary(summary)}"
            for stars, summary in self.by_stars
        )

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


@dataclass
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

    def text(
        self, depth: str | None = None, letters: bool = False, naming: Naming | None = None
    ) -> str:
        """The hint as ``queens hint`` prints it (``depth``: colours, None for none; the
        option it may name named by ``naming``, by default as a Python caller passes it)."""
        from ..render.text import hint_text

        return hint_text(self.hint, depth, letters, naming)

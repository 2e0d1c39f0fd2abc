"""The text reports of ``queens check``, ``queens stats`` and ``queens hint``: what they
print for people, from the data their tools return (docs/check.md and docs/stats.md
describe the first two).

Every function returns a string or its lines, without a final newline; the CLI prints
them and the tests compare them byte for byte.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..engine.arguments import Listing, python_name
from ..engine.board import bits
from ..engine.driver import CONTRADICTION, SOLVED
from ..engine.state import cell_label, cell_labels
from ..engine.words import cells_words
from ..plugins.readers import STARS_HEADER_WORD
from ..tools.grade import LADDER, TIERS_NEEDED, needs_words
from ..tools.stats import NO_SOLUTION as NO_SOLUTION_FOUND
from ..tools.stats import RULE_FAILED, SEVERAL, UNDECIDED
from .colour import colour_rows, lettered_rows

if TYPE_CHECKING:
    from ..engine.arguments import Naming
    from ..engine.board import Board
    from ..tools.check import CheckReport
    from ..tools.explain import Explanation
    from ..tools.hint import Hint
    from ..tools.stats import Summary

#: The text report of ``queens check`` wraps the list of rules used at this width.
WRAP = 92
#: How many solutions a check report shows when there are several (its JSON too).
SHOWN_SOLUTIONS = 2

# -- queens check ---------------------------------------------------------------------


def board_file_text(board: Board) -> str:
    """A board in the text format: its rows, under a first line ``stars: K`` when it has
    K ≥ 2 stars per unit, so that every command reads the same puzzle back."""
    rows = "\n".join(board.rows)
    return rows if board.stars == 1 else f"{STARS_HEADER_WORD} {board.stars}\n{rows}"


def _logic_text(report: CheckReport, names: Mapping[str, str]) -> str:
    assessment = report.assessment
    assert assessment is not None and report.board is not None
    full = assessment.full
    if full.solved:
        rung = assessment.rung
        assert rung is not None
        if rung.level == 1:
            # "every rule solves it", "the baseline rules alone solve it"
            plural = rung.scope.endswith(("rules", "rules alone"))
            how = f"{rung.scope} {'solve' if plural else 'solves'} it"
        else:
            how = f"needs {needs_words(assessment)}"
        return f"solved; tier needed: {rung.tier} ({how})"
    if full.status == CONTRADICTION:
        return f"contradiction: {full.problem_after_culprit()}"
    return f"stalled with {full.progress()}{full.budget_note(names)}"


def _rules_used(report: CheckReport, names: Mapping[str, str]) -> list[str]:
    assert report.assessment is not None
    return [
        f"{names[counter]} {count}"
        for counter, count in report.assessment.full.counters.items()
        if count
    ]


def wrap_items(items: Sequence[str], first: str, indent: str, width: int = WRAP) -> list[str]:
    """``items`` joined by ", " after ``first``, in lines of at most ``width`` characters
    where they fit, broken only between two items: a rule's name ("Single-cell row /
    column 1") is read as one thing, never split over two lines. An item longer than a
    line gets a line of its own."""
    lines: list[str] = []
    line = first
    for position, item in enumerate(items):
        piece = item + ("," if position < len(items) - 1 else "")
        if line not in (first, indent) and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = indent + piece
        else:
            line += piece if line in (first, indent) else " " + piece
    lines.append(line)
    return lines


def format_report(report: CheckReport, names: Mapping[str, str]) -> str:
    """The text report of one board (no final newline)."""
    headline = f"{report.name}: {report.message}"
    assessment = report.assessment
    if assessment is not None and assessment.rung is not None and report.verdict == "unique-solved":
        headline += (
            f" (tier: {assessment.rung.tier}, grade: {assessment.rung.level} "
            f"{assessment.rung.grade}, score {assessment.score})"
        )
    lines = [headline]
    board = report.board
    if board is None:
        return headline
    lines.append(f"  size:       {board.n}×{board.n}")
    lines.append(f"  structure:  {'; '.join(report.problems) or 'ok'}")
    lines.append(f"  solutions:  {report.count_text}")
    if len(report.solutions) > 1:
        first, second = report.solutions[:SHOWN_SOLUTIONS]
        lines.append("  differ at:  " + " ".join(cell_labels(board, first ^ second)))
    if assessment is None:
        return "\n".join(lines)
    lines.append(f"  logic:      {_logic_text(report, names)}")
    lines.extend(wrap_items(_rules_used(report, names) or ["none"], "  rules used: ", " " * 14))
    if assessment.rung is not None:
        lines.append(
            f"  grade:      {assessment.rung.level} {assessment.rung.grade}, "
            f"score {assessment.score} (scored on the solve with {assessment.rung.scope})"
        )
    return "\n".join(lines)


# -- queens stats ---------------------------------------------------------------------


def _ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1e3:.2f} ms"


def stars_heading(stars: int, boards: int) -> str:
    """The line over one K's summary when ``queens stats`` sums up boards of several K."""
    kind = "Queens boards (1 queen" if stars == 1 else f"Star Battle boards ({stars} stars"
    plural = "board" if boards == 1 else "boards"
    return f"== {kind} per row, column and region): {boards} {plural} =="


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
        *_by_size_table(summary),
        "",
        "By grade (the manual's Difficulty page):",
        *_by_grade_table(summary),
    ]
    lines.extend(_uniqueness_lines(summary))
    # What the rules did not solve, apart from what could not be read or made a rule fail.
    for title, boards in (
        ("Not solved:", [b for b in summary.processed if b.status != SOLVED]),
        ("Could not read:", summary.unreadable),
        ("A rule failed:", [b for b in summary.boards if b.status == RULE_FAILED]),
    ):
        if boards:
            lines.append("")
            lines.append(title)
            for board in boards:
                # An error line names its board already.
                lines.append(
                    f"  {board.error}" if board.error else f"  {board.path}: {board.status}"
                )

    lines.append("")
    lines.append("Rule firings (total of each counter; boards where it fired):")
    lines.extend(_firings_table(summary))

    times = summary.solve_times()
    lines.append("")
    lines.append(
        f"Solve time per board: median {_ms(times['median'])}, p95 {_ms(times['p95'])}; "
        f"whole run {summary.wall_seconds:.2f} s"
    )
    return "\n".join(lines)


def _uniqueness_lines(summary: Summary) -> list[str]:
    """The boards that have not exactly one solution, by what the exact search found
    (nothing when solutions were not counted)."""
    if not summary.counted:
        return []
    lines: list[str] = []
    for word, title in (
        (SEVERAL, "Several solutions:"),
        (NO_SOLUTION_FOUND, "No solution:"),
        (UNDECIDED, "Undecided (the exact search ran out of time):"),
    ):
        boards = [b.path for b in summary.processed if b.uniqueness == word]
        if boards:
            lines.extend(["", title, *(f"  {path}" for path in boards)])
    return lines


def _by_size_table(summary: Summary) -> list[str]:
    """Boards, unique (when counted), solved (by tier needed) and not solved per size,
    and a row of totals."""
    unique = ["unique"] if summary.counted else []
    # Only the tiers this K's rules can give: a Star Battle board never needs "baseline".
    tiers = [t for t in TIERS_NEEDED if summary.tiers is None or t in summary.tiers]
    headers = ["size", "boards", *unique, "solved", *tiers, "not solved"]
    rows: list[list[Any]] = [
        [
            f"{n}×{n}",
            row["boards"],
            *(row[column] for column in unique),
            row["solved"],
            *(row[t] for t in tiers),
            row["not_solved"],
        ]
        for n, row in summary.by_size().items()
    ]
    totals = [sum(row[i] for row in rows) for i in range(1, len(headers))]
    rows.append(["all", *totals])
    return _table(headers, rows)


def _by_grade_table(summary: Summary) -> list[str]:
    grades = summary.by_grade()
    return _table(
        ["grade", "boards"],
        [
            [f"{level} {name}", grades[level]]
            for level, name, *_ in LADDER
            if summary.ladder is None or level in summary.ladder
        ],
    )


def _firings_table(summary: Summary) -> list[str]:
    """Per rule, in catalog order: its total firings and on how many boards it fired."""
    totals_by_rule = summary.totals()
    fired = summary.boards_fired()
    return _table(
        ["rule", "firings", "boards"],
        [[summary.names[c], totals_by_rule[c], fired[c]] for c in summary.counters],
        align_left=1,
    )


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


# -- queens hint ----------------------------------------------------------------------


def crossed_text(hint: Hint, naming: Naming | None = None) -> str:
    """The crosses taken as made for the state's queens, in one wrapped sentence; the
    option that makes each a hint named by ``naming`` (by default as Python passes it)."""
    count = hint.crossed.bit_count()
    cells = "cell" if count == 1 else "cells"
    one = hint.state.queens.bit_count() == 1
    if hint.board.stars == 1:
        what = (
            "your queen attacks (its row, column, region and the cells around it)"
            if one
            else "your queens attack (their rows, columns, regions and the cells around them)"
        )
    else:
        what = (
            f"around your {'star' if one else 'stars'} (stars never touch) and in the units "
            f"that hold their {hint.board.stars} stars already"
        )
    return textwrap.fill(
        f"Crossed first, as the game does: the {count} {cells} {what}. "
        f"{(naming or python_name)(Listing('every_step'))} makes each cross a hint of its own.",
        88,
    )


def message_lines(hint: Hint) -> list[str]:
    """What the hint found, in words (the first line is a sentence of its own)."""
    # Here, not at the top: the hint module (and the explanations it loads) is for the
    # hint commands, and every command that prints a summary or a report imports this one.
    from ..tools.hint import HINT, NO_SOLUTION, SOLUTION_CAP, STUCK, conflict_reason
    from ..tools.hint import SOLVED as HINT_SOLVED

    board = hint.board
    check = hint.check
    piece = "queen" if board.stars == 1 else "star"
    capital = piece.capitalize()
    if hint.status == HINT:
        return ["This is the next step the rules take."]
    if hint.status == HINT_SOLVED:
        return [f"Every {piece} is in place: the board is solved."]
    if hint.status == STUCK:
        return [
            f"The rules find nothing more from here ({hint.state.queens.bit_count()} of "
            f"{board.star_total} {piece}s placed, {hint.state.live.bit_count()} cells undecided)."
        ]
    lines = []
    if hint.status == NO_SOLUTION:
        lines.append("The board has no solution at all, so no state of it can be right.")
    elif check.solutions == 1:
        lines.append("The state is wrong: it disagrees with the board's only solution.")
    else:
        some = "its" if check.solutions < SOLUTION_CAP else "the first"
        # Two lines: the first is also the status line on standard error, one clause.
        lines.append("The state is wrong: no solution of the board agrees with it.")
        lines.append(
            f"The cells named disagree with the nearest of {some} {check.solutions} solutions."
        )
    if check.conflicts:
        pairs = "; ".join(
            f"{cell_label(board, a)} and {cell_label(board, b)} {conflict_reason(board, a, b)}"
            for a, b in check.conflicts
        )
        lines.append(f"{capital}s that attack each other: {pairs}.")
    the = "the solution" if check.solutions == 1 else "that solution"
    if check.bad_queens:
        lines.append(f"{capital}s not in {the}: {cells_words(board, bits(check.bad_queens))}.")
    if check.bad_dead:
        lines.append(
            f"Crossed out, but {the} has {'its queen' if board.stars == 1 else 'a star'} there: "
            f"{cells_words(board, bits(check.bad_dead))}."
        )
    return lines


def hint_text(
    hint: Hint, depth: str | None = None, letters: bool = False, naming: Naming | None = None
) -> str:
    """What ``queens hint`` prints: the step in words and the state after it (with
    ``letters``, each cell's region letter before its mark; an option named by
    ``naming``, by default as Python passes it)."""
    from ..tools.hint import HINT

    board = hint.board
    if hint.status != HINT:
        return "\n".join(message_lines(hint))
    assert hint.explanation is not None and hint.after is not None and hint.step is not None
    parts = [LABEL_SCHEME]
    if hint.crossed:
        parts.append(crossed_text(hint, naming))
    parts.append(format_explanation(board, hint.explanation, lead="Next step: "))
    if depth is None:
        rows = hint.after.picture(board).split("\n")
        marked = [
            "".join(
                "x" if hint.step.killed >> (r * board.n + c) & 1 else ch for c, ch in enumerate(row)
            )
            for r, row in enumerate(rows)
        ]
        # A step that only places a queen (its row, column and region crossed already)
        # has no x in its picture: the key would name what is not there.
        key = "x: the cells it kills; " if hint.step.killed else ""
        if letters:  # not a picture --state reads back: no invitation to paste it
            parts.append(f"After it ({key}each cell's region letter first):")
            parts.append(labelled_grid(board, lettered_rows(board, marked), cell_width=3))
        else:
            parts.append(f"After it ({key}paste this back for the next hint):")
            parts.append(labelled_grid(board, marked))
    else:
        new = hint.step.placed | hint.step.killed
        rows = colour_rows(board, hint.after.picture(board).split("\n"), depth, new, letters)
        parts.append("After it (the cells it changes in red):")
        parts.append(labelled_grid(board, rows, cell_width=3))
    return "\n\n".join(parts)


# -- explanations ---------------------------------------------------------------------


#: The sentence that tells a reader how cells are named, printed before explanations.
LABEL_SCHEME = "Cells are named rRcC: row R from the top, column C from the left, counting from 1."


def format_explanation(
    board: Board,
    explanation: Explanation,
    width: int = 88,
    lead: str | None = None,
    indent: int | None = None,
) -> str:
    """``  3. Rule — headline`` then the why, wrapped and indented under the rule.

    ``lead`` replaces the step number (``Next step: ``); the why is then indented by two,
    or by ``indent`` (a numbered lead with more after the number, ``  3. [Easy, weight 2] ``,
    keeps the why under the text that follows the number).
    """
    prefix = f"{explanation.number:>3}. " if lead is None else lead
    if indent is None:
        indent = len(prefix) if lead is None else 2
    margin = " " * indent
    head = f"{prefix}{explanation.rule} — {explanation.headline(board)}"
    head_lines = textwrap.wrap(head, width, subsequent_indent=margin + "  ", break_on_hyphens=False)
    why_lines = textwrap.wrap(
        explanation.why,
        width,
        initial_indent=margin,
        subsequent_indent=margin,
        break_on_hyphens=False,
    )
    return "\n".join(head_lines + why_lines)


def labelled_grid(board: Board, rows: Sequence[str], cell_width: int = 1) -> str:
    """Rows of a picture (one string a row, ``cell_width`` characters a cell, or a
    pre-rendered line a row) with column numbers above and row numbers on the left."""
    n = board.n
    num_width = len(str(n))
    step = max(cell_width, num_width) + 1 if cell_width == 1 else cell_width
    header = " " * (num_width + 2) + "".join(
        f"{c + 1:^{step}}" if cell_width > 1 else f"{c + 1:<{step}}" for c in range(n)
    )
    out = [header.rstrip()]
    for r, row in enumerate(rows):
        if cell_width == 1:
            row = "".join(f"{ch:<{step}}" for ch in row).rstrip()
        out.append(f"{r + 1:>{num_width}}  {row}")
    return "\n".join(out)

"""Explain a solve step by step, in words, from the steps the driver recorded.

Nothing is solved again: the steps (:class:`~queens_core.rules.Step`) say which rule
placed or killed which cells and why (their ``detail``); :func:`replay` rebuilds the state
before each step from them, which is all a sentence needs (the live cells of a polyomino
region, the queens a trial placement met).

Cells are named ``rRcC``: row R counted from the top, column C from the left, both from 1
(:func:`~queens_core.state.cell_label`). Regions are named by their letter, with the
colour the letter stands for when it is one of the archive's ("region P (purple)").

Glossary
--------
explanation
    One step in words: its number, the rule's display name, the queen it placed (if any),
    the cells it killed and one sentence of why, specific to the step.
replay
    Applying recorded steps to a state, checking each one as it goes (a queen goes on a
    live cell and kills exactly the live part of its kill mask; a kill kills live cells).
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .board import Board, bits
from .cli.colour import colour_name
from .explain_stars import star_why
from .propagation import SETTLE_COUNTER
from .rules import Rule, Step
from .state import State, cell_label

LABEL_SCHEME = "Cells are named rRcC: row R from the top, column C from the left, counting from 1."


class ReplayError(ValueError):
    """A recorded step does not fit the state it is replayed on."""


@dataclass(frozen=True)
class Explanation:
    """One step in words. ``placed`` is a cell index or None; ``killed`` cell indices."""

    number: int
    counter: str
    rule: str
    placed: int | None
    killed: tuple[int, ...]
    why: str
    #: True when the rule is unknown to the explainer and ``why`` is its summary.
    generic: bool = False

    def headline(self, board: Board) -> str:
        """What the step did: ``queen on r5c5; r1c7 dead`` or ``r1c2 r1c3 dead``."""
        parts = []
        if self.placed is not None:
            piece = "queen" if board.stars == 1 else "star"
            parts.append(f"{piece} on {cell_label(board, self.placed)}")
        if self.killed:
            parts.append(" ".join(cell_label(board, c) for c in self.killed) + " dead")
        return "; ".join(parts) or "nothing changed"


def apply_step(board: Board, state: State, step: Step) -> None:
    """Replay one step on ``state`` in place; raise :class:`ReplayError` if it cannot be."""
    if step.placed:
        if step.placed & (step.placed - 1):
            raise ReplayError(f"{step.counter}: a step places one queen, not several")
        if not state.live & step.placed:
            cell = step.placed.bit_length() - 1
            raise ReplayError(f"{step.counter}: queen on {cell_label(board, cell)}, not live")
        expected = state.live & board.kill_masks[step.placed.bit_length() - 1]
        if step.killed != expected:
            raise ReplayError(
                f"{step.counter}: a placement must kill exactly the live cells of its kill list"
            )
        state.queens |= step.placed
        state.live &= ~(step.placed | step.killed)
        return
    if not step.killed:
        raise ReplayError(f"{step.counter}: a step that neither places nor kills")
    if step.killed & ~state.live:
        cell = (step.killed & ~state.live).bit_length() - 1
        raise ReplayError(f"{step.counter}: kills {cell_label(board, cell)}, which is not live")
    state.live &= ~step.killed


def replay(board: Board, steps: Iterable[Step], start: State | None = None) -> State:
    """The state reached by applying ``steps`` to ``start`` (default: the empty board)."""
    state = State.initial(board) if start is None else start.copy()
    for step in steps:
        apply_step(board, state, step)
    return state


# -- words ---------------------------------------------------------------------------


def join_words(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def cells_words(board: Board, cells: Iterable[int]) -> str:
    return join_words([cell_label(board, c) for c in cells])


def region_name(board: Board, k: int) -> str:
    """``region P (purple)``, or ``region x`` for a letter that is not the archive's."""
    letter = board.letters[k]
    colour = colour_name(letter)
    return f"region {letter} ({colour})" if colour else f"region {letter}"


def region_short(board: Board, k: int) -> str:
    """How a sentence refers back to a region it already named: ``P``."""
    return board.letters[k]


def line_name(kind: str, index: int) -> str:
    """``row 3``, ``column 5`` (1-based)."""
    return f"{kind} {index + 1}"


def unit_name(board: Board, kind: str, index: int) -> str:
    return region_name(board, index) if kind == "region" else line_name(kind, index)


def _lines_words(kind: str, indices: Sequence[int]) -> str:
    """``row 6``, ``rows 2 and 4`` or ``rows 2 to 6`` (1-based)."""
    if len(indices) == 1:
        return f"{kind} {indices[0] + 1}"
    first, last = indices[0], indices[-1]
    if len(indices) > 2 and list(indices) == list(range(first, last + 1)):
        return f"{kind}s {first + 1} to {last + 1}"
    return f"{kind}s " + join_words([str(i + 1) for i in indices])


def _regions_words(board: Board, regions: Sequence[int]) -> str:
    if len(regions) == 1:
        return region_name(board, regions[0])
    names = []
    for k in regions:
        colour = colour_name(board.letters[k])
        names.append(f"{board.letters[k]} ({colour})" if colour else board.letters[k])
    return "regions " + join_words(names)


def placement_kills_words(board: Board, cell: int, killed: Iterable[int]) -> str:
    """Why each cell a queen killed died: ``r1c2 and r1c3 (row 1), r2c2 (touching it)``.

    Each killed cell is put under the first reason that holds: the queen's row, its
    column, its region, or touching it.
    """
    n = board.n
    row, col = divmod(cell, n)
    region = board.cell_region[cell]
    groups: dict[str, list[int]] = {}
    for other in killed:
        r, c = divmod(other, n)
        if r == row:
            reason = f"row {row + 1}"
        elif c == col:
            reason = f"column {col + 1}"
        elif board.cell_region[other] == region:
            reason = f"region {board.letters[region]}"
        else:
            reason = "touching it"
        groups.setdefault(reason, []).append(other)
    order = [
        f"row {row + 1}",
        f"column {col + 1}",
        f"region {board.letters[region]}",
        "touching it",
    ]
    return join_words([f"{cells_words(board, groups[g])} ({g})" for g in order if g in groups])


def _placement_sentence(board: Board, step: Step, unit: str, short: str) -> str:
    cell = step.placed.bit_length() - 1
    label = cell_label(board, cell)
    sentence = f"{label} is the only live cell left in {unit}, so {short} queen must go there."
    killed = list(bits(step.killed))
    if killed:
        sentence += f" The queen rules out {placement_kills_words(board, cell, killed)}."
    else:
        sentence += " Its row, column, region and neighbours hold no other live cell."
    return sentence


def _why(board: Board, step: Step, before: State, rule: Rule | None) -> str | None:
    """One sentence of why, or None when the step's rule or detail is not known here."""
    if board.stars != 1:
        return star_why(board, step, before)
    d = step.detail
    counter = step.counter
    killed = list(bits(step.killed))
    plural = len(killed) > 1

    if counter == SETTLE_COUNTER and len(d) == 2 and d[0] == "queen":
        cell = d[1]
        r, c = divmod(cell, board.n)
        return (
            f"The queen already on {cell_label(board, cell)} rules out the rest of row "
            f"{r + 1}, column {c + 1} and {region_name(board, board.cell_region[cell])}, "
            f"and the cells touching it: {placement_kills_words(board, cell, killed)}."
        )
    if step.placed and len(d) == 2 and d[0] == "region":
        return _placement_sentence(
            board, step, region_name(board, d[1]), f"{region_short(board, d[1])}'s"
        )
    if step.placed and len(d) == 2 and d[0] in ("row", "column"):
        line = line_name(d[0], d[1])
        return _placement_sentence(board, step, line, f"{line}'s")
    if step.placed:
        return None

    if counter == "region_confined_to_line" and len(d) == 4 and d[0] == "region":
        k, line = d[1], line_name(d[2], d[3])
        name = region_short(board, k)
        return (
            f"Every live cell of {region_name(board, k)} lies in {line}, so {name}'s queen "
            f"is {line}'s queen: the other cells of {line} cannot hold a queen."
        )
    if counter == "line_confined_to_region" and len(d) == 4 and d[2] == "region":
        line, k = line_name(d[0], d[1]), d[3]
        name = region_short(board, k)
        return (
            f"Every live cell of {line} lies in {region_name(board, k)}, so {line}'s queen "
            f"is {name}'s queen: {name}'s cells outside {line} cannot hold a queen."
        )
    if counter.startswith("polyomino_") and len(d) == 2 and d[0] == "region":
        k = d[1]
        shape = rule.display_name.split(":", 1)[-1].strip() if rule else counter[10:]
        cells = before.live & board.region_masks[k]
        name = region_short(board, k)
        if plural:
            target = f"each of {cells_words(board, killed)} or touch it, so none of them can"
        else:
            target = f"{cells_words(board, killed)} or touch it, so it cannot"
        return (
            f"The live cells of {region_name(board, k)}, {cells_words(board, bits(cells))}, "
            f"form {_article(shape)} {shape}: wherever {name}'s queen goes among them, it "
            f"would share a row or column with {target} hold a queen."
        )
    if (
        counter == "n_regions_in_n_lines"
        and len(d) == 4
        and d[0] == "regions"
        and d[2] in ("rows", "columns")
    ):
        regions, kind, lines = list(d[1]), d[2][:-1], list(d[3])
        where = _lines_words(kind, lines)
        if len(regions) == 1:
            name = region_short(board, regions[0])
            return (
                f"{_capital(region_name(board, regions[0]))} has live cells only in "
                f"{where}, so {where}'s queen is {name}'s: no other region can have its "
                f"queen in {where}."
            )
        count = len(regions)
        return (
            f"{_capital(_regions_words(board, regions))} have live cells only in "
            f"{where}: these {count} regions need {count} queens there, and {count} "
            f"{kind}s hold exactly {count} queens, so no other region can have its queen "
            f"in these {kind}s."
        )
    if counter == "placement_forces_contradiction" and d and d[0] == "cell":
        return _pfc_sentence(board, before, d)
    return None


def _capital(text: str) -> str:
    """Upper-case the first letter only (str.capitalize would lower the region letters)."""
    return text[:1].upper() + text[1:]


def _article(word: str) -> str:
    """``a`` or ``an`` before a shape name, as it is spoken: "an L-pentomino" (a letter
    name: "el"), "a long-N hexomino", "a U-pentomino" ("you"), "an I-tromino"."""
    if word[1:2] == "-":
        return "an" if word[0].upper() in "AEFHILMNORSX" else "a"
    return "an" if word[:1].lower() in "aeio" else "a"


def _pfc_sentence(board: Board, before: State, d: tuple) -> str:
    cell = d[1]
    label = cell_label(board, cell)
    if len(d) < 6:
        return (
            f"Suppose {label} held a queen: a short burst of the basic rules would then "
            f"reach a contradiction, so {label} cannot hold a queen."
        )
    kind, index, problem, forced = d[2], d[3], d[4], tuple(d[5])
    unit = unit_name(board, kind, index)
    if forced:
        then = (
            f"the basic rules would then place queens on {cells_words(board, forced)}"
            if len(forced) > 1
            else f"the basic rules would then place a queen on {cells_words(board, forced)}"
        )
    else:
        then = ""
    if problem == "two_queens":
        unit_mask = board.unit_mask(kind, index)
        queens = before.queens | (1 << cell)
        for f in forced:
            queens |= 1 << f
        both = cells_words(board, bits(queens & unit_mask))
        end = f"{unit} would hold two queens ({both})"
    else:
        end = f"{unit} would have no cell left for its queen"
        if not forced:
            unit_mask = board.unit_mask(kind, index)
            direct = before.live & unit_mask & ~board.kill_masks[cell] & ~(1 << cell) == 0
            if direct:
                rest = list(bits(before.live & unit_mask & ~(1 << cell)))
                which = (
                    f"the only live cell left in {unit}"
                    if len(rest) == 1
                    else f"all the live cells left in {unit}"
                )
                end = (
                    f"it would rule out {cells_words(board, rest)}, {which}, leaving no cell "
                    f"for its queen"
                )
            else:
                end = (
                    f"the cells it rules out, and what the basic rules then deduce, would "
                    f"leave {unit} with no cell for its queen"
                )
    middle = f"{then}, and {end}" if then else end
    return f"Suppose {label} held a queen: {middle}. So {label} cannot hold a queen."


def explain_steps(
    board: Board,
    steps: Iterable[Step],
    rules: Iterable[Rule] = (),
    start: State | None = None,
) -> list[Explanation]:
    """Every step in words, replaying them from ``start`` (default: the empty board).

    ``rules`` gives the display names (and, for a rule this module has no sentence for,
    the summary used as its why). Raises :class:`ReplayError` if the steps do not fit.
    """
    by_counter: Mapping[str, Rule] = {r.counter: r for r in rules}
    state = State.initial(board) if start is None else start.copy()
    out = []
    for number, step in enumerate(steps, start=1):
        rule = by_counter.get(step.counter)
        why = _why(board, step, state, rule)
        generic = why is None
        if why is None:
            why = rule.summary if rule else f"Rule {step.counter} made this deduction."
        apply_step(board, state, step)
        out.append(
            Explanation(
                number=number,
                counter=step.counter,
                rule=rule.display_name if rule else step.counter,
                placed=step.placed.bit_length() - 1 if step.placed else None,
                killed=tuple(bits(step.killed)),
                why=why,
                generic=generic,
            )
        )
    return out


def format_explanation(
    board: Board, explanation: Explanation, width: int = 88, lead: str | None = None
) -> str:
    """``  3. Rule — headline`` then the why, wrapped and indented under the rule.

    ``lead`` replaces the step number (``Next step: ``); the why is then indented by two.
    """
    prefix = f"{explanation.number:>3}. " if lead is None else lead
    indent = " " * (len(prefix) if lead is None else 2)
    head = f"{prefix}{explanation.rule} — {explanation.headline(board)}"
    head_lines = textwrap.wrap(head, width, subsequent_indent=indent + "  ", break_on_hyphens=False)
    why_lines = textwrap.wrap(
        explanation.why,
        width,
        initial_indent=indent,
        subsequent_indent=indent,
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

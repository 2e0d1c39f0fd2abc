"""Sentences and focus for the steps of the Star Battle rules (K ≥ 2 stars per unit).

Every rule of this package explains its own steps with :func:`star_why` and points at
them with :func:`star_focus`: both look up the type of the step's detail
(:mod:`.details`) and read its fields, with the state before the step. A step whose
detail they do not know gets None (the rule's summary stands in; the hint falls back on
the cells the step changes).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from queens_core import Board, Place, State, Step, bits, cell_label
from queens_core.propagation import QueenKills
from queens_core.words import colour_name, region_name, regions_words, unit_name

from .block_words import blocks_words, count_words
from .details import (
    Blocks,
    Capacity,
    CaseSplit,
    Composite,
    Exclusion,
    Flow,
    Overcount,
    Placements,
    TrialFails,
    Undercount,
    UnitFull,
    UnitNeedsEveryCell,
)
from .refute import Chain, told_case, told_refutation


def _cells(board: Board, cells: Sequence[int] | int) -> str:
    listed = list(bits(cells)) if isinstance(cells, int) else list(cells)
    return " ".join(cell_label(board, c) for c in listed)


def _block_kills(board: Board, part: Sequence[int], killed: Sequence[int] | int) -> str:
    """A 2×2 block's star is one of ``part``'s cells, so ``killed`` (the block's other
    cells, and cells beside it touching every cell of ``part``) holds none."""
    dead = list(bits(killed)) if isinstance(killed, int) else list(killed)
    every = "both" if len(part) == 2 else f"all {count_words(len(part))}"
    if len(dead) == 1:
        return (
            f"one of {_cells(board, part)} holds a star, and {_cells(board, dead)} touches "
            f"{every}, so it cannot hold one."
        )
    return (
        f"one of {_cells(board, part)} holds a star, and each of {_cells(board, dead)} "
        f"touches {every}, so none of these {count_words(len(dead))} can hold one."
    )


def _stars(count: int) -> str:
    return "1 star" if count == 1 else f"{count} stars"


def _need(board: Board, before: State, mask: int, lines: int = 1) -> int:
    return board.stars * lines - (before.queens & mask).bit_count()


def _neighbours(board: Board, step: Step) -> str:
    if not step.killed:
        return ""
    return f" A star rules out its neighbours: {_cells(board, step.killed)}."


def _lines(kind: str, indices: Sequence[int]) -> str:
    first, last = indices[0] + 1, indices[-1] + 1
    return f"{kind[:-1]} {first}" if first == last else f"{kind} {first}–{last}"


def _where(board: Board, where: tuple) -> tuple[str, int, int]:
    """A block group (``("rows", 2)``, ``("region", 3)``, ``("row", 0)``) as words, its
    mask and the number of lines it spans."""
    kind, index = where
    if kind in ("row", "column", "region"):
        return unit_name(board, kind, index), board.unit_mask(kind, index), 1
    masks = board.row_masks if kind == "rows" else board.col_masks
    return f"{kind} {index + 1}–{index + 2}", masks[index] | masks[index + 1], 2


def _neighbour_kill_why(d: QueenKills, step: Step, board: Board, before: State) -> str | None:
    if not step.killed:
        return None
    cell = d.cell
    return (
        f"The star already on {cell_label(board, cell)} rules out the cells touching it: "
        f"{_cells(board, step.killed)}."
    )


def _capital(words: str) -> str:
    return f"{words[0].upper()}{words[1:]}"


def _unit_full_why(d: UnitFull, step: Step, board: Board, before: State) -> str:
    unit = unit_name(board, d.kind, d.which)
    return (
        f"{_capital(unit)} already holds its {_stars(board.stars)}, so its other cells hold none."
    )


def _unit_filled_why(d: UnitNeedsEveryCell, step: Step, board: Board, before: State) -> str | None:
    if not step.placed:
        return None
    unit = unit_name(board, d.kind, d.which)
    mask = board.unit_mask(d.kind, d.which)
    need = _need(board, before, mask)
    live = (before.live & mask).bit_count()
    return (
        f"{_capital(unit)} still needs {_stars(need)} and has {live} live "
        f"cell{'s' if live != 1 else ''} left, so "
        f"{'it holds a star' if live == 1 else 'each of them holds a star'}."
        + _neighbours(board, step)
    )


def _blocks_why(d: Blocks, step: Step, board: Board, before: State) -> str:
    words, mask, lines = _where(board, d.where)
    need = _need(board, before, mask, lines)
    part = list(d.part)
    # One block needed: "the block holds it", not "each block holds exactly one of them".
    holds = (
        ", so that block holds it"
        if need == 1
        else "; a block holds at most one star, so each block holds exactly one of them"
    )
    opening = (
        f"The live cells of {words} fit in {blocks_words(need)}, "
        f"and {words} still need{'s' if lines == 1 else ''} {_stars(need)}{holds}"
    )
    if step.placed:
        block = "in that block" if need == 1 else "in one block"
        return (
            f"{opening}, and {block} {_cells(board, part)} is the only live cell of "
            f"{words}, so it holds a star." + _neighbours(board, step)
        )
    return f"{opening}: {_block_kills(board, part, step.killed)}"


def _undercount_why(d: Undercount, step: Step, board: Board, before: State) -> str:
    regions = regions_words(board, d.regions)
    span = _lines(d.kind, d.lines)
    count = len(d.regions)
    total = _stars(board.stars * count)
    return (
        f"The {regions} lie{'s' if count == 1 else ''} entirely within {span}: "
        f"{'it needs' if count == 1 else 'they need'} {total} there, all the stars "
        f"{span} hold, so no other cell of {span} holds a star."
    )


def _overcount_why(d: Overcount, step: Step, board: Board, before: State) -> str:
    regions = regions_words(board, d.regions)
    span = _lines(d.kind, d.lines)
    count = len(d.regions)
    total = _stars(board.stars * count)
    return (
        f"The live cells of {span} lie only in the {regions}: the {total} of "
        f"{span} are all the stars "
        f"{'that region holds' if count == 1 else 'those regions hold'}, "
        f"so {'its' if count == 1 else 'their'} cells outside {span} hold none."
    )


def _group(board: Board, where: Sequence) -> str:
    return _where(board, tuple(where))[0]


def _exclusion_why(d: Exclusion, step: Step, board: Board, before: State) -> str:
    need, live, where = d.need, d.live, d.where
    label = cell_label(board, d.cell)
    group = _group(board, where)
    plural = where[0] in ("rows", "columns")
    if need < 0:
        broken = f"would put more than {_stars(board.stars * (2 if plural else 1))} in {group}"
    elif live < need:
        broken = (
            f"would leave {group} {live} live cell{'s' if live != 1 else ''} for the "
            f"{_stars(need)} {'they' if plural else 'it'} would still need"
        )
    else:
        cap = d.capacity
        broken = (
            f"would leave the live cells of {group} fitting in {blocks_words(cap)}, too few "
            f"for the {_stars(need)} "
            f"{'they' if plural else 'it'} would still need (a block holds at most one star)"
        )
    return f"A star on {label}, with its neighbours ruled out, {broken}; so {label} holds none."


def _capacity_opening(d: Capacity, board: Board, span: str) -> str:
    """What the regions reaching the lines can put there, and that each puts its bound."""
    total = sum(b for _, b in d.bounds)
    listed = ", ".join(f"{_region_label(board, k)} {b}" for k, b in d.bounds)
    it = "it" if d.first == d.last else "them"
    needs = "needs" if d.first == d.last else "need"
    if d.side == "most":
        return (
            f"{_capital(span)} still {needs} {_stars(total)}, and the regions "
            f"reaching {it} can put at most that many there ({listed}; a region puts no "
            "more than it lacks, nor more than the 2×2 blocks covering its live cells there "
            "can hold), so each puts exactly its most"
        )
    return (
        f"{_capital(span)} still {needs} {_stars(total)}, and the regions "
        f"reaching {it} must put at least that many there ({listed}; what the 2×2 "
        "blocks covering a region's live cells elsewhere cannot hold), so each puts "
        "exactly its least"
    )


def _capacity_why(d: Capacity, step: Step, board: Board, before: State) -> str:
    span = _lines(d.kind, range(d.first, d.last + 1))
    opening = _capacity_opening(d, board, span)
    name = region_name(board, d.region)
    one = step.killed.bit_count() == 1
    if d.what == "outside":
        return (
            f"{opening}: {name} has all its missing stars in {span}, so its other "
            f"{'cell' if one else 'cells'} {_cells(board, step.killed)} "
            f"{'holds' if one else 'hold'} none."
        )
    if d.what == "inside":
        return (
            f"{opening}: {name} puts none there, so {_cells(board, step.killed)} "
            f"{'holds' if one else 'hold'} none."
        )
    return _capacity_blocks_why(step, board, d, opening, span)


def _capacity_blocks_why(step: Step, board: Board, d: Capacity, opening: str, span: str) -> str:
    """A region that puts one star in each 2×2 block covering its cells in (out of) the
    lines: its star in a block of one live cell, or the cells a block's star rules out."""
    where = f"in {span}" if d.what == "in" else f"outside {span}"
    share = dict(d.bounds).get(d.region, 0)
    amount = _stars(share) if d.what == "in" else "the rest of its stars"
    opening = (
        f"{opening}: {region_name(board, d.region)} puts {amount} {where}, one in each 2×2 "
        f"block covering its live cells {where}"
    )
    if step.placed:
        return (
            f"{opening}, and in one block {_cells(board, d.part)} is its only live cell, so "
            "it holds a star." + _neighbours(board, step)
        )
    return f"{opening}: {_block_kills(board, d.part, step.killed)}"


def _placements_why(d: Placements, step: Step, board: Board, before: State) -> str:
    count = d.ways
    group = _group(board, d.where)
    its = "their" if d.where[0] in ("rows", "columns") else "its"
    ways = (
        f"{_capital(group)} can take {its} missing stars in only "
        f"{'one way' if count == 1 else f'{count} ways'} that "
        f"{'keeps' if count == 1 else 'keep'} every row, column and "
        "region able to hold its stars"
    )
    if d.how == "all":
        return (
            f"{ways}, and {_cells(board, step.placed)} is a star in "
            f"{'it' if count == 1 else 'every one'}." + _neighbours(board, step)
        )
    if d.how == "none":
        return (
            f"{ways}; {_cells(board, step.killed)} "
            f"{'is' if step.killed.bit_count() == 1 else 'are'} a star in none of them."
        )
    one = step.killed.bit_count() == 1
    return (
        f"{ways}; {_cells(board, step.killed)} {'touches' if one else 'touch'} a star of "
        f"{'it' if count == 1 else 'every one'}, so {'holds' if one else 'hold'} none."
    )


def _place(where: Sequence) -> Place:
    """A block group as a place: a pair of lines ``("rows", 2)`` is rows 2 and 3."""
    kind, index = where
    if kind in ("rows", "columns"):
        return Place.lines(kind, (index, index + 1))
    return Place.unit(kind, index)


def forced_reason(board: Board, counter: str, detail: Sequence) -> str:
    """Why a trial's propagation put a star on a cell, as a clause."""
    if isinstance(detail, UnitNeedsEveryCell):
        unit = unit_name(board, detail.kind, detail.which)
        return f"{unit} would have no other room for its stars"
    if isinstance(detail, Blocks):
        words = _where(board, tuple(detail.where))[0]
        return (
            f"it would be the last live cell of {words} in a 2×2 block that must hold one of "
            f"{'its' if detail.where[0] in ('row', 'column', 'region') else 'their'} stars"
        )
    return f"by {counter.replace('_', ' ')}"


def empty_reason(board: Board, counter: str, detail: Sequence) -> str:
    """Why a trial's propagation ruled cells out, as a clause."""
    if isinstance(detail, UnitFull):
        unit = unit_name(board, detail.kind, detail.which)
        return f"{unit} would hold its {_stars(board.stars)}"
    if isinstance(detail, Blocks):
        words = _where(board, tuple(detail.where))[0]
        part = _cells(board, detail.part)
        return f"the stars of {words} would fill its 2×2 blocks, one of them on {part}"
    if isinstance(detail, Undercount | Overcount):
        the = "the " if len(detail.regions) > 1 else ""
        regions = f"{the}{regions_words(board, detail.regions)}"
        lines = _lines(detail.kind, detail.lines)
        if isinstance(detail, Undercount):
            return f"{regions} would lie within {lines}"
        return f"{lines} would lie within {regions}"
    if isinstance(detail, Exclusion):
        return f"a star there would leave {_group(board, detail.where)} too little room"
    return f"by {counter.replace('_', ' ')}"


def chain_words(board: Board, forced: Sequence) -> list[str]:
    """A trial's chain, a clause a step: the stars it forces and the cells it rules out,
    each with its reason."""
    said = []
    for cells, counter, why in forced:
        if isinstance(cells, int):
            said.append(
                f"{cell_label(board, cells)} would hold a star "
                f"({forced_reason(board, counter, why)})"
            )
        else:
            verb = "would be empty" if len(cells) == 1 else "would all be empty"
            said.append(f"{_cells(board, cells)} {verb} ({empty_reason(board, counter, why)})")
    return said


#: The refutations told last, oldest first, each under (board, detail, counter, live,
#: queens) by identity and value: a trial step's sentence and its focus tell the same
#: one, and telling it replays its chain (as costly as the trial itself), so the second
#: asks here. An entry holds its board and detail, so their ids name no other object
#: while it is kept; a few entries suffice, as the two ask one after the other.
_TOLD: dict[tuple[int, int, str, int, int], tuple[Board, TrialFails, tuple[str, object, Chain]]]
_TOLD = {}
_TOLD_KEPT = 8
_TOLD_LOCK = threading.Lock()  # the page's server may write sentences in threads


def _told(
    board: Board, before: State, detail: TrialFails, counter: str
) -> tuple[str, object, Chain]:
    """:func:`~.refute.told_refutation`, once for a step told on a state."""
    key = (id(board), id(detail), counter, before.live, before.queens)
    with _TOLD_LOCK:
        kept = _TOLD.get(key)
    if kept is not None and kept[0] is board and kept[1] is detail:
        return kept[2]
    told = told_refutation(board, before, detail, counter)
    with _TOLD_LOCK:
        _TOLD[key] = (board, detail, told)
        while len(_TOLD) > _TOLD_KEPT:
            del _TOLD[next(iter(_TOLD))]
    return told


#: The longest chain a trial's sentence tells step by step.
LONGEST_TOLD = 24


def _trial_why(d: TrialFails, step: Step, board: Board, before: State) -> str:
    cell = cell_label(board, d.cell)
    kind, which, told = _told(board, before, d, step.counter)
    if kind == "count" or not isinstance(which, int):
        failure = f"{which}"
    else:
        failure = f"{unit_name(board, kind, which)} could no longer hold {_stars(board.stars)}"
    if not told:
        return f"Suppose {cell} held a star: then {failure}. So {cell} cannot hold a star."
    if len(told) > LONGEST_TOLD:
        return (
            f"Suppose {cell} held a star: {failure} then, at the end of a chain of "
            f"{len(told)} deductions of the cheap rules, too long to tell here (a what-if "
            f"on {cell} follows it). So {cell} cannot hold a star."
        )
    # The failure first, then the chain that leads there, in order: a long chain is
    # still read against what it is for.
    said = chain_words(board, told)
    chain = said[0] if len(said) == 1 else "; ".join(said[:-1]) + "; and " + said[-1]
    return (
        f"Suppose {cell} held a star: {failure} then, since {chain}. So {cell} cannot hold a star."
    )


def _failure(board: Board, kind: str | None, which: object) -> str:
    """What a supposition broke, as a clause: a unit short of room, or a count."""
    if kind == "count" or not isinstance(which, int) or kind is None:
        return f"{which}"
    return f"{unit_name(board, kind, which)} could no longer hold {_stars(board.stars)}"


def _way(board: Board, placement: Sequence[int]) -> str:
    """The stars of one way: ``r5c1`` or ``r5c1 and r5c6``."""
    labels = [cell_label(board, cell) for cell in placement]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def _case_words(board: Board, case: Sequence) -> str:
    """One case of a split: its stars, the stars they force and how it fails, if it does."""
    placement, forced, kind, _ = case
    said = f"with {_way(board, placement)}"
    chain = chain_words(board, forced)
    if kind is not None:
        chain.append(f"{'then ' if chain else ''}{_failure(board, kind, case[3])}")
    return f"{said}, {'; '.join(chain)}" if chain else said


def _cases_why(d: CaseSplit, step: Step, board: Board, before: State) -> str:
    group = _group(board, d.where)
    its = "their" if d.where[0] in ("rows", "columns") else "its"
    joint = ", or " if any(len(case.placement) > 1 for case in d.cases) else " or "
    ways = joint.join(_way(board, case.placement) for case in d.cases)
    # An impossible case's chain as short as replaying it on the reader's state allows.
    cases = [told_case(board, before, case) for case in d.cases]
    told = [_case_words(board, case) for case in cases if case.kind is not None or case.forced]
    either = "the only ways left" if len(d.cases) > 1 else "the only way left"
    missing = "star" if len(d.cases[0].placement) == 1 else "stars"
    head = f"{_capital(group)} takes {its} missing {missing} on {ways} ({either})"
    body = f": {'; '.join(told)}" if told else ""
    possible = sum(case.kind is None for case in d.cases)
    if step.placed:
        cells = _cells(board, step.placed)
        what = f"{cells} holds a star"
    else:
        cells = _cells(board, step.killed)
        one = step.killed.bit_count() == 1
        what = f"{cells} {'is' if one else 'are'} empty"
    if possible == 1:
        return f"{head}{body}. Only one way is left, and in it {what}."
    return f"{head}{body}. Every way left agrees: {what}."


def _line_set(kind: str, lines: Sequence[int]) -> str:
    """``row 3``, ``rows 3–5`` or ``rows 1, 3 and 6``."""
    if len(lines) == 1 or lines[-1] - lines[0] == len(lines) - 1:
        return _lines(kind, lines)
    listed = [str(line + 1) for line in lines]
    return f"{kind} {', '.join(listed[:-1])} and {listed[-1]}"


def _region_label(board: Board, k: int) -> str:
    """``A (azure)``: a region named in a list after the word "regions"."""
    letter = board.letters[k]
    colour = colour_name(letter)
    return f"{letter} ({colour})" if colour else letter


# -- composite regions ---------------------------------------------------------------------


def composite_span(board: Board, d: Composite) -> tuple[str, str]:
    """The lines of a composite step and its regions, in words."""
    return _lines(d.kind, range(d.first, d.last + 1)), regions_words(board, d.regions)


def _composite_bounds(d: Composite, span: str, names: str, they: str) -> tuple[int, str]:
    """The least the regions put into the lines, and why: from the lines' side (what
    their other cells cannot hold) or the regions' (what their cells elsewhere cannot)."""
    from_lines = d.need_lines - d.room_rest
    from_regions = d.need_regions - d.room_beyond
    need = "needs" if d.first == d.last else "need"
    if from_lines >= from_regions:
        return from_lines, (
            f"{_capital(span)} still {need} {_stars(d.need_lines)}, and {_their(span)} live "
            f"cells outside {names} fit in 2×2 blocks holding at most {d.room_rest} (a block "
            f"holds at most one star), so {they} {_verb(d, 'put')} at least {from_lines} into "
            f"{span}"
        )
    return from_regions, (
        f"{_capital(names)} still {_verb(d, 'need')} {_stars(d.need_regions)}, and "
        f"{_its(d)} live cells outside {span} fit in 2×2 blocks holding at most "
        f"{d.room_beyond} (a block holds at most one star), so {they} {_verb(d, 'put')} at least "
        f"{from_regions} into {span}"
    )


def _verb(d: Composite, verb: str) -> str:
    """``verb`` as the composite's regions take it: "needs" for one region."""
    return verb if len(d.regions) > 1 else f"{verb}s"


def _its(d: Composite) -> str:
    return "their" if len(d.regions) > 1 else "its"


def _they(d: Composite) -> str:
    return "they" if len(d.regions) > 1 else "it"


def _their(span: str) -> str:
    return "its" if span.startswith(("row ", "column ")) else "their"


def _composite_most(d: Composite, span: str) -> tuple[int, str]:
    """The most the regions put into the lines, and why."""
    most = min(d.room_inside, d.need_regions, d.need_lines)
    if most == d.room_inside:
        return most, (f"{_its(d)} live cells in {span} fit in {blocks_words(d.room_inside)}")
    if most == d.need_regions:
        return most, f"that is all {_they(d)} {_verb(d, 'need')}"
    return most, f"that is all {span} {'needs' if d.first == d.last else 'need'}"


def _composite_why(d: Composite, step: Step, board: Board, before: State) -> str:
    span, names = composite_span(board, d)
    one = step.killed.bit_count() == 1
    hold = "holds" if one else "hold"
    if d.what == "beyond":
        _, opening = _composite_bounds(d, span, names, _they(d))
        return (
            f"{opening}: all the {_stars(d.need_regions)} {_they(d)} still "
            f"{_verb(d, 'need')}. So {_its(d)} cells "
            f"outside {span}, {_cells(board, step.killed)}, {hold} none."
        )
    if d.what == "rest":
        _, opening = _composite_bounds(d, span, names, _they(d))
        return (
            f"{opening}: all {span} still {'needs' if d.first == d.last else 'need'}. So the "
            f"other cells of {span}, {_cells(board, step.killed)}, {hold} none."
        )
    if d.what == "inside":
        _, opening = _composite_bounds(d, span, names, _they(d))
        where = f"{_its(d)} live cells in {span}"
        target = f"{opening}, and {where} fit in {blocks_words(d.room_inside)}: one star in each"
    else:
        most, why_most = _composite_most(d, span)
        if d.what == "rest full":
            where = f"the live cells of {span} outside {names}"
            room = d.room_rest
            target = (
                f"{_capital(span)} still {'needs' if d.first == d.last else 'need'} "
                f"{_stars(d.need_lines)}, and {names} put{'' if len(d.regions) > 1 else 's'} "
                f"at most {most} there "
                f"({why_most}), so {where} take at least {room}, as many as the "
                f"{blocks_words(room)} covering them hold: one star in each"
            )
        else:
            where = f"the live cells of {names} outside {span}"
            room = d.room_beyond
            target = (
                f"{_capital(names)} still {_verb(d, 'need')} {_stars(d.need_regions)} and "
                f"put{'' if len(d.regions) > 1 else 's'} at most {most} "
                f"into {span} ({why_most}), so {where} take at least {room}, as many as "
                f"the {blocks_words(room)} covering them hold: one star in each"
            )
    if step.placed:
        return (
            f"{target}, and in one block {_cells(board, d.part)} is the only live cell, so "
            "it holds a star." + _neighbours(board, step)
        )
    return f"{target}: {_block_kills(board, d.part, step.killed)}"


#: Said of the room of a region in lines, wherever a flow sentence counts it.
ROOM = " (room: the stars already there plus the most live cells there no two of which touch)"


class _FlowWords:
    """The words a flow sentence is made of: its group of lines and regions, named, and
    their star totals (``a`` for the lines, ``b`` for the regions)."""

    def __init__(self, board: Board, d: Flow):
        k = board.stars
        self.lines = _line_set(d.kind, d.lines) if d.lines else ""
        self.regions = regions_words(board, d.regions) if d.regions else ""
        self.hold = "holds" if len(d.lines) == 1 else "hold"
        self.rhold = "holds" if len(d.regions) == 1 else "hold"
        self.one_region = len(d.regions) == 1
        self.a, self.b = k * len(d.lines), k * len(d.regions)


def _flow_empty_reason(d: Flow, w: _FlowWords) -> str:
    """Why the region can put no more stars in the line (a step that empties cells)."""
    a, b, amount = w.a, w.b, d.amount
    left = _amount_left(a, b, amount, d.form)
    rest = ": none" if left == 0 else f", the {_stars(left)} already there"
    if d.form == "closed":
        return (
            f"{_capital(w.lines)} {w.hold} {_stars(a)}, and the other "
            f"regions have room for at most {amount} of them there{ROOM}, so "
            f"{w.regions} put{'s' if w.one_region else ''} at least "
            f"{_stars(a - amount)} in {w.lines}; {'it' if w.one_region else 'they'}"
            f" {w.rhold} {_stars(b)} in all, so at most {b - a + amount} outside "
            f"{w.lines}{rest}"
        )
    return (
        f"{_capital(w.regions)} {w.rhold} {_stars(b)} and "
        f"{'has' if w.one_region else 'have'} room for at most {amount} of them "
        f"outside {w.lines}{ROOM}, so at least {b - amount} in {w.lines}; "
        f"{w.lines} {w.hold} {_stars(a)}, so the other regions put at most "
        f"{a - b + amount} there{rest}"
    )


def _flow_fill_reason(d: Flow, w: _FlowWords) -> str:
    """Why the region fills its room in the line (a step that places or kills there)."""
    a, b, amount = w.a, w.b, d.amount
    if d.form == "closed" and not d.regions:
        return (
            f"{_capital(w.lines)} {w.hold} {_stars(a)}, and the regions "
            f"have room for only that many there{ROOM}, so each region fills its room there"
        )
    if d.form == "open" and not d.lines:
        return (
            f"{_capital(w.regions)} {w.rhold} {_stars(b)} and "
            f"{'has' if w.one_region else 'have'} room for only that many{ROOM}, so "
            f"{'it fills its' if w.one_region else 'each fills its'} room in every line"
        )
    if d.form == "closed":
        return (
            f"{_capital(w.regions)} {w.rhold} {_stars(b)}, "
            + (f"at least {amount} of them already outside {w.lines}, " if amount else "")
            + f"so at most {b - amount} in "
            f"{w.lines}; {w.lines} {w.hold} {_stars(a)}, so the other regions put at "
            f"least {a - b + amount} there, all the room they have{ROOM}"
        )
    return (
        f"{_capital(w.lines)} {w.hold} {_stars(a)}, "
        + (f"at least {amount} of them already in other regions, " if amount else "")
        + f"so at most {a - amount} in "
        f"{w.regions}; {'it holds' if w.one_region else 'they hold'} "
        f"{_stars(b)}, so at least {b - a + amount} outside {w.lines}, all the room "
        f"{'it has' if w.one_region else 'they have'} there{ROOM}"
    )


def _flow_why(d: Flow, step: Step, board: Board, before: State) -> str:
    words = _FlowWords(board, d)
    one_line = unit_name(board, d.kind[:-1], d.line)
    name = unit_name(board, "region", d.region)
    one = step.killed.bit_count() == 1
    if d.what == "empty":
        already = (
            f"no more stars in {one_line} than the {_stars(d.share)} already there"
            if d.share
            else f"no star in {one_line}"
        )
        return (
            f"{_flow_empty_reason(d, words)}. So {name} puts {already}: "
            f"{_cells(board, step.killed)} {'holds' if one else 'hold'} none."
        )
    reason = _flow_fill_reason(d, words)
    if not step.placed:
        return (
            f"{reason}. So {name} fills its room in {one_line}, {_stars(d.share)}: half of "
            "each run of touching live cells of even length, and every way to put them "
            f"there touches {_cells(board, step.killed)}, so "
            f"{'it holds' if one else 'they hold'} none."
        )
    return (
        f"{reason}. So {name} fills its room in {one_line}, {_stars(d.share)}: one on every "
        f"other cell of each run of touching live cells of odd length, so "
        f"{_cells(board, step.placed)} holds a star." + _neighbours(board, step)
    )


def _amount_left(a: int, b: int, amount: int, form: str) -> int:
    """What an "empty" step's group leaves for the crossing it empties: b − a + amount
    for a closed group, a − b + amount for an open one."""
    return b - a + amount if form == "closed" else a - b + amount


def _flow_place(d: Flow) -> Place | None:
    """The group the sentence of a flow step starts from: its lines or its regions."""
    if d.what == "empty":
        lines_first = d.form == "closed"
    else:
        lines_first = not d.regions or (d.form == "open" and bool(d.lines))
    if lines_first and d.lines:
        return Place.lines(d.kind, d.lines)
    return Place.regions(d.regions) if d.regions else None


#: The sentence of each kind of step, by the type of its detail: ``why(detail, step,
#: board, before)``.
_WHY: dict[type, Callable[..., str | None]] = {
    QueenKills: _neighbour_kill_why,
    UnitFull: _unit_full_why,
    UnitNeedsEveryCell: _unit_filled_why,
    Blocks: _blocks_why,
    Undercount: _undercount_why,
    Overcount: _overcount_why,
    Exclusion: _exclusion_why,
    Capacity: _capacity_why,
    Placements: _placements_why,
    Flow: _flow_why,
    TrialFails: _trial_why,
    CaseSplit: _cases_why,
    Composite: _composite_why,
}

#: Where each kind of step's sentence looks, by the type of its detail.
_FOCUS: dict[type, Callable[[Any], Place | None]] = {
    QueenKills: lambda d: Place.cell(d.cell),
    UnitFull: lambda d: Place.unit(d.kind, d.which),
    UnitNeedsEveryCell: lambda d: Place.unit(d.kind, d.which),
    Blocks: lambda d: _place(d.where),
    Undercount: lambda d: Place.regions(d.regions),
    Overcount: lambda d: Place.lines(d.kind, d.lines),
    Exclusion: lambda d: _place(d.where),
    Capacity: lambda d: Place.lines(d.kind, range(d.first, d.last + 1)),
    Placements: lambda d: _place(d.where),
    Flow: _flow_place,
    CaseSplit: lambda d: _place(d.where),
    Composite: lambda d: Place.lines(d.kind, range(d.first, d.last + 1)),
}


def star_why(step: Step, board: Board, before: State) -> str | None:
    """One sentence of why for a Star Battle step, or None."""
    why = _WHY.get(type(step.detail))
    return None if why is None else why(step.detail, step, board, before)


def star_focus(step: Step, board: Board, before: State) -> Place | None:
    """Where the sentence of :func:`star_why` looks: the place whose live cells force the
    step (a star's cell for its neighbours, the unit or group of lines the sentence is
    about, the regions an undercount confines, a trial's failing unit)."""
    detail = step.detail
    if isinstance(detail, TrialFails):
        # The unit the sentence names: the refutation told on ``before``.
        kind, which, _ = _told(board, before, detail, step.counter)
        if kind == "count" or not isinstance(which, int):
            return Place.cell(detail.cell)
        return Place(kind, which)
    place = _FOCUS.get(type(detail))
    return None if place is None else place(detail)

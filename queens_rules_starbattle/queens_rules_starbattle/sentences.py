"""Sentences for the steps of the Star Battle rules (K ≥ 2 stars per unit).

Every rule of this package explains its own steps with :func:`star_why` (its ``explain``),
which reads the step's ``detail`` and the state before it. A step it does not know gets
None (the rule's summary stands in).
"""

from __future__ import annotations

from collections.abc import Sequence

from queens_core import Board, State, Step, bits, cell_label
from queens_core.words import colour_name, region_name, regions_words, unit_name


def _cells(board: Board, cells: Sequence[int] | int) -> str:
    listed = list(bits(cells)) if isinstance(cells, int) else list(cells)
    return " ".join(cell_label(board, c) for c in listed)


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


def star_why(step: Step, board: Board, before: State) -> str | None:
    """One sentence of why for a Star Battle step, or None."""
    d = step.detail
    counter = step.counter
    k = board.stars
    if counter == "star_neighbour_kill" and len(d) == 2 and d[0] == "queen" and step.killed:
        return (
            f"The star already on {cell_label(board, d[1])} rules out the cells touching it: "
            f"{_cells(board, step.killed)}."
        )
    if counter == "unit_full" and len(d) == 3 and d[0] == "unit":
        unit = unit_name(board, d[1], d[2])
        return (
            f"{unit[0].upper()}{unit[1:]} already holds its {_stars(k)}, so its other cells "
            "hold none."
        )
    if counter == "unit_exactly_filled" and step.placed and len(d) == 3 and d[0] == "unit":
        unit = unit_name(board, d[1], d[2])
        mask = board.unit_mask(d[1], d[2])
        need = _need(board, before, mask)
        live = (before.live & mask).bit_count()
        return (
            f"{unit[0].upper()}{unit[1:]} still needs {_stars(need)} and has {live} live "
            f"cell{'s' if live != 1 else ''} left, so "
            f"{'it holds a star' if live == 1 else 'each of them holds a star'}."
            + _neighbours(board, step)
        )
    if counter == "two_by_two_blocks" and len(d) == 3 and d[0] == "blocks":
        words, mask, lines = _where(board, d[1])
        need = _need(board, before, mask, lines)
        part = list(d[2])
        opening = (
            f"The live cells of {words} fit in {need} 2×2 block{'s' if need != 1 else ''}, "
            f"and {words} still need{'s' if lines == 1 else ''} {_stars(need)}; a block holds "
            "at most one star, so each block holds exactly one of them"
        )
        if step.placed:
            return (
                f"{opening}, and in one block {_cells(board, part)} is the only live cell of "
                f"{words}, so it holds a star." + _neighbours(board, step)
            )
        return (
            f"{opening}: one of {_cells(board, part)} holds a star, so "
            f"{_cells(board, step.killed)}, in that block or touching all of them, cannot."
        )
    if counter in ("undercounting", "overcounting") and len(d) == 4 and d[0] == "regions":
        regions = regions_words(board, d[1])
        span = _lines(d[2], d[3])
        count = len(d[1])
        total = _stars(k * count)
        if counter == "undercounting":
            return (
                f"The {regions} lie{'s' if count == 1 else ''} entirely within {span}: "
                f"{'it needs' if count == 1 else 'they need'} {total} there, all the stars "
                f"{span} hold, so no other cell of {span} holds a star."
            )
        return (
            f"The live cells of {span} lie only in the {regions}: the {total} of "
            f"{span} are all the stars "
            f"{'that region holds' if count == 1 else 'those regions hold'}, "
            f"so {'its' if count == 1 else 'their'} cells outside {span} hold none."
        )
    if counter == "exclusion" and len(d) == 6 and d[0] == "exclusion":
        return _exclusion_why(board, d)
    if counter == "capacity_counting" and len(d) == 9 and d[0] == "capacity":
        return _capacity_why(board, step, d)
    if counter == "local_enumeration" and len(d) == 4 and d[0] == "placements":
        return _placements_why(board, step, d)
    if counter == "flow_counting" and len(d) == 10 and d[0] == "flow":
        return _flow_why(board, step, d)
    if counter in ("trial_star", "deep_trial") and len(d) == 5 and d[0] == "cell":
        return _trial_why(board, d)
    return None


def _group(board: Board, where: Sequence) -> str:
    return _where(board, tuple(where))[0]


def _exclusion_why(board: Board, d: Sequence) -> str:
    _, cell, where, need, live, cap = d
    label = cell_label(board, cell)
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
        broken = (
            f"would leave the live cells of {group} fitting in {cap} 2×2 "
            f"block{'s' if cap != 1 else ''}, too few for the {_stars(need)} "
            f"{'they' if plural else 'it'} would still need (a block holds at most one star)"
        )
    return f"A star on {label}, with its neighbours ruled out, {broken}; so {label} holds none."


def _capacity_why(board: Board, step: Step, d: Sequence) -> str:
    _, kind, first, last, side, bounds, region, what, part = d
    span = _lines(kind, range(first, last + 1))
    total = sum(b for _, b in bounds)
    listed = ", ".join(f"{_region_label(board, k)} {b}" for k, b in bounds)
    name = region_name(board, region)
    share = dict(bounds).get(region, 0)
    it = "it" if first == last else "them"
    needs = "needs" if first == last else "need"
    if side == "most":
        opening = (
            f"{span[0].upper()}{span[1:]} still {needs} {_stars(total)}, and the regions "
            f"reaching {it} can put at most that many there ({listed}; a region puts no "
            "more than it lacks, nor more than the 2×2 blocks covering its live cells there "
            "can hold), so each puts exactly its most"
        )
    else:
        opening = (
            f"{span[0].upper()}{span[1:]} still {needs} {_stars(total)}, and the regions "
            f"reaching {it} must put at least that many there ({listed}; what the 2×2 "
            "blocks covering a region's live cells elsewhere cannot hold), so each puts "
            "exactly its least"
        )
    one = step.killed.bit_count() == 1
    if what == "outside":
        return (
            f"{opening}: {name} has all its missing stars in {span}, so its other "
            f"{'cell' if one else 'cells'} {_cells(board, step.killed)} "
            f"{'holds' if one else 'hold'} none."
        )
    if what == "inside":
        return (
            f"{opening}: {name} puts none there, so {_cells(board, step.killed)} "
            f"{'holds' if one else 'hold'} none."
        )
    where = f"in {span}" if what == "in" else f"outside {span}"
    count = share if what == "in" else None
    amount = _stars(count) if count is not None else "the rest of its stars"
    opening = (
        f"{opening}: {name} puts {amount} {where}, one in each 2×2 block covering "
        f"its live cells {where}"
    )
    if step.placed:
        return (
            f"{opening}, and in one block {_cells(board, part)} is its only live cell, so "
            "it holds a star." + _neighbours(board, step)
        )
    return (
        f"{opening}: one of {_cells(board, part)} holds a star, so "
        f"{_cells(board, step.killed)}, in that block or touching all of them, cannot."
    )


def _placements_why(board: Board, step: Step, d: Sequence) -> str:
    _, where, count, how = d
    group = _group(board, where)
    its = "their" if where[0] in ("rows", "columns") else "its"
    ways = (
        f"{group[0].upper()}{group[1:]} can take {its} missing stars in only "
        f"{'one way' if count == 1 else f'{count} ways'} that "
        f"{'keeps' if count == 1 else 'keep'} every row, column and "
        "region able to hold its stars"
    )
    if how == "all":
        return (
            f"{ways}, and {_cells(board, step.placed)} is a star in "
            f"{'it' if count == 1 else 'every one'}." + _neighbours(board, step)
        )
    if how == "none":
        return (
            f"{ways}; {_cells(board, step.killed)} "
            f"{'is' if step.killed.bit_count() == 1 else 'are'} a star in none of them."
        )
    one = step.killed.bit_count() == 1
    return (
        f"{ways}; {_cells(board, step.killed)} {'touches' if one else 'touch'} a star of "
        f"{'it' if count == 1 else 'every one'}, so {'holds' if one else 'hold'} none."
    )


def _place(where: Sequence) -> tuple[str, object]:
    """A block group as a focus: a pair of lines ``("rows", 2)`` is rows 2 and 3."""
    kind, index = where
    if kind in ("rows", "columns"):
        return kind, (index, index + 1)
    return kind, index


def star_focus(step: Step, board: Board, before: State) -> tuple[str, object] | None:
    """Where the sentence of :func:`star_why` looks: the place whose live cells force the
    step (a star's cell for its neighbours, the unit or group of lines the sentence is
    about, the regions an undercount confines, a trial's failing unit)."""
    d = step.detail
    counter = step.counter
    if counter == "star_neighbour_kill" and len(d) == 2 and d[0] == "queen":
        return "cell", d[1]
    if counter in ("unit_full", "unit_exactly_filled") and len(d) == 3 and d[0] == "unit":
        return d[1], d[2]
    if counter == "two_by_two_blocks" and len(d) == 3 and d[0] == "blocks":
        return _place(d[1])
    if counter == "undercounting" and len(d) == 4 and d[0] == "regions":
        return "regions", tuple(d[1])
    if counter == "overcounting" and len(d) == 4 and d[0] == "regions":
        return d[2], tuple(d[3])
    if counter == "exclusion" and len(d) == 6 and d[0] == "exclusion":
        return _place(d[2])
    if counter == "capacity_counting" and len(d) == 9 and d[0] == "capacity":
        return d[1], tuple(range(d[2], d[3] + 1))
    if counter == "local_enumeration" and len(d) == 4 and d[0] == "placements":
        return _place(d[1])
    if counter in ("trial_star", "deep_trial") and len(d) == 5 and d[0] == "cell":
        return ("cell", d[1]) if d[2] == "count" else (d[2], d[3])
    if counter == "flow_counting" and len(d) == 10 and d[0] == "flow":
        # The group the sentence of _flow_why starts from: its lines or its regions.
        kind, what, form, lines, regions = d[1], d[4], d[5], d[6], d[7]
        if what == "empty":
            lines_first = form == "closed"
        else:
            lines_first = not regions or (form == "open" and bool(lines))
        if lines_first and lines:
            return kind, tuple(lines)
        return ("regions", tuple(regions)) if regions else None
    return None


def forced_reason(board: Board, counter: str, detail: Sequence) -> str:
    """Why a trial's propagation put a star on a cell, as a clause."""
    if counter == "unit_exactly_filled" and len(detail) == 3:
        unit = unit_name(board, detail[1], detail[2])
        return f"{unit} would have no other room for its stars"
    if counter == "two_by_two_blocks" and len(detail) == 3:
        words = _where(board, tuple(detail[1]))[0]
        return (
            f"it would be the last live cell of {words} in a 2×2 block that must hold one of "
            f"{'its' if detail[1][0] in ('row', 'column', 'region') else 'their'} stars"
        )
    return f"by {counter.replace('_', ' ')}"


def _trial_why(board: Board, d: Sequence) -> str:
    _, trial_cell, kind, index, forced = d
    cell = cell_label(board, trial_cell)
    k = board.stars
    if kind == "count":
        failure = f"{index}"
    else:
        failure = f"{unit_name(board, kind, index)} could no longer hold {_stars(k)}"
    if not forced:
        return f"Suppose {cell} held a star: then {failure}. So {cell} cannot hold a star."
    chain = "; ".join(
        f"{cell_label(board, star)} would hold a star ({forced_reason(board, counter, why)})"
        for star, counter, why in forced
    )
    return f"Suppose {cell} held a star: {chain}; and then {failure}. So {cell} cannot hold a star."


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


def _flow_why(board: Board, step: Step, d: Sequence) -> str:
    _, kind, line, region, what, form, lines, regions, amount, share = d
    k = board.stars
    lines_words = _line_set(kind, lines) if lines else ""
    regions_named = regions_words(board, regions) if regions else ""
    hold = "holds" if len(lines) == 1 else "hold"
    rhold = "holds" if len(regions) == 1 else "hold"
    a, b = k * len(lines), k * len(regions)
    one_line = unit_name(board, kind[:-1], line)
    name = unit_name(board, "region", region)
    room = " (room: the stars already there plus the most live cells there no two of which touch)"
    if what == "empty":
        left = _amount_left(a, b, amount, form)
        rest = ": none" if left == 0 else f", the {_stars(left)} already there"
        if form == "closed":
            reason = (
                f"{lines_words[0].upper()}{lines_words[1:]} {hold} {_stars(a)}, and the other "
                f"regions have room for at most {amount} of them there{room}, so "
                f"{regions_named} put{'s' if len(regions) == 1 else ''} at least "
                f"{_stars(a - amount)} in {lines_words}; {'it' if len(regions) == 1 else 'they'}"
                f" {rhold} {_stars(b)} in all, so at most {b - a + amount} outside "
                f"{lines_words}{rest}"
            )
        else:
            reason = (
                f"{regions_named[0].upper()}{regions_named[1:]} {rhold} {_stars(b)} and "
                f"{'has' if len(regions) == 1 else 'have'} room for at most {amount} of them "
                f"outside {lines_words}{room}, so at least {b - amount} in {lines_words}; "
                f"{lines_words} {hold} {_stars(a)}, so the other regions put at most "
                f"{a - b + amount} there{rest}"
            )
        already = (
            f"no more stars in {one_line} than the {_stars(share)} already there"
            if share
            else f"no star in {one_line}"
        )
        one = step.killed.bit_count() == 1
        return (
            f"{reason}. So {name} puts {already}: "
            f"{_cells(board, step.killed)} {'holds' if one else 'hold'} none."
        )
    if form == "closed" and not regions:
        reason = (
            f"{lines_words[0].upper()}{lines_words[1:]} {hold} {_stars(a)}, and the regions "
            f"have room for only that many there{room}, so each region fills its room there"
        )
    elif form == "open" and not lines:
        reason = (
            f"{regions_named[0].upper()}{regions_named[1:]} {rhold} {_stars(b)} and "
            f"{'has' if len(regions) == 1 else 'have'} room for only that many{room}, so "
            f"{'it fills its' if len(regions) == 1 else 'each fills its'} room in every line"
        )
    elif form == "closed":
        reason = (
            f"{regions_named[0].upper()}{regions_named[1:]} {rhold} {_stars(b)}, "
            + (f"at least {amount} of them already outside {lines_words}, " if amount else "")
            + f"so at most {b - amount} in "
            f"{lines_words}; {lines_words} {hold} {_stars(a)}, so the other regions put at "
            f"least {a - b + amount} there, all the room they have{room}"
        )
    else:
        reason = (
            f"{lines_words[0].upper()}{lines_words[1:]} {hold} {_stars(a)}, "
            + (f"at least {amount} of them already in other regions, " if amount else "")
            + f"so at most {a - amount} in "
            f"{regions_named}; {'it holds' if len(regions) == 1 else 'they hold'} "
            f"{_stars(b)}, so at least {b - a + amount} outside {lines_words}, all the room "
            f"{'it has' if len(regions) == 1 else 'they have'} there{room}"
        )
    if not step.placed:
        one = step.killed.bit_count() == 1
        return (
            f"{reason}. So {name} fills its room in {one_line}, {_stars(share)}: half of each "
            "run of touching live cells of even length, and every way to put them there "
            f"touches {_cells(board, step.killed)}, so {'it holds' if one else 'they hold'} "
            "none."
        )
    return (
        f"{reason}. So {name} fills its room in {one_line}, {_stars(share)}: one on every "
        f"other cell of each run of touching live cells of odd length, so "
        f"{_cells(board, step.placed)} holds a star." + _neighbours(board, step)
    )


def _amount_left(a: int, b: int, amount: int, form: str) -> int:
    """What an "empty" step's group leaves for the crossing it empties: b − a + amount
    for a closed group, a − b + amount for an open one."""
    return b - a + amount if form == "closed" else a - b + amount

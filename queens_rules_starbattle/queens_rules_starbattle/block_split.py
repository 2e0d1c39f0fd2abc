"""Block cases: the case split a person makes on one 2×2 block that must hold a star.

When a row, column, region or pair of adjacent lines fits the m stars it still needs in
m 2×2 blocks, each of those blocks holds exactly one of them (the 2×2 rule's premise). A
block's share of the group is then two to four candidate cells, one of which holds a star,
and that is a case split a person can follow: "rows 3 and 4 put one of their stars on
r3c5, r4c5 or r4c6; with r3c5 …; with r4c5 …; with r4c6 …; every case leaves r5c7 empty".
Each case is followed for a few rounds of the classical deductions, as the case split of
:mod:`.cases` follows a unit's ways; a case that leaves some unit unable to hold its
stars is out, and what every other case agrees on holds.

The 2×2 rule alone draws from such a block only what touches every candidate at once;
here each candidate's consequences a few steps on are compared, which settles the
opening of many boards that publishers label expert, where the 2×2 blocks are plain
but no single argument finishes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from queens_core import (
    Board,
    Context,
    Contradiction,
    Place,
    Scratch,
    State,
    Step,
    bits,
    cell_label,
    pickle_by_tuple_form,
)

from .cases import ROUNDS, Forced, suppose
from .counting import groups
from .deductions import PROPAGATORS, _where_words, window_cover
from .details import Case, Group
from .refute import told_case
from .sentences import _cells, _failure, _place, _where, chain_words

Ctx = Context | Scratch

#: The rule splits on boards up to this size. Above it a position has many more tight
#: blocks and each case's rounds cost more: on the generated 25×25 6★ boards the rule
#: tripled the slowest solve, and it opens none of the public boards of 17×17 and up
#: that the other cheap rules leave.
LARGEST_BOARD = 14


class _BlockCasesFields(NamedTuple):
    tag: str
    where: Group
    block: int
    cases: tuple[Case, ...]


class BlockCases(_BlockCasesFields):
    """``where`` fits its missing stars in as many 2×2 blocks, so the block ``block`` (a
    mask of the grid's 2×2 square, clipped at the border) holds exactly one of them, on
    one of the cells of ``cases`` (a case each, as in :class:`~.details.CaseSplit`); the
    step's cells are what every possible case agrees on
    (``("block cases", where, block, cases)``)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(cls, where: Group, block: int, cases: tuple[Case, ...]) -> BlockCases:
        return tuple.__new__(cls, ("block cases", where, block, cases))


def tight_blocks(board: Board, state: State) -> list[tuple[Group, int, int]]:
    """Every block that holds exactly one star of a group, with two or more candidate
    cells, as (group, block, candidates): the windows of a cover of a group's live cells
    by as many 2×2 blocks as the stars it still needs, in the order of
    :func:`~.counting.groups` (rows, columns, bands, regions). A block that two groups
    share is given once, for the first."""
    n = board.n
    found = []
    seen: set[int] = set()
    for where, mask, lines in groups(board):
        cells = state.live & mask
        need = board.stars * lines - (state.queens & mask).bit_count()
        if need <= 0 or not cells:
            continue
        cover = window_cover(n, cells, need)
        if cover is None or len(cover) != need:
            continue  # room to spare, or too little (the 2×2 rule says so)
        for block in cover:
            part = cells & block
            if part & (part - 1) and part not in seen:
                seen.add(part)
                found.append((where, block, part))
    return found


def block_cases(ctx: Ctx) -> bool:
    """A block that holds exactly one star of a group (:func:`tight_blocks`): each of its
    candidate cells is a case, followed for ROUNDS rounds of the classical deductions; a
    case that leaves some unit unable to hold its stars is impossible, a cell every
    possible case empties is empty, and a cell every one stars is a star. When only one
    case is left, its star alone is put down. The first block that yields something ends
    the call: the cheaper rules take it from there before the next split. The rule waits
    for the classical deductions (a state they still change is theirs first), and boards
    larger than LARGEST_BOARD are left to the other rules.

    Sound: the group needs m stars and its live cells lie in m blocks, a block holding at
    most one star (its cells touch each other), so each block holds exactly one of the
    group's missing stars, on a live cell of the group in it: one of the cases. The
    solution extends that case's state (the classical deductions are sound), so that case
    leaves no unit short and is not among the impossible ones, and what every possible
    case agrees on holds in it. No possible case at all is a contradiction.

    A step's detail is a :class:`BlockCases`: the group, the block and, per case, its
    cell, the stars the deductions forced there and, for an impossible case, the unit it
    left short and the chain that shows it.
    """
    if ctx.board.n > LARGEST_BOARD or _classical_unsettled(ctx.board, ctx.state):
        return False
    return split_blocks(ctx)


def _classical_unsettled(board: Board, state: State) -> bool:
    """Whether a classical deduction still changes ``state`` (or finds it short). The
    driver runs those rules before this one in every pass, so on such a state they change
    its live cells first and this rule is called again on what they leave: splitting
    now would be work thrown away."""
    scratch = Scratch(board, State(state.live, state.queens))
    try:
        return any(propagate(scratch) for propagate in PROPAGATORS)
    except Contradiction:
        return True


def split_blocks(ctx: Ctx) -> bool:
    """:func:`block_cases` on a board of any size."""
    board = ctx.board
    state = ctx.state
    before = State(state.live, state.queens)
    # A cell may be a candidate of several blocks (of its row, its band, its region): on
    # one state its case is the same for each, so it is followed once.
    followed: dict[int, tuple[State, tuple[str, object] | None, Forced]] = {}
    for where, block, part in tight_blocks(board, state):
        cases: list[Case] = []
        empty = stars = before.live
        possible = 0
        for cell in bits(part):
            case = followed.get(cell)
            if case is None:
                case = followed[cell] = suppose(board, before, 1 << cell, ROUNDS, PROPAGATORS)
            after, failure, forced = case
            if failure is None:
                possible += 1
                empty &= ~(after.live | after.queens)
                stars &= after.queens
                cases.append(Case((cell,), forced, None, None))
            else:
                kind, which = failure
                cases.append(Case((cell,), forced, kind, which))
        if not possible:
            raise Contradiction(
                f"{_where_words(board, where)} must put a star on "
                f"{_candidates(board, list(bits(part)))}, and each of them leaves some unit "
                "unable to hold its stars"
            )
        if possible == 1:
            # One case left: its star is the conclusion; the classical rules follow it
            # from there one step at a time, rather than the whole walk at once.
            (survivor,) = (i for i, case in enumerate(cases) if case.kind is None)
            stars = 1 << cases[survivor].placement[0]
            empty = 0
            cases[survivor] = Case(cases[survivor].placement, (), None, None)
        stars &= state.live
        empty &= state.live
        if not empty and not stars:
            continue
        detail = BlockCases(where, block, tuple(cases))
        if empty:
            ctx.kill(empty, detail)
        for cell in bits(stars):
            if state.live >> cell & 1:
                ctx.place(cell, detail)
        return True
    return False


# -- the sentence ----------------------------------------------------------------------------


def _candidates(board: Board, cells: Sequence[int]) -> str:
    """``r3c5``, ``r3c5 or r4c5``, ``r3c5, r4c5 or r4c6``."""
    labels = [cell_label(board, cell) for cell in cells]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]


def block_cases_why(step: Step, board: Board, before: State) -> str | None:
    """The sentence of a block-cases step, told on ``before``: the group and its blocks,
    the block's candidates, each case that says something (an impossible case with its
    chain as short as replaying it on ``before`` allows), and what the cases agree on."""
    d = step.detail
    if not isinstance(d, BlockCases):
        return None
    words, mask, lines = _where(board, d.where)
    need = board.stars * lines - (before.queens & mask).bit_count()
    its, fit = ("their", "fit") if lines > 1 else ("its", "fits")
    head = (
        f"{words[0].upper()}{words[1:]} {fit} {its} {need} missing "
        f"star{'s' if need != 1 else ''} in as many 2×2 blocks, so one of them is on "
        f"{_candidates(board, [case.placement[0] for case in d.cases])}"
    )
    told = []
    for case in d.cases:
        case = told_case(board, before, case)
        chain = chain_words(board, case.forced)
        if case.kind is not None:
            chain.append(f"{'then ' if chain else ''}{_failure(board, case.kind, case.which)}")
        if chain:
            told.append(f"with {cell_label(board, case.placement[0])}, {'; '.join(chain)}")
    body = f": {'; '.join(told)}" if told else ""
    if step.placed:
        what = f"{_cells(board, step.placed)} holds a star"
    else:
        one = step.killed.bit_count() == 1
        what = f"{_cells(board, step.killed)} {'is' if one else 'are'} empty"
    if sum(case.kind is None for case in d.cases) == 1:
        return f"{head}{body}. Only one case is left, and in it {what}."
    return f"{head}{body}. Every case left agrees: {what}."


def block_cases_focus(step: Step, board: Board, before: State) -> Place | None:
    """Where a hint points for a block-cases step: the group whose blocks it splits on."""
    d = step.detail
    return _place(d.where) if isinstance(d, BlockCases) else None

"""A trial's refutation as a person reads it: a chain of named steps, each checked.

A trial (:func:`~.cases.suppose`) keeps, of its propagation, the steps its failure rests
on (:func:`~.cases.needed_steps`). That chain is true but can still be long: a step the
walk needed may be one that another step of the chain makes unnecessary (a unit emptied
by two arguments, where one suffices). :func:`shortest_chain` shortens it by dropping
steps one at a time and keeping a drop when the rest still :func:`replays <replays>`:
from the supposed star, every step, in order, is what its named rule deduces on the
state the chain has reached, and the chain ends in the failure the trial found.

Bounded: at most :data:`REPLAYS` replays a chain, counted rather than timed so that a
sentence is the same on every machine. The kills a trial makes never depend on this:
only what is told is shorter.
"""

from __future__ import annotations

from collections.abc import Sequence

from queens_core import Board, Context, Contradiction, State
from queens_core.board import bits

from .cases import group_mask, suppose
from .counting import capacity_counting, exclusion, verdicts
from .deductions import PROPAGATORS, fill_blocks, short_unit, window_cover
from .details import Blocks, Case, TrialFails, UnitFull, UnitNeedsEveryCell

#: Rounds of propagation after a trial star.
DEPTH = 3
#: Rounds of propagation after a deep trial's star: until nothing changes, in practice.
DEEP_DEPTH = 1000
#: What propagates a deep trial's star: the trial star's deductions, then exclusion and
#: capacity counting (each of which also says when a unit is short).
DEEP_PROPAGATORS = (*PROPAGATORS, exclusion, capacity_counting)
#: The rules a chain may name, by counter: what the trial star and the deep trial run.
PROPAGATE = {rule.__name__: rule for rule in DEEP_PROPAGATORS}
#: Replays one chain's shortening may take: a chain of 25 steps is tried without each
#: of them several times over (a replay costs well under a millisecond).
REPLAYS = 200
#: The longest chain cut at a shortfall (:func:`counted_short`) that is shortened
#: further before it is told.
SHORTENED = 40

Chain = tuple[tuple[int | tuple[int, ...], str, tuple], ...]


def replays(
    board: Board,
    state: State,
    cell: int | Sequence[int],
    chain: Sequence,
    kind: str,
    which: object,
    memo: dict | None = None,
) -> bool:
    """Whether ``chain``, told after "suppose ``cell`` held a star" on ``state``, holds:
    the cell is live (``cell`` may be several cells, a case split's way: each is live
    when its star goes down); each star of the chain is live and each set of cells it
    rules out live, and its named rule, run on the state the chain has reached, deduces
    it; and at the end the unit ``kind`` ``which`` cannot hold its stars (for ``kind``
    "count": some rule finds too little room; :func:`count_told` says which). ``memo``,
    shared by the replays of one chain's shortening, keeps what each rule deduced on
    each state met (the replays of a shortening go through the same states over and
    over); the answer is the same without it."""
    replay = _replayed(board, state, cell, chain, memo)
    if replay is None:
        return False
    if kind == "count":
        return _any_fails(board, replay, memo)
    found = short_unit(board, replay)
    if found == (kind, which):
        return True
    mask = board.unit_mask(kind, int(which))  # type: ignore[call-overload]
    have = (replay.queens & mask).bit_count()
    return have > board.stars or have + (replay.live & mask).bit_count() < board.stars


def count_told(
    board: Board,
    state: State,
    cell: int | Sequence[int],
    chain: Sequence,
    which: object,
    memo: dict | None = None,
) -> object:
    """The shortfall to name for a counting refutation whose ``chain``, after ``cell``'s
    star on ``state``, is to be told: ``which``, the one the walk found, when a rule finds
    it where the chain ends; else the first a rule finds there, in catalog order (a
    chain shortened, or replayed on a later state, may end in another); ``which`` when
    the chain does not replay."""
    replay = _replayed(board, state, cell, chain, memo)
    if replay is None:
        return which
    found = []
    for propagate in PROPAGATE.values():
        try:
            propagate(Context(board, State(replay.live, replay.queens), []))
        except Contradiction as err:
            found.append(str(err))
    return which if which in found or not found else found[0]


def _replayed(
    board: Board,
    state: State,
    cell: int | Sequence[int],
    chain: Sequence,
    memo: dict | None = None,
) -> State | None:
    """The state ``chain`` reaches after ``cell``'s star on ``state``, each step checked
    as :func:`replays` says; None when a step does not hold."""
    replay, held = _replayed_while(board, state, cell, chain, memo)
    return replay if held == len(chain) else None


def _replayed_while(
    board: Board,
    state: State,
    cell: int | Sequence[int],
    chain: Sequence,
    memo: dict | None = None,
) -> tuple[State | None, int]:
    """The state the steps of ``chain`` reach after ``cell``'s star on ``state`` while
    they hold (each checked as :func:`replays` says), and how many held; None for the
    state when a supposed star's cell is not live."""
    if memo is None:
        memo = {}
    replay = State(state.live, state.queens)
    ctx = Context(board, replay, [])
    for supposed in (cell,) if isinstance(cell, int) else cell:
        if not replay.live >> supposed & 1:
            return None, 0
        ctx.place(supposed)
    # The 2×2 argument on a group makes its windows' steps in one go, each window read
    # on the cover found at the start: steps in a row on one group are checked against
    # that one pass, not each against a cover found again after the one before.
    group_pass: tuple[object, State] | None = None
    for held, (cells, counter, why) in enumerate(chain):
        propagate = PROPAGATE.get(counter)
        if propagate is None:
            return replay, held
        if isinstance(cells, int):
            placed, killed = 1 << cells, 0
        else:
            placed, killed = 0, sum(1 << one for one in cells)
        # Cells the chain rules out may be dead already on a later state (not its stars).
        killed &= replay.live
        if placed & ~replay.live:
            return replay, held
        if group_pass is not None and isinstance(why, Blocks) and why.where == group_pass[0]:
            made = group_pass[1]
        elif not placed and not killed:
            group_pass = None
            made = None  # nothing left to check
        elif not isinstance(why, Blocks | UnitFull | UnitNeedsEveryCell):
            # A rule's pass over the whole board, followed only as far as the step.
            if not _holds(board, replay, propagate, placed, killed, memo):
                return replay, held
            group_pass = None
            made = None
        else:
            made = _deduced(board, replay, propagate, why, memo)
            group_pass = (why.where, made) if isinstance(why, Blocks) else None
        if made is not None and (placed & ~made.queens or killed & (made.live | made.queens)):
            return replay, held
        if placed:
            ctx.place(placed.bit_length() - 1)
        else:
            ctx.kill(killed)
    return replay, len(chain)


def _excludes(board: Board, state: State, killed: int) -> bool:
    """Whether exclusion's pass over ``state`` rules out every cell of ``killed``, as the
    rule itself finds it: each live cell in turn, from the lowest, read on the state the
    cells before it left, ruled out when a star there would leave some group near it
    short of room. Followed only up to the last cell of ``killed``, and not at all when a
    star alone already rules each out on ``state`` (the pass meets it with no more live
    cells around, and a group with fewer live cells has no more room)."""
    judge = verdicts(board)
    queens = state.queens
    live = state.live
    if all(judge.afresh(queens, live, one) is not None for one in bits(killed)):
        return True
    last = killed.bit_length() - 1
    for cell in bits(live & ((2 << last) - 1)):
        if judge.verdict(queens, live, cell) is not None:
            live ^= 1 << cell
        elif killed >> cell & 1:
            return False
    return True


def _holds(board: Board, state: State, propagate, placed: int, killed: int, memo: dict) -> bool:
    """Whether ``propagate``'s pass over ``state`` puts down the stars ``placed`` and
    rules out the cells ``killed`` (:func:`_excludes` for exclusion, :func:`_reaches`
    for the others); kept in ``memo``."""
    key = (state.live, state.queens, propagate.__name__, placed, killed)
    found = memo.get(key)
    if found is None:
        if propagate is exclusion and not placed:
            found = _excludes(board, state, killed)
        else:
            found = _reaches(board, state, propagate, placed, killed)
        memo[key] = found
    return found


class _Reached(Exception):
    """A rule's pass has made the step looked for: the rest need not run."""


class _Until(Context):
    """A context that stops a rule's pass (raising :class:`_Reached`) as soon as the
    stars ``placed`` are down and the cells ``killed`` ruled out."""

    __slots__ = ("killed", "placed")

    def __init__(self, board: Board, state: State, placed: int, killed: int):
        super().__init__(board, state, [])
        self.placed = placed
        self.killed = killed

    def place(self, cell: int, detail: tuple = (), counter: str | None = None) -> int:
        found = super().place(cell, detail, counter)
        self._reached()
        return found

    def kill(self, mask: int, detail: tuple = (), counter: str | None = None) -> int:
        found = super().kill(mask, detail, counter)
        self._reached()
        return found

    def _reached(self) -> None:
        state = self.state
        if not self.placed & ~state.queens and not self.killed & (state.live | state.queens):
            raise _Reached


def _reaches(board: Board, state: State, propagate, placed: int, killed: int) -> bool:
    """Whether ``propagate``'s pass over ``state`` puts down the stars ``placed`` and
    rules out the cells ``killed``: what :func:`_deduced` finds, followed only until it
    holds (the rest of the pass only adds to it), or to the end."""
    ctx = _Until(board, State(state.live, state.queens), placed, killed)
    try:
        propagate(ctx)
    except _Reached:
        return True
    except Contradiction:
        pass  # found further on in the same pass: what it deduced first still stands
    copy = ctx.state
    return not placed & ~copy.queens and not killed & (copy.live | copy.queens)


def _deduced(board: Board, state: State, propagate, detail: object, memo: dict) -> State:
    """What ``propagate`` deduces from ``state``: a copy with its stars put down and its
    cells ruled out. A unit's step and a 2×2 step are read on their own unit or group:
    the rule's pass over every one could stop at a shortfall elsewhere, or put down a
    star elsewhere first, that the chain does not rely on. Kept in ``memo`` under the
    state, the rule and what it is read on."""
    if isinstance(detail, Blocks):
        on: object = ("blocks", tuple(detail.where))
    elif isinstance(detail, UnitFull | UnitNeedsEveryCell):
        on = (type(detail).__name__, detail.kind, detail.which)
    else:
        on = None
    key = (state.live, state.queens, propagate.__name__, on)
    made = memo.get(key)
    if made is None:
        made = memo[key] = _deduce(board, state, propagate, detail)
    return made


def _deduce(board: Board, state: State, propagate, detail: object) -> State:
    """:func:`_deduced`, found."""
    copy = State(state.live, state.queens)
    ctx = Context(board, copy, [])
    try:
        if isinstance(detail, Blocks):
            _blocks_of(ctx, detail)
        elif isinstance(detail, UnitFull | UnitNeedsEveryCell):
            _unit_of(ctx, detail)
        else:
            propagate(ctx)
    except Contradiction:
        pass  # found further on in the same pass: what it deduced first still stands
    return copy


def _unit_of(ctx: Context, detail: UnitFull | UnitNeedsEveryCell) -> None:
    """A unit's own argument: one that holds its stars has no other star, one with as
    many live cells as stars to place has a star on each."""
    board = ctx.board
    state = ctx.state
    mask = board.unit_mask(detail.kind, detail.which)
    need = board.stars - (state.queens & mask).bit_count()
    cells = state.live & mask
    if isinstance(detail, UnitFull):
        if need == 0:
            ctx.kill(cells)
    elif cells and cells.bit_count() == need:
        for cell in bits(cells):
            if state.live >> cell & 1:
                ctx.place(cell)


def _blocks_of(ctx: Context, detail: Blocks) -> None:
    """The 2×2 argument on the one group ``detail`` names."""
    board = ctx.board
    state = ctx.state
    where = tuple(detail.where)
    mask = group_mask(board, where)
    lines = 2 if where[0] in ("rows", "columns") else 1
    need = board.stars * lines - (state.queens & mask).bit_count()
    cells = state.live & mask
    if need <= 0 or not cells:
        return
    cover = window_cover(board.n, cells, need)
    if cover is not None and len(cover) == need:
        fill_blocks(ctx, where, mask, cover)


#: The rules asked whether a state fails, the cheapest first (the answer is whether any
#: does; exclusion, the costliest to run, only rules cells out).
_FAILS_ORDER = sorted(PROPAGATE.values(), key=lambda rule: rule is exclusion)


def _any_fails(board: Board, state: State, memo: dict | None) -> bool:
    """Whether some rule finds too little room on ``state`` (kept in ``memo``)."""
    key = (state.live, state.queens, "fails")
    if memo is None or key not in memo:
        found = any(_fails(board, state, propagate) for propagate in _FAILS_ORDER)
        if memo is None:
            return found
        memo[key] = found
    return memo[key]


def _fails(board: Board, state: State, propagate) -> bool:
    try:
        propagate(Context(board, State(state.live, state.queens), []))
    except Contradiction:
        return True
    return False


def shortest_chain(
    board: Board,
    state: State,
    cell: int | Sequence[int],
    chain: Chain,
    kind: str,
    which: object,
    memo: dict | None = None,
) -> Chain:
    """``chain`` with every step dropped that the rest replays without, latest first,
    within :data:`REPLAYS` replays; ``chain`` itself when it does not replay on
    ``state`` (a state other than the one the trial ran on). ``memo``: as
    :func:`replays` takes it, for these replays on ``state`` and others there."""
    if memo is None:
        memo = {}
    if len(chain) < 2 or not replays(board, state, cell, chain, kind, which, memo):
        return chain
    kept = list(chain)
    budget = REPLAYS
    dropped = True
    while dropped and budget:
        # Again after a pass that dropped a step: a step kept for a dropped one may go.
        dropped = False
        index = len(kept) - 1
        while index >= 0 and budget:
            shorter = kept[:index] + kept[index + 1 :]
            budget -= 1
            if replays(board, state, cell, shorter, kind, which, memo):
                kept = shorter
                dropped = True
            index -= 1
    return tuple(kept)


def told_case(board: Board, state: State, case: Case) -> Case:
    """A case of a split as it is told on ``state``, the state the reader sees: an
    impossible case's chain as short as :func:`shortest_chain` makes it (the chain as
    it was found when it does not replay there); a possible case as it is. A case that
    fails a count names the shortfall its told chain reaches (:func:`count_told`)."""
    if case.kind is None:
        return case
    told = shortest_chain(board, state, case.placement, case.forced, case.kind, case.which)
    if case.kind == "count":
        which = count_told(board, state, case.placement, told, case.which)
        return case._replace(forced=told, which=which)
    return case._replace(forced=told)


def counted_short(
    board: Board, state: State, cell: int, chain: Sequence, memo: dict | None = None
) -> Chain | None:
    """The steps of ``chain`` before the first that does not replay after ``cell``'s star
    on ``state``, when a rule finds a shortfall there: a refutation of its own, told where
    the reader meets it. (A step found on the trial's own state, its chain cut down to
    what the failure needs, may meet a rule's pass that stops at a shortfall elsewhere
    before the step's deduction.) None when every step replays, or no rule finds one."""
    replay, held = _replayed_while(board, state, cell, chain, memo)
    if replay is None or held == len(chain):
        return None
    if not _any_fails(board, replay, memo):
        return None
    return tuple(chain[:held])


def told_refutation(
    board: Board, state: State, detail: TrialFails, counter: str
) -> tuple[str, object, Chain]:
    """The refutation to tell for a trial's kill on ``state``, the state the reader
    sees: (kind, which, chain) as in :class:`~.details.TrialFails`, the chain as short
    as :func:`shortest_chain` makes it. The kill's own chain when it replays there;
    else the trial (``counter``'s) run again on ``state``, when it fails there too (the
    rule tried every cell on the state it started from, and a reader meets its kills
    one at a time); else the kill's own chain, as it was found."""
    kind, which, chain = detail.kind, detail.which, detail.forced
    # What each rule deduced on each state met, for every replay here: all are on ``state``.
    memo: dict = {}
    if not replays(board, state, detail.cell, chain, kind, which, memo):
        deep = counter in ("deep_trial", "trial_sweep")
        depth, rules = (DEEP_DEPTH, DEEP_PROPAGATORS) if deep else (DEPTH, PROPAGATORS)
        _, found, again = suppose(board, state, 1 << detail.cell, depth, rules)
        if found is not None and replays(board, state, detail.cell, again, *found, memo):
            (kind, which), chain = found, again
        else:
            cut = counted_short(board, state, detail.cell, chain, memo)
            if cut is None:
                return kind, which, chain
            if len(cut) > SHORTENED:
                # Cut down already, on the trial's state: told up to the shortfall as
                # it is (shortening a chain this long replays it hundreds of times).
                return "count", count_told(board, state, detail.cell, cut, None, memo), cut
            kind, which, chain = "count", None, cut
    told = shortest_chain(board, state, detail.cell, chain, kind, which, memo)
    if kind == "count":
        # The shortfall the told chain reaches, which the sentence names.
        which = count_told(board, state, detail.cell, told, which, memo)
    return kind, which, told

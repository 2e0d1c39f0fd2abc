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

from .cases import ROUNDS, group_mask, suppose
from .counting import capacity, capacity_counting, capacity_counting_on, exclusion, verdicts
from .deductions import PROPAGATORS, fill_blocks, short_unit, window_cover, windows
from .details import (
    Blocks,
    Capacity,
    Case,
    Exclusion,
    TrialFails,
    UnitFull,
    UnitNeedsEveryCell,
)

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
    run_pass: tuple[tuple, tuple] | None = None
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
        if not isinstance(why, Capacity):
            run_pass = None
        if not placed and not killed:
            pass  # nothing left to check
        elif isinstance(why, Blocks):
            # Its own window on its own group, read on the facts told so far (the rule's
            # pass reads each window after what the windows before it found).
            key = (replay.live, replay.queens, "blocks", why, placed, killed)
            found = memo.get(key)
            if found is None:
                found = memo[key] = _blocks_hold(board, replay, why, placed, killed)
            if not found:
                return replay, held
        elif isinstance(why, UnitFull | UnitNeedsEveryCell):
            made = _deduced(board, replay, propagate, why, memo)
            if placed & ~made.queens or killed & (made.live | made.queens):
                return replay, held
        elif isinstance(why, Capacity):
            # Its own run, read on the facts told so far as the rule reads a run; steps
            # in a row on one run are one argument, read on the facts told before the
            # first (a step of it changes the bounds the next would be read on).
            on = (why.kind, why.first, why.last, why.side)
            if run_pass is None or run_pass[0] != on:
                asked = (replay.live, replay.queens, "capacity", on)
                argument = memo.get(asked)
                if argument is None:
                    argument = memo[asked] = _counted_on_run(board, replay, why)
                run_pass = (on, argument)
            if not _among(run_pass[1], why, placed, killed):
                return replay, held
        elif not _holds(board, replay, propagate, placed, killed, why, memo):
            # A rule's pass over the whole board, every part reading the facts told so
            # far, followed only as far as the step.
            return replay, held
        if placed:
            ctx.place(placed.bit_length() - 1)
        else:
            ctx.kill(killed)
    return replay, len(chain)


def _blocks_hold(board: Board, state: State, why: Blocks, placed: int, killed: int) -> bool:
    """Whether the 2×2 step ``why`` holds on ``state``: some window holds every live
    cell of the group it names that it meets among the step's ``part``, and the group's
    other live cells fit in fewer windows than the stars it needs, so one of them is on
    the part; the step puts it down (a part of one cell) or rules out cells of the window
    off the part, and cells touching every cell of the part."""
    where = tuple(why.where)
    mask = group_mask(board, where)
    lines = 2 if where[0] in ("rows", "columns") else 1
    need = board.stars * lines - (state.queens & mask).bit_count()
    cells = state.live & mask
    part = cells & sum(1 << one for one in why.part)
    if need <= 0 or not part or (placed and placed != part):
        return False
    near = state.live & ~part
    for one in bits(part):
        near &= board.kill_masks[one]
    low = part.bit_length() - 1 if placed else (part & -part).bit_length() - 1
    n = board.n
    row, column = divmod(low, n)
    for top in (row - 1, row):
        for left in (column - 1, column):
            if top < 0 or left < 0:
                continue
            window = windows(n)[top * n + left]
            if part & ~window or cells & window & ~part or killed & ~(window & ~part | near):
                continue
            rest = cells & ~window
            if not rest or capacity(n, rest, need) < need:
                return True
    return False


def _counted_on_run(board: Board, state: State, why: Capacity) -> tuple:
    """What capacity counting on the run ``why`` names deduces, read on ``state``: its
    steps as (stars, cells ruled out, detail)."""
    ctx = Context(board, State(state.live, state.queens), [])
    try:
        capacity_counting_on(ctx, why.kind, why.first, why.last)
    except Contradiction:
        pass  # found further on in the run: what it deduced first still stands
    return tuple((step.placed, step.killed, step.detail) for step in ctx.steps)


def _among(made: tuple, why: Capacity, placed: int, killed: int) -> bool:
    """Whether the steps ``made`` put down the stars ``placed`` and rule out the cells
    ``killed`` for the reason ``why`` tells (its bounds aside: the clause does not tell
    them)."""
    for stars, cells, detail in made:
        if _same_reason(detail, why):
            placed &= ~stars
            killed &= ~cells
    return not placed and not killed


def _excludes(board: Board, state: State, killed: int) -> bool:
    """Whether exclusion rules out every cell of ``killed`` on ``state`` itself: a star on
    each would leave some group near it short of room on the facts ``state`` holds. Not
    exclusion's pass, which reads each cell on the state the cells before it left: a
    chain that drops one of those earlier cells would lean on a step it does not tell."""
    verdict = verdicts(board).verdict
    queens = state.queens
    live = state.live
    return all(verdict(queens, live, one) is not None for one in bits(killed))


def _holds(
    board: Board, state: State, propagate, placed: int, killed: int, why: object, memo: dict
) -> bool:
    """Whether ``propagate`` puts down the stars ``placed`` and rules out the cells
    ``killed`` on ``state`` itself, for the reason ``why`` tells (:func:`_excludes` for
    exclusion, whose group :func:`retold` names afresh; :func:`_reaches` for the
    others); kept in ``memo``."""
    key = (state.live, state.queens, propagate.__name__, placed, killed, why)
    found = memo.get(key)
    if found is None:
        if propagate is exclusion and not placed:
            found = _excludes(board, state, killed)
        else:
            found = _reaches(board, state, propagate, placed, killed, why)
        memo[key] = found
    return found


class _Reached(Exception):
    """A rule's pass has made the step looked for: the rest need not run."""


def _same_reason(found: object, told: object) -> bool:
    """Whether a deduction made for the reason ``found`` is one told as ``told``: the
    same, but for a capacity count's bounds, which its clause does not tell."""
    if isinstance(found, Capacity) and isinstance(told, Capacity):
        return found._replace(bounds=()) == told._replace(bounds=())
    return found == told


class _Until(Context):
    """A context that records a rule's deductions made for the reason ``why`` without
    making any, so that every part of the rule's pass reads the state it was given and
    none of what the pass found before (a chain tells only what it tells); it stops the
    pass (raising :class:`_Reached`) as soon as the stars ``placed`` and the cells
    ``killed`` are among what it found."""

    __slots__ = ("found_live", "found_queens", "killed", "placed", "why")

    def __init__(self, board: Board, state: State, placed: int, killed: int, why: object):
        super().__init__(board, state, [])
        self.placed = placed
        self.killed = killed
        self.why = why
        self.found_queens = 0
        self.found_live = 0

    def place(self, cell: int, detail: tuple = (), counter: str | None = None) -> int:
        if _same_reason(detail, self.why):
            self.found_queens |= 1 << cell
            self._reached()
        return self.state.live & self.board.kill_masks[cell]

    def kill(self, mask: int, detail: tuple = (), counter: str | None = None) -> int:
        found = mask & self.state.live & ~self.found_live
        if _same_reason(detail, self.why):
            self.found_live |= found
            self._reached()
        return found

    def _reached(self) -> None:
        if not self.placed & ~self.found_queens and not self.killed & ~self.found_live:
            raise _Reached


def _reaches(board: Board, state: State, propagate, placed: int, killed: int, why: object) -> bool:
    """Whether ``propagate``, each part of its pass reading ``state`` alone, puts down
    the stars ``placed`` and rules out the cells ``killed`` for the reason ``why``;
    followed only until it does, or to the end."""
    ctx = _Until(board, State(state.live, state.queens), placed, killed, why)
    try:
        propagate(ctx)
    except _Reached:
        return True
    except Contradiction:
        pass  # found further on in the same pass: what it deduced first still stands
    return not placed & ~ctx.found_queens and not killed & ~ctx.found_live


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


def retold(board: Board, state: State, cell: int | Sequence[int], chain: Chain) -> Chain:
    """``chain``, told after ``cell``'s star on ``state``, with each step's detail as the
    facts told before it give it: an exclusion step names a group that a star there
    leaves short of room on those facts (the one found in the trial, when it still is),
    with their counts; a 2×2 step names, of its window's cells, those still live. A
    chain that does not replay is returned as it is."""
    replay = State(state.live, state.queens)
    ctx = Context(board, replay, [])
    for supposed in (cell,) if isinstance(cell, int) else cell:
        if not replay.live >> supposed & 1:
            return chain
        ctx.place(supposed)
    judge = verdicts(board)
    out = []
    for cells, counter, why in chain:
        if isinstance(why, Exclusion) and not isinstance(cells, int):
            live = [one for one in cells if replay.live >> one & 1]
            if len(live) == 1:
                one = live[0]
                found = judge.leaves_short(replay.queens, replay.live, one, why.where)
                if found is None:
                    found = judge.verdict(replay.queens, replay.live, one)
                if found is None:
                    return chain
                why = Exclusion(one, *found)
        elif isinstance(why, Blocks) and any(not replay.live >> one & 1 for one in why.part):
            # The window's cells of the group that are still live: those the step is on.
            why = Blocks(why.where, tuple(one for one in why.part if replay.live >> one & 1))
        out.append((cells, counter, why))
        if isinstance(cells, int):
            if not replay.live >> cells & 1:
                return chain
            ctx.place(cells)
        else:
            ctx.kill(sum(1 << one for one in cells))
    return tuple(out)


def told_case(board: Board, state: State, case: Case) -> Case:
    """A case of a split as it is told on ``state``, the state the reader sees: an
    impossible case's chain as short as :func:`shortest_chain` makes it; when it does
    not replay there (the split was found on an earlier state, and a step it took may
    not hold on this one), the case's stars supposed again on ``state``, when they fail
    there by a chain that replays; else the chain as it was found. A possible case as
    it is. A case that fails a count names the shortfall its told chain reaches
    (:func:`count_told`)."""
    if case.kind is None:
        return case
    memo: dict = {}
    placement, forced, kind, which = case.placement, case.forced, case.kind, case.which
    if all(state.live >> cell & 1 for cell in placement) and not replays(
        board, state, placement, forced, kind, which, memo
    ):
        stars = sum(1 << cell for cell in placement)
        _, found, again = suppose(board, state, stars, ROUNDS, PROPAGATORS)
        if found is not None and replays(board, state, placement, again, *found, memo):
            (kind, which), forced = found, again
    told = shortest_chain(board, state, placement, forced, kind, which, memo)
    told = retold(board, state, placement, told)
    if kind == "count":
        which = count_told(board, state, placement, told, which, memo)
    return case._replace(forced=told, kind=kind, which=which)


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
    told = retold(board, state, detail.cell, told)
    if kind == "count":
        # The shortfall the told chain reaches, which the sentence names.
        which = count_told(board, state, detail.cell, told, which, memo)
    return kind, which, told

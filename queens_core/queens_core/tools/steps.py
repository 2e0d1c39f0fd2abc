"""Every step the rules can take from a position, easiest first; the shortest chain of
steps that decides one cell; what a tentative queen leads to.

Steps from a position
---------------------
Each rule (each group of rules that share one call) is called once on its own copy of
the position (:meth:`~queens_core.engine.driver.Solver.each_rule_once`). The first step of
a call is a deduction from the position itself. A later step of the same call may lean on
an earlier one (a queen the rule placed a moment before kills the cell that leaves a
second region with one live cell): it is kept only when the rule is cheap (a trial of the
expensive tier reasons over the whole board) and no earlier step of its call
changed a cell of the place its sentence reasons about (its focus), so that every step
listed is true of the position as the player sees it, and its sentence is written
against that position. The others come back in a later list, once the position has moved
on. The steps are ordered by the rule's rung of the difficulty ladder, then its weight
(how hard one firing is to spot), then as the catalog orders the rules, then as the rule
found them. On a Star Battle board the expensive tier (the trials) is asked only when no
cheap rule has a step, as a solve asks it: a trial's sentence tells a refutation,
seconds of work on a big board, and a cheap step is easier than any trial.

Why a cell
----------
A chain is a list of steps in which each step is one of :func:`steps_now` of the position
reached by the steps before it; it decides a cell when its last step places a queen there
or kills it. :func:`why_cell` looks for the chain with the fewest steps:

1. the hints in a row (the easiest step each time) from the position until one decides
   the cell; nothing decides it when the rules stop before that;
2. those steps are cut down by trying to leave each out, last first, and replaying the
   rest (each step must still be a step of its position): an upper bound, a chain none
   of whose steps can be left out (within :data:`CUT_SECONDS` of CPU time; past it the
   chain is cut as far as it got). First, in one replay, they are thinned to the steps
   the last leans on (:func:`steps_that_matter`) when those still make a chain. A chain
   of more than :data:`CUT_STEPS` steps after that (on a big Star Battle board, where
   each replay is seconds) is given as it is;
3. a breadth-first search over positions, each step of :func:`steps_now` a move, looks
   for a shorter chain, level by level up to one step fewer than that bound, and stops
   after :data:`WHY_NODES` positions. A chain found by the search, or a bound of one
   step, is the shortest there is (``proven``); otherwise the cut-down chain is given
   and said not to be proven shortest.

On a Star Battle board the rules' solve is asked first (:func:`_solve_until`): when more
than :data:`CUT_STEPS` of its steps up to the one that decides the cell lean on each
other, those steps are the chain, given as they are (walking the hints in a row there
calls every easier rule at each of hundreds of steps: seconds). Each is its rule's
deduction from the position the steps before it reach, as ``queens solve --explain``
gives them, though not always one of :func:`steps_now` there; their sentences are
written when they are asked for (:class:`FoundStep`). Otherwise each stage above has
:data:`STAR_SECONDS` there, and the solve's chain is the answer when the walk runs out
of time, or when the chain cut down is not proven shortest and has more steps.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from ..engine.board import Board, bits
from ..engine.driver import Solver, SolveResult
from ..engine.rules import Rule, Step
from ..engine.state import InvalidState, State
from .explain import Explanation, Focus, ReplayError, apply_step, explain_steps, focus_of

#: The positions the search for a shorter chain expands at most (each costs one call of
#: every rule).
WHY_NODES = 300
#: CPU seconds spent leaving steps out of a chain: a long chain on a large Star Battle
#: board replays slowly, and a chain cut short of that is still a chain.
CUT_SECONDS = 3.0
#: CPU seconds each of the hints in a row, their thinning and their cut has on a Star
#: Battle board, where the solve's chain stands by (past the first, it is the answer).
STAR_SECONDS = 1.0
#: The longest chain whose steps are each tried for leaving out (or that is replayed
#: thinned to the steps its last leans on): each try replays the rest, so a longer one
#: (hundreds of steps on a big Star Battle board) is given as it is. A chain this long
#: on a 9×9 to 11×11 board is cut through within :data:`CUT_SECONDS`.
CUT_STEPS = 100
#: The rounds of a what-if's steps that follow from its supposition: a step's round is
#: one more than the latest of the steps it leans on (the supposition's is 0). Past
#: them, on a board the rules solve, the rest of the solution would follow.
WHAT_IF_ROUNDS = 3
#: The longest chain the search tries to shorten: past it, the levels below are more
#: positions than the search may expand.
WHY_DEPTH = 6


#: How a chain was first found: the hints in a row, the easiest step each time.
HINT_WALK = "hints"
#: How a chain was first found: the steps of the rules' solve, in the order it took them
#: (each its rule's deduction from the position the steps before it reach, as
#: ``queens solve --explain`` gives them), when the steps the deciding one leans on
#: are more than :data:`CUT_STEPS`.
SOLVE_WALK = "solve"


def easiness(rule: Rule) -> tuple[int, int, int, int, str]:
    """The order of "easiest first": the rung of the difficulty ladder the rule belongs
    to (a Medium rule before a Hard one), then the weight of one firing within it, then
    the catalog's. The weights are fitted to publishers' grades, rung by rung: a Hard
    rule's small weight (Exclusion's 2) does not make it easier than a Medium rule
    (Unit exactly filled, 12)."""
    return (rule.grade_needed, rule.score_weight, rule.tier_rank, rule.position, rule.counter)


#: What a :class:`FoundStep` field holds once found: its sentence or its focus.
_Found = TypeVar("_Found", Explanation, Focus)


@dataclass(frozen=True)
class FoundStep:
    """One step the rules can take from a position: the step, its rule, its sentence
    (written against that position) and where a hint tells the player to look.

    The sentence and the place may be given as a function that finds them, called the
    first time they are asked for: a long chain on a big Star Battle board has hundreds
    of steps whose sentences (a trial's, a case split's) each replay a refutation, and
    ``queens why`` prints a dozen of them. A broken rule's
    :class:`~queens_core.engine.driver.RuleFailure` is then raised when they are asked
    for."""

    step: Step
    rule: Rule
    sentence: Explanation | Callable[[], Explanation]
    place: Focus | Callable[[], Focus]

    @property
    def explanation(self) -> Explanation:
        return self._found("sentence", Explanation)

    @property
    def focus(self) -> Focus:
        return self._found("place", Focus)

    def _found(self, name: str, kind: type[_Found]) -> _Found:
        """The field ``name``: the ``kind`` it holds, or the one its function finds,
        kept in its place on the first call."""
        value = getattr(self, name)
        if not isinstance(value, kind):
            value = value()
            object.__setattr__(self, name, value)
        return value

    @property
    def order(self) -> tuple[int, int, int, int, str]:
        return easiness(self.rule)


def start_position(board: Board, state: State) -> State:
    """``state`` as the game shows it once its queens are settled: every cell a queen (a
    star) attacks crossed, and on a Star Battle board every other cell of a unit that
    already holds its stars."""
    crossed = state.copy()
    for cell in bits(state.queens):
        crossed.live &= ~board.kill_masks[cell]
    if board.stars > 1:
        stars = board.stars
        for _kind, _index, mask in board.units:
            if (state.queens & mask).bit_count() >= stars:
                crossed.live &= ~mask
    return crossed


def _from_position(board: Board, state: State, rule: Rule, step: Step) -> Step:
    """``step`` as made on ``state``: a placement kills the live cells of its kill list
    there (the rule's own copy may have lost some of them to its earlier steps)."""
    if step.placed:
        cell = step.placed.bit_length() - 1
        return step._replace(killed=state.live & board.kill_masks[cell])
    return step


def _written(
    board: Board, state: State, step: Step, rule: Rule, focus: Focus | None
) -> FoundStep | None:
    """``step`` with its sentence written against ``state`` (and its focus found, when
    not given); None when it does not replay."""
    try:
        explanation = explain_steps(board, [step], [rule], state)[0]
    except ReplayError:
        return None
    if focus is None:
        focus = focus_of(board, step, state, rule)
    return FoundStep(step, rule, explanation, focus)


def _unwritten_steps_of_call(
    board: Board, state: State, by_counter: dict[str, Rule], result: SolveResult
) -> list[tuple[Step, Rule, Focus | None]]:
    """The steps of one call that hold on ``state`` itself, each with its rule and focus
    (None for the first: it is found when the step is written, as a trial's costs as
    much as the trial), their sentences not yet written."""
    found: list[tuple[Step, Rule, Focus | None]] = []
    changed = 0
    # A trial (the expensive tier) reasons over the whole board, so every step of its
    # call after the first may lean on the ones before.
    trial = any(r.tier_rank for r in by_counter.values() if r.counter == result.steps[0].counter)
    for index, raw in enumerate(result.steps):
        rule = by_counter.get(raw.counter)
        if rule is None:
            break
        step = _from_position(board, state, rule, raw)
        if not index:
            changed |= raw.placed | raw.killed
            found.append((step, rule, None))
            continue
        if trial:
            continue
        focus = focus_of(board, step, state, rule)
        if not focus.named_by_rule or focus.cells & changed:
            changed |= raw.placed | raw.killed
            continue
        changed |= raw.placed | raw.killed
        found.append((step, rule, focus))
    return found


def steps_now(
    board: Board, state: State, rules: Iterable[Rule] | Solver, easiest_only: bool = False
) -> list[FoundStep]:
    """Every step the rules can take from ``state`` (taken as it is: settle it with
    :func:`start_position` first), easiest first; on a Star Battle board, the expensive
    tier's only when the cheap tier has none. With ``easiest_only``, the easiest alone
    (the plain hint): the rules that could not beat the easiest step found so far are
    not called."""
    found = _unwritten_now(board, state, rules, easiest_only)
    # The sentences last, and with ``easiest_only`` only the first that replays: one
    # can cost as much as a trial.
    written: list[FoundStep] = []
    for step, rule, focus in found:
        one = _written(board, state, step, rule, focus)
        if one is not None:
            written.append(one)
            if easiest_only:
                break
    return written


def _unwritten_now(
    board: Board, state: State, rules: Iterable[Rule] | Solver, easiest_only: bool = False
) -> list[tuple[Step, Rule, Focus | None]]:
    """The steps of :func:`steps_now`, in its order, their sentences not yet written
    (with ``easiest_only``, those of the rules called, the easiest first)."""
    solver = rules if isinstance(rules, Solver) else Solver(rules)
    solver = solver.for_stars(board.stars)
    found: list[tuple[Step, Rule, Focus | None]] = []
    if easiest_only:
        by_easiness = _by_easiness(solver)
        if not by_easiness:
            problem = state.problem(board)
            if problem is not None:
                raise InvalidState(problem)
        # The groups of rules easiest first, so that the first step found rules out
        # every group after it that cannot beat it. The first group's call checks the
        # state (InvalidState), as every call does: not checked here a second time.
        for least, group in by_easiness:
            if found and least > min(easiness(rule) for _step, rule, _focus in found):
                break
            found.extend(_steps_of_calls(board, state, group))
    elif board.stars > 1:
        # On a Star Battle board the expensive tier (trials over the whole board, whose
        # sentences tell a refutation: seconds on a big board) only when no cheap rule
        # has a step, as in a solve. A Queens board's take milliseconds: all of them.
        found = _steps_of_calls(board, state, solver, solver.cheap)
        if not found:
            found = _steps_of_calls(board, state, solver, solver.expensive)
    else:
        found = _steps_of_calls(board, state, solver)
    found.sort(key=lambda f: easiness(f[1]))  # stable: a rule's steps keep their order
    return found


def _steps_of_calls(
    board: Board, state: State, solver: Solver, groups: Iterable[Any] | None = None
) -> list[tuple[Step, Rule, Focus | None]]:
    """The steps of every call of ``solver``'s rules (of its ``groups`` only, when given)
    on ``state`` that hold there, their sentences not yet written."""
    found: list[tuple[Step, Rule, Focus | None]] = []
    chosen = None if groups is None else {id(group.rules[0]) for group in groups}

    def wanted(rules: tuple[Rule, ...]) -> bool:
        return chosen is None or id(rules[0]) in chosen

    for _group, result in solver.each_rule_once(board, state, wanted):
        if result.problem is not None:
            continue  # a contradiction: the state is wrong, which the callers check first
        found.extend(_unwritten_steps_of_call(board, state, solver.by_counter, result))
    return found


def _by_easiness(solver: Solver) -> list[tuple[tuple[int, int, int, int, str], Solver]]:
    """A solver for each group of ``solver``'s rules (those one call runs), with the
    easiness of its easiest rule, easiest first."""
    cache = solver.__dict__.setdefault("_only_cache", {})
    if "easiness" not in cache:
        groups = [
            (
                min(easiness(r) for r in group.rules),
                Solver(group.rules, solver.time_budget, solver.stars),
            )
            for group in (*solver.cheap, *solver.expensive)
        ]
        cache["easiness"] = sorted(groups, key=lambda pair: pair[0])
    return cache["easiness"]


def decides(step: Step, cell: int) -> bool:
    """Whether ``step`` places a queen on ``cell`` or kills it."""
    return bool((step.placed | step.killed) >> cell & 1)


def replay_chain(
    board: Board,
    state: State,
    solver: Solver,
    chain: Iterable[tuple[str, int, tuple]],
    deadline: float | None = None,
) -> list[FoundStep] | None:
    """Replay a chain given as (counter, placed, detail) from ``state``: each must be a
    step of :func:`steps_now` of the position before it (details compared as their JSON
    form, tuples and lists alike). The steps as made, or None when
    one is not (or, past ``deadline`` in CPU seconds, when the time ran out)."""
    position = state.copy()
    made: list[FoundStep] = []
    for counter, placed, detail in chain:
        rule = solver.by_counter.get(counter)
        if rule is None or (deadline is not None and time.process_time() > deadline):
            return None
        wanted = _nested_lists(detail)
        # Only the step that matches is written: the others' sentences are not needed.
        matches = (
            _written(board, position, *one)
            for one in _unwritten_now(board, position, _only(solver, rule))
            if one[0].placed == placed and _nested_lists(one[0].detail) == wanted
        )
        match = next((written for written in matches if written is not None), None)
        if match is None:
            return None
        made.append(match)
        apply_step(board, position, match.step)
    return made


def _nested_lists(value: object) -> object:
    """A detail with its tuples as lists, as its JSON form has them: a chain read back
    from a document matches the steps made."""
    if isinstance(value, tuple | list):
        return [_nested_lists(v) for v in value]
    return value


def _only(solver: Solver, rule: Rule) -> Solver:
    """A solver of ``rule``'s group alone (its call is the one that made the step)."""
    group = [r for r in solver.rules if r.apply is rule.apply]
    key = ("only", rule.counter)
    cache = solver.__dict__.setdefault("_only_cache", {})
    if key not in cache:
        cache[key] = Solver(group, solver.time_budget, solver.stars)
    return cache[key]


@dataclass(frozen=True)
class WhyChain:
    """The answer of :func:`why_cell`: the chain (empty when nothing decides the cell, or
    when the position decides it already), whether it is proven the shortest, and what
    the cell turns out to be (``queen``, ``cross``, or None: nothing decides it)."""

    cell: int
    chain: tuple[FoundStep, ...]
    outcome: str | None
    proven: bool
    #: The position already decides the cell (a queen, or a cross): no step is needed.
    already: bool = False
    #: Whether every step was tried for leaving out (False: the time ran out first, or
    #: the chain is longer than :data:`CUT_STEPS`).
    cut_through: bool = True
    #: Whether leaving steps out was tried at all (False: a chain longer than
    #: :data:`CUT_STEPS`, given as it was found; a thinned chain is never longer).
    cut_tried: bool = True
    #: How the chain was first found: :data:`HINT_WALK` (the hints in a row) or
    #: :data:`SOLVE_WALK` (the solve's steps, on a big Star Battle board).
    walk: str = HINT_WALK


def why_cell(
    board: Board, state: State, solver: Solver, cell: int, nodes: int = WHY_NODES
) -> WhyChain:
    """The shortest chain of steps from ``state`` (settled) that decides ``cell`` (see
    the module's doc for the search and its bounds)."""
    solver = solver.for_stars(board.stars)
    bit = 1 << cell
    if state.queens & bit or not state.live & bit:
        return WhyChain(cell, (), "queen" if state.queens & bit else "cross", True, already=True)
    solved: list[FoundStep] | None = None
    seconds = CUT_SECONDS
    walk_deadline = None
    if board.stars > 1:
        found = _solve_until(board, state, solver, cell)
        if found is None:
            return WhyChain(cell, (), None, True)
        solved, leaned = found
        if leaned > CUT_STEPS:
            return _solve_chain(cell, solved)
        # The solve's chain stands by: the hints in a row (each a call of every easier
        # rule, trials among them) and the cut are given a second each.
        seconds = STAR_SECONDS
        walk_deadline = time.process_time() + STAR_SECONDS
    try:
        chain = _walk_until(board, state, solver, 1 << cell, walk_deadline)
    except _OutOfTime:
        assert solved is not None
        return _solve_chain(cell, solved)
    if chain is None:
        return WhyChain(cell, (), None, True)
    # One replay of the steps the last leans on often leaves out most of a long walk
    # (those on the far side of the board), before the slower step-by-step cut.
    thinned = _only_what_it_leans_on(board, state, solver, cell, chain, seconds)
    if thinned is not None:
        chain = thinned
    cut_tried = len(chain) <= CUT_STEPS
    cut_through = False
    if cut_tried:
        chain, cut_through = _cut_down(board, state, solver, cell, chain, seconds)
    if len(chain) - 1 <= WHY_DEPTH:
        shorter, complete = _search(board, state, solver, cell, len(chain) - 1, nodes)
    else:
        shorter, complete = None, False
    if shorter is not None:
        chain, proven = shorter, True
    else:
        # No shorter chain within the levels searched: the bound is the shortest when
        # every level below it was searched through.
        proven = complete
    if solved is not None and not proven and len(solved) < len(chain):
        return _solve_chain(cell, solved)  # fewer steps than the hints cut down
    outcome = "queen" if chain[-1].step.placed == bit else "cross"
    return WhyChain(
        cell, tuple(chain), outcome, proven, cut_through=cut_through, cut_tried=cut_tried
    )


def _solve_chain(cell: int, solved: list[FoundStep]) -> WhyChain:
    """The solve's steps up to the one that decides ``cell``, as :func:`why_cell` gives
    them: not cut down, not proven the shortest."""
    outcome = "queen" if solved[-1].step.placed == 1 << cell else "cross"
    return WhyChain(
        cell, tuple(solved), outcome, False, cut_through=False, cut_tried=False, walk=SOLVE_WALK
    )


class _OutOfTime(Exception):
    """The hints in a row took longer than they were given."""


def _solve_until(
    board: Board, state: State, solver: Solver, cell: int
) -> tuple[list[FoundStep], int] | None:
    """On a Star Battle board, the solve's steps from ``state`` up to the one that decides
    ``cell`` (their sentences written when asked for), and how many of them the last
    leans on; None when the solve stops before it decides the cell."""
    result = solver.solve(board, state.copy())
    prefix: list[Step] = []
    for step in result.steps:
        if step.placed | step.killed:
            prefix.append(step)
        if decides(step, cell):
            break
    else:
        return None
    position = state.copy()
    made: list[tuple[Step, Rule, Focus | None]] = []
    befores: list[State] = []
    for step in prefix:
        rule = solver.by_counter[step.counter]
        befores.append(position.copy())
        # A trial reads the whole board (whatever its focus), and where it looks costs
        # as much as telling its refutation: found below, for the steps given.
        focus = None if rule.tier_rank else focus_of(board, step, position, rule)
        made.append((step, rule, focus))
        try:
            apply_step(board, position, step)
        except ReplayError:
            return None  # not a chain from here (a sound driver's steps always are)
    leaned = len(_leaned_on(made))
    # Each sentence (and a trial's place) is written when it is asked for: the text
    # prints a dozen of them.
    written = [
        FoundStep(
            step,
            rule,
            partial(_sentence, board, step, rule, before),
            focus if focus is not None else partial(focus_of, board, step, before, rule),
        )
        for (step, rule, focus), before in zip(made, befores, strict=True)
    ]
    return written, leaned


def _sentence(board: Board, step: Step, rule: Rule, before: State) -> Explanation:
    """``step``'s sentence, written against ``before``."""
    return explain_steps(board, [step], [rule], before)[0]


def _only_what_it_leans_on(
    board: Board,
    state: State,
    solver: Solver,
    cell: int,
    chain: list[FoundStep],
    seconds: float = CUT_SECONDS,
) -> list[FoundStep] | None:
    """The steps of ``chain`` its last leans on (:func:`steps_that_matter`), replayed
    from ``state``, when they are fewer and still a chain that decides ``cell``; else
    None. A rule may read more than the place it names, so the replay decides."""
    kept = steps_that_matter(board, chain)
    if len(kept) == len(chain) or len(kept) > CUT_STEPS:
        return None  # nothing to leave out, or too long to replay in the time
    keys = [
        (chain[i].step.counter, chain[i].step.placed, tuple(chain[i].step.detail)) for i in kept
    ]
    replayed = replay_chain(board, state, solver, keys, time.process_time() + seconds)
    if replayed is None or not decides(replayed[-1].step, cell):
        return None
    return replayed


def _cut_down(
    board: Board,
    state: State,
    solver: Solver,
    cell: int,
    chain: list[FoundStep],
    seconds: float = CUT_SECONDS,
) -> tuple[list[FoundStep], bool]:
    """``chain`` with every step left out, last first, that the rest does without (each
    still a step of its position, the last still deciding ``cell``), within ``seconds``
    of CPU time; and whether every step was tried."""
    keys = [(f.step.counter, f.step.placed, tuple(f.step.detail)) for f in chain]
    deadline = time.process_time() + seconds
    for index in range(len(keys) - 2, -1, -1):
        if time.process_time() > deadline:
            return chain, False  # what is cut so far is the answer
        trial = keys[:index] + keys[index + 1 :]
        replayed = replay_chain(board, state, solver, trial, deadline)
        if replayed is not None and decides(replayed[-1].step, cell):
            keys, chain = trial, replayed
    return chain, time.process_time() <= deadline


def steps_that_matter(board: Board, chain: tuple[FoundStep, ...] | list[FoundStep]) -> list[int]:
    """The indices of the steps of ``chain`` its last step leans on, in order: the last,
    the steps before it that changed a cell it reads, the steps before those that
    changed a cell they read, and so on. A step reads the cells of the place its
    sentence reasons about (its focus); a trial, or a step whose rule names no focus,
    reads the whole board."""
    return _leaned_on([(f.step, f.rule, None if f.rule.tier_rank else f.focus) for f in chain])


def _leaned_on(chain: list[tuple[Step, Rule, Focus | None]]) -> list[int]:
    """:func:`steps_that_matter` of steps given with their rule and focus (None for a
    trial's, which reads the whole board whatever its focus)."""
    needed = 0
    kept: list[int] = []
    for index in range(len(chain) - 1, -1, -1):
        step, rule, focus = chain[index]
        if kept and not (step.placed | step.killed) & needed:
            continue
        kept.append(index)
        if rule.tier_rank or focus is None or not focus.named_by_rule:
            kept.extend(range(index - 1, -1, -1))
            break
        needed |= focus.cells | step.placed
    kept.reverse()
    return kept


def _walk_until(
    board: Board, state: State, solver: Solver, cells: int, deadline: float | None = None
) -> list[FoundStep] | None:
    """The hints in a row (the easiest step each time) from ``state`` until every cell
    of ``cells`` is decided; None when the rules stop first. Raises :class:`_OutOfTime`
    past ``deadline`` (CPU seconds), when given."""
    position = state.copy()
    walk: list[FoundStep] = []
    while cells & position.live:
        if deadline is not None and time.process_time() > deadline:
            raise _OutOfTime
        here = steps_now(board, position, solver, easiest_only=True)
        if not here:
            return None
        walk.append(here[0])
        apply_step(board, position, here[0].step)
    return walk


def _search(
    board: Board, state: State, solver: Solver, cell: int, depth: int, nodes: int
) -> tuple[list[FoundStep] | None, bool]:
    """Breadth-first: the fewest steps (at most ``depth``) that decide ``cell``, with at
    most ``nodes`` positions expanded; and whether every level up to ``depth`` was
    searched through (so that finding nothing proves there is no such chain)."""
    frontier: list[tuple[State, list[FoundStep]]] = [(state, [])]
    seen = {(state.queens, state.live)}
    expanded = 0
    for _level in range(max(depth, 0)):
        following: list[tuple[State, list[FoundStep]]] = []
        for position, path in frontier:
            if expanded >= nodes:
                return None, False
            expanded += 1
            for found in steps_now(board, position, solver):
                if decides(found.step, cell):
                    return [*path, found], True
                after = position.copy()
                apply_step(board, after, found.step)
                key = (after.queens, after.live)
                if key not in seen:
                    seen.add(key)
                    following.append((after, [*path, found]))
        frontier = following
        if not frontier:
            break
    return None, True


@dataclass(frozen=True)
class Trial:
    """What the rules derive from a tentative queen: the steps (from the position with
    the queen), where they end (``after``), and the contradiction if they reach one.
    ``status``: ``contradiction``, ``solved``, ``stalled`` (the rules stop, or nothing
    more follows from the queen) or ``bounded`` (more follows past
    :data:`WHAT_IF_ROUNDS` rounds, without a contradiction)."""

    cell: int
    before: State
    after: State
    steps: tuple[Explanation, ...]
    #: The steps themselves, beside their sentences.
    made: tuple[Step, ...]
    status: str
    problem: str | None
    #: Whether steps the rules take whatever the supposition were left out (then
    #: ``steps`` are those that follow from it).
    left_out: bool = False


def try_queen(board: Board, state: State, solver: Solver, cell: int) -> Trial:
    """Put a tentative queen (star) on ``cell`` of ``state`` (settled) and let the rules
    run to their fixed point from there: what follows from it (:func:`_following`) when
    that reaches no contradiction, every step when the contradiction needs the others.
    The position itself is left as it is."""
    from ..engine.state import InvalidState

    solver = solver.for_stars(board.stars)
    if not state.live & (1 << cell):
        raise ValueError("the cell is not open: a queen is there already, or it is crossed")
    tentative = state.copy()
    tentative.queens |= 1 << cell
    tentative.live &= ~(1 << cell)
    try:
        result = solver.solve(board, tentative.copy())
    except InvalidState as err:
        return Trial(cell, tentative, tentative, (), (), "contradiction", str(err))
    if result.problem is None:
        following = _following(board, tentative, solver, result.steps, 1 << cell)
        if following is not None:
            steps, after, beyond = following
            status = "solved" if after.is_solved(board) else "bounded" if beyond else "stalled"
            explanations = explain_steps(board, steps, solver.rules, tentative)
            return Trial(
                cell, tentative, after, tuple(explanations), tuple(steps), status, None, True
            )
    explanations = explain_steps(board, result.steps, solver.rules, tentative)
    problem = result.problem_after_culprit() if result.problem is not None else None
    return Trial(
        cell,
        tentative,
        result.state,
        tuple(explanations),
        tuple(result.steps),
        str(result.status),
        problem,
    )


def _following(
    board: Board, start: State, solver: Solver, steps: list[Step], supposed: int
) -> tuple[list[Step], State, bool] | None:
    """The steps of a trial that follow from its supposition within
    :data:`WHAT_IF_ROUNDS` rounds, where they lead from ``start``, and whether steps
    that follow were left out past those rounds; None when every step follows within
    them (the trial as it is).

    A step follows when the place its sentence reasons about (its focus) holds a cell
    the supposition or a step that follows changed, and no cell a step left out
    changed: it reasons on the same cells without the steps left out, so its sentence is
    still true there. Its round is one more than the latest round among the steps that
    changed a cell of its focus (the supposition's is 0). A trial's step, or one whose
    rule names no place, reads the whole board: it follows only while no step was left
    out, a round after every step before it. What the rules deduce whatever the
    supposition (on an empty board, most of the solve) is left out, and so is what
    follows only after many rounds (on an empty board, the rest of the solution): the
    answer is what the supposition itself brings about."""
    position = start.copy()
    trial = start.copy()
    kept: list[Step] = []
    # The round in which each cell was changed by the supposition or a step that follows.
    rounds: dict[int, int] = {cell: 0 for cell in bits(supposed)}
    latest = 0
    skipped = 0
    beyond = False
    for step in steps:
        changed = step.placed | step.killed
        if not changed:
            continue
        rule = solver.by_counter.get(step.counter)
        focus = None if rule is None or rule.tier_rank else focus_of(board, step, trial, rule)
        if focus is None or not focus.named_by_rule:
            read = [] if skipped else list(rounds.values())
            follows = not skipped
        else:
            read = [rounds[c] for c in bits(focus.cells) if c in rounds]
            follows = bool(read) and not focus.cells & skipped
        depth = max(read, default=0) + 1
        if follows and depth <= WHAT_IF_ROUNDS:
            made = _from_position(board, position, rule, step) if rule else step
            apply_step(board, position, made)
            kept.append(made)
            latest = max(latest, depth)
            for cell in bits(made.placed | made.killed):
                rounds[cell] = depth
        else:
            beyond = beyond or follows
            skipped |= changed
        apply_step(board, trial, step)
    if not skipped:
        return None
    return kept, position, beyond

"""The context a rule works through, and the step it records.

Glossary
--------
context
    What a rule gets: the board, the state, and the only ways to change the state,
    :meth:`Context.place` and :meth:`Context.kill`, each recorded as a :class:`Step`.
scratch
    A context without a record (:class:`Scratch`), for rules that simulate.
budget
    A rule that bounds its own work (a search under a time or node limit) and stops
    before it has tried everything says so with :meth:`Context.stopped_at_budget`: the
    solve reports it, so a stall after it is not taken for the last word.

Its own module, apart from :mod:`queens_core.engine.rules` (which re-exports every name), so
that the optional compiled build (scripts/build_compiled.py) can compile it: rules call
``place`` and ``kill`` thousands of times a second. :mod:`queens_core.engine.rules` stays
interpreted so that ``Rule.problems()`` can report ill-typed fields.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .board import Board
from .state import State, cell_label

__all__ = ["Context", "Contradiction", "Scratch", "Step", "UnsoundDeduction"]


class Step(NamedTuple):
    """One deduction: ``placed`` is a one-bit mask (or 0), ``killed`` the cells that died.

    ``detail`` says why: a typed named tuple declared by the package whose rule recorded
    the step, one class per kind of reason (``LineConfined(kind="row", line=2,
    region=5)``); a rule written for contract 0.2 gives a plain tuple. Indices are
    0-based. Its tuple form is what ``--format json`` shows.
    """

    counter: str
    placed: int
    killed: int
    detail: tuple = ()


#: Builds a Step from a tuple without the keyword handling of ``Step(...)``, which is a
#: Python function: the context records thousands of steps a second.
_new_step = tuple.__new__


#: What a context enables before the driver names a rule (one empty set for every
#: context: a solve makes one, and a frozenset() call costs more than the name).
_NO_COUNTERS: frozenset[str] = frozenset()


class Contradiction(Exception):
    """The state admits no solution. Rules raise it when they prove so directly."""


class UnsoundDeduction(Exception):
    """A rule did something no sound rule can do (e.g. place a queen on a dead cell)."""


class Context:
    """The only way a rule changes the state: :meth:`place` and :meth:`kill`.

    Every change is recorded as a :class:`Step` attributed to ``counter`` (the rule being
    run) unless the call names another counter of the same group.
    """

    #: ``running``: set by the driver for its own use (the thread's slot of
    #: :mod:`queens_core.engine.supervision`, which names the rule running when time runs out).
    __slots__ = ("board", "budgets", "counter", "enabled", "running", "state", "steps")

    @property
    def cache(self) -> dict[Any, Any]:
        """Scratch space of the rule being run, for what it saw last time: a dict of its
        own (rules sharing one ``apply`` share it), kept with the state and never copied
        with it, so a fresh copy re-examines everything. Keep in it only what lets the
        rule skip work whose answer cannot have changed (live cells never come back)."""
        caches = self.state.caches
        mine = caches.get(self.counter)
        if mine is None:
            mine = caches[self.counter] = {}
        return mine

    def __init__(self, board: Board, state: State, steps: list[Step] | None = None):
        self.board = board
        self.state = state
        self.steps: list[Step] = [] if steps is None else steps
        self.counter = ""
        self.enabled: frozenset[str] = _NO_COUNTERS
        self.running: Any = None
        #: (counter, what was left untried) for every call that stopped at its budget.
        self.budgets: list[tuple[str, str]] = []

    def stopped_at_budget(self, untried: str) -> None:
        """Say that this call stopped at the rule's own budget before it tried everything
        it would; ``untried`` says what, in words a player reads after "stopped at its
        budget: " (e.g. "14 cells were not tried within 2 s"). What the call did still
        counts; the solve reports the budget, in text and JSON, so that a stall is not
        read as the rule's last word."""
        self.budgets.append((self.counter, untried))

    def place(self, cell: int, detail: tuple = (), counter: str | None = None) -> int:
        """Put a queen on a live cell and kill its kill mask at once; return the killed."""
        state = self.state
        bit = 1 << cell
        if not state.live & bit:
            what = "a queen" if state.queens & bit else "a dead cell"
            raise UnsoundDeduction(
                f"placed a queen on {cell_label(self.board, cell)}, which is {what}"
            )
        killed = state.live & self.board.kill_masks[cell]
        state.queens |= bit
        state.live ^= killed | bit
        self.steps.append(_new_step(Step, (counter or self.counter, bit, killed, detail)))
        return killed

    def kill(self, mask: int, detail: tuple = (), counter: str | None = None) -> int:
        """Mark the live cells of ``mask`` dead; return the ones that were live."""
        state = self.state
        killed = mask & state.live
        if killed:
            state.live ^= killed
            self.steps.append(_new_step(Step, (counter or self.counter, 0, killed, detail)))
        return killed


class Scratch:
    """A context without a record, for rules that simulate (placement-forces-contradiction).

    Same ``place`` and ``kill`` as :class:`Context`, minus the bookkeeping; its ``cache``
    lives as long as the simulation, so nothing a rule skips in one trial leaks into
    another.
    """

    __slots__ = ("board", "cache", "kill_masks", "state")

    def __init__(self, board: Board, state: State):
        self.board = board
        self.state = state
        self.kill_masks = board.kill_masks
        self.cache: dict[Any, Any] = {}

    def place(self, cell: int, detail: tuple = (), counter: str | None = None) -> int:
        state = self.state
        killed = state.live & self.kill_masks[cell]
        state.queens |= 1 << cell
        state.live ^= killed | (1 << cell)
        return killed

    def kill(self, mask: int, detail: tuple = (), counter: str | None = None) -> int:
        state = self.state
        killed = mask & state.live
        state.live ^= killed
        return killed

    def stopped_at_budget(self, untried: str) -> None:
        """Nothing to report: a simulation has no solve to tell."""

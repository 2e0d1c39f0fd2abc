"""What the driver does about rules that break the contract in ways a step cannot show.

A rule package is third-party code running in the solver's process. The driver checks
every step it records (:mod:`queens_core.driver`); this module covers the rest, each at a
cost paid once per solve, not once per rule call:

- writing to standard output, where the board goes: for the length of a solve,
  ``sys.stdout`` is a :class:`StdoutGuard` that raises in the solving thread;
- running away: a wall-clock alarm (``SIGALRM``, main thread only) ends the rule that is
  running when the solve's time budget is used up, and names it;
- overwriting another rule's cache entry in ``state.memo``: the memo of a solve is a
  :class:`Memo` that remembers which rule wrote each key first.

Glossary
--------
group
    The rules that share one apply function; the driver calls them at once and the
    first one names the call (:class:`queens_core.driver._Group`).
time budget
    Seconds of wall-clock time one :meth:`Solver.solve <queens_core.driver.Solver.solve>`
    may take before the rule running then is stopped.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from types import FrameType

    from .rules import Context, Rule

#: The per-solve time budget of :class:`~queens_core.driver.Solver`, in seconds. The
#: slowest archive board takes a few milliseconds and a random 32×32 board well under a
#: second: a minute means a rule that does not stop.
TIME_BUDGET = 60.0

#: When the alarm finds the driver between two rules, it tries again this much later.
_RETRY = 0.01


class ContractViolation(Exception):
    """A rule broke the contract of :class:`~queens_core.rules.Context` (the driver can no
    longer trust the record of the solve)."""


class OutOfTime(BaseException):
    """The solve's time budget ran out while ``rule`` was running. A BaseException, so a
    rule's own ``except Exception`` does not swallow it."""

    def __init__(self, rule: Rule, budget: float):
        super().__init__(
            f"it was still running when the solve's time budget ({budget:g} s) ran out"
        )
        self.rule = rule
        self.budget = budget


class StdoutGuard:
    """``sys.stdout`` during a solve: the solving thread may not write; other threads
    write through to the real stream."""

    def __init__(self, stream: TextIO):
        self.stream = stream
        self.thread = threading.get_ident()

    def write(self, text: str) -> int:
        if threading.get_ident() == self.thread:
            shown = text if len(text) <= 40 else text[:37] + "..."
            raise ContractViolation(
                f"it wrote {shown!r} to standard output, where the board is printed"
            )
        return self.stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class Memo(dict):
    """``state.memo`` during a solve: each key belongs to the rule that wrote it first;
    another rule that writes or deletes it is stopped (it would make the owner misbehave
    and be blamed). Reading is a plain dict read."""

    __slots__ = ("ctx", "owners")

    def __init__(self, ctx: Context, entries: dict):
        super().__init__(entries)
        self.ctx = ctx
        # Entries from before the solve belong to nobody: the first writer claims them.
        self.owners: dict[Any, str] = {}

    def _claim(self, key: Any) -> None:
        writer = self.ctx.counter
        owner = self.owners.setdefault(key, writer)
        if owner != writer:
            raise ContractViolation(
                f"it overwrote the state.memo entry {key!r} of rule {owner!r} "
                "(a rule keeps its cache under a key of its own)"
            )

    def __setitem__(self, key: Any, value: Any) -> None:
        self._claim(key)
        super().__setitem__(key, value)

    def __delitem__(self, key: Any) -> None:
        self._claim(key)
        super().__delitem__(key)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self._claim(key)
        return super().setdefault(key, default)

    def pop(self, key: Any, *default: Any) -> Any:
        if key in self:
            self._claim(key)
        return super().pop(key, *default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def clear(self) -> None:
        for key in list(self):
            self._claim(key)
        super().clear()

    def popitem(self) -> tuple[Any, Any]:
        if self:
            self._claim(next(reversed(self)))
        return super().popitem()


def _running_rule(frame: FrameType | None) -> Rule | None:
    """The rule the driver is running, from the stack: the innermost driver frame that
    holds a ``group``. None when the driver is between rules."""
    from . import driver

    while frame is not None:
        code = frame.f_code
        if code.co_filename == driver.__file__ and "group" in code.co_varnames:
            group = frame.f_locals.get("group")
            if group is not None:
                return group.rules[0]
        frame = frame.f_back
    return None


@contextlib.contextmanager
def watch(budget: float | None) -> Iterator[None]:
    """Guard standard output, and arm the time budget, for the length of one solve.

    The alarm is only armed in the main thread, when no other code handles ``SIGALRM``
    and no solve is being watched already (a rule may run a solve of its own).
    """
    stdout = sys.stdout
    guard_output = not isinstance(stdout, StdoutGuard)
    armed = (
        budget is not None
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
        and signal.getsignal(signal.SIGALRM) == signal.SIG_DFL
    )
    if guard_output:
        sys.stdout = StdoutGuard(stdout)
    if armed:
        assert budget is not None

        def on_alarm(_signum: int, frame: FrameType | None) -> None:
            rule = _running_rule(frame)
            if rule is None:
                signal.setitimer(signal.ITIMER_REAL, _RETRY)
                return
            # Again soon, in case the rule catches even a BaseException.
            signal.setitimer(signal.ITIMER_REAL, _RETRY)
            raise OutOfTime(rule, budget)

        signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        yield
    finally:
        if armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
        if guard_output:
            sys.stdout = stdout

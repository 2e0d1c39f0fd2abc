"""What the driver does about rules that break the contract in ways a step cannot show.

A rule package is third-party code running in the solver's process. The driver checks
every step it records (:mod:`queens_core.engine.driver`) and a
:class:`~queens_core.engine.board.Board` is read-only; this module covers the rest, at
a cost paid once per solve, not once per rule call (but for the first write to a
rule's cache, which goes through one Python method):

- writing to standard output, where the board goes: for the length of a solve,
  ``sys.stdout`` is a :class:`StdoutGuard` that raises in the solving thread;
- running away: when a solve outlives its time budget, a watchdog thread raises an
  alarm (``SIGALRM``, delivered in the main thread) that ends the rule then running,
  and names it;
- overwriting another rule's cache: ``state.caches`` (each rule's ``ctx.cache``, keyed by
  its counter) is a :class:`Caches` during a solve, which lets a rule write its own key
  only.

Glossary
--------
group
    The rules that share one apply function; the driver calls them at once and the
    first one names the call (:class:`queens_core.engine.driver._Group`).
time budget
    Seconds of wall-clock time one :meth:`Solver.solve <queens_core.engine.driver.Solver.solve>`
    may take before the rule running then is stopped.
"""

from __future__ import annotations

import _thread
import math
import signal
import sys
import threading
import time
from typing import TYPE_CHECKING, Any, TextIO

from .errors import ContractViolation

if TYPE_CHECKING:
    from types import FrameType

    from .rules import Context, Rule

#: The per-solve time budget of :class:`~queens_core.engine.driver.Solver`, in seconds. The
#: slowest archive board takes a few milliseconds and a random 32×32 board well under a
#: second: a minute means a rule that does not stop.
TIME_BUDGET = 60.0

#: When the alarm finds the driver between two rules, it tries again this much later.
_RETRY = 0.01
#: How often the watchdog looks at the clock when it has nothing closer to wait for.
_IDLE = 0.25

_MAIN_THREAD = threading.main_thread().ident


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


class Caches(dict):
    """``state.caches`` during a solve: the key of each rule's cache is its counter, and
    only that rule (the one the driver is running) may set or delete it; another that
    does would make the owner misbehave and be blamed. Reading is a plain dict read."""

    __slots__ = ("ctx",)

    def __init__(self, ctx: Context, entries: dict):
        super().__init__(entries)
        self.ctx = ctx

    def _check(self, key: Any) -> None:
        if key != self.ctx.counter:
            raise ContractViolation(
                f"it wrote the cache of rule {key!r} in state.caches "
                "(a rule keeps its scratch space in ctx.cache, which is its own)"
            )

    def __setitem__(self, key: Any, value: Any) -> None:
        self._check(key)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: Any) -> None:
        self._check(key)
        dict.__delitem__(self, key)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self._check(key)
        return dict.setdefault(self, key, default)

    def pop(self, key: Any, *default: Any) -> Any:
        if key in self:
            self._check(key)
        return dict.pop(self, key, *default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def clear(self) -> None:
        for key in list(self):
            self._check(key)
        dict.clear(self)

    def popitem(self) -> tuple[Any, Any]:
        if self:
            self._check(next(reversed(self)))
        return dict.popitem(self)


class RunningRule:
    """The rule the driver is running, or None between two rule calls: a slot the
    driver sets before each call and clears after it, for the alarm to read."""

    __slots__ = ("rule",)

    def __init__(self) -> None:
        self.rule: Rule | None = None


#: The one slot of the process (solves run in the main thread, one at a time).
running = RunningRule()


def _on_alarm(_signum: int, frame: FrameType | None) -> None:
    """What the watchdog's alarm does in the main thread: stop the rule that is running
    (nothing when the driver is between two rules: the watchdog tries again soon)."""
    rule = running.rule
    if rule is not None and _watchdog is not None and _watchdog.deadline is not None:
        raise OutOfTime(rule, _watchdog.budget)


class _Watchdog(threading.Thread):
    """A daemon thread that raises the alarm in the main thread when a watched solve
    outlives its deadline. A thread, not a timer signal, so that a solve pays no system
    call: starting the watch is two attribute stores."""

    def __init__(self) -> None:
        super().__init__(name="queens-time-budget", daemon=True)
        self.deadline: float | None = None
        self.budget = TIME_BUDGET

    def run(self) -> None:
        while True:
            deadline = self.deadline
            if deadline is None:
                time.sleep(_IDLE)
                continue
            left = deadline - time.monotonic()
            if left > 0:
                time.sleep(min(left, _IDLE))
            elif self.deadline == deadline and signal.getsignal(signal.SIGALRM) is _on_alarm:
                _thread.interrupt_main(signal.SIGALRM)
                time.sleep(_RETRY)
            else:
                time.sleep(_RETRY)


_watchdog: _Watchdog | None = None


def _start_watchdog() -> _Watchdog | None:
    """The watchdog, started on first use; None where it cannot work (no SIGALRM, or
    another handler owns it)."""
    global _watchdog
    if _watchdog is None:
        if not hasattr(signal, "SIGALRM") or signal.getsignal(signal.SIGALRM) != signal.SIG_DFL:
            return None
        signal.signal(signal.SIGALRM, _on_alarm)
        _watchdog = _Watchdog()
        _watchdog.start()
    return _watchdog


class watch:
    """Guard standard output, and start the time budget, for the length of one solve.

    Cheap on purpose (it wraps every solve). The budget is kept only in the main thread
    (where the alarm can be raised) and only for the outermost solve (a rule may run a
    solve of its own).
    """

    __slots__ = ("armed", "budget", "stdout")

    def __init__(self, budget: float | None):
        self.budget = budget
        self.armed = False
        self.stdout: TextIO | None = None

    def __enter__(self) -> None:
        stdout = sys.stdout
        # None: Python started without standard output; print() then writes nothing, and
        # self.stdout None could not tell __exit__ to put it back.
        if stdout is not None and not isinstance(stdout, StdoutGuard):
            self.stdout = stdout
            sys.stdout = StdoutGuard(stdout)
        budget = self.budget
        if budget is None or budget == math.inf or threading.get_ident() != _MAIN_THREAD:
            return
        dog = _watchdog or _start_watchdog()
        if dog is None or dog.deadline is not None:
            return
        dog.budget = budget
        dog.deadline = time.monotonic() + budget
        self.armed = True

    def __exit__(self, *exc: object) -> None:
        if self.armed:
            assert _watchdog is not None
            _watchdog.deadline = None
        if self.stdout is not None:
            sys.stdout = self.stdout

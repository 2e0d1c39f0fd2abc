"""What the core does about plugin code that breaks its contract in ways a result cannot show.

A rule package, a reader package and a command package are third-party code running in
the ``queens`` process. The driver checks every step a rule records
(:mod:`queens_core.engine.driver`) and a :class:`~queens_core.engine.board.Board` is
read-only; this module covers the rest, at a cost paid once per solve (or per call of a
reader, or per package loaded), not once per rule call (but for the first write to a
rule's cache, which goes through one Python method):

- writing to standard output, where the board goes, or to standard error, where
  ``queens`` reports: while plugin code runs, ``sys.stdout`` and ``sys.stderr`` are
  :class:`StreamGuard` objects that raise in the thread running it;
- running away: when plugin code outlives its time budget (:data:`TIME_BUDGET` for a
  solve, :data:`PLUGIN_BUDGET` for loading a package or reading a board,
  :data:`SNIFF_BUDGET` for a reader's sniff), a watchdog thread raises an alarm
  (``SIGALRM``, delivered in the main thread) that ends the plugin code then running,
  and names it;
- not stopping: the alarm is an exception, which plugin code can catch and ignore, and is
  delivered between two bytecodes only. When the culprit is still running
  :data:`GRACE` seconds after its budget ran out, the watchdog writes one line naming it
  on standard error and ends the process at once with status 3 (4 while a package
  loads). A call into C code that never lets go of the interpreter lock
  (``sum(range(10**12))``) stops every Python thread, the watchdog too: for that case
  Python's fault handler is kept armed (:data:`STARVED`), and ends the process with the
  Python stack of the stuck call and status 1 when no Python thread has run for that
  long;
- raising ``KeyboardInterrupt`` or ``SystemExit``: the callers report those as the
  plugin's failure, unless the user pressed Ctrl-C (:func:`user_interrupted`);
- overwriting another rule's cache: ``state.caches`` (each rule's ``ctx.cache``, keyed by
  its counter) is a :class:`Caches` during a solve, which lets a rule write its own key
  only.

Writes straight to file descriptors 1 and 2 (``os.write(1, ...)``, a C library's
``printf``) are not intercepted. Moving the descriptors aside around each solve costs
some 8 µs (flushes and six system calls), about 3% of a typical archive solve, and
would still not say which rule wrote: that takes a check after every rule call, and
C's own buffered output reaches the descriptor only when the C library flushes it,
long after the call that wrote it may have returned.

Glossary
--------
group
    The rules that share one apply function; the driver calls them at once and the
    first one names the call (:class:`queens_core.engine.driver._Group`).
time budget
    Seconds of wall-clock time one watched stretch of plugin code may take (a whole
    :meth:`Solver.solve <queens_core.engine.driver.Solver.solve>`, one reader call, the
    loading of one package) before the plugin code running then is stopped.
culprit
    What is running when the budget runs out: a :class:`~queens_core.engine.rules.Rule`
    (during a solve), or anything with a ``describe()`` naming it (a reader), or the
    text that names it (a package being loaded).
"""

from __future__ import annotations

import _thread
import math
import os
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
#: The budget of one call of other plugin code: a reader's ``read`` (a screenshot takes
#: well under a second) and the loading of one package (its import and its hook).
PLUGIN_BUDGET = 60.0
#: The budget of one reader's ``sniff``, which must be cheap: it looks at every input
#: that no suffix decides (standard input) before the reader is chosen.
SNIFF_BUDGET = 10.0
#: Seconds the culprit has, after its budget ran out, to stop before the process ends.
GRACE = 10.0
#: How long no Python thread may run (the watchdog included) before the fault handler
#: ends the process: the longest budget, its grace and some margin.
STARVED = max(TIME_BUDGET, PLUGIN_BUDGET) + GRACE + 20.0

#: The statuses the hard stop ends the process with: the command line's "a rule failed"
#: (plugin code failing at work) and "a rule package failed to load" (while loading).
#: Here, not imported: the engine imports no other layer.
STATUS_AT_WORK = 3
STATUS_LOADING = 4

#: When the alarm finds the driver between two rules, it tries again this much later.
_RETRY = 0.01
#: How often the watchdog looks at the clock when it has nothing closer to wait for.
_IDLE = 0.25

_MAIN_THREAD = threading.main_thread().ident


class OutOfTime(BaseException):
    """The time budget ran out while ``culprit`` was running (``rule``: the same, for a
    rule's budget). A BaseException, so plugin code's own ``except Exception`` does not
    swallow it."""

    def __init__(self, culprit: Any, budget: float, what: str = "the solve's time budget"):
        super().__init__(f"it was still running when {what} ({budget:g} s) ran out")
        self.rule = culprit
        self.culprit = culprit
        self.budget = budget
        self.what = what

    def __reduce__(self) -> tuple[type[OutOfTime], tuple[Any, float, str]]:
        # Sent back whole from a worker of ``generate --jobs``.
        return OutOfTime, (self.culprit, self.budget, self.what)


class StreamGuard:
    """``sys.stdout`` or ``sys.stderr`` while plugin code runs: the thread running it may
    not write (the stream is the command's: the board, the error lines); other threads
    write through to the real stream."""

    def __init__(self, stream: TextIO, where: str = "standard output, where the board is printed"):
        self.stream = stream
        self.where = where
        self.thread = threading.get_ident()

    def write(self, text: str) -> int:
        if threading.get_ident() == self.thread and not _from_warnings(self):
            shown = text if len(text) <= 40 else text[:37] + "..."
            raise ContractViolation(f"it wrote {shown!r} to {self.where}")
        return self.stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


STDERR_WHERE = "standard error, where queens reports"


def _from_warnings(guard: StreamGuard) -> bool:
    """Whether the write to standard error being made comes from the ``warnings``
    module: a library's warning (a deprecation seen while a package imports) is Python's
    own channel, which the user controls (``-W``, ``PYTHONWARNINGS``), not plugin noise."""
    if guard.where != STDERR_WHERE:
        return False
    caller = sys._getframe(2)
    return caller.f_globals.get("__name__") == "warnings"


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
    """What plugin code is running, for the alarm to read: ``rule``, the rule the driver
    is running (None between two rule calls: a slot the driver sets before each call and
    clears after it), or ``other``, the culprit of other watched plugin code."""

    __slots__ = ("other", "rule")

    def __init__(self) -> None:
        self.rule: Rule | None = None
        self.other: Any = None

    def culprit(self) -> Any:
        return self.rule if self.rule is not None else self.other


#: The one slot of the process (watched plugin code runs in the main thread, one at a time).
running = RunningRule()


def describe(culprit: Any) -> str:
    """How a line names the culprit: its ``describe()``, or itself when it is text."""
    describe_it = getattr(culprit, "describe", None)
    return describe_it() if callable(describe_it) else str(culprit)


def _on_alarm(_signum: int, frame: FrameType | None) -> None:
    """What the watchdog's alarm does in the main thread: stop the plugin code that is
    running (nothing when the driver is between two rules: the watchdog tries again
    soon)."""
    culprit = running.culprit()
    dog = _watchdog
    if culprit is not None and dog is not None and dog.deadline is not None:
        raise OutOfTime(culprit, dog.budget, dog.what)


class _Watchdog(threading.Thread):
    """A daemon thread that raises the alarm in the main thread when watched plugin code
    outlives its deadline, and ends the process when it outlives the deadline plus
    :data:`GRACE`. A thread, not a timer signal, so that a solve pays no system call:
    starting the watch is a few attribute stores."""

    def __init__(self) -> None:
        super().__init__(name="queens-time-budget", daemon=True)
        self.deadline: float | None = None
        self.budget = TIME_BUDGET
        self.what = "the solve's time budget"
        self.status = STATUS_AT_WORK
        #: When the fault handler was last armed (see :data:`STARVED`).
        self.armed_at = -math.inf

    def run(self) -> None:
        while True:
            self._keep_fault_handler_armed()
            deadline = self.deadline
            if deadline is None:
                time.sleep(_IDLE)
                continue
            left = deadline - time.monotonic()
            if left > 0:
                time.sleep(min(left, _IDLE))
            elif self.deadline != deadline or signal.getsignal(signal.SIGALRM) is not _on_alarm:
                time.sleep(_RETRY)
            elif -left >= GRACE and (culprit := running.culprit()) is not None:
                _hard_stop(culprit, self)
            else:
                _thread.interrupt_main(signal.SIGALRM)
                time.sleep(_RETRY)

    def _keep_fault_handler_armed(self) -> None:
        """Push the fault handler's deadline :data:`STARVED` seconds ahead, every few
        seconds (arming it starts a thread, some 0.5 ms): it fires only when this thread
        has not run for that long, which only a call holding the interpreter lock does."""
        now = time.monotonic()
        if now - self.armed_at < min(5.0, STARVED / 4):
            return
        import faulthandler

        with _arming:
            try:
                faulthandler.dump_traceback_later(STARVED, exit=True, file=_ERROR_FD)
            except (OSError, ValueError, RuntimeError):  # no standard error to write to
                return
            self.armed_at = now


#: Held while the fault handler is armed or disarmed, and across a fork: the fault
#: handler's own thread does not come along into the child, which would then wait for
#: ever for it to stop when arming it again. So it is disarmed before a fork, and armed
#: again after it, in the parent (at the watchdog's next look) and in the child (by its
#: own watchdog).
_arming = threading.Lock()


#: Where the hard stop writes: the process's standard error, whatever ``sys.stderr`` is.
_ERROR_FD = 2


def _hard_stop(culprit: Any, dog: _Watchdog) -> None:
    """End the process: the culprit did not stop after its budget and grace. One line
    on standard error, what the command printed so far flushed, and the status."""
    line = (
        f"queens: error: {describe(culprit)} did not stop: it was still running "
        f"{GRACE:g} s after {dog.what} ({dog.budget:g} s) ran out, so queens ended\n"
    )
    for stream in (sys.stdout, sys.stderr):
        try:
            real = getattr(stream, "stream", stream)
            if real is not None:
                real.flush()
        except Exception:  # a closed or broken stream: the line below still goes out
            pass
    try:
        os.write(_ERROR_FD, " ".join(line.split()).encode("utf-8", "replace") + b"\n")
        if tell_parent and hasattr(signal, "SIGUSR1"):
            os.kill(os.getppid(), signal.SIGUSR1)
    finally:
        os._exit(dog.status)


#: True in a worker process (``generate --jobs``): its parent waits for its result, and
#: would wait for ever after a hard stop, so the hard stop tells it with SIGUSR1 (which
#: the command answers by ending with status 3; unanswered, it ends the parent).
tell_parent = False

_watchdog: _Watchdog | None = None


def _before_fork() -> None:
    _arming.acquire()
    if _watchdog is not None and _watchdog.armed_at > -math.inf:
        sys.modules["faulthandler"].cancel_dump_traceback_later()


def _after_fork_in_parent() -> None:
    if _watchdog is not None:
        _watchdog.armed_at = -math.inf  # armed again at its next look
    _arming.release()


def _after_fork_in_child() -> None:
    """In a child process made by fork: the watchdog thread did not come along (only
    the forking thread does), so the child starts its own on first use."""
    global _watchdog, _arming
    _watchdog = None
    _arming = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(
        before=_before_fork,
        after_in_parent=_after_fork_in_parent,
        after_in_child=_after_fork_in_child,
    )


def _start_watchdog() -> _Watchdog | None:
    """The watchdog, started on first use; None where it cannot work (no SIGALRM, or
    another handler owns it)."""
    global _watchdog
    if _watchdog is None:
        if not hasattr(signal, "SIGALRM") or signal.getsignal(signal.SIGALRM) not in (
            signal.SIG_DFL,
            _on_alarm,  # a child of a process that had it
        ):
            return None
        signal.signal(signal.SIGALRM, _on_alarm)
        _count_interrupts()
        _watchdog = _Watchdog()
        _watchdog.start()
    return _watchdog


# -- whose KeyboardInterrupt ----------------------------------------------------------

#: How many interrupts (SIGINT: Ctrl-C) the process received since it counts them.
_interrupts = 0


def _on_interrupt(signum: int, frame: FrameType | None) -> None:
    """Python's own handler of SIGINT, which also counts."""
    global _interrupts
    _interrupts += 1
    signal.default_int_handler(signum, frame)


def _count_interrupts() -> None:
    """Count interrupts from now on, where Python's own handler is in place (in the main
    thread only: Python sets handlers there)."""
    if (
        threading.get_ident() == _MAIN_THREAD
        and signal.getsignal(signal.SIGINT) is signal.default_int_handler
    ):
        signal.signal(signal.SIGINT, _on_interrupt)


def user_interrupted() -> bool:
    """Whether a ``KeyboardInterrupt`` coming out of plugin code may be the user's Ctrl-C
    (otherwise the plugin raised it itself, and it is the plugin's failure): an interrupt
    was received, or one might have been (an unknown handler owns SIGINT)."""
    handler = signal.getsignal(signal.SIGINT)
    if handler is _on_interrupt:
        return _interrupts > 0
    # Ignored (a background job) or the default (the process would have died): no
    # KeyboardInterrupt is the user's.
    return handler not in (signal.SIG_IGN, signal.SIG_DFL)


def raised_by_plugin(err: BaseException) -> bool:
    """Whether ``err``, coming out of plugin code, is the plugin's doing: anything but a
    KeyboardInterrupt that may be the user's."""
    return not (isinstance(err, KeyboardInterrupt) and user_interrupted())


class watch:
    """Guard standard output and standard error, and start the time budget, for the
    length of one solve (its culprit is the rule in :data:`running`).

    Cheap on purpose (it wraps every solve). The budget is kept only in the main thread
    (where the alarm can be raised) and only for the outermost watched stretch (a rule
    may run a solve of its own).
    """

    __slots__ = ("armed", "budget", "stderr", "stdout")

    what = "the solve's time budget"
    status = STATUS_AT_WORK

    def __init__(self, budget: float | None):
        self.budget = budget
        self.armed = False
        self.stdout: TextIO | None = None
        self.stderr: TextIO | None = None

    def __enter__(self) -> None:
        stdout = sys.stdout
        # None: Python started without standard output; print() then writes nothing, and
        # self.stdout None could not tell __exit__ to put it back.
        if stdout is not None and not isinstance(stdout, StreamGuard):
            self.stdout = stdout
            sys.stdout = StreamGuard(stdout)
        stderr = sys.stderr
        if stderr is not None and not isinstance(stderr, StreamGuard):
            self.stderr = stderr
            sys.stderr = StreamGuard(stderr, STDERR_WHERE)
        budget = self.budget
        if budget is None or budget == math.inf or threading.get_ident() != _MAIN_THREAD:
            return
        dog = _watchdog or _start_watchdog()
        if dog is None or dog.deadline is not None:
            return
        dog.budget = budget
        dog.what = self.what
        dog.status = self.status
        dog.deadline = time.monotonic() + budget
        self.armed = True

    def __exit__(self, *exc: object) -> None:
        if self.armed:
            assert _watchdog is not None
            _watchdog.deadline = None
        if self.stdout is not None:
            sys.stdout = self.stdout
        if self.stderr is not None:
            sys.stderr = self.stderr


class plugin_code(watch):
    """Watch one call of plugin code that is not a rule's (a reader's ``sniff`` or
    ``read``, a package's import and hooks), as :class:`watch` watches a solve:
    ``culprit`` names it (``describe()``, or text), ``status`` is what the hard stop
    ends the process with."""

    __slots__ = ("culprit", "previous", "status", "what")

    def __init__(
        self,
        culprit: Any,
        budget: float | None = None,
        status: int = STATUS_AT_WORK,
        what: str = "its time budget",
    ):
        super().__init__(PLUGIN_BUDGET if budget is None else budget)
        self.culprit = culprit
        self.previous: Any = None
        self.what = what
        self.status = status

    def __enter__(self) -> None:
        _count_interrupts()
        self.previous = running.other
        running.other = self.culprit
        super().__enter__()

    def __exit__(self, *exc: object) -> None:
        super().__exit__(*exc)
        running.other = self.previous

"""What the process does about plugin code that breaks its contract in ways a result cannot show.

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
  :data:`SNIFF_BUDGET` for a reader's sniff, or the budget a caller gives a stretch of
  work, as the page does each request), a watchdog thread ends the plugin code then
  running, and names it, in whatever thread it runs: in the main thread by an alarm
  (``SIGALRM``), in another (the page's workers) by an exception Python raises in that
  thread; so the thread is free again;
- not stopping: the alarm is an exception, which plugin code can catch and ignore, and is
  delivered between two bytecodes only. When the culprit is still running
  :data:`GRACE` seconds after its budget ran out, the watchdog writes one line naming it
  on standard error and ends the process at once with status 3 (4 while a package
  loads). A call into C code that never lets go of the interpreter lock
  (``sum(range(10**12))``) stops every Python thread, the watchdog too: for that case
  a sentinel process (:mod:`queens_core.runtime.sentinel`) ends this one with one line
  naming the plugin, and status 3, when no heartbeat has come for :data:`LOCK_HELD`
  seconds (see "When the sentinel starts" below), or, when plugin code killed that
  process first, the sentinel's reserve kept by the C library
  (:class:`~queens_core.runtime.sentinel.Reserve`) :data:`RESERVE_AFTER` seconds later;
  and wherever no sentinel runs,
  Python's fault handler is kept armed (:data:`STARVED`), and ends the process with the
  Python stack of the stuck call and status 1 when no Python thread has run for that
  long;
- raising ``KeyboardInterrupt`` or ``SystemExit``: the callers report those as the
  plugin's failure, unless the user pressed Ctrl-C (:func:`user_interrupted`);
- overwriting another rule's cache: the engine itself sees to that
  (:class:`~queens_core.engine.supervision.Caches`).

The engine holds no process code: it asks its supervisor
(:mod:`queens_core.engine.supervision`) to watch each solve, and importing this module
installs the one that does all of the above.

When the sentinel starts
------------------------
The sentinel is a second Python process (some 20 ms of CPU at its start, spent on
another core while ``queens`` starts, so on a busy machine in ``queens``' own wall
time; its reserve adds some 2 ms of CPU here, for ctypes and a timer of the C library),
and it is needed for one case only: a call that
holds the interpreter lock past every budget. Such a call stops every Python thread of
``queens``, so nothing of ours can notice it *while it runs*: a sentinel started late
(once plugin code has run for some seconds, say) would never start for a call that takes
the lock from its first instant, which is exactly the case it exists for. So the choice
is made before plugin code runs, by whose code it is: the sentinel starts just before
the first plugin package that is not made with queens is imported
(:func:`untrusted_code_ahead`), and from then on watches the whole run (that package's
import, hooks, rules and readers). A distribution made with queens says so in its
metadata, which is read before its code runs
(:func:`queens_core.plugins.finder.bundled`): the core names no package of its catalog.
A run that loads only such packages (every ``queens solve`` of a plain install) never
starts the sentinel: their code is ours, tested not to hold the lock, and should one
of them do so all the same, the fault handler still ends the run (status 1, with the
stack of the call) instead of the one line naming it. A package that makes the same
claim without cause loses that line too, and nothing else.

Writes that go round ``sys.stdout`` to descriptor 1 (``os.write(1, ...)``,
``sys.__stdout__``, a C library's ``printf``) never reach the command's output:
:func:`queens_core.runtime.process.keep_output_apart` gives ``sys.stdout`` a descriptor
of its own once a run and points descriptor 1 at standard error (no cost per solve).
Those made through Python (``os.write``, ``sys.__stdout__``) are named
(:func:`wrote_to_descriptor_1`); the others are not: that would take a check after
every rule call. Descriptor 2 is left alone: it is where Python's warnings, its fault
handler and C libraries report, and what lands there changes no output or status.

Plugin code that changes the working directory (``os.chdir``, ``os.fchdir``) or forks
the process while it runs is named as breaking its contract; a copy it forked never
prints and never goes back to the command's work (see :func:`own_fork`).

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
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TextIO

from ..engine import supervision
from ..engine.errors import ContractViolation, OutOfTime
from ..engine.supervision import RunningRule
from . import sentinel

if TYPE_CHECKING:
    from types import FrameType

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
#: How long one call may keep the interpreter to itself (no other Python thread runs,
#: the watchdog included) before the sentinel (:mod:`queens_core.runtime.sentinel`) ends
#: the process with one line naming the plugin: the longest budget, past which any
#: plugin code is stopped.
LOCK_HELD = max(TIME_BUDGET, PLUGIN_BUDGET)
#: How much longer than :data:`LOCK_HELD` the sentinel's reserve waits (plugin code
#: may have killed the sentinel: :class:`queens_core.runtime.sentinel.Reserve`): the time
#: the sentinel takes to end the process, so that it is the one that does.
RESERVE_AFTER = 2.0
#: How often the watchdog tells the sentinel that Python code still runs.
_HEARTBEAT = 0.25

#: The statuses the hard stop ends the process with: the command line's "a rule failed"
#: (plugin code failing at work) and "a rule package failed to load" (while loading).
#: Here, not imported: the runtime imports nothing above the engine.
STATUS_AT_WORK = 3
STATUS_LOADING = 4

#: When the alarm finds the driver between two rules, it tries again this much later.
_RETRY = 0.01
#: How often the watchdog looks at the clock when it has nothing closer to wait for.
_IDLE = 0.25

_MAIN_THREAD = threading.main_thread().ident or 0
_get_ident = threading.get_ident
_monotonic = time.monotonic


def _shown(text: str | bytes) -> str:
    """What plugin code wrote, as a breach of the contract quotes it."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return repr(text if len(text) <= 40 else text[:37] + "...")


#: The packages named for writing to descriptor 1 from a thread of their own (once each).
_named_for_descriptor_1: set[str] = set()


def wrote_to_descriptor_1(text: str | bytes, frame: FrameType | None) -> None:
    """Plugin code writes ``text`` to descriptor 1 past ``sys.stdout`` (which goes to
    standard error: :func:`queens_core.runtime.process.keep_output_apart`). In the
    thread that runs a plugin's call, that breaks its contract as a ``print`` does;
    elsewhere (a thread it left running) its package, found by the code that writes
    (``frame``), is named once on standard error, and the write goes on."""
    if _culprit_here() is not None:
        raise ContractViolation(
            f"it wrote {_shown(text)} to standard output, where the board is printed"
        )
    owner = owner_of_stack(frame)
    if owner is not None and owner not in _named_for_descriptor_1:
        _named_for_descriptor_1.add(owner)
        line = (
            f"queens: warning: {owner} writes to standard output from a thread of its own; "
            "what it writes goes to standard error\n"
        )
        try:
            os.write(_ERROR_FD, line.encode("utf-8", "replace"))
        except OSError:
            pass


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
            raise ContractViolation(f"it wrote {_shown(text)} to {self.where}")
        return self.stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


STDERR_WHERE = "standard error, where queens reports"

#: The guards the last watched stretch put on standard output and standard error: a
#: guard holds nothing but its stream, its words and its thread, so the next stretch in
#: the same thread on the same streams takes them again instead of making two more (a
#: batch watches one solve after another, hundreds a second).
_last_stdout_guard: StreamGuard | None = None
_last_stderr_guard: StreamGuard | None = None


def _from_warnings(guard: StreamGuard) -> bool:
    """Whether the write to standard error being made comes from the ``warnings``
    module: a library's warning (a deprecation seen while a package imports) is Python's
    own channel, which the user controls (``-W``, ``PYTHONWARNINGS``), not plugin noise."""
    if guard.where != STDERR_WHERE:
        return False
    caller = sys._getframe(2)
    return caller.f_globals.get("__name__") == "warnings"


#: The main thread's slot (the command line runs plugin code there).
running = RunningRule()
#: The slots of the other threads that ran watched plugin code (the page's workers), by
#: thread id; a thread that ends leaves its slot, which a new thread of the same id reuses.
_slots: dict[int, RunningRule] = {}


def running_slot() -> RunningRule:
    """The calling thread's slot: what the driver marks the rule it runs in. Looked up
    once per solve, not once per rule call (tens of thousands a second)."""
    ident = _get_ident()
    if ident == _MAIN_THREAD:
        return running
    slot = _slots.get(ident)
    if slot is None:
        slot = _slots[ident] = RunningRule()
    return slot


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
    stretch = dog.stretches.get(_MAIN_THREAD) if dog is not None else None
    if culprit is not None and stretch is not None:
        raise OutOfTime(culprit, stretch.budget, stretch.what)


class _Expired(OutOfTime):
    """The :class:`OutOfTime` the watchdog raises in a thread other than the main one.
    Python makes it in that thread from the class alone (no arguments), so it reads
    what ran out from the thread's watched stretch."""

    def __init__(self, *args: Any) -> None:
        if args:  # made again from its parts (a copy, a pickle)
            super().__init__(*args)
            return
        dog = _watchdog
        stretch = dog.stretches.get(threading.get_ident()) if dog is not None else None
        if stretch is None:  # cannot happen: it is raised only in a watched stretch
            super().__init__("plugin code", 0.0, "its time budget")
        else:
            super().__init__(stretch.culprit, stretch.budget, stretch.what)


#: Held by the watchdog while it raises in a thread, and by that thread while it leaves
#: its watched stretch: an exception meant for plugin code never reaches the code that
#: runs the thread after it (the page's pool of workers).
_posting = threading.Lock()


def _raise_in_thread(ident: int, exception: type[BaseException] | None) -> None:
    """Raise ``exception`` in thread ``ident`` when it next runs Python code (None:
    take back one raised that it has not met yet)."""
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(ident), None if exception is None else ctypes.py_object(exception)
    )


#: Whether plugin code can be stopped in any thread, not only the main one: a CPython
#: interpreter can raise an exception in another thread (the other threads of another
#: interpreter keep no budget).
ANY_THREAD = sys.implementation.name == "cpython"


class _Watchdog(threading.Thread):
    """A daemon thread that stops watched plugin code that outlives its deadline, in
    whatever thread it runs (the alarm in the main thread, an exception raised in
    another), and ends the process when it outlives the deadline plus :data:`GRACE`. A
    thread, not a timer signal, so that a solve pays no system call: starting the watch
    is a few stores."""

    def __init__(self) -> None:
        super().__init__(name="queens-time-budget", daemon=True)
        #: The outermost watched stretch of each thread that is in one, by thread id.
        self.stretches: dict[int, watch] = {}
        #: When the fault handler was last armed (see :data:`STARVED`).
        self.armed_at = -math.inf
        #: When the sentinel was last told that Python code runs.
        self.beaten = -math.inf

    def run(self) -> None:
        # Ctrl-C is the main thread's to take: a C library that sets its own SIGINT
        # handler while it works (CryptoMiniSat's solver) must not get it here instead.
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        while True:
            try:
                self._look()
            except BaseException:  # raised here by plugin code, to stop the watch
                time.sleep(_RETRY)

    def _look(self) -> None:
        """One look at the clock: the beat to the sentinel, the stretches overdue."""
        self._keep_fault_handler_armed()
        now = time.monotonic()
        if now - self.beaten >= _HEARTBEAT and _sentinel is not None:
            self.beaten = now
            if _reserve is not None:
                _reserve.arm()
            if not _sentinel.send(b"B\n"):
                _sentinel_lost()
        nap = _IDLE
        for ident, stretch in list(self.stretches.items()):
            left = stretch.deadline - now
            if left > 0:
                nap = min(nap, left)
                continue
            nap = _RETRY
            if ident == _MAIN_THREAD:
                self._overdue_in_main(stretch, -left)
            else:
                self._overdue_in_thread(ident, stretch, -left)
        time.sleep(nap)

    def _overdue_in_main(self, stretch: watch, late: float) -> None:
        # The hard stop keeps this thread's clock only: plugin code that set SIGALRM
        # aside (ignored, blocked, its own handler) is ended all the same.
        if late >= GRACE and (culprit := running.culprit()) is not None:
            _hard_stop(culprit, stretch)
        if signal.getsignal(signal.SIGALRM) is _on_alarm:
            _thread.interrupt_main(signal.SIGALRM)

    def _overdue_in_thread(self, ident: int, stretch: watch, late: float) -> None:
        with _posting:
            slot = stretch.slot
            culprit = slot.culprit() if slot is not None else None
            if culprit is None or self.stretches.get(ident) is not stretch:
                return  # between two rules, or the stretch just ended: look again soon
            if late >= GRACE:
                if give_up_stuck_threads:
                    self._give_up(ident, stretch, culprit)
                    return
                _hard_stop(culprit, stretch)
            stretch.culprit = culprit
            stretch.raised = True
            _raise_in_thread(ident, _Expired)

    def _give_up(self, ident: int, stretch: watch, culprit: Any) -> None:
        """Leave thread ``ident`` to the plugin code that will not stop (a server: its
        other threads go on answering; see :data:`give_up_stuck_threads`), and say so."""
        self.stretches.pop(ident, None)
        abandoned[ident] = culprit
        line = (
            f"queens: error: {describe(culprit)} did not stop: it was still running "
            f"{GRACE:g} s after {stretch.what} ({stretch.budget:g} s) ran out, so its "
            "worker thread was given up"
        )
        try:
            os.write(_ERROR_FD, " ".join(line.split()).encode("utf-8", "replace") + b"\n")
        except OSError:
            pass

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


def _hard_stop(culprit: Any, stretch: watch) -> None:
    """End the process: the culprit did not stop after its budget and grace. One line
    on standard error, what the command printed so far flushed, and the status."""
    line = (
        f"queens: error: {describe(culprit)} did not stop: it was still running "
        f"{GRACE:g} s after {stretch.what} ({stretch.budget:g} s) ran out, so queens ended\n"
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
        os._exit(stretch.status)


#: True in a server (``queens serve``): plugin code that will not stop in a thread other
#: than the main one, past its budget and grace, costs that thread only (it is given up,
#: and named on standard error) instead of the whole process. The server puts another
#: thread in its place (:func:`abandoned_threads`).
give_up_stuck_threads = False
#: The threads given up, by id, with the culprit each was left to.
abandoned: dict[int, Any] = {}


def abandoned_threads() -> int:
    """How many threads are given up to plugin code that would not stop."""
    return len(abandoned)


#: True in a worker process (``generate --jobs``): its parent waits for its result, and
#: would wait for ever after a hard stop, so the hard stop tells it with SIGUSR1 (which
#: the command answers by ending with status 3; unanswered, it ends the parent).
tell_parent = False

_watchdog: _Watchdog | None = None

# -- the sentinel, for a call that holds the interpreter ---------------------------------

_sentinel: sentinel.Sentinel | None = None
#: The sentinel's reserve, kept by the C library (:class:`.sentinel.Reserve`), started with
#: the first sentinel of the process.
_reserve: sentinel.Reserve | None = None
#: What the sentinel is told of each plugin package loaded so far (where its code lives,
#: how to name it): told again to the sentinel of a child process.
_code_names: list[bytes] = []
#: Whether plugin code not made with queens has been loaded (or is about to be): the
#: sentinel runs from then on, beside the watchdog (see "When the sentinel starts"). A
#: child process made by fork inherits it, and starts its own sentinel with its watchdog.
_untrusted = False


def untrusted_code_ahead() -> None:
    """Say that plugin code not made with queens is about to run (a package about to be
    imported): the sentinel starts now when the watchdog runs, else with the watchdog,
    which starts at the first watched stretch (that of the package's import), so before
    that code runs either way."""
    global _untrusted
    _untrusted = True
    if _watchdog is not None:
        _start_sentinel()


def _start_sentinel() -> None:
    """Start the sentinel and its reserve, and tell them the packages loaded so far (a
    few milliseconds, once a process, and only where :func:`untrusted_code_ahead` was
    called)."""
    global _sentinel, _reserve
    if _sentinel is not None:
        return
    tell = os.getppid() if tell_parent else 0
    if _reserve is None:
        _reserve = sentinel.start_reserve(LOCK_HELD + RESERVE_AFTER, tell)
        if _reserve is not None:
            for message in list(_code_names):
                _reserve.note(message)
    try:
        _sentinel = sentinel.start(LOCK_HELD, tell, _reserve)
    except (OSError, ValueError, AttributeError):  # no C library to reach: the fault handler
        _sentinel = None
    if _sentinel is not None:
        for message in list(_code_names):
            _sentinel.send(message)


#: How many times a sentinel found gone is started again (plugin code that kills each
#: one as it comes costs no more than that; its reserve stands in for the last).
_RESTARTS = 5
_restarted = 0


def _sentinel_lost() -> None:
    """The sentinel is gone while queens runs (plugin code killed it): start another,
    so that the reserve does not have to stand in for it."""
    global _sentinel, _restarted
    lost, _sentinel = _sentinel, None
    if lost is not None:
        lost.close()
    if _restarted < _RESTARTS:
        _restarted += 1
        _start_sentinel()


def name_code(module: object, name: str) -> None:
    """Tell the sentinel that the code of ``module`` (a plugin package just loaded) is
    named ``name`` in the line that ends a call of it holding the interpreter."""
    for path in sentinel.paths_of(module):
        for where in {path, os.path.realpath(path)}:
            message = f"N{where}\t{name}\n".encode("utf-8", "replace")
            _code_names.append(message)
            if _sentinel is not None:
                _sentinel.send(message)
            if _reserve is not None:
                _reserve.note(message)


def code_names() -> list[bytes]:
    """What the sentinel is told of the plugin packages loaded so far: ``N<path>\\t<name>``
    lines, one per place a package's code lives (see :func:`name_code`)."""
    return list(_code_names)


def owner_of_file(path: str) -> str | None:
    """The plugin package whose code ``path`` is, as the line that blames it names it, or
    None when it is no loaded plugin package's (see :func:`name_code`)."""
    for message in _code_names:
        root, _, name = message.decode("utf-8", "replace")[1:].rstrip("\n").partition("\t")
        if path.startswith(root):
            return name
    return None


def owner_of_stack(frame: FrameType | None) -> str | None:
    """The plugin package of the innermost frame of ``frame``'s stack that is in one."""
    while frame is not None:
        owner = owner_of_file(frame.f_code.co_filename)
        if owner is not None:
            return owner
        frame = frame.f_back
    return None


# -- forks made by plugin code ------------------------------------------------------------

#: How many forks of queens' own are being made (a pool's workers, a child under a
#: memory cap): plugin code forking meanwhile, in another thread, is taken for ours.
_own_forks = 0
#: In the child of a fork that plugin code made: what made it (the child never goes back
#: to queens' work: it ends where the watched stretch would, and prints nothing).
forked_by: Any = None
#: In the parent: the plugin code that forked the process during the current watched
#: stretch of the main thread, named when the stretch ends.
_forks_made: list[Any] = []


@contextmanager
def own_fork() -> Iterator[None]:
    """Say that the forks made in the block are queens' own, not plugin code's."""
    global _own_forks
    _own_forks += 1
    try:
        yield
    finally:
        _own_forks -= 1


def _culprit_here() -> Any:
    if _own_forks:
        return None
    slot = running if _get_ident() == _MAIN_THREAD else _slots.get(_get_ident())
    return slot.culprit() if slot is not None else None


def _before_fork() -> None:
    _arming.acquire()
    if _watchdog is not None and _watchdog.armed_at > -math.inf:
        sys.modules["faulthandler"].cancel_dump_traceback_later()


def _after_fork_in_parent() -> None:
    if _watchdog is not None:
        _watchdog.armed_at = -math.inf  # armed again at its next look
    _arming.release()
    culprit = _culprit_here()
    if culprit is not None:
        _forks_made.append(culprit)


def _after_fork_in_child() -> None:
    """In a child process made by fork: the watchdog thread did not come along (only
    the forking thread does), so the child starts its own on first use."""
    global _watchdog, _arming, _posting, _sentinel, _reserve, _restarted, forked_by
    culprit = _culprit_here()
    if culprit is not None:
        # A copy of queens made by plugin code: whatever it does, it never prints
        # (the output and the error lines are the parent's), and it ends when the
        # plugin code returns to queens (see watch.__exit__).
        forked_by = culprit
        _silence_standard_streams()
    _watchdog = None
    _arming = threading.Lock()
    _posting = threading.Lock()
    if _sentinel is not None:
        sentinel.forget_in_child(_sentinel)
        _sentinel = None
    if _reserve is not None:
        sentinel.forget_reserve_in_child(_reserve)
        _reserve = None
    _restarted = 0


# -- the working directory -----------------------------------------------------------------

_real_chdir = os.chdir
_real_fchdir = os.fchdir


def _chdir_refused(path: Any) -> None:
    if _culprit_here() is not None:
        raise ContractViolation(
            f"it changed the working directory (to {str(path)!r}), where queens writes "
            "what the command line names by a relative path"
        )
    _real_chdir(path)


def _fchdir_refused(fd: Any) -> None:
    if _culprit_here() is not None:
        raise ContractViolation(
            "it changed the working directory (by os.fchdir), where queens writes what "
            "the command line names by a relative path"
        )
    _real_fchdir(fd)


# Plugin code that changes the working directory would move every file the command
# writes afterwards (``hint --write FILE``, ``generate -o DIR``) somewhere else: while it
# runs (in the thread running it), os.chdir and os.fchdir raise instead, and the plugin
# is named. Free until called: no check is made per rule call.
os.chdir = _chdir_refused
os.fchdir = _fchdir_refused


def _silence_standard_streams() -> None:
    try:
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        os.close(quiet)
    except OSError:
        pass


if hasattr(os, "register_at_fork"):
    os.register_at_fork(
        before=_before_fork,
        after_in_parent=_after_fork_in_parent,
        after_in_child=_after_fork_in_child,
    )


def _start_watchdog() -> _Watchdog:
    """The watchdog, started on first use (with the sentinel, when plugin code not made
    with queens is loaded). The fault handler is armed here, before the plugin code the
    watchdog watches first: a call that holds the interpreter from its first instant
    would keep the watchdog thread from ever arming it."""
    global _watchdog
    if _watchdog is None:
        if _untrusted:
            _start_sentinel()
        dog = _Watchdog()
        dog._keep_fault_handler_armed()
        dog.start()
        _watchdog = dog
    return _watchdog


#: Whether the alarm's handler has been put in place (the watchdog checks it is still
#: there before it raises the alarm).
_alarm_set = False


def _alarm_ready() -> bool:
    """Whether the alarm can stop plugin code in the main thread (called there): the
    system has SIGALRM and no other handler owns it."""
    global _alarm_set
    if not hasattr(signal, "SIGALRM"):
        return False
    handler = signal.getsignal(signal.SIGALRM)
    if handler is not _on_alarm:
        if handler is not signal.SIG_DFL:
            return False
        signal.signal(signal.SIGALRM, _on_alarm)
        _count_interrupts()
    _alarm_set = True
    return True


# -- whose KeyboardInterrupt ----------------------------------------------------------

#: How many interrupts (SIGINT: Ctrl-C) the process received since it counts them.
_interrupts = 0


def _on_interrupt(signum: int, frame: FrameType | None) -> None:
    """Python's own handler of SIGINT, which also counts."""
    global _interrupts
    if (
        frame is not None
        and frame.f_code.co_name == "cb"
        and frame.f_code.co_filename.startswith("<frozen importlib")
    ):
        # In the import machinery's weak-reference callback, whose exception Python
        # reports as ignored (a traceback) and drops: the Ctrl-C would be lost. Asked
        # again, it comes once the callback has returned.
        _thread.interrupt_main(signal.SIGINT)
        return
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


#: The exceptions that queens' own signal handlers raised (a SIGTERM that ends a batch
#: as Ctrl-C does: :mod:`.signals`), by identity: plugin code that raises one of the same
#: class is still blamed, one raised by the handler while plugin code ran never is.
_raised_by_signals: list[BaseException] = []


def raised_for_a_signal(err: BaseException) -> BaseException:
    """Mark ``err``, about to be raised by a signal handler of queens, as not the
    plugin's doing wherever it comes out of plugin code; returns it."""
    del _raised_by_signals[:-3]  # a run raises one or two: keep the list short
    _raised_by_signals.append(err)
    return err


def raised_by_plugin(err: BaseException) -> bool:
    """Whether ``err``, coming out of plugin code, is the plugin's doing: anything but a
    KeyboardInterrupt that may be the user's, or what a signal handler of queens raised
    (:func:`raised_for_a_signal`)."""
    if isinstance(err, KeyboardInterrupt) and user_interrupted():
        return False
    return not any(err is ours for ours in _raised_by_signals)


class watch:
    """Guard standard output and standard error, and start the time budget, for the
    length of one solve (its culprit is the rule in the thread's :func:`running_slot`),
    or of any stretch of work whose plugin code must stop in time (``what`` names the
    budget in the line that stops it).

    Cheap on purpose (it wraps every solve). The budget is kept for the outermost watched
    stretch of each thread only (a rule may run a solve of its own). In the main thread
    the watchdog stops plugin code with an alarm; in another (the page's workers) with
    an exception raised in that thread.
    """

    __slots__ = (
        "armed",
        "budget",
        "culprit",
        "deadline",
        "raised",
        "slot",
        "status",
        "stderr",
        "stdout",
        "thread",
        "what",
    )

    def __init__(
        self,
        budget: float | None,
        what: str = "the solve's time budget",
        status: int = STATUS_AT_WORK,
    ):
        #: Seconds (``math.inf``: no budget, only the output guards).
        self.budget = math.inf if budget is None else budget
        self.what = what
        self.status = status
        self.armed = False
        self.stdout: TextIO | None = None
        self.stderr: TextIO | None = None
        #: Set while armed: when the budget runs out, the thread's slot, and (once the
        #: watchdog raised in the thread) the culprit it named.
        self.deadline = math.inf
        self.slot: RunningRule | None = None
        self.culprit: Any = None
        self.raised = False
        self.thread = 0

    def __enter__(self) -> None:
        try:
            self._enter()
        except BaseException:
            # A Ctrl-C (or SIGTERM's exception) that came in the middle: Python calls no
            # __exit__ for an __enter__ that raised, and the guards would stay, so that
            # the report of the interrupt itself would be taken for plugin output.
            self.__exit__(None, None, None)
            raise

    def _enter(self) -> None:
        global _last_stdout_guard, _last_stderr_guard
        ident = _get_ident()
        stdout = sys.stdout
        # None: Python started without standard output; print() then writes nothing, and
        # self.stdout None could not tell __exit__ to put it back.
        if stdout is not None and not isinstance(stdout, StreamGuard):
            self.stdout = stdout
            guard = _last_stdout_guard
            if guard is None or guard.stream is not stdout or guard.thread != ident:
                guard = _last_stdout_guard = StreamGuard(stdout)
            sys.stdout = guard
        stderr = sys.stderr
        if stderr is not None and not isinstance(stderr, StreamGuard):
            self.stderr = stderr
            guard = _last_stderr_guard
            if guard is None or guard.stream is not stderr or guard.thread != ident:
                guard = _last_stderr_guard = StreamGuard(stderr, STDERR_WHERE)
            sys.stderr = guard
        budget = self.budget
        if budget == math.inf:
            return
        dog = _watchdog or _start_watchdog()
        stretches = dog.stretches
        if ident in stretches:
            return  # nested: the outer stretch's budget holds
        if ident == _MAIN_THREAD:
            if not (_alarm_set or _alarm_ready()):
                return
            self.slot = running
        elif ANY_THREAD:
            self.slot = running_slot()
        else:
            return
        self.thread = ident
        self.deadline = _monotonic() + budget
        self.armed = True
        stretches[ident] = self

    def __exit__(self, *exc: object) -> None:
        try:
            if self.armed:
                if self.thread == _MAIN_THREAD:
                    self.armed = False
                    dog = _watchdog
                    if dog is not None:  # None: in a child forked meanwhile
                        dog.stretches.pop(_MAIN_THREAD, None)
                else:
                    self._leave()
        finally:
            if self.stdout is not None:
                sys.stdout = self.stdout
            if self.stderr is not None:
                sys.stderr = self.stderr
        if forked_by is not None:
            os._exit(STATUS_AT_WORK)  # a plugin's copy of queens: it does none of its work
        if _forks_made and self.stdout is not None:  # the outermost stretch: blame it
            _blame_fork()

    def _leave(self) -> None:
        """End the stretch. Outside the main thread, an exception the watchdog raised
        just as the stretch ended is taken back (or met here), never left for the code
        that runs the thread next."""
        self.armed = False
        abandoned.pop(self.thread, None)  # it came back after all
        dog = _watchdog
        assert dog is not None
        try:
            with _posting:
                dog.stretches.pop(self.thread, None)
                if self.raised:
                    _raise_in_thread(self.thread, None)
        except OutOfTime:
            with _posting:
                dog.stretches.pop(self.thread, None)


def _blame_fork() -> None:
    """Plugin code forked the process during the stretch that ends: a rule is named as
    any rule that breaks its contract, other plugin code by :class:`ContractViolation`."""
    culprit = _forks_made[0]
    _forks_made.clear()
    breach = ContractViolation(
        "it forked the queens process (the copy was ended before it could print or write)"
    )
    from ..engine.driver import RuleFailure
    from ..engine.rules import Rule

    if isinstance(culprit, Rule):
        raise RuleFailure(culprit, breach)
    raise ContractViolation(f"{describe(culprit)} {breach}")


class plugin_code(watch):
    """Watch one call of plugin code that is not a rule's (a reader's ``sniff`` or
    ``read``, a package's import and hooks), as :class:`watch` watches a solve:
    ``culprit`` names it (``describe()``, or text), ``status`` is what the hard stop
    ends the process with."""

    __slots__ = ("named", "previous")

    def __init__(
        self,
        culprit: Any,
        budget: float | None = None,
        status: int = STATUS_AT_WORK,
        what: str = "its time budget",
    ):
        super().__init__(PLUGIN_BUDGET if budget is None else budget, what, status)
        self.named = culprit
        self.previous: Any = None

    def __enter__(self) -> None:
        _count_interrupts()
        slot = running_slot()
        self.previous = slot.other
        try:
            slot.other = self.named
            super().__enter__()  # which calls __exit__ itself when it fails
        except BaseException:
            slot.other = self.previous
            raise

    def __exit__(self, *exc: object) -> None:
        # The culprit goes first: once it is gone the watchdog raises nothing more here.
        running_slot().other = self.previous
        super().__exit__(*exc)


class _Supervisor:
    """The engine's supervisor (:mod:`queens_core.engine.supervision`): this module's
    watch over each solve."""

    def watch_solve(self, budget: float | None) -> watch:
        return watch(TIME_BUDGET if budget is None else budget)

    def running_slot(self) -> RunningRule:
        return running_slot()

    def raised_by_plugin(self, err: BaseException) -> bool:
        return raised_by_plugin(err)


supervision.install(_Supervisor())

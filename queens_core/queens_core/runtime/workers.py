"""Worker processes that share a batch (``generate --jobs``), and end with it.

:func:`in_processes` runs one function over a list of jobs in a pool of processes made by
``fork`` where there is one (the workers then share what the parent loaded, a rule
registered by hand included; elsewhere what they need is pickled), and yields the answers
in the order of the jobs. What this module adds to :mod:`multiprocessing`:

- signals: between ``fork`` and the worker's set-up, SIGINT, SIGTERM and SIGUSR1 are
  held back (the worker still has the parent's Python handlers, and would print a
  traceback of its own for a Ctrl-C, or take a SIGTERM for the parent's); then a worker
  ignores Ctrl-C (the parent answers it, and stops the pool) and ends on SIGTERM as any
  process does;
- a worker's hard stop (:mod:`.guards`) tells the parent with SIGUSR1 (the command
  answers it: :func:`.signals.terminate_as_exit`), and a worker whose parent is gone
  ends within :data:`PARENT_CHECK` seconds;
- an early end (an error, Ctrl-C, a consumer that stops reading) kills the workers where
  they stand, without :meth:`multiprocessing.pool.Pool.terminate`, which can wait for
  ever on a worker stopped while it held the pool's queue;
- a worker that dies (killed by the out-of-memory killer, ended by plugin code calling
  ``os._exit``, a crash in C code) ends the batch instead of leaving it waiting for ever
  for the answer it took along (:mod:`multiprocessing.pool` starts a new worker and
  forgets the job). The parent looks at its workers whenever no answer has come for
  :data:`LIVENESS_CHECK` seconds; every answer before the lost job's is still yielded,
  then :class:`WorkerDied` says which worker died, how, on which job, and the plugin
  that ended it when one did (its ``os._exit``, or the innermost plugin frame of the
  stack that Python's fault handler wrote when the worker crashed).
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from . import guards

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

J = TypeVar("J")
R = TypeVar("R")

#: How often a worker checks that its parent is alive.
PARENT_CHECK = 0.1
#: How long the parent waits for an answer before it looks whether a worker died.
LIVENESS_CHECK = 0.2


class WorkerDied(Exception):
    """A worker process of the batch died before it gave the answer to ``job``.

    ``how`` says how it ended ("was killed by signal SIGKILL", "exited with status 0");
    ``plugin`` names the plugin code that ended it, when that is known, else is None."""

    def __init__(self, pid: int, how: str, job: Any, plugin: str | None) -> None:
        super().__init__(pid, how, job, plugin)
        self.pid = pid
        self.how = how
        self.job = job
        self.plugin = plugin

    def __str__(self) -> str:
        """One line; ``job`` as it names itself (a caller puts a name in its place)."""
        if self.plugin is not None:
            return (
                f"{self.plugin} ended a worker process (pid {self.pid}) while it made "
                f"{self.job}: the worker {self.how}"
            )
        return f"a worker process (pid {self.pid}) {self.how} while it made {self.job}"


def _signals_of_a_worker() -> tuple[int, ...]:
    if not hasattr(signal, "pthread_sigmask"):
        return ()
    return tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGUSR1") if hasattr(signal, n))


#: The signals a new worker holds back until it has set how it answers them (see above).
_WORKER_SIGNALS = _signals_of_a_worker()
#: Whether a pool of this module is starting workers (the fork hooks below act then only).
_starting_workers = False


def _block_before_fork() -> None:
    if _starting_workers and _WORKER_SIGNALS:
        signal.pthread_sigmask(signal.SIG_BLOCK, _WORKER_SIGNALS)


#: Whether the main thread holds the signals back since it forked a worker: it lets
#: them through once the pool is made (:func:`_let_signals_through`), not in the fork's
#: hook, where the KeyboardInterrupt of a Ctrl-C that came meanwhile would be lost
#: (Python reports an exception of such a hook as ignored, with a traceback).
_held_in_main = False


def _unblock_after_fork() -> None:
    global _held_in_main
    if _starting_workers and _WORKER_SIGNALS:
        if threading.current_thread() is threading.main_thread():
            _held_in_main = True
        else:  # the pool's own thread, replacing a worker: no Python handler runs there
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _WORKER_SIGNALS)


def _let_signals_through() -> None:
    global _held_in_main
    if _held_in_main:
        _held_in_main = False
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _WORKER_SIGNALS)


if hasattr(os, "register_at_fork"):
    # In the parent, the thread that forks lets them through again (the main thread once
    # the pool is made); the child (the same thread, alone) keeps them blocked until
    # _worker_init.
    os.register_at_fork(before=_block_before_fork, after_in_parent=_unblock_after_fork)


#: In a worker: the function of the batch, and the shared record of which worker took
#: which job (by its position) and whether it answered; see :func:`_run_job`.
_work: Callable[[Any], Any] | None = None
_record: _Record | None = None


class _Record:
    """What the parent needs to know of a worker that died: which job it held, and what
    plugin code ended it. Shared memory, written by the workers without a lock: each
    ``taken``/``answered`` entry has one writer (the worker that took the job), and the
    ``last_words`` slot is written only by a worker on its way out."""

    def __init__(self, context: Any, jobs: int, crash_log: str | None) -> None:
        #: The process id of the worker that took each job.
        self.taken = context.RawArray("i", jobs)
        #: 1 once that worker has its answer (it may die before it could send it).
        self.answered = context.RawArray("b", jobs)
        #: "pid<TAB>what ended it", written by plugin code's os._exit in a worker.
        self.last_words = context.RawArray("c", _LAST_WORDS)
        #: 1 once a worker told the parent that the batch must stop (see
        #: :func:`_end_if_plugins_left_threads`).
        self.stopping = context.RawValue("b", 0)
        #: The folder where each worker's fault handler writes the stacks of a crash
        #: (a file named by its process id), or None.
        self.crash_log = crash_log


#: The room for a dying worker's last words (a plugin's name, bounded).
_LAST_WORDS = 1024


def _run_job(numbered: tuple[int, Any]) -> Any:
    position, job = numbered
    record = _record
    assert record is not None and _work is not None
    record.taken[position] = os.getpid()
    answer = _work(job)
    record.answered[position] = 1
    return answer


def _exit_telling_parent(status: int) -> NoReturn:
    """``os._exit`` in a worker: plugin code that calls it is named to the parent before
    the worker ends (the hard stop's exit comes through here too, after the SIGUSR1 that
    already told the parent)."""
    record = _record
    culprit = guards.running.culprit()
    if record is not None and culprit is not None:
        words = f"{os.getpid()}\t{guards.describe(culprit)}".encode("utf-8", "replace")
        words = words[: _LAST_WORDS - 1]
        record.last_words[: len(words) + 1] = words + b"\0"
    _real_exit(status)


_real_exit = os._exit


def _worker_init(
    set_up: Callable[[Any], None],
    given: Any,
    work: Callable[[Any], Any],
    record: _Record,
) -> None:
    # Ctrl-C on a terminal reaches every process of the group: the parent answers it
    # (and stops the pool); a worker that took it would print a traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The parent's own handlers came along with fork (``generate`` ends on SIGTERM by an
    # exception): a worker ends on it as any process does. Until here these signals were
    # blocked (see _block_before_fork): one sent meanwhile is dealt with now.
    for name in ("SIGTERM", "SIGUSR1"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if _WORKER_SIGNALS:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _WORKER_SIGNALS)
    guards.tell_parent = True  # a hard stop here must not leave the parent waiting
    global _work, _record
    _work, _record = work, record
    os._exit = _exit_telling_parent  # plugin code that ends the worker is named
    if record.crash_log is not None:
        import faulthandler

        # A crash in C code (a plugin's segfault): the stacks say whose code it was.
        crash_log = open(os.path.join(record.crash_log, str(os.getpid())), "w")
        faulthandler.enable(file=crash_log, all_threads=False)
    import multiprocessing.util

    # Last of the worker's way out, before Python's exit waits for its threads.
    multiprocessing.util.Finalize(None, _end_if_plugins_left_threads, exitpriority=-100)
    threading.Thread(
        target=_end_with_parent, args=(os.getppid(),), name="queens-orphan-check", daemon=True
    ).start()
    set_up(given)


def _end_if_plugins_left_threads() -> None:
    """A worker whose work is done ends now when plugin code left a thread running that
    Python's exit would wait for (the batch would wait for the worker): one line names
    the package, and the parent ends with status 3, as for a hard stop."""
    from .process import threads_left_by_plugins

    left = threads_left_by_plugins()
    if not left:
        return
    record = _record
    if record is not None and record.stopping.value:
        _real_exit(guards.STATUS_AT_WORK)  # another worker told the parent already
    if record is not None:
        record.stopping.value = 1
    name, owner = left[0]
    line = (
        f"queens: error: {owner or 'plugin code'} left a thread running ({name!r}) in a "
        "worker process after its work, so queens ended\n"
    )
    try:
        os.write(2, line.encode("utf-8", "replace"))
        if hasattr(signal, "SIGUSR1"):
            os.kill(os.getppid(), signal.SIGUSR1)
    finally:
        _real_exit(guards.STATUS_AT_WORK)


def _end_with_parent(parent: int) -> None:
    """End this worker at once when the parent that started it is gone (killed by
    SIGTERM or SIGKILL, or ended by Ctrl-C before it could stop the pool): a worker must
    not outlive the command by more than an instant, and no one would read its answer."""
    import time

    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(0)


def in_processes(
    set_up: Callable[[Any], None],
    given: Any,
    work: Callable[[J], R],
    jobs: list[J],
    processes: int,
) -> Generator[R, None, None]:
    """``work(job)`` for each of ``jobs``, in ``processes`` worker processes, in the
    order of the jobs; each worker first calls ``set_up(given)`` (``work`` and
    ``set_up`` are module-level functions: where there is no fork they are pickled).
    Closing the iterator before its end, or an exception while it runs, kills the
    workers; close it as soon as its answers are no longer wanted."""
    import multiprocessing
    import tempfile

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    global _starting_workers
    others = set(multiprocessing.active_children())  # the caller's, not the pool's
    pool: Pool | None = None
    crash_logs = tempfile.mkdtemp(prefix="queens-workers-")
    record = _Record(context, len(jobs), crash_logs)
    _starting_workers = True
    try:
        try:
            pool = context.Pool(processes, _worker_init, (set_up, given, work, record))
        finally:
            _let_signals_through()  # a Ctrl-C held meanwhile is raised here
        yield from _answers(pool, jobs, record)
    except BaseException:  # GeneratorExit too: the consumer stopped early
        _kill_pool(pool, others)
        _remove_crash_logs(crash_logs)
        raise
    finally:
        _starting_workers = False
        _let_signals_through()
    try:
        pool.close()
        pool.join()
    finally:
        _remove_crash_logs(crash_logs)


def _remove_crash_logs(folder: str) -> None:
    """Remove the workers' crash logs; never fails (a worker killed as it started may
    add its file meanwhile: what is left is left in the system's temporary folder)."""
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


def _answers(pool: Pool, jobs: list[Any], record: _Record) -> Iterator[Any]:
    """The pool's answers in the order of ``jobs``, until one was lost with the worker
    that held it: then, once every answer before it is out, :class:`WorkerDied`."""
    import multiprocessing

    # The first workers only: the jobs before a lost one were all taken by then (the
    # pool hands them out in order), so what a worker started later holds comes after.
    workers = list(getattr(pool, "_pool", ()))
    answers = pool.imap(_run_job, enumerate(jobs))
    lost: tuple[int, WorkerDied] | None = None
    for position in range(len(jobs)):
        while True:
            if lost is not None and position >= lost[0]:
                raise lost[1]
            try:
                answer = answers.next(LIVENESS_CHECK)
                break
            except multiprocessing.TimeoutError:
                for worker in [w for w in workers if w.exitcode is not None]:
                    workers.remove(worker)
                    death = _death_of(worker, jobs, record, position)
                    if lost is None or death[0] < lost[0]:
                        lost = death
        yield answer


def _death_of(
    worker: Any, jobs: list[Any], record: _Record, waiting: int
) -> tuple[int, WorkerDied]:
    """Where the batch must stop for ``worker``, which died, and why: the position of
    the job it held unanswered (``waiting``, the one awaited now, when it held none:
    what else it took may be lost with it)."""
    pid, status = worker.pid, worker.exitcode
    held = [at for at, taker in enumerate(record.taken) if taker == pid]
    position = waiting
    if held and not record.answered[held[-1]]:
        position = held[-1]
    if status < 0:
        try:
            how = f"was killed by signal {signal.Signals(-status).name}"
        except ValueError:
            how = f"was killed by signal {-status}"
    else:
        how = f"exited with status {status}"
    return position, WorkerDied(pid, how, jobs[position], _culprit_of(pid, status, record))


def _culprit_of(pid: int, status: int, record: _Record) -> str | None:
    """The plugin code that ended worker ``pid``, when it said so: its last words (an
    ``os._exit`` in plugin code), or the innermost plugin frame of a crash's stacks."""
    said = bytes(record.last_words).split(b"\0", 1)[0].decode("utf-8", "replace")
    who, _, what = said.partition("\t")
    if who == str(pid) and what:
        return what
    if status >= 0 or record.crash_log is None:
        return None
    return _owner_of_crash(os.path.join(record.crash_log, str(pid)))


def _owner_of_crash(path: str) -> str | None:
    """The plugin package whose file is innermost in the stack that Python's fault
    handler wrote at ``path`` (as the sentinel finds one, :mod:`.sentinel_main`)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as log:
            dump = log.read()
    except OSError:
        return None
    names = []
    for message in guards.code_names():
        root, _, name = message.decode("utf-8", "replace").rstrip("\n")[1:].partition("\t")
        names.append((root, name))
    for line in dump.splitlines():
        if line.startswith('  File "'):
            file = line[8:].partition('", line ')[0]
            owner = next((name for root, name in names if file.startswith(root)), None)
            if owner is not None:
                return owner
    return None


def _kill_pool(pool: Pool | None, others: set[Any]) -> None:
    """Stop ``pool`` at once, its workers killed where they stand, for an early end
    (Ctrl-C, an error, a consumer that stopped). Not ``Pool.terminate``: that puts a
    message in the queue the workers write to, whose lock a worker stopped while holding
    it never releases, and then waits for ever (at exit too: the pool registers it).
    ``pool`` is None when the end came while it was being made."""
    import multiprocessing

    finalizer = getattr(pool, "_terminate", None)
    if finalizer is not None:
        finalizer.cancel()  # first: the exit functions would run Pool.terminate
    handler = getattr(pool, "_worker_handler", None)
    if handler is not None:
        handler._state = "TERMINATE"  # it would start new workers for the killed ones
    _kill_all(getattr(pool, "_pool", ()))
    if handler is not None and handler.is_alive():
        handler.join(0.5)  # it may have been starting a worker: let it finish, then
    # Every worker left, one started meanwhile included: the exit functions wait for each
    # (and one forked just then may have taken a signal meant for the parent's handler).
    _kill_all(p for p in multiprocessing.active_children() if p not in others)


def _kill_all(workers: Iterable[Any]) -> None:
    for worker in list(workers):
        try:
            worker.kill()
            worker.join(1)
        except (OSError, ValueError, AssertionError):  # gone already, or never started
            pass

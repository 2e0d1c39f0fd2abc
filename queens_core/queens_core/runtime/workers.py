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
  ever on a worker stopped while it held the pool's queue.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from . import guards

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

J = TypeVar("J")
R = TypeVar("R")

#: How often a worker checks that its parent is alive.
PARENT_CHECK = 0.1


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


def _unblock_after_fork() -> None:
    if _starting_workers and _WORKER_SIGNALS:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _WORKER_SIGNALS)


if hasattr(os, "register_at_fork"):
    # In the parent, the thread that forks unblocks at once; the child (the same thread,
    # alone) keeps them blocked until _worker_init.
    os.register_at_fork(before=_block_before_fork, after_in_parent=_unblock_after_fork)


def _worker_init(set_up: Callable[[Any], None], given: Any) -> None:
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
    threading.Thread(
        target=_end_with_parent, args=(os.getppid(),), name="queens-orphan-check", daemon=True
    ).start()
    set_up(given)


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

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    global _starting_workers
    others = set(multiprocessing.active_children())  # the caller's, not the pool's
    pool: Pool | None = None
    _starting_workers = True
    try:
        pool = context.Pool(processes, _worker_init, (set_up, given))
        yield from pool.imap(work, jobs)
    except BaseException:  # GeneratorExit too: the consumer stopped early
        _kill_pool(pool, others)
        raise
    finally:
        _starting_workers = False
    pool.close()
    pool.join()


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

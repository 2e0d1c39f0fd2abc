"""Signals the commands hold back or answer themselves, outside the watch over plugins.

:func:`interrupts_held` keeps Ctrl-C from a C library that would take it for itself
(CryptoMiniSat, which the referee asks); :func:`signals_deferred` lets a library call that
must not be cut off half-way (Dask's client) finish before a Ctrl-C or SIGTERM is
answered; :func:`terminate_as_exit` makes SIGTERM, and a worker's hard stop, end a batch
as Ctrl-C does, by an exception. The signals of worker
processes are :mod:`.workers`'; those of the time budget, :mod:`.guards`'.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: Whether this platform can hold a signal back in one thread (not Windows).
CAN_HOLD_SIGNALS = hasattr(signal, "pthread_sigmask")


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold SIGINT back in the main thread (the only one that takes it: the watchdog
    blocks it) for the length of the block: it waits, and is Python's
    ``KeyboardInterrupt`` as soon as the block ends. Nothing is held in another thread,
    or where no signal can be held."""
    if threading.current_thread() is not threading.main_thread() or not CAN_HOLD_SIGNALS:
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


#: The signals that end a command, which :func:`signals_deferred` answers late.
_ENDING = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def signals_deferred() -> Iterator[None]:
    """For the length of the block, Ctrl-C and SIGTERM are noted, not answered; as soon as
    the block ends, each noted one is raised again, to the handler that was there before
    (``KeyboardInterrupt``, or :func:`terminate_as_exit`'s ``SystemExit``).

    For calls into a library that waits on a thread of its own and cannot take an
    exception half-way: Dask's client, interrupted in the moment between handing its
    event loop a request and the loop starting it, leaves that loop a callback that fails
    and prints a traceback. Keep the block short: the signal waits for it. Only signals
    Python answers are deferred (one the process would die of or ignores is left as it
    is), and only in the main thread, the one Python answers them in."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    noted: list[int] = []

    def note(signum: int, _frame: Any) -> None:
        if signum not in noted:
            noted.append(signum)

    previous = {}
    for signum in _ENDING:
        if callable(signal.getsignal(signum)):
            previous[signum] = signal.signal(signum, note)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        for again in noted:
            signal.raise_signal(again)


@contextmanager
def terminate_as_exit(terminated: int, worker_stopped: int) -> Iterator[None]:
    """For the length of the block, SIGTERM raises ``SystemExit(terminated)``, and
    SIGUSR1 (a worker process ended by the hard stop of the time budget, which named
    the rule on standard error: see :data:`.guards.tell_parent`) raises
    ``SystemExit(worker_stopped)``: the code in the block tidies up (stops its workers,
    removes a file half written) as it does for Ctrl-C. Outside the main thread, where
    Python sets no handler, the signals are left as they are."""

    def ended(signum: int, _frame: Any) -> None:
        from .guards import raised_for_a_signal

        # Raised wherever the main thread is, in a rule too (the re-grading of the boards
        # a resumed batch kept): marked, so that no rule is blamed for it.
        code = terminated if signum == signal.SIGTERM else worker_stopped
        if signum != signal.SIGTERM:
            # Another worker may tell the same while the batch stops: once is enough.
            signal.signal(signum, signal.SIG_IGN)
        raise raised_for_a_signal(SystemExit(code))

    signals = [signal.SIGTERM] + ([signal.SIGUSR1] if hasattr(signal, "SIGUSR1") else [])
    try:
        previous = {signum: signal.signal(signum, ended) for signum in signals}
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)

"""How a batch command (``queens generate``) ends on a signal: as Ctrl-C does, by an
exception, so that its workers stop and a half-written file is removed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .exits import EXIT_RULE_FAILED

#: The status of a process ended by SIGTERM, as a shell reports it (128 + 15).
EXIT_TERMINATED = 143


@contextmanager
def terminate_as_exit() -> Iterator[None]:
    """For the length of a batch, SIGTERM ends the command as Ctrl-C does, by an
    exception: the workers of --jobs are stopped and a board file being written is
    removed, instead of the process vanishing in the middle of it. SIGUSR1 is a worker
    of --jobs ended by the hard stop of the time budget (it said which rule, on standard
    error): the command ends with status 3."""
    import signal

    def ended(signum: int, _frame: Any) -> None:
        raise SystemExit(EXIT_TERMINATED if signum == signal.SIGTERM else EXIT_RULE_FAILED)

    signals = [signal.SIGTERM] + ([signal.SIGUSR1] if hasattr(signal, "SIGUSR1") else [])
    try:
        previous = {signum: signal.signal(signum, ended) for signum in signals}
    except ValueError:  # not the main thread: leave the signals as they are
        yield
        return
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)

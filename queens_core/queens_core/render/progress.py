"""The progress bar of the long commands (``queens stats``, ``queens generate``): one line
on standard error, redrawn in place, on a terminal only; and the :class:`Ticker` of a
command whose one step may take long (a 32×32 board): it keeps the bar moving on a
terminal, and elsewhere (a script's or CI's log) says now and then what runs and for
how long, one line at a time.

It writes to a stream it is given rather than through click, so that it stays with the
rest of the presentation, below the CLI.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable
from typing import TextIO


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal; a closed or fake stream (a test's) is not."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """A one-line progress bar on a terminal, shown only once a run has lasted ``delay``
    seconds, redrawn at most every ``interval`` seconds and erased at the end.

    Not a terminal (a pipe, a file, a test): nothing at all is written.
    """

    WIDTH = 30

    def __init__(
        self,
        stream: TextIO,
        delay: float = 1.0,
        interval: float = 0.1,
        clock: Callable[[], float] = time.monotonic,
        enabled: bool | None = None,
    ):
        self.stream = stream
        self.enabled = is_terminal(stream) if enabled is None else enabled
        self.delay = delay
        self.interval = interval
        self.clock = clock
        self.started = clock()
        self.last_drawn: float | None = None

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if now - self.started < self.delay:
            return
        if self.last_drawn is not None and now - self.last_drawn < self.interval and done < total:
            return
        self.draw(done, total)

    def draw(self, done: int, total: int, after: str = "") -> None:
        """Draw the bar now (``after``: what follows the count)."""
        self.last_drawn = self.clock()
        filled = self.WIDTH * done // max(total, 1)
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} boards{after}")
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar if it was drawn."""
        if self.last_drawn is not None:
            self.last_drawn = None
            self.stream.write("\r" + " " * (self.WIDTH + 30) + "\r")
            self.stream.flush()


#: When the :class:`Ticker` first speaks (seconds into the run), and then how often: on
#: a terminal, the bar's seconds; elsewhere, a line.
FIRST_TICK = 5.0
TICK_ON_A_TERMINAL = 1.0
TICK_IN_A_LOG = 15.0


class Ticker:
    """While a run of ``total`` steps is under way: on a terminal, the bar drawn with the
    seconds so far every second (the bar alone moves only when a step ends, and the one
    step of ``queens generate --size 32`` takes half a minute); elsewhere, after
    :data:`FIRST_TICK` seconds and then every :data:`TICK_IN_A_LOG`, a line that
    ``say(done, seconds)`` words. The main thread counts the steps (:meth:`step`); a
    thread of the ticker's own speaks, under the same lock as the bar, and is ended by
    :meth:`close`. Nothing at all when ``enabled`` is false (``--quiet``)."""

    def __init__(
        self,
        bar: Progress,
        total: int,
        say: Callable[[int, float], str],
        enabled: bool = True,
        first: float | None = None,
        every: float | None = None,
    ):
        self.bar = bar
        self.total = total
        self.say = say
        self.done = 0
        self.first = FIRST_TICK if first is None else first
        if every is None:
            every = TICK_ON_A_TERMINAL if bar.enabled else TICK_IN_A_LOG
        self.every = every
        self.started = time.monotonic()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if enabled and total > 0:
            self._thread = threading.Thread(target=self._run, name="queens-ticker", daemon=True)
            self._thread.start()

    def step(self, done: int) -> None:
        """``done`` steps are over: the bar moves (on a terminal)."""
        with self._lock:
            self.done = done
            self.bar(done, self.total)

    def _run(self) -> None:
        # Signals are the main thread's to take, as the watchdog's thread leaves them: a C
        # library that sets its own SIGINT handler while it works (CryptoMiniSat's solver,
        # which the Star Battle maker asks) must not get Ctrl-C here instead, where
        # nothing stops the batch.
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        wait = self.first
        while not self._stop.wait(wait):
            wait = self.every
            with self._lock:
                if self._stop.is_set():
                    return
                seconds = time.monotonic() - self.started
                try:
                    if self.bar.enabled:
                        self.bar.draw(self.done, self.total, f", {seconds:.0f} s")
                    else:
                        self.bar.stream.write(self.say(self.done, seconds) + "\n")
                        self.bar.stream.flush()
                except (OSError, ValueError):  # standard error is gone: nowhere to say it
                    return

    def close(self) -> None:
        """Stop the ticker (its thread has ended when this returns) and erase the bar."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        with self._lock:
            self.bar.close()

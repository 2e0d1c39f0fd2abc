"""The progress bar of the long commands (``queens stats``, ``queens generate``): one line
on standard error, redrawn in place, on a terminal only.

It writes to a stream it is given rather than through click, so that it stays with the
rest of the presentation, below the CLI.
"""

from __future__ import annotations

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
        self.last_drawn = now
        filled = self.WIDTH * done // max(total, 1)
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} boards")
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar if it was drawn."""
        if self.last_drawn is not None:
            self.stream.write("\r" + " " * (self.WIDTH + 30) + "\r")
            self.stream.flush()

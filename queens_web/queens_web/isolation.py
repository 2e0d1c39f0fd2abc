"""Pictures are read in a child process: its memory goes back to the system when it
ends, it runs under a memory cap, and a reader that never returns is killed.

A picture can unpack to far more memory than its file size, and Python rarely hands
freed memory back; a reader package can hang. So the server reads each picture in a
forked child (:mod:`queens_core.runtime.forks`: a copy of the server, the rules already
loaded, so it starts in milliseconds), under a cap of :data:`MEMORY_HEADROOM`, and waits
for its answer for a given time. Text boards are read in the server itself: they are
small and the text reader is ours.

Where the system has no ``fork`` (Windows), pictures are read in the server.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from queens_core.api import ChildOutOfMemory, ChildTimedOut, can_fork, run_in_child

from .problems import Problem

#: What a picture's read may add to the server's address space before the child is
#: stopped: a 10-megapixel picture needs well under this.
MEMORY_HEADROOM = 768 * 1024 * 1024


def can_isolate() -> bool:
    return can_fork()


def run_isolated(work: Callable[[], dict[str, Any]], seconds: float, what: str) -> dict[str, Any]:
    """``work()`` in a forked child, under a memory cap, for at most ``seconds``: its
    document, or the :class:`Problem` it raised; a 503 when it runs out of time, a 413
    when it runs out of memory."""
    try:
        kind, value = run_in_child(lambda: _answer(work), seconds, MEMORY_HEADROOM)
    except ChildTimedOut:
        raise Problem(f"the {what} did not finish within {seconds:g} s", 503) from None
    except ChildOutOfMemory:
        raise Problem(
            f"the {what} ran out of memory (more than {MEMORY_HEADROOM // 2**20} MB): "
            "send a smaller picture",
            413,
        ) from None
    if kind == "problem":
        message, status = value
        raise Problem(message, status)
    return value


def _answer(work: Callable[[], dict[str, Any]]) -> tuple[str, Any]:
    """In the child: the document, or the problem in parts (a Problem does not pickle)."""
    try:
        return ("document", work())
    except Problem as err:
        return ("problem", (str(err), err.status))
    except MemoryError:
        raise  # the child ends without an answer: out of memory
    except Exception as err:  # our bug, or a reader's the adapter did not name
        return ("problem", (f"internal error: {type(err).__name__}: {err}", 500))

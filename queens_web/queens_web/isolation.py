"""Pictures are read in a child process: its memory goes back to the system when it
ends, it runs under a memory cap, and a reader that never returns is killed.

A picture can unpack to far more memory than its file size, and Python rarely hands
freed memory back; a reader package can hang. So the server forks a child for each
picture (a copy of the server, the rules already loaded, so it starts in milliseconds),
caps the child's address space, and waits for its answer for a given time. Text boards
are read in the server itself: they are small and the text reader is ours.

Where the system has no ``fork`` (Windows), pictures are read in the server.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from .problems import Problem

#: What a picture's read may add to the server's address space before the child is
#: stopped: a 10-megapixel picture needs well under this.
MEMORY_HEADROOM = 768 * 1024 * 1024


def can_isolate() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def run_isolated(work: Callable[[], dict[str, Any]], seconds: float, what: str) -> dict[str, Any]:
    """``work()`` in a forked child, under a memory cap, for at most ``seconds``: its
    document, or the :class:`Problem` it raised; a 503 when it runs out of time, a 413
    when it runs out of memory."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(work, sender), daemon=True)
    child.start()
    sender.close()
    try:
        if not receiver.poll(seconds):
            raise Problem(f"the {what} did not finish within {seconds:g} s", 503)
        kind, value = receiver.recv()
    except EOFError:
        raise Problem(
            f"the {what} ran out of memory (more than {MEMORY_HEADROOM // 2**20} MB): "
            "send a smaller picture",
            413,
        ) from None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receiver.close()
    if kind == "problem":
        message, status = value
        raise Problem(message, status)
    return value


def _child(work: Callable[[], dict[str, Any]], sender: Connection) -> None:
    _cap_memory()
    try:
        answer: tuple[str, Any] = ("document", work())
    except Problem as err:
        answer = ("problem", (str(err), err.status))
    except MemoryError:
        os._exit(1)  # the parent sees no answer: out of memory
    except Exception as err:  # our bug, or a reader's the adapter did not name
        answer = ("problem", (f"internal error: {type(err).__name__}: {err}", 500))
    sender.send(answer)
    sender.close()


def _cap_memory() -> None:
    """Limit this process's address space to what it has now plus the headroom."""
    try:
        import resource

        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[0])
        size = pages * os.sysconf("SC_PAGE_SIZE") + MEMORY_HEADROOM
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
    except (ImportError, OSError, ValueError):
        pass  # no /proc, or no resource module: the pixel limit still holds

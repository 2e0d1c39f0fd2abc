"""Work done in a forked child under a memory cap, for at most a given time.

Some work can take far more memory than its input suggests (a picture unpacks to many
times its file size), and Python rarely hands freed memory back to the system; some
plugin code can hang. :func:`run_in_child` forks a copy of the process (what it loaded
comes along, so the child starts in milliseconds), caps the child's address space at
what it has plus a headroom, and waits for its answer for a given time; the child's
memory goes back to the system when it ends. Where the system has no ``fork``
(:func:`can_fork`), the caller does the work itself.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from . import guards


class ChildTimedOut(Exception):
    """The child did not answer in time (it was killed)."""


class ChildOutOfMemory(Exception):
    """The child ended without an answer: it ran out of the memory it was given."""


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def run_in_child(work: Callable[[], Any], seconds: float, headroom: int) -> Any:
    """What ``work()`` returns, computed in a forked child whose address space may grow
    by ``headroom`` bytes, in at most ``seconds``. ``work`` answers with a value that
    pickles (what it raises is its own to turn into one: an exception in the child
    ends it without an answer, as running out of memory does). Raises
    :class:`ChildTimedOut` or :class:`ChildOutOfMemory`."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(work, headroom, sender), daemon=True)
    with guards.own_fork():
        child.start()
    sender.close()
    try:
        if not receiver.poll(seconds):
            raise ChildTimedOut
        return receiver.recv()
    except EOFError:
        raise ChildOutOfMemory from None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receiver.close()


def _child(work: Callable[[], Any], headroom: int, sender: Connection) -> None:
    _cap_memory(headroom)
    try:
        answer = work()
    except MemoryError:
        os._exit(1)  # the parent sees no answer: out of memory
    sender.send(answer)
    sender.close()


def _cap_memory(headroom: int) -> None:
    """Limit this process's address space to what it has now plus ``headroom``."""
    try:
        import resource

        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[0])
        size = pages * os.sysconf("SC_PAGE_SIZE") + headroom
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
    except (ImportError, OSError, ValueError):
        pass  # no /proc, or no resource module: the caller's own limits still hold

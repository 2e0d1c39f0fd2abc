"""How a ``queens`` process starts and ends, shared by its entry point and the commands.

:mod:`queens_core.cli.entry` starts the run with the cyclic garbage collector off and
ends it early when nothing is left to tidy (:func:`exit_without_teardown`); the
commands say when start-up is over and whether a command package was loaded. That
state lives here, in a leaf that imports nothing but :mod:`gc` and :mod:`os` (both
loaded with Python itself): the entry point imports it before it can catch Ctrl-C,
and no module of the command line imports the entry point (which imports the group to
run it).
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable
from typing import NoReturn

#: Whether a command package was loaded: its command may leave a file open for Python's
#: own exit to flush and close, so the run then ends the usual way.
_command_packages_loaded = False


def command_packages_loaded() -> None:
    """Say that a command package's commands were loaded (see above)."""
    global _command_packages_loaded
    _command_packages_loaded = True


def were_command_packages_loaded() -> bool:
    """Whether :func:`command_packages_loaded` was called in this process."""
    return _command_packages_loaded


def start_up_over() -> None:
    """The plugins are loaded: turn the cyclic garbage collector back on, for the work
    of the command. What start-up built lives as long as the process, so it is moved out
    of the collector's sight (``gc.freeze``) rather than scanned again on every full
    collection. Nothing is done when start-up did not turn it off (a test calling the
    command in its own process)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def nothing_left_running() -> bool:
    """Whether every thread but this one is a daemon (Python would wait for the others)."""
    import threading  # already imported by click: free here

    main = threading.main_thread()
    return all(thread is main or thread.daemon for thread in threading.enumerate())


def exit_without_teardown(status: int, flush: Callable[[], None]) -> NoReturn:
    """End the process with ``status`` as Python's exit would, less its tearing down of
    every module one by one (some 25 ms of CPU after a command): the exit functions
    (``atexit``) run, then ``flush()`` writes out what they and the command left
    buffered (and may end the process its own way when that fails)."""
    import atexit

    atexit._run_exitfuncs()  # they may still write
    flush()
    os._exit(status)


def end_at_once(status: int) -> NoReturn:
    """End the process now with ``status``: nothing buffered is written, no exit
    function runs (what is left could not be written anyway, and Python would report
    that with a traceback at exit)."""
    os._exit(status)


def end_on_broken_pipe() -> None:
    """Let SIGPIPE end the process, as it ends any Unix tool whose reader stopped
    reading (``queens solve ... | head -1``), with nothing on standard error; Python
    ignores it, and would raise at the next write and print at exit. Called inside the
    entry point's guard (not at import): an interrupt while ``signal`` loads is caught."""
    import signal

    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)

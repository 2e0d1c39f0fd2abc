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

# For the type checker only: typing takes milliseconds to import, and this module is
# imported before the entry point can catch a Ctrl-C (which would print a traceback).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, NoReturn

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


#: The threads that ran when the run started (a program that calls the entry point may
#: have its own): the others still running at its end were started by the run.
_threads_at_start: frozenset[Any] = frozenset()


def note_threads_at_start() -> None:
    """Remember the threads running now, before any plugin code (see below)."""
    import sys

    global _threads_at_start
    threading = sys.modules.get("threading")  # not loaded yet: no thread but this one
    if threading is not None:
        _threads_at_start = frozenset(threading.enumerate())


def threads_left_by_plugins() -> list[tuple[str, str | None]]:
    """The threads started during the run that still run and that Python would wait
    for (not daemons), as (name, the plugin package whose code it runs or started it,
    when that can be told); queens' own such threads are named ``queens-...`` and are
    not counted (the page's pool of workers)."""
    import sys

    threading = sys.modules.get("threading")
    if threading is None:
        return []
    main = threading.main_thread()
    guards = sys.modules.get("queens_core.runtime.guards")
    given_up = guards.abandoned if guards is not None else {}
    left = [
        thread
        for thread in threading.enumerate()
        if thread is not main
        and not thread.daemon
        and thread not in _threads_at_start
        and (not thread.name.startswith("queens-") or thread.ident in given_up)
    ]
    if not left:
        return []
    frames = sys._current_frames()
    named = []
    for thread in left:
        owner = None
        if guards is not None and thread.ident in given_up:
            owner = guards.describe(given_up[thread.ident])
        elif guards is not None:
            owner = guards.owner_of_stack(frames.get(thread.ident))
            target = getattr(getattr(thread, "_target", None), "__code__", None)
            if owner is None and target is not None:
                owner = guards.owner_of_file(target.co_filename)
        named.append((thread.name, owner))
    return named


def children_left_by_plugins() -> list[int]:
    """The process ids of the children made by :mod:`multiprocessing` that still run
    and are no daemons: Python's exit would wait for each (queens makes none such)."""
    import sys

    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is None:
        return []
    return [
        child.pid
        for child in multiprocessing.active_children()
        if not child.daemon and child.pid is not None
    ]


def exit_without_teardown(status: int, flush: Callable[[], None]) -> NoReturn:
    """End the process with ``status`` as Python's exit would, less its tearing down of
    every module one by one (some 25 ms of CPU after a command): ``flush()`` writes out
    the command's output (and may end the process its own way when that fails), the
    exit functions (``atexit``) run, those registered during the run apart
    (:func:`hold_exit_functions`), then ``flush()`` again for what the others wrote."""
    import atexit

    flush()
    atexit._run_exitfuncs()  # they may still write
    flush()
    os._exit(status)


# -- what plugin code leaves for the end: exit functions, writes to descriptor 1 -----------

#: The exit functions registered during the run (by plugin code: queens registers none),
#: as (function, arguments, keywords): :func:`_run_held_exit_functions` runs them.
_held: list[tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]] = []


class _ExitRefused(BaseException):
    """What ``os._exit`` raises in an exit function of plugin code."""


def hold_exit_functions() -> None:
    """From now on, functions given to ``atexit.register`` are held apart and run at
    the end after the command's output is out, with standard output and error pointed
    at nothing and ``os._exit`` refused: an exit function of plugin code can neither
    change the status nor add to, hide or cut the output. Those registered before (by a
    program that runs the entry point) run as Python runs them."""
    import atexit

    register, unregister = atexit.register, atexit.unregister

    def held(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[..., Any]:
        _held.append((function, args, kwargs))
        return function

    def forget(function: Callable[..., Any]) -> None:
        _held[:] = [entry for entry in _held if entry[0] != function]
        unregister(function)

    register(_run_held_exit_functions)  # by Python's own exit too
    atexit.register = held  # type: ignore[assignment]
    atexit.unregister = forget


def _run_held_exit_functions() -> None:
    import sys

    functions = _held[::-1]  # the last registered first, as atexit does
    _held.clear()
    if not functions:
        return
    try:
        sys.stdout.flush()  # the command's output goes out first, whole
    except Exception:  # reported by the caller's own flush
        pass
    streams = sys.stdout, sys.stderr
    saved = []
    for fd in (1, 2):
        try:
            saved.append((os.dup(fd), fd))
        except OSError:  # closed: nothing to put back
            pass
    real_exit = os._exit

    def refuse(status: int) -> NoReturn:
        raise _ExitRefused

    try:
        quiet = os.open(os.devnull, os.O_WRONLY)
        for fd in (1, 2):
            os.dup2(quiet, fd)
        os.close(quiet)
        sys.stdout = sys.stderr = open(os.devnull, "w")
        os._exit = refuse
        for function, args, kwargs in functions:
            try:
                function(*args, **kwargs)
            except BaseException:
                pass
    finally:
        os._exit = real_exit
        for copy, fd in saved:
            os.dup2(copy, fd)
            os.close(copy)
        sys.stdout, sys.stderr = streams


def keep_output_apart() -> None:
    """Give ``sys.stdout`` a descriptor of its own, and point descriptor 1 at standard
    error: what plugin code writes to descriptor 1 by any route (``os.write(1, ...)``,
    ``sys.__stdout__``, ``open("/dev/stdout")``, a C library's ``printf``, a thread
    left running, a child process) lands on standard error, never in the command's
    output. Two system calls, once a run; nothing when standard output is not
    descriptor 1 (a program that runs the entry point with its own)."""
    import io
    import sys

    stdout = sys.stdout
    try:
        if stdout is None or stdout.fileno() != 1:
            return
        private = os.dup(1)  # not inheritable: a child process does not get it
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return
    try:
        os.dup2(2, 1)
    except OSError:  # no standard error: the writes go nowhere instead
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.close(quiet)
    global _output_fd
    _output_fd = private
    sys.stdout = io.TextIOWrapper(
        open(private, "wb", closefd=True),
        encoding=stdout.encoding,
        errors=stdout.errors,
        line_buffering=bool(getattr(stdout, "line_buffering", False)),
    )
    _name_writes_to_descriptor_1(stdout)


def _name_writes_to_descriptor_1(old_stdout: Any) -> None:
    """Name the plugin code that writes to descriptor 1 through Python (``os.write(1,
    ...)``, ``sys.__stdout__``): inside its call it breaks its contract as a ``print``
    does (:func:`queens_core.runtime.guards.wrote_to_descriptor_1`); from a thread it
    left running, its package is named once on standard error. Free until called: the
    checks are in these two routes only (``open("/dev/stdout")`` and C code's writes
    still go to standard error unnamed)."""
    import sys

    real_write = os.write

    def write(fd: int, data: Any) -> int:
        if fd == 1:
            guards = sys.modules.get("queens_core.runtime.guards")
            if guards is not None:
                guards.wrote_to_descriptor_1(bytes(data[:64]), sys._getframe(1))
        return real_write(fd, data)

    os.write = write
    if sys.__stdout__ is old_stdout:
        sys.__stdout__ = _DescriptorOne(old_stdout)  # type: ignore[misc,assignment]


class _DescriptorOne:
    """``sys.__stdout__`` once descriptor 1 is standard error: writes go through, named
    when plugin code makes them (see :func:`_name_writes_to_descriptor_1`)."""

    def __init__(self, stream: Any):
        self.stream = stream

    def write(self, text: str) -> int:
        import sys

        guards = sys.modules.get("queens_core.runtime.guards")
        if guards is not None:
            guards.wrote_to_descriptor_1(text[:64], sys._getframe(1))
        return int(self.stream.write(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


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


#: The descriptor of the command's output once :func:`keep_output_apart` moved it (None:
#: it is descriptor 1).
_output_fd: int | None = None
#: The names by which a path means "this process's standard output".
_STANDARD_OUTPUT_NAMES = ("/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")


def output_path(path: str) -> str:
    """``path`` as the command should open it to write: standard output named as a file
    (``--write /dev/stdout``) is the output's own descriptor, not descriptor 1 (which
    :func:`keep_output_apart` points at standard error)."""
    if _output_fd is not None and path in _STANDARD_OUTPUT_NAMES:
        import sys

        try:
            sys.stdout.flush()  # what was printed before comes first
        except (OSError, ValueError):
            pass
        return f"/dev/fd/{_output_fd}"
    return path

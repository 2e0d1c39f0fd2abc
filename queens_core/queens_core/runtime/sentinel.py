"""The sentinel: a small process that ends ``queens`` when one call holds the interpreter.

A call into C code that never lets go of Python's interpreter lock (a catastrophic
regular expression, ``sum(range(10**12))``, a power of a huge number) stops every
Python thread of the process, the budgets' watchdog too, and no signal handler written
in Python runs until it returns. So the watch over such a call has to live outside the
process. The watchdog (:mod:`queens_core.runtime.guards`) starts this sentinel once,
where plugin code not made with queens runs (that module says when), and sends it a
heartbeat a few times a second; the sentinel

1. notices when no heartbeat has come for :data:`~queens_core.runtime.guards.LOCK_HELD`
   seconds (the longest time budget: a call that keeps the interpreter longer is past
   any), while the process is not stopped (``Ctrl-Z``);
2. asks the process for the Python stack of each of its threads: Python's fault handler,
   set on ``SIGUSR2``, writes them down a pipe, from C, without the interpreter;
3. finds the innermost frame in a plugin package's files (the watchdog tells it where
   each loaded package lives and how to name it), writes one line on standard error
   naming that package, the file and the line;
4. sends ``SIGQUIT``, which the process answers from C by ending with the status of a
   plugin failure (3: its handler is the C library's ``_exit``, which takes the signal's
   number, 3, as the status); a process that does not end that way is killed.

The sentinel ends when the process does (its end of the heartbeats closes), and takes
no Ctrl-C (that is for ``queens``).

Plugin code can kill the sentinel (and starve the watchdog) just before its long call.
The watchdog starts a new sentinel when it finds the old one gone, but a call that
holds the interpreter from then on leaves it no chance; so a :class:`Reserve` stands
behind the sentinel, in the C library rather than in Python: a timer of the kernel that
the watchdog pushes ahead at each heartbeat, and that, when it fires
:data:`~queens_core.runtime.guards.RESERVE_AFTER` seconds after the sentinel would have
acted, has a thread of the C library start a fresh sentinel (``system()``, which needs
no interpreter). That one asks for the stacks and names the package the same way,
unless the sentinel it stands for still runs (the process was only stopped a while:
``Ctrl-Z``). A side effect: ``SIGQUIT`` (Ctrl-\\) ends ``queens``
at once with status 3 too, without a core dump. Linux only (it reads ``/proc`` and
calls the C library through ctypes' C module); elsewhere the fault handler's own dump
after :data:`~queens_core.runtime.guards.STARVED` seconds is what remains.
"""

from __future__ import annotations

import _socket
import os
import signal
import sys

#: The sentinel's program (run by path: ``ps`` shows what it is).
PROGRAM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sentinel_main.py")


class Sentinel:
    """The parent's end of a running sentinel: the socket the heartbeats go down (a
    socket, not a pipe: a write to a sentinel that is gone must not end queens with
    SIGPIPE, which the command line leaves at its default), and the fault handler's
    pipe."""

    def __init__(self, pid: int, beat: _socket.socket, dump: int, dump_read: int):
        self.pid = pid
        self.beat = beat
        self.dump = dump
        #: The read end of the fault handler's pipe, kept here too: the stacks never meet
        #: a pipe without a reader (which would end queens with SIGPIPE) when plugin code
        #: killed the sentinel, and a reserve sentinel reads them through ``/proc``.
        self.dump_read = dump_read

    def send(self, message: bytes) -> bool:
        """Write ``message``; False once the sentinel is gone."""
        try:
            self.beat.send(message, _socket.MSG_NOSIGNAL)
        except BlockingIOError:
            return True  # it has not read the last ones yet: it knows queens runs
        except OSError:
            return False
        return True

    def close(self) -> None:
        self.beat.close()
        for fd in (self.dump, self.dump_read):
            try:
                os.close(fd)
            except OSError:
                pass


def can_start() -> bool:
    return (
        sys.platform.startswith("linux")
        and sys.implementation.name == "cpython"
        and bool(sys.executable)
        and hasattr(os, "posix_spawn")
        and os.path.exists(PROGRAM)
    )


def start(held: float, tell: int, reserve: Reserve | None = None) -> Sentinel | None:
    """Start a sentinel over this process (``tell``: a process to send SIGUSR1 to when
    it ends this one, 0 for none; ``reserve``: told where the new sentinel is); None
    where it cannot work, or SIGQUIT is taken by another handler than ours."""
    if not can_start() or signal.getsignal(signal.SIGQUIT) not in (signal.SIG_DFL, None):
        return None  # None: the C library's _exit, set by a sentinel started before
    import faulthandler

    beat, beat_end = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_STREAM)
    beat.setblocking(False)
    beat_read = beat_end.fileno()
    dump, dump_write = os.pipe()
    try:
        pid = os.posix_spawn(
            sys.executable,
            [sys.executable, "-I", "-S", PROGRAM, str(os.getpid()), repr(held), str(tell)],
            os.environ,
            file_actions=[
                (os.POSIX_SPAWN_DUP2, beat_read, 0),
                (os.POSIX_SPAWN_DUP2, dump, 3),
            ],
        )
    except OSError:
        for fd in (dump, dump_write):
            os.close(fd)
        beat.close()
        beat_end.close()
        return None
    beat_end.close()
    faulthandler.register(signal.SIGUSR2, file=dump_write, all_threads=True)
    _exit_on_sigquit()
    if reserve is not None:
        reserve.note(f"P{pid}\nD{dump}\n".encode())
    return Sentinel(pid, beat, dump_write, dump)


def _exit_on_sigquit() -> None:
    """Make the C library's ``_exit`` the handler of SIGQUIT: it runs without the
    interpreter, and exits with its argument, the signal's number, 3. Through ctypes'
    own C module: the ctypes package costs a few milliseconds to import, at every start
    of ``queens``, for the three types used here."""
    import _ctypes

    class Pointer(_ctypes._SimpleCData):
        _type_ = "P"

    class Int(_ctypes._SimpleCData):
        _type_ = "i"

    class SetHandler(_ctypes.CFuncPtr):
        _flags_ = _ctypes.FUNCFLAG_CDECL
        _restype_ = Pointer
        _argtypes_ = (Int, Pointer)

    # None: the program's own symbols, the C library's among them (as ctypes.CDLL(None)).
    libc = _ctypes.dlopen(None, os.RTLD_NOW)  # type: ignore[arg-type]
    SetHandler(_ctypes.dlsym(libc, "signal"))(int(signal.SIGQUIT), _ctypes.dlsym(libc, "_exit"))


class Reserve:
    """The sentinel's stand-in, kept by the C library and the kernel (see above): a
    timer that runs ``system(command)`` in a thread of the C library when it fires, and
    a log (a file in memory, read by the reserve sentinel through ``/proc``) of what it
    needs: the packages' names (``N`` lines, as the sentinel is told), the pid of the
    sentinel it stands for (``P``) and the descriptor of the stacks' pipe (``D``)."""

    def __init__(self, after: float, tell: int):
        import ctypes

        class TimeSpec(ctypes.Structure):
            _fields_ = [("seconds", ctypes.c_long), ("nanoseconds", ctypes.c_long)]

        class TimerSpec(ctypes.Structure):
            _fields_ = [("interval", TimeSpec), ("value", TimeSpec)]

        class SigEvent(ctypes.Structure):  # Linux's struct sigevent, 64 bytes
            _fields_ = [
                ("value", ctypes.c_void_p),
                ("signo", ctypes.c_int),
                ("notify", ctypes.c_int),
                ("function", ctypes.c_void_p),
                ("attributes", ctypes.c_void_p),
                ("padding", ctypes.c_int * 8),
            ]

        if ctypes.sizeof(SigEvent) != 64:
            raise OSError("not the sigevent of 64-bit Linux")
        self.log = os.memfd_create("queens-sentinel-names")
        words = [sys.executable, "-I", "-S", PROGRAM, "--reserve", str(os.getpid())]
        words += [repr(after), str(tell), str(self.log)]
        command = " ".join(shlex_quote(word) for word in words)
        # Kept alive as long as the timer: the C library reads it when the timer fires.
        self.command = ctypes.create_string_buffer((command + " </dev/null >/dev/null &").encode())
        libc = ctypes.CDLL(None, use_errno=True)
        event = SigEvent(
            value=ctypes.cast(self.command, ctypes.c_void_p),
            notify=2,  # SIGEV_THREAD: call the function in a new thread of the C library
            function=ctypes.cast(libc.system, ctypes.c_void_p),
        )
        self.timer = ctypes.c_void_p()
        if libc.timer_create(1, ctypes.byref(event), ctypes.byref(self.timer)) != 0:  # MONOTONIC
            os.close(self.log)
            raise OSError(ctypes.get_errno(), "timer_create")
        self.spec = TimerSpec()
        self.spec.value.seconds = int(after)
        self.spec.value.nanoseconds = int((after - int(after)) * 1e9)
        self._settime = libc.timer_settime
        self._settime.argtypes = (ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
        self._spec = ctypes.byref(self.spec)
        self.arm()

    def arm(self) -> None:
        """Push the timer a whole delay ahead (one system call; the watchdog's beat)."""
        self._settime(self.timer, 0, self._spec, None)

    def note(self, message: bytes) -> None:
        try:
            os.write(self.log, message)
        except OSError:
            pass


def start_reserve(after: float, tell: int) -> Reserve | None:
    """A :class:`Reserve` that fires ``after`` seconds from each :meth:`Reserve.arm`;
    None where it cannot be had (not 64-bit Linux with the C library's timers)."""
    if not can_start() or not hasattr(os, "memfd_create"):
        return None
    try:
        return Reserve(after, tell)
    except (OSError, AttributeError, ValueError):
        return None


def shlex_quote(text: str) -> str:
    """``text`` as one word of the shell (shlex.quote, without importing shlex and re)."""
    return "'" + text.replace("'", "'\"'\"'") + "'"


def forget_reserve_in_child(reserve: Reserve) -> None:
    """In a child made by fork: the kernel gave it no timer (timers stay with the
    process that made them), and the log is the parent's: it is closed here (the
    child makes its own reserve with its own sentinel)."""
    try:
        os.close(reserve.log)
    except OSError:
        pass


def forget_in_child(sentinel: Sentinel) -> None:
    """In a child process made by fork: the parent's sentinel is not this process's;
    its pipes are closed here (the parent's sentinel then ends with the parent), and
    SIGQUIT gets its ordinary meaning back until the child starts its own."""
    import faulthandler

    sentinel.close()
    faulthandler.unregister(signal.SIGUSR2)
    try:
        signal.signal(signal.SIGQUIT, signal.SIG_DFL)
    except ValueError:  # forked from a thread that is not the main one: it cannot
        pass


def paths_of(module: object) -> list[str]:
    """Where a plugin's code lives: its package's folders, or its module's file."""
    folders = getattr(module, "__path__", None)
    if folders is not None:
        return [str(folder) for folder in folders]
    file = getattr(module, "__file__", None)
    return [file] if isinstance(file, str) else []

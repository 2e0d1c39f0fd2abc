"""The sentinel's own program (:mod:`queens_core.runtime.sentinel` says what it is for).

Run as ``python -I -S sentinel_main.py PID SECONDS TELL``, with the heartbeats' socket
on descriptor 0 and the fault handler's pipe on descriptor 3: it imports only modules
built into Python (it starts in milliseconds, with no site-packages), writes nothing but
its one line, and ends when the process it watches does.

Run as ``python -I -S sentinel_main.py --reserve PID SECONDS TELL LOG`` by the reserve's
timer (:class:`queens_core.runtime.sentinel.Reserve`), when the watchdog has not pushed
that timer ahead for SECONDS: it reads what it needs from the log, descriptor LOG of the
process, and acts at once, unless the sentinel it stands for still runs.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import time

#: Seconds the stacks have to arrive once asked for, and the process to end once told.
ANSWER = 2.0


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for queens, which it watches
    if sys.argv[1] == "--reserve":
        reserve(int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
        return
    os.closerange(4, 4096)  # the descriptors queens let its children have: not for this
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # a reader of queens' output sees its end
    pid, held, tell = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
    names = watch(pid, held)
    line = verdict(stacks(pid), names, held)
    try:
        os.write(2, line.encode("utf-8", "replace") + b"\n")
    finally:
        end(pid, tell)


def watch(pid: int, held: float) -> list[tuple[str, str]]:
    """Read heartbeats and package names until none has come for ``held`` seconds while
    the process was not stopped; the names (folder, how to name it). Exits when the
    process ends."""
    names: list[tuple[str, str]] = []
    last = time.monotonic()
    rest = b""
    while True:
        ready = select.select([0], [], [], 0.25)[0]
        now = time.monotonic()
        if ready:
            data = os.read(0, 65536)
            if not data:
                sys.exit(0)
            last = now
            *lines, rest = (rest + data).split(b"\n")
            for line in lines:
                if line[:1] == b"N":
                    root, _, name = line[1:].decode("utf-8", "replace").partition("\t")
                    names.append((root.rstrip(os.sep) + os.sep, name))
        elif stopped(pid):
            last = now
        elif now - last >= held:
            return names


def reserve(pid: int, held: float, tell: int, log: int) -> None:
    """Stand in for the sentinel named in the log when it is gone (killed by plugin code):
    the same line, from the same stacks, and the same end."""
    try:
        with open(f"/proc/{pid}/fd/{log}", "rb") as notes:
            lines = notes.read().split(b"\n")
    except OSError:
        return  # queens has ended
    names, watched_by, dump = [], 0, -1
    for note in lines:
        if note[:1] == b"N":
            root, _, name = note[1:].decode("utf-8", "replace").partition("\t")
            names.append((root.rstrip(os.sep) + os.sep, name))
        elif note[:1] == b"P":
            watched_by = int(note[1:])
        elif note[:1] == b"D":
            dump = int(note[1:])
    while stopped(pid):  # Ctrl-Z: the timer ran on meanwhile, not the call
        time.sleep(0.25)
    if watched_by and sentinel_runs(watched_by, pid):
        return  # it acts itself (or the process was only stopped for a while)
    try:
        fd = os.open(f"/proc/{pid}/fd/{dump}", os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return
    os.dup2(fd, 3)
    line = verdict(stacks(pid), names, held)
    try:
        os.write(2, line.encode("utf-8", "replace") + b"\n")
    finally:
        end(pid, tell)


def sentinel_runs(sentinel: int, pid: int) -> bool:
    """Whether process ``sentinel`` is still the sentinel of process ``pid``."""
    try:
        with open(f"/proc/{sentinel}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        with open(f"/proc/{sentinel}/cmdline", "rb") as cmdline:
            program = cmdline.read()
    except OSError:
        return False
    return fields[0] != b"Z" and int(fields[1]) == pid and b"sentinel_main" in program


def stopped(pid: int) -> bool:
    """Whether the process is stopped (Ctrl-Z, a debugger): it runs no code then."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] in (b"T", b"t")
    except (OSError, IndexError):
        return False


def stacks(pid: int) -> list[list[tuple[str, str]]]:
    """The Python stack of each thread of the process, innermost frame first, as (file,
    line): its fault handler writes them down descriptor 3 when sent SIGUSR2."""
    os.kill(pid, signal.SIGUSR2)
    dump = b""
    deadline = time.monotonic() + ANSWER
    while time.monotonic() < deadline:
        if not select.select([3], [], [], 0.2)[0]:
            if dump:
                break
            continue
        chunk = os.read(3, 65536)
        if not chunk:
            break
        dump += chunk
    threads: list[list[tuple[str, str]]] = []
    for line in dump.decode("utf-8", "replace").splitlines():
        if line.startswith(("Thread ", "Current thread ")):
            threads.append([])
        elif line.startswith('  File "') and threads:
            path, _, after = line[8:].partition('", line ')
            threads[-1].append((path, after.split(" ", 1)[0]))
    return threads


def verdict(threads: list[list[tuple[str, str]]], names: list[tuple[str, str]], held: float) -> str:
    """The one line: the package whose file is innermost in a thread's stack (a thread
    stuck in its call has that file at the top), else where the first thread is."""

    def owner(path: str) -> str | None:
        return next((name for root, name in names if path.startswith(root)), None)

    for innermost_only in (True, False):
        for frames in threads:
            for path, number in frames[:1] if innermost_only else frames:
                name = owner(path)
                if name is not None:
                    return (
                        f"queens: error: {name} did not stop: one call it made (at "
                        f"{path}:{number}) held the Python interpreter for {held:g} s, past "
                        "its time budget, so queens ended"
                    )
    where = f" (at {threads[0][0][0]}:{threads[0][0][1]})" if threads and threads[0] else ""
    return (
        f"queens: error: a call{where} held the Python interpreter for {held:g} s, past any "
        "time budget, so queens ended"
    )


def end(pid: int, tell: int) -> None:
    """End the process: SIGQUIT, which it answers from C with status 3; SIGKILL if it
    does not. ``tell`` (a parent waiting for it, or 0) gets SIGUSR1 first."""
    if tell:
        try:
            os.kill(tell, signal.SIGUSR1)
        except OSError:
            pass
    os.kill(pid, signal.SIGQUIT)
    time.sleep(ANSWER)
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass


if __name__ == "__main__":
    main()

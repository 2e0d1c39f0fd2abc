"""The sentinel's stand-ins: a sentinel that plugin code killed is started again while
Python still runs, and the reserve started by the C library keeps quiet while the
sentinel it stands for still runs (a process stopped with Ctrl-Z longer than the
reserve waits, continued)."""

from __future__ import annotations

import subprocess
import sys

#: Start the watch over plugin code not made with queens, kill its sentinel, and say
#: whether another took its place (and the reserve's log names it) a second later.
KILL_THE_SENTINEL = """
import os, signal, time
from queens_core.runtime import guards
guards.untrusted_code_ahead()
with guards.plugin_code("plugin package x[y]", 5.0):
    pass
killed = guards._sentinel.pid
os.kill(killed, signal.SIGKILL)
# The watchdog finds the sentinel gone at its next beat (every quarter second); a loaded
# machine may take longer, so look until the new one is there, up to a generous bound.
deadline = time.monotonic() + 20
while True:
    now = guards._sentinel.pid if guards._sentinel is not None else 0
    with open(f"/proc/self/fd/{guards._reserve.log}", "rb") as log:
        told = [int(line[1:]) for line in log.read().split(b"\\n") if line[:1] == b"P"]
    if now not in (0, killed) and len(told) > 1 or time.monotonic() > deadline:
        break
    time.sleep(0.05)
print(now not in (0, killed), told == [killed, now])
"""


def test_a_killed_sentinel_is_started_again_and_the_reserve_told():
    done = subprocess.run(
        [sys.executable, "-c", KILL_THE_SENTINEL],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.stdout == "True True\n", done.stderr


#: A reserve fired while the sentinel it stands for still runs (the process was stopped
#: for a while): it ends nothing, and writes nothing.
RESERVE_WHILE_THE_SENTINEL_RUNS = """
import os, subprocess, sys, time
from queens_core.runtime import guards, sentinel
guards.untrusted_code_ahead()
with guards.plugin_code("plugin package x[y]", 5.0):
    pass
done = subprocess.run(
    [sys.executable, "-I", "-S", sentinel.PROGRAM, "--reserve", str(os.getpid()), "62.0",
     "0", str(guards._reserve.log)],
    capture_output=True, timeout=20,
)
print(done.returncode, repr(done.stderr))
"""


def test_a_reserve_keeps_quiet_while_its_sentinel_runs():
    done = subprocess.run(
        [sys.executable, "-c", RESERVE_WHILE_THE_SENTINEL_RUNS],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, "0 b''\n"), done.stderr

"""Hostile and unsound rule plugins, as the bodies of ``apply(ctx)`` (fakedist.rule_module
turns one into an installable package). Each breaks the rule contract in its own way; the
tests install one at a time and expect every command to name it, with its package, in one
line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: Kills, once, a cell of the solution whose row still has other live cells: nothing is
#: empty yet, so a sound rule exposes the contradiction later (the kit's lying rule).
HIDDEN_KILL = """
from queens_core.testing import unsound_kill

unsound_kill(ctx)
"""

#: Expensive tier: when the cheap rules are stuck, guess a queen on the first live cell of
#: the first queenless region. On a board with two solutions the guess picks one of them
#: and the rules "solve" the board without ever meeting a contradiction.
GUESS = """
for region in ctx.board.region_masks:
    cells = ctx.state.live & region
    if cells and not ctx.state.queens & region:
        ctx.place((cells & -cells).bit_length() - 1)
        return
"""

#: Changes the board every rule reads: its kill masks now kill nothing.
BOARD_MUTATION = """
ctx.board.kill_masks = tuple(0 for _ in ctx.board.kill_masks)
"""

#: Records something that is not a Step.
NOT_A_STEP = """
if ctx.state.live:
    ctx.steps.append(("not_a_step", 0, 0, ()))
"""

#: Raises a BaseException that is neither Exception nor SystemExit.
BASE_EXCEPTION = """
class Escape(BaseException):
    pass

raise Escape("out of here")
"""

#: Prints to standard output, where the board goes.
PRINTS = """
print("debugging output")
"""

#: Never returns.
RUNAWAY = """
while True:
    pass
"""

#: Overwrites the cache entry of another rule (the polyomino sweep keeps one).
CACHE_VANDAL = """
ctx.state.caches["polyomino_domino"] = {"garbage": True}
"""

#: Raises with a message of several lines.
MULTILINE_MESSAGE = """
raise ValueError("first line\\nsecond line\\n\\tthird line")
"""


def apply_of(body: str) -> Callable[[Any], None]:
    """One of the bodies above as an ``apply(ctx)`` function, for tests that register a
    rule in-process instead of installing a package."""
    namespace: dict[str, Any] = {}
    exec("def apply(ctx):\n" + "".join(f"    {line}\n" for line in body.splitlines()), namespace)
    return namespace["apply"]


#: Raises KeyboardInterrupt itself: no Ctrl-C was pressed, so it is the rule's failure.
INTERRUPTS = """
raise KeyboardInterrupt
"""

#: Raises SystemExit(0): a rule cannot end the command, least of all with "solved".
EXITS = """
raise SystemExit(0)
"""

#: Writes to standard error, where queens reports (noise a script would take for errors).
WRITES_STDERR = """
import sys
sys.stderr.write("noise\\n")
"""

#: Swallows the alarm of the time budget and goes on: the soft budget cannot stop it.
SWALLOWS_THE_ALARM = """
import time
while True:
    try:
        time.sleep(0.05)
    except BaseException:
        pass
"""

#: One long call into C that holds the interpreter lock: no Python thread runs until it
#: returns (in some hours), the budget's watchdog included.
HOLDS_THE_LOCK = """
sum(range(10**12))
"""

#: Stops what watches it first: raises SystemExit in the watchdog thread and waits a
#: moment (its time budget is short) for it to end, kills every child process (the
#: sentinel), then makes one long call into C that holds the interpreter lock.
KILLS_THE_WATCHERS = """
import ctypes, os, signal, threading
for thread in threading.enumerate():
    if thread.name == "queens-time-budget":
        ctypes.pythonapi.PyThreadState_SetAsyncExc(
            ctypes.c_ulong(thread.ident), ctypes.py_object(SystemExit))
        thread.join(0.05)
for task in os.listdir("/proc/self/task"):
    with open(f"/proc/self/task/{task}/children") as children:
        for child in children.read().split():
            os.kill(int(child), signal.SIGKILL)
sum(range(10**12))
"""

# -- readers (the body of a reader package's module; fakedist installs it) -------------

#: A reader package whose reader "hostile" has ``sniff`` and ``read`` bodies of a test's
#: choosing (``{sniff}``, ``{read}``: one statement each), suffix ``.hostile``, inline.
READER_PACKAGE = """
from queens_core import Board, Reader, Reading, hookimpl


def sniff(data):
    {sniff}


def read(data):
    {read}


@hookimpl
def queens_register_readers():
    return [Reader(name="{name}", summary="A hostile reader", read=read,
                   suffixes=({suffix!r},), sniff=sniff, inline=True)]
"""

#: A command package whose command is called ``serve``, as queens-web's is.
SERVE_TAKEOVER = """
import click
from queens_core import hookimpl


@click.command()
def serve():
    \"\"\"Not the real page.\"\"\"
    click.echo("taken over")


@hookimpl
def queens_register_commands():
    return [serve]
"""

#: Sets the alarm of the time budget aside (ignored, and blocked) and runs on: no signal
#: reaches it, so only a watch that keeps its own clock can stop it.
IGNORES_THE_ALARM = """
import signal
signal.signal(signal.SIGALRM, signal.SIG_IGN)
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
while True:
    pass
"""

#: Ends the worker process of ``generate --jobs`` it runs in, on its 20th call in that
#: process, once a batch (while the file named by QUEENS_TEST_ONCE does not exist yet:
#: the run that resumes the batch then goes through). ``{end}`` is how it ends.
ENDS_ITS_WORKER = """
import os
calls = globals()["calls"] = globals().get("calls", 0) + 1
marker = os.environ["QUEENS_TEST_ONCE"]
if calls == 20 and not os.path.exists(marker):
    open(marker, "w").close()
    {end}
"""

#: How ENDS_ITS_WORKER ends its worker: killed as the out-of-memory killer does, by
#: ``os._exit``, by a crash in C code.
WORKER_ENDINGS = {
    "sigkill": "import signal; os.kill(os.getpid(), signal.SIGKILL)",
    "os_exit": "os._exit(0)",
    "segfault": "import ctypes; ctypes.string_at(0)",
}

#: Starts, once a process, a thread that Python's exit waits for (not a daemon), which
#: never ends.
LEAVES_A_THREAD = """
import threading, time
if not globals().get("started"):
    globals()["started"] = True
    threading.Thread(target=lambda: time.sleep(3600), name="hostile-thread").start()
"""

#: Forks the process, once a process, and goes on in both copies (what a rule that ran
#: work in a child and forgot to end it does).
FORKS = """
import os
if not globals().get("forked"):
    globals()["forked"] = True
    os.fork()
"""

#: A sound rule (it deduces nothing) under which the user's signal (``{signal}``) comes
#: while it runs in the ``queens`` process itself, not in a worker of --jobs: while a
#: resumed batch grades again the boards it kept. Only when QUEENS_TEST_SIGNAL is set.
SIGNALLED_WHILE_REGRADING = """
import multiprocessing, os, signal, time
if os.environ.get("QUEENS_TEST_SIGNAL") and multiprocessing.parent_process() is None:
    os.kill(os.getpid(), signal.{signal})
    time.sleep(5)
"""

#: Exit functions that plugin code registers, each once a process, to change how the run
#: ends: its status, or its output.
EXIT_HOOKS = {
    "exits_0": "import atexit, os; atexit.register(lambda: os._exit(0))",
    "appends": "import atexit; atexit.register(lambda: print('garbage after the document'))",
    "hides": (
        "import atexit, os\natexit.register(lambda: os.dup2(os.open(os.devnull, os.O_WRONLY), 1))"
    ),
}

#: Ways round the guard on ``sys.stdout`` to standard output's descriptor, each taken on
#: every call: none may reach the document.
WRITES_TO_DESCRIPTOR_1 = {
    "os_write": "import os; os.write(1, b'os.write\\n')",
    "dunder_stdout": "import sys; sys.__stdout__.write('dunder\\n'); sys.__stdout__.flush()",
    "dev_stdout": "with open('/dev/stdout', 'w') as out:\n    out.write('dev stdout\\n')",
    "thread": (
        "import threading, os, time\n"
        "def babble():\n"
        "    while True:\n"
        "        os.write(1, b'thread\\n')\n"
        "        time.sleep(0.001)\n"
        "if not globals().get('babbling'):\n"
        "    globals()['babbling'] = True\n"
        "    threading.Thread(target=babble, daemon=True).start()"
    ),
}

#: Raises with a message that commands the terminal: an escape sequence that sets the
#: window's title, a bidirectional override, a fake line of output.
TERMINAL_COMMANDS = """
raise ValueError("\\x1b]0;pwned\\x07title \\u202egnp.exe \\rqueens: solved")
"""

#: Raises with a message of 10 MB.
HUGE_MESSAGE = """
raise ValueError("x" * 10_000_000)
"""

#: Changes the working directory (to the folder QUEENS_TEST_ELSEWHERE names).
CHANGES_DIRECTORY = """
import os
os.chdir(os.environ["QUEENS_TEST_ELSEWHERE"])
"""

#: Changes the board's size past its read-only guard, once: the next rules would read
#: past the board.
RESIZES_THE_BOARD = """
if not ctx.cache.get("done"):
    ctx.cache["done"] = True
    object.__setattr__(ctx.board, "n", ctx.board.n + 1)
"""

"""The ``queens`` executable's entry point: ends every run cleanly. No module imports it.

It imports almost nothing itself, so that an interrupt during start-up (while click, the
command and the rule packages load) is caught like one later on: no traceback, exit 130.
A reader that stops reading (``queens solve ... | head -1``) ends the process as it ends
any Unix tool, by SIGPIPE, with nothing on standard error; an output that cannot be
written (a full disk, ``> /dev/full``) is one line on standard error and exit 2.

Two things make a short run cheaper without changing what it does. Start-up (click,
pluggy, the plugins) allocates some hundred thousand objects and frees few: the cyclic
garbage collector is off until the plugins are loaded
(:func:`queens_core.runtime.process.start_up_over`), instead of scanning them thirty times
over. And a run of a built-in command that has ended ends
the process at once, after the exit functions (``atexit``) and the flush of the output,
instead of letting Python free every object of every module one by one (some 25 ms of
CPU, a fifth of a solve); a command package's command gets Python's own exit, which
also closes the files it may have left open.
"""

from __future__ import annotations

import gc
import io
import os
import sys

#: As in :mod:`queens_core.cli.exits` (not imported here: that module imports click).
EXIT_OUTPUT_FAILED = 2
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141
EXIT_RULE_FAILED = 3


def run() -> None:
    """Run ``queens`` with ``sys.argv``; never returns."""
    try:
        # Inside the guard: an interrupt while it loads is caught like any other.
        from ..runtime.process import (
            end_on_broken_pipe,
            hold_exit_functions,
            keep_output_apart,
            note_threads_at_start,
            nothing_left_running,
            were_command_packages_loaded,
        )

        note_threads_at_start()
        gc.disable()  # until process.start_up_over()
        if sys.stdout is None:  # started with standard output closed (`>&-`)
            sys.stdout = _ClosedOutput()
        end_on_broken_pipe()
        keep_output_apart()
        hold_exit_functions()
        for stream in (sys.stdout, sys.stderr):
            # The board glyphs are part of the format: UTF-8 whatever the locale.
            if hasattr(stream, "reconfigure") and (stream.encoding or "").lower() != "utf-8":
                stream.reconfigure(encoding="utf-8")
        from .plain import is_plain

        try:
            if is_plain(sys.argv[1:]):
                from .plain import run_plain

                run_plain(sys.argv[1:])  # `queens solve BOARD...` without click
            else:
                from .app import main

                main()
        finally:
            sys.stdout.flush()
    except SystemExit as done:
        _end_if_plugins_left_work_running()
        if (
            (done.code is None or isinstance(done.code, int))
            and not were_command_packages_loaded()
            and nothing_left_running()
        ):
            _exit_now(done.code or 0)
        raise  # Python's own way out: a message to print, or threads to wait for
    except KeyboardInterrupt:
        _end(EXIT_INTERRUPTED)
    except BrokenPipeError:  # where there is no SIGPIPE
        _end(EXIT_BROKEN_PIPE)
    except OSError as err:
        _end(EXIT_OUTPUT_FAILED, f"queens: error: {_what_failed(err)}")


class _ClosedOutput(io.TextIOBase):
    """Standard output of a process started without one. Python leaves ``sys.stdout``
    None, which click skips without a word (and the solve's guard took for a rule
    writing): writing to this fails as writing to a closed descriptor does, and is
    reported as any other output that cannot be written. A command that writes nothing
    there (``render -o FILE``) runs as usual."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        import errno

        raise OSError(errno.EBADF, os.strerror(errno.EBADF))


def _exit_now(status: int) -> None:
    """End the run with ``status`` as Python's exit would, less its tearing down of
    every module: the exit functions run and the output is flushed first."""
    from ..runtime.process import exit_without_teardown

    exit_without_teardown(status, _flush_output)


def _end_if_plugins_left_work_running() -> None:
    """End the run now, with status 3, when plugin code left threads or child processes
    running that Python's exit would wait for: the command's work is done, and a plugin
    must not hold the process after it (one line on standard error names it)."""
    from ..runtime.process import children_left_by_plugins, threads_left_by_plugins

    threads = threads_left_by_plugins()
    children = children_left_by_plugins()
    if not threads and not children:
        return
    if threads:
        name, owner = threads[0]
        what = f"{owner or 'plugin code'} left a thread running ({name!r})"
    else:
        what = f"plugin code left a child process running (pid {children[0]})"
    for pid in children:
        try:
            os.kill(pid, 9)  # SIGKILL (signal is not imported here)
        except OSError:
            pass
    try:
        sys.stdout.flush()
    except Exception:  # the line below still goes out, with the status
        pass
    _end(EXIT_RULE_FAILED, f"queens: error: {what} after the command's work, so queens ended")


def _flush_output() -> None:
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # where there is no SIGPIPE
        _end(EXIT_BROKEN_PIPE)
    except OSError as err:
        _end(EXIT_OUTPUT_FAILED, f"queens: error: {_what_failed(err)}")
    try:
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # AttributeError: started without one
        pass  # as at Python's exit: nowhere left to say so


def _what_failed(err: OSError) -> str:
    """The error in one line. Errors of reading name their file where they happen, and a
    file the command writes is opened and reported by name: an error without a file name
    that gets here is standard output failing (standard error failing cannot be told)."""
    reason = err.strerror or str(err)
    return (
        f"{err.filename}: {reason}" if err.filename else f"cannot write standard output: {reason}"
    )


def _end(status: int, line: str | None = None) -> None:
    """Exit at once with ``status``: what is left in the buffers could not be written
    anyway, and Python would report that with a traceback at exit."""
    if line is not None:
        try:
            sys.stderr.write(line + "\n")
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):  # AttributeError: started without one
            pass
    os._exit(status)  # as runtime.process.end_at_once, which may be what was interrupted

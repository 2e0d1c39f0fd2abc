"""How a ``queens`` process ends when the shell gets in the way: a usage error, a reader
that stops reading, a full disk, Ctrl-C. Always one line or nothing on standard error,
never a traceback, and the status a shell script expects."""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from support import ARCHIVE

from queens_core.cli.app import main
from queens_core.cli.exits import as_clause

QUEENS = Path(sys.executable).with_name("queens")
BOARDS = [str(p) for p in sorted(ARCHIVE.glob("*.txt"))[:40]]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "--nope"], "queens: error: no such option '--nope' (see 'queens solve --help')"),
        (["nosuch"], "queens: error: no such command 'nosuch' (see 'queens --help')"),
        (
            ["solve", "--tier", "x"],
            "queens: error: invalid value for '--tier': 'x' is not one of 'baseline', 'cheap', "
            "'expensive'"
            " (see 'queens solve --help')",
        ),
        (["stats"], "queens: error: missing argument 'PATH...' (see 'queens stats --help')"),
        (
            ["rules", "list", "--x"],
            "queens: error: no such option '--x' (see 'queens rules list --help')",
        ),
        # Click's suggestion after a typo stays in the one clause, in lower case.
        (
            ["solv"],
            "queens: error: no such command 'solv' (did you mean 'solve'?) (see 'queens --help')",
        ),
        (  # a built-in command imported only when asked for is suggested all the same
            ["generat"],
            "queens: error: no such command 'generat' (did you mean one of: 'generate',"
            " 'render'?) (see 'queens --help')",
        ),
        (
            ["solve", "--tierr", "cheap"],
            "queens: error: no such option '--tierr' (did you mean one of: '--letters', '--tier'?)"
            " (see 'queens solve --help')",
        ),
    ],
)
def test_a_usage_error_is_one_line_and_status_2(args, message):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == message + "\n"


@pytest.mark.parametrize(
    ("sentence", "clause"),
    [
        ("No such option '--x'.", "no such option '--x'"),
        ("The state is wrong: it disagrees.", "the state is wrong: it disagrees"),
        ("SBN size code 'AB' is wrong", "SBN size code 'AB' is wrong"),
        ("N must be between 1 and 32", "N must be between 1 and 32"),
        ("cannot read x.txt", "cannot read x.txt"),
    ],
)
def test_a_sentence_becomes_a_clause_after_the_colon(sentence, clause):
    assert as_clause(sentence) == clause


def test_help_and_version_still_exit_0():
    assert CliRunner().invoke(main, ["solve", "--help"]).exit_code == 0
    assert CliRunner().invoke(main, ["--version"]).exit_code == 0


def test_a_reader_that_stops_reading_ends_the_process_quietly_as_sigpipe_does():
    """``queens solve archive/boards/*.txt | head -1``: no traceback, and the status of a
    process ended by SIGPIPE (141 in the shell), not 0 and not 1 ("not solved")."""
    process = subprocess.Popen(
        [str(QUEENS), "solve", *BOARDS], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    error = process.stderr.read()
    process.wait(timeout=60)
    assert error == b""
    assert process.returncode in (-signal.SIGPIPE, 128 + signal.SIGPIPE)


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["solve", str(ARCHIVE / "1.txt")],
        ["stats", *BOARDS[:5]],
        ["solve", "--format", "json", *BOARDS[:3]],
    ],
)
def test_an_output_that_cannot_be_written_is_one_line_and_status_2(args):
    with open("/dev/full", "wb") as full:
        run = subprocess.run(
            [str(QUEENS), *args], stdout=full, stderr=subprocess.PIPE, timeout=60, check=False
        )
    assert run.returncode == 2
    assert run.stderr == b"queens: error: cannot write standard output: No space left on device\n"


def _close_standard_output() -> None:
    os.close(1)  # as a shell's `>&-` does: Python then starts with sys.stdout None


@pytest.mark.parametrize(
    "args", [["solve", str(ARCHIVE / "1.txt")], ["--version"], ["rules", "list"]]
)
def test_a_closed_standard_output_is_one_line_and_status_2(args):
    run = subprocess.run(
        [str(QUEENS), *args],
        stderr=subprocess.PIPE,
        preexec_fn=_close_standard_output,
        timeout=60,
        check=False,
    )
    assert run.stderr == b"queens: error: cannot write standard output: Bad file descriptor\n"
    assert run.returncode == 2


def test_a_command_that_writes_no_output_runs_with_standard_output_closed(tmp_path):
    picture = tmp_path / "board.svg"
    run = subprocess.run(
        [str(QUEENS), "render", str(ARCHIVE / "1.txt"), "--solve", "-o", str(picture)],
        stderr=subprocess.PIPE,
        preexec_fn=_close_standard_output,
        timeout=60,
        check=False,
    )
    assert (run.returncode, run.stderr) == (0, b"")
    assert picture.read_text().rstrip().endswith("</svg>")


def _sigint_as_on_a_terminal() -> None:
    """Give the child the default SIGINT disposition: started from a background job (a
    shell's `&`), the test run ignores SIGINT, the child inherits that, and Python then
    turns no signal into KeyboardInterrupt; a command on a terminal never starts so."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start_as_a_job(
    args: list[str], folder: Path, stdout: int = subprocess.PIPE
) -> subprocess.Popen:
    """``queens ARGS -o FOLDER`` in a process group of its own, as a shell starts a job,
    with SIGINT as a terminal delivers it (to the whole group, by ``os.killpg``)."""
    return subprocess.Popen(
        [str(QUEENS), *args, "-o", str(folder)],
        stdout=stdout,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_sigint_as_on_a_terminal,
    )


def test_ctrl_c_while_waiting_for_input_exits_130_without_a_traceback():
    """The process waits for a board typed on a terminal; Ctrl-C comes once it has said
    so."""
    main_fd, child_fd = pty.openpty()
    process = subprocess.Popen(
        [str(QUEENS), "solve"],
        stdin=child_fd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_sigint_as_on_a_terminal,
    )
    os.close(child_fd)
    assert process.stderr is not None
    assert process.stderr.readline().startswith(b"queens: reading the board")
    process.send_signal(signal.SIGINT)
    out, error = process.communicate(timeout=60)
    os.close(main_fd)
    assert process.returncode == 130
    assert out == b"" and error.strip() == b""


#: Run the executable's entry point with an interrupt arriving while ``module`` loads.
INTERRUPTED_IMPORT = """
import builtins, sys
real = builtins.__import__
def interrupting(name, *args, **kwargs):
    if name == {module!r}:
        raise KeyboardInterrupt
    return real(name, *args, **kwargs)
builtins.__import__ = interrupting
sys.argv = ["queens", "solve", {board!r}, *{options!r}]
from queens_core.cli.entry import run
run()
"""


@pytest.mark.parametrize(
    ("module", "options"),
    [
        ("signal", []),
        ("pluggy", []),
        ("signal", ["--color", "never"]),
        # A solve with an option: its plain form (paths alone) runs without click.
        ("click", ["--color", "never"]),
        ("pluggy", ["--color", "never"]),
    ],
)
def test_ctrl_c_during_start_up_exits_130_without_a_traceback(module, options):
    """Ctrl-C while the command, click or the rule packages load (a real signal cannot be
    timed to land there on a busy machine, so the import raises as the signal would)."""
    code = INTERRUPTED_IMPORT.format(module=module, board=str(ARCHIVE / "1.txt"), options=options)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60, check=False)
    assert run.returncode != 0, f"{module} is no longer imported by a solve: pick another"
    assert run.returncode == 130, run.stderr
    assert b"Traceback" not in run.stderr


@pytest.mark.parametrize("args", [[], ["rules"]])
def test_a_group_without_a_command_shows_its_help(args):
    result = CliRunner().invoke(main, args)
    shown = result.stdout + result.stderr
    assert "Commands:" in shown and len(shown.splitlines()) > 5
    assert "queens: error" not in shown


#: Run the executable's entry point after ``before`` (run in the same process).
ENTRY = """
import sys
{before}
sys.argv = ["queens", *{args!r}]
from queens_core.cli.entry import run
run()
"""


def run_entry(before: str, *args: str) -> subprocess.CompletedProcess[str]:
    code = ENTRY.format(before=before, args=list(args))
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )


def test_a_run_ends_with_the_exit_functions_run_and_the_output_flushed():
    """The entry point ends the process without Python's tear-down, not without what a
    program may rely on at exit: atexit functions (writing to the output, even), and the
    garbage collector switched on again once start-up is over."""
    before = (
        "import atexit, gc\n"
        "atexit.register(lambda: print('collector on:', gc.isenabled(), end=''))\n"
    )
    run = run_entry(before, "solve", str(ARCHIVE / "1.txt"))
    assert run.returncode == 0, run.stderr
    assert run.stdout.endswith("\ncollector on: True")
    assert run.stderr == ""
    not_solved = run_entry(before, "solve", "--only", "baseline", str(ARCHIVE / "353.txt"))
    assert not_solved.returncode == 1
    assert not_solved.stdout.endswith("collector on: True")


@pytest.mark.slow
def test_a_thread_left_running_is_waited_for_as_python_waits():
    """A thread still running when the command is done is waited for, as Python's exit
    waits for it. The thread runs until the main thread has ended (Python's exit marks it
    so before it waits for the others), then prints: with no race against a sleep, it is
    still running however slowly a loaded machine starts queens, and its line comes last
    only if the exit waited for it."""
    before = (
        "import threading, time\n"
        "def last():\n"
        "    while threading.main_thread().is_alive():\n"
        "        time.sleep(0.01)\n"
        "    print('thread done')\n"
        "threading.Thread(target=last).start()\n"
    )
    run = run_entry(before, "--version")
    assert run.returncode == 0, run.stderr
    assert run.stdout.endswith("thread done\n")


@pytest.mark.slow
def test_ctrl_c_during_generate_jobs_exits_130_without_a_worker_traceback(tmp_path):
    """Ctrl-C on a terminal reaches the whole process group, the workers of --jobs too;
    the parent alone answers it. Whether a worker would print its traceback before the
    parent stops it is a race, so the workers get the signal first, on their own."""
    children = Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children")
    if not children.exists():
        pytest.skip("needs Linux's /proc/PID/task/PID/children")
    command = ["generate", "--size", "12", "--count", "1000", "--jobs", "2", "--seed", "1"]
    process = _start_as_a_job(command, tmp_path)
    assert process.stdout is not None
    assert process.stdout.readline()  # the workers are busy making boards
    started = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
    # The workers; not the sentinel, which watches queens for a call that holds the
    # interpreter (and takes no Ctrl-C).
    workers = [
        child
        for child in started
        if b"sentinel_main" not in Path(f"/proc/{child}/cmdline").read_bytes()
    ]
    assert len(workers) == 2
    for worker in workers:
        os.kill(int(worker), signal.SIGINT)
    time.sleep(1)  # time enough for a worker to print a traceback, if it does
    os.killpg(process.pid, signal.SIGINT)
    _, error = process.communicate(timeout=60)
    assert process.returncode == 130, error
    assert b"Process" not in error and b"Traceback" not in error, error


def _running_in_group(pgid: int) -> list[int]:
    """The processes of group ``pgid`` that still run (a zombie has ended: in a container
    whose first process reaps nothing, it stays listed)."""
    alive = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                alive.append(int(entry.name))
    return alive


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_generate_jobs_ends_whole_on_ctrl_c_or_sigterm_at_random_moments(tmp_path):
    """Ctrl-C (to the whole group, as a terminal sends it) and SIGTERM (to the command
    alone, as `kill` sends it) at moments drawn at random once the command has started:
    it ends with 130 or 143 (0 if it was done) and no traceback, its workers with it,
    and leaves only whole boards, from which the batch resumes to the same files. (An
    interrupt in the first milliseconds, before any code of queens runs, is Python's own
    to report.)
    ``bench/bench_interrupt_generate.py`` does this hundreds of times."""
    import filecmp
    import random

    command = ["generate", "--size", "8", "--count", "200", "--jobs", "2", "--seed", "3"]
    reference = tmp_path / "reference"
    subprocess.run([str(QUEENS), *command, "-o", str(reference)], check=True, capture_output=True)
    folder = tmp_path / "interrupted"
    rng = random.Random(25)
    for trial in range(6):
        process = _start_as_a_job(command, folder, stdout=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.2, 1.2))
        ctrl_c = trial % 2 == 0
        try:
            if ctrl_c:
                os.killpg(process.pid, signal.SIGINT)
            else:
                process.send_signal(signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            _, error = process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            raise AssertionError(f"trial {trial}: still running 10 s after the signal") from None
        deadline = time.monotonic() + 2
        while _running_in_group(process.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        leftover = _running_in_group(process.pid)
        for pid in leftover:
            os.kill(pid, signal.SIGKILL)
        assert not leftover, f"trial {trial}: workers outlived the command"
        # -15: SIGTERM came before the command set its handler (no board written yet) and
        # ended it as it ends any process; a shell says 143 either way.
        ended = (130, 0) if ctrl_c else (143, -signal.SIGTERM, 0)
        assert process.returncode in ended, (trial, process.returncode, error)
        assert b"Traceback" not in error, error
        for path in folder.iterdir() if folder.exists() else ():
            assert filecmp.cmp(path, reference / path.name, shallow=False), path.name
    subprocess.run([str(QUEENS), *command, "-o", str(folder)], check=True, capture_output=True)
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in reference.iterdir())
    assert all(filecmp.cmp(p, reference / p.name, shallow=False) for p in folder.iterdir())


@pytest.mark.parametrize("command", ["check", "hint"])
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e309", "NaN", "0", "-1", "soon"])
def test_a_float_option_takes_finite_seconds_only(command, value):
    """nan, inf and a number too large for a float (1e309 reads as inf) would each
    silently remove the bound --timeout sets."""
    result = CliRunner().invoke(main, [command, "--timeout", value, str(ARCHIVE / "1.txt")])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"queens: error: invalid value for '--timeout': '{value}' is ")
    assert result.stderr.endswith(f" (see 'queens {command} --help')\n")
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.slow
def test_ctrl_c_during_a_star_battle_generate_exits_130_at_once(tmp_path):
    """While CryptoMiniSat answers one of the generator's questions it takes SIGINT for
    itself and gives the question up; queens must still stop, not carry on with the
    next question (which it did: Ctrl-C seemed to do nothing)."""
    pytest.importorskip("pycryptosat")
    command = ["generate", "--stars", "3", "--size", "17", "--seed", "11", "--count", "50"]
    process = _start_as_a_job(command, tmp_path)
    time.sleep(3)  # well inside the first board's questions
    os.killpg(process.pid, signal.SIGINT)
    try:
        _, error = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("queens generate --stars went on after Ctrl-C")
    assert process.returncode == 130, error
    assert b"Traceback" not in error, error

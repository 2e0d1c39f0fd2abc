"""Nothing ends a run but the run: plugin code that kills its worker process, ignores the
alarm of its budget or leaves something running still gets a run that ends, at once, in
one line naming what happened (the hostile bodies are in tests/hostile.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner
from fakedist import ROOT, FakeSite, rule_module
from hostile import (
    CHANGES_DIRECTORY,
    ENDS_ITS_WORKER,
    EXIT_HOOKS,
    FORKS,
    HUGE_MESSAGE,
    IGNORES_THE_ALARM,
    LEAVES_A_THREAD,
    RESIZES_THE_BOARD,
    SIGNALLED_WHILE_REGRADING,
    TERMINAL_COMMANDS,
    WORKER_ENDINGS,
    WRITES_TO_DESCRIPTOR_1,
)

from queens_core.cli.app import main
from queens_core.render.statuses import EXIT_RULE_FAILED

BOARD = str(ROOT / "archive" / "boards" / "1.txt")
RULE = "rule 'hostile' (Hostile) from queens-rules-hostile 6.6.6"

#: Run the executable's entry point with the budgets shortened, the fake site first on
#: the path, in a process of its own (the runs below end it).
SHORT_BUDGETS = """
import sys
sys.path.insert(0, {site!r})
from queens_core.runtime import guards
guards.TIME_BUDGET = 0.3
guards.PLUGIN_BUDGET = 0.3
guards.GRACE = 0.5
guards.STARVED = 6.0
guards.LOCK_HELD = 2.0
sys.argv = ["queens", *{args!r}]
from queens_core.cli.entry import run
run()
"""


def run_shortened(
    site: FakeSite, *args: str, timeout: float = 60, cwd: str | None = None
) -> tuple[int, str, str, float]:
    """Status, standard output, standard error and seconds of one run."""
    code = SHORT_BUDGETS.format(site=str(site.root), args=list(args))
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        cwd=cwd,
    )
    return done.returncode, done.stdout, done.stderr, time.monotonic() - start


def install(site: FakeSite, body: str) -> None:
    """Install the hostile rule package with ``body`` (in place of one installed before:
    the runs are processes of their own, which load it afresh)."""
    for installed in ("queens_rules_hostile-6.6.6.dist-info", "hostile_rules"):
        shutil.rmtree(site.root / installed, ignore_errors=True)
    site.add(
        "queens-rules-hostile",
        "6.6.6",
        {"hostile": "hostile_rules"},
        {"hostile_rules/__init__.py": rule_module(body, "hostile")},
    )


@pytest.mark.slow
def test_the_hard_stop_ends_a_rule_that_ignores_the_alarm(site):
    """The watchdog keeps its own clock: a rule that set SIGALRM to be ignored (so the
    alarm never reaches it) is ended when its grace runs out, not run for ever."""
    install(site, IGNORES_THE_ALARM)
    status, _, error, took = run_shortened(site, "solve", BOARD, timeout=30)
    assert status == EXIT_RULE_FAILED, error
    assert error == (
        f"queens: error: {RULE} did not stop: it was still running 0.5 s after the solve's "
        "time budget (0.3 s) ran out, so queens ended\n"
    )
    assert took < 20


# -- a worker of generate --jobs that dies ------------------------------------------------


def _boards_in(folder) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


@pytest.mark.slow
@pytest.mark.parametrize("ending", sorted(WORKER_ENDINGS))
def test_a_worker_that_dies_ends_the_batch_in_one_line_and_the_rerun_resumes(
    site, tmp_path, monkeypatch, ending
):
    """A worker of ``generate --jobs`` that dies (the out-of-memory killer's SIGKILL,
    plugin code's ``os._exit``, a crash in C) ends the batch at once, in one line that
    says what died and on which board (and names the plugin when its code ended it),
    status 3; the boards finished before it are kept, and the rerun finishes the batch
    byte-identical to a batch never interrupted."""
    install(site, ENDS_ITS_WORKER.format(end=WORKER_ENDINGS[ending]))
    args = ["generate", "--size", "6", "--count", "40", "--jobs", "2", "--seed", "5"]
    marker = tmp_path / "once"
    monkeypatch.setenv("QUEENS_TEST_ONCE", str(marker))
    broken, whole = tmp_path / "broken", tmp_path / "whole"
    status, _, error, took = run_shortened(site, *args, "-o", str(broken), timeout=60)
    assert marker.exists(), "the plugin never ended its worker: the test proves nothing"
    assert status == EXIT_RULE_FAILED, error
    lines = [line for line in error.splitlines() if line.startswith("queens: error:")]
    assert len(lines) == 1, error
    assert "Traceback" not in error and "Fatal Python error" not in error
    how = {
        "sigkill": "was killed by signal SIGKILL",
        "os_exit": "exited with status 0",
        "segfault": "was killed by signal SIGSEGV",
    }[ending]
    assert how in lines[0] and "while it made board " in lines[0], lines[0]
    named = {  # plugin code that ended its worker is named: the rule, else its package
        "sigkill": "queens: error: a worker process (pid ",
        "os_exit": f"queens: error: {RULE} ended a worker process (pid ",
        "segfault": "queens: error: plugin package queens-rules-hostile[hostile] ended a worker",
    }[ending]
    assert lines[0].startswith(named), lines[0]
    kept = _boards_in(broken)
    assert 0 < len(kept) < 40
    status, _, error, _ = run_shortened(site, *args, "-o", str(broken), timeout=120)
    assert status == 0, error
    status, _, error, _ = run_shortened(site, *args, "-o", str(whole), timeout=120)
    assert status == 0, error
    assert _boards_in(broken) == _boards_in(whole)
    assert took < 30


# -- what plugin code leaves running after the work ---------------------------------------

AFTER_THE_WORK = [
    ("solve", BOARD),
    ("hint", BOARD),
    ("check", BOARD),
    ("stats", BOARD),
    ("generate", "--size", "6", "--count", "4", "--seed", "1"),
    ("generate", "--size", "6", "--count", "4", "--jobs", "2", "--seed", "1"),
]


@pytest.mark.slow
@pytest.mark.parametrize("args", AFTER_THE_WORK, ids=lambda args: " ".join(args[:1] + args[-3:-2]))
def test_a_thread_a_rule_leaves_running_cannot_hold_the_process(site, args):
    """A rule that starts a thread Python's exit would wait for (never ending) does not
    keep the command from ending: once the work is done, one line names the package and
    the run ends with status 3."""
    install(site, LEAVES_A_THREAD)
    status, _, error, took = run_shortened(site, *args, timeout=30)
    assert status == EXIT_RULE_FAILED, error
    if "--jobs" not in args:  # in a worker of --jobs, the worker is ended with the batch
        assert error.endswith(
            "queens: error: plugin package queens-rules-hostile[hostile] left a thread "
            "running ('hostile-thread') after the command's work, so queens ended\n"
        ), error
    assert took < 20


@pytest.mark.slow
def test_a_rule_that_forks_is_named_and_its_copy_never_prints(site):
    """A rule that forks the process: the copy never prints (the board would be printed
    twice) and never goes back to queens' work; the rule is named as breaking the rule
    contract, status 3."""
    install(site, FORKS)
    status, output, error, _ = run_shortened(site, "solve", BOARD, timeout=30)
    assert status == EXIT_RULE_FAILED, (output, error)
    assert output == ""
    assert error == (
        f"queens: error: {BOARD}: {RULE} broke the rule contract: it forked the queens "
        "process (the copy was ended before it could print or write)\n"
    )


# -- the user's signal while a resumed batch grades its kept boards again -----------------


@pytest.mark.slow
@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGINT", 130)])
def test_a_signal_while_kept_boards_are_graded_again_blames_no_rule(
    site, tmp_path, monkeypatch, name, status
):
    """SIGTERM (or Ctrl-C) that comes while a rule runs in the command's own process, as
    it does while a resumed ``generate --jobs`` grades again the boards it kept, ends
    the command as the signal says (143, 130), with no rule blamed for it."""
    install(site, SIGNALLED_WHILE_REGRADING.format(signal=name))
    folder = str(tmp_path / "batch")
    args = ["generate", "--size", "6", "--jobs", "2", "--seed", "3", "-o", folder]
    done, _, error, _ = run_shortened(site, *args, "--count", "4")
    assert done == 0, error
    monkeypatch.setenv("QUEENS_TEST_SIGNAL", "1")
    ended, _, error, took = run_shortened(site, *args, "--count", "6", timeout=30)
    assert ended == status, error
    assert "queens: error:" not in error and "Traceback" not in error, error
    assert took < 5


# -- exit hooks and writes to descriptor 1 -------------------------------------------------


def _once(statement: str) -> str:
    """A rule body that runs ``statement`` on its first call in the process only."""
    indented = "".join(f"    {line}\n" for line in statement.splitlines())
    return f'if not globals().get("once"):\n    globals()["once"] = True\n{indented}'


@pytest.mark.slow
@pytest.mark.parametrize("hook", sorted(EXIT_HOOKS))
def test_an_exit_function_of_plugin_code_changes_neither_status_nor_output(site, hook):
    """An ``atexit`` function that plugin code registers runs after the command's output
    is out, and can change neither: not the status (``os._exit(0)`` after a rule
    failure), not the document (text after the JSON, standard output pointed at
    /dev/null)."""
    install(site, _once(EXIT_HOOKS[hook]))
    status, output, error, _ = run_shortened(site, "solve", "--format", "json", BOARD)
    install(site, "pass")
    plain_status, plain_output, _, _ = run_shortened(site, "solve", "--format", "json", BOARD)
    assert (status, output, error) == (plain_status, plain_output, "")
    install(site, _once(EXIT_HOOKS[hook]) + "raise ValueError('broken')")
    status, output, error, _ = run_shortened(site, "solve", BOARD)
    assert status == EXIT_RULE_FAILED
    assert output == ""
    assert error == f"queens: error: {BOARD}: {RULE} raised ValueError: broken\n"


#: What a rule writes to descriptor 1 in its call, by route, as the breach quotes it.
WRITTEN_IN_ITS_CALL = {"os_write": "'os.write\\n'", "dunder_stdout": "'dunder\\n'"}


@pytest.mark.slow
@pytest.mark.parametrize("route", sorted(WRITES_TO_DESCRIPTOR_1))
def test_plugin_writes_to_descriptor_1_never_reach_the_document(site, route):
    """Writes past the guard on ``sys.stdout`` (``os.write(1, ...)``, ``sys.__stdout__``,
    ``/dev/stdout``, a thread writing later) never reach the document. Those made
    through Python in the rule's call break its contract as a ``print`` does; a thread
    it left writing is named once, its writes going to standard error; what cannot be
    told apart (``/dev/stdout``, C code) goes to standard error, the document the same
    as with a rule that writes nothing."""
    install(site, WRITES_TO_DESCRIPTOR_1[route])
    if route in WRITTEN_IN_ITS_CALL:
        status, output, error, _ = run_shortened(site, "solve", BOARD)
        assert (status, output) == (EXIT_RULE_FAILED, "")
        assert error == (
            f"queens: error: {BOARD}: {RULE} broke the rule contract: it wrote "
            f"{WRITTEN_IN_ITS_CALL[route]} to standard output, where the board is printed\n"
        )
        return
    status, output, error, _ = run_shortened(site, "solve", "--format", "json", BOARD)
    install(site, "pass")
    plain = run_shortened(site, "solve", "--format", "json", BOARD)
    assert (status, output) == plain[:2]
    assert error.strip(), "the writes went nowhere: the test proves nothing"
    named = (
        "queens: warning: plugin package queens-rules-hostile[hostile] writes to standard "
        "output from a thread of its own; what it writes goes to standard error\n"
    )
    assert error.count(named) == (1 if route == "thread" else 0), error


# -- precedence: by who was installed with queens ------------------------------------------


@pytest.mark.parametrize("package", ["queens-rules-aaa", "queens-rules-zzz"])
def test_a_newcomer_reusing_a_catalog_counter_is_the_one_skipped(site, package):
    """A package that registers a counter id of the catalog (``single_cell_region``,
    baseline's) is the one named, and the one left out under --skip-broken-plugins,
    wherever its name sorts: the catalog's rule keeps working (board 1 is solved)."""
    module = package.replace("-", "_")
    site.add(
        package,
        "1.0",
        {"impostor": module},
        {f"{module}/__init__.py": rule_module("pass", "single_cell_region")},
    )
    result = CliRunner().invoke(main, ["solve", "--skip-broken-plugins", BOARD])
    assert result.exit_code == 0, result.output
    assert f"rule package {package}[impostor]: counter id 'single_cell_region'" in (result.stderr)
    refused = CliRunner().invoke(main, ["solve", BOARD])
    assert refused.exit_code == 4
    assert refused.stderr.startswith(f"queens: error: rule package {package}[impostor]: ")


# -- plugin text on a terminal, the board, the working directory ---------------------------


def test_plugin_text_cannot_command_the_terminal(site):
    """Control characters in what a rule raises are shown escaped: no escape sequence,
    bidirectional override or carriage return reaches the terminal."""
    install(site, TERMINAL_COMMANDS)
    result = CliRunner().invoke(main, ["solve", BOARD])
    assert result.exit_code == EXIT_RULE_FAILED
    assert result.stderr == (
        f"queens: error: {BOARD}: {RULE} raised ValueError: \\x1b]0;pwned\\x07title "
        "\\u202egnp.exe queens: solved\n"
    )


def test_plugin_text_is_bounded(site):
    """A 10 MB message is one bounded line, which says how much was left out."""
    install(site, HUGE_MESSAGE)
    result = CliRunner().invoke(main, ["solve", BOARD])
    assert result.exit_code == EXIT_RULE_FAILED
    assert len(result.stderr) < 10_000
    assert result.stderr.endswith(" more characters)\n")
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("command", ["hint", "generate"])
def test_a_rule_cannot_move_where_the_command_writes(site, tmp_path, monkeypatch, command):
    """A rule that changes the working directory is named (it breaks the rule contract),
    and nothing is written where it pointed: ``hint --write FILE`` and ``generate -o
    DIR`` with relative paths write where the command line meant, or not at all."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.setenv("QUEENS_TEST_ELSEWHERE", str(elsewhere))
    monkeypatch.chdir(here)
    install(site, CHANGES_DIRECTORY)
    args = {
        "hint": ["hint", BOARD, "--write", "next.txt"],
        "generate": ["generate", "--size", "6", "--count", "2", "--seed", "1", "-o", "out"],
    }[command]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == EXIT_RULE_FAILED, result.output
    assert result.stderr.startswith("queens: error: ")
    assert f"{RULE} broke the rule contract: it changed the working directory" in result.stderr
    assert list(elsewhere.iterdir()) == []
    assert os.getcwd() == str(here)


def test_a_rule_that_resizes_the_board_past_its_guard_is_named(site):
    """``object.__setattr__(board, "n", ...)`` goes past the board's read-only guard;
    the rule that did it is named, not the innocent rule that runs next and reads past
    the board."""
    install(site, RESIZES_THE_BOARD)
    result = CliRunner().invoke(main, ["solve", BOARD])
    assert result.exit_code == EXIT_RULE_FAILED
    assert result.stderr == (
        f"queens: error: {BOARD}: {RULE} broke the rule contract: it changed the board's "
        "size (n); a Board is read-only\n"
    )


def test_an_interrupt_while_the_guards_go_up_leaves_no_guard_behind(monkeypatch):
    """A Ctrl-C that comes while a watched stretch starts (its guards on the standard
    streams already up) takes them down again: else click's report of the interrupt was
    taken for plugin output, and Python printed its raw 'lost sys.stderr' dump."""
    from queens_core.runtime import guards

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(guards, "_watchdog", None)
    monkeypatch.setattr(guards, "_start_watchdog", interrupted)
    stdout, stderr = sys.stdout, sys.stderr
    with pytest.raises(KeyboardInterrupt), guards.plugin_code("plugin package x[y]", 5.0):
        pass
    assert (sys.stdout, sys.stderr) == (stdout, stderr)
    assert guards.running_slot().culprit() is None


def test_standard_output_named_as_a_file_is_still_the_output(site, tmp_path):
    """Descriptor 1 goes to standard error now (plugin writes land there); a command
    told to write to /dev/stdout still writes to its output."""
    install(site, "pass")
    status, output, error, _ = run_shortened(site, "hint", BOARD, "--write", "/dev/stdout")
    assert status == 0, error
    assert output.endswith(".....⨯..\n")
    assert "⨯" not in error

"""Nothing ends a run but the run: plugin code that kills its worker process, ignores the
alarm of its budget or leaves something running still gets a run that ends, at once, in
one line naming what happened (the hostile bodies are in tests/hostile.py)."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
from fakedist import ROOT, FakeSite, rule_module
from hostile import (
    ENDS_ITS_WORKER,
    FORKS,
    IGNORES_THE_ALARM,
    LEAVES_A_THREAD,
    WORKER_ENDINGS,
)

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

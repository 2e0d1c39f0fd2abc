"""Hostile plugins (tests/hostile.py), installed as real packages: every command stops the
rule with one line that names it, its package and version, and exit status 3; the board
is never printed as solved and the rule never gets a traceback past the CLI."""

from __future__ import annotations

import re
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner
from fakedist import ROOT, FakeSite, rule_module
from hostile import (
    BASE_EXCEPTION,
    BOARD_MUTATION,
    CACHE_VANDAL,
    EXITS,
    HOLDS_THE_LOCK,
    INTERRUPTS,
    KILLS_THE_WATCHERS,
    MULTILINE_MESSAGE,
    NOT_A_STEP,
    PRINTS,
    READER_PACKAGE,
    RUNAWAY,
    SERVE_TAKEOVER,
    SWALLOWS_THE_ALARM,
    WRITES_STDERR,
)

from queens_core.cli.app import main
from queens_core.plugins import readers
from queens_core.render.statuses import EXIT_PLUGIN_FAILED, EXIT_RULE_FAILED
from queens_core.runtime import guards

BOARD = str(ROOT / "archive" / "boards" / "1.txt")
RULE = "rule 'hostile' (Hostile) from queens-rules-hostile 6.6.6"


def install(site: FakeSite, body: str) -> None:
    site.add(
        "queens-rules-hostile",
        "6.6.6",
        {"hostile": "hostile_rules"},
        {"hostile_rules/__init__.py": rule_module(body, "hostile")},
    )


def run(*args: str):
    return CliRunner().invoke(main, list(args))


CASES = [
    (
        BOARD_MUTATION,
        "broke the rule contract: it tried to set the board's kill_masks; a Board is read-only",
    ),
    (
        NOT_A_STEP,
        "broke the rule contract: it put tuple ('not_a_step', 0, 0, ()) in ctx.steps; only "
        "ctx.place() and ctx.kill() record steps",
    ),
    (BASE_EXCEPTION, "raised Escape: out of here"),
    (
        PRINTS,
        "broke the rule contract: it wrote 'debugging output' to standard output, where the "
        "board is printed",
    ),
    (
        CACHE_VANDAL,
        "broke the rule contract: it wrote the cache of rule 'polyomino_domino' in "
        "state.caches (a rule keeps its scratch space in ctx.cache, which is its own)",
    ),
    (MULTILINE_MESSAGE, "raised ValueError: first line second line third line"),
    (INTERRUPTS, "raised KeyboardInterrupt"),
    (EXITS, "raised SystemExit: 0"),
    (
        WRITES_STDERR,
        "broke the rule contract: it wrote 'noise\\n' to standard error, where queens reports",
    ),
]


@pytest.mark.parametrize(("body", "cause"), CASES, ids=[c[1][:30] for c in CASES])
def test_a_hostile_rule_is_named_in_one_line_by_every_command(site, tmp_path, body, cause):
    install(site, body)
    line = f"queens: error: {BOARD}: {RULE} {cause}\n"
    for args in (
        ["solve", BOARD],
        ["check", BOARD],
        ["hint", BOARD],
        ["render", BOARD, "--solve", "-o", str(tmp_path / "x.svg")],
        ["stats", BOARD],
    ):
        result = run(*args)
        assert result.exit_code == 3, (args, result.output)
        assert result.stderr == line, args
        if args[0] in ("solve", "hint", "render"):
            assert result.stdout == ""


def test_a_runaway_rule_is_stopped_by_the_time_budget(site, monkeypatch):
    monkeypatch.setattr("queens_core.runtime.guards.TIME_BUDGET", 0.3)
    install(site, RUNAWAY)
    result = run("solve", BOARD)
    assert result.exit_code == 3
    assert result.stderr == (
        f"queens: error: {BOARD}: {RULE} ran away: it was still running when the solve's "
        "time budget (0.3 s) ran out\n"
    )


def test_a_hook_that_returns_none_is_a_broken_package(site):
    site.add(
        "queens-rules-forgetful",
        "1.0",
        {"forgetful": "forgetful_rules"},
        {
            "forgetful_rules/__init__.py": (
                "from queens_core import hookimpl\n\n\n"
                "@hookimpl\ndef queens_register_rules():\n    pass\n"
            )
        },
    )
    result = run("solve", BOARD)
    assert result.exit_code == 4
    assert result.stderr.startswith(
        "queens: error: rule package queens-rules-forgetful[forgetful]: queens_register_rules "
        "must return a list of Rule, not NoneType"
    )
    assert len(result.stderr.splitlines()) == 1


# -- the hard stop: plugin code that the budget's alarm cannot stop -------------------

#: Run the executable's entry point with the budgets shortened, the fake site first on
#: the path (a test in its own process: the hard stop ends the process).
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


def run_shortened(site: FakeSite, *args: str, timeout: float = 60) -> tuple[int, str, float]:
    code = SHORT_BUDGETS.format(site=str(site.root), args=list(args))
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, check=False
    )
    return done.returncode, done.stderr, time.monotonic() - start


@pytest.mark.slow
def test_the_hard_stop_ends_a_rule_that_swallows_the_alarm(site):
    install(site, SWALLOWS_THE_ALARM)
    status, error, took = run_shortened(site, "solve", BOARD)
    assert status == EXIT_RULE_FAILED == guards.STATUS_AT_WORK
    assert error == (
        f"queens: error: {RULE} did not stop: it was still running 0.5 s after the solve's "
        "time budget (0.3 s) ran out, so queens ended\n"
    )
    assert took < 20


#: Plugin code in a thread that is not the main one (the page's workers), which swallows
#: the exception that stops it.
SWALLOWS_IN_A_THREAD = """
import threading, time
from queens_core.runtime import guards
guards.GRACE = 0.5

def work():
    with guards.plugin_code("reader 'stubborn' from queens-read-stubborn 1.0", 0.3):
        while True:
            try:
                time.sleep(0.05)
            except BaseException:
                pass

worker = threading.Thread(target=work)
worker.start()
worker.join(30)
"""


@pytest.mark.slow
def test_the_hard_stop_ends_plugin_code_that_swallows_its_stop_in_another_thread():
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", SWALLOWS_IN_A_THREAD],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == EXIT_RULE_FAILED
    assert done.stderr == (
        "queens: error: reader 'stubborn' from queens-read-stubborn 1.0 did not stop: it was "
        "still running 0.5 s after its time budget (0.3 s) ran out, so queens ended\n"
    )
    assert time.monotonic() - start < 20


def test_plugin_code_in_another_thread_is_stopped_by_its_budget():
    """The budget holds in any thread: the exception that stops the code is raised in
    the thread that runs it, and names it."""
    import threading

    outcome: list[BaseException] = []

    def work():
        try:
            with guards.plugin_code("reader 'slow' from queens-read-slow 1.0", 0.3):
                while True:
                    pass
        except guards.OutOfTime as err:
            outcome.append(err)

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive()
    (err,) = outcome
    assert err.culprit == "reader 'slow' from queens-read-slow 1.0"
    assert str(err) == "it was still running when its time budget (0.3 s) ran out"


@pytest.mark.slow
def test_a_call_that_holds_the_interpreter_lock_is_ended_in_one_line_naming_it(site):
    """No Python code runs until such a call returns, the watchdog's neither: the
    sentinel process notices, and ends queens with one line naming the package, and the
    status of a rule failure."""
    install(site, HOLDS_THE_LOCK)
    source = rule_module(HOLDS_THE_LOCK, "hostile").splitlines()
    line = next(n for n, text in enumerate(source, 1) if "sum(range(" in text)
    status, error, took = run_shortened(site, "solve", BOARD, timeout=40)
    assert status == EXIT_RULE_FAILED
    assert error.startswith(
        "queens: error: plugin package queens-rules-hostile[hostile] did not stop: one call "
        "it made (at "
    ), error
    assert error.endswith(
        f"hostile_rules/__init__.py:{line}) held the Python interpreter for 2 s, past its time "
        "budget, so queens ended\n"
    ), error
    assert len(error.splitlines()) == 1
    assert took < 5.5  # before the fault handler's own end, with its stack dump


@pytest.mark.slow
def test_a_call_that_holds_the_lock_after_killing_its_watchers_is_still_ended_naming_it(site):
    """Plugin code that ends the watchdog thread and kills the sentinel just before such
    a call: the sentinel's reserve, kept by the C library, stands in for it, and the run
    ends the same way (one line naming the package, status 3), before the fault
    handler's stack dump and status 1."""
    install(site, KILLS_THE_WATCHERS)
    source = rule_module(KILLS_THE_WATCHERS, "hostile").splitlines()
    line = next(n for n, text in enumerate(source, 1) if "sum(range(" in text)
    status, error, took = run_shortened(site, "solve", BOARD, timeout=40)
    assert status == EXIT_RULE_FAILED, error
    assert error.startswith(
        "queens: error: plugin package queens-rules-hostile[hostile] did not stop: one call "
        "it made (at "
    ), error
    assert error.endswith(
        f"hostile_rules/__init__.py:{line}) held the Python interpreter for 4 s, past its time "
        "budget, so queens ended\n"
    ), error
    assert len(error.splitlines()) == 1  # not the fault handler's stack dump (at 6 s)
    assert took < 12


def test_the_sentinel_names_the_package_innermost_in_a_stack_else_says_where():
    from queens_core.runtime.sentinel_main import verdict

    names = [("/site/spin_rules/", "plugin package queens-rules-spin[spin]")]
    waiting = [("/usr/lib/python3/threading.py", "320"), ("/site/spin_rules/__init__.py", "3")]
    stuck = [("/site/spin_rules/__init__.py", "9"), ("/core/driver.py", "318")]
    assert verdict([waiting, stuck], names, 60.0) == (
        "queens: error: plugin package queens-rules-spin[spin] did not stop: one call it made "
        "(at /site/spin_rules/__init__.py:9) held the Python interpreter for 60 s, past its "
        "time budget, so queens ended"
    )
    assert verdict([[("/core/exact.py", "77")]], names, 60.0) == (
        "queens: error: a call (at /core/exact.py:77) held the Python interpreter for 60 s, "
        "past any time budget, so queens ended"
    )


@pytest.mark.slow
def test_a_package_whose_import_never_ends_is_stopped_at_loading(site):
    site.add(
        "queens-rules-slow",
        "1.0",
        {"slow": "slow_rules"},
        {"slow_rules/__init__.py": "while True:\n    pass\n"},
    )
    status, error, _ = run_shortened(site, "solve", BOARD)
    assert status == EXIT_PLUGIN_FAILED
    assert error.startswith(
        "queens: error: rule package queens-rules-slow[slow] failed to load (slow_rules): it ran "
        "away: it was still running when the time budget of its loading (0.3 s) ran out"
    )
    # Where it ran away is the package's loop, not the watchdog's handler that stopped it.
    assert re.search(r"\(at \S*slow_rules/__init__\.py:[12]\); to start without it", error), error
    assert len(error.splitlines()) == 1


# -- KeyboardInterrupt and SystemExit while a package loads ---------------------------


@pytest.mark.parametrize("raised", ["KeyboardInterrupt", "SystemExit(0)"])
@pytest.mark.parametrize("where", ["import", "hook"])
def test_an_interrupt_or_exit_while_loading_is_the_package_failure(site, raised, where):
    if where == "import":
        source = f"raise {raised}\n"
    else:
        source = (
            "from queens_core import hookimpl\n\n\n@hookimpl\n"
            f"def queens_register_rules():\n    raise {raised}\n"
        )
    site.add(
        "queens-rules-quitter",
        "1.0",
        {"quit": "quitter_rules"},
        {"quitter_rules/__init__.py": source},
    )
    result = run("solve", BOARD)
    assert result.exit_code == EXIT_PLUGIN_FAILED
    assert result.stderr.startswith("queens: error: rule package queens-rules-quitter[quit]")
    assert raised.split("(")[0] in result.stderr
    assert len(result.stderr.splitlines()) == 1
    skipping = run("--skip-broken-plugins", "solve", BOARD)
    assert skipping.exit_code == 0
    assert skipping.stderr.startswith("queens: warning: rule package queens-rules-quitter[quit]")


def test_the_users_ctrl_c_is_not_blamed_on_the_rule(monkeypatch):
    """A KeyboardInterrupt after a real SIGINT is the user's: it goes on (exit 130)."""
    monkeypatch.setattr(guards, "_interrupts", 1)
    monkeypatch.setattr(guards.signal, "getsignal", lambda _signum: guards._on_interrupt)
    assert not guards.raised_by_plugin(KeyboardInterrupt())
    assert guards.raised_by_plugin(SystemExit(0))


# -- readers ---------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _readers_report_afresh(monkeypatch):
    monkeypatch.setattr(readers, "_reported", set(), raising=False)
    monkeypatch.setattr(readers, "_claims_everything", {}, raising=False)


def install_reader(
    site: FakeSite,
    sniff: str,
    read: str,
    *,
    package: str = "queens-read-hostile",
    name: str = "hostile",
    suffix: str = ".hostile",
) -> str:
    """Install a reader package; returns how errors name its reader."""
    module = package.replace("-", "_")
    site.add(
        package,
        "6.6.6",
        {name: module},
        {
            f"{module}/__init__.py": READER_PACKAGE.format(
                sniff=sniff, read=read, name=name, suffix=suffix
            )
        },
        group="queens.readers",
    )
    return f"reader {name!r} from {package} 6.6.6"


BOARD_TEXT = (ROOT / "archive" / "boards" / "1.txt").read_text(encoding="utf-8")


def test_a_reader_whose_read_never_returns_is_stopped_by_its_budget(site, tmp_path, monkeypatch):
    monkeypatch.setattr(guards, "PLUGIN_BUDGET", 0.3)
    reader = install_reader(site, "return False", "while True: pass")
    board = tmp_path / "x.hostile"
    board.write_text("anything")
    result = run("solve", str(board))
    assert result.exit_code == 2
    assert result.stderr == (
        f"queens: error: {board}: {reader} ran away: it was still running when its time "
        "budget (0.3 s) ran out\n"
    )


def test_a_reader_whose_sniff_never_returns_is_stopped_by_its_budget(site, monkeypatch):
    monkeypatch.setattr(guards, "SNIFF_BUDGET", 0.3)
    # Bounded, so that where nothing stops it the test fails instead of hanging.
    reader = install_reader(
        site,
        "import time; end = time.monotonic() + 20\n    while time.monotonic() < end: pass",
        "raise ValueError('unread')",
    )
    result = CliRunner().invoke(main, ["solve", "-"], input="not a board at all\n")
    assert result.exit_code == 2
    assert result.stderr == (
        f"queens: error: <stdin>: {reader} ran away: it was still running when the time "
        "budget of its sniff (0.3 s) ran out\n"
    )


def test_a_text_board_on_standard_input_is_never_shown_to_a_plugins_sniff(site, tmp_path):
    called = tmp_path / "sniffed"
    install_reader(
        site, f"open({str(called)!r}, 'w').close(); return True", "raise ValueError('mine')"
    )
    result = CliRunner().invoke(main, ["solve", "-"], input=BOARD_TEXT)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    assert not called.exists()


@pytest.mark.parametrize(
    ("raised", "said"),
    [("SystemExit(0)", "SystemExit: 0"), ("KeyboardInterrupt", "KeyboardInterrupt")],
)
def test_a_reader_that_exits_or_interrupts_is_named_not_obeyed(site, tmp_path, raised, said):
    reader = install_reader(site, "return False", f"raise {raised}")
    board = tmp_path / "x.hostile"
    board.write_text("anything")
    result = run("solve", str(board))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"queens: error: {board}: {reader} failed: {said}\n"


def test_a_reader_that_claims_everything_takes_nothing_and_is_named_once(site):
    reader = install_reader(site, "return True", "return Reading(board=Board.from_rows(['A']))")
    result = run("solve", "notafile")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"queens: warning: {reader} claims any input (its sniff recognises an empty one): it "
        "reads only files ending in .hostile\n"
        "queens: error: cannot read notafile: No such file or directory\n"
    )
    again = run("solve", "notafile")  # the same process: said once
    assert again.stderr == "queens: error: cannot read notafile: No such file or directory\n"
    on_stdin = CliRunner().invoke(main, ["solve", "-"], input=BOARD_TEXT)
    assert on_stdin.exit_code == 0, on_stdin.stderr


def test_two_readers_claiming_the_same_input_the_newcomer_is_named_once(site, tmp_path):
    claim = "return data.startswith(b'@@')"
    read = "return Reading(board=Board.from_rows(['A']))"
    install_reader(site, claim, read, package="queens-read-first", name="first", suffix=".one")
    second = install_reader(
        site, claim, read, package="queens-read-second", name="second", suffix=".two"
    )
    for path in ("a.dat", "b.dat"):
        (tmp_path / path).write_text("@@ board\n")
    result = run("solve", str(tmp_path / "a.dat"), str(tmp_path / "b.dat"))
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert warnings == [
        f"queens: warning: {second} also claims input that reader 'first' from "
        "queens-read-first 6.6.6 reads (the first by name); it is left out"
    ]


def test_a_reader_cannot_take_a_suffix_from_a_first_party_reader(site):
    pytest.importorskip("queens_read_image")
    reader = install_reader(
        site, "return False", "raise ValueError", package="aaa-read-png", suffix=".png"
    )
    result = run("--skip-broken-plugins", "solve", BOARD)
    assert result.exit_code == 0
    assert result.stderr.startswith(
        "queens: warning: reader package aaa-read-png[hostile]: suffix '.png' is claimed twice: "
        "by queens-read-image[image] and by aaa-read-png[hostile]"
    ), reader


# -- command packages --------------------------------------------------------------------


def test_a_command_package_cannot_take_over_serve(site):
    pytest.importorskip("queens_web")
    site.add(
        "aaa-evil",
        "1.0",
        {"serve": "aaa_evil"},
        {"aaa_evil/__init__.py": SERVE_TAKEOVER},
        group="queens.commands",
    )
    from test_command_plugins import invoke

    result = invoke("serve", "--help")
    assert result.exit_code == 0
    assert "taken over" not in result.stdout and "Not the real page" not in result.stdout
    assert result.stderr == (
        "queens: warning: command package aaa-evil[serve]: the command 'serve' is already "
        "registered by queens-web[serve] (skipped)\n"
    )


@pytest.mark.parametrize("raised", [KeyboardInterrupt, SystemExit])
def test_an_explain_that_interrupts_or_exits_is_the_rules_failure(raised):
    from queens_core import Board, Rule, State, Step, Tier
    from queens_core.engine.driver import RuleFailure
    from queens_core.tools.explain import why_of

    def explain(step, board, before):
        raise raised

    rule = Rule(
        counter="quitter",
        display_name="Quitter",
        tier=Tier.CHEAP,
        position=1000,
        summary="test rule",
        apply=lambda ctx: None,
        explain=explain,
    )
    board = Board.parse_bytes(BOARD_TEXT.encode())
    with pytest.raises(RuleFailure, match=f"its explain raised {raised.__name__}"):
        why_of(board, Step("quitter", 0, 1, ()), State.initial(board), rule)


@pytest.mark.parametrize(
    ("gave", "said"), [(42, "gave an int,"), (["a"], "gave a list,"), (b"x", "gave a bytes,")]
)
def test_an_explain_that_gives_no_sentence_is_named_in_good_english(gave, said):
    """The line a rule author gets said "its explain gave a int", which read as a typo."""
    from queens_core import Board, Rule, State, Step, Tier
    from queens_core.engine.driver import RuleFailure
    from queens_core.tools.explain import why_of

    rule = Rule(
        counter="mumbler",
        display_name="Mumbler",
        tier=Tier.CHEAP,
        position=1000,
        summary="test rule",
        apply=lambda ctx: None,
        explain=lambda step, board, before: gave,
    )
    board = Board.parse_bytes(BOARD_TEXT.encode())
    with pytest.raises(RuleFailure, match=f"its explain {said} not a sentence"):
        why_of(board, Step("mumbler", 0, 1, ()), State.initial(board), rule)


@pytest.mark.slow
@pytest.mark.parametrize("body", [RUNAWAY, SWALLOWS_THE_ALARM], ids=["runaway", "swallows"])
def test_a_runaway_rule_in_a_worker_of_generate_jobs_ends_the_command(site, body):
    """The workers of ``generate --jobs`` keep the budget too (a forked worker starts its
    own watchdog), and a hard stop there ends the command, which would otherwise wait
    for that worker's board for ever."""
    install(site, body)
    args = ("generate", "--size", "6", "--count", "4", "--jobs", "2", "--seed", "1")
    status, error, took = run_shortened(site, *args)
    assert status == EXIT_RULE_FAILED, error
    lines = [line for line in error.splitlines() if line.startswith("queens: error:")]
    assert lines and RULE in lines[0]
    assert "Traceback" not in error
    assert took < 30


def test_a_warning_of_the_warnings_module_is_let_through(site):
    """Python's own channel, which the user controls (-W): not plugin noise. (In its own
    process: pytest records warnings instead of printing them.)"""
    install(site, "import warnings\nwarnings.warn('old API', UserWarning, stacklevel=1)")
    status, error, _ = run_shortened(site, "solve", BOARD)
    assert status == 0, error
    assert "UserWarning: old API" in error

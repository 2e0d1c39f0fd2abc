"""Command packages: subcommands added to `queens` through the `queens.commands` entry
points, loaded only when needed, and named as package[entry] when broken."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from support import ARCHIVE

from queens_core.cli import app as cli_main

GROUP = "queens.commands"

HELLO = """
import click
from queens_core import hookimpl

@click.command()
@click.pass_obj
def hello(settings):
    \"\"\"Say hello, with the number of installed rules.\"\"\"
    click.echo(f"hello, {len(settings.registry().rules)} rules")

@hookimpl
def queens_register_commands():
    return [hello]
"""

RETURNS = (
    "from queens_core import hookimpl\n@hookimpl\ndef queens_register_commands():\n    return {}"
)


def invoke(*args: str):
    # A fresh group each time: the real one remembers the packages it has loaded.
    group = cli_main.main
    monkey = pytest.MonkeyPatch()
    monkey.setattr(group, "_plugins_loaded", False)
    built_in = {
        name: command
        for name, command in group.commands.items()
        if (command.callback is None or command.callback.__module__.startswith("queens_core"))
    }
    monkey.setattr(group, "commands", built_in)
    # A built-in command imported during the call moves from the lazy table into the
    # commands above, which are thrown away after it: the table must come back whole,
    # or the command is gone for every later call (the file failed when run alone).
    monkey.setattr(group, "_lazy", dict(group._lazy))
    try:
        return CliRunner().invoke(group, list(args))
    finally:
        monkey.undo()


def test_a_command_package_adds_a_command_that_sees_the_registry(site):
    site.add(
        "queens-hello",
        entry_points={"hello": "queens_hello"},
        files={"queens_hello.py": HELLO},
        group=GROUP,
    )
    run = invoke("hello")
    assert run.exit_code == 0, run.output
    assert run.output.startswith("hello, ") and run.output.endswith(" rules\n")
    assert "hello" in invoke("--help").output


def test_a_package_command_takes_the_global_options_and_errors_in_one_line(site):
    source = HELLO.replace(
        'click.echo(f"hello, {len(settings.registry().rules)} rules")',
        'click.echo(f"skip broken: {settings.skip_broken}")',
    )
    site.add(
        "queens-hello",
        entry_points={"hello": "queens_hello"},
        files={"queens_hello.py": source},
        group=GROUP,
    )
    run = invoke("hello", "--skip-broken-plugins")
    assert run.exit_code == 0, run.output
    assert run.output == "skip broken: True\n"
    wrong = invoke("hello", "--no-such-option")
    assert wrong.exit_code == 2
    assert wrong.stderr == (
        "queens: error: no such option '--no-such-option' (see 'queens hello --help')\n"
    )


@pytest.mark.parametrize(
    ("source", "cause"),
    [
        (
            "raise ImportError('no module named starlette')",
            "ImportError: no module named starlette",
        ),
        ("x = 1", "it has no queens_register_commands function marked @hookimpl"),
        (
            RETURNS.format("'serve'"),
            "queens_register_commands must return a list of click commands, not str",
        ),
        (
            RETURNS.format("[print]"),
            "which is not a named click.Command",
        ),
    ],
)
def test_a_broken_command_package_is_named(site, source, cause):
    site.add(
        "queens-broken",
        entry_points={"web": "queens_broken"},
        files={"queens_broken.py": source},
        group=GROUP,
    )
    run = invoke("frobnicate")  # maybe the broken package's command
    assert run.exit_code == 4
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith(
        "queens: error: command package queens-broken[web] 0.1.0 failed to load"
    )
    assert cause in lines[0]
    # The built-in commands are not held up by it; the list names it and goes on.
    assert invoke("rules", "list").exit_code == 0
    listing = invoke("--help")
    assert listing.exit_code == 0 and "queens-broken[web]" in listing.stderr


def test_a_command_cannot_replace_a_built_in_one(site):
    source = HELLO.replace("def hello", "def solve").replace("[hello]", "[solve]")
    site.add(
        "queens-thief",
        entry_points={"solve": "queens_thief"},
        files={"queens_thief.py": source},
        group=GROUP,
    )
    run = invoke("--help")
    taken = "the command 'solve' is already registered by queens-core"
    assert f"command package queens-thief[solve]: {taken}" in run.stderr
    solved = invoke("solve", str(ARCHIVE / "1.txt"))
    assert solved.exit_code == 0 and solved.stdout.startswith("...♛....")


def test_an_unknown_command_is_still_unknown():
    run = invoke("no-such-command")
    assert run.exit_code == 2
    assert "no such command 'no-such-command'" in run.stderr


def test_serve_without_queens_web_names_the_package_to_install(monkeypatch):
    """A core-only install said "no such command 'serve' (did you mean 'solve'?)"."""
    from queens_core.cli import packages

    monkeypatch.setattr(packages, "load_commands", lambda: ([], []))
    run = invoke("serve")
    assert run.exit_code == 2 and run.stdout == ""
    assert run.stderr == (
        "queens: error: `queens serve` comes with the queens-web package, which is not "
        "installed: install it beside queens-core (from a clone: pip install ./queens_web)\n"
    )
    # The folder the message names is the package's.
    assert (ARCHIVE.parent.parent / "queens_web" / "pyproject.toml").exists()


def test_serve_is_installed_and_a_plain_solve_imports_no_web_server():
    assert "serve" in invoke("--help").output
    code = (
        "import sys\nfrom queens_core.cli.app import main\n"
        f"sys.argv = ['queens', 'solve', {str(ARCHIVE / '1.txt')!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sys.modules))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    loaded = set(run.stdout.split())
    assert not {"queens_web", "queens_web.command", "starlette", "uvicorn"} & loaded


def test_serve_on_a_busy_port_is_one_line_and_exit_2():
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        queens = str(Path(sys.executable).parent / "queens")
        run = subprocess.run(
            [queens, "serve", "--port", str(port)], capture_output=True, text=True, timeout=60
        )
    assert run.returncode == 2
    assert run.stderr == (
        f"queens: error: cannot listen on 127.0.0.1:{port}: Address already in use; "
        "pass --port to choose another\n"
    )


def test_the_hosts_a_server_answers_to():
    from queens_web.server import allowed_hosts

    assert allowed_hosts("127.0.0.1", 8000) == {"127.0.0.1:8000", "localhost:8000", "[::1]:8000"}
    assert allowed_hosts("::1", 80) == {
        "127.0.0.1:80",
        "localhost:80",
        "[::1]:80",
        "127.0.0.1",
        "localhost",
        "[::1]",
    }
    assert allowed_hosts("0.0.0.0", 8000, ["Box.lan"]) == {
        "127.0.0.1:8000",
        "localhost:8000",
        "[::1]:8000",
        "box.lan:8000",
    }
    assert allowed_hosts("192.168.1.5", 8000) == {"192.168.1.5:8000"}


@pytest.mark.slow
def test_serve_stops_with_status_4_naming_a_broken_rule_package(site):
    site.add(
        "queens-rules-broken",
        entry_points={"broken": "queens_rules_broken"},
        files={"queens_rules_broken.py": "raise RuntimeError('broken on purpose')"},
    )
    queens = str(Path(sys.executable).parent / "queens")
    env = {**os.environ, "PYTHONPATH": str(site.root)}
    run = subprocess.run(
        [queens, "serve", "--port", "0"], capture_output=True, text=True, timeout=60, env=env
    )
    assert run.returncode == 4
    assert run.stderr.startswith(
        "queens: error: rule package queens-rules-broken[broken] failed to load"
    )
    assert "RuntimeError: broken on purpose" in run.stderr
    assert len(run.stderr.splitlines()) == 1


def test_open_waits_for_the_server_to_start(monkeypatch):
    from queens_web import server as web_server

    opened: list[str] = []
    monkeypatch.setattr(web_server.webbrowser, "open", opened.append)

    class Starting:
        started = False
        should_exit = False

    starting = Starting()
    thread = web_server.threading.Thread(
        target=web_server._open_when_started, args=(starting, "http://127.0.0.1:1/")
    )
    thread.start()
    thread.join(0.2)
    assert opened == []
    starting.started = True
    thread.join(5)
    assert opened == ["http://127.0.0.1:1/"]


LEAVES_A_FILE_OPEN = """
import click
from queens_core import hookimpl

@click.command()
@click.argument("path")
def scribble(path):
    \"\"\"Write to PATH through a handle it never closes.\"\"\"
    handle = open(path, "w")
    handle.write("written before the end\\n")
    scribble.handle = handle  # kept alive: only Python's exit flushes and closes it

@hookimpl
def queens_register_commands():
    return [scribble]
"""


def test_a_package_command_gets_pythons_own_exit_which_closes_what_it_left_open(site, tmp_path):
    # Built-in commands end the process at once (cli/entry.py); a command package's
    # command may rely on Python's exit to flush a file it left open.
    site.add(
        "queens-scribble",
        entry_points={"scribble": "queens_scribble"},
        files={"queens_scribble.py": LEAVES_A_FILE_OPEN},
        group=GROUP,
    )
    queens = str(Path(sys.executable).parent / "queens")
    env = {**os.environ, "PYTHONPATH": str(site.root)}
    out = tmp_path / "out.txt"
    run = subprocess.run(
        [queens, "scribble", str(out)], capture_output=True, text=True, timeout=60, env=env
    )
    assert run.returncode == 0, run.stderr
    assert out.read_text() == "written before the end\n"

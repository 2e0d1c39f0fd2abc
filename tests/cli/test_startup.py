"""What `queens` imports before it does anything: the package's names load on first use."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from support import ARCHIVE, ROOT

import queens_core


def test_every_public_name_resolves_to_its_definition():
    from queens_core import hookspecs
    from queens_core.engine import board, driver, rules, state, validate
    from queens_core.plugins import readers
    from queens_core.plugins import registry as plugins

    homes = (board, driver, hookspecs, plugins, readers, rules, state, validate)
    for name in queens_core.__all__:
        value = getattr(queens_core, name)
        if name != "__version__":
            assert any(getattr(home, name, None) is value for home in homes), name
    assert set(queens_core.__all__) <= set(dir(queens_core))
    with pytest.raises(AttributeError, match="no_such_name"):
        queens_core.no_such_name  # noqa: B018


def imported_by(code: str) -> set[str]:
    """The modules a fresh interpreter has imported after running ``code``."""
    run = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint(' '.join(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return set(run.stdout.split())


def test_the_command_line_loads_the_solver_and_the_rule_packages_only_when_a_command_runs():
    loaded = imported_by("import queens_core.cli.app")
    heavy = {
        "importlib.metadata",
        "queens_core.engine.driver",
        "queens_core.tools.grade",
        "queens_core.tools.hint",
        "queens_core.render.svg",
        "queens_core.tools.stats",
        "queens_core.tools.check",
        "queens_core.tools.explain",
        "xml.sax",
        "difflib",
    }
    assert not heavy & loaded, sorted(heavy & loaded)


def test_a_plain_solve_loads_none_of_the_other_commands_modules():
    loaded = imported_by(
        "import sys\nfrom queens_core.cli.app import main\n"
        f"sys.argv = ['queens', 'solve', {str(ARCHIVE / '1.txt')!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass"
    )
    assert "queens_core.engine.driver" in loaded
    others = {
        "queens_core.tools.grade",
        "queens_core.tools.check",
        "queens_core.tools.stats",
        "queens_core.tools.hint",
        "queens_core.render.svg",
        "queens_core.render.chart",
        "queens_core.tools.explain",
        "queens_core.render.documents",
        # queens' own rules solve it, so its answer needs no search (tools/answers.py)
        "queens_core.referee.exact",
        # the plugins are found without it (queens_core.plugins.distributions)
        "importlib.metadata",
        "json",  # only JSON output needs it
        "pathlib",  # only a folder argument needs it
        # The other built-in commands are imported when they are asked for.
        "queens_core.cli.commands.generate",
        "queens_core.cli.commands.hint",
        "queens_core.cli.commands.render",
        "queens_core.cli.commands.import_board",
        "queens_core.cli.commands.fix",
        "queens_core.cli.commands.convert",
        "queens_core.cli.commands.writers",
        "queens_core.api.converting",
        "urllib.parse",  # only a share link needs it
        "queens_core.plugins.builtin_formats",  # only a URL read or a board written
        "queens_core.cli.commands.check",
        "queens_core.cli.commands.stats",
        "queens_core.cli.commands.rules",
        "queens_core.cli.commands.readers",
        "queens_core.cli.reading",
        "traceback",  # only --traceback needs it
        "random",  # only the generator draws at random
    }
    assert not others & loaded, sorted(others & loaded)


#: Counts the import statements (IMPORT_NAME) run by ``queens COMMAND ARGS...`` in this
#: process, after a first untraced run has imported whatever the command loads lazily.
_COUNT_IMPORTS = """
import dis, os, sys
from queens_core.cli.app import main
IMPORT = dis.opmap["IMPORT_NAME"]
count = 0
def tracer(frame, event, arg):
    global count
    if event == "call":
        frame.f_trace_opcodes = True
    elif event == "opcode" and frame.f_code.co_code[frame.f_lasti] == IMPORT:
        count += 1
    return tracer
def run(argv, traced):
    global count
    count = 0
    sys.settrace(tracer if traced else None)
    try:
        main(argv)
    except SystemExit:
        pass
    finally:
        sys.settrace(None)
    return count
command, paths = sys.argv[1], sys.argv[2:]
run([command, *paths], False)
sys.stderr.write(f"{run([command, *paths[:2]], True)} {run([command, *paths], True)}")
"""


@pytest.mark.parametrize("command", ["solve", "stats"])
def test_each_more_board_runs_no_import_statement(command):
    """An import statement inside a function that runs once a board costs about 10,000
    instructions in Python 3.11 (it looks for the module's ``__path__`` and builds and
    drops an AttributeError), about what reading a small board costs: ``queens solve``
    ran ten a board. Solving six boards runs no more import statements than solving two."""
    paths = [str(ARCHIVE / f"{i}.txt") for i in (1, 2, 3, 5, 353, 6)]
    run = subprocess.run(
        [sys.executable, "-c", _COUNT_IMPORTS, command, *paths],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    two, six = map(int, run.stderr.split()[-2:])
    assert two > 0  # the count sees the command's start: it counts at all
    assert six == two, (two, six)


def test_the_api_loads_the_readers_and_the_solver_on_first_use():
    """``import queens_core.api`` stays light: the functions the reading and solving verbs
    call are imported on their first call (and kept, so none is imported once a board)."""
    loaded = imported_by("import queens_core.api")
    later = {
        "queens_core.plugins.readers",
        "queens_core.tools.batch",
        "queens_core.tools.answers",
        "queens_core.engine.driver",
        "queens_core.render.solve_text",
    }
    assert not later & loaded, sorted(later & loaded)


@pytest.mark.parametrize("argv", [["rules", "list"], ["--version"]])
def test_listing_the_rules_or_the_versions_loads_no_solver(argv):
    loaded = imported_by(
        "import sys\nfrom queens_core.cli.app import main\n"
        f"sys.argv = ['queens', *{argv!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass"
    )
    assert "queens_rules_baseline" in loaded
    solving = {
        "queens_core.engine.driver",
        "queens_core.tools.batch",
        "queens_core.referee.blame",
        "queens_core.referee.exact",
        "queens_core.referee.stars_search",
        "queens_core.cli.report",
        "importlib.metadata",
    }
    assert not solving & loaded, sorted(solving & loaded)


@pytest.mark.slow
def test_the_checkout_wrapper_finds_its_checkout_however_it_is_called(tmp_path):
    """./queens finds the checkout from its own path, without a process for it: absolute,
    relative from elsewhere, ./queens, `sh queens`, and through links (absolute, and
    relative to a link that is itself linked)."""
    relative = os.path.relpath(ROOT / "queens", tmp_path)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "queens").symlink_to(ROOT / "queens")
    (tmp_path / "q-here").symlink_to(os.path.relpath(ROOT / "queens", tmp_path))
    (bin_dir / "q-again").symlink_to("../q-here")
    calls = [
        ([str(ROOT / "queens")], tmp_path),
        (["sh", relative], tmp_path),
        (["./queens"], ROOT),
        (["sh", "queens"], ROOT),
        ([str(bin_dir / "queens")], tmp_path),
        (["bin/q-again"], tmp_path),
    ]
    for argv, cwd in calls:
        run = subprocess.run(
            [*argv, "--version"], cwd=cwd, capture_output=True, text=True, timeout=120
        )
        assert run.returncode == 0, (argv, run.stderr)
        assert run.stdout.startswith("queens-core "), argv


def test_the_checkout_wrapper_says_how_to_choose_a_newer_python(tmp_path):
    """With an old python3 first on the PATH, ./queens said "(set PYTHON)", which a
    newcomer could not act on: it now says what to set and how."""
    old = tmp_path / "python-old"
    old.write_text('#!/bin/sh\ncase "$1" in -V) echo "Python 3.10.13" ;; *) exit 1 ;; esac\n')
    old.chmod(0o755)
    root = tmp_path / "clone"
    (root / "scripts").mkdir(parents=True)
    bootstrap = (ROOT / "scripts" / "bootstrap.sh").read_bytes()
    (root / "scripts" / "bootstrap.sh").write_bytes(bootstrap)
    (root / "queens").write_bytes((ROOT / "queens").read_bytes())
    (root / "queens").chmod(0o755)
    for python, said in (
        (str(old), f"queens: needs Python 3.11 or newer; {old} is Python 3.10.13; name a newer"),
        ("no-such-python", "queens: no-such-python not found; install Python 3.11 or newer, or"),
    ):
        run = subprocess.run(
            ["./queens", "--version"], cwd=root, env={**os.environ, "PYTHON": python},
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
        assert run.returncode == 2, run.stderr
        assert run.stderr.startswith(said), run.stderr
        assert run.stderr.endswith(" in PYTHON (PYTHON=python3.12 ./queens ...)\n"), run.stderr
        assert not (root / ".venv").exists()

"""The plain forms, `queens solve BOARD...` and `queens stats PATH...`, run without click
(queens_core/cli/plain.py): the same output and status as through click, and click unloaded."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import ARCHIVE

from queens_core.cli.plain import is_plain

QUEENS = Path(sys.executable).with_name("queens")


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    done = subprocess.run(
        [str(QUEENS), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )
    # The summary's timings are the one line that differs from run to run.
    timed = "Solve time per board:"
    stdout = "\n".join(line for line in done.stdout.split("\n") if not line.startswith(timed))
    return done.returncode, stdout, done.stderr


@pytest.fixture
def boards(tmp_path: Path) -> Path:
    """Boards of every ending: solved, not solved, a contradiction, a split region, a bad
    one, a folder, and an escape sequence in a name."""
    (tmp_path / "several.txt").write_text("AAAA\nBBBB\nCCCC\nDDDD\n")  # stalls
    (tmp_path / "none.txt").write_text("AB\nAB\n")  # no solution
    (tmp_path / "split.txt").write_text("ABBB\nBBBB\nBBBB\nBBBA\n")  # region A in two pieces
    (tmp_path / "bad.txt").write_text("AB\nA\n")
    (tmp_path / "esc\x1b[31m.txt").write_text((ARCHIVE / "1.txt").read_text())
    folder = tmp_path / "folder"
    folder.mkdir()
    for name in ("1.txt", "353.txt"):
        (folder / name).write_text((ARCHIVE / name).read_text())
    (folder / "bad.txt").write_text("AB\nA\n")
    return tmp_path


def test_only_paths_make_a_plain_form():
    assert is_plain(["solve", "a.txt"]) and is_plain(["stats", "a", "b"])
    assert is_plain(["solve", ""])  # an empty path is a path (and an error of its own)
    assert not is_plain(["solve"]) and not is_plain(["stats"])
    assert not is_plain(["check", "a.txt"]) and not is_plain(["rules", "list"])
    for option in ("-", "--", "--stars", "-h", "--traceback", "--format=json"):
        assert not is_plain(["solve", "a.txt", option]), option
        assert not is_plain(["solve", option, "a.txt"]), option


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "1.txt"],
        ["solve", "folder/1.txt", "several.txt", "none.txt", "split.txt", "bad.txt", "missing"],
        ["solve", "folder", "", "esc\x1b[31m.txt", "folder/353.txt"],
        ["stats", "folder"],
        ["stats", "folder", "several.txt", "none.txt", "split.txt"],
        ["stats", "bad.txt"],
        ["stats", "missing"],
    ],
)
def test_a_plain_form_prints_what_click_prints(boards: Path, args: list[str]):
    (boards / "1.txt").write_text((ARCHIVE / "1.txt").read_text())
    plain = run(args, boards)
    # The same command with an option at its default goes through click.
    through_click = run([args[0], "--stars", "auto", *args[1:]], boards)
    assert plain == through_click


def test_a_plain_form_loads_no_click(tmp_path: Path):
    code = (
        "import sys\n"
        "import queens_core.runtime.process as process\n"
        "end = process.exit_without_teardown\n"
        "def ending(status, flush):\n"
        "    sys.stderr.write('click loaded\\n' if 'click' in sys.modules else 'no click\\n')\n"
        "    end(status, flush)\n"
        "process.exit_without_teardown = ending\n"
        "sys.argv = ['queens', *sys.argv[1:]]\n"
        "from queens_core.cli.entry import run\n"
        "run()\n"
    )
    script = tmp_path / "entry.py"
    script.write_text(code)

    def loaded(*args: str, env: dict[str, str] | None = None) -> str:
        done = subprocess.run(
            [sys.executable, str(script), *args],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            env=env,
        )
        return done.stderr.splitlines()[-1]

    board = str(ARCHIVE / "1.txt")
    assert loaded("solve", board, board) == "no click"
    assert loaded("stats", board) == "no click"
    assert loaded("solve", "--stars", "1", board) == "click loaded"
    # click reads the group's option from the environment: that run is click's.
    env = {**os.environ, "QUEENS_SKIP_BROKEN_PLUGINS": "1"}
    assert loaded("solve", board, env=env) == "click loaded"


@pytest.mark.parametrize("command", ["solve", "stats"])
def test_the_plain_form_passes_every_option_at_its_click_default(command: str):
    """The plain form calls the command's work with nothing but the paths: each other
    parameter's default there must be the click option's default (an option added to
    the command and not given a default there fails here)."""
    import inspect
    from collections.abc import Callable

    from queens_core.cli.app import BUILT_IN_COMMANDS
    from queens_core.cli.solving import solve_boards
    from queens_core.cli.summing import sum_up

    module, _, attribute = BUILT_IN_COMMANDS[command].partition(":")
    click_command = getattr(__import__(module, fromlist=[attribute]), attribute)
    work: Callable[..., None] = solve_boards if command == "solve" else sum_up
    parameters = inspect.signature(work).parameters
    # What click passes the command for `queens COMMAND x.txt`: every option's value.
    passed = click_command.make_context(command, ["x.txt"]).params
    options = [p.name for p in click_command.params if p.param_type_name == "option"]
    assert options
    for name in options:
        if name in passed:
            assert name in parameters, name
            assert parameters[name].default == passed[name], name

"""Shell completion through click's own mechanism (``_QUEENS_COMPLETE``): subcommands,
options, and the installed rule ids and package names for ``--only``, ``--exclude`` and
``--needs``, in bash, zsh and fish. The protocol each shell's script speaks is run
directly; bash (and zsh or fish, where installed) also runs the script it is given."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent


def complete(shell: str, words: str, env: dict[str, str] | None = None) -> str:
    """What ``queens`` answers a shell asking to complete the last of ``words``."""
    parts = words.split(" ")
    environment = {
        **os.environ,
        "_QUEENS_COMPLETE": f"{shell}_complete",
        "COMP_WORDS": words,
        # fish passes the word being completed; bash and zsh its position.
        "COMP_CWORD": parts[-1] if shell == "fish" else str(len(parts) - 1),
        **(env or {}),
    }
    done = subprocess.run(
        [str(BIN / "queens")], env=environment, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout


def values(shell: str, words: str) -> list[str]:
    out = complete(shell, words)
    if shell == "bash":
        return [line.split(",", 1)[1] for line in out.splitlines()]
    if shell == "zsh":  # type, value, help: three lines an item
        lines = out.splitlines()
        return lines[1::3]
    return [line.split(",", 1)[1].split("\t")[0] for line in out.splitlines()]  # fish


@pytest.mark.slow
@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_subcommands_options_and_rule_names(shell):
    assert {"check", "generate"} <= set(values(shell, "queens "))
    assert values(shell, "queens ch") == ["check"]
    assert "--needs" in values(shell, "queens generate --ne")
    assert values(shell, "queens solve --only pig") == ["pigeonhole"]  # a package
    assert values(shell, "queens check --exclude baseline,placement_f") == [
        "baseline,placement_forces_contradiction"
    ]
    # --needs takes rule ids only: no package name is offered.
    needs = values(shell, "queens generate --needs p")
    assert "polyomino_domino" in needs and "pfc" not in needs and "polyomino" not in needs


def in_shell(shell: str, program: str) -> str:
    """The standard output of ``program`` run by ``shell``, with this ``queens`` first on
    the PATH (the completion scripts call it by name)."""
    done = subprocess.run(
        [shell, "-c", program],
        env={**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stderr == "", done.stderr
    return done.stdout


def test_the_bash_script_completes_in_bash():
    program = (
        'eval "$(_QUEENS_COMPLETE=bash_source queens)"\n'
        "COMP_WORDS=(queens generate --only baseline,poly); COMP_CWORD=3\n"
        '_queens_completion queens; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    offered = in_shell("bash", program).splitlines()
    assert offered[0] == "baseline,polyomino"  # the package, then its rules
    assert "baseline,polyomino_domino" in offered
    assert all(line.startswith("baseline,polyomino") for line in offered)


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_the_fish_script_completes_in_fish():
    program = (
        "_QUEENS_COMPLETE=fish_source queens | source; complete -C 'queens generate --needs n_reg'"
    )
    assert in_shell("fish", program).split("\t")[0] == "n_regions_in_n_lines"


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_the_zsh_script_loads_in_zsh():
    program = (
        "autoload -Uz compinit && compinit -u\n"
        'eval "$(_QUEENS_COMPLETE=zsh_source queens)"\n'
        "whence -w _queens_completion"
    )
    assert in_shell("zsh", program).strip() == "_queens_completion: function"

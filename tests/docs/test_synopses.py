"""A command's synopsis in the manual (a ``text`` block ``queens COMMAND [--option ...]``)
lists every option the command takes, and none it does not: the doc tests run the
examples, not the synopses, and ``fix`` and ``stats`` had lost ``--stars`` and
``--cluster`` there."""

from __future__ import annotations

import re

import click
import pytest
from support import ROOT

from queens_core.cli.app import main

#: The options every command has, which no synopsis repeats.
EVERYWHERE = {"--skip-broken-plugins", "--traceback", "--help"}

_BLOCK = re.compile(r"```text\n(queens ([a-z-]+) \[--.*?)```", re.S)


def synopses() -> list[tuple[str, str, str]]:
    found = []
    for page in sorted((ROOT / "docs").glob("*.md")):
        for match in _BLOCK.finditer(page.read_text(encoding="utf-8")):
            found.append((page.name, match[2], match[1]))
    return found


def test_the_synopses_are_found():
    assert {command for _, command, _ in synopses()} >= {"check", "fix", "stats"}


@pytest.mark.parametrize(
    ("page", "command", "block"), synopses(), ids=[f"{p}-{c}" for p, c, _ in synopses()]
)
def test_a_synopsis_lists_every_option_of_its_command(page, command, block):
    with click.Context(main) as context:
        found = main.get_command(context, command)
    assert found is not None, f"{page}: no command {command}"
    taken = {
        name
        for parameter in found.params
        if isinstance(parameter, click.Option)
        for name in parameter.opts
        if name.startswith("--")
    }
    listed = set(re.findall(r"--[a-z][a-z-]*", block))
    assert listed <= taken, f"{page}: {command} takes no {sorted(listed - taken)}"
    # An option with several names (--color, --colour) is listed under one of them; a
    # hidden one (an old name kept working) is not listed.
    missing = [
        parameter.opts
        for parameter in found.params
        if isinstance(parameter, click.Option)
        and not parameter.hidden
        and not set(parameter.opts) & (listed | EVERYWHERE)
        and any(name.startswith("--") for name in parameter.opts)
    ]
    assert not missing, f"{page}: the synopsis of {command} leaves out {missing}"

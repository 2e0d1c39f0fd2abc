"""A hostile writer package: one whose ``write`` never returns, prints, or exits is
stopped and named with its package; ``queens convert`` exits 2 with one line."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from fakedist import ROOT, FakeSite

from queens_core.cli.app import main
from queens_core.runtime import guards

BOARD = ROOT / "archive" / "boards" / "1.txt"

WRITER_PACKAGE = """
from queens_core import Writer, hookimpl

def write(board, state):
    {body}

@hookimpl
def queens_register_writers():
    return [Writer(name="hostile", summary="A hostile writer", write=write)]
"""
WRITER = "writer 'hostile' from queens-write-hostile 6.6.6"


def install(site: FakeSite, body: str) -> None:
    site.add(
        "queens-write-hostile",
        "6.6.6",
        {"hostile": "queens_write_hostile"},
        {"queens_write_hostile/__init__.py": WRITER_PACKAGE.format(body=body)},
        group="queens.writers",
    )


def convert():
    return CliRunner().invoke(main, ["convert", str(BOARD), "--to", "hostile"])


def test_a_writer_that_never_returns_is_stopped_by_its_budget(site, monkeypatch):
    monkeypatch.setattr(guards, "PLUGIN_BUDGET", 0.3)
    # Bounded, so that where nothing stops it the test fails instead of hanging.
    install(
        site, "import time; end = time.monotonic() + 20\n    while time.monotonic() < end: pass"
    )
    result = convert()
    assert result.exit_code == 2
    assert result.stderr == (
        f"queens: error: {WRITER} ran away: it was still running when its time budget "
        "(0.3 s) ran out\n"
    )


@pytest.mark.parametrize(
    ("body", "cause"),
    [
        ("raise SystemExit(0)", "SystemExit: 0"),
        ("raise KeyError('x')", "KeyError: 'x'"),
        ("return None", None),
    ],
)
def test_a_writer_that_fails_is_named_and_the_run_exits_2(site, body, cause):
    install(site, body)
    result = convert()
    assert result.exit_code == 2
    if cause is None:
        assert result.stderr == f"queens: error: {WRITER} returned NoneType, not a str\n"
    else:
        assert result.stderr == f"queens: error: {WRITER} failed: {cause}\n"


def test_a_writer_that_prints_is_named(site):
    install(site, "print('sneaky'); return 'x'")
    result = convert()
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"queens: error: {WRITER} failed: ")

"""Shared fixtures: the archive, its exact solutions, the installed registry, and a fake
site-packages for plugins written by a test (``site``; a module may define its own)."""

from __future__ import annotations

import pytest
from fakedist import FakeSite
from support import archive_paths, foreign_plugins, foreign_plugins_note

from queens_core import Board, load_registry
from queens_core.referee.exact import find_solutions


@pytest.fixture(scope="session")
def archive() -> dict[str, Board]:
    """Every archive board by its id."""
    return {p.stem: Board.parse(p.read_text()) for p in archive_paths()}


@pytest.fixture(scope="session")
def solutions(archive) -> dict[str, int]:
    """The unique solution of every archive board (queen mask), by the exact solver."""
    out = {}
    for key, board in archive.items():
        found = find_solutions(board, cap=2)
        assert len(found) == 1, f"board {key} has {len(found)} solutions"
        out[key] = found[0]
    return out


@pytest.fixture(scope="session")
def registry():
    """The rules installed in this environment (all four catalog packages)."""
    return load_registry()


@pytest.fixture
def site(tmp_path, monkeypatch):
    fake = FakeSite(tmp_path / "site", monkeypatch)
    yield fake
    fake.forget_modules()


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """Said at the end, where the failures it explains are read."""
    found = foreign_plugins()
    if found:
        terminalreporter.write_line(foreign_plugins_note(found), yellow=True, bold=True)

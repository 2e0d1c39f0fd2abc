"""The pigeonhole rule's tests: the queens testing kit (fixtures ``queens_registry``,
``baseline_rules``, ``queens_boards``), and the project's archive of boards, which some
tests sample."""

from __future__ import annotations

from pathlib import Path

import pytest

from queens_core import Board
from queens_core.testing import load_boards

pytest_plugins = ["queens_core.pytest_plugin"]

ARCHIVE = Path(__file__).resolve().parents[2] / "archive" / "boards"


@pytest.fixture(scope="session")
def archive() -> dict[str, Board]:
    """Every board of the project's archive (archive/boards), by its number."""
    return load_boards(ARCHIVE)

"""Pytest fixtures for rule authors, opt-in: in a test module or a top-level conftest.py,

::

    pytest_plugins = ["queens_core.pytest_plugin"]

It adds:

- ``queens_boards``: boards to check soundness on, by name. By default 40 generated
  boards (:func:`queens_core.testing.random_boards`, fixed seed); with
  ``pytest --queens-boards=DIR`` the ``*.txt`` boards of DIR instead (the project's
  ``archive/boards`` for instance). Write it with ``=``: before the plugin is loaded,
  pytest takes a separate ``DIR`` for a test path when it looks for the rootdir;
- ``queens_registry``: the installed rules (:func:`queens_core.load_registry`). A
  package that fails to load fails every test that takes it, named, as ``queens`` does;
  with ``QUEENS_SKIP_BROKEN_PLUGINS=1`` (as for ``queens``) it is left out instead, and
  each package left out is a warning in pytest's summary;
- ``baseline_rules``: the installed rules of the Easy grade (the basic deductions every
  player makes: single cells, confinements, a queen's kill list), the usual company for a
  rule under test (:func:`queens_core.testing.check_soundness`);
- a line in pytest's header naming the installed rule packages.

The helpers themselves (pictures, ``assert_kills``, ``check_soundness``...) are plain
functions in :mod:`queens_core.testing`; import them.
"""

from __future__ import annotations

import os
import warnings

import pytest

from . import __version__
from .engine.board import Board
from .engine.rules import Grade, Rule
from .plugins.registry import SKIP_BROKEN_ENV, Registry, load_registry
from .testing import load_boards, random_boards


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("queens", "queens rule testing")
    group.addoption(
        "--queens-boards",
        metavar="DIR",
        default=None,
        help="check rule soundness on the *.txt boards of DIR instead of generated ones",
    )


def pytest_report_header(config: pytest.Config) -> str:
    try:
        registry = load_registry(skip_broken=True)
    except Exception as err:  # the header must never stop a test run
        return f"queens-core {__version__}; rule packages could not be listed: {err}"
    packages = sorted({f"{p.name} {p.version}" for p in registry.packages})
    return f"queens-core {__version__}; rule packages: {', '.join(packages) or 'none'}"


#: The values click reads as true for the command line's --skip-broken-plugins variable.
_TRUE = frozenset({"1", "true", "t", "yes", "y", "on"})


@pytest.fixture(scope="session")
def queens_registry() -> Registry:
    """The rules installed in the test environment.

    A package that fails to load raises :class:`queens_core.PluginError`, unless
    QUEENS_SKIP_BROKEN_PLUGINS is set to a true value: then it is left out with a warning
    that names it, so a broken package beside the rule under test need not stop its tests.
    """
    skip_broken = os.environ.get(SKIP_BROKEN_ENV, "").strip().lower() in _TRUE
    registry = load_registry(skip_broken=skip_broken)
    for line in registry.broken:
        warnings.warn(f"left out ({SKIP_BROKEN_ENV}): {line}", stacklevel=1)
    return registry


@pytest.fixture(scope="session")
def baseline_rules(queens_registry: Registry) -> list[Rule]:
    """The installed rules that declare the Easy grade: the basic deductions."""
    rules = [r for r in queens_registry.rules if r.grade_needed is Grade.EASY]
    if not rules:
        raise RuntimeError(
            "no installed rule declares the Easy grade: add the package of the basic "
            "rules to your test dependencies"
        )
    return rules


@pytest.fixture(scope="session")
def queens_boards(pytestconfig: pytest.Config) -> dict[str, Board]:
    """Boards to test rules on: those of --queens-boards DIR, or 40 generated ones."""
    folder = pytestconfig.getoption("queens_boards")
    if folder is None:
        return random_boards(40)
    try:
        return load_boards(folder)
    except ValueError as err:
        raise pytest.UsageError(f"--queens-boards {err}") from err

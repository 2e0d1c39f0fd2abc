"""The package registers its rules without importing their modules: a Queens command
never loads the Star Battle deductions, and a Star Battle solve loads them on first use."""

from __future__ import annotations

import importlib
import pickle
from dataclasses import replace
from pathlib import Path

import pytest

import queens_rules_starbattle as package
from queens_core import Solver
from queens_core.api import Application
from queens_core.testing import modules_loaded_by
from queens_rules_starbattle import RULES, Deferred
from queens_rules_starbattle.counting import exclusion

ROOT = Path(__file__).resolve().parents[2]


def loaded_after(code: str) -> set[str]:
    """The modules of this package a fresh interpreter holds after running ``code``."""
    return modules_loaded_by(code, "queens_rules_starbattle", ROOT)


def test_loading_the_registry_imports_no_rule_module():
    loaded = loaded_after("from queens_core import load_registry; load_registry()")
    assert loaded == {"queens_rules_starbattle", "queens_rules_starbattle.sbn"}


def test_a_queens_solve_imports_no_rule_module():
    code = (
        "from queens_core.api import Application\n"
        "assert Application().solve('archive/boards/353.txt').solved"
    )
    assert loaded_after(code) == {"queens_rules_starbattle", "queens_rules_starbattle.sbn"}


def test_a_star_battle_solve_loads_the_rules_it_calls():
    code = (
        "from queens_core.api import Application\n"
        "assert Application().solve('archive/starbattle/9x9-2stars-01.txt').solved"
    )
    loaded = loaded_after(code)
    assert {"queens_rules_starbattle.counting", "queens_rules_starbattle.deductions"} <= loaded


def test_a_deferred_apply_is_the_function_it_names():
    board = Application().read(str(ROOT / "archive" / "starbattle" / "9x9-2stars-01.txt")).board
    deferred = package.exclusion
    assert isinstance(deferred, Deferred)
    with_deferred = Solver(RULES, stars=2).solve(board)
    direct = [replace(rule, apply=exclusion) if rule.apply is deferred else rule for rule in RULES]
    with_function = Solver(direct, stars=2).solve(board)
    assert with_deferred.steps == with_function.steps
    assert with_deferred.counters == with_function.counters


def test_every_deferred_name_resolves_to_a_function():
    """A misspelt module or function would fail only on the rule's first call, deep in
    a solve: every name the package registers by is checked here instead."""
    named = [
        part
        for rule in RULES
        for part in (rule.apply, rule.explain, rule.focus)
        if isinstance(part, Deferred)
    ]
    assert {(part.module, part.name) for part in named} >= {
        ("block_split", "block_cases_why"),
        ("block_split", "block_cases_focus"),
    }
    for part in named:
        module = importlib.import_module(f"queens_rules_starbattle.{part.module}")
        assert callable(getattr(module, part.name)), part


def test_a_deferred_apply_pickles_by_its_names():
    copy = pickle.loads(pickle.dumps(package.flow_counting))
    assert isinstance(copy, Deferred)
    assert (copy.module, copy.name) == ("flow", "flow_counting")


def test_the_names_the_package_gave_still_resolve():
    from queens_rules_starbattle import refute, sentences

    assert package.DEEP_DEPTH == refute.DEEP_DEPTH
    assert package.star_why is sentences.star_why
    with pytest.raises(AttributeError, match="no_such_name"):
        package.no_such_name  # noqa: B018

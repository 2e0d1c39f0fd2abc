"""The polyomino tables the package loads as data are the ones its derivation builds."""

from __future__ import annotations

import importlib
import sys

from queens_rules_polyomino import shapes


def test_the_tables_loaded_as_data_are_derived_again_identically():
    canonical_table, fixed_table = shapes.build_tables()
    assert shapes.CANONICAL_TABLE == canonical_table
    assert shapes.FIXED_TABLE == fixed_table
    assert len(canonical_table) == len(shapes.SHAPES) == 24


def test_loading_the_package_derives_nothing(monkeypatch):
    """A fresh import leaves the derivation's cache empty: nothing was grown."""
    monkeypatch.delitem(sys.modules, "queens_rules_polyomino")
    monkeypatch.delitem(sys.modules, "queens_rules_polyomino.shapes")
    importlib.import_module("queens_rules_polyomino")
    assert sys.modules["queens_rules_polyomino.shapes"] is not shapes
    assert not sys.modules["queens_rules_polyomino.shapes"].free_polyominoes.cache_info().currsize

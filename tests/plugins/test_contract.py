"""The plugin contract: the core knows no catalog rule, the contract is versioned and
pinned alike everywhere, Rule is keyword-only and frozen, hooks go through pluggy's hook
caller, and what plugins import from the core is declared public."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
import tomllib

import pytest
from support import ROOT

import queens_core
from queens_core import CONTRACT_VERSION, Rule, Tier, hookimpl, load_registry, make_plugin_manager

CATALOG_PACKAGES = ("baseline", "polyomino", "pigeonhole", "pfc")
PLUGIN_SOURCES = [
    *(ROOT / f"queens_rules_{name}" / f"queens_rules_{name}" for name in CATALOG_PACKAGES),
    ROOT / "queens_rules_starbattle" / "queens_rules_starbattle",
    ROOT / "examples" / "queens-rules-squeeze" / "queens_rules_squeeze",
]
#: The modules at the top of queens_core that plugins import from: each declares its
#: promise in __all__, and the folders behind them are implementation.
CONTRACT_MODULES = (
    "board",
    "exact",
    "maker",
    "maker_stars",
    "matching",
    "propagation",
    "state",
    "testing",
    "words",
)


def noop(ctx) -> None:
    return None


def test_the_core_names_no_catalog_rule_nor_package(registry):
    """What the core needs from a rule is a property of the rule: no counter id of the
    catalog, no catalog package's name, in any module of queens_core (its tests and docs
    aside)."""
    catalog = [
        r for r in registry.rules if r.package.removeprefix("queens-rules-") in CATALOG_PACKAGES
    ]
    ids = {rule.counter for rule in catalog}
    assert len(ids) == 31
    names = set()
    for package in CATALOG_PACKAGES:
        names |= {f"queens-rules-{package}", f"queens_rules_{package}"}
    pattern = re.compile(r"(?<![\w-])(" + "|".join(sorted(ids | names)) + r")(?![\w-])")
    found = []
    for path in sorted((ROOT / "queens_core" / "queens_core").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.name}:{number}: {m[0]}" for m in pattern.finditer(line)]
    assert not found, found


def test_rules_are_keyword_only_and_frozen():
    with pytest.raises(TypeError):
        Rule("x", "X", Tier.CHEAP, 1, "s", noop)  # type: ignore[misc]
    rule = Rule(counter="x", display_name="X", tier=Tier.CHEAP, position=1, summary="s", apply=noop)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rule.weight = 3  # type: ignore[misc]


def test_every_package_the_example_and_the_guides_pin_the_contract_version():
    core = tomllib.loads((ROOT / "queens_core" / "pyproject.toml").read_text())
    assert core["project"]["version"].startswith(CONTRACT_VERSION + ".")
    major, minor = map(int, CONTRACT_VERSION.split("."))
    pin = f"queens-core>={major}.{minor},<{major}.{minor + 1}"
    projects = [ROOT / f"queens_rules_{name}" for name in CATALOG_PACKAGES]
    for project in projects:
        meta = tomllib.loads((project / "pyproject.toml").read_text())
        assert meta["project"]["dependencies"] == [pin], project.name
    example = tomllib.loads(
        (ROOT / "examples" / "queens-rules-squeeze" / "pyproject.toml").read_text()
    )
    assert example["project"]["dependencies"] == [pin]
    for guide in ("writing-rules.md", "writing-readers.md"):
        text = (ROOT / "docs" / guide).read_text()
        assert f'dependencies = ["{pin}"]' in text, guide
        assert set(re.findall(r"queens-core>=[\d.]+,<[\d.]+", text)) == {pin}, guide


def test_plugins_import_only_declared_names():
    """Every name a plugin imports from the core is in its module's __all__ (the stable
    surface), and every name an __all__ declares exists."""
    for folder in PLUGIN_SOURCES:
        for path in folder.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith(
                    "queens_core"
                ):
                    continue
                module = importlib.import_module(node.module or "")
                declared = getattr(module, "__all__", ())
                for alias in node.names:
                    assert alias.name in declared, f"{path.name}: {node.module}.{alias.name}"
    for name in CONTRACT_MODULES:
        module = importlib.import_module(f"queens_core.{name}")
        for public in module.__all__:
            assert hasattr(module, public), f"queens_core.{name}.{public}"
    assert {"bits", "cell_label", "unit_label", "Grade", "CONTRACT_VERSION"} <= set(
        queens_core.__all__
    )


def test_hooks_are_called_through_pluggy_one_plugin_at_a_time():
    """Through the hook caller (pluggy's call monitoring sees each call), each call
    holding one plugin's implementation, so a failure is that plugin's."""

    class Plugin:
        def __init__(self, counter: str):
            self.counter = counter

        @hookimpl
        def queens_register_rules(self) -> list[Rule]:
            return [
                Rule(
                    counter=self.counter,
                    display_name=self.counter,
                    tier=Tier.CHEAP,
                    position=1000,
                    summary="s",
                    apply=noop,
                )
            ]

    pm = make_plugin_manager()
    pm.register(Plugin("first"), name="p1")
    pm.register(Plugin("second"), name="p2")
    calls: list[tuple[str, list[str]]] = []
    pm.add_hookcall_monitoring(
        lambda name, impls, kwargs: calls.append((name, [i.plugin_name for i in impls])),
        lambda outcome, name, impls, kwargs: None,
    )
    rules = load_registry(pm, use_entry_points=False).rules
    assert [r.counter for r in rules] == ["first", "second"]
    assert [c for c in calls if c[0] == "queens_register_rules"] == [
        ("queens_register_rules", ["p1"]),
        ("queens_register_rules", ["p2"]),
    ]

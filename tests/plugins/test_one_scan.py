"""Building the registry scans ``sys.path`` once: the entry points, the catalog and the
core's version come from the same look at the installed distributions, and a look
outside the registry's building sees what was installed since."""

from __future__ import annotations

import pytest

from queens_core.plugins import distributions
from queens_core.plugins.registry import load_registry


def _names(group: str) -> list[str]:
    return [ep.name for ep in distributions.entry_points(group)]


def _scanned_here() -> bool:
    """Whether this module scans sys.path itself (not when another meta path finder
    supplies distributions: then importlib.metadata answers, and scans every time)."""
    try:
        list(distributions._scan())
    except distributions._Unsupported:
        return False
    return True


def test_inside_one_scan_every_look_shares_the_first(site):
    if not _scanned_here():
        pytest.skip("importlib.metadata answers here (another finder on sys.meta_path)")
    site.add("early-dist", entry_points={"first": "early_mod"}, group="test.one.scan")
    with distributions.one_scan():
        assert _names("test.one.scan") == ["first"]
        site.add("late-dist", entry_points={"second": "late_mod"}, group="test.one.scan")
        # Installed after the block's first look: not in its scan.
        assert _names("test.one.scan") == ["first"]
        assert distributions.version("late-dist") is None
        with distributions.one_scan():  # nested: still the same scan
            assert _names("test.one.scan") == ["first"]
    # Outside the block every look scans again and finds it.
    assert sorted(_names("test.one.scan")) == ["first", "second"]
    assert distributions.version("late-dist") == "0.1.0"


def test_the_answers_inside_a_scan_are_those_outside(site):
    site.add("some-dist", "2.5", entry_points={"x": "some_mod"}, group="test.one.scan")
    groups = ("queens.rules", "queens.readers", "test.one.scan")
    outside = [(ep.group, ep.name, ep.value) for ep in distributions.entry_points(*groups)]
    version = distributions.version("queens-core")
    with distributions.one_scan():
        inside = [(ep.group, ep.name, ep.value) for ep in distributions.entry_points(*groups)]
        assert distributions.version("queens-core") == version
        assert distributions.version("some-dist") == "2.5"
    assert inside == outside
    assert ("test.one.scan", "x", "some_mod") in inside


def test_a_registry_built_then_sees_a_package_installed_after_it(site):
    before = {info.name for info in load_registry().packages}
    site.add(
        "queens-rules-later",
        entry_points={"later": "later_rules"},
        files={
            "later_rules.py": """
                from queens_core import Rule, Tier, hookimpl

                def apply(ctx):
                    pass

                @hookimpl
                def queens_register_rules():
                    return [Rule(counter="later_rule", display_name="Later", tier=Tier.CHEAP,
                                 position=1900, summary="Never fires.", apply=apply)]
            """
        },
    )
    after = {info.name for info in load_registry().packages}
    assert after - before == {"queens-rules-later"}

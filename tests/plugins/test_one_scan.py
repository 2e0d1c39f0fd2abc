"""Building the registry scans ``sys.path`` once: the entry points, the catalog and the
core's version come from the same look at the installed distributions, and a look
outside the registry's building sees what was installed since."""

from __future__ import annotations

import os
import subprocess
import sys

from queens_core.plugins import distributions
from queens_core.plugins.registry import load_registry


def _names(group: str) -> list[str]:
    return [ep.name for ep in distributions.entry_points(group)]


#: The held scan, tried in a fresh interpreter: in the full suite another finder may sit
#: on sys.meta_path, and then importlib.metadata answers every look instead of queens'
#: own scan (as it would in such an installation).
HELD_SCAN = """
import pathlib, sys
from queens_core.plugins import distributions

root = pathlib.Path(sys.argv[1])
list(distributions._scan())  # queens scans sys.path itself here (else _Unsupported)

def add(name, entry):
    info = root / (name.replace("-", "_") + "-0.1.0.dist-info")
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\\nName: {name}\\nVersion: 0.1.0\\n")
    (info / "entry_points.txt").write_text(f"[test.one.scan]\\n{entry}\\n")

def names():
    return [ep.name for ep in distributions.entry_points("test.one.scan")]

add("early-dist", "first = early_mod")
with distributions.one_scan():
    assert names() == ["first"], names()
    add("late-dist", "second = late_mod")
    # Installed after the block's first look: not in its scan.
    assert names() == ["first"], names()
    assert distributions.version("late-dist") is None
    with distributions.one_scan():  # nested: still the same scan
        assert names() == ["first"], names()
# Outside the block every look scans again and finds it.
assert sorted(names()) == ["first", "second"], names()
assert distributions.version("late-dist") == "0.1.0"
"""


def test_inside_one_scan_every_look_shares_the_first(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    done = subprocess.run(
        [sys.executable, "-c", HELD_SCAN, str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


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

"""Rule packages written for contract 0.2 still work under 0.3: the shared-attack package
as docs/writing-rules.md built it before 0.3 (kept in tests/fixtures/writing-rules-0.2.md)
loads, solves and passes its own tests, and is named once in a deprecation notice that
says what to change. The notice is a DeprecationWarning for Python callers and one line on standard
error for ``queens``; a 0.3 package gets none."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from guide import blocks, write_files
from support import ROOT, install_offline

from queens_core import Place, Rule, Step, Tier, hookimpl, load_registry, make_plugin_manager
from queens_core.engine.rules import written_for_0_2
from queens_core.plugins.registry import outdated_notice

WITNESS = ROOT / "tests" / "fixtures" / "writing-rules-0.2.md"
GUIDE = ROOT / "docs" / "writing-rules.md"
BIN = Path(sys.executable).parent
NOTICE_END = (
    "make each a subclass of queens_core.Rule with apply, explain and focus methods "
    '(the manual\'s Writing rules page, "Upgrading from 0.2")'
)


def _env(site: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("QUEENS_", "PYTEST_"))}
    env["PYTHONPATH"] = str(site)
    return env


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("witness")
    write_files(blocks(WITNESS.read_text(encoding="utf-8")), root)
    site = root / "site-packages"
    install_offline(root / "queens-rules-shared-attack", site)
    return root


def test_the_witness_is_the_0_2_package():
    text = WITNESS.read_text(encoding="utf-8")
    assert 'dependencies = ["queens-core>=0.2,<0.3"]' in text
    assert "apply=apply_shared_attack," in text and "class " not in text


def test_the_0_2_guide_package_passes_its_own_tests(workspace):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "queens-rules-shared-attack/tests",
        ],
        cwd=workspace,
        env=_env(workspace / "site-packages"),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 passed" in done.stdout


def test_the_0_2_guide_package_solves_with_one_notice(workspace):
    done = subprocess.run(
        [str(BIN / "queens"), "solve", "--only", "baseline,shared-attack", "board.txt"],
        cwd=workspace,
        env=_env(workspace / "site-packages"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith("Line-confined-to-region  : 0\nShared attack            : 1\n")
    # The very line docs/writing-rules.md shows in "Upgrading from 0.2".
    (shown,) = (b for b in blocks(GUIDE.read_text(encoding="utf-8")) if b.argument == "outdated")
    assert done.stderr == shown.text
    assert done.stderr.endswith(f"(shared_attack): {NOTICE_END}\n")


def noop(ctx) -> None:
    return None


class OldStyle:
    @hookimpl
    def queens_register_rules(self) -> list[Rule]:
        fields = {"tier": Tier.CHEAP, "position": 1000, "summary": "s", "apply": noop}
        return [Rule(counter=name, display_name=name, **fields) for name in "abcd"]


class Quiet(Rule):
    counter = "quiet"
    display_name = "Quiet"
    tier = Tier.CHEAP
    position = 1001
    summary = "Does nothing, the 0.3 way."

    def apply(self, ctx) -> None:
        return None

    def focus(self, step: Step, board, before) -> Place | None:
        return Place.row(0)


class NewStyle:
    @hookimpl
    def queens_register_rules(self) -> list[Rule]:
        return [Quiet()]


def test_registering_0_2_rules_warns_once_per_package():
    pm = make_plugin_manager()
    pm.register(OldStyle(), name="old-rules")
    pm.register(NewStyle(), name="new-rules")
    with pytest.warns(DeprecationWarning) as caught:
        registry = load_registry(pm, use_entry_points=False)
    assert [str(w.message) for w in caught] == registry.outdated
    assert registry.outdated == [
        "old-rules registers rules written for plugin contract 0.2 (a, b, c and 1 more): "
        + NOTICE_END
    ]
    assert sorted(r.counter for r in registry.rules) == ["a", "b", "c", "d", "quiet"]


def test_a_0_3_rule_is_no_0_2_rule_even_with_a_keyword_apply():
    assert not written_for_0_2(Quiet())
    assert not written_for_0_2(Quiet(counter="loud", apply=noop))
    assert written_for_0_2(
        Rule(counter="x", display_name="X", tier=Tier.CHEAP, position=1, summary="s", apply=noop)
    )
    assert outdated_notice("pkg", "1.0", [Quiet()]) is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pm = make_plugin_manager()
        pm.register(NewStyle(), name="new-rules")
        assert load_registry(pm, use_entry_points=False).outdated == []

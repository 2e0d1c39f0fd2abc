"""Installed-looking rule packages for tests: a real ``*.dist-info`` (METADATA and
``entry_points.txt``) beside the package's modules, in a folder put on ``sys.path``.

``importlib.metadata`` finds such a distribution exactly as it finds one pip installed, so
``queens`` discovers it through its ``queens.rules`` entry point like any other.
"""

from __future__ import annotations

import importlib
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


class FakeSite:
    """A site-packages-like folder on ``sys.path`` for the length of one test."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch):
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        monkeypatch.syspath_prepend(str(root))

    def add(
        self,
        name: str,
        version: str = "0.1.0",
        entry_points: dict[str, str] | None = None,
        files: dict[str, str] | None = None,
        group: str = "queens.rules",
    ) -> Path:
        """Install distribution ``name``: its modules (``files``: path -> source, dedented)
        and a dist-info whose entry-point ``group`` holds ``entry_points``."""
        for relative, source in (files or {}).items():
            path = self.root / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(source))
        info = self.root / f"{name.replace('-', '_')}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
        lines = [f"{key} = {value}" for key, value in (entry_points or {}).items()]
        (info / "entry_points.txt").write_text(f"[{group}]\n" + "\n".join(lines) + "\n")
        importlib.invalidate_caches()
        return info

    def forget_modules(self) -> None:
        """Drop the modules imported from this folder, so the next test imports its own."""
        for key, module in list(sys.modules.items()):
            origin = getattr(module, "__file__", None) or ""
            if origin.startswith(str(self.root)):
                del sys.modules[key]


def rule_module(
    body: str,
    counter: str,
    *,
    tier: str = "CHEAP",
    position: int = 1000,
    max_stars: int | None = 1,
    weight: int | None = None,
    grade: str | None = None,
) -> str:
    """The source of a one-rule package whose rule's ``apply(self, ctx)`` has ``body``
    (indented 4), on line 5 onwards as ever."""
    display_name = counter.replace("_", " ").capitalize()
    return (
        "from queens_core import Contradiction, Grade, Rule, Tier, hookimpl\n\n"
        "class PluginRule(Rule):\n"
        "    def apply(self, ctx):\n"
        + textwrap.indent(textwrap.dedent(body).strip("\n"), "        ")
        + f"\n\n    counter = {counter!r}\n"
        f"    display_name = {display_name!r}\n"
        f"    tier = Tier.{tier}\n"
        f"    position = {position}\n"
        "    summary = 'test rule'\n"
        f"    max_stars = {max_stars}\n"
        + ("" if weight is None else f"    weight = {weight}\n")
        + ("" if grade is None else f"    grade = Grade.{grade}\n")
        + "\n\n@hookimpl\n"
        "def queens_register_rules():\n"
        "    return [PluginRule()]\n"
    )

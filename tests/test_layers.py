"""The core's layers import one way, and no module imports itself back through others.

Every import statement counts: at module level, inside a function, and under
``TYPE_CHECKING``, because each of them is an edge a reader has to follow. A ``.py``
file directly in ``queens_core/`` is contract (each is given the layer of what it
re-exports); a folder is a layer of the implementation:

=========== =========================================================================
layer       may import
=========== =========================================================================
engine      the standard library, but no process modules (threads, signals, processes)
runtime     engine (the process layer: watchdogs, the sentinel, workers, forks, exits,
            a Dask cluster, optionally)
plugins     engine, runtime, pluggy
referee     engine, runtime (pycryptosat, optionally)
tools       engine, runtime, plugins, referee
generator   engine, runtime, plugins, referee, tools
render      engine, plugins, referee, tools
api         engine, runtime, plugins, referee, tools, generator, render (the application)
contract    anything but render, api and cli (the rule-author kit and its fixtures)
cli         anything, and click
=========== =========================================================================

Rule packages import contract modules only; the web page and the image reader import the
application (``queens_core.api``) and contract modules only, and the web page's command
``cli.exits`` besides, through which a command package fails and warns like every other
command.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from support import ROOT

CORE = ROOT / "queens_core" / "queens_core"

#: Each layer and the layers it may import (its own included).
ALLOWED = {
    "engine": {"engine"},
    "runtime": {"engine", "runtime"},
    "plugins": {"engine", "runtime", "plugins"},
    "referee": {"engine", "runtime", "referee"},
    "tools": {"engine", "runtime", "plugins", "referee", "tools"},
    "generator": {"engine", "runtime", "plugins", "referee", "tools", "generator"},
    "render": {"engine", "plugins", "referee", "tools", "render"},
    "api": {"engine", "runtime", "plugins", "referee", "tools", "generator", "render", "api"},
    "contract": {"engine", "runtime", "plugins", "referee", "tools", "generator", "contract"},
    "cli": set(),  # anything: below
}
ALLOWED["cli"] = set(ALLOWED)

#: Standard-library modules the engine never imports: the kernel the compiled build
#: compiles runs no threads, signals or processes of its own (the runtime does).
PROCESS_MODULES = {"threading", "_thread", "signal", "multiprocessing", "subprocess"}

#: The layer of each contract file: that of the implementation it re-exports.
CONTRACT_LAYERS = {
    "board": "engine",
    "state": "engine",
    "words": "engine",
    "propagation": "engine",
    "matching": "engine",
    "hookspecs": "plugins",
    "borders": "plugins",
    "exact": "referee",
    "maker": "generator",
    "maker_stars": "generator",
    "testing": "contract",
    "pytest_plugin": "contract",
}

#: Packages outside the standard library each layer may import.
THIRD_PARTY = {
    "plugins": {"pluggy"},
    "runtime": {"distributed"},
    "referee": {"pycryptosat"},
    "contract": {"pluggy", "pytest"},
    "cli": {"click", "pluggy", "PIL"},
    "render": {"PIL"},
}

#: The plugins of this repository and what they may import from the core.
PLUGIN_PACKAGES = {
    ROOT / f"queens_rules_{name}" / f"queens_rules_{name}": "contract only"
    for name in ("baseline", "polyomino", "pigeonhole", "pfc", "starbattle")
}
PLUGIN_PACKAGES[ROOT / "examples" / "queens-rules-squeeze" / "queens_rules_squeeze"] = (
    "contract only"
)
PLUGIN_PACKAGES[ROOT / "queens_web" / "queens_web"] = "api and contract"
PLUGIN_PACKAGES[ROOT / "queens_read_image" / "queens_read_image"] = "api and contract"

#: What a package of each kind may import from the core.
CONTRACT = {"queens_core"} | {f"queens_core.{name}" for name in CONTRACT_LAYERS}
MAY_IMPORT = {
    "contract only": CONTRACT,
    # A command package fails and warns as every command does: through cli.exits.
    "api and contract": CONTRACT | {"queens_core.api", "queens_core.cli.exits"},
}


def module_name(path: Path, top: Path) -> str:
    parts = list(path.relative_to(top.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources_of(top: Path) -> dict[str, str]:
    """Every module of the package folder ``top``, by dotted name, with its source."""
    return {
        module_name(path, top): path.read_text(encoding="utf-8")
        for path in sorted(top.rglob("*.py"))
    }


def imports_of(module: str, source: str, is_package: bool, known: set[str]) -> Iterator[str]:
    """The modules ``module`` imports, wherever the statement stands (relative imports
    resolved; ``from package import submodule`` counted as the submodule)."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            submodules = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in known]
            # "from . import hookspecs" imports the submodule, not the package's names.
            yield from submodules
            if len(submodules) < len(node.names):
                yield target


def core_layer(module: str) -> str:
    """The layer of a module of queens_core: its folder, or its contract file's."""
    parts = module.split(".")
    if len(parts) == 1:
        return "plugins"  # queens_core/__init__: lazy names, and the version
    if len(parts) == 2 and parts[1] in CONTRACT_LAYERS:
        return CONTRACT_LAYERS[parts[1]]
    if len(parts) == 2 and parts[1] not in ALLOWED:
        raise AssertionError(f"{module}: a module at the top of queens_core that is not contract")
    return parts[1]


def graph(sources: Mapping[str, str], paths: Mapping[str, bool]) -> dict[str, set[str]]:
    known = set(sources)
    return {
        module: set(imports_of(module, source, paths[module], known))
        for module, source in sources.items()
    }


def is_package(name: str, top: Path) -> bool:
    return (top.parent / Path(*name.split(".")) / "__init__.py").exists()


def layer_violations(sources: Mapping[str, str], packages: Mapping[str, bool]) -> list[str]:
    """Every import of a queens_core module that runs against the layer table."""
    found = []
    stdlib = sys.stdlib_module_names
    for module, targets in graph(sources, packages).items():
        layer = core_layer(module)
        for target in sorted(targets):
            top = target.split(".")[0]
            if top == "queens_core":
                if target == "queens_core":
                    continue
                if target not in sources:
                    continue  # a name, not a module: its module is counted too
                if core_layer(target) not in ALLOWED[layer]:
                    found.append(f"{module} ({layer}) imports {target} ({core_layer(target)})")
            elif top not in stdlib and top != "__future__":
                if top not in THIRD_PARTY.get(layer, set()):
                    found.append(f"{module} ({layer}) imports {top}")
            elif layer == "engine" and top in PROCESS_MODULES:
                found.append(f"{module} ({layer}) imports {top}, a process module")
    return found


def cycles(edges: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in edges:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def core_sources() -> tuple[dict[str, str], dict[str, bool]]:
    sources = sources_of(CORE)
    return sources, {name: is_package(name, CORE) for name in sources}


def test_every_import_of_the_core_follows_the_layers():
    sources, packages = core_sources()
    assert layer_violations(sources, packages) == []


def test_no_cycle_among_the_modules_of_any_package():
    for top in [CORE, *PLUGIN_PACKAGES]:
        sources = sources_of(top)
        edges = graph(sources, {name: is_package(name, top) for name in sources})
        assert cycles(edges) == [], top.name


def package_violations(top: Path, sources: Mapping[str, str], rule: str) -> list[str]:
    """Every import of the core by the package ``top`` that its ``rule`` forbids."""
    allowed = MAY_IMPORT[rule]
    found = []
    for module, source in sources.items():
        for target in imports_of(module, source, is_package(module, top), set(sources)):
            if target.split(".")[0] == "queens_core" and target not in allowed:
                found.append(f"{module} imports {target}")
    return found


def test_plugins_import_only_what_the_table_lets_them():
    for top, rule in PLUGIN_PACKAGES.items():
        assert package_violations(top, sources_of(top), rule) == [], top.name


@pytest.mark.parametrize(
    ("top", "module", "planted"),
    [
        # The page reaching past the application into an implementation module...
        (
            ROOT / "queens_web" / "queens_web",
            "queens_web.adapters",
            "def f():\n    from queens_core.tools.hint import find_hint\n",
        ),
        # ...or into the CLI beyond its exits...
        (ROOT / "queens_web" / "queens_web", "queens_web.app", "import queens_core.cli.report\n"),
        # ...and the image reader doing the same.
        (
            ROOT / "queens_read_image" / "queens_read_image",
            "queens_read_image.plugin",
            "from queens_core.render import colour\n",
        ),
    ],
)
def test_a_planted_reach_past_the_api_is_caught(top, module, planted):
    sources = sources_of(top)
    assert package_violations(top, sources, PLUGIN_PACKAGES[top]) == []
    sources[module] += "\n" + planted
    assert package_violations(top, sources, PLUGIN_PACKAGES[top]), planted


def test_every_folder_of_the_core_is_a_layer():
    folders = {p.name for p in CORE.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == set(ALLOWED) - {"contract"}
    files = {p.stem for p in CORE.glob("*.py")} - {"__init__"}
    assert files == set(CONTRACT_LAYERS)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("module", "planted"),
    [
        # An upward import hidden in a function still counts...
        ("queens_core.engine.board", "def f():\n    from ..cli import exits\n"),
        # ...and so does one only the type checker sees.
        (
            "queens_core.tools.check",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..render import text\n",
        ),
        # A sideways import between two layers that stand side by side.
        ("queens_core.referee.blame", "from ..plugins import registry\n"),
        # click outside the CLI.
        ("queens_core.render.colour", "import click\n"),
        # Process machinery in the kernel, even deferred to a function...
        ("queens_core.engine.driver", "def f():\n    import threading\n"),
        # ...or reached through the runtime.
        ("queens_core.engine.state", "from ..runtime import guards\n"),
        # The application below the CLI only: no tool calls it back.
        ("queens_core.tools.grade", "def f():\n    from ..api import Application\n"),
        # The application never reaches into the CLI.
        ("queens_core.api.application", "from ..cli import exits\n"),
    ],
)
def test_a_planted_upward_import_is_caught(module, planted):
    sources, packages = core_sources()
    sources[module] = sources[module] + "\n" + planted
    assert layer_violations(sources, packages), planted


def test_a_planted_cycle_is_caught():
    sources, packages = core_sources()
    sources["queens_core.engine.state"] += "\ndef f():\n    from . import driver\n"
    edges = graph(sources, packages)
    assert any("queens_core.engine.state" in c for c in cycles(edges))


def test_below_the_cli_nothing_loads_click_and_the_board_loads_no_threads():
    """What the AST walk promises, seen in a real interpreter: every module below cli/
    imported at once loads neither click nor the CLI, and the board alone (what a rule
    package's tests import first) loads no thread machinery."""
    below_cli = sorted(
        name
        for name in sources_of(CORE)
        if name.split(".")[1:2] != ["cli"] and name != "queens_core.pytest_plugin"
    )
    code = (
        f"import importlib, sys\nfor name in {below_cli!r}:\n    importlib.import_module(name)\n"
        "print('click' in sys.modules, any(m.startswith('queens_core.cli') for m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.split() == ["False", "False"], done.stderr
    code = (
        "import queens_core.board, sys; print('threading' in sys.modules, 'click' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.split() == ["False", "False"], done.stderr
    # The exact solver and the driver (a notebook's first imports) load no process
    # machinery either: the engine asks the runtime for it, and only where it is loaded.
    code = (
        "import queens_core.exact, queens_core.engine.driver, sys\n"
        "print(*(name in sys.modules for name in ('threading', 'signal', 'queens_core.runtime')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.split() == ["False", "False", "False"], done.stderr

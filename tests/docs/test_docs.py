"""The project's own documents: they stand on their own (no pointer to the specification
files users do not have), their links resolve, and docs/format.md's catalog and
docs/architecture.md's tree are the code's (test_doc_commands.py runs their sessions)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from support import ROOT

USER_DOCS = [
    ROOT / "README.md",
    ROOT / "archive" / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "examples").glob("*/README.md")),
]
FORMAT = ROOT / "docs" / "format.md"


#: The specification the project was built from: users do not have it, so nothing the
#: project ships (a document, a docstring, a comment, a test) may send them to it.
UNSHIPPED = ("SOLVER.md", "QUEENS.md", "HEURISTICS.md")


@pytest.mark.parametrize("path", USER_DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_documents_do_not_lean_on_files_users_do_not_have(path):
    text = path.read_text()
    for name in UNSHIPPED:
        assert name not in text, f"{path.name} points at {name}"


def test_no_source_or_test_leans_on_files_users_do_not_have():
    tracked = subprocess.run(
        ["git", "ls-files", "*.py", "*.js", "*.html", "*.toml", "*.yml", "*.sh"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    if not tracked:
        pytest.skip("not a git checkout")
    this = Path(__file__).resolve()
    leaning = [
        f"{name}: {spec}"
        for name in tracked
        if (ROOT / name).resolve() != this and (ROOT / name).is_file()
        for spec in UNSHIPPED
        if spec in (ROOT / name).read_text(encoding="utf-8", errors="replace")
    ]
    assert not leaning, leaning


@pytest.mark.parametrize("path", USER_DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_local_links_resolve(path):
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", path.read_text()):
        if "://" in target:
            continue
        assert (path.parent / target).exists(), f"{path.name}: broken link {target}"


def test_stale_sentences_are_gone():
    assert "to be settled" not in (ROOT / "docs" / "json.md").read_text()
    assert "Copy this folder" not in (ROOT / "archive" / "README.md").read_text()
    assert "piped output is always plain" not in (ROOT / "README.md").read_text()


def test_the_rule_contract_says_a_rule_is_not_called_again_on_an_unchanged_state():
    """The driver skips a rule on a state on which its last call changed nothing: a rule
    author reads the contract in the hook's docstring (help()) or the guide."""
    from queens_core import hookspecs

    guide = (ROOT / "docs" / "writing-rules.md").read_text()
    for text in (hookspecs.queens_register_rules.__doc__ or "", guide):
        assert "its last call changed nothing" in " ".join(text.split())


def catalog_tables() -> list[list[list[str]]]:
    """The rows of each table of format.md's catalog section, as lists of cells."""
    text = FORMAT.read_text().split("## The catalog")[1]
    tables = re.findall(r"^\| # \|.*\n\|[-|]+\|\n((?:\|.*\n)+)", text, flags=re.M)
    return [
        [[cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines()]
        for table in tables
    ]


def test_format_md_lists_the_catalog_in_order(registry):
    queens, stars = catalog_tables()
    ids = [row[1].split("`")[1] for row in queens]
    # The Queens catalog: the rules that run on K = 1 boards.
    counters = [rule.counter for rule in registry.rules if rule.sound_for(1)]
    assert ids == [c for c in counters if c in ids]
    assert ids[0] == counters[0] and ids[-1] == counters[-1] and len(counters) == 31
    # The Star Battle catalog: every rule for K ≥ 2, one row each, as the package says.
    star_rules = [rule for rule in registry.rules if not rule.sound_for(1)]
    assert [row[1] for row in stars] == [f"`{rule.counter}`" for rule in star_rules]
    assert stars == [
        [
            str(rule.position),
            f"`{rule.counter}`",
            rule.display_name,
            rule.package.removeprefix("queens-rules-"),
            rule.tier.value,
        ]
        for rule in star_rules
    ]


def readme_tree() -> set[str]:
    """The modules and folders of queens_core that the architecture page's tree names, as paths
    relative to the package (``engine/``, ``engine/board.py``, ``hookspecs.py``): two
    spaces of indentation a level; a line that starts with neither a module nor a folder
    goes on the line before it."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = text.split("```", 2)[1]
    named: set[str] = set()
    folders: list[str] = []
    for line in block.splitlines()[2:]:
        depth = len(line) - len(line.lstrip(" "))
        if depth == 0 or depth % 2:
            continue
        level = depth // 2 - 1
        words = line.split()
        if level > len(folders) or not words[0].endswith(("/", ".py")):
            continue
        del folders[level:]
        prefix = "".join(folders)
        if words[0].endswith("/"):
            folders.append(words[0])
            named.add(prefix + words[0])
            continue
        for word in words:
            if not word.endswith(".py"):
                break
            named.add(prefix + word)
    return named


def test_the_architecture_tree_is_the_tree():
    core = ROOT / "queens_core" / "queens_core"
    actual = {
        str(path.relative_to(core)).replace("\\", "/")
        for path in core.rglob("*.py")
        if "__pycache__" not in path.parts
        and not (path.name == "__init__.py" and path.parent != core)
    }
    actual |= {
        str(p.relative_to(core)).replace("\\", "/") + "/"
        for p in core.rglob("*")
        if p.is_dir() and "__pycache__" not in p.parts
    }
    assert readme_tree() == actual


def test_the_python_api_pages_table_names_the_verbs_parameters_as_they_are():
    """The table said `check(board_or_path, ...)`: `app.check(board_or_path=...)` is a
    TypeError. Each `verb(parameter, ...)` of the table is an Application method whose
    signature has those parameters, with the defaults shown."""
    import inspect

    from queens_core.api import Application

    text = (ROOT / "docs" / "python-api.md").read_text(encoding="utf-8")
    table = text.split("| verb | takes | returns |")[1].split("\n\n")[0]
    wrong = []
    for line in table.splitlines()[2:]:
        verbs = line.split("|")[1]
        for verb, arguments in re.findall(r"`(\w+)\(([^`]*)\)`", verbs):
            parameters = inspect.signature(getattr(Application, verb)).parameters
            for argument in filter(None, (a.strip() for a in arguments.split(","))):
                name, _, default = argument.partition("=")
                if name == "...":
                    continue
                if name not in parameters:
                    wrong.append(f"{verb}: no parameter {name!r}")
                elif default not in ("", "...") and default.strip("\"'") not in (
                    str(parameters[name].default),
                    str(parameters[name].default).removesuffix(".0"),
                ):
                    wrong.append(f"{verb}: {name}={default}, not {parameters[name].default!r}")
    assert not wrong, wrong

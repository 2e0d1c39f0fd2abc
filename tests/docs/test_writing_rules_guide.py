"""docs/writing-rules.md, followed as a newcomer would: its files are written, its
commands run in order, and their output compared with the excerpts the guide shows.

Commands run as written, with two substitutions that keep the test off the network and
out of the project's environment: ``pip install [-e] PATH`` installs PATH (without its
dependencies, which the test environment has) into a throwaway folder put on the
PYTHONPATH of the later commands, and ``pip`` builds without build isolation (hatchling
comes from the test environment). ``queens`` and ``pytest`` are this environment's.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from guide import blocks, follow, write_files
from support import ROOT

GUIDE = ROOT / "docs" / "writing-rules.md"
BIN = Path(sys.executable).parent
#: Keys of <!-- shown: KEY --> blocks and the test that compares each with real output.
SHOWN = {
    "unsound": "test_rule_failures.py::test_the_sample_in_the_guide_is_what_queens_says",
    "budget": "test_starbattle_counting.py::test_the_budget_sample_in_the_guide_is_what_check_says",
    "outdated": "test_contract_0_2_witnesses.py::test_the_0_2_guide_package_solves_with_one_notice",
}


def guide_blocks():
    return blocks(GUIDE.read_text(encoding="utf-8"))


def test_every_code_block_is_exercised():
    found = guide_blocks()  # raises on a block without a directive
    kinds = {block.kind for block in found}
    assert {"file", "layout", "run"} <= kinds
    for block in found:
        if block.kind == "shown":
            assert block.argument in SHOWN, f"line {block.line}: no test checks this sample"


def test_the_layout_lists_the_package_files():
    found = guide_blocks()
    layout = next(b for b in found if b.kind == "layout")
    listed = []
    folder = ""
    for line in layout.text.splitlines():
        if not line.startswith(" "):
            folder = line.strip()
        else:
            listed.append(folder + line.strip())
    package_files = [
        b.argument
        for b in found
        if b.kind == "file" and b.argument.startswith(folder) and "/tests/" not in b.argument
    ]
    assert sorted(listed) == sorted(package_files)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    root = tmp_path_factory.mktemp("guide")
    write_files(guide_blocks(), root)
    # The guide's "boards/": the link to the archive it tells the reader to make.
    (root / "boards").symlink_to(ROOT / "archive" / "boards")
    return root


def test_the_guide_says_where_its_boards_folder_comes_from_before_using_it():
    """`queens check boards/22.txt` failed for a reader who followed the guide: the
    folder was explained only in the testing section, further down."""
    text = GUIDE.read_text(encoding="utf-8")
    told = text.find("`ln -s PATH-OF-YOUR-CLONE/archive/boards boards`")
    assert 0 <= told < text.find("boards/22.txt")
    assert told < text.find("--queens-boards=boards")


def _argv(words: list[str], site: Path) -> list[str]:
    program, *rest = words
    if program == "pip" and rest[0] == "install":
        paths = [w for w in rest[1:] if w != "-e"]
        return [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--upgrade",
            "--target",
            str(site),
            *paths,
        ]
    if program == "pip":
        return [
            sys.executable,
            "-m",
            "pip",
            "--quiet",
            *rest[:1],
            "--no-build-isolation",
            *rest[1:],
        ]
    if program == "pytest":
        return [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *rest]
    if program == "queens":
        return [str(BIN / "queens"), *rest]
    raise AssertionError(f"the guide runs {program!r}, which this test does not know")


def _run(command: str, cwd: Path, site: Path) -> str:
    # "$ queens check ...   # exit status 1": a command the guide shows failing on purpose.
    wanted = re.search(r"#\s*exit status (\d+)", command)
    status = int(wanted[1]) if wanted else 0
    words = shlex.split(command, comments=True)
    if words == ["ls", "dist"]:
        return "\n".join(sorted(p.name for p in (cwd / "dist").iterdir())) + "\n"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("QUEENS_", "PYTEST_"))}
    env["PYTHONPATH"] = str(site)
    done = subprocess.run(
        _argv(words, site), cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == status, (
        f"$ {command}\nexit {done.returncode}\n{done.stdout}\n{done.stderr}"
    )
    # Standard error after standard output, as a terminal shows a command that writes
    # its report first and its error line last: the guide shows both.
    return done.stdout + done.stderr


@pytest.mark.slow
def test_the_guide_runs_as_written(workspace):
    site = workspace / "site-packages"
    assert follow(guide_blocks(), lambda command: _run(command, workspace, site)) >= 7

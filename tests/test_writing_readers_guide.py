"""docs/writing-readers.md, followed as a newcomer would: its files are written, its
commands run in order (with the substitutions of ``test_writing_rules_guide``: ``pip
install`` into a throwaway folder, no network), and their output compared with the
excerpts the guide shows."""

from __future__ import annotations

import pytest
from guide import blocks, commands, mismatch
from support import ROOT
from test_writing_rules_guide import _run

GUIDE = ROOT / "docs" / "writing-readers.md"


def guide_blocks():
    return blocks(GUIDE.read_text(encoding="utf-8"))


def test_every_code_block_is_exercised():
    kinds = {block.kind for block in guide_blocks()}  # raises on a block without a directive
    assert kinds == {"file", "layout", "run"}


def test_the_layout_lists_the_package_files():
    found = guide_blocks()
    (layout,) = [b for b in found if b.kind == "layout"]
    lines = layout.text.splitlines()
    folder = lines[0].strip()
    listed = sorted(folder + line.strip() for line in lines[1:])
    files = sorted(b.argument for b in found if b.kind == "file" and "/tests/" not in b.argument)
    assert listed == files


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    root = tmp_path_factory.mktemp("readers-guide")
    for block in guide_blocks():
        if block.kind == "file":
            path = root / block.argument
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(block.text, encoding="utf-8")
    return root


def test_the_guide_runs_as_written(workspace):
    site = workspace / "site-packages"
    ran = 0
    for block in guide_blocks():
        if block.kind != "run":
            continue
        for step in commands(block):
            output = _run(step.command, workspace, site)
            problem = mismatch(step.expected, output)
            assert problem is None, (
                f"guide line {block.line}: $ {step.command}\n{problem}\n--- output ---\n{output}"
            )
            ran += 1
    assert ran == 5

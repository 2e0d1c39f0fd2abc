"""docs/writing-readers.md, followed as a newcomer would: its files are written, its
commands run in order (with the substitutions of ``test_writing_rules_guide``: ``pip
install`` into a throwaway folder, no network), and their output compared with the
excerpts the guide shows."""

from __future__ import annotations

import pytest
from guide import blocks, follow, write_files
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
    write_files(guide_blocks(), root)
    return root


@pytest.mark.slow
def test_the_guide_runs_as_written(workspace):
    site = workspace / "site-packages"
    assert follow(guide_blocks(), lambda command: _run(command, workspace, site)) == 5

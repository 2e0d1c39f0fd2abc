"""A folder's board files (tools/batch.py) are exactly those pathlib's walk finds, written
as pathlib writes them: the walk is os.scandir's for speed, its answer pathlib's."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from queens_core.tools.batch import expand_paths


def pathlib_board_files(path: str, suffixes: set[str]) -> list[str]:
    """The reference: what expand_paths found with pathlib before."""

    def natural(p: Path) -> list:
        return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", str(p))]

    found = [
        p
        for p in Path(path).rglob("*")
        if p.suffix.lower() in suffixes
        and p.is_file()
        and not any(part.startswith(".") for part in p.relative_to(path).parts)
    ]
    return [str(p) for p in sorted(found, key=natural)]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "boards"
    for name in [
        "1.txt",
        "10.txt",
        "9.TXT",
        "2.sbn",
        "a.",
        ".txt",
        ".hidden.txt",
        "notes.md",
        "x.txt.bak",
        "deep/3.txt",
        "deep/deeper/11.txt",
        "deep/deeper/4.txt",
        ".secret/5.txt",
        "deep/.dot/6.txt",
        "dir.txt/7.txt",
    ]:
        file = root / name
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text("AB\nBA\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "8.txt").write_text("A\n")
    os.symlink(elsewhere, root / "linked-folder")
    os.symlink(elsewhere / "8.txt", root / "linked-file.txt")
    os.symlink(tmp_path / "missing.txt", root / "broken.txt")
    return root


@pytest.mark.parametrize("suffixes", [{".txt"}, {".txt", ".sbn"}])
def test_a_folder_gives_the_files_pathlib_finds_written_alike(tree, monkeypatch, suffixes):
    class Reader:
        def __init__(self, suffixes):
            self.suffixes = tuple(suffixes)

    monkeypatch.chdir(tree.parent)
    for spelling in [
        str(tree),
        "boards",
        "boards/",
        "./boards",
        ".//boards//",
        "boards/deep/..",
        "boards/deep",
    ]:
        got = [path for path, problem in expand_paths([spelling], [Reader(suffixes)])]
        assert got == pathlib_board_files(spelling, suffixes), spelling
    monkeypatch.chdir(tree)
    got = [path for path, _ in expand_paths(["."], [Reader(suffixes)])]
    assert got == pathlib_board_files(".", suffixes)
    assert "linked-file.txt" in got and "broken.txt" not in got


def test_a_folder_that_cannot_be_listed_is_passed_over(tree):
    locked = tree / "deep" / "deeper"
    locked.chmod(0)
    try:
        if os.access(locked, os.R_OK):
            pytest.skip("running as a user that reads any folder")
        got = [path for path, _ in expand_paths([str(tree)])]
        assert got == pathlib_board_files(str(tree), {".txt"})
    finally:
        locked.chmod(0o755)

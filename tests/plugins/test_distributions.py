"""queens_core.plugins.distributions answers as importlib.metadata does, without importing it."""

from __future__ import annotations

import importlib
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

from queens_core.plugins import distributions

GROUPS = ("queens.rules", "queens.readers", "console_scripts", "other.group")


def ours(group: str) -> list[tuple]:
    return [
        (ep.name, ep.value, ep.group, ep.dist.name, ep.dist.version)
        for ep in distributions.entry_points(group)
    ]


def theirs(group: str) -> list[tuple]:
    importlib.invalidate_caches()
    return [
        (ep.name, ep.value, ep.group, ep.dist.name, ep.dist.version)
        for ep in metadata.entry_points(group=group)
    ]


def their_version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def dist(root: Path, folder: str, headers: str, entry_points: str | None = None) -> Path:
    info = root / folder
    info.mkdir(parents=True)
    name = "PKG-INFO" if folder.lower().endswith(("egg-info", ".egg-info")) else "METADATA"
    (info / name).write_text(headers)
    if entry_points is not None:
        (info / "entry_points.txt").write_text(entry_points)
    return info


def test_the_real_environment_gives_the_same_entry_points_and_versions():
    for group in GROUPS:
        assert ours(group) == theirs(group)
    assert len(ours("queens.rules")) >= 4
    for name in ("queens-core", "Queens_Rules.PFC", "pluggy", "click", "no-such-thing"):
        assert distributions.version(name) == their_version(name)


def test_shadowing_duplicates_normalisation_and_egg_info(tmp_path, monkeypatch):
    first, second, egg = tmp_path / "first", tmp_path / "second", tmp_path / "x" / "thing.egg"
    rules = "[queens.rules]\nshadow = shadow_v1\n"
    dist(first, "Foo.Bar-1.0.dist-info", "Name: Foo.Bar\nVersion: 1.0\n", rules)
    # The same distribution under another spelling, later on the path: hidden.
    dist(second, "foo_bar-2.0.dist-info", "Name: foo_bar\nVersion: 2.0\n", rules)
    dist(
        first,
        "legacy-0.3.egg-info",
        "Metadata-Version: 1.0\nName: legacy\nVersion: 0.3\nSummary: a\n  folded line\n",
        "# a comment\n\n  [queens.rules]  \n  old =  legacy.plugin : hook [extra] \n"
        "[console_scripts]\nlegacy-run = legacy.cli:main\n",
    )
    dist(first, "UPPER-1.0.DIST-INFO", "Name: Upper\nVersion: 1.0\n", "[queens.rules]\nu = u\n")
    dist(second, "-9.dist-info", "Name: nameless-stem\nVersion: 9\n", "[queens.rules]\nn = n\n")
    dist(
        second,
        "repeat-1.dist-info",
        "Name: repeat\nVersion: 1\nVersion: 2\n\nVersion: 3\n",
        "orphan = before.any.section\n[queens.readers]\nr = repeat.reader\n",
    )
    (first / "single.egg-info").write_text("Name: single\nVersion: 4\n")
    dist(egg, "EGG-INFO", "Name: thing\nVersion: 5\n", "[queens.rules]\nthing = thing\n")
    path = [str(first), str(first), "", str(tmp_path / "missing"), str(second), str(egg)]
    monkeypatch.setattr(sys, "path", path)
    monkeypatch.chdir(second)  # "" on sys.path is the working folder
    for group in GROUPS:
        assert ours(group) == theirs(group), group
    names = {row[3] for row in ours("queens.rules")}
    assert names == {"Foo.Bar", "legacy", "Upper", "nameless-stem", "thing"}
    assert [row[4] for row in ours("queens.rules") if row[3] == "Foo.Bar"] == ["1.0"]
    for name in ("foo-bar", "FOO_BAR", "legacy", "upper", "repeat", "single", "thing", "none"):
        assert distributions.version(name) == their_version(name), name


def test_a_zip_on_the_path_is_left_to_importlib_metadata(tmp_path, monkeypatch):
    archive = tmp_path / "site.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("zipped-1.0.dist-info/METADATA", "Name: zipped\nVersion: 1.0\n")
        z.writestr("zipped-1.0.dist-info/entry_points.txt", "[queens.rules]\nz = zipped\n")
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert (
        ours("queens.rules")
        == theirs("queens.rules")
        == [("z", "zipped", "queens.rules", "zipped", "1.0")]
    )


def test_a_malformed_entry_points_file_fails_as_importlib_metadata_fails(tmp_path, monkeypatch):
    dist(tmp_path, "bad-1.dist-info", "Name: bad\nVersion: 1\n", "[queens.rules]\nno equals\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    with pytest.raises(TypeError):
        theirs("queens.rules")
    with pytest.raises(TypeError):  # handed over to importlib.metadata, which raises
        ours("queens.rules")


def test_an_entry_point_loads_the_object_it_names(tmp_path, monkeypatch):
    (tmp_path / "loadme").mkdir()
    (tmp_path / "loadme" / "__init__.py").write_text("class Box:\n    inner = 42\n")
    headers = "Name: loadme\nVersion: 1\n"
    dist(tmp_path, "loadme-1.dist-info", headers, "[g]\na = loadme:Box.inner\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    (ep,) = distributions.entry_points("g")
    assert ep.load() == 42
    monkeypatch.delitem(sys.modules, "loadme")


def test_a_command_finds_its_plugins_without_importing_importlib_metadata():
    code = (
        "import sys\nfrom queens_core import load_registry, __version__\n"
        "assert len(load_registry().rules) > 20 and __version__\n"
        "print('importlib.metadata' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "False"


def test_several_groups_in_one_scan_list_each_group_as_importlib_metadata_does():
    found = [
        (ep.name, ep.value, ep.group, ep.dist.name)
        for ep in distributions.entry_points("queens.readers", "queens.rules", "other.group")
    ]
    expected = [
        (ep.name, ep.value, ep.group, ep.dist.name)
        for group in ("queens.readers", "queens.rules", "other.group")
        for ep in metadata.entry_points(group=group)
    ]
    assert found == expected
    assert {group for _, _, group, _ in found} == {"queens.readers", "queens.rules"}

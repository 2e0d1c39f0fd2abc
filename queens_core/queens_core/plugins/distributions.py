"""Installed distributions and their entry points, found as ``importlib.metadata`` finds
them but without importing it (its imports cost more than a whole solve).

Glossary
--------
metadata folder
    A ``*.dist-info`` or ``*.egg-info`` entry of a folder on ``sys.path`` (any case),
    or the ``EGG-INFO`` folder of an ``*.egg`` folder on ``sys.path``. It holds
    ``METADATA`` (or ``PKG-INFO``) and, for a package with plugins, ``entry_points.txt``.
normalised name
    A distribution name with runs of ``-``, ``_`` and ``.`` made one ``_`` and lower
    case (``Queens.Rules-X`` and ``queens_rules_x`` are one distribution). When two
    folders on ``sys.path`` hold the same normalised name, the first one wins.

:func:`entry_points` gives the same entry points, in the same order, as
``importlib.metadata.entry_points(group=...)``, and :func:`version` the same version
as ``importlib.metadata.version``, for everything this module understands: plain
folders on ``sys.path`` and the standard path finder. Anything else (a zip file on
``sys.path``, a finder that supplies its own distributions, a malformed
``entry_points.txt``) is handed to ``importlib.metadata`` itself, so the answer is the
same either way; ``tests/plugins/test_distributions.py`` compares the two.

Building the registry looks at the installed distributions three times (the entry
points, the catalog that ``queens-core`` names, the core's own version); inside
:func:`one_scan` they share one scan of ``sys.path`` instead of making three.
"""

from __future__ import annotations

import os
import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module
from importlib.machinery import PathFinder
from typing import Any

_SEPARATORS = re.compile(r"[-_.]+")
#: The syntax of an entry point's value: ``module``, ``package.module:object.attr``,
#: optionally with ``[extras]``.
_VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")


class _Unsupported(Exception):
    """Something this module does not read like importlib.metadata: ask it instead."""


def normalise(name: str) -> str:
    """PEP 503 normalisation with ``_`` for the separator, as importlib.metadata keys it."""
    return _SEPARATORS.sub("-", name).lower().replace("-", "_")


class Distribution:
    """An installed distribution: its metadata folder; name and version read on demand."""

    __slots__ = ("_headers", "_key", "path")

    def __init__(self, path: str, key: str | None = None):
        self.path = path
        self._headers: dict[str, str] | None = None
        #: The normalised name when the folder's name gave it (see normalised_name).
        self._key = key

    def read_text(self, filename: str) -> str | None:
        """A file of the metadata folder, or None when it cannot be read."""
        try:
            with open(os.path.join(self.path, filename) if filename else self.path, "rb") as f:
                return f.read().decode("utf-8")
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
            return None

    def _header(self, key: str) -> str | None:
        if self._headers is None:
            text = self.read_text("METADATA") or self.read_text("PKG-INFO") or self.read_text("")
            if text is None:
                raise _Unsupported(f"{self.path} has no metadata")
            self._headers = _headers(text)
        return self._headers.get(key.lower())

    @property
    def name(self) -> Any:
        return self._header("Name")

    @property
    def version(self) -> Any:
        return self._header("Version")

    @property
    def normalised_name(self) -> str:
        """The key two distributions are told apart by: from the folder name when it
        has one (``Foo_Bar-1.0.dist-info``), else from the metadata."""
        if self._key is not None:
            return self._key
        stem, ext = os.path.splitext(os.path.basename(self.path))
        if ext in (".dist-info", ".egg-info"):
            name = stem.partition("-")[0]
            if name:
                return normalise(name)
        name = self.name
        if not isinstance(name, str):
            raise _Unsupported(f"{self.path} has no Name")
        return normalise(name)

    def entry_points(self, groups: tuple[str, ...] | None = None) -> list[EntryPoint]:
        """The entry points its ``entry_points.txt`` declares, in file order; with
        ``groups``, none when the file does not name any of them (most distributions'
        entry points are other tools' commands: not worth reading line by line)."""
        found: list[EntryPoint] = []
        group = None
        text = self.read_text("entry_points.txt") or ""
        if groups is not None and not any(name in text for name in groups):
            return found
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("[") and line.endswith("]"):
                group = line.strip("[]")
                continue
            if group is None:
                continue
            if "=" not in line:
                raise _Unsupported(f"{self.path}: malformed entry point line {line!r}")
            name, value = (part.strip() for part in line.split("=", 1))
            found.append(EntryPoint(name, value, group, self))
        return found


def _headers(text: str) -> dict[str, str]:
    """The first value of each header of an email-style metadata file, keys lower-cased.
    A line that starts with a space or a tab continues the header before it."""
    headers: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        if not line:
            break
        if line[0] in " \t":
            if current is not None:
                headers[current] += "\n" + line
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise _Unsupported(f"metadata line {line!r} is not a header")
        key = key.lower()
        if key in headers:
            current = None  # a repeated header: importlib.metadata answers the first one
            continue
        headers[key] = value.lstrip(" \t")
        current = key
    return headers


class EntryPoint:
    """One entry point: ``name = value`` in ``[group]`` of a distribution."""

    __slots__ = ("dist", "group", "name", "value")

    def __init__(self, name: str, value: str, group: str, dist: Distribution):
        self.name = name
        self.value = value
        self.group = group
        self.dist = dist

    def load(self) -> Any:
        """Import the module the value names and return the object it names in it."""
        match = _VALUE.match(self.value)
        if match is None:
            raise ValueError(f"entry point {self.name!r} has a malformed value {self.value!r}")
        target: Any = import_module(match.group("module"))
        for attr in filter(None, (match.group("attr") or "").split(".")):
            target = getattr(target, attr)
        return target

    def __repr__(self) -> str:
        return f"EntryPoint(name={self.name!r}, value={self.value!r}, group={self.group!r})"


def _metadata_folders(root: str) -> Iterator[tuple[str, str | None]]:
    """The metadata folders of one ``sys.path`` entry, grouped as importlib.metadata
    lists them: by normalised name in order of first appearance, then egg folders; each
    with its normalised name (None for an egg folder: its metadata says)."""
    try:
        children = os.listdir(root or ".")
    except NotADirectoryError:
        raise _Unsupported(f"{root} is a file (a zip archive?)") from None
    except OSError:
        return
    by_name: dict[str, list[tuple[str, str | None]]] = {}
    eggs: list[tuple[str, str | None]] = []
    base_is_egg = os.path.basename(root).lower().endswith(".egg")
    for child in children:
        low = child.lower()
        if low.endswith((".dist-info", ".egg-info")):
            name = normalise(low.rpartition(".")[0].partition("-")[0])
            # The key normalised_name would read off the folder's name (its suffix
            # spelt in lower case, a name before the version), else None.
            known = name if name and child.endswith((".dist-info", ".egg-info")) else None
            by_name.setdefault(name, []).append((os.path.join(root, child), known))
        elif base_is_egg and low == "egg-info":
            eggs.append((os.path.join(root, child), None))
    for paths in by_name.values():
        yield from paths
    yield from eggs


class _Held(threading.local):
    """The scan :func:`one_scan` keeps for its thread: how deep its blocks are nested,
    and the distributions found (None until the first look)."""

    depth = 0
    found: list[Distribution] | None = None


_held = _Held()


@contextmanager
def one_scan() -> Iterator[None]:
    """Within the block (in this thread), every look at the installed distributions
    uses the first one's scan of ``sys.path``: for work that looks several times and
    installs nothing meanwhile (building the registry). Outside it, each look scans."""
    _held.depth += 1
    try:
        yield
    finally:
        _held.depth -= 1
        if not _held.depth:
            _held.found = None


def distributions() -> Iterator[Distribution]:
    """Every installed distribution, the first of each normalised name, in path order
    (from the held scan inside :func:`one_scan`)."""
    if not _held.depth:
        return _scan()
    if _held.found is None:
        _held.found = list(_scan())  # an _Unsupported raised here keeps nothing
    return iter(_held.found)


def _scan() -> Iterator[Distribution]:
    finders = [f for f in sys.meta_path if getattr(f, "find_distributions", None) is not None]
    if finders != [PathFinder]:
        raise _Unsupported("a meta path finder other than PathFinder supplies distributions")
    seen = set()
    for root in sys.path:
        if not isinstance(root, str):
            raise _Unsupported(f"sys.path holds {root!r}")
        for path, key in _metadata_folders(root):
            dist = Distribution(path, key)
            key = dist.normalised_name
            if key not in seen:
                seen.add(key)
                yield dist


def entry_points(*groups: str) -> list[Any]:
    """The installed entry points of the ``groups``, as ``importlib.metadata.entry_points``
    lists those of each group, one group after the other (each has ``name``, ``value``,
    ``group``, ``dist`` and ``load()``). Several groups cost one scan of ``sys.path``."""
    try:
        found = [
            ep for dist in distributions() for ep in dist.entry_points(groups) if ep.group in groups
        ]
    except _Unsupported:
        from importlib import metadata

        return [ep for group in groups for ep in metadata.entry_points(group=group)]
    # Stable: within a group, the order of the scan, which is importlib.metadata's.
    return sorted(found, key=lambda ep: groups.index(ep.group))


def version(name: str) -> str | None:
    """The version of the installed distribution ``name`` (None when it is not
    installed), as ``importlib.metadata.version`` reads it."""
    key = normalise(name)
    try:
        for dist in distributions():
            if dist.normalised_name == key:
                return dist.version
        return None
    except _Unsupported:
        from importlib import metadata

        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return None


def catalog_of(name: str, extra: str) -> frozenset[str]:
    """The normalised names of the requirements of ``extra`` in the metadata of the
    installed distribution ``name`` (empty when it is not installed, or has none)."""
    key = normalise(name)
    text = None
    try:
        for dist in distributions():
            if dist.normalised_name == key:
                text = dist.read_text("METADATA") or dist.read_text("PKG-INFO")
                break
    except _Unsupported:
        from importlib import metadata

        try:
            text = metadata.distribution(name).read_text("METADATA")
        except metadata.PackageNotFoundError:
            text = None
    names = set()
    marker = re.compile(r"""extra\s*==\s*["']""" + re.escape(extra) + r"""["']""")
    for line in (text or "").splitlines():
        if not line.startswith("Requires-Dist:"):
            continue
        requirement, _, condition = line[len("Requires-Dist:") :].partition(";")
        if marker.search(condition):
            wanted = re.match(r"\s*([A-Za-z0-9._-]+)", requirement)
            if wanted:
                names.add(normalise(wanted[1]))
    return frozenset(names)

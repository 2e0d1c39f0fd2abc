"""One loader for every kind of plugin package: rules, readers and commands.

Each kind is an entry-point group (``queens.rules``, ``queens.readers``,
``queens.commands``); a package of any kind is found, imported and checked the same
way, here, and what differs (which hook it must implement, what that hook must return)
is the caller's ``take`` function. So every kind gets the same guarantees:

- the first-party packages (:data:`queens_core.plugins.FIRST_PARTY`), then the rule
  packages of the catalog (:data:`queens_core.plugins.CATALOG`) load first
  (:func:`in_loading_order`), so a clash names the other package;
- the import and the hooks run under the loading budget, with the hard stop's status 4
  (:func:`loading`); a package that is not :func:`bundled` starts the sentinel before its
  code first runs, and its code is named for the sentinel
  (:func:`queens_core.runtime.guards.untrusted_code_ahead`);
- whatever the package raises (even ``SystemExit`` or ``KeyboardInterrupt``, but the
  user's Ctrl-C) is its failure, one line naming ``package[entry point]``, the cause and
  where in its code it was raised (:class:`Failed`).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Generic, NamedTuple, TypeVar

from ..runtime import guards
from ..runtime.guards import (
    STATUS_LOADING,
    OutOfTime,
    name_code,
    plugin_code,
    raised_by_plugin,
    untrusted_code_ahead,
)
from . import installed_with_queens_rank

if TYPE_CHECKING:
    from importlib import metadata

T = TypeVar("T")

_IMPORT_MACHINERY = os.path.dirname(importlib.__file__)


def dist_name(ep: metadata.EntryPoint) -> str:
    """The name of the distribution that declares ``ep`` (``?`` when it has none): the
    ``package`` of ``package[entry point]``, how every failure names a plugin."""
    return ep.dist.name if ep.dist is not None else "?"


def dist_version(ep: metadata.EntryPoint) -> str:
    """The version of the distribution that declares ``ep`` (``?`` when it has none)."""
    return ep.dist.version if ep.dist is not None else "?"


def label_of(ep: metadata.EntryPoint) -> str:
    """``package[entry point]``."""
    return f"{dist_name(ep)}[{ep.name}]"


#: The entry-point group in which a distribution made with queens says so, in its
#: metadata (read before any of its code is imported): loading it starts no sentinel
#: process (see "When the sentinel starts" in :mod:`queens_core.runtime.guards`). A
#: property the package declares, as a rule declares its tier: the core names no
#: package of the catalog.
BUNDLED_GROUP = "queens.bundled"


def bundled(ep: metadata.EntryPoint) -> bool:
    """Whether the distribution that declares ``ep`` says it is made with queens (an
    entry point in :data:`BUNDLED_GROUP`)."""
    dist = ep.dist
    if dist is None:
        return False
    # A method of .distributions' Distribution, a property of importlib.metadata's.
    declared = dist.entry_points
    entries = declared() if callable(declared) else declared
    return any(entry.group == BUNDLED_GROUP for entry in entries)


def first_party_first(package: str) -> tuple[int, str]:
    """A sort key: the distributions of queens first, then the rule packages of its
    catalog (they win a clash, and the other package is the one named), then by name
    (:func:`queens_core.plugins.installed_with_queens_rank`)."""
    return installed_with_queens_rank(package), package


def in_loading_order(entry_points: Iterable[metadata.EntryPoint]) -> list[metadata.EntryPoint]:
    """The entry points in the order they load, the same on every machine: first-party
    packages first, then by package, entry point and group."""
    return sorted(
        entry_points, key=lambda ep: (*first_party_first(dist_name(ep)), ep.name, ep.group)
    )


def installed(*groups: str) -> list[metadata.EntryPoint]:
    """The installed entry points of ``groups``, in loading order."""
    # Not importlib.metadata: its imports cost more than a solve; .distributions reads
    # the same metadata folders and gives the same answers (or asks it when unsure).
    from .distributions import entry_points

    return in_loading_order(entry_points(*groups))


def loading(label: str) -> plugin_code:
    """Watch the loading of plugin ``label`` (its import, its hooks): its budget, and
    the hard stop's status 4."""
    return plugin_code(
        f"plugin package {label}", status=STATUS_LOADING, what="the time budget of its loading"
    )


def load(ep: metadata.EntryPoint, label: str) -> object:
    """Import the object ``ep`` names, watched (:func:`loading`); the sentinel starts
    first when the package is not :func:`bundled`, and learns where its code lives."""
    if not bundled(ep):
        untrusted_code_ahead()
    with loading(label):
        plugin = ep.load()
    name_code(plugin, f"plugin package {label}")
    return plugin


def cause_of(err: BaseException) -> str:
    """Why loading plugin code failed, in words: it ran away, or raised ``err``."""
    if isinstance(err, OutOfTime):
        return f"it ran away: {err}"
    return f"{type(err).__name__}: {err}".rstrip(": ")


#: The files of the loader, and of the watchdog whose alarm stops a package that runs
#: away (the innermost frame of that stop is its handler): a failure is never placed in
#: them.
_LOADER = frozenset(
    {__file__, os.path.join(os.path.dirname(__file__), "registry.py"), guards.__file__}
)


def where_raised(err: BaseException, caller: str = "") -> str:
    """`` (at file:line)``: where in the plugin's code ``err`` was raised (the innermost
    frame outside the import machinery, the loader and the ``caller``'s file, which
    checks what the plugin gave), or empty when nowhere."""
    if isinstance(err, SyntaxError) and err.filename:
        return f" (at {err.filename}:{err.lineno})"
    where = ""
    tb = err.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if (
            not filename.startswith(("<frozen", _IMPORT_MACHINERY))
            and filename not in _LOADER
            and filename != caller
        ):
            where = f" (at {filename}:{tb.tb_lineno})"
        tb = tb.tb_next
    return where


class Loaded(NamedTuple, Generic[T]):
    """A package that loaded: its entry point, ``package[entry point]`` and what the
    caller's ``take`` made of it."""

    ep: metadata.EntryPoint
    label: str
    value: T


class Failed(NamedTuple):
    """A package that failed to load: its entry point, ``package[entry point]``, the
    one line that says so, and what it raised."""

    ep: metadata.EntryPoint
    label: str
    line: str
    error: BaseException


def load_each(
    entry_points: Iterable[metadata.EntryPoint],
    kind: str,
    take: Callable[[metadata.EntryPoint, str, object], T],
    refusals: tuple[type[Exception], ...] = (),
    with_version: bool = False,
    caller: str = "",
) -> Iterator[Loaded[T] | Failed]:
    """Load each entry point in the given order and hand the object it names to
    ``take(ep, label, plugin)``, which registers it and calls its hook (under
    :func:`loading`), and raises one of ``refusals`` (its message is the cause) for what
    the package got wrong. Each package is :class:`Loaded` or :class:`Failed`, whose
    line reads ``{kind} package[entry point] [version] failed to load (value): cause``
    (and where the package raised it: never in ``caller``, the file of ``take``)."""
    for ep in entry_points:
        label = label_of(ep)
        try:
            value = take(ep, label, load(ep, label))
        # A broken third-party package can raise anything, even SystemExit or
        # KeyboardInterrupt on import (the user's Ctrl-C goes on).
        except BaseException as err:
            if not raised_by_plugin(err):
                raise
            cause = str(err) if isinstance(err, refusals) else cause_of(err)
            named = f"{label} {dist_version(ep)}" if with_version else label
            where = where_raised(err, caller)
            line = f"{kind} {named} failed to load ({ep.value}): {cause}{where}"
            yield Failed(ep, label, line, err)
            continue
        yield Loaded(ep, label, value)

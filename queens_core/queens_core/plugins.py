"""Finding rule packages and turning what they register into a validated registry.

Pluggy does the discovery and the hook call; after that the driver calls each rule's
``apply`` directly. Entry points are loaded in sorted order so the registry is the same
on every machine, and every failure names ``package[entry point]``.
"""

from __future__ import annotations

import importlib.metadata as metadata
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

import pluggy

from . import hookspecs
from .rules import Rule, Tier

#: Set to a non-empty value to start even when a rule package fails to load.
SKIP_BROKEN_ENV = "QUEENS_SKIP_BROKEN_PLUGINS"


class PluginError(Exception):
    """A rule package could not be loaded or registered something invalid."""


@dataclass(frozen=True)
class PackageInfo:
    """An installed rule package: its distribution and the entry point that loaded it."""

    name: str
    version: str
    entry_point: str

    @property
    def label(self) -> str:
        return f"{self.name}[{self.entry_point}]"


@dataclass
class Registry:
    """The installed rules, sorted by tier, then catalog position, then counter id."""

    rules: list[Rule]
    packages: list[PackageInfo]
    #: Packages that failed to load and were skipped (only when asked to skip them).
    broken: list[str] = field(default_factory=list)

    def by_counter(self) -> dict[str, Rule]:
        return {rule.counter: rule for rule in self.rules}

    def counters(self) -> list[str]:
        """Counter ids in printing order: catalog position first, then id."""
        return [r.counter for r in sorted(self.rules, key=lambda r: (r.position, r.counter))]


def make_plugin_manager() -> pluggy.PluginManager:
    """A fresh plugin manager with the queens hook specs (no global state)."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


def _entry_points() -> list[metadata.EntryPoint]:
    found = metadata.entry_points(group=hookspecs.ENTRY_POINT_GROUP)
    return sorted(found, key=lambda ep: (_dist_name(ep), ep.name))


def _dist_name(ep: metadata.EntryPoint) -> str:
    return ep.dist.name if ep.dist is not None else "?"


def _dist_version(ep: metadata.EntryPoint) -> str:
    return ep.dist.version if ep.dist is not None else "?"


def load_entry_points(
    pm: pluggy.PluginManager,
    entry_points: Iterable[metadata.EntryPoint] | None = None,
    skip_broken: bool = False,
) -> tuple[list[PackageInfo], list[str]]:
    """Import every rule package's entry point and register it with ``pm``.

    Returns the packages loaded and, when ``skip_broken``, the error lines of those that
    were skipped; otherwise the first failure raises :class:`PluginError`.
    """
    packages = []
    broken = []
    eps = _entry_points() if entry_points is None else entry_points
    for ep in eps:
        info = PackageInfo(_dist_name(ep), _dist_version(ep), ep.name)
        try:
            plugin = ep.load()
            pm.register(plugin, name=info.label)
        except Exception as err:  # a broken third-party package can raise anything
            message = (
                f"rule package {info.label} failed to load: "
                f"{type(err).__name__}: {err}".rstrip()
            )
            if not skip_broken:
                raise PluginError(message) from err
            broken.append(message)
            continue
        packages.append(info)
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as err:
        name = pm.get_name(err.plugin) or repr(err.plugin)
        unknown = [
            hook
            for hook, callers in pm.hook.__dict__.items()
            if hook.startswith("queens_") and not callers.has_spec()
        ]
        raise PluginError(
            f"rule package {name} implements {', '.join(unknown) or 'a hook'}, which is not "
            f"a queens hook (misspelt? the hooks are listed in queens_core.hookspecs)"
        ) from err
    return packages, broken


def collect_rules(
    pm: pluggy.PluginManager, packages: Iterable[PackageInfo] = ()
) -> list[Rule]:
    """Call every plugin's ``queens_register_rules`` and validate what comes back.

    Plugins registered by hand (tests, embedding programs) are named by the name they
    were registered under; entry-point plugins by their distribution.
    """
    by_label = {info.label: info for info in packages}
    rules: list[Rule] = []
    owner: dict[str, str] = {}
    for impl in sorted(pm.hook.queens_register_rules.get_hookimpls(), key=lambda i: i.plugin_name):
        label = impl.plugin_name
        info = by_label.get(label)
        package = info.name if info else label
        version = info.version if info else ""
        try:
            returned = impl.function()
        except Exception as err:
            raise PluginError(
                f"rule package {label}: queens_register_rules raised "
                f"{type(err).__name__}: {err}"
            ) from err
        if returned is None:
            continue
        if not isinstance(returned, list | tuple):
            raise PluginError(
                f"rule package {label}: queens_register_rules must return a list of Rule, "
                f"not {type(returned).__name__}"
            )
        for rule in returned:
            if not isinstance(rule, Rule):
                raise PluginError(
                    f"rule package {label}: registered {rule!r}, which is not a queens Rule"
                )
            problems = rule.problems()
            if problems:
                raise PluginError(
                    f"rule package {label}: rule {rule.counter!r}: {'; '.join(problems)}"
                )
            if rule.counter in owner:
                raise PluginError(
                    f"counter id {rule.counter!r} is registered twice: by {owner[rule.counter]} "
                    f"and by {label}"
                )
            owner[rule.counter] = label
            rules.append(replace(rule, package=package, version=version))
    rules.sort(key=lambda r: (r.tier_rank, r.position, r.counter))
    return rules


def load_registry(
    pm: pluggy.PluginManager | None = None,
    skip_broken: bool = False,
    entry_points: Iterable[metadata.EntryPoint] | None = None,
    use_entry_points: bool = True,
) -> Registry:
    """Build the registry of installed rules.

    ``pm`` may already hold plugins registered by hand; ``use_entry_points=False`` leaves
    installed packages out (tests use it for fully controlled registries).
    """
    pm = make_plugin_manager() if pm is None else pm
    packages: list[PackageInfo] = []
    broken: list[str] = []
    if use_entry_points:
        packages, broken = load_entry_points(pm, entry_points, skip_broken)
    rules = collect_rules(pm, packages)
    return Registry(rules, packages, broken)


def tiers(rules: Iterable[Rule]) -> dict[Tier, list[Rule]]:
    out: dict[Tier, list[Rule]] = {Tier.CHEAP: [], Tier.EXPENSIVE: []}
    for rule in rules:
        out[rule.tier].append(rule)
    return out

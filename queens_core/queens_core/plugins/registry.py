"""Finding plugin packages and turning what they register into a validated registry.

The entry points of the ``queens.rules``, ``queens.readers`` and ``queens.writers`` groups
are found and loaded by :mod:`.finder` (as those of command packages are), in sorted
order so the registry is the same on every machine; pluggy then registers them (after
the core's own formats, :mod:`.builtin`, registered as pytest registers its
built-in plugins) and calls
their hooks, through its hook caller (so an implementation may take fewer arguments than
the spec) one plugin at a time (so every failure names ``package[entry point]``). After
that the driver calls each rule's ``apply`` directly, and the commands read boards
through the readers.
"""

from __future__ import annotations

import types
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import pluggy

from .. import hookspecs
from ..engine import rules as engine_rules
from ..engine.rules import Rule, written_for_0_2
from ..runtime.guards import OutOfTime, raised_by_plugin
from . import builtin, installed_with_queens_rank
from .finder import (
    Failed,
    dist_name,
    dist_version,
    first_party_first,
    installed,
    load_each,
    loading,
    where_raised,
)
from .readers import TEXT_READER, Reader
from .writers import Writer


@cache
def _installed_with_queens(package: str) -> bool:
    return installed_with_queens_rank(package) < 2


# The engine cannot tell which packages came with queens: the registry, which records
# the package of every rule it loads, tells it (queens_core.engine.driver.trusted).
engine_rules.package_installed_with_queens = _installed_with_queens

T = TypeVar("T")
#: A reader or a writer: what registers under a name.
N = TypeVar("N", Reader, Writer)

if TYPE_CHECKING:
    from importlib import metadata

#: Set to 1 (or true, yes, on) to start even when a rule package fails to load.
SKIP_BROKEN_ENV = "QUEENS_SKIP_BROKEN_PLUGINS"

REGISTER_HOOK = "queens_register_rules"
READERS_HOOK = "queens_register_readers"
WRITERS_HOOK = "queens_register_writers"
#: The hooks a plugin package implements at least one of.
PLUGIN_HOOKS = (REGISTER_HOOK, READERS_HOOK, WRITERS_HOOK)


class PluginError(Exception):
    """A rule package could not be loaded or registered something invalid."""


# Neither is a dataclass: every command builds the registry, and creating a dataclass
# at import costs about 1 ms.
class PackageInfo(NamedTuple):
    """An installed rule package: its distribution and the entry point that loaded it."""

    name: str
    version: str
    entry_point: str

    @property
    def label(self) -> str:
        return f"{self.name}[{self.entry_point}]"


class Registry:
    """The installed rules, sorted by tier, then catalog position, then counter id, the
    installed readers, the text reader first, then by name, and the installed writers,
    by name."""

    def __init__(
        self,
        rules: list[Rule],
        packages: list[PackageInfo],
        broken: list[str] | None = None,
        readers: list[Reader] | None = None,
        outdated: list[str] | None = None,
        writers: list[Writer] | None = None,
    ):
        self.rules = rules
        self.packages = packages
        #: Packages that failed to load and were skipped (only when asked to skip them).
        self.broken = [] if broken is None else broken
        self.readers = [TEXT_READER] if readers is None else readers
        #: One notice for each package whose rules are written for an older contract
        #: (they work, and the notice says what to change).
        self.outdated = [] if outdated is None else outdated
        self.writers = [] if writers is None else writers

    def __repr__(self) -> str:
        return (
            f"Registry(rules={self.rules!r}, packages={self.packages!r}, "
            f"broken={self.broken!r}, readers={self.readers!r})"
        )

    def by_counter(self) -> dict[str, Rule]:
        return {rule.counter: rule for rule in self.rules}


#: What pluggy can take for a hook implementation (see ``_PluginManager``).
_HOOKABLE = (types.FunctionType, types.MethodType, staticmethod, classmethod)


class _PluginManager(pluggy.PluginManager):
    """pluggy's manager, quicker to register a plugin module: most of a module's names
    are its imports and constants, and pluggy looks each one up statically (a walk of
    its class's MRO, some 10 µs a name) only to find it is not a function. A look at
    the module's ``__dict__`` rules them out first; pluggy's own lookup decides the rest,
    so the hooks found are the same."""

    def parse_hookimpl_opts(self, plugin: object, name: str) -> pluggy.HookimplOpts | None:
        if isinstance(plugin, types.ModuleType) and not isinstance(
            vars(plugin).get(name), _HOOKABLE
        ):
            return None
        return super().parse_hookimpl_opts(plugin, name)


def make_plugin_manager() -> pluggy.PluginManager:
    """A fresh plugin manager with the queens hook specs (no global state)."""
    pm = _PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


def _entry_points() -> list[metadata.EntryPoint]:
    """The installed entry points of rule and reader packages, in loading order."""
    return installed(*hookspecs.ENTRY_POINT_GROUPS)


def _hook_problems(pm: pluggy.PluginManager, plugin: object) -> list[str]:
    """What is wrong with the hooks of a freshly registered plugin: a ``@hookimpl`` that
    is not a queens hook (a typo), or none of the queens hooks at all (the marker is
    missing); either way the package would silently contribute nothing."""
    callers = pm.get_hookcallers(plugin) or []
    hooks = " or ".join(repr(h) for h in PLUGIN_HOOKS)
    problems = [
        f"@hookimpl {caller.name!r} is not a queens hook (the hooks are {hooks})"
        for caller in callers
        if not caller.has_spec()
        and any(i.plugin is plugin and not i.optionalhook for i in caller.get_hookimpls())
    ]
    if not problems and not any(caller.name in PLUGIN_HOOKS for caller in callers):
        problems.append(
            f"it has no {' or '.join(PLUGIN_HOOKS)} function marked @hookimpl "
            f"(from queens_core import hookimpl)"
        )
    return problems


def load_entry_points(
    pm: pluggy.PluginManager,
    entry_points: Iterable[metadata.EntryPoint] | None = None,
    skip_broken: bool = False,
) -> tuple[list[PackageInfo], list[str]]:
    """Import every rule package's entry point and register it with ``pm``.

    Returns the packages loaded and, when ``skip_broken``, the error lines of those that
    were skipped; otherwise the first failure raises :class:`PluginError`. Each line
    names ``package[entry point]`` and the cause.
    """
    packages = []
    broken = []
    eps = _entry_points() if entry_points is None else entry_points

    def take(ep: metadata.EntryPoint, label: str, plugin: object) -> PackageInfo | None:
        if pm.is_registered(plugin):
            return None  # one module named in both groups (rules and readers) is one plugin
        try:
            pm.register(plugin, name=label)
            problems = _hook_problems(pm, plugin)
            if problems:
                raise PluginError("; ".join(problems))
        except BaseException:
            # Out of the manager whatever failed (pluggy takes back a refused hook itself).
            if pm.is_registered(plugin):
                pm.unregister(plugin)
            raise
        return PackageInfo(dist_name(ep), dist_version(ep), ep.name)

    for outcome in load_each(eps, "rule package", take, refusals=(PluginError,)):
        if isinstance(outcome, Failed):
            if not skip_broken:
                raise PluginError(outcome.line) from outcome.error
            broken.append(outcome.line)
        elif outcome.value is not None:
            packages.append(outcome.value)
    return packages, broken


def outdated_notice(package: str, version: str, rules: Iterable[Rule]) -> str | None:
    """The one line that says a package registers contract 0.2 rules, and what to change
    (None when none of ``rules`` is one)."""
    old = [rule.counter for rule in rules if written_for_0_2(rule)]
    if not old:
        return None
    who = f"{package} {version}".strip()
    listed = ", ".join(old[:3]) + (f" and {len(old) - 3} more" if len(old) > 3 else "")
    return (
        f"{who} registers rules written for plugin contract 0.2 ({listed}): make each a "
        "subclass of queens_core.Rule with apply, explain and focus methods "
        '(the manual\'s Writing rules page, "Upgrading from 0.2")'
    )


def _collect(
    pm: pluggy.PluginManager,
    packages: Iterable[PackageInfo],
    skip_broken: bool,
    outdated: list[str] | None = None,
) -> tuple[list[Rule], list[str]]:
    """Call every plugin's ``queens_register_rules`` and validate what comes back.

    Plugins registered by hand (tests, embedding programs) are named by the name they
    were registered under; entry-point plugins by their distribution. The first invalid
    registration raises :class:`PluginError`, unless ``skip_broken``: then the (whole)
    package is skipped and its error line returned with the rules."""
    rules: list[Rule] = []
    broken: list[str] = []
    owner: dict[str, str] = {}
    packages = list(packages)
    distribution = {info.label: info.name for info in packages}

    def register(impl: pluggy.HookImpl, label: str) -> list[Rule]:
        registered = _registered_rules(pm, impl, label, owner)
        if label in distribution:
            _in_their_positions(label, distribution[label], registered)
        return registered

    for label, package, version, registered in _per_plugin(
        pm, REGISTER_HOOK, packages, skip_broken, broken, register
    ):
        for rule in registered:
            owner[rule.counter] = label
            rules.append(replace(rule, package=package, version=version))
        notice = outdated_notice(package, version, registered)
        if notice is not None:
            warnings.warn(notice, DeprecationWarning, stacklevel=1)
            if outdated is not None:
                outdated.append(notice)
    rules.sort(key=lambda r: (r.tier_rank, r.position, r.counter))
    return rules, broken


def _per_plugin(
    pm: pluggy.PluginManager,
    hook: str,
    packages: Iterable[PackageInfo],
    skip_broken: bool,
    broken: list[str],
    register: Callable[[pluggy.HookImpl, str], list[T]],
    core_version: str = "",
) -> Iterator[tuple[str, str, str, list[T]]]:
    """Each plugin that implements ``hook``, in name order, as (label, package name,
    version, what ``register(impl, label)`` returned after validating it). A
    :class:`PluginError` raises, or with ``skip_broken`` unregisters the plugin and goes
    into ``broken``. Plugins registered by hand are named by the name they were
    registered under; entry-point plugins by their distribution."""
    by_label = {info.label: info for info in packages}
    implementations = getattr(pm.hook, hook).get_hookimpls()
    first = {info.label: info.name for info in packages}
    for impl in sorted(
        implementations,
        key=lambda i: (*first_party_first(first.get(i.plugin_name, i.plugin_name)), i.plugin_name),
    ):
        label = impl.plugin_name
        try:
            registered = register(impl, label)
        except PluginError as err:
            if not skip_broken:
                raise
            broken.append(str(err))
            pm.unregister(impl.plugin)
            continue
        info = by_label.get(label)
        if info is None and label == builtin.PLUGIN_NAME:
            info = PackageInfo(label, core_version, "builtin")
        yield label, info.name if info else label, info.version if info else "", registered


def call_one(pm: pluggy.PluginManager, hook: str, plugin: object) -> object:
    """What ``plugin``'s implementation of ``hook`` returns, called through pluggy's hook
    caller with every other plugin left out (None when it returned None)."""
    others = [other for other in pm.get_plugins() if other is not plugin]
    results = pm.subset_hook_caller(hook, remove_plugins=others)()
    return results[0] if results else None


def _returned_list(
    pm: pluggy.PluginManager, impl: pluggy.HookImpl, who: str, hook: str, kind: type
) -> list:
    """Call one plugin's ``hook`` and return what it gave as a list (None is empty); a
    hook that raises or returns something else than a list is a :class:`PluginError`."""
    what = kind.__name__
    try:
        with loading(impl.plugin_name):
            returned = call_one(pm, hook, impl.plugin)
            # None too: a forgotten `return` would silently register nothing.
            if isinstance(returned, kind | str | bytes) or not isinstance(returned, Iterable):
                raise PluginError(
                    f"{who}: {hook} must return a list of {what}, not {type(returned).__name__}"
                )
            return list(returned)  # a generator may raise here too
    except PluginError:
        raise
    except BaseException as err:
        if not raised_by_plugin(err):
            raise
        how = "ran away" if isinstance(err, OutOfTime) else f"raised {type(err).__name__}"
        raise PluginError(f"{who}: {hook} {how}: {err}{where_raised(err)}") from err


def _registered_rules(
    pm: pluggy.PluginManager, impl: pluggy.HookImpl, label: str, owner: dict[str, str]
) -> list[Rule]:
    """Call one plugin's hook and check each rule it returns (all or nothing)."""
    returned = _returned_list(pm, impl, f"rule package {label}", REGISTER_HOOK, Rule)
    checked: list[Rule] = []
    mine: set[str] = set()
    for rule in returned:
        if not isinstance(rule, Rule):
            raise PluginError(
                f"rule package {label}: registered {rule!r}, which is not a queens Rule"
            )
        problems = rule.problems()
        if problems:
            raise PluginError(f"rule package {label}: rule {rule.counter!r}: {'; '.join(problems)}")
        if rule.counter in owner or rule.counter in mine:
            first = owner.get(rule.counter, label)
            raise PluginError(
                f"rule package {label}: counter id {rule.counter!r} is registered twice: "
                f"by {first} and by {label}"
            )
        mine.add(rule.counter)
        checked.append(rule)
    return checked


#: The first catalog position of a rule of another package than queens' own: theirs are
#: printed after the catalog's, and a newer catalog rule never takes a third party's place.
THIRD_PARTY_POSITIONS = 1000


def _in_their_positions(label: str, distribution: str, rules: list[Rule]) -> None:
    """Refuse a rule of an installed package that is not queens' own (neither first
    party nor its catalog) whose position is one of the catalog's."""
    from . import installed_with_queens_rank

    if installed_with_queens_rank(distribution) < 2:
        return
    for rule in rules:
        if rule.position < THIRD_PARTY_POSITIONS:
            raise PluginError(
                f"rule package {label}: rule {rule.counter!r}: position {rule.position} is "
                f"one of the catalog's (below {THIRD_PARTY_POSITIONS}): a rule of another "
                f"package takes {THIRD_PARTY_POSITIONS} or more"
            )


def _core_version() -> str:
    from .distributions import version as installed_version

    # None: running from a source tree that is not installed.
    return installed_version("queens-core") or "0+unknown"


def _collect_readers(
    pm: pluggy.PluginManager,
    packages: Iterable[PackageInfo],
    skip_broken: bool,
    core_version: str = "",
) -> tuple[list[Reader], list[str]]:
    """Call every plugin's ``queens_register_readers`` and validate what comes back, as
    :func:`_collect` does for rules: the text reader first, the others by name."""
    readers: list[Reader] = []
    broken: list[str] = []
    name_owner: dict[str, str] = {}
    suffix_owner: dict[str, str] = {}

    def register(impl: pluggy.HookImpl, label: str) -> list[Reader]:
        return _registered_readers(pm, impl, label, name_owner, suffix_owner)

    for label, package, version, registered in _per_plugin(
        pm, READERS_HOOK, packages, skip_broken, broken, register, core_version
    ):
        for reader in registered:
            name_owner[reader.name] = label
            suffix_owner.update(dict.fromkeys(reader.suffixes, label))
            readers.append(replace(reader, package=package, version=version))
    readers.sort(key=lambda r: (r.name != TEXT_READER.name, r.name))
    if not readers or readers[0].name != TEXT_READER.name:
        # A registry built without the core's formats still reads text: the last resort.
        readers.insert(0, replace(TEXT_READER, version=core_version or _core_version()))
    return readers, broken


def _registered_readers(
    pm: pluggy.PluginManager,
    impl: pluggy.HookImpl,
    label: str,
    name_owner: dict[str, str],
    suffix_owner: dict[str, str],
) -> list[Reader]:
    """Call one plugin's reader hook and check each reader it returns (all or nothing)."""
    returned = _returned_list(pm, impl, f"reader package {label}", READERS_HOOK, Reader)
    checked: list[Reader] = []
    suffixes: set[str] = set()
    for reader in _named_once("reader", Reader, label, returned, name_owner):
        for suffix in reader.suffixes:
            if suffix in suffix_owner or suffix in suffixes:
                first = suffix_owner.get(suffix, label)
                raise PluginError(
                    f"reader package {label}: suffix {suffix!r} is claimed twice: "
                    f"by {first} and by {label}"
                )
        suffixes.update(reader.suffixes)
        checked.append(reader)
    return checked


def _named_once(
    kind: str, expected: type[N], label: str, returned: list[Any], name_owner: dict[str, str]
) -> Iterator[N]:
    """Each of what package ``label`` ``returned`` from its hook, checked as a ``kind``
    (reader, writer): an ``expected`` whose ``problems()`` are none, with a name that no
    package registered before, nor this one twice; the first that is not raises
    :class:`PluginError` (a package is taken whole or not at all)."""
    names: set[str] = set()
    for item in returned:
        if not isinstance(item, expected):
            raise PluginError(
                f"{kind} package {label}: registered {item!r}, which is not a queens "
                f"{expected.__name__}"
            )
        problems = item.problems()
        if problems:
            raise PluginError(
                f"{kind} package {label}: {kind} {item.name!r}: {'; '.join(problems)}"
            )
        if item.name in name_owner or item.name in names:
            first = name_owner.get(item.name, label)
            raise PluginError(
                f"{kind} package {label}: {kind} name {item.name!r} is registered twice: "
                f"by {first} and by {label}"
            )
        names.add(item.name)
        yield item


def _collect_writers(
    pm: pluggy.PluginManager,
    packages: Iterable[PackageInfo],
    skip_broken: bool,
    core_version: str = "",
) -> tuple[list[Writer], list[str]]:
    """Call every plugin's ``queens_register_writers`` and validate what comes back, as
    :func:`_collect_readers` does for readers: the writers by name."""
    writers: list[Writer] = []
    broken: list[str] = []
    name_owner: dict[str, str] = {}

    def register(impl: pluggy.HookImpl, label: str) -> list[Writer]:
        return _registered_writers(pm, impl, label, name_owner)

    for label, package, version, registered in _per_plugin(
        pm, WRITERS_HOOK, packages, skip_broken, broken, register, core_version
    ):
        for writer in registered:
            name_owner[writer.name] = label
            writers.append(writer.from_package(package, version))
    writers.sort(key=lambda w: w.name)
    return writers, broken


def _registered_writers(
    pm: pluggy.PluginManager, impl: pluggy.HookImpl, label: str, name_owner: dict[str, str]
) -> list[Writer]:
    """Call one plugin's writer hook and check each writer it returns (all or nothing)."""
    returned = _returned_list(pm, impl, f"writer package {label}", WRITERS_HOOK, Writer)
    return list(_named_once("writer", Writer, label, returned, name_owner))


def load_registry(
    pm: pluggy.PluginManager | None = None,
    skip_broken: bool = False,
    entry_points: Iterable[metadata.EntryPoint] | None = None,
    use_entry_points: bool = True,
) -> Registry:
    """Build the registry of installed rules, readers and writers.

    ``pm`` may already hold plugins registered by hand; ``use_entry_points=False`` leaves
    installed packages out (tests use it for fully controlled registries).
    """
    from .distributions import one_scan

    # The entry points, the catalog and the core's version from one scan of sys.path.
    with one_scan():
        return _load_registry(pm, skip_broken, entry_points, use_entry_points)


def _load_registry(
    pm: pluggy.PluginManager | None,
    skip_broken: bool,
    entry_points: Iterable[metadata.EntryPoint] | None,
    use_entry_points: bool,
) -> Registry:
    pm = make_plugin_manager() if pm is None else pm
    if not pm.has_plugin(builtin.PLUGIN_NAME):
        pm.register(builtin, name=builtin.PLUGIN_NAME)
    packages: list[PackageInfo] = []
    broken: list[str] = []
    if use_entry_points:
        packages, broken = load_entry_points(pm, entry_points, skip_broken)
    try:
        pm.check_pending()  # plugins registered by hand are checked here
    except pluggy.PluginValidationError as err:
        raise PluginError(f"plugin {pm.get_name(err.plugin)}: {err}") from err
    outdated: list[str] = []
    rules, skipped = _collect(pm, packages, skip_broken, outdated)
    core_version = _core_version()  # the version of the core's own formats
    readers, skipped_readers = _collect_readers(pm, packages, skip_broken, core_version)
    writers, skipped_writers = _collect_writers(pm, packages, skip_broken, core_version)
    skipped += skipped_readers + skipped_writers
    if skipped:
        alive = {name for name, _ in pm.list_name_plugin()}
        packages = [info for info in packages if info.label in alive]
    return Registry(rules, packages, broken + skipped, readers, outdated, writers)

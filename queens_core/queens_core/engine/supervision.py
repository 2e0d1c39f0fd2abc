"""What the driver asks of whoever supervises plugin code, and what it does unsupervised.

The engine runs rules; it does not run threads, alarms or other processes. The watch
over a solve (its time budget, the guards on standard output and standard error, telling
the user's Ctrl-C from a rule's ``KeyboardInterrupt``) belongs to the process layer,
:mod:`queens_core.runtime.guards`, which puts its :class:`Supervisor` in
:data:`supervisor` when it is imported (the plugin loader imports it, so every solve of
loaded rules is supervised). Until then :class:`Unsupervised` stands in: a solve of
hand-made rules in a program that never loaded a plugin runs with no budget and no
guard, and so does the compiled build's kernel, which holds no process code.

What stays here is what the engine enforces itself, at no cost in threads: each rule
writes only its own cache (:class:`Caches`), and the slot where the driver marks the
rule it runs (:class:`RunningRule`), which the supervisor reads when time runs out.

Glossary
--------
supervisor
    The object in :data:`supervisor`: it watches each solve (:meth:`Supervisor.watch_solve`),
    gives the thread's slot (:meth:`Supervisor.running_slot`) and says whether an
    exception out of plugin code is the plugin's doing (:meth:`Supervisor.raised_by_plugin`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .errors import ContractViolation

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from .rules import Context, Rule


class RunningRule:
    """What plugin code one thread is running, for the supervisor to read: ``rule``, the
    rule the driver is running (None between two rule calls: a slot the driver sets
    before each call and clears after it), or ``other``, the culprit of other watched
    plugin code."""

    __slots__ = ("other", "rule")

    def __init__(self) -> None:
        self.rule: Rule | None = None
        self.other: Any = None

    def culprit(self) -> Any:
        return self.rule if self.rule is not None else self.other


class Caches(dict):
    """``state.caches`` during a solve: the key of each rule's cache is its counter, and
    only that rule (the one the driver is running) may set or delete it; another that
    does would make the owner misbehave and be blamed. Reading is a plain dict read."""

    __slots__ = ("ctx",)

    def __init__(self, ctx: Context, entries: dict):
        dict.__init__(self, entries)  # not super(): every solve makes one
        self.ctx = ctx

    def _check(self, key: Any) -> None:
        if key != self.ctx.counter:
            raise ContractViolation(
                f"it wrote the cache of rule {key!r} in state.caches "
                "(a rule keeps its scratch space in ctx.cache, which is its own)"
            )

    def __setitem__(self, key: Any, value: Any) -> None:
        self._check(key)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: Any) -> None:
        self._check(key)
        dict.__delitem__(self, key)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self._check(key)
        return dict.setdefault(self, key, default)

    def pop(self, key: Any, *default: Any) -> Any:
        if key in self:
            self._check(key)
        return dict.pop(self, key, *default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def clear(self) -> None:
        for key in list(self):
            self._check(key)
        dict.clear(self)

    def popitem(self) -> tuple[Any, Any]:
        if self:
            self._check(next(reversed(self)))
        return dict.popitem(self)


class Supervisor(Protocol):
    """What the driver calls, once per solve (and once per rule that raises)."""

    def watch_solve(self, budget: float | None) -> AbstractContextManager[Any]:
        """Watch one solve for ``budget`` seconds (None: the supervisor's default;
        ``math.inf``: no limit), naming the rule in :meth:`running_slot` when it runs out."""
        ...

    def running_slot(self) -> RunningRule:
        """The calling thread's slot, where the driver marks the rule it runs."""
        ...

    def raised_by_plugin(self, err: BaseException) -> bool:
        """Whether ``err``, out of plugin code, is the plugin's failure (not the user's
        Ctrl-C)."""
        ...


class _NoWatch:
    """The watch of an unsupervised solve: nothing on entry, nothing on exit."""

    __slots__ = ()

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


_NO_WATCH = _NoWatch()


class Unsupervised:
    """The supervisor until the runtime installs its own: no budget, no guard, and a
    ``KeyboardInterrupt`` is taken for the user's (nothing counts the interrupts)."""

    def watch_solve(self, budget: float | None) -> _NoWatch:
        return _NO_WATCH

    def running_slot(self) -> RunningRule:
        return RunningRule()  # read by no one

    def raised_by_plugin(self, err: BaseException) -> bool:
        return not isinstance(err, KeyboardInterrupt)


#: The supervisor every solve asks (see the module's doc).
supervisor: Supervisor = Unsupervised()


def install(new: Supervisor) -> None:
    """Make ``new`` the supervisor of every solve from now on."""
    global supervisor
    supervisor = new

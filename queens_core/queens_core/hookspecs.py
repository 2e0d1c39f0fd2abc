"""The hooks a queens rule package implements.

A rule package is a distribution with an entry point in the ``queens.rules`` group that
names a module (or object) carrying ``@hookimpl`` functions::

    [project.entry-points."queens.rules"]
    mypackage = "my_queens_rules"

and, in ``my_queens_rules/__init__.py``::

    from queens_core import Rule, Tier, hookimpl

    @hookimpl
    def queens_register_rules():
        return [Rule(counter="my_rule", display_name="My rule", tier=Tier.CHEAP,
                     position=1000, summary="...", apply=apply_my_rule)]

See ``docs/writing-rules.md`` for the whole story.
"""

from __future__ import annotations

import pluggy

#: The project name pluggy keys hooks on, and the entry-point group of rule packages.
PROJECT = "queens"
ENTRY_POINT_GROUP = "queens.rules"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def queens_register_rules() -> list:  # type: ignore[empty-body]
    """Return the rules this plugin contributes, as a list of :class:`queens_core.Rule`.

    Called once, when the registry is built. Each rule carries:

    - ``counter``: a lower_snake_case id, unique across every installed package (a
      duplicate is an error that names both packages, never a silent rename);
    - ``display_name``: what ``queens solve`` prints next to the count;
    - ``tier``: ``Tier.CHEAP`` (run every pass until nothing changes) or
      ``Tier.EXPENSIVE`` (run only at a cheap fixed point, one rule at a time);
    - ``position``: its place in the catalog; the 31 catalog rules use 1 to 31, so a
      third-party rule should use 1000 or more to print after them;
    - ``summary``: one line for ``queens rules list``;
    - ``apply``: ``apply(ctx) -> None``, which changes the state only through
      ``ctx.place(cell, detail)`` and ``ctx.kill(mask, detail)`` (the driver stops a rule
      that assigns ``ctx.state`` itself) and raises :class:`queens_core.Contradiction`
      when it proves the state has no solution;
    - ``counting``: how the counter goes up, ``"pass"`` (default), ``"step"`` or
      ``"placement"`` (see :data:`queens_core.rules.COUNTINGS`).

    The package name and version are filled in by the registry from the distribution
    that provided the entry point.
    """

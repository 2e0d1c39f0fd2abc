"""The hooks a queens plugin package implements.

There are two kinds of plugin package. A rule package contributes deductions
(``queens_register_rules``, entry-point group ``queens.rules``); a reader package teaches
``queens`` a new input format (``queens_register_readers``, entry-point group
``queens.readers``). One package may do both. A rule package is a distribution with an
entry point in the ``queens.rules`` group that names a module (or object) carrying
``@hookimpl`` functions::

    [project.entry-points."queens.rules"]
    mypackage = "my_queens_rules"

and, in ``my_queens_rules/__init__.py``::

    from queens_core import Rule, Tier, hookimpl

    @hookimpl
    def queens_register_rules():
        return [Rule(counter="my_rule", display_name="My rule", tier=Tier.CHEAP,
                     position=1000, summary="...", apply=apply_my_rule)]

See ``docs/writing-rules.md`` for the whole story.

The hooks are called through pluggy's hook caller: an implementation may take fewer
arguments than its spec, which is how a spec can gain an argument without breaking the
packages written before it. The contract (these hooks, :class:`queens_core.Rule`,
:class:`queens_core.Reader`, :class:`queens_core.Context` and the names each module
declares in ``__all__``) is versioned by :data:`CONTRACT_VERSION`; docs/writing-rules.md
says what may change within one version.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from .readers import Reader
    from .rules import Rule

__all__ = [
    "CONTRACT_VERSION",
    "ENTRY_POINT_GROUP",
    "ENTRY_POINT_GROUPS",
    "PROJECT",
    "READERS_ENTRY_POINT_GROUP",
    "hookimpl",
    "hookspec",
    "queens_register_readers",
    "queens_register_rules",
]

#: The version of the plugin contract, the ``major.minor`` of queens-core's own version:
#: a package written for contract 0.2 requires ``queens-core>=0.2,<0.3``. Within one
#: contract version the contract only grows (new optional Rule fields, new hook
#: arguments an implementation may ignore, new public names); anything else is a new
#: contract version.
CONTRACT_VERSION = "0.2"

#: The project name pluggy keys hooks on, and the entry-point groups of plugin packages.
PROJECT = "queens"
ENTRY_POINT_GROUP = "queens.rules"
READERS_ENTRY_POINT_GROUP = "queens.readers"
ENTRY_POINT_GROUPS = (ENTRY_POINT_GROUP, READERS_ENTRY_POINT_GROUP)

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def queens_register_rules() -> list[Rule]:  # type: ignore[empty-body]
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
      ``"placement"`` (see :data:`queens_core.rules.COUNTINGS`);
    - ``explain``: optional ``explain(step, board, before) -> str | None``, the one
      sentence of why of a step the rule recorded, ``before`` the state just before it
      (``--explain``, ``hint`` and JSON output show it; the summary stands in otherwise);
    - ``weight``: optional, how hard one firing is to spot (the difficulty score; by tier
      when left out: 5 cheap, 20 expensive);
    - ``grade``: optional :class:`queens_core.Grade`, the lowest grade of a board that
      needs the rule (``queens check``'s ladder; by tier when left out: Hard for a cheap
      rule, Fiendish for an expensive one);
    - ``family``: optional words naming a group of rules in reports ("needs the
      polyomino shape rules"); a rule without one is named by its display name.

    Every field is a keyword argument; the rule is frozen.

    The package name and version are filled in by the registry from the distribution
    that provided the entry point.
    """


@hookspec
def queens_register_readers() -> list[Reader]:  # type: ignore[empty-body]
    """Return the board readers this plugin contributes, as a list of
    :class:`queens_core.Reader`.

    Called once, when the registry is built. A reader package names its module in the
    ``queens.readers`` entry-point group::

        [project.entry-points."queens.readers"]
        image = "queens_read_image.plugin"

    Each reader carries:

    - ``name``: a lower-case id (``image``, ``sbn``), unique across installed readers;
      ``text`` is the built-in reader of the text format;
    - ``summary``: one line for ``queens readers list``;
    - ``read``: ``read(data: bytes) -> Reading`` — the board, and the marks (a
      :class:`queens_core.State`) or the stars per unit when the input shows them; it
      raises :class:`queens_core.BoardError` with a one-line reason when the input is
      not a board it can read, and gets at most ``max_bytes`` bytes;
    - ``suffixes``: the lower-case file suffixes it claims (``(".png", ".jpg")``); a
      suffix claimed by two readers is an error that names both packages;
    - ``sniff``: optional ``sniff(data: bytes) -> bool``, whether content looks like its
      format, for standard input and files whose suffix no reader claims; cheap, never
      raising;
    - ``inline``: True when a command-line argument that is not a file may be the input
      itself (a puzzle string), recognised by ``sniff``;
    - ``max_bytes``: the largest input it accepts (64 KiB unless set).

    Every command that takes a board (``solve``, ``check``, ``hint``, ``stats``,
    ``render``, ``import``) reads it through the readers, so an installed reader works
    everywhere at once. The package name and version are filled in by the registry.
    """

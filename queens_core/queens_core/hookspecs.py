"""The hooks a queens plugin package implements.

There are four kinds of plugin package. A rule package contributes deductions
(``queens_register_rules``, entry-point group ``queens.rules``); a reader package teaches
``queens`` a new input format (``queens_register_readers``, entry-point group
``queens.readers``); a writer package a new output format (``queens_register_writers``,
entry-point group ``queens.writers``); a command package adds subcommands to ``queens``
(``queens_register_commands``, entry-point group ``queens.commands``). One package may be
several kinds. A rule package is a distribution with an
entry point in the ``queens.rules`` group that names a module (or object) carrying
``@hookimpl`` functions::

    [project.entry-points."queens.rules"]
    mypackage = "my_queens_rules"

and, in ``my_queens_rules/__init__.py``::

    from queens_core import Place, Rule, Tier, hookimpl

    class MyRule(Rule):
        counter = "my_rule"
        display_name = "My rule"
        tier = Tier.CHEAP
        position = 1000
        summary = "..."

        def apply(self, ctx): ...
        def explain(self, step, board, before): ...
        def focus(self, step, board, before): ...

    @hookimpl
    def queens_register_rules():
        return [MyRule()]

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
    from .engine.rules import Rule
    from .plugins.readers import Reader
    from .plugins.writers import Writer

__all__ = [
    "CONTRACT_VERSION",
    "ENTRY_POINT_GROUP",
    "ENTRY_POINT_GROUPS",
    "PROJECT",
    "READERS_ENTRY_POINT_GROUP",
    "WRITERS_ENTRY_POINT_GROUP",
    "hookimpl",
    "hookspec",
    "queens_register_readers",
    "queens_register_rules",
    "queens_register_writers",
]

#: The version of the plugin contract, the ``major.minor`` of queens-core's own version:
#: a package written for contract 0.3 requires ``queens-core>=0.3,<0.4``. Within one
#: contract version the contract only grows (new optional Rule fields, new hook
#: arguments an implementation may ignore, new public names); anything else is a new
#: contract version. Contract 0.3 still runs rules written for 0.2 (a plain ``Rule``
#: given ``apply``, ``explain`` and ``focus`` functions), with a deprecation notice.
CONTRACT_VERSION = "0.3"

#: The project name pluggy keys hooks on, and the entry-point groups of plugin packages.
PROJECT = "queens"
ENTRY_POINT_GROUP = "queens.rules"
READERS_ENTRY_POINT_GROUP = "queens.readers"
WRITERS_ENTRY_POINT_GROUP = "queens.writers"
ENTRY_POINT_GROUPS = (ENTRY_POINT_GROUP, READERS_ENTRY_POINT_GROUP, WRITERS_ENTRY_POINT_GROUP)
#: Loaded apart from the rules and readers, only when the command line needs a command it
#: does not have built in (or lists them all): a solve never imports a web server.
COMMANDS_ENTRY_POINT_GROUP = "queens.commands"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def queens_register_rules() -> list[Rule]:  # type: ignore[empty-body]
    """Return the rules this plugin contributes: a list of :class:`queens_core.Rule`
    objects, each an instance of a subclass that carries the rule's deduction, its
    sentence and its focus together.

    Called once, when the registry is built. A rule's metadata are class attributes (or
    keyword arguments of the constructor, which override them, so one class can make
    several rules):

    - ``counter``: a lower_snake_case id, unique across every installed package (a
      duplicate is an error that names both packages, never a silent rename);
    - ``display_name``: what ``queens solve`` prints next to the count;
    - ``tier``: ``Tier.CHEAP`` (run every pass until nothing changes) or
      ``Tier.EXPENSIVE`` (run only at a cheap fixed point, one rule at a time);
    - ``position``: its place in the catalog; the 31 catalog rules use 1 to 31, so a
      third-party rule should use 1000 or more to print after them;
    - ``summary``: one line for ``queens rules list``;
    - ``counting``: how the counter goes up, ``"pass"`` (default), ``"step"`` or
      ``"placement"`` (see :data:`queens_core.engine.rules.COUNTINGS`);
    - ``weight``: optional, how hard one firing is to spot (the difficulty score; by tier
      when left out: 5 cheap, 20 expensive);
    - ``grade``: optional :class:`queens_core.Grade`, the lowest grade of a board that
      needs the rule (``queens check``'s ladder; by tier when left out: Hard for a cheap
      rule, Fiendish for an expensive one);
    - ``family``: optional words naming a group of rules in reports ("needs the
      polyomino shape rules"); a rule without one is named by its display name;
    - ``min_stars`` and ``max_stars``: the stars per unit (K) the rule is sound for
      (default: K = 1 alone; ``max_stars = None`` for any K from ``min_stars`` up).

    Its behaviour is three methods:

    - ``apply(self, ctx) -> None`` (required): changes the state only through
      ``ctx.place(cell, detail)`` and ``ctx.kill(mask, detail)`` (the driver stops a rule
      that assigns ``ctx.state`` itself) and raises :class:`queens_core.Contradiction`
      when it proves the state has no solution. What it does must depend on the board
      and the state alone (``ctx.cache`` may only save it work): the driver does not
      call it again on a state on which its last call changed nothing. ``detail`` says
      why: a small typed class per kind of reason, declared by the package, best a
      :class:`typing.NamedTuple` (``class Confined(NamedTuple): region: int; row: int``)
      — a step is recorded thousands of times a second, and a named tuple is both quick
      to make and JSON as a list in ``--format json``. Fields are ints, strings, None and
      tuples of them;
    - ``explain(self, step, board, before) -> str | None`` (optional): the one sentence of
      why of a step the rule recorded, ``before`` the state just before it (``--explain``,
      ``hint`` and JSON output show it; the summary stands in when it gives None or the
      rule has none). Dispatch on the type of ``step.detail``
      (``match step.detail: case Confined(region=k, row=r): ...``);
    - ``focus(self, step, board, before) -> Place | None`` (optional): the
      :class:`queens_core.Place` whose live cells force a step of the rule
      (``Place.column(0)``, ``Place.region(3)``, ``Place.rows((2, 3))``...), which a hint
      names first ("Look at column 1.").

    Several adjacent rules may share one sweep: give their class
    ``apply = staticmethod(sweep)``, and the driver calls ``sweep(ctx)`` once for all of
    them, with ``ctx.enabled`` holding the counters switched on (see
    :class:`queens_core.Rule`).

    The rule is frozen. The package name and version are filled in by the registry from
    the distribution that provided the entry point.

    Contract 0.2 rules, a plain ``Rule(counter=..., apply=fn, explain=fn, focus=fn)``
    with the functions as keyword arguments and tuples as details and focus, still work;
    the registry warns once per package (a :class:`DeprecationWarning`, and a line on
    standard error from ``queens``) that each should become a subclass.
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


@hookspec
def queens_register_writers() -> list[Writer]:  # type: ignore[empty-body]
    """Return the board writers this plugin contributes, as a list of
    :class:`queens_core.Writer`: the output formats of ``queens convert``.

    Called once, when the registry is built. A writer package names its module in the
    ``queens.writers`` entry-point group (one module may be in ``queens.readers`` too, to
    read and write one format)::

        [project.entry-points."queens.writers"]
        myformat = "my_queens_format"

    Each writer carries:

    - ``name``: a lower-case id (``sbn``, ``puzlink``), unique across installed writers;
      what ``queens convert --to NAME`` asks for;
    - ``summary``: one line for ``queens writers list`` and ``queens convert --help``;
    - ``write``: ``write(board: Board, state: State | None) -> str`` — the board in the
      format, its K being ``board.stars``; ``state``, when the writer carries marks and
      the user gave a position, holds the queens (stars) and crosses to write with it.
      It raises :class:`queens_core.BoardError` with a one-line reason when the format
      cannot carry this board (a size or a K it has no code for);
    - ``suffix``: optional, the file suffix its output is saved under (``.sbn``);
    - ``carries_marks``: optional, True when the format can hold a position's marks.

    The formats that come with ``queens`` (text, SBN v1 and v2, puz.link URLs, the
    page's share links) are registered through this hook too, by their packages; a name
    registered twice is an error that names both packages, the one that comes with
    ``queens`` winning. The package name and version are filled in by the registry.
    """


@hookspec
def queens_register_commands() -> list:  # type: ignore[empty-body]
    """Return the subcommands this plugin adds to ``queens``, as a list of
    :class:`click.Command` (a ``@click.command()`` function, or a ``click.Group``).

    A command package names its module in the ``queens.commands`` entry-point group::

        [project.entry-points."queens.commands"]
        serve = "queens_web.command"

    The group is loaded only when ``queens`` is asked for a command it does not have built
    in, or for the list of its commands (``queens --help``), so a command package costs
    the other commands nothing; its module should import its heavy dependencies inside
    the command's function, not at the top. A command whose name is already taken (by a
    built-in command or by another package) is an error that names the package as
    ``package[entry point]``, as is a module that fails to import.

    A command reaches the installed rules and readers through its click context object:
    ``click.get_current_context().obj.registry()`` loads them once, honouring
    ``--skip-broken-plugins``, and exits with status 4 naming a broken rule package.
    """

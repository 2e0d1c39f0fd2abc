"""Why a Star Battle rule placed or killed: the typed details of its steps, one named
tuple per kind of reason.

Each is a tuple in the form the package gave before its details had types (a tag string,
then the values), which is what ``--format json`` prints; the sentences
(:mod:`.sentences`) tell the kinds apart by type. A *group* (``where``) is a row, column or
region, ``("row", 2)``, or a band of two adjacent lines, ``("rows", 2)`` for rows 2 and 3.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from queens_core import pickle_by_tuple_form

__all__ = [
    "Blocks",
    "Capacity",
    "Case",
    "CaseSplit",
    "Composite",
    "Exclusion",
    "Flow",
    "Overcount",
    "Placements",
    "TrialFails",
    "Undercount",
    "UnitFull",
    "UnitNeedsEveryCell",
]

#: A row, column, region or band of two adjacent lines: ``(kind, index)``.
Group = tuple[str, int]


class _UnitFields(NamedTuple):
    tag: str
    kind: str
    which: int


class UnitFull(_UnitFields):
    """The unit ``kind`` ``which`` holds its K stars: its other cells hold none
    (``("unit", kind, which)``)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(cls, kind: str, which: int) -> UnitFull:
        return tuple.__new__(cls, ("unit", kind, which))


class UnitNeedsEveryCell(_UnitFields):
    """The unit ``kind`` ``which`` has as many live cells as stars to place: each holds
    one (``("unit", kind, which)``)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(cls, kind: str, which: int) -> UnitNeedsEveryCell:
        return tuple.__new__(cls, ("unit", kind, which))


class _BlocksFields(NamedTuple):
    tag: str
    where: Group
    part: tuple[int, ...]


class Blocks(_BlocksFields):
    """The live cells of ``where`` fit in as many 2×2 blocks as the stars it needs; one
    block's live cells of the group are ``part`` (``("blocks", where, part)``)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(cls, where: Group, part: tuple[int, ...]) -> Blocks:
        return tuple.__new__(cls, ("blocks", where, part))


class _CountFields(NamedTuple):
    tag: str
    regions: tuple[int, ...]
    kind: str
    lines: tuple[int, ...]


class Undercount(_CountFields):
    """The ``regions`` lie within as many adjacent ``lines`` (``kind`` ``rows`` or
    ``columns``), so those lines' stars are theirs (``("regions", regions, kind,
    lines)``)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(cls, regions: tuple[int, ...], kind: str, lines: tuple[int, ...]) -> Undercount:
        return tuple.__new__(cls, ("regions", regions, kind, lines))


class Overcount(_CountFields):
    """The live cells of the adjacent ``lines`` lie within as many ``regions``, so those
    regions' stars are in the lines (``("regions", regions, kind, lines)``)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(cls, regions: tuple[int, ...], kind: str, lines: tuple[int, ...]) -> Overcount:
        return tuple.__new__(cls, ("regions", regions, kind, lines))


class _ExclusionFields(NamedTuple):
    tag: str
    cell: int
    where: Group
    need: int
    live: int
    capacity: int


class Exclusion(_ExclusionFields):
    """A star on ``cell`` would leave ``where`` needing ``need`` stars with ``live`` live
    cells that fit in ``capacity`` 2×2 blocks (``("exclusion", cell, where, need, live,
    capacity)``)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(cls, cell: int, where: Group, need: int, live: int, capacity: int) -> Exclusion:
        return tuple.__new__(cls, ("exclusion", cell, where, need, live, capacity))


class _CapacityFields(NamedTuple):
    tag: str
    kind: str
    first: int
    last: int
    side: str
    bounds: tuple[tuple[int, int], ...]
    region: int
    what: str
    part: tuple[int, ...]


class Capacity(_CapacityFields):
    """The lines ``first`` to ``last`` (``kind`` ``rows`` or ``columns``) need as many
    stars as the regions reaching them can put there at ``side`` (``most`` or
    ``least``), each region's bound in ``bounds`` ((region, bound), …); so ``region``
    puts none ``outside`` or ``inside`` them (``what``), or one in each 2×2 block of its
    cells ``in`` or ``out`` of them, ``part`` being one block's live cells
    (``("capacity", kind, first, last, side, bounds, region, what, part)``)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(
        cls,
        kind: str,
        first: int,
        last: int,
        side: str,
        bounds: tuple[tuple[int, int], ...],
        region: int,
        what: str,
        part: tuple[int, ...],
    ) -> Capacity:
        return tuple.__new__(cls, ("capacity", kind, first, last, side, bounds, region, what, part))


class _PlacementsFields(NamedTuple):
    tag: str
    where: Group
    ways: int
    how: str


class Placements(_PlacementsFields):
    """``where`` can take its missing stars in ``ways`` ways; ``how`` the step's cells
    are in them: ``all`` (a star in every one), ``none`` (in none), ``touch`` (touching
    a star of every one) (``("placements", where, count, how)``)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(cls, where: Group, ways: int, how: str) -> Placements:
        return tuple.__new__(cls, ("placements", where, ways, how))


class _FlowFields(NamedTuple):
    tag: str
    kind: str
    line: int
    region: int
    what: str
    form: str
    lines: tuple[int, ...]
    regions: tuple[int, ...]
    amount: int
    share: int


class Flow(_FlowFields):
    """``region``'s share of ``line`` (``kind`` ``rows`` or ``columns``) is forced to
    ``share``: ``what`` is ``empty`` (no more stars there) or ``fill`` (its room filled),
    by the group of ``lines`` and ``regions`` (``form`` ``closed`` or ``open``, with
    ``amount`` the stars of its other crossing) (``("flow", kind, line, region, what,
    form, lines, regions, amount, share)``)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(
        cls,
        kind: str,
        line: int,
        region: int,
        what: str,
        form: str,
        lines: tuple[int, ...],
        regions: tuple[int, ...],
        amount: int,
        share: int,
    ) -> Flow:
        return tuple.__new__(
            cls, ("flow", kind, line, region, what, form, lines, regions, amount, share)
        )


class _CompositeFields(NamedTuple):
    tag: str
    kind: str
    first: int
    last: int
    regions: tuple[int, ...]
    what: str
    need_lines: int
    need_regions: int
    room_inside: int
    room_rest: int
    room_beyond: int
    part: tuple[int, ...]


class Composite(_CompositeFields):
    """The ``regions`` counted as one against the lines ``first`` to ``last`` (``kind``
    ``rows`` or ``columns``), which still need ``need_lines`` stars while the regions need
    ``need_regions``; the 2×2 blocks covering the live cells of the regions in the lines,
    of the lines outside the regions and of the regions outside the lines hold at most
    ``room_inside``, ``room_rest`` and ``room_beyond``. ``what`` the step concludes:
    ``beyond`` (the regions' cells outside the lines are empty), ``rest`` (the lines'
    cells outside the regions are empty), or ``inside``, ``rest full``, ``beyond full``
    (those cells take one star in each block of their cover, ``part`` being one block's
    live cells) (``("composite", kind, first, last, regions, what, need_lines,
    need_regions, room_inside, room_rest, room_beyond, part)``)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(
        cls,
        kind: str,
        first: int,
        last: int,
        regions: tuple[int, ...],
        what: str,
        need_lines: int,
        need_regions: int,
        room_inside: int,
        room_rest: int,
        room_beyond: int,
        part: tuple[int, ...],
    ) -> Composite:
        return tuple.__new__(
            cls,
            (
                "composite",
                kind,
                first,
                last,
                regions,
                what,
                need_lines,
                need_regions,
                room_inside,
                room_rest,
                room_beyond,
                part,
            ),
        )

    def _replace(self, **changes: Any) -> Composite:
        fields: dict[str, Any] = dict(zip(self._fields[1:], self[1:], strict=True))
        fields.update(changes)
        return Composite(**fields)


class _TrialFailsFields(NamedTuple):
    tag: str
    cell: int
    kind: str
    which: object
    forced: tuple[tuple[int | tuple[int, ...], str, tuple], ...]


class TrialFails(_TrialFailsFields):
    """A star on ``cell`` leaves the unit ``kind`` ``which`` unable to hold its stars,
    or (``kind`` ``count``) makes a counting argument fail, ``which`` then saying how;
    ``forced`` is the chain that leads there, in order: each star the failure rests on
    as (cell, counter, detail), each set of cells ruled out that it rests on as
    ((cell, ...), counter, detail) (``("cell", cell, kind, which, forced)``); after a
    counting failure, every star the trial's propagation placed."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(
        cls,
        cell: int,
        kind: str,
        which: object,
        forced: tuple[tuple[int | tuple[int, ...], str, tuple], ...],
    ) -> TrialFails:
        return tuple.__new__(cls, ("cell", cell, kind, which, forced))


class Case(NamedTuple):
    """One case of a :class:`CaseSplit`: the ``placement`` it supposes (its cells), the
    ``forced`` stars the classical deductions put down from it, each as (cell, counter,
    detail), and, for an impossible case, the unit it left unable to hold its stars as
    ``kind`` and ``which`` (``kind`` "count": a counting argument failed, ``which`` says
    how); both None for a possible case. An impossible case's ``forced`` is the chain
    its failure rests on, as a :class:`TrialFails`' is, cells ruled out included."""

    placement: tuple[int, ...]
    forced: tuple[tuple[int | tuple[int, ...], str, tuple], ...]
    kind: str | None
    which: object


class _CaseSplitFields(NamedTuple):
    tag: str
    where: Group
    cases: tuple[Case, ...]


class CaseSplit(_CaseSplitFields):
    """``where`` can take its missing stars in only the placements of ``cases``; the
    step's cells are what every possible case agrees on
    (``("cases", where, cases)``)."""

    __slots__ = ()
    __reduce__ = pickle_by_tuple_form

    def __new__(cls, where: Group, cases: tuple[Case, ...]) -> CaseSplit:
        return tuple.__new__(cls, ("cases", where, cases))

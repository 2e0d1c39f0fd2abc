"""The engine of ``queens generate``: boards with one solution that the installed rules
solve, at a chosen tier or grade.

Glossary
--------
target
    The rungs of the difficulty ladder (:mod:`queens_core.tools.grade`) a board may land on:
    those of the requested tier and/or grade, among the rungs the installed rules have.
planted solution
    The queens a candidate is built around. Regions grow from them, so they are always
    a solution; every repair keeps them one.
move
    Giving one cell to a 4-neighbouring region. A move never takes a planted queen's cell,
    never splits the region it leaves and never shrinks it below the smallest region
    allowed, so the map keeps N connected regions and the planted solution.
repair
    A move aimed at a problem instead of a new map: a second solution loses one of its
    queens' cells to a neighbour (its region then holds two of its queens, or none), and
    a stall of the rules gives an undecided cell to a neighbour (preferably one whose
    queen the rules have placed, so the cell dies at once). A queen's cell deep inside
    its region is reached by a path of moves from the nearest border; the last second
    solution is broken by a move tried against the exact check (and undone) until one
    leaves the map unique, since a random one mostly trades it for new ones.
attempt
    One planted solution and its map, repaired up to ten times the board's size, and
    dropped sooner when the repairs come back to the same map a third time. A board is
    given ``max_tries`` attempts before the engine gives up.

Each board is derived from ``(seed, index)`` alone (its own random generator), so a batch
is the same whatever the number of processes that make it, and board ``i`` of a batch of
ten is board ``i`` of a batch of a hundred.

exact check
    What the map's other solutions are. Up to 9×9, the referee's table of every placement
    of the queens (:func:`queens_core.referee.exact.placement_table`): the map's solutions
    are the placements with no two queens in one region, all of them, for a few mask
    operations a region changed since the last check. Above, the exact search, for a few
    of them (:data:`SOLUTIONS_PER_SEARCH`).

Every board returned has passed the checks ``queens check`` makes: the exact referee finds
one solution (the table or the search, as above), and
:meth:`queens_core.tools.grade.Grader.assess` grades it on a rung of the target.
"""

from __future__ import annotations

import pickle
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from ..engine.arguments import Argument, ArgumentError, Part, Worded
from ..engine.board import MAX_SIZE, Board, bits, connected_part, size_geometry
from ..engine.driver import RuleFailure, Solver
from ..engine.rules import Rule, Tier
from ..referee.blame import UnsoundRule
from ..referee.exact import find_map_solutions, placement_table
from ..tools.grade import LADDER, TIERS_NEEDED, Assessment, Grader, Rung, check_against
from .regions import LETTERS, grow_region_map, neighbours4, random_queens

if TYPE_CHECKING:
    from ..runtime.cluster import Runner

#: The sizes ``queens generate`` makes: 2×2 and 3×3 have no solution, and a 1×1 board is
#: not a puzzle.
MIN_GENERATED_SIZE = 4
#: Attempts (planted solutions) per board before giving up, unless told otherwise.
DEFAULT_MAX_TRIES = 500
#: How strongly big regions grow faster (see :func:`queens_core.generator.regions.grow_regions`):
#: chosen so that region sizes look like the archive's (``bench/bench_generate.py``).
REGION_BIAS = 1.0
#: Repairs per attempt, as a multiple of the board's size.
REPAIRS_PER_CELL_ROW = 10
#: Times one attempt may come back to the same map before it is dropped for a fresh one.
MAP_REVISITS = 3
#: Solutions one exact check hands to the repairs, by board size (the first size that is at
#: least the board's): a fresh map has many, and breaking several per check is cheaper
#: than a check for each. Up to 9×9 the table finds them all, and four a round (from a
#: random place in its order) made about as many boards a second as one, two or eight.
#: Up to 10×10 four are cheapest for the search too: the repairs made for more are mostly
#: undone by the next ones, and the search for them costs more than the searches saved
#: (side by side, 12 made 10% fewer boards a second at 8×8 and 25% fewer at 10×10); from
#: 12×12 up, a dozen (fewer made fewer boards a second at 12×12 and 16×16).
SOLUTIONS_PER_SEARCH = {10: 4, MAX_SIZE: 12}
#: Each board draws the smallest size its regions may have from these shares (per cent).
#: Left alone, repairs shrink regions to single cells, and every single-cell region is a
#: queen given away; the shares are tuned so that generated boards' region sizes look
#: like the archive's (``bench/bench_generate.py`` prints both). A floor of 1 lets one
#: region be a single cell, which most of those boards end up with.
SMALLEST_REGION_SHARES = {1: 25, 2: 22, 3: 28, 4: 17, 5: 7, 6: 1}
#: From this size up, maps are kept in the shape of published boards: no region larger
#: than :data:`LARGEST_REGION_IN_N` times N cells, and no region enclosed by another.
#: Left alone, growth and repairs let one region take 40% of a 20×20 board with islands
#: of one or two cells inside it. Below it, the maps are as before (the archive's sizes,
#: whose region sizes the bias and shares above were tuned to).
SHAPED_FROM_SIZE = 12
#: The largest region a shaped map may have, as a multiple of N: the archive's largest
#: region is a median 2.8·N cells and a 95th percentile 5.4·N.
LARGEST_REGION_IN_N = 4.5
#: The reach masks a geometry keeps for its maps, in bits all told (16 MB): some 24,000
#: masks at 8×8, 2,700 at 9×9.
REACH_BITS_KEPT = 128_000_000


class GenerateError(ArgumentError):
    """A request that cannot be made: an unknown grade, an unreachable target, a bad
    size or count. ``str()`` is one line."""


class GiveUp(Worded):
    """No board met the target within ``max_tries`` attempts. ``str()`` is one line."""


@dataclass(frozen=True)
class Generated:
    """One board the engine made, with what ``queens check`` says about it."""

    index: int
    board: Board
    #: The unique solution, as a queen mask.
    solution: int
    assessment: Assessment
    #: How many attempts it took (1: the first planted solution worked).
    attempts: int

    @property
    def rung(self) -> Rung:
        assert self.assessment.rung is not None
        return self.assessment.rung

    def __reduce__(self) -> tuple[type[Generated], tuple[int, Board, int, Assessment, int]]:
        # Pickled (a board made in a worker process comes back) as its fields, spelt out:
        # the compiled build's frozen class cannot be rebuilt field by field, and a board
        # that does not unpickle stopped `generate --jobs`.
        return (Generated, (self.index, self.board, self.solution, self.assessment, self.attempts))


def grade_names() -> list[str]:
    """Every grade name of the ladder, easiest first."""
    return [name for _, name in LADDER]


def board_rng(seed: int, size: int, index: int) -> random.Random:
    """The random generator of board ``index`` of a batch (string seeds hash the same in
    every process and every run)."""
    return random.Random(f"queens-generate/{seed}/{size}/{index}")


class Maker:
    """Makes boards of one size for one target with a fixed rule set; reuse it (it holds
    the solvers)."""

    def __init__(
        self,
        rules: Iterable[Rule],
        size: int,
        tier: str | None = None,
        grade: str | None = None,
        min_region: int = 1,
        max_tries: int = DEFAULT_MAX_TRIES,
        accept: Callable[[Board, Assessment], bool] | None = None,
        max_region: int | None = None,
    ):
        rules = list(rules)
        if not MIN_GENERATED_SIZE <= size <= MAX_SIZE:
            raise GenerateError(
                Argument("size"),
                f": {size} is not a size it makes; sizes: {MIN_GENERATED_SIZE} to {MAX_SIZE}",
            )
        if max_tries < 1:
            raise GenerateError(Argument("max_tries"), f": {max_tries} is not a positive number")
        if not 1 <= min_region <= size:
            raise GenerateError(
                Argument("min_region"),
                f": {min_region} is not possible: {size} regions share "
                f"{size * size} cells, so the smallest has 1 to {size} cells",
            )
        if max_region is not None and not max(size, min_region) <= max_region:
            fewest = max(size, min_region)
            why: tuple[Part, ...] = (
                (f"{size} regions share {size * size} cells, so the largest has at least {size}",)
                if fewest == size
                else ("it is below ", Argument.given("min_region", min_region))
            )
            raise GenerateError(
                Argument("max_region"),
                f": {max_region} is not possible: ",
                why,
                f"; ask for {fewest} or more",
            )
        self.size = size
        self.min_region = min_region
        #: The most cells a region may have (None: no limit), and whether a region may be
        #: enclosed by another: see SHAPED_FROM_SIZE.
        self.ceiling = max_region
        self.islands = size < SHAPED_FROM_SIZE
        if max_region is None and not self.islands:
            self.ceiling = int(LARGEST_REGION_IN_N * size)
        self.max_tries = max_tries
        self.grader = Grader(rules)
        self.target = target_rungs(self.grader, tier, grade)
        self.levels = frozenset(rung.level for rung in self.target)
        top = max(self.target, key=lambda rung: rung.level)
        # The rules of the hardest rung of the target say where a board stalls: a stall
        # there means no rung of the target can solve it yet.
        if top.level == max(rung.level for rung, _ in self.grader.rungs):
            self.top: Solver | None = None  # every rule: the grader's own full solve
        else:
            # The grader's own solver of that rung when it has one, so that grading a
            # board the top rung solved reads that solve instead of making it again;
            # otherwise (the cheap tier, read off the full solve) one in the order of the
            # grader's full solve, so that the full solve can go on from where it stopped.
            own = {rung.level: solver for rung, solver in self.grader.rungs}
            self.top = own[top.level] or Solver(
                rule for rule in self.grader.full.rules if rule.counter in top.counters
            )
        self.top_level = top.level
        #: Whether the top rung's solve is the solve by the grader's cheap rules alone,
        #: which the full solve starts with (Grader.after_cheap): a target of Hard or of
        #: the cheap tier, whose full solve then does not repeat the cheap rules' work.
        self.top_is_cheap = self.top is not None and top.counters == frozenset(
            rule.counter for rule in self.grader.full.rules if rule.tier is Tier.CHEAP
        )
        self.geometry = MapGeometry(size)
        self.solutions_per_search = next(
            cap for largest, cap in SOLUTIONS_PER_SEARCH.items() if size <= largest
        )
        #: A further test a board on the target must pass (``--needs``); may raise GiveUp.
        self.accept = accept

    # -- boards -------------------------------------------------------------------------

    def boards(
        self, seed: int, count: int, jobs: int = 1, skip: Callable[[int], bool] | None = None
    ) -> Iterator[Generated]:
        """Boards ``0`` to ``count - 1`` of the batch ``seed``, in order, leaving out the
        indices for which ``skip(index)`` is true (a resumed batch). ``jobs`` processes
        share the work; the boards do not depend on it."""
        if count < 0:
            raise GenerateError(Argument("count"), f": {count} is negative")
        if jobs < 1:
            raise GenerateError(Argument("jobs"), f": {jobs} is not a positive number")
        indices = [i for i in range(count) if skip is None or not skip(i)]
        if jobs == 1 or len(indices) <= 1:
            for index in indices:
                yield self.make(seed, index)
            return
        from ..runtime.workers import in_processes

        processes = partial(in_processes, processes=min(jobs, len(indices)))
        yield from made_elsewhere(self, seed, indices, processes)

    def make(self, seed: int, index: int) -> Generated:
        """Board ``index`` of the batch ``seed``; raises :class:`GiveUp`, and
        :class:`~queens_core.referee.blame.UnsoundRule` when a rule proves unsound on a
        map whose one solution is known."""
        try:
            return self._make(seed, index)
        except UnsoundRule as err:
            n = self.size
            raise UnsoundRule(f"{n}×{n} board {index + 1} of seed {seed}: {err}") from None

    def _make(self, seed: int, index: int) -> Generated:
        rng = board_rng(seed, self.size, index)
        sizes = list(SMALLEST_REGION_SHARES)
        drawn = rng.choices(sizes, [SMALLEST_REGION_SHARES[s] for s in sizes])[0]
        # Small boards have little room: a 5×5 board with no region under 4 cells is rare.
        floor = max(self.min_region, min(drawn, self.size // 2 + 1))
        for attempt in range(1, self.max_tries + 1):
            found = self._attempt(rng, floor)
            if found is not None:
                board, solution, assessment = found
                return Generated(index, board, solution, assessment, attempt)
        wanted = describe_target(self.target)
        if self.accept is not None:
            wanted += f" that {self.accept}"
        raise GiveUp(
            f"no {self.size}×{self.size} board {wanted} found in {self.max_tries} attempts "
            f"(board {index + 1}); raise ",
            Argument("max_tries"),
            ", or ask for another size or grade",
        )

    def _attempt(self, rng: random.Random, floor: int) -> tuple[Board, int, Assessment] | None:
        """One planted solution, its map and its repairs; regions keep at least ``floor``
        cells (one region may have a single cell when ``floor`` is 1)."""
        n = self.size
        table = self.geometry.table
        if table is not None:  # one draw among every placement
            planted = table.queens[_below(table.count, rng)]
            seeds = list(bits(planted))  # in row order: one a row
        else:
            columns = random_queens(n, rng)
            assert columns is not None  # every size from 4 up has a placement
            seeds = [r * n + c for r, c in enumerate(columns)]
            planted = sum(1 << cell for cell in seeds)
        ceiling = self.ceiling
        grown = grow_region_map(n, seeds, rng, REGION_BIAS, ceiling)
        regions = MapUnderRepair(self.geometry, grown, planted, floor, ceiling, self.islands)
        if not regions.in_shape():
            return None  # walled in past the ceiling, or an island: a fresh map
        if not regions.enlarge_small(rng):
            return None
        seen: dict[tuple[int, ...], int] = {}
        cap = self.solutions_per_search
        unique = False  # proven by the last exact check, made after the last change
        for _ in range(REPAIRS_PER_CELL_ROW * n):
            others, all_of_them = ([], True) if unique else regions.other_solutions(cap, rng)
            if others:
                if len(others) == 1 and all_of_them and regions.break_last(others[0], rng):
                    unique = True  # break_last keeps a change only once the map is unique
                    continue
                if not regions.break_solutions(others, rng):
                    return None
                # Repairs can go round in a circle (a forced move and its forced undoing):
                # a map met for the third time in this attempt is going nowhere new.
                again = tuple(regions.masks)  # the map: each region's cells
                times = seen[again] = seen.get(again, 0) + 1
                if times == MAP_REVISITS:
                    return None
                continue
            # The map's one solution is the planted one: a solve that disagrees with it
            # proves a rule unsound (UnsoundRule), not the map unsolvable.
            board = regions.board()
            if self.top is None:
                assessment = self.grader.assess(board, solution=planted)
                stall = assessment.full
                top_seconds = 0.0
            else:
                started = time.perf_counter()
                stall = self.top.solve(board)
                top_seconds = time.perf_counter() - started
                check_against(stall, planted, self.top.by_counter)
                assessment = None
            if not stall.solved:
                if not regions.unstall(stall.state.live, stall.state.queens, rng):
                    return None
                unique = False
                continue
            if assessment is None:
                if self.top_is_cheap:
                    assessment = self.grader.assess(board, solution=planted, cheap=stall)
                    assessment.full_seconds += top_seconds  # what ``queens solve`` spends
                else:
                    made = {self.top_level: stall}  # the rung's own solve: not made again
                    assessment = self.grader.assess(board, solution=planted, made=made)
            if assessment.rung is not None and assessment.rung.level in self.levels:
                if self.accept is not None and not self.accept(board, assessment):
                    return None  # not what was asked: a fresh map, as for an easy board
                return board, planted, assessment
            return None  # easier than asked: a fresh map is likelier than hardening this one
        return None


#: The code of each region letter, in the order regions get them (lettered_rows).
_LETTER_CODES = LETTERS.encode("ascii")


def _below(size: int, rng: random.Random) -> int:
    """``rng.randrange(size)``: the same draw (``Random._randbelow``), in one call."""
    getrandbits = rng.getrandbits
    width = size.bit_length()
    drawn = getrandbits(width)
    while drawn >= size:
        drawn = getrandbits(width)
    return drawn


def _shuffle(items: list[int], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same draws and order, without its two calls an item
    (the repairs shuffle some thirty lists a board); the draws' widths from a table."""
    getrandbits = rng.getrandbits
    widths = _WIDTHS
    for last in range(len(items) - 1, 0, -1):
        size = last + 1
        width = widths[size]
        other = getrandbits(width)
        while other >= size:
            other = getrandbits(width)
        items[last], items[other] = items[other], items[last]


def _shuffled_cells(mask: int, rng: random.Random) -> list[int]:
    """The cells of ``mask`` in :func:`_shuffle`'s order (the same draws)."""
    cells = _cells(mask)
    _shuffle(cells, rng)
    return cells


#: ``size.bit_length()`` of every list size a shuffle meets (a board's cells at most).
_WIDTHS = tuple(size.bit_length() for size in range(MAX_SIZE * MAX_SIZE + 1))


def _cells(mask: int) -> list[int]:
    """The cells of a mask of a few cells, lowest first: ``list(bits(mask))`` without the
    generator (the repairs list some fifty small masks a board)."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return cells


def _shuffle_draws(length: int, rng: random.Random) -> None:
    """The draws ``_shuffle`` makes for a list of ``length`` items, for a list that is
    not used (the batch stays the same: later draws come out as they would)."""
    getrandbits = rng.getrandbits
    for size in range(length, 1, -1):
        width = size.bit_length()
        while getrandbits(width) >= size:
            pass


def _choice(rng: random.Random, items: list[int]) -> int:
    """``rng.choice(items)``: the same draw, in one call."""
    return items[_below(len(items), rng)]


def describe_target(target: Sequence[Rung]) -> str:
    """The target in words: ``graded 3 Hard``, ``of tier cheap (2 Medium or 3 Hard)``."""
    if len(target) == 1:
        return f"graded {target[0].level} {target[0].grade}"
    names = " or ".join(f"{rung.level} {rung.grade}" for rung in target)
    tiers = {rung.tier for rung in target}
    if len(tiers) == 1:
        return f"of tier {tiers.pop()} ({names})"
    return f"solved by the rules ({names})"


def target_rungs(grader: Grader, tier: str | None, grade: str | None) -> list[Rung]:
    rungs = [rung for rung, _ in grader.rungs]
    if not rungs:
        raise GenerateError("no rule is selected, so no board can be solved by the rules")
    reachable = ", ".join(f"{r.level} {r.grade} ({r.tier})" for r in rungs)
    if tier is not None:
        if tier not in TIERS_NEEDED:
            raise GenerateError(
                Argument("tier"), f": {tier!r} is not a tier; tiers: {', '.join(TIERS_NEEDED)}"
            )
        rungs = [rung for rung in rungs if rung.tier == tier]
        if not rungs:
            raise GenerateError(
                Argument("tier"),
                f": no board can need tier {tier} with the selected rules; they reach: {reachable}",
            )
    if grade is not None:
        level = _grade_level(grade)
        rungs = [rung for rung in rungs if rung.level == level]
        if not rungs:
            name = f"{level} {grade_names()[level - 1]}"
            also = f" and tier {tier}" if tier is not None else ""
            raise GenerateError(
                Argument("grade"),
                f": no board can be graded {name}{also} with the selected rules; "
                f"they reach: {reachable}",
            )
    return rungs


def _grade_level(grade: str) -> int:
    """The level of a grade named by its name (any case) or its number."""
    names = grade_names()
    text = grade.strip()
    if text.isdigit() and 1 <= int(text) <= len(names):
        return int(text)
    lowered = [name.lower() for name in names]
    if text.lower() in lowered:
        return lowered.index(text.lower()) + 1
    known = ", ".join(f"{i} {name}" for i, name in enumerate(names, start=1))
    raise GenerateError(Argument("grade"), f": {grade!r} is not a grade; grades: {known}")


# -- the map under repair ----------------------------------------------------------------


class MapGeometry:
    """What moves and checks need to know of one size: every cell's 4-neighbours, the
    masks that step a region's cells sideways, and the placement table (None from 10×10
    up)."""

    __slots__ = (
        "beside",
        "edge",
        "every_cell",
        "left_of_last",
        "n",
        "neighbours",
        "reaches",
        "right_of_first",
        "ring",
        "table",
        "unbroken",
    )

    def __init__(self, n: int):
        self.n = n
        self.table = placement_table(n)
        self.neighbours = tuple(tuple(neighbours4(cell, n)) for cell in range(n * n))
        rows, columns, _ = size_geometry(n)
        self.every_cell = (1 << (n * n)) - 1
        self.left_of_last = self.every_cell & ~columns[n - 1]
        self.right_of_first = self.every_cell & ~columns[0]
        #: The cells on the grid's edge: a region with one of them is never enclosed.
        self.edge = rows[0] | rows[n - 1] | columns[0] | columns[n - 1]
        #: Each cell's 4-neighbours as a mask, and its 8 neighbours (the ring around it).
        self.beside = tuple(sum(1 << m for m in around) for around in self.neighbours)
        self.ring = tuple(
            sum(
                1 << (r * n + c)
                for r in range(max(row - 1, 0), min(row + 2, n))
                for c in range(max(column - 1, 0), min(column + 2, n))
            )
            & ~(1 << cell)
            for cell, (row, column) in enumerate(divmod(cell, n) for cell in range(n * n))
        )
        #: The placements with a queen in a region, by the region's mask, for the maps of
        #: this size (see MapUnderRepair).
        self.reaches: dict[int, int] = {}
        #: Per cell, whether its region's cells around it (a part of its ring, the key)
        #: stay connected through the ring without it: filled as met.
        self.unbroken: tuple[dict[int, bool], ...] = tuple({} for _ in range(n * n))

    def border(self, mask: int) -> int:
        """The cells outside ``mask`` that share a side with one of its cells."""
        n = self.n
        beside = (
            (mask << n)
            | (mask >> n)
            | ((mask & self.left_of_last) << 1)
            | ((mask & self.right_of_first) >> 1)
        )
        return beside & self.every_cell & ~mask

    def component(self, mask: int, start: int) -> int:
        """The cells of ``mask`` 4-connected to the cells of ``start`` (a part of it)."""
        return connected_part(self.n, mask, start)

    def left_without(self, cell: int, mask: int, start: int) -> int:
        """The cells of the connected region ``mask`` still 4-connected to those of
        ``start`` (a part of it, not ``cell``) once ``cell`` leaves it. When the region's
        cells around ``cell`` are connected to each other through its ring, a path
        through ``cell`` can go round it instead, so nothing is cut off, and no flood
        fill of the region is needed (the usual case: a table of the ring's patterns
        tells it)."""
        around = mask & self.ring[cell]
        whole = self.unbroken[cell].get(around)
        if whole is None:
            whole = self.ring_unbroken(cell, around)
        if whole:
            return mask & ~(1 << cell)
        return connected_part(self.n, mask & ~(1 << cell), start)

    def ring_unbroken(self, cell: int, around: int) -> bool:
        """Whether the cells ``around`` (a part of ``cell``'s ring, a region's cells
        there) that share a side with ``cell`` are connected through the ring without it;
        kept in :attr:`unbroken`."""
        sides = around & self.beside[cell]
        reached = connected_part(self.n, around, sides & -sides)
        whole = self.unbroken[cell][around] = reached & sides == sides
        return whole


class MapUnderRepair:
    """A region map being repaired: the region of every cell and each region's mask.

    Regions keep at least ``floor`` cells, except that when ``floor`` is 1 at most one
    region may have a single cell (real boards rarely have two). With a ``ceiling``, no
    move makes a region larger than that; with ``islands`` false, no move leaves a region
    enclosed by another (touching no other region and not the grid's edge), so a map
    without islands keeps none.
    """

    __slots__ = (
        "ceiling",
        "floor",
        "geometry",
        "islands",
        "masks",
        "plain",
        "planted",
        "planted_bit",
        "reaches",
        "region",
    )

    def __init__(
        self,
        geometry: MapGeometry,
        region: list[int],
        planted: int,
        floor: int,
        ceiling: int | None = None,
        islands: bool = True,
    ):
        self.geometry = geometry
        self.region = region
        self.planted = planted
        self.floor = floor
        self.ceiling = ceiling
        self.islands = islands
        #: No ceiling and islands allowed: a move's targets need no further test.
        self.plain = ceiling is None and islands
        table = geometry.table
        #: The placements with a queen in a region, by the region's mask (sizes with a
        #: placement table): shared by the maps of one geometry (a region's shape comes
        #: back from map to map), emptied when it holds more than a few megabytes.
        self.reaches = geometry.reaches
        if table is not None and len(self.reaches) * table.count > REACH_BITS_KEPT:
            self.reaches.clear()
        #: The planted solution's bit among the table's placements.
        self.planted_bit = 1 << table.index_of[planted] if table is not None else 0
        # Each region's mask is its cells read as a binary number, last cell first: the
        # region numbers (one byte a cell) translated to "1" for its own and "0" for the
        # others, then int() (both in C, instead of a loop a cell).
        backwards = bytes(region)[::-1]
        digits = bytearray(b"0" * 256)
        masks = []
        for k in range(geometry.n):
            digits[k] = 49  # "1"
            masks.append(int(backwards.translate(digits), 2))
            digits[k] = 48  # "0"
        self.masks = masks

    def board(self) -> Board:
        """The map as a board, its regions lettered in reading order (so the board, and
        everything the rules do on it, depends on the map alone)."""
        # lettered_rows(n, self.region), in C but for a sort of the N regions: their
        # letters by their first cells (the lowest bit of each mask), then every cell's
        # region number translated to its letter.
        n = self.geometry.n
        masks = self.masks
        firsts = [mask & -mask for mask in masks]
        letter_of = bytearray(256)
        for rank, k in enumerate(sorted(range(n), key=firsts.__getitem__)):
            letter_of[k] = _LETTER_CODES[rank]
        text = bytes(self.region).translate(letter_of).decode("ascii")
        return Board(tuple([text[start : start + n] for start in range(0, n * n, n)]))

    def other_solutions(self, most: int, rng: random.Random) -> tuple[list[int], bool]:
        """Solutions of the map as it stands other than the planted one, and whether they
        are all there are. From the table (up to 9×9): up to ``most`` of them, from a
        random place in the table's order on (the same map met again has others broken
        first). From a search for ``most`` solutions: those of them that
        are not the planted one (all there are when the search found fewer than
        ``most``)."""
        table = self.geometry.table
        if table is None:
            planted = self.planted
            found = find_map_solutions(self.geometry.n, self.region, self.masks, most)
            return [solution for solution in found if solution != planted], len(found) < most
        others = self._placements_left()
        if not others:
            return [], True
        start = _below(table.count, rng)
        queens = table.queens
        found_queens: list[int] = []
        # The placements from ``start`` on, numbered from ``start``, then those below it
        # (made only when the first part has fewer than ``most``: each operation on a
        # mask thousands of bits long makes a new one). The lowest placement of a part
        # is taken off with ``part - 1`` (cheaper on such masks than ``part & -part``).
        part = others >> start
        while part:
            if len(found_queens) == most:
                return found_queens, False  # one more is left
            lower = part - 1
            found_queens.append(queens[start + (part ^ lower).bit_length() - 1])
            part &= lower
        part = others & ((1 << start) - 1)
        while part:
            if len(found_queens) == most:
                return found_queens, False  # one more is left
            lower = part - 1
            found_queens.append(queens[(part ^ lower).bit_length() - 1])
            part &= lower
        return found_queens, True

    def unique(self) -> bool:
        """Whether the planted solution is the map's only one."""
        if self.geometry.table is None:
            return len(find_map_solutions(self.geometry.n, self.region, self.masks, 2)) == 1
        return not self._placements_left()

    def _placements_left(self) -> int:
        """The placements of the table other than the planted one that are solutions of
        the map: those every region reaches (N queens, one a region; the same as those
        with no two queens in one region). A region's reach is kept by its mask, so a
        check after a move computes those of the two regions it changed (or finds them,
        when a move is undone)."""
        table = self.geometry.table
        assert table is not None
        reaches = self.reaches
        left = 0
        for mask in self.masks:
            found = reaches.get(mask)
            if found is None:
                found = reaches[mask] = table.reach(mask)
            # The first region's reach is taken as it is: each operation on a mask
            # thousands of bits long makes a new one.
            left = left & found if left else found
        # The planted solution is one of them: an exclusive or takes it off.
        return left ^ self.planted_bit

    def _may_shrink_to(self, size: int) -> bool:
        """Whether a region may be left with ``size`` cells."""
        if size < self.floor:
            return False
        if size == 1:  # the floor is 1: one single-cell region at most
            return not any(mask.bit_count() == 1 for mask in self.masks)
        return True

    def moves_of(self, cell: int) -> tuple[list[int], int]:
        """The regions ``cell`` may be given to (none if it may not move), and what its
        region keeps: the part still connected to its planted queen. The rest, cut off
        by the move, goes along with the cell."""
        # The repairs ask this some sixty times a board: the geometry's left_without and
        # the target regions are written out here, each test at its cheapest.
        if (self.planted >> cell) & 1:
            return [], 0
        region = self.region
        k = region[cell]
        mask = self.masks[k]
        geometry = self.geometry
        outside = geometry.beside[cell] & ~mask
        if not outside:  # inside its region: the usual case, and the cheapest to tell
            return [], 0
        floor = self.floor
        count = mask.bit_count()
        if count <= floor:  # what it keeps would be below the floor
            return [], 0
        # geometry.left_without(cell, mask, mask & self.planted), spelt out.
        around = mask & geometry.ring[cell]
        whole = geometry.unbroken[cell].get(around)
        if whole is None:
            whole = geometry.ring_unbroken(cell, around)
        if whole:
            kept = mask ^ (1 << cell)
            size = count - 1
        else:
            kept = connected_part(geometry.n, mask ^ (1 << cell), mask & self.planted)
            size = kept.bit_count()
        if size < floor or (size == 1 and not self._may_shrink_to(1)):
            return [], 0
        if outside & (outside - 1):  # two regions or more beside it: in index order
            targets = []
            for m in geometry.neighbours[cell]:
                if (outside >> m) & 1:
                    to = region[m]
                    if to not in targets:
                        targets.append(to)
            targets.sort()
        else:
            targets = [region[outside.bit_length() - 1]]
        if self.plain:
            return targets, kept
        carried = mask & ~kept
        return [to for to in targets if self._may_receive(k, to, carried)], kept

    def in_shape(self) -> bool:
        """Whether no region is above the ceiling and (without islands) none is enclosed
        by another."""
        masks = self.masks
        if self.ceiling is not None and max(mask.bit_count() for mask in masks) > self.ceiling:
            return False
        if self.islands:
            return True
        geometry = self.geometry
        region = self.region
        for mask in masks:
            if mask & geometry.edge:
                continue
            around = geometry.border(mask)
            some = around & -around
            if not around & ~masks[region[some.bit_length() - 1]]:
                return False
        return True

    def _may_receive(self, k: int, to: int, carried: int) -> bool:
        """Whether region ``to`` may take the cells ``carried`` from region ``k``: it stays
        within the ceiling, and (without islands) no region the move changes, nor one
        beside the cells it moves, is left enclosed by another."""
        masks = self.masks
        grown = masks[to] | carried
        if self.ceiling is not None and grown.bit_count() > self.ceiling:
            return False
        if self.islands:
            return True
        geometry = self.geometry
        region = self.region
        kept = masks[k] & ~carried
        touched = {region[cell] for cell in bits(geometry.border(carried))}
        touched.update((k, to))
        for j in touched:
            mask = kept if j == k else grown if j == to else masks[j]
            if mask & geometry.edge:
                continue
            around = geometry.border(mask)
            # Enclosed: every cell around it is in one region (after the move).
            some = around & -around
            other = to if some & carried else region[some.bit_length() - 1]
            other_mask = kept if other == k else grown if other == to else masks[other]
            if not around & ~other_mask:
                return False
        return True

    def move(self, cell: int, to: int, kept: int) -> None:
        """Give ``cell`` to region ``to``, with the cells its region does not keep."""
        region = self.region
        masks = self.masks
        k = region[cell]
        carried = masks[k] ^ kept  # kept is a part of the region
        masks[k] = kept
        masks[to] |= carried
        if carried & (carried - 1):
            for moved in bits(carried):
                region[moved] = to
        else:  # the cell alone, the usual case
            region[cell] = to

    def holds(self, solution: int) -> bool:
        """Whether the queens of a solution of some earlier map, one a row and column and
        none touching, are still one a region."""
        for mask in self.masks:
            if (mask & solution).bit_count() != 1:
                return False
        return True

    def break_solutions(self, others: list[int], rng: random.Random) -> bool:
        """Break the solutions of one check, in their order, each by one move unless an
        earlier move broke it already (its regions no longer hold one of its queens
        each). False if the first cannot be broken. (Moving first the cell most of them
        share was tried instead: side by side, it made fewer boards a second at three of
        8×8, 12×12, 16×16 and 20×20.)"""
        planted = self.planted
        cells = _shuffled_cells(others[0] & ~planted, rng)  # break_solution(others[0])
        if not self._give_away(cells, rng):
            return False
        for other in others[1:]:
            for mask in self.masks:  # holds(other), spelt out
                if (mask & other).bit_count() != 1:
                    break
            else:
                cells = _shuffled_cells(other & ~planted, rng)
                self._give_away(cells, rng)
        return True

    def break_last(self, other: int, rng: random.Random) -> bool:
        """Break ``other``, the one solution left beside the planted one, by a change after
        which the map has no other: each move of one of its queens' cells (then each way
        of making up for a region at its smallest, then each path from a border) is
        tried, and undone, until one leaves the map unique. Near the end a random move
        mostly trades the last solution for new ones, and large maps could go on trading
        for hundreds of repairs. False (the map unchanged) if no single change does it."""
        cells = _shuffled_cells(other & ~self.planted, rng)
        changes: list[Callable[[], bool]] = []
        for cell in cells:
            targets, kept = self.moves_of(cell)
            _shuffle(targets, rng)
            changes += [partial(self._move_to, cell, to, kept) for to in targets]
        changes += [partial(self._make_up_and_move, cell, rng) for cell in cells]
        changes += [partial(self._tunnel_to, cell, rng) for cell in cells]
        for change in changes:
            saved = (list(self.masks), list(self.region))
            if change() and self.unique():
                return True
            self.masks, self.region = saved
        return False

    def _move_to(self, cell: int, to: int, kept: int) -> bool:
        self.move(cell, to, kept)
        return True

    def break_solution(self, other: int, rng: random.Random) -> bool:
        """Move a cell of ``other``'s queens that the planted solution leaves empty: the
        region it joins then holds two of ``other``'s queens. A region at its smallest
        first takes a neighbouring cell to make up for it. False if nothing can move."""
        cells = _shuffled_cells(other & ~self.planted, rng)
        return self._give_away(cells, rng)

    def _give_away(self, cells: list[int], rng: random.Random) -> bool:
        """Move the first of ``cells`` (in their order) that can be given to another
        region: by one move, else after its region took a cell to make up for it, else
        by a path of moves from the border. False if none can."""
        for cell in cells:
            targets, kept = self.moves_of(cell)
            if targets:
                self.move(cell, _choice(rng, targets), kept)
                return True
        for cell in cells:
            if self._make_up_and_move(cell, rng):
                return True
        for cell in cells:
            if self._tunnel_to(cell, rng):
                return True
        return False

    def _tunnel_to(self, cell: int, rng: random.Random) -> bool:
        """Give ``cell``, deep inside its region, to a neighbouring region by moving the
        cells of a shortest path to it from that region's border one by one. Large maps
        need it: their alternative solutions' queens mostly sit inside big regions,
        where no single move reaches them. Undone (False) if a move on the way is not
        allowed."""
        k = self.region[cell]
        mask = self.masks[k]
        region = self.region
        neighbours = self.geometry.neighbours
        beside = self.geometry.beside
        # Breadth-first from the cell, inside its region and around its planted queen,
        # to the nearest cell that touches another region.
        came_from = {cell: -1}
        frontier = [cell]
        end = -1
        while frontier and end < 0:
            _shuffle(frontier, rng)
            grown = []
            for here in frontier:
                if beside[here] & ~mask:  # it touches another region
                    end = here
                    break
                for m in neighbours[here]:
                    if m not in came_from and not (self.planted >> m) & 1 and (mask >> m) & 1:
                        came_from[m] = here
                        grown.append(m)
            frontier = grown
        if end < 0:
            return False
        saved = (list(self.masks), list(self.region))
        step = end
        to = _choice(rng, sorted({region[m] for m in neighbours[end] if region[m] != k}))
        while self.region[cell] == k:
            if self.region[step] != k:  # carried along by an earlier move of the path
                step = came_from[step]
                continue
            targets, kept = self.moves_of(step)
            if to not in targets:
                self.masks, self.region = saved
                return False
            self.move(step, to, kept)
            step = came_from[step]
        return True

    def _make_up_and_move(self, cell: int, rng: random.Random) -> bool:
        """Let ``cell``'s region take one neighbouring cell that may move, then give
        ``cell`` away; undo the first move if the second is not allowed after all."""
        region = self.region
        masks = self.masks
        k = region[cell]
        geometry = self.geometry
        around = geometry.border(masks[k])
        if not geometry.beside[cell] & ~masks[k]:
            # Inside its region, it stays there whatever the region takes: the draws of
            # the shuffle of the cells around the region, and nothing else.
            _shuffle_draws(around.bit_count(), rng)
            return False
        border = _shuffled_cells(around, rng)
        beside = geometry.beside[cell]
        for extra in border:
            targets, kept = self.moves_of(extra)
            if k not in targets:
                continue
            donor = region[extra]
            before = masks[k], masks[donor]
            if not beside & ~(before[0] | before[1] ^ kept):
                # The cells taken would be all of ``cell``'s neighbours outside its
                # region: it could not move after all (moves_of's first test), so the
                # move is not made and undone.
                continue
            self.move(extra, k, kept)
            targets, kept_here = self.moves_of(cell)
            if targets:
                self.move(cell, _choice(rng, targets), kept_here)
                return True
            # Undone: the cells taken go back to the donor.
            masks[k], masks[donor] = before
            for taken in _cells(before[1] ^ kept):
                region[taken] = donor
        return False

    def _border(self, k: int) -> list[int]:
        """The cells of other regions next to region ``k``, in index order."""
        return _cells(self.geometry.border(self.masks[k]))

    def unstall(self, live: int, queens: int, rng: random.Random) -> bool:
        """Move an undecided cell of a stalled solve to a neighbouring region, preferably
        one whose queen the rules placed. False if no undecided cell can move."""
        placed_regions = {self.region[cell] for cell in bits(queens)}
        cells = list(bits(live & ~self.planted))
        _shuffle(cells, rng)
        fallback: tuple[int, int, int] | None = None
        for cell in cells:
            targets, kept = self.moves_of(cell)
            if not targets:
                continue
            settled = [k for k in targets if k in placed_regions]
            if settled:
                self.move(cell, _choice(rng, settled), kept)
                return True
            if fallback is None:
                fallback = (cell, _choice(rng, targets), kept)
        if fallback is None:
            return False
        self.move(*fallback)
        return True

    def enlarge_small(self, rng: random.Random) -> bool:
        """Grow the regions below the floor (all single cells but one when the floor is 1)
        by taking neighbouring cells that may move. False if one cannot grow enough."""
        floor = self.floor
        least = max(floor, 2)
        small = [k for k, mask in enumerate(self.masks) if mask.bit_count() < least]
        if floor == 1 and small:
            small.remove(_choice(rng, small))  # one single-cell region may stay
            floor = 2
        for k in small:
            while self.masks[k].bit_count() < floor:
                border = self._border(k)
                _shuffle(border, rng)
                for cell in border:
                    targets, kept = self.moves_of(cell)
                    if k in targets:
                        self.move(cell, k, kept)
                        break
                else:
                    return False
        return True


# -- batches -----------------------------------------------------------------------------


def generate_boards(
    rules: Iterable[Rule],
    size: int,
    count: int,
    seed: int = 0,
    tier: str | None = None,
    grade: str | None = None,
    min_region: int = 1,
    max_tries: int = DEFAULT_MAX_TRIES,
    jobs: int = 1,
) -> Iterator[Generated]:
    """Make ``count`` boards of the batch ``seed``, in order: the library's entry point.

    ``rules`` are the rules a board must be solved by (``load_registry().rules``, or a
    selection of them); ``tier`` (``baseline``, ``cheap`` or ``expensive``) and ``grade``
    (a name such as ``Hard``, or its level) narrow the target to the rungs
    ``queens check`` would report; neither means any board the rules solve. Every board
    has ``size`` 4-connected regions of at least ``min_region`` cells and one solution.
    ``jobs`` processes share the work; the boards do not depend on it.

    Raises :class:`GenerateError` for a request that cannot be made (before any work),
    :class:`GiveUp` when a board is not found in ``max_tries`` attempts (the boards
    before it have been yielded), :class:`~queens_core.engine.driver.RuleFailure` when a
    rule raises, and :class:`~queens_core.referee.blame.UnsoundRule` when a rule's
    deduction contradicts a map's one solution.
    """
    maker = Maker(rules, size, tier, grade, min_region, max_tries)
    yield from maker.boards(seed, count, jobs)


#: In a worker process: the maker of its batch (a Queens or a Star Battle maker).
_worker_maker: Any = None


def _set_worker_maker(maker: Any) -> None:
    """A worker's set-up: the maker its boards come from."""
    global _worker_maker
    _worker_maker = maker


def _worker_make(
    job: tuple[int, int],
) -> Generated | GiveUp | UnsoundRule | tuple[str, BaseException]:
    """Board ``job = (seed, index)``, or why not: what the parent re-raises."""
    assert _worker_maker is not None
    seed, index = job
    try:
        return _worker_maker.make(seed, index)
    except (GiveUp, UnsoundRule) as err:
        return err
    except RuleFailure as err:
        # RuleFailure itself does not survive pickling (it takes two arguments); its
        # parts are sent, the error as text if it does not pickle either.
        error = err.error
        try:
            pickle.loads(pickle.dumps(error))  # some exceptions pickle but do not load
        except Exception:
            error = RuntimeError(f"{type(error).__name__}: {error}")
        return err.rule.counter, error


def made_elsewhere(
    maker: Any,
    seed: int,
    indices: list[int],
    run: Runner,
) -> Iterator[Any]:
    """The boards of ``indices`` of the batch ``seed``, in order, made by ``maker`` (the
    Queens or the Star Battle maker) where ``run`` runs jobs: worker processes
    (:func:`queens_core.runtime.workers.in_processes`) or a cluster
    (:func:`queens_core.runtime.cluster.on_cluster`). What a worker could not make is
    raised here, as ``maker.make`` would raise it; a worker or cluster lost names the
    board it was making."""
    from ..runtime.cluster import ClusterLost
    from ..runtime.workers import WorkerDied

    made_by_workers = run(_set_worker_maker, maker, _worker_make, [(seed, i) for i in indices])
    # Closed on the way out, whatever the way: an early end stops the workers at once.
    with closing(made_by_workers):
        try:
            for made in made_by_workers:
                if isinstance(made, GiveUp | UnsoundRule):
                    raise made
                if isinstance(made, tuple):
                    counter, error = made
                    raise RuleFailure(maker.grader.full.by_counter[counter], error)
                yield made
        except WorkerDied as died:
            index = died.job[1]
            raise WorkerDied(died.pid, died.how, f"board {index + 1}", died.plugin) from None
        except ClusterLost as lost:
            raise lost.naming(f"board {indices[lost.job] + 1}") from None

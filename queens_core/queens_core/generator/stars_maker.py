"""Random Star Battle boards with a unique solution: ``generate_starbattle(size, stars)``,
and :class:`StarMaker`, the engine of ``queens generate --stars K`` for K >= 2: boards
with one solution that the installed rules solve, of the tier or grade asked.

Glossary
--------
planted solution
    A random placement of K stars in every row and column, none touching, drawn first;
    the regions are then grown around it so that each holds K of its stars.
tile
    The cells grown from one planted star; K neighbouring tiles make a region.
repair
    While the exact search finds a second solution, one of its stars that the planted
    solution leaves empty is moved into a neighbouring region (keeping every region
    connected and holding K planted stars), alone or, when it lies inside its region or
    holds it together, with a piece of the region (:func:`_chunk`); that solution no
    longer fits as it was.
    Each question asks for a few other solutions at once, and the ones a move leaves
    intact answer the next repairs without asking again.
    A map still not unique after :func:`repairs_per_map` repairs in a row is given up:
    past that, a fresh map gets there sooner.
    While the rules stall on a unique board, a cell they left undecided (and the planted
    solution leaves empty) can be moved the same way: the regions change where the rules
    were stuck.
judge
    What the caller asks of a unique board: ``judge(board, solution)`` returns None to
    take it, or the cells to repair (the live cells of the rules' stall), or 0 to drop
    the whole map. :class:`StarMaker` repairs at the cheap tier's stall when the boards
    asked for must not need the expensive tier. Otherwise, from 14×14 up the cheap tier
    screens the board first (:func:`undecided_allowed`), and a board it or every rule
    stalls on is repaired where the rules stalled up to
    :data:`REPAIRED_STALLS_UP_TO` rows, or its map dropped on larger boards; a map is
    dropped once :data:`JUDGED_PER_MAP` of its unique boards have been turned down.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial

from ..engine.arguments import Argument, ArgumentError
from ..engine.board import Board, bits, max_stars, size_article
from ..engine.driver import Solver, SolveResult
from ..engine.rules import Rule, Tier
from ..engine.state import State
from ..referee import sat
from ..referee.blame import UnsoundRule
from ..referee.budget import SearchLimitExceeded
from ..referee.exact import OtherSolutions, find_solutions
from ..referee.sat_maps import MapSession
from ..tools.grade import LADDER, TIER_EXPENSIVE, TIERS_NEEDED, Assessment, Grader, check_against
from .regions import REGION_CHARS, lettered_rows, neighbours4

__all__ = ["StarBoard", "StarMaker", "generate_starbattle", "plant"]

Judge = Callable[[Board, int], int | None]


def plant(n: int, stars: int, rng: random.Random) -> int:
    """A random mask of K stars per row and column, none touching: a few random cells
    are asked to hold stars (fewer after each failure), the exact engine does the rest."""
    stripes = Board(tuple(REGION_CHARS[r] * n for r in range(n)), stars)
    wanted = n
    while True:
        state = State.initial(stripes)
        for cell in rng.sample(range(n * n), wanted):
            if state.live >> cell & 1:
                state.queens |= 1 << cell
                state.live &= ~((1 << cell) | stripes.kill_masks[cell])
        found = find_solutions(stripes, 1, state)
        if found:
            return found[0]
        if not wanted:
            raise ValueError(f"no {stars}-star placement exists on {size_article(n)} {n}×{n} grid")
        wanted //= 2


def _grow(n: int, seeds: list[int], rng: random.Random) -> list[int]:
    """Each cell's seed number, growing all seeds at random until the grid is full."""
    owner = [-1] * (n * n)
    frontier: list[tuple[int, int]] = []
    for t, cell in enumerate(seeds):
        owner[cell] = t
        frontier.extend((j, t) for j in neighbours4(cell, n))
    while frontier:
        j, t = frontier.pop(rng.randrange(len(frontier)))
        if owner[j] >= 0:
            continue
        owner[j] = t
        frontier.extend((m, t) for m in neighbours4(j, n) if owner[m] < 0)
    return owner


def _group_tiles(
    n: int, stars: int, tile_of: list[int], count: int, rng: random.Random
) -> list[int] | None:
    """Tiles grouped into regions of K neighbouring tiles (region number per tile)."""
    adjacent: list[set[int]] = [set() for _ in range(count)]
    for i, t in enumerate(tile_of):
        for j in neighbours4(i, n):
            if tile_of[j] != t:
                adjacent[t].add(tile_of[j])
    group = [-1] * count
    regions = 0
    while True:
        free = [t for t in range(count) if group[t] < 0]
        if not free:
            return group
        # The tile with the fewest free neighbours first: it is the likeliest to be stranded.
        start = min(free, key=lambda t: (sum(group[u] < 0 for u in adjacent[t]), rng.random()))
        members = [start]
        group[start] = regions
        while len(members) < stars:
            options = sorted({u for t in members for u in adjacent[t] if group[u] < 0})
            if not options:
                return None
            pick = min(
                options, key=lambda u: (sum(group[v] < 0 for v in adjacent[u]), rng.random())
            )
            group[pick] = regions
            members.append(pick)
        regions += 1


def _connected(n: int, cells: set[int]) -> bool:
    if not cells:
        return False
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        i = stack.pop()
        for j in neighbours4(i, n):
            if j in cells and j not in seen:
                seen.add(j)
                stack.append(j)
    return len(seen) == len(cells)


def _components(n: int, cells: set[int]) -> list[set[int]]:
    """The 4-connected pieces of ``cells``."""
    left = set(cells)
    pieces = []
    while left:
        start = left.pop()
        piece = {start}
        stack = [start]
        while stack:
            i = stack.pop()
            for j in neighbours4(i, n):
                if j in left:
                    left.remove(j)
                    piece.add(j)
                    stack.append(j)
        pieces.append(piece)
    return pieces


def _chunk(n: int, region_of: list[int], planted: int, cell: int) -> tuple[set[int], int] | None:
    """A piece of ``cell``'s region to hand to a neighbouring region, for a cell that cannot
    move alone (inside its region, or holding it together): a shortest path of unplanted
    cells from ``cell`` to the region's edge, with whatever that cuts off from the region's
    planted stars (the nearest edge first, then farther ones). Both regions stay
    connected, every region keeps its planted stars, and ``cell`` leaves its region. The
    piece and the region it joins, or None."""
    source = region_of[cell]
    region = {j for j in range(n * n) if region_of[j] == source}
    came_from = {cell: cell}
    queue = [cell]
    for i in queue:
        for j in neighbours4(i, n):
            if j not in came_from and j in region and not planted >> j & 1:
                came_from[j] = i
                queue.append(j)
    for end in queue:
        targets = sorted({region_of[j] for j in neighbours4(end, n)} - {source})
        if not targets:
            continue
        path = {end}
        while end != cell:
            end = came_from[end]
            path.add(end)
        kept = [p for p in _components(n, region - path) if any(planted >> j & 1 for j in p)]
        if len(kept) == 1:
            return region - kept[0], targets[0]
    return None


def _repair(
    n: int,
    region_of: list[int],
    planted: int,
    other: int,
    rng: random.Random,
    kills: list[int] | None = None,
    bypass: bool = False,
) -> int | None:
    """Move one cell the other solution stars (and the planted one leaves empty) into a
    neighbouring region, keeping both regions connected; the cell moved, or None if no
    move exists. With ``kills`` (known solutions starring each cell), the cells that
    fewest of them star go first: the others stay solutions of the new map, so the next
    repair needs no question to the exact search. When no such cell can move alone, a
    piece of a region moves with one (:func:`_chunk`): the map is not given up for it.
    With ``bypass``, when no such cell can move at all, the region of one is reshaped
    around it instead (:func:`_bypass`)."""
    candidates = [i for i in range(n * n) if other >> i & 1 and not planted >> i & 1]
    rng.shuffle(candidates)
    if kills is not None:
        candidates.sort(key=lambda i: kills[i])
    for i in candidates:
        source = region_of[i]
        targets = [region_of[j] for j in neighbours4(i, n) if region_of[j] != source]
        rng.shuffle(targets)
        for target in targets:
            rest = {j for j in range(n * n) if region_of[j] == source and j != i}
            if _connected(n, rest):
                region_of[i] = target
                return i
    for i in candidates:
        chunk = _chunk(n, region_of, planted, i)
        if chunk is not None:
            piece, target = chunk
            for j in piece:
                region_of[j] = target
            return i
    if bypass:
        for i in candidates:
            joined = _bypass(n, region_of, planted, other, i, rng)
            if joined is not None:
                return joined
    return None


def _bypass(
    n: int, region_of: list[int], planted: int, other: int, cell: int, rng: random.Random
) -> int | None:
    """For a cell that cannot leave its region (it holds apart two of the region's
    planted stars, whichever way it goes): a cell next to it, and to its region, that
    no other solution known stars and whose own region stays connected without it,
    joins the cell's region; a second path around the cell may let it leave at the
    next repair. No solution known changes (a cell none of them stars), so the next
    repair needs no question. The cell moved, or None."""
    source = region_of[cell]
    r, c = divmod(cell, n)
    near = [
        j
        for j in range(n * n)
        if abs(j // n - r) <= 1
        and abs(j % n - c) <= 1
        and region_of[j] != source
        and not (planted | other) >> j & 1
        and any(region_of[m] == source for m in neighbours4(j, n))
    ]
    rng.shuffle(near)
    for j in near:
        rest = {m for m in range(n * n) if region_of[m] == region_of[j] and m != j}
        if _connected(n, rest):
            region_of[j] = source
            return j
    return None


def repairs_per_map(size: int, stars: int) -> int:
    """How many repairs in a row a map gets to become unique: K a row on the sizes
    traced map by map (:data:`TRACED_SIZES`), four K a row elsewhere. Measured at 10×10
    with 2 stars, the maps that get there at all mostly take a few dozen; the few that
    take longer cost more than a fresh map. At 14×14 with 3 stars (137 boards from seed
    2000 on, 284 maps, every question and judgement timed by
    ``bench/trace_star_maps.py``, then each map cut at a shorter patience), with maps
    dropped at their first stall (:data:`REPAIRED_STALLS_UP_TO`): 0.68 boards a
    processor second at 168 repairs, 0.76 at 42, 0.73 at 31; the even and the odd seeds
    alone agree (0.64 → 0.70, 0.71 → 0.81)."""
    if size in TRACED_SIZES:
        return size * stars
    return 4 * size * stars


#: Sizes whose patience was measured map by map (:func:`repairs_per_map`). Elsewhere the
#: figures are unmeasured, so a seed's boards stay what they were.
TRACED_SIZES = frozenset({14})


#: Solutions asked of the exact search per question while a map has several: each one
#: more costs the warm solver a fraction of the first, and every one kept saves a
#: question for as long as the repairs leave it a solution.
OTHERS_PER_QUESTION = 4


#: Unique boards of one map the judge may turn down before the map is dropped: each
#: costs a full solve that stalls, trial rules and all, and a map whose repairs keep
#: failing the judge seldom stops doing so. Measured at 14×14 with 3 stars (seeds 0, 100,
#: 200, 300, 400, four boards each), processor seconds for the 20 boards: 54 turning
#: down up to 8, 33 up to 1, 26 up to 2; most rejected boards are stalls, at about
#: 0.3 to 0.9 s each.
JUDGED_PER_MAP = 2
#: A board the rules stall on is repaired where they stalled on boards up to this many
#: rows: there a fresh map's uniqueness search costs more than a few solves. On larger
#: boards a stalled solve costs more than a fresh map (17×17 4★: 1.1 boards per
#: CPU-second dropping the map, 0.2 repairing it), so the map is dropped. So it is at
#: 14×14 with 3 stars since the repairs of a map are timed one by one
#: (``bench/trace_star_maps.py``, 284 maps): dropping a map at its first stall rather
#: than its third gives 0.76 boards a processor second for 0.64 (both at 42 repairs a
#: map, :func:`repairs_per_map`), and both halves of the seeds agree.
REPAIRED_STALLS_UP_TO = 13

#: Boards from this many rows up are screened by the cheap tier before their full solve
#: (:func:`undecided_allowed`). Below, the full solve seldom stalls (10×10 with 2 stars:
#: none of 40 unique boards), so a screen would cost a cheap solve and save nothing.
SCREENED_FROM = 14


#: Boards from this many rows up have the regions of a cell that cannot move reshaped
#: around it (:func:`_bypass`) rather than their map dropped: there a map costs dozens
#: of questions to the exact search before its first unique board, and at 14×14 with 3
#: stars a fifth of the maps ended on such a cell. Below, maps are cheap, and a seed's
#: boards stay what they were.
BYPASS_FROM = 14


def undecided_allowed(size: int) -> int:
    """How many cells the cheap tier may leave undecided on a unique board for its full
    solve to be worth running: past that, the board is taken for one every rule stalls
    on, and repaired or dropped as such. The cheap solve costs a tenth of a full solve
    that stalls (trial rules and all), and the share it leaves undecided tells the
    stalls apart: at 14×14 with 3 stars, of 100 unique boards the full solve took 5 of
    the 5 with at most 147 cells undecided, 3 of about 25 with 148 to 165 and 2 of about
    60 with more. Larger boards are solved with a larger share undecided (17×17 with 4
    stars: all 3 solved had at most 240 of 289 cells undecided, 6 of the 7 stalls more
    than 246; 21×21 with 5: solved at 299 to 390 of 441, stalled at 369 and 408), so
    what is asked is that the cheap tier decide three cells a row."""
    return size * (size - 3)


def _other_solutions(
    exact: MapSession | OtherSolutions, board: Board, planted: int, known: list[int]
) -> list[int] | None:
    """Solutions of ``board`` other than ``planted``: those of ``known`` that still are
    (a repair moved a cell none of them stars: every region still holds K of their
    stars), else up to :data:`OTHERS_PER_QUESTION` new ones; empty: there is none;
    None: the search ran out of its budget."""
    masks = board.region_masks
    stars = board.stars
    still = [s for s in known if all((s & m).bit_count() == stars for m in masks)]
    if still:
        return still
    try:
        if isinstance(exact, MapSession):
            return exact.other_solutions(list(masks), planted, OTHERS_PER_QUESTION)
        return exact.find_some(board, planted, OTHERS_PER_QUESTION)
    except SearchLimitExceeded:
        return None


def generate_starbattle(
    size: int,
    stars: int,
    seed: int | None = None,
    attempts: int = 200,
    node_limit: int = 200_000,
    judge: Judge | None = None,
) -> Board:
    """A random ``size``×``size`` board with ``stars`` stars per unit and exactly one
    solution, every region 4-connected, that ``judge`` takes (see the glossary; None
    takes every unique board). Raises ValueError if ``attempts`` repairs and restarts
    do not get there."""
    if stars < 1 or stars > max_stars(size):
        raise ValueError(
            f"{size_article(size)} {size}×{size} board cannot hold {stars} stars per unit"
        )
    rng = random.Random(seed)
    n = size
    # One SAT solver for the whole board when it can answer (K > 1): it answers every
    # repair, keeping what it learnt of the regions a move leaves alone.
    session = MapSession(n, stars) if stars > 1 and sat.available() else None
    exact = session or OtherSolutions(n, stars, node_limit)
    patience = repairs_per_map(n, stars)
    unique_rejected = 0
    for _ in range(attempts):
        planted = plant(n, stars, rng)
        seeds = [i for i in range(n * n) if planted >> i & 1]
        tile_of = _grow(n, seeds, rng)
        group = _group_tiles(n, stars, tile_of, len(seeds), rng)
        if group is None:
            continue
        region_of = [group[t] for t in tile_of]
        others: list[int] = []
        astray = 0  # repairs since the last unique board
        judged = 0  # unique boards of this map the judge turned down
        for _ in range(attempts):
            board = Board(lettered_rows(n, region_of), stars)
            # The exact question first: most boards under repair have several
            # solutions, and one question to the SAT solver costs far less than the
            # rules' solve (which, once every rule stalls, tries a star on every cell).
            found = _other_solutions(exact, board, planted, others)
            if found is None:
                break
            others = found
            kills: list[int] | None = None
            if others:
                astray += 1
                if astray > patience:
                    break
                undecided = 0
                kills = [0] * (n * n)
                for other in others:
                    undecided |= other
                    for i in bits(other):
                        kills[i] += 1
            else:
                verdict = None if judge is None else judge(board, planted)
                if verdict is None:
                    return board
                unique_rejected += 1
                judged += 1
                if judged > JUDGED_PER_MAP:
                    break
                astray = 0
                undecided = verdict
            moved = undecided and _repair(
                n, region_of, planted, undecided, rng, kills, bypass=n >= BYPASS_FROM
            )
            if moved is None or not undecided:
                break
    if unique_rejected:
        # The maps were fine: what was asked of a board (the judge) was never met.
        raise ValueError(
            f"no {size}×{size} {stars}-star board as asked after {attempts} attempts: "
            f"{unique_rejected} had one solution, but the rules stalled on each or it was "
            "not of the tier, grade or needed rules asked"
        )
    raise ValueError(f"no unique {size}×{size} {stars}-star board after {attempts} attempts")


@dataclass(frozen=True)
class StarBoard:
    """One board of a batch: the board, its solution and what the rules do with it."""

    index: int
    board: Board
    solution: int
    assessment: Assessment

    @property
    def summary(self) -> str:
        """``10×10, 2 stars, tier cheap, grade 3 Hard, score 57``."""
        n = self.board.n
        rung = self.assessment.rung
        assert rung is not None  # the maker keeps solved boards only
        return (
            f"{n}×{n}, {self.board.stars} stars, tier {rung.tier}, grade {int(rung.level)} "
            f"{rung.grade}, score {self.assessment.score}"
        )


class StarMaker:
    """Star Battle boards (K ≥ 2) with one solution that ``rules`` solve, of the tier
    or grade asked (as ``queens check`` grades them) and that ``accept`` takes (the test
    of ``--needs``, :class:`~queens_core.generator.needs.NeedsFilter`). Raises ValueError
    at once for a tier or grade it cannot name."""

    def __init__(
        self,
        rules: Iterable[Rule],
        size: int,
        stars: int,
        tier: str | None = None,
        grade: str | None = None,
        attempts: int = 200,
        accept: Callable[[Board, Assessment], bool] | None = None,
    ):
        self.size = size
        #: A further test of a solved board of the tier or grade asked (``--needs``).
        self.accept = accept
        self.stars = stars
        self.attempts = attempts
        self.grader = Grader(rules, stars)
        self.cheap = Solver(
            [rule for rule in self.grader.full.rules if rule.tier is Tier.CHEAP], stars=stars
        )
        levels = {int(rung.level) for rung, _ in self.grader.rungs}
        self.tier = None if tier is None else _tier_named(tier)
        self.grade = None if grade is None else _grade_named(grade, levels)
        wanted = [
            rung.tier
            for rung, _ in self.grader.rungs
            if (self.tier is None or rung.tier == self.tier)
            and (self.grade is None or int(rung.level) == self.grade)
        ]
        #: The boards asked for need the expensive tier (True), never do (False), or may.
        self.expensive: bool | None = None
        if wanted and all(tier == TIER_EXPENSIVE for tier in wanted):
            self.expensive = True
        elif TIER_EXPENSIVE not in wanted:
            self.expensive = False

    def _judge(self, found: dict[str, Assessment]) -> Judge:
        def judge(board: Board, solution: int) -> int | None:
            # ``solution`` is the board's only one: a solve that disagrees with it proves
            # a rule unsound (UnsoundRule), not the board a stall to repair.
            n = board.n
            cheap: SolveResult | None = None
            cheap_seconds = 0.0
            if self.expensive is not None or n >= SCREENED_FROM:
                started = time.perf_counter()
                cheap = self.cheap.solve(board)
                cheap_seconds = time.perf_counter() - started
                check_against(cheap, solution, self.cheap.by_counter)
                if cheap.solved:
                    if self.expensive:
                        return 0  # the boards asked for need the expensive tier
                elif self.expensive is False:
                    return cheap.state.live
                elif cheap.state.live.bit_count() > undecided_allowed(n):
                    # Taken for a stall without the full solve (see undecided_allowed).
                    return cheap.state.live if n <= REPAIRED_STALLS_UP_TO else 0
            # The full solve goes on from the cheap tier's stall: it would take the same
            # steps first (Grader.after_cheap).
            assessment = self.grader.assess(board, solution=solution, cheap=cheap)
            assessment.full_seconds += cheap_seconds  # what ``queens solve`` spends
            if not assessment.solved:
                # Repair where the rules stalled, as for a board with other solutions,
                # where a fresh map's uniqueness search costs more (the constant's note).
                if board.n <= REPAIRED_STALLS_UP_TO:
                    return assessment.full.state.live
                return 0
            rung = assessment.rung
            assert rung is not None
            if self.tier is not None and rung.tier != self.tier:
                return 0
            if self.grade is not None and int(rung.level) != self.grade:
                return 0
            if self.accept is not None and not self.accept(board, assessment):
                return 0
            found["assessment"] = assessment
            return None

        return judge

    def make(self, seed: int, index: int) -> StarBoard:
        """Board ``index`` of the batch of ``seed`` (made from seed ``seed + index``), in
        the Queens maker's argument order. Raises ValueError when no board as asked is
        found, :class:`~queens_core.referee.blame.UnsoundRule` when a rule proves unsound
        on a board whose one solution is known."""
        found: dict[str, Assessment] = {}
        try:
            board = generate_starbattle(
                self.size, self.stars, seed + index, self.attempts, judge=self._judge(found)
            )
        except UnsoundRule as err:
            n = self.size
            raise UnsoundRule(f"{n}×{n} board {index + 1} of seed {seed}: {err}") from None
        assessment = found["assessment"]
        return StarBoard(index, board, assessment.full.state.queens, assessment)

    def board(self, index: int, seed: int) -> StarBoard:
        """:meth:`make` in the argument order of queens-core 0.2 (index first)."""
        return self.make(seed, index)

    def boards(
        self, seed: int, count: int, jobs: int = 1, skip: Callable[[int], bool] | None = None
    ) -> Iterator[StarBoard]:
        """Boards ``0`` to ``count - 1`` of the batch ``seed``, in order, leaving out the
        indices for which ``skip(index)`` is true, as the Queens maker's ``boards``:
        ``jobs`` processes share the work, and the boards do not depend on it."""
        indices = [i for i in range(count) if skip is None or not skip(i)]
        if jobs == 1 or len(indices) <= 1:
            for index in indices:
                yield self.make(seed, index)
            return
        from ..runtime.workers import in_processes
        from .queens_maker import made_elsewhere

        processes = partial(in_processes, processes=min(jobs, len(indices)))
        yield from made_elsewhere(self, seed, indices, processes)


def _tier_named(text: str) -> str:
    tier = text.strip().lower()
    if tier not in TIERS_NEEDED or tier == "baseline":
        names = ", ".join(t for t in TIERS_NEEDED if t != "baseline")
        raise ArgumentError(
            Argument("tier"), f": {text!r} is not a tier of Star Battle boards ({names})"
        )
    return tier


def _grade_named(text: str, levels: set[int]) -> int:
    word = text.strip().lower()
    for level, name in LADDER:
        if level in levels and word in (str(level), name.lower()):
            return level
    names = ", ".join(f"{level} {name}" for level, name in LADDER if level in levels)
    raise ArgumentError(
        Argument("grade"), f": {text!r} is not a grade of Star Battle boards ({names})"
    )

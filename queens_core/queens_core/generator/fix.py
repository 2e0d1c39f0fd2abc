"""Repairing a drawn board: the fewest region edits that leave it exactly one solution.

An *edit* gives one cell to a region it touches (a 4-neighbour's region). A fix is a set
of edits, no cell edited twice, after which every region is non-empty and 4-connected
and the board has exactly one solution. Boards with several solutions and boards with
none are repaired alike.

The search is breadth-first over the number of edits, every map at one distance counted
exactly before any at the next, so the first fix it meets is a fewest-edits one and the
distances it finished are a proof: "no fix with fewer than D edits". Intermediate maps may
be disconnected (a region is checked only where a fix is claimed), so the proof covers
every order in which the edits could be made.

What keeps the last level cheap: a solution of a map survives an edit unless the edited
cell holds one of its queens (every region still has one of its queens). So from a map
with solutions S1..Su, a single edit that fixes it must edit a cell in all but one of
them; only those cells are tried. When its share of the budget runs out before a fix,
the generator's repair takes over: one solution of a map met so far is kept, the others
are broken by region moves until it is the only one, and the edits the fix does not need
are undone; the fewest edits found are then only "the best found within the budget".

The counts come from the referee's fast paths for region maps: the placement table up to
9×9 (a map's solutions by mask operations, each region's clashes kept), the map search
above; for Star Battle boards (K stars a unit) the exact search of a board, and the
breadth-first search alone (the generator's repair plants one queen a region).

A *target* (:class:`FixTarget`: a tier, a grade, rules the board must need) narrows what
counts as a fix: a map with one solution that the installed rules solve as asked. The
search is the same (a fix must first be unique, so the same maps are pruned), and so is
the proof, which then says "no such fix with fewer than D edits".
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..engine.arguments import Argument, ArgumentError, parts_of
from ..engine.board import Board, connected_part
from ..engine.rules import Rule
from ..referee.exact import find_map_solutions, find_solutions, placement_table
from ..tools.grade import Assessment, Grader
from .queens_maker import REPAIRS_PER_CELL_ROW, MapGeometry, MapUnderRepair
from .regions import REGION_CHARS, neighbours4

#: Solutions counted per map: enough to choose the cells the last edit must hit.
_CAP = 8
#: Clash masks kept by the placement table's count (each is as long as the table: 6 kB
#: a mask at 9×9), dropped all at once past this many.
_CLASH_CACHE = 20_000


#: The share of the budget the breadth-first search may take before the repair starts.
_PROOF_SHARE = 0.4
#: Maps (those met nearest the board, with solutions) the repair starts from.
_STARTS = 12


def _distance(original: bytes, region: bytes) -> int:
    """The edits between two maps: the cells whose region differs."""
    return sum(1 for a, b in zip(original, region, strict=True) if a != b)


class FixError(ArgumentError):
    """A board that cannot be repaired as asked (its str() is the one line to print)."""


@dataclass(frozen=True)
class Edit:
    """One cell given to a region it touches: the cell's row and column (from 0) and
    the letters of its region before and after."""

    row: int
    column: int
    before: str
    after: str

    def __str__(self) -> str:
        return f"r{self.row + 1}c{self.column + 1}: {self.before} → {self.after}"


@dataclass
class Repair:
    """What the search found: the repaired rows (None: no fix within the budget), its
    edits, the fewest edits any fix can have as far as the search proved, and the work."""

    rows: tuple[str, ...] | None
    edits: list[Edit]
    #: Every fix has at least this many edits: the distances below were searched whole.
    proven_at_least: int
    #: The solutions the board had (counted up to 8 distinct ones; 9 means "more").
    solutions_before: int
    maps_counted: int
    seconds: float

    @property
    def proven_minimal(self) -> bool:
        return self.rows is not None and len(self.edits) <= self.proven_at_least


class FixTarget:
    """What a fix must also be: solved by the rules of ``grader`` at one of the rung
    ``levels`` (None: any the rules solve), and taken by ``accept`` (the test of
    ``--needs``); ``words`` says it in a sentence ("graded 3 Hard")."""

    def __init__(
        self,
        grader: Grader,
        levels: frozenset[int] | None,
        accept: Callable[[Board, Assessment], bool] | None,
        words: str,
    ):
        self.grader = grader
        self.levels = levels
        self.accept = accept
        self.words = words

    def __call__(self, board: Board, solution: int) -> bool:
        assessment = self.grader.assess(board, solution=solution)
        rung = assessment.rung
        if not assessment.solved or rung is None:
            return False
        if self.levels is not None and int(rung.level) not in self.levels:
            return False
        return self.accept is None or self.accept(board, assessment)


class _Counts:
    """Exact solution counts of region maps of one size, by the cheapest exact path."""

    def __init__(self, n: int, stars: int = 1):
        self.n = n
        self.stars = stars
        self.table = placement_table(n) if stars == 1 else None
        self.clashes: dict[int, int] = {}
        self.counted = 0

    def solutions(self, region: bytes, masks: list[int], cap: int = _CAP + 1) -> list[int]:
        """Up to ``cap`` solutions of the map, as queen masks."""
        self.counted += 1
        table = self.table
        if self.stars != 1:
            return find_solutions(_board_of(self.n, region, self.stars), cap)
        if table is None:
            return find_map_solutions(self.n, list(region), masks, cap)
        clashes = self.clashes
        if len(clashes) > _CLASH_CACHE:
            clashes.clear()
        clashing = 0
        for mask in masks:
            found = clashes.get(mask)
            if found is None:
                found = clashes[mask] = table.clashes(mask)
            clashing |= found
        left = table.every & ~clashing
        found_queens: list[int] = []
        queens = table.queens
        while left and len(found_queens) < cap:
            low = left & -left
            left ^= low
            found_queens.append(queens[low.bit_length() - 1])
        return found_queens


def _board_of(n: int, region: bytes, stars: int = 1) -> Board:
    """The map as a board (regions lettered by their numbers)."""
    text = "".join(REGION_CHARS[k] for k in region)
    return Board(tuple(text[r * n : (r + 1) * n] for r in range(n)), stars)


def _masks(region: bytes, regions: int) -> list[int]:
    masks = [0] * regions
    for cell, k in enumerate(region):
        masks[k] |= 1 << cell
    return masks


def _connected(n: int, masks: Iterable[int]) -> bool:
    return all(mask and connected_part(n, mask, mask & -mask) == mask for mask in masks)


def _hit_cells(solutions: list[int]) -> int:
    """The cells a single edit must change for at most one of ``solutions`` to survive:
    those in all of them but one (all cells when there are fewer than two)."""
    if len(solutions) < 2:
        return -1
    hit = 0
    for skipped in range(len(solutions)):
        common = -1
        for index, queens in enumerate(solutions):
            if index != skipped:
                common &= queens
        hit |= common
    return hit


class _Search:
    def __init__(
        self,
        board: Board,
        keep: Iterable[str],
        seconds: float,
        seed: int,
        target: FixTarget | None = None,
    ):
        self.n = n = board.n
        self.stars = board.stars
        self.target = target
        #: Maps found unique and connected, and whether they are on the target.
        self.on_target: dict[bytes, bool] = {}
        self.letters = board.letters
        self.original = bytes(board.cell_region)
        kept = set(keep)
        self.frozen = {k for k, letter in enumerate(board.letters) if letter in kept}
        self.neighbours = [tuple(neighbours4(cell, n)) for cell in range(n * n)]
        self.counts = _Counts(n, board.stars)
        self.deadline = time.monotonic() + seconds
        #: The breadth-first proof's share of the budget; the repair gets the rest (the
        #: proof gets it all on Star Battle boards, which the repair does not make).
        share = _PROOF_SHARE if board.stars == 1 else 1.0
        self.proof_deadline = time.monotonic() + seconds * share
        self.rng = random.Random(seed)
        #: Solutions found of each map met (its region bytes), up to the cap.
        self.known: dict[bytes, list[int]] = {}

    def out_of_time(self) -> bool:
        return time.monotonic() > self.deadline

    def solutions(self, region: bytes) -> list[int]:
        found = self.known.get(region)
        if found is None:
            found = self.counts.solutions(region, _masks(region, len(self.letters)))
            self.known[region] = found
        return found

    def is_fix(self, region: bytes) -> bool:
        found = self.solutions(region)
        if len(found) != 1 or not _connected(self.n, _masks(region, len(self.letters))):
            return False
        if self.target is None:
            return True
        known = self.on_target.get(region)
        if known is None:
            known = self.on_target[region] = self.target(
                _board_of(self.n, region, self.stars), found[0]
            )
        return known

    def edits_of(self, region: bytes, cells: int = -1) -> Iterator[bytes]:
        """Every map one edit away from ``region`` that edits a cell of ``cells`` not
        edited before, leaves no region empty and changes no kept region."""
        original = self.original
        frozen = self.frozen
        sizes = [0] * len(self.letters)
        for k in region:
            sizes[k] += 1
        for cell, k in enumerate(region):
            if not (cells >> cell) & 1 or k != original[cell] or k in frozen or sizes[k] == 1:
                continue
            targets = {region[m] for m in self.neighbours[cell]}
            targets.discard(k)
            for to in sorted(targets - frozen):
                changed = bytearray(region)
                changed[cell] = to
                yield bytes(changed)

    def run(self) -> Repair:
        start = time.monotonic()
        before = len(self.solutions(self.original))
        if self.is_fix(self.original):
            return self._repair(self.original, 0, start, before)
        searched = self._search_whole()  # no fix has this many edits or fewer
        if isinstance(searched, bytes):
            region = searched
            return self._repair(region, _distance(self.original, region), start, before)
        best = self._repair_from_solutions(searched + 1)
        if best is None:
            return Repair(None, [], searched + 1, before, self.counts.counted, self.seconds(start))
        return self._repair(best, searched + 1, start, before)

    def seconds(self, start: float) -> float:
        return time.monotonic() - start

    def _search_whole(self) -> bytes | int:
        """Breadth-first over the number of edits, within its share of the budget: a
        fix with the fewest edits, or the largest D for which no fix has D edits or
        fewer."""
        deadline = self.proof_deadline
        level = [self.original]
        seen = {self.original}
        distance = 0
        while level:
            # Could one more edit finish? Only maps whose solutions it can break.
            for region in level:
                for child in self.edits_of(region, _hit_cells(self.solutions(region))):
                    if self.is_fix(child):
                        return child
                if time.monotonic() > deadline:
                    return distance
            distance += 1
            following = []
            for region in level:
                for child in self.edits_of(region):
                    if child not in seen:
                        seen.add(child)
                        following.append(child)
                if time.monotonic() > deadline:
                    return distance
            level = following
        return distance

    def _repair_from_solutions(self, proven: int) -> bytes | None:
        """The generator's repair, from a solution of a map met so far kept as the one
        solution, the other solutions broken by region moves; each fix found trimmed of
        the edits it does not need. The fewest edits of those found within the budget
        (at once, when it reaches ``proven``)."""
        if self.stars != 1:
            return None
        starts = sorted(
            (region for region, found in self.known.items() if found),
            key=lambda region: (_distance(self.original, region), len(self.known[region])),
        )[:_STARTS]
        if not starts:
            return None
        geometry = MapGeometry(self.n)
        best: bytes | None = None
        attempt = 0
        while not self.out_of_time():
            region = starts[attempt % len(starts)]
            attempt += 1
            found = self.known[region]
            planted = found[self.rng.randrange(len(found))]
            repaired = self._generator_repair(geometry, region, planted)
            if repaired is None:
                continue
            repaired = self._trim(repaired)
            if best is None or _distance(self.original, repaired) < _distance(self.original, best):
                best = repaired
                if _distance(self.original, best) <= proven:
                    break
        return best

    def _generator_repair(self, geometry: MapGeometry, region: bytes, planted: int) -> bytes | None:
        """The generator's repair loop on ``region`` around ``planted``; the map once it is
        unique and changes no kept region, or None."""
        regions = MapUnderRepair(geometry, list(region), planted, 1)
        rng = self.rng
        seen: set[bytes] = set()
        for _ in range(REPAIRS_PER_CELL_ROW * self.n):
            if self.out_of_time():
                return None
            others, all_of_them = regions.other_solutions(_CAP, rng)
            if not others:
                break
            if len(others) == 1 and all_of_them and regions.break_last(others[0], rng):
                break
            if not regions.break_solutions(others, rng):
                return None
            again = bytes(regions.region)
            if again in seen:  # going round in a circle
                return None
            seen.add(again)
        else:
            return None
        repaired = bytes(regions.region)
        original = self.original
        for cell, k in enumerate(repaired):
            if k != original[cell] and (k in self.frozen or original[cell] in self.frozen):
                return None
        return repaired if self.is_fix(repaired) else None

    def _trim(self, region: bytes) -> bytes:
        """``region`` with each edit undone that the fix does not need."""
        changed = [cell for cell, k in enumerate(region) if k != self.original[cell]]
        self.rng.shuffle(changed)
        for cell in changed:
            undone = bytearray(region)
            undone[cell] = self.original[cell]
            if self.is_fix(bytes(undone)):
                region = bytes(undone)
        return region

    def _repair(self, region: bytes, proven: int, start: float, before: int) -> Repair:
        n = self.n
        letters = self.letters
        edits = [
            Edit(cell // n, cell % n, letters[old], letters[new])
            for cell, (old, new) in enumerate(zip(self.original, region, strict=True))
            if old != new
        ]
        text = "".join(letters[k] for k in region)
        rows = tuple(text[r * n : (r + 1) * n] for r in range(n))
        return Repair(rows, edits, proven, before, self.counts.counted, time.monotonic() - start)


def repair(
    board: Board,
    keep: Iterable[str] = (),
    seconds: float = 10.0,
    seed: int = 0,
    target: FixTarget | None = None,
) -> Repair:
    """The fewest edits found within ``seconds`` that give ``board`` exactly one solution
    (and put it on ``target``, if given), changing no region named in ``keep``. Raises
    ``FixError`` for a region letter the board does not have."""
    unknown = sorted(set(keep) - set(board.letters))
    if unknown:
        raise FixError(
            Argument.given("keep", "".join(unknown)),
            f": the board has no region {', '.join(unknown)} "
            f"(its regions: {''.join(board.letters)})",
        )
    n = board.n
    if n in (2, 3):
        # The search would run out its budget and then claim a lower bound on the edits,
        # when no number of edits can help.
        raise FixError(
            f"no {n}×{n} board has a solution, whatever its regions: with one queen in each "
            "row and column, the queens of some two adjacent rows touch"
        )
    return _Search(board, keep, seconds, seed, target).run()


def fix_target(
    rules: Sequence[Rule],
    stars: int,
    tier: str | None = None,
    grade: str | None = None,
    needs: Sequence[str] = (),
) -> FixTarget | None:
    """The target of a fix with ``stars`` a unit: the ``tier`` and ``grade`` (as ``queens
    check`` reports them) the installed ``rules`` solve it at, the rules of ``needs`` it
    needs (ids, comma-separated allowed); None without any. Raises ``FixError`` for a
    tier, grade or rule it cannot name, or a rule no board can need."""
    if tier is None and grade is None and not needs:
        return None
    from .needs import NeedsFilter, resolve_needed
    from .queens_maker import GenerateError, describe_target, target_rungs
    from .stars_maker import StarMaker

    try:
        levels: frozenset[int] | None = None
        if stars == 1:
            grader = Grader(rules)
            if tier is not None or grade is not None:
                rungs = target_rungs(grader, tier, grade)
                levels = frozenset(int(rung.level) for rung in rungs)
                words = [describe_target(rungs)]
            else:
                words = []
        else:
            maker = StarMaker(rules, 4, stars, tier, grade)
            grader = maker.grader
            words = []
            if tier is not None or grade is not None:
                rungs = [
                    rung
                    for rung, _ in grader.rungs
                    if (maker.tier is None or rung.tier == maker.tier)
                    and (maker.grade is None or int(rung.level) == maker.grade)
                ]
                if not rungs:
                    raise FixError("no rung of the installed rules is of that tier and grade")
                levels = frozenset(int(rung.level) for rung in rungs)
                words = [describe_target(rungs)]
        accept = None
        if needs:
            needed = resolve_needed(rules, rules, needs, stars)
            # No give-up: a fix is one board, and its search has its own budget.
            accept = NeedsFilter(rules, needed, probe=2**62, stars=stars)
            words.append("that needs " + " and ".join(rule.counter for rule in needed))
    except (GenerateError, ValueError) as err:
        raise FixError(*parts_of(err)) from None
    return FixTarget(grader, levels, accept, " ".join(words))

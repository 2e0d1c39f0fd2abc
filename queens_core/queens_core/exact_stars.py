"""An exact solver for any K: K stars in every row, column and region, none touching.

The Star Battle counterpart of :mod:`queens_core.exact` (which is tuned for K = 1 and
stays the engine of Queens boards): the referee of the Star Battle rules and the engine of
their uniqueness checks. It guesses, so it never *solves* a board for the user.

Glossary
--------
star
    A cell known to hold a star (a queen when K = 1).
need
    What a unit still lacks: K minus its stars.
room
    The most stars a unit's live cells can still take. Two stars never touch, so a run of
    L live cells side by side in a row or column takes at most ceil(L/2); a 2×2 block
    takes at most one.
band
    Two adjacent rows (columns). Covered by ceil(N/2) 2×2 blocks, it takes at most one
    star a block, which bounds what the two lines can still receive.
stripe
    A run of k adjacent rows (columns): it holds exactly K·k stars. If k regions lie
    inside it, they own all of them and its other cells are empty (more than k: the node
    is dead); if only k regions reach into it, it takes all their stars and their cells
    outside it are empty.

Two engines answer for K > 1. When the SAT solver CryptoMiniSat (``pycryptosat``) is
installed (the queens-rules-starbattle distribution requires it), the board goes to it
as clauses: two touching cells are not both stars, a sequential counter per unit says
"exactly K", and each band's 2×2 blocks hold exactly 2K stars (:func:`sat_clauses`);
each solution found is blocked and the solver asked again, up to the cap. Clause
learning (kept between the two questions) makes a 25×25 board with 6 stars a matter of
seconds. Without it, and in the tests that hold the two engines against each other, a
bitboard search (:class:`StarSearch`) does the work: exact, but slow beyond 12×12 with
3 stars.

Every node of the bitboard search is propagated before it branches: a unit with K
stars loses its other live cells; a unit whose live cells are exactly its need gets them
all; a unit whose room is below its need, or a band whose blocks cannot take what its
two lines need, ends the branch; then the stripes are counted. The search then branches
on one live cell (star, or not) of the unit with the least slack (live cells minus need).
"""

from __future__ import annotations

import functools
import time
from typing import TYPE_CHECKING

from .board import Board, _rings, bits

# A star board's kill masks are its rings: the Queens root node is the star one too.
from .exact import DEFAULT_CAP, SearchLimitExceeded, _start, check_budget
from .exact import find_solutions as find_queens_solutions
from .exact import survey as survey_queens
from .state import State

if TYPE_CHECKING:
    import random  # the caller's generator; importing random costs every solve ~2 ms

__all__ = [
    "DEFAULT_CAP",
    "SearchLimitExceeded",
    "StarSearch",
    "count_solutions",
    "find_sat_solutions",
    "find_solutions",
    "find_star_solutions",
    "survey",
]


@functools.cache
def _run_room(width: int) -> tuple[int, ...]:
    """For every w-bit pattern of live cells in a line: the most stars it can take."""
    table = [0] * (1 << width)
    for pattern in range(1, 1 << width):
        # Greedy from the lowest cell: take it, skip its neighbour.
        count = 0
        rest = pattern
        while rest:
            low = rest & -rest
            count += 1
            rest &= ~(low | (low << 1))
        table[pattern] = count
    return tuple(table)


class StarSearch:
    """One search over one board; ``nodes`` counts the nodes it visited.

    ``rng`` (a :class:`random.Random`) picks the branching cell at random instead of the
    first: the generator uses it to draw a random solution.
    """

    __slots__ = (
        "band_blocks",
        "cap",
        "deadline",
        "found",
        "k",
        "lines",
        "n",
        "node_limit",
        "nodes",
        "regions",
        "rings",
        "rng",
        "room_table",
        "row_of",
        "seconds",
        "stripes",
        "units",
    )

    def __init__(
        self,
        board: Board,
        cap: int = DEFAULT_CAP,
        node_limit: int | None = None,
        rng: random.Random | None = None,
        seconds: float | None = None,
    ):
        n = board.n
        self.n = n
        self.k = board.stars
        self.cap = cap
        self.node_limit = node_limit
        self.seconds = seconds
        self.deadline: float | None = None
        self.rng = rng
        self.rings = _rings(n)
        self.units = tuple(mask for _, _, mask in board.units)
        self.regions = board.region_masks
        #: Rows then columns, each as (mask, shift to bring it to the low bits, stride).
        self.lines = tuple((m, r * n, 1) for r, m in enumerate(board.row_masks)) + tuple(
            (m, c, n) for c, m in enumerate(board.col_masks)
        )
        self.room_table = _run_room(n) if n <= 16 else None
        self.band_blocks = _band_blocks(n)
        self.stripes = _stripes(n)
        self.row_of = tuple(i // n for i in range(n * n))
        self.found: list[int] = []
        self.nodes = 0

    def run(self, live: int, stars: int) -> list[int]:
        """Collect up to ``cap`` solutions (star masks) below the given node."""
        if self.cap >= 1:
            if self.seconds is not None:
                self.deadline = time.perf_counter() + self.seconds
            try:
                self._search(live, stars)
            except SearchLimitExceeded as err:
                err.found = list(self.found)
                err.count = len(self.found)
                raise
        return self.found

    # -- the search ----------------------------------------------------------------------

    def _search(self, live: int, stars: int) -> None:
        self.nodes += 1
        check_budget(self.nodes, self.node_limit, self.deadline, self.seconds)
        settled = self._propagate(live, stars)
        if settled is None:
            return
        live, stars = settled
        if not live:
            if stars.bit_count() == self.n * self.k:
                self.found.append(stars)
            return
        cell = self._branch_cell(live, stars)
        bit = 1 << cell
        self._search(live & ~(self.rings[cell] | bit), stars | bit)
        if len(self.found) >= self.cap:
            return
        self._search(live & ~bit, stars)

    def _branch_cell(self, live: int, stars: int) -> int:
        k = self.k
        best = 0
        best_slack = 1 << 30
        for mask in self.units:
            cells = live & mask
            if not cells:
                continue
            slack = cells.bit_count() - (k - (stars & mask).bit_count())
            if slack < best_slack:
                best, best_slack = cells, slack
        if self.rng is not None:
            choices = [i for i in range(best.bit_length()) if best >> i & 1]
            return self.rng.choice(choices)
        return (best & -best).bit_length() - 1

    def _propagate(self, live: int, stars: int) -> tuple[int, int] | None:
        """The unit counts and room bounds to a fixed point; None if the node is dead."""
        k = self.k
        rings = self.rings
        units = self.units
        while True:
            changed = False
            for mask in units:
                have = (stars & mask).bit_count()
                cells = live & mask
                if have >= k:
                    if have > k:
                        return None
                    if cells:
                        live &= ~cells
                        changed = True
                    continue
                count = cells.bit_count()
                if have + count < k:
                    return None
                if have + count == k:
                    while cells:
                        low = cells & -cells
                        cells ^= low
                        if not live & low:
                            return None  # a neighbour placed just now killed it
                        stars |= low
                        live &= ~(rings[low.bit_length() - 1] | low)
                    changed = True
            if changed:
                continue
            if not self._room_ok(live, stars):
                return None
            counted = self._count_stripes(live, stars)
            if counted is None:
                return None
            if counted == live:
                return live, stars
            live = counted

    def _count_stripes(self, live: int, stars: int) -> int | None:
        """Kill what the stripes' counts rule out; None if some stripe is overfull."""
        n = self.n
        row_of = self.row_of
        taken = live | stars
        # Per region, the rows and the columns it still has cells in, as bitmasks.
        spans = []
        for region in self.regions:
            rows = columns = 0
            rest = taken & region
            while rest:
                low = rest & -rest
                rest ^= low
                i = low.bit_length() - 1
                rows |= 1 << row_of[i]
                columns |= 1 << (i - row_of[i] * n)
            spans.append((rows, columns))
        for axis, lines, stripe_mask, length in self.stripes:
            inside = reach = 0
            inside_count = reach_count = 0
            for k, span in enumerate(spans):
                used = span[axis]
                if used & lines:
                    reach |= self.regions[k]
                    reach_count += 1
                    if not used & ~lines:
                        inside |= self.regions[k]
                        inside_count += 1
            if inside_count > length:
                return None
            if inside_count == length:
                live &= ~(stripe_mask & ~inside)
            if reach_count == length:
                live &= ~(reach & ~stripe_mask)
        return live

    def _room_ok(self, live: int, stars: int) -> bool:
        """Every line's runs, and every band's blocks, can still take what they need."""
        k = self.k
        n = self.n
        table = self.room_table
        need_of_line = []
        for mask, shift, stride in self.lines:
            need = k - (stars & mask).bit_count()
            need_of_line.append(need)
            if need == 0:
                continue
            cells = live & mask
            if stride == 1:
                pattern = cells >> shift
            else:
                pattern = 0
                column_bits = cells >> shift
                for r in range(n):
                    if column_bits >> (r * n) & 1:
                        pattern |= 1 << r
            if table is not None:
                room = table[pattern]
            else:
                room = 0
                while pattern:
                    low = pattern & -pattern
                    room += 1
                    pattern &= ~(low | (low << 1))
            if room < need:
                return False
        # Bands: rows r, r + 1 (then columns) need what their blocks can still take.
        for first, blocks in self.band_blocks:
            need = need_of_line[first] + need_of_line[first + 1]
            if need == 0:
                continue
            room = 0
            for block in blocks:
                if live & block and not stars & block:
                    room += 1
            if room < need:
                return False
        return True


@functools.cache
def _band_blocks(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each band as (index of its first line in ``StarSearch.lines``, its 2×2 blocks)."""
    bands = []
    for first in range(n - 1):
        rows = []
        columns = []
        for c in range(0, n, 2):
            width = 2 if c + 1 < n else 1
            row_block = col_block = 0
            for dr in range(2):
                for dc in range(width):
                    row_block |= 1 << ((first + dr) * n + c + dc)
                    col_block |= 1 << ((c + dc) * n + first + dr)
            rows.append(row_block)
            columns.append(col_block)
        bands.append((first, tuple(rows)))
        bands.append((n + first, tuple(columns)))
    return tuple(bands)


@functools.cache
def _stripes(n: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every stripe of 1 to N − 1 lines as (axis 0 rows / 1 columns, its lines as a
    bitmask of line numbers, its cells, its number of lines)."""
    row = (1 << n) - 1
    column = sum(1 << (r * n) for r in range(n))
    out = []
    for length in range(1, n):
        for first in range(n - length + 1):
            lines = ((1 << length) - 1) << first
            rows = columns = 0
            for line in range(first, first + length):
                rows |= row << (line * n)
                columns |= column << line
            out.append((0, lines, rows, length))
            out.append((1, lines, columns, length))
    return tuple(out)


def find_solutions(
    board: Board,
    cap: int = DEFAULT_CAP,
    state: State | None = None,
    node_limit: int | None = None,
    seconds: float | None = None,
) -> list[int]:
    """Up to ``cap`` solutions as star masks, from ``state`` (default: the empty board),
    for the board's own K. A Queens board (K = 1) goes to :mod:`queens_core.exact`, a
    Star Battle board to the SAT solver when it is installed, else to the bitboard
    search.

    Same contract as :func:`queens_core.exact.find_solutions` (``node_limit`` and
    ``seconds`` bound it; past them it raises :class:`SearchLimitExceeded`).
    """
    if board.stars == 1:
        return find_queens_solutions(board, cap, state, node_limit, seconds)
    if sat_available():
        return find_sat_solutions(board, cap, state, node_limit, seconds)
    return find_star_solutions(board, cap, state, node_limit, seconds)


def survey(
    board: Board, cap: int, keep: int, seconds: float | None = None
) -> tuple[int, list[int]]:
    """:func:`queens_core.exact.survey` for the board's own K: the number of solutions
    up to ``cap`` and the first ``keep`` of them."""
    if board.stars == 1:
        return survey_queens(board, cap, keep, seconds)
    found = find_solutions(board, cap, seconds=seconds)
    return len(found), found[:keep]


def sat_clauses(board: Board) -> list[list[int]]:
    """The board as CNF over one variable a cell (cell ``i`` is variable ``i + 1``; true:
    a star) and auxiliary variables above N².

    Besides the rules themselves, each band (two adjacent rows or columns) is cut into
    2×2 blocks, in both alignments, and told that exactly 2K of its blocks hold a star:
    true of every solution (a block holds at most one star and the band exactly 2K), and
    the clause learning cannot find it alone, so the search is far shorter with it.
    """
    n, k = board.n, board.stars
    clauses: list[list[int]] = []
    for i in range(n * n):
        r, c = divmod(i, n)
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n:
                clauses.append([-(i + 1), -(rr * n + cc + 1)])
    top = n * n
    for _, _, mask in board.units:
        top = _exactly([i + 1 for i in bits(mask)], k, top, clauses)
    for first in range(n - 1):
        for transpose in (False, True):
            for offset in (0, 1):
                blocks = []
                c = -offset
                while c < n:
                    cells = [
                        (rr * n + cc) if not transpose else (cc * n + rr)
                        for rr in (first, first + 1)
                        for cc in (c, c + 1)
                        if 0 <= cc < n
                    ]
                    top += 1
                    block = top
                    clauses.append([-block, *(i + 1 for i in cells)])
                    clauses.extend([-(i + 1), block] for i in cells)
                    blocks.append(block)
                    c += 2
                top = _exactly(blocks, 2 * k, top, clauses)
    return clauses


def _exactly(literals: list[int], k: int, top: int, clauses: list[list[int]]) -> int:
    """Add "exactly ``k`` of ``literals``" as a sequential counter above variable ``top``;
    return the new top.

    at_least(i, j), j = 1 .. k + 1, says "at least j of the first i + 1 literals", defined
    by at_least(i, j) <=> at_least(i - 1, j) or (at_least(i - 1, j - 1) and x_i), with
    at_least(., 0) true and at_least(-1, j) false.
    """
    previous: list[int] = []
    for x in literals:
        current = list(range(top + 1, top + k + 2))
        top += k + 1
        for j in range(1, k + 2):
            now = current[j - 1]
            before = previous[j - 1] if previous else 0  # 0: false
            below = (previous[j - 2] if j >= 2 else -1) if previous else (-1 if j == 1 else 0)
            # -1: true. Forward: before -> now; below and x -> now.
            if before:
                clauses.append([-before, now])
            if below == -1:
                clauses.append([-x, now])
            elif below:
                clauses.append([-below, -x, now])
            # Backward: now -> before or below; now -> before or x.
            head = [-now] + ([before] if before else [])
            if below != -1:
                clauses.append(head + ([below] if below else []))
            clauses.append([*head, x])
        previous = current
    clauses.append([previous[k - 1]])
    clauses.append([-previous[k]])
    return top


def sat_available() -> bool:
    """Whether the SAT engine can run (``pycryptosat`` is importable)."""
    try:
        import pycryptosat  # noqa: F401
    except ImportError:
        return False
    return True


#: Conflicts the SAT solver may spend per node the caller allowed.
CONFLICTS_PER_NODE = 10


def find_sat_solutions(
    board: Board,
    cap: int = DEFAULT_CAP,
    state: State | None = None,
    node_limit: int | None = None,
    seconds: float | None = None,
) -> list[int]:
    """:func:`find_solutions` by the SAT solver (``pycryptosat`` must be installed)."""
    import pycryptosat

    start = _start(board, state)
    if start is None or cap < 1:
        return []
    live, stars = start
    limits: dict[str, float] = {}
    if node_limit is not None:
        limits["confl_limit"] = node_limit * CONFLICTS_PER_NODE
    if seconds is not None:
        limits["time_limit"] = seconds
    solver = pycryptosat.Solver(threads=1, **limits)
    solver.add_clauses(sat_clauses(board))
    for i in range(board.n * board.n):
        if stars >> i & 1:
            solver.add_clause([i + 1])
        elif not live >> i & 1:
            solver.add_clause([-(i + 1)])
    found: list[int] = []
    cells = board.n * board.n
    while len(found) < cap:
        satisfiable, model = solver.solve()
        if satisfiable is None:
            if node_limit is not None:
                why = f"more than {node_limit} nodes' worth of conflicts"
            else:
                why = f"more than {seconds:g} s"
            err = SearchLimitExceeded(f"the exact search needed {why}")
            err.found = list(found)
            err.count = len(found)
            raise err
        if not satisfiable:
            break
        solution = 0
        for i in range(cells):
            if model[i + 1]:
                solution |= 1 << i
        found.append(solution)
        # The solver keeps what it learnt: the next question costs far less.
        solver.add_clause([-(i + 1) for i in bits(solution)])
    return found


def find_star_solutions(
    board: Board,
    cap: int = DEFAULT_CAP,
    state: State | None = None,
    node_limit: int | None = None,
    seconds: float | None = None,
) -> list[int]:
    """:func:`find_solutions` by this module's search whatever K (K = 1 included: the
    tests hold it against :mod:`queens_core.exact`)."""
    start = _start(board, state)
    if start is None or cap < 1:
        return []
    return StarSearch(board, cap, node_limit, seconds=seconds).run(*start)


def count_solutions(board: Board, cap: int = DEFAULT_CAP, state: State | None = None) -> int:
    """The number of solutions, counting no further than ``cap``."""
    return len(find_solutions(board, cap, state))

"""Random region maps, for benchmarks, fuzz tests and the search for test fixtures.

A map is grown from seeds: each region starts on one cell and takes a random free
neighbour of the regions, one cell at a time, until the grid is covered. Seeding the
regions on a valid queen placement guarantees at least one solution; seeding them anywhere
gives maps that often have none. The generator knows nothing of uniqueness or of the
rules: callers filter with :mod:`queens_core.referee.queens_search` and the driver.
"""

from __future__ import annotations

import random
from bisect import bisect, bisect_left, insort
from functools import cache
from itertools import accumulate

from ..engine.board import MAX_SIZE, Board

#: Region characters for boards of up to MAX_SIZE regions.
REGION_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"[:MAX_SIZE]
#: Region letters in the order a generated board's regions get them (reading order of
#: their first cell): the archive's colour letters first, most common colour first
#: (archive/README.md), so a generated board is drawn in LinkedIn's colours; then other
#: letters for N > 21.
LETTERS = "POBGSRLKNTCYUQAJWVMFH"
LETTERS += "".join(ch for ch in REGION_CHARS if ch not in LETTERS)


def lettered_rows(n: int, region_of: list[int]) -> tuple[str, ...]:
    """The rows of a map given by each cell's region, the regions lettered with
    :data:`LETTERS` in the reading order of their first cells (so the board, and all
    the rules do on it, depends on the map alone, not on how its regions were numbered)."""
    letter: dict[int, str] = {}
    for k in region_of:
        if k not in letter:
            letter[k] = LETTERS[len(letter)]
    text = "".join([letter[k] for k in region_of])
    return tuple([text[r * n : (r + 1) * n] for r in range(n)])


def random_queens(n: int, rng: random.Random) -> list[int] | None:
    """A random valid queen placement as the column of each row, or None (N = 2, 3).

    Valid means one queen per row and column and no two queens touching, which for one
    queen a row means neighbouring rows' columns differ by at least 2.
    """
    columns: list[int] = []
    used = [False] * n

    # Depth-first with shuffled choices; iterative so N = 32 cannot hit the recursion limit.
    choices: list[list[int]] = []
    while True:
        if len(columns) == n:
            return columns
        row = len(columns)
        if len(choices) == row:
            options = [
                c for c in range(n) if not used[c] and (row == 0 or abs(c - columns[-1]) > 1)
            ]
            rng.shuffle(options)
            choices.append(options)
        if choices[row]:
            c = choices[row].pop()
            columns.append(c)
            used[c] = True
            continue
        choices.pop()
        if not columns:
            return None
        used[columns.pop()] = False


def grow_regions(n: int, seeds: list[int], rng: random.Random, bias: float = 0.0) -> Board:
    """Grow one region from each seed cell (``r * n + c``) until every cell has a region.

    Each step picks a region with probability proportional to its size to the power
    ``bias``, then a random free cell next to it. ``bias=0`` grows regions of similar
    sizes; ``bias=3`` lets a few regions swallow most of the grid and leaves many tiny
    ones, which is what makes a map likely to have a unique solution (LinkedIn's boards
    look like that too).
    """
    region = grow_region_map(n, seeds, rng, bias)
    rows = ["".join(REGION_CHARS[region[r * n + c]] for c in range(n)) for r in range(n)]
    return Board.from_rows(rows)


def grow_region_map(
    n: int, seeds: list[int], rng: random.Random, bias: float = 0.0, ceiling: int | None = None
) -> list[int]:
    """The region of every cell (``r * n + c``) as :func:`grow_regions` grows them: region
    ``k`` grows from ``seeds[k]``. A region that reaches ``ceiling`` cells stops growing
    while another can still grow; when none under it can, the rest of the grid goes to the
    regions beside it whatever their size (the caller checks the largest)."""
    if len(seeds) != n or len(set(seeds)) != n:
        raise ValueError(f"need {n} distinct seed cells, got {seeds!r}")
    neighbours = _neighbour_table(n)
    region = [-1] * (n * n)
    for k, cell in enumerate(seeds):
        region[cell] = k
    frontiers = [list(neighbours[cell]) for cell in seeds]
    if bias == 1.0 and ceiling is None:  # the maker's maps below 12×12
        _grow_linear(n, region, frontiers, rng)
        return region
    sizes = [1] * n
    growing = list(range(n))
    free = n * n - n
    draw = rng.random
    # rng.randrange(size) spelt out (Random._randbelow): the same draws, without the
    # two calls it makes for each of the hundred or so draws a map takes.
    getrandbits = rng.getrandbits
    # The pick below is ``rng.choices(range(len(growing)), weights)`` spelt out, the same
    # draw for the same weights (so a seed grows the same map): the generator calls it
    # once a cell, and the general function's checks cost more than the pick.
    linear = bias == 1.0
    cumulative: list[float] = []
    # With bias 1 the weights are the sizes, whole numbers, and the running sums are
    # kept as ``owner``: the region (its place in ``growing``) of each unit of weight, in
    # order. The first running sum above a draw ``x`` is the first above ``floor(x)``,
    # so the pick is ``owner[floor(x)]``, and a cell taken is one more unit put among its
    # region's (a search and an insertion in C, not a loop over the later sums).
    owner: list[int] = []
    # The total weight and the last index (a float times an int is the float times the
    # int made a float: the same draw).
    total: float = 0.0
    last = 0
    #: Regions that stopped at the ceiling, to grow again only if nothing else can.
    capped: list[int] = []
    limit = ceiling if ceiling is not None else n * n + 1
    while free:
        if linear:
            if not owner:
                # Each region's units in a run ([i] * size: made in C, not an element at
                # a time), whenever the growing regions change.
                for i, k in enumerate(growing):
                    owner += [i] * sizes[k]
                last = len(owner) - 1
                total = float(last + 1)  # exact: the same product as by the int
            # A draw times the total may round up to the total: the last, as bisect's
            # bound gives.
            unit = int(draw() * total)
            pick = owner[unit if unit <= last else last]
        else:
            cumulative = list(accumulate([sizes[k] ** bias for k in growing]))
            total, last = cumulative[-1] + 0.0, len(cumulative) - 1
            pick = bisect(cumulative, draw() * total, 0, last)
        k = growing[pick]
        frontier = frontiers[k]
        # Swap-remove random candidates until one is free; stale ones were taken since.
        while frontier:
            size = len(frontier)
            width = size.bit_length()
            i = getrandbits(width)
            while i >= size:
                i = getrandbits(width)
            # Swapped with the last, then the last removed (a swap and ``pop()``, with
            # fewer steps).
            cell = frontier[i]
            frontier[i] = frontier[-1]
            del frontier[-1]
            if region[cell] == -1:
                break
        else:
            growing.pop(pick)  # walled in: it cannot grow any more
            owner = []
            if not growing and capped:  # the rest is walled in by regions at the ceiling
                growing, capped = capped, []
            continue
        region[cell] = k
        sizes[k] += 1
        free -= 1
        for m in neighbours[cell]:  # a loop, not a comprehension: no call a cell
            if region[m] == -1:
                frontier.append(m)
        if sizes[k] == limit and free:
            growing.pop(pick)
            capped.append(k)
            owner = []
            if not growing:
                growing, capped = capped, []
            continue
        if linear:
            insort(owner, pick)
            total += 1.0
            last += 1
    return region


def _grow_linear(n: int, region: list[int], frontiers: list[list[int]], rng: random.Random) -> None:
    """The loop of :func:`grow_region_map` for bias 1 and no ceiling, the same draws and
    the same map in fewer steps a cell. No region is capped, so the growing regions stay
    in the order of their numbers: the region of each unit of weight (``owner``) is kept
    in place of its place among them, in the same order, and the pick is the region
    itself. ``owner`` ends with a copy of its last unit, for a draw times the total that
    rounds up to the total. A region walled in leaves ``owner`` as the run of its units
    (``owner`` is sorted), instead of ``owner`` being made again from the regions' sizes,
    so no size is counted. Frontier sizes' widths come from a table, not a call."""
    neighbours = _neighbour_table(n)
    widths = _widths(n)
    draw = rng.random
    getrandbits = rng.getrandbits
    owner = list(range(n))  # one unit a region: its seed
    owner.append(n - 1)
    total = float(n)  # exact: the same product as by the int
    for _ in range(n * n - n):
        # Some region not walled in has a free cell beside it while one is left (walled
        # in, a region stays so: free cells are only taken).
        while True:
            k = owner[int(draw() * total)]
            frontier = frontiers[k]
            while frontier:
                size = len(frontier)
                width = widths[size]
                i = getrandbits(width)
                while i >= size:
                    i = getrandbits(width)
                cell = frontier[i]
                frontier[i] = frontier[-1]
                del frontier[-1]
                if region[cell] < 0:
                    break
            else:
                # Walled in: it cannot grow any more, and its units leave.
                low = bisect_left(owner, k)
                high = bisect_left(owner, k + 1)
                if high == len(owner):  # the last region: the copy of its last unit too
                    del owner[low:]
                    total -= high - low - 1
                    owner.append(owner[-1])
                else:
                    del owner[low:high]
                    total -= high - low
                continue
            break
        region[cell] = k
        for m in neighbours[cell]:  # a loop, not a comprehension: no call a cell
            if region[m] < 0:
                frontier.append(m)
        insort(owner, k)
        total += 1.0


@cache
def _widths(n: int) -> tuple[int, ...]:
    """``size.bit_length()`` of every size a frontier of an N×N map can reach (each cell
    taken adds at most its four neighbours)."""
    return tuple(size.bit_length() for size in range(4 * n * n + 1))


def random_board(n: int, rng: random.Random, solvable: bool = True, bias: float = 0.0) -> Board:
    """A random N×N map; with ``solvable`` its regions grow from a valid queen placement.

    ``bias`` is passed to :func:`grow_regions` (0: even sizes; 3: skewed, often unique).

    Raises ValueError when ``solvable`` is asked for N = 2 or 3, which have no placement.
    """
    if not 1 <= n <= MAX_SIZE:
        raise ValueError(f"N must be between 1 and {MAX_SIZE}, got {n}")
    if solvable:
        columns = random_queens(n, rng)
        if columns is None:
            raise ValueError(f"no {n}×{n} board has a solution")
        seeds = [r * n + c for r, c in enumerate(columns)]
    else:
        seeds = rng.sample(range(n * n), n)
    return grow_regions(n, seeds, rng, bias)


@cache
def _neighbour_table(n: int) -> tuple[tuple[int, ...], ...]:
    """:func:`neighbours4` of every cell of an N×N grid."""
    return tuple(tuple(neighbours4(cell, n)) for cell in range(n * n))


def neighbours4(cell: int, n: int) -> list[int]:
    """The cells that share a side with ``cell`` on an N×N grid: above, below, left,
    right (the order the generators draw from, so it fixes what a seed makes)."""
    r, c = divmod(cell, n)
    out = []
    if r > 0:
        out.append(cell - n)
    if r < n - 1:
        out.append(cell + n)
    if c > 0:
        out.append(cell - 1)
    if c < n - 1:
        out.append(cell + 1)
    return out

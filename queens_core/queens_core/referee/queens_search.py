"""An exact solver: depth-first search over bitboards, most-constrained unit first.

It is the referee of the rules (the tests compare every deduction with it) and the
engine of uniqueness checks (``queens check``). It guesses, so it is never used to
*solve* a board for the user. Its matching filter has its own dead-edge code, not the
rules' (``queens_core.engine.matching``): a fault there must not hide itself by showing
the referee the same wrong answer.

Every node of the search is propagated before it branches:

1. *singles*: a row, column or region without a queen and with one live cell gets its
   queen there; one with no live cell ends the branch;
2. *matching*: the open rows, columns and regions must be matched one to one (rows with
   columns, regions with rows, regions with columns) through live cells. Each of these
   three bipartite graphs must have a perfect matching, and an edge that lies in no
   perfect matching is killed (Régin's all-different filtering: the edge from ``u`` to
   the partner of ``w`` survives iff ``u`` and ``w`` lie on a common alternating cycle).

The matching step is what keeps N = 32 fast: singles alone let the search wander into
subtrees where, say, five regions are confined to four rows, and a random 24×24 map can
then take minutes; with it no benchmark board needs more than a few dozen nodes (see
``bench/exact_bench.py``).

Some boards defeat both: regions ``(r + c) mod N`` with N even have no solution for a
reason no pairwise matching sees (a congruence), and the search would prove it cell by
cell, in time exponential in N. A search that outgrows :data:`LATTICE_AFTER` nodes
therefore runs the lattice test (:mod:`queens_core.referee.lattice`) once on its root, which
proves such boards impossible in milliseconds. Whatever is left is bounded by a budget
(``node_limit`` and ``seconds``): past it the search raises :class:`SearchLimitExceeded`
and the caller says "undecided within the budget" instead of hanging.
"""

from __future__ import annotations

import operator
import struct
import time

from ..engine.board import Board, size_geometry
from .budget import SearchLimitExceeded, check_budget, root
from .lattice import has_integer_cover

#: Nodes after which a search tries the lattice test on its root (about 0.1 s at N = 32,
#: so easy searches, which need a few dozen nodes, never pay for it).
LATTICE_AFTER = 200
#: Nodes a search over a bare region map (:meth:`Search.of_map`) visits with the singles
#: alone before it runs the matching filter too. On the generator's maps most searches
#: need a few dozen nodes, and the filter would cost about four times what it saves; the
#: few that wander (from 12×12 up they can take millions of nodes) get it early.
MAP_SINGLES_NODES = 48


class _Lines:
    """Reads, for every region (or every row) of an N×N board at once, the lines its
    live cells meet: each unit's cells get a block of their own in one large integer
    (``live`` times a constant copies it into every block, and a mask keeps each block's
    unit), and a few shifts and masks over the whole integer fold each block onto its
    first row (the columns it meets) or onto its first column (the rows). A dozen
    big-integer operations in C instead of a loop over every unit's cells in every line.

    One per size, shared by every search of that size (:func:`_lines`); a board adds
    its units' masks laid out in blocks (:meth:`layout`). The filter reads the graphs
    one at a time (:meth:`rows`, :meth:`columns`), as far as it gets."""

    __slots__ = (
        "block",
        "block_starts",
        "column_folds",
        "everywhere",
        "first_column",
        "n",
        "row_gathers",
        "row_smears",
        "rows_layout",
        "units_format",
    )

    def __init__(self, n: int):
        self.n = n
        # Room in each block for a board, and for the bits the folds shift down from the
        # block above (at most N + 8 places past the board), which the masks then drop.
        self.block = block = -(-(n * n + n + 8) // 8) * 8
        self.block_starts = tuple(k * block for k in range(n))

        def repeat(mask: int) -> int:
            return mask * sum(1 << (k * block) for k in range(n))

        #: ``live`` times this: a copy of it in every block.
        self.everywhere = repeat(1)
        folds = []
        rows = n
        while rows > 1:
            half = (rows + 1) // 2
            folds.append((half * n, repeat((1 << (half * n)) - 1)))
            rows = half
        #: Fold the lower rows of each block onto the upper ones: (shift, rows kept).
        self.column_folds = tuple(folds)
        smears = []
        shift = 1
        while shift < n:
            within = sum(((1 << (n - shift)) - 1) << (r * n) for r in range(n))
            smears.append((shift, repeat(within)))
            shift *= 2
        #: OR each row of a block into its first cell: (shift, cells that may take a bit
        #: from ``shift`` places on, in the same row).
        self.row_smears = tuple(smears)
        self.first_column = repeat(sum(1 << (r * n) for r in range(n)))
        gathers = []
        step = 1
        while step < n:
            # Where row r's bit is once the steps below ``step`` have moved it.
            chosen = sum(1 << (r * n - (r % step) * (n - 1)) for r in range(n) if r & step)
            gathers.append((step * (n - 1), repeat(chosen)))
            step *= 2
        #: Move row r's bit from the start of row r to bit r, by the binary digits of r.
        self.row_gathers = tuple(gathers)
        width = "B" if n <= 8 else "H" if n <= 16 else "I"
        pad = block // 8 - struct.calcsize(width)
        self.units_format = struct.Struct("<" + (width + f"{pad}x") * n)
        #: Every board's rows, laid out (:meth:`layout`).
        self.rows_layout = self.layout(tuple(((1 << n) - 1) << (r * n) for r in range(n)))

    def layout(self, masks: tuple[int, ...]) -> int:
        """A board's N units (its rows, or its regions), each in its block."""
        return sum(map(operator.lshift, masks, self.block_starts))

    def columns(self, blocks: int) -> tuple[int, ...]:
        """Per unit, the mask of the columns its live cells meet, from ``blocks``: the
        live cells times :attr:`everywhere`, masked by a :meth:`layout`."""
        for shift, kept in self.column_folds:
            blocks = blocks & kept | (blocks >> shift) & kept
        return self.units_format.unpack(blocks.to_bytes(self.units_format.size, "little"))

    def rows(self, blocks: int) -> tuple[int, ...]:
        """Per unit, the mask of the rows its live cells meet (``blocks`` as for
        :meth:`columns`)."""
        for shift, within in self.row_smears:
            blocks |= (blocks >> shift) & within
        blocks &= self.first_column
        for shift, chosen in self.row_gathers:
            moving = blocks & chosen
            blocks = blocks ^ moving | moving >> shift
        return self.units_format.unpack(blocks.to_bytes(self.units_format.size, "little"))


#: Per size, its :class:`_Lines` (made on first use).
_LINES: dict[int, _Lines] = {}


def _lines(n: int) -> _Lines:
    lines = _LINES.get(n)
    if lines is None:
        lines = _LINES[n] = _Lines(n)
    return lines


class _NoSolution(Exception):
    """The lattice test proved the root has no solution."""


class Search:
    """One search over one board; ``nodes`` counts the nodes it visited.

    Use :func:`find_solutions` unless you need the node count (the benchmark does).
    """

    __slots__ = (
        "cap",
        "cell_region",
        "col_masks",
        "count",
        "deadline",
        "filter_after",
        "found",
        "keep",
        "kill_masks",
        "lattice_after",
        "layout",
        "n",
        "node_limit",
        "nodes",
        "region_masks",
        "root",
        "row_masks",
        "seconds",
        "units",
    )

    def __init__(
        self,
        board: Board | None,
        cap: int,
        node_limit: int | None = None,
        seconds: float | None = None,
        keep: int | None = None,
        region_map: tuple[list[int], list[int]] | None = None,
    ):
        #: Solutions kept in ``found`` (None: all); ``count`` counts them all, so a
        #: count to a million does not hold a million masks.
        self.keep = keep
        self.count = 0
        self.node_limit = node_limit
        self.seconds = seconds
        self.deadline: float | None = None
        self.root = (0, 0)
        self.cap = cap
        self.found: list[int] = []
        self.nodes = 0
        if board is not None:
            self.n = board.n
            self.cell_region = board.cell_region
            self.kill_masks = board.kill_masks
            self.row_masks = board.row_masks
            self.col_masks = board.col_masks
            self.region_masks = board.region_masks
            # Laid out when the matching filter first needs them: most searches end before.
            self.layout = 0
            self.units = board.row_masks + board.col_masks + board.region_masks
            #: Nodes before the matching filter runs, and the node at which the lattice
            #: test runs (-1: never).
            self.filter_after = 0
            self.lattice_after = LATTICE_AFTER
            return
        assert region_map is not None, "a search needs a board or a region map"
        cell_region, region_masks = region_map
        n = len(region_masks)
        rows, cols, lines_and_ring = size_geometry(n)
        self.n = n
        self.cell_region = tuple(cell_region)
        # A kill mask with the cell itself in it is the same to the search, which kills
        # the cell along with its kill mask (and the list is made for every check).
        self.kill_masks = tuple(
            [ring | region_masks[k] for ring, k in zip(lines_and_ring, cell_region, strict=True)]
        )
        self.row_masks = rows
        self.col_masks = cols
        self.region_masks = tuple(region_masks)
        self.layout = 0
        self.units = rows + cols + self.region_masks
        self.filter_after = MAP_SINGLES_NODES
        self.lattice_after = -1

    @classmethod
    def of_map(cls, cell_region: list[int], region_masks: list[int], cap: int) -> Search:
        """A search over a region map given by the region of every cell and each region's
        mask, for a caller that changes a map cell by cell and checks it after each change
        (the generator): it skips building a :class:`Board` (and its connectivity check)
        every time, runs the matching filter only once it has visited
        :data:`MAP_SINGLES_NODES` nodes, and never the lattice test (the generator's maps
        always hold the solution they were grown from, so it could prove nothing)."""
        return cls(None, cap, region_map=(cell_region, region_masks))

    def run(self, live: int, queens: int) -> list[int]:
        """Collect up to ``cap`` solutions (queen masks) below the given node.

        Raises :class:`SearchLimitExceeded` past the budget."""
        if self.cap >= 1:
            if self.seconds is not None:
                self.deadline = time.perf_counter() + self.seconds
            # Cells past the board (a state of a larger board) are in no unit, so the
            # search never looks at them, but the filter's blocks would overlap.
            live &= (1 << (self.n * self.n)) - 1
            self.root = (live, queens)
            try:
                if self.lattice_after < 0 and self.node_limit is None and self.seconds is None:
                    self._search_map(live, queens, self.units[: 2 * self.n], self.region_masks)
                else:
                    self._search(live, queens, self.units[: 2 * self.n], self.region_masks)
            except _NoSolution:
                self.found.clear()
                self.count = 0
            except SearchLimitExceeded as err:
                err.found = list(self.found)
                err.count = self.count
                raise
        return self.found

    def _search(
        self,
        live: int,
        queens: int,
        lines: tuple[int, ...] | list[int],
        regions: tuple[int, ...] | list[int],
    ) -> None:
        """One node of a board search: its budget and the lattice test, then the singles
        and the matching filter to a fixed point over ``lines`` (rows, then columns) and
        ``regions``, the units still open above the node in their order (a unit with its
        queen never opens again, and skipping it is what a node spends most on otherwise).
        It branches on the open unit with the fewest live cells (the first of them in unit
        order), read off the last pass of the singles, which placed nothing, so saw the
        node as it branches; that pass also tells the filter the fewest live cells of an
        open line."""
        self.nodes += 1
        nodes = self.nodes
        if self.node_limit is not None or self.deadline is not None:
            check_budget(nodes, self.node_limit, self.deadline, self.seconds)
        if nodes == self.lattice_after and not self.count and not self._root_has_cover():
            raise _NoSolution
        kill_masks = self.kill_masks
        n = self.n
        filtering = nodes >= self.filter_after
        clean: list[tuple[int, ...]] = [(), (), ()]
        while True:
            placed = True
            while placed:
                placed = False
                best = 0
                best_count = n * n
                for mask in lines:
                    # Most units are open with two cells or more: they are asked first;
                    # a unit without a live cell is closed by its queen, or kills the node.
                    cells = live & mask
                    if cells & (cells - 1):
                        if not placed:
                            size = cells.bit_count()
                            if size < best_count:
                                best, best_count = cells, size
                    elif cells:
                        queens |= cells
                        live &= ~(kill_masks[cells.bit_length() - 1] | cells)
                        placed = True
                    elif not mask & queens:
                        return
                line_least = best_count
                for mask in regions:
                    cells = live & mask
                    if cells & (cells - 1):
                        if not placed:
                            size = cells.bit_count()
                            if size < best_count:
                                best, best_count = cells, size
                    elif cells:
                        queens |= cells
                        live &= ~(kill_masks[cells.bit_length() - 1] | cells)
                        placed = True
                    elif not mask & queens:
                        return
            if not filtering or not best:
                break
            filtered = self._filter(live, clean, 2 * line_least > n - queens.bit_count())
            if filtered is None:
                return
            if filtered == live:
                break
            live = filtered
        if not best:
            self.count += 1
            if self.keep is None or len(self.found) < self.keep:
                self.found.append(queens)
            return
        lines = [mask for mask in lines if not mask & queens]
        regions = [mask for mask in regions if not mask & queens]
        cap = self.cap
        while best:
            low = best & -best
            best ^= low
            self._search(
                live & ~(kill_masks[low.bit_length() - 1] | low), queens | low, lines, regions
            )
            if self.count >= cap:
                return
            # The branches are disjoint: later siblings may assume this cell is empty.
            live &= ~low

    def _search_map(
        self,
        live: int,
        queens: int,
        lines: tuple[int, ...] | list[int],
        regions: tuple[int, ...] | list[int],
    ) -> None:
        """:meth:`_search` for a map search (:meth:`of_map`: no budget, no lattice test):
        the same nodes in the same order, without their checks. The generator runs
        tens of thousands of these small searches a second, and the general search's
        per-node checks and lookups cost a good part of each."""
        self.nodes += 1
        kill_masks = self.kill_masks
        n = self.n
        clean: list[tuple[int, ...]] = [(), (), ()]
        while True:
            placed = True
            while placed:
                placed = False
                best = 0
                best_count = n * n
                for mask in lines:
                    # Most units are open with two cells or more: they are asked first;
                    # a unit without a live cell is closed by its queen, or kills the node.
                    cells = live & mask
                    if cells & (cells - 1):
                        if not placed:
                            size = cells.bit_count()
                            if size < best_count:
                                best, best_count = cells, size
                    elif cells:
                        queens |= cells
                        live &= ~(kill_masks[cells.bit_length() - 1] | cells)
                        placed = True
                    elif not mask & queens:
                        return
                line_least = best_count
                for mask in regions:
                    cells = live & mask
                    if cells & (cells - 1):
                        if not placed:
                            size = cells.bit_count()
                            if size < best_count:
                                best, best_count = cells, size
                    elif cells:
                        queens |= cells
                        live &= ~(kill_masks[cells.bit_length() - 1] | cells)
                        placed = True
                    elif not mask & queens:
                        return
            if self.nodes < self.filter_after or queens.bit_count() == n:
                break
            filtered = self._filter(live, clean, 2 * line_least > n - queens.bit_count())
            if filtered is None:
                return
            if filtered == live:
                break
            live = filtered
        if not best:
            self.count += 1
            if self.keep is None or len(self.found) < self.keep:
                self.found.append(queens)
            return
        lines = [mask for mask in lines if not mask & queens]
        regions = [mask for mask in regions if not mask & queens]
        cap = self.cap
        while best:
            low = best & -best
            best ^= low
            self._search_map(
                live & ~(kill_masks[low.bit_length() - 1] | low), queens | low, lines, regions
            )
            if self.count >= cap:
                return
            live &= ~low

    def _root_has_cover(self) -> bool:
        """The lattice test on the root's open units and live cells (False: no solution)."""
        live, queens = self.root
        n = self.n
        cell_region = self.cell_region
        open_units = [index for index, mask in enumerate(self.units) if not mask & queens]
        cells = []
        rest = live
        while rest:
            low = rest & -rest
            rest ^= low
            cell = low.bit_length() - 1
            r, c = divmod(cell, n)
            cells.append((r, n + c, 2 * n + cell_region[cell]))
        return has_integer_cover(cells, open_units)

    def _filter(self, live: int, clean: list[tuple[int, ...]], lines_clean: bool) -> int | None:
        """Kill the cells whose row-column, region-row or region-column pairing lies in
        no perfect matching; None when one of the three graphs has no perfect matching.

        ``clean`` holds, per graph, its edges the last time this node filtered it (what
        was left once its dead edges were gone, so every edge lay in a perfect matching):
        a graph whose edges are still those kills nothing and is not filtered again. The
        cells killed are the same whichever graphs run first (an edge that lies in no
        perfect matching lies in none of a smaller graph either), so the node's fixed
        point is too. So it returns after the first graph that kills: the singles run on
        what that left, and the next call reads the other graphs afresh (read before
        those kills, they would have to be filtered again anyway).

        ``lines_clean`` says every open row and column has more live cells than half the
        k open rows, so the row-column graph kills nothing and is skipped: a dead edge or
        a missing matching needs s rows whose cells lie in at most s columns, each of
        those rows then having at most s cells, and the other k - s columns meeting only
        the other k - s rows, so at most k - s cells each; every line having more than k/2
        cells rules out both."""
        n = self.n
        lines = _lines(n)
        layout = self.layout
        if not layout:
            layout = self.layout = lines.layout(self.region_masks)
        spread = live * lines.everywhere
        region_masks = self.region_masks
        # Closed units have no live cell (the singles killed them), so no edge: the
        # graphs are over the open units without asking which those are.
        # The region graphs do nearly all the killing; the columns' reading costs least.
        for graph in (1, 0) if lines_clean else (1, 0, 2):
            if graph == 0:
                edges = lines.rows(spread & layout)
                lefts, across = region_masks, self.row_masks
            elif graph == 1:
                edges = lines.columns(spread & layout)
                lefts, across = region_masks, self.col_masks
            else:
                edges = lines.columns(spread & lines.rows_layout)
                lefts, across = self.row_masks, self.col_masks
            if edges == clean[graph]:
                continue
            dead = _dead_edges(edges, n)
            if dead is None:
                return None
            if dead:
                kept = list(edges)
                for left, lost in dead:
                    kept[left] ^= lost
                    unit = lefts[left]
                    while lost:
                        low = lost & -lost
                        lost ^= low
                        live &= ~(unit & across[low.bit_length() - 1])
                clean[graph] = tuple(kept)
                return live
            clean[graph] = edges
        return live


def _dead_edges(edges: tuple[int, ...], n: int) -> list[tuple[int, int]] | None:
    """The edges of a bipartite graph that lie in no perfect matching, as (left vertex,
    mask of its right neighbours so lost) pairs; None when there is no perfect matching.

    ``edges`` holds each left vertex's right neighbours (0: no such vertex); the graph
    has as many right vertices in its edges as left vertices with edges (a search node's
    open units). :func:`~queens_core.engine.matching.dead_edges` for the search: on a
    list, in one function, for a filter that runs at every node. It works on the right
    vertices: ``r -> s`` when the partner of ``r`` has an edge to ``s``; an edge from the
    partner of ``r`` to ``s`` lies in a perfect matching iff ``r`` and ``s`` lie in one
    strongly connected component of that graph (the first is usually everything)."""
    owner = [-1] * n
    # Per right vertex, its partner's neighbours: the vertices it leads to.
    ahead = [0] * n
    taken = 0
    pending = None
    left = -1
    for neighbours in edges:
        left += 1
        if neighbours:
            # Greedy first (its lowest free neighbour): most vertices match without an
            # augmenting path.
            free = neighbours & ~taken
            if free:
                low = free & -free
                taken |= low
                right = low.bit_length() - 1
                owner[right] = left
                ahead[right] = neighbours
            elif pending is None:
                pending = [left]
            else:
                pending.append(left)
    if pending is not None:
        for left in pending:
            # A neighbour's partner that has a free neighbour of its own moves there (the
            # shortest augmenting path, which most of them are); else a full search.
            rest = edges[left]
            while rest:
                low = rest & -rest
                rest ^= low
                right = low.bit_length() - 1
                partner = owner[right]
                free = ahead[right] & ~taken
                if free:
                    spare = free & -free
                    taken |= spare
                    spot = spare.bit_length() - 1
                    owner[spot] = partner
                    ahead[spot] = ahead[right]
                    owner[right] = left
                    ahead[right] = edges[left]
                    break
            else:
                if not _augment(edges, owner, left, [0]):
                    return None
                taken = 0
                for right, partner in enumerate(owner):
                    if partner >= 0:
                        taken |= 1 << right
                        ahead[right] = edges[partner]
    # Every open right vertex has an edge (the singles left none empty), and there are
    # as many as left vertices: a perfect matching takes them all.
    everyone = taken
    dead: list[tuple[int, int]] = []
    remaining = everyone
    while remaining:
        first = remaining & -remaining
        forward = first
        todo = first
        while todo:
            low = todo & -todo
            todo ^= low
            new = ahead[low.bit_length() - 1] & remaining & ~forward
            if new:
                forward |= new
                todo |= new
        component = first
        if forward != first:
            grew = True
            while grew:
                grew = False
                rest = forward & ~component
                while rest:
                    low = rest & -rest
                    rest ^= low
                    if ahead[low.bit_length() - 1] & component:
                        component |= low
                        grew = True
        if component == everyone:
            return dead
        members = component
        while members:
            low = members & -members
            members ^= low
            out = ahead[low.bit_length() - 1] & ~component
            if out:
                dead.append((owner[low.bit_length() - 1], out))
        remaining &= ~component
    return dead


def _augment(edges: tuple[int, ...], owner: list[int], left: int, seen: list[int]) -> bool:
    """Match ``left`` along an augmenting path, if there is one (``seen``: the right
    vertices this search has been through, in a one-item list)."""
    candidates = edges[left] & ~seen[0]
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        seen[0] |= low
        right = low.bit_length() - 1
        if owner[right] < 0 or _augment(edges, owner, owner[right], seen):
            owner[right] = left
            return True
    return False


def search(
    board: Board, cap: int, live: int, queens: int, node_limit: int | None, seconds: float | None
) -> list[int]:
    """The K = 1 strategy of :func:`~queens_core.referee.exact.find_solutions`, from the
    root node ``live``, ``queens`` (:func:`~queens_core.referee.budget.root`)."""
    return Search(board, cap, node_limit, seconds).run(live, queens)


def survey(
    board: Board, cap: int, keep: int, seconds: float | None = None
) -> tuple[int, list[int]]:
    """Count the solutions up to ``cap`` and keep the first ``keep`` of them (what
    ``queens check`` needs: a count, and a few solutions to show and compare with the
    rules). Raises :class:`SearchLimitExceeded` past ``seconds``."""
    start = root(board, None)
    assert start is not None
    search = Search(board, cap, seconds=seconds, keep=keep)
    found = search.run(*start)
    return search.count, found

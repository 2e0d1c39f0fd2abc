"""An exact solver: depth-first search over bitboards, most-constrained unit first.

It is the referee of the rules (the tests compare every deduction with it) and the
engine of uniqueness checks (``queens check``). It guesses, so it is never used to
*solve* a board for the user.

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

import time

from ..engine.board import Board, size_geometry
from ..engine.matching import dead_edges
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
#: Each region's parts in the rows (columns) it meets, as (line, cells) pairs.
RegionParts = tuple[tuple[tuple[int, int], ...], ...]


def _region_parts(
    cell_region: tuple[int, ...], region_masks: tuple[int, ...], lines: tuple[int, ...], step: int
) -> RegionParts:
    """Each region's parts in the given lines (rows: ``step`` N, columns: 1), found from
    the regions each line holds (a few) rather than by trying every region on every line."""
    n = len(lines)
    stride = n if step == 1 else 1
    parts: list[list[tuple[int, int]]] = [[] for _ in region_masks]
    for index, line in enumerate(lines):
        first = index * step
        for k in set(cell_region[first : first + n * stride : stride]):
            parts[k].append((index, region_masks[k] & line))
    return tuple(tuple(p) for p in parts)


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
        "n",
        "node_limit",
        "nodes",
        "region_col_parts",
        "region_masks",
        "region_row_parts",
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
            # Cut when the matching filter first runs (below): most searches end before.
            self.region_row_parts: RegionParts = ()
            self.region_col_parts: RegionParts = ()
            self.units = tuple(mask for _, _, mask in board.units)
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
        # The filter's region slices are cut when it first runs: most searches end before.
        self.region_row_parts = self.region_col_parts = ()
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
            self.root = (live, queens)
            try:
                if self.lattice_after < 0 and self.node_limit is None and self.seconds is None:
                    self._search_map(live, queens, self.units)
                else:
                    self._search(live, queens, self.units)
            except _NoSolution:
                self.found.clear()
                self.count = 0
            except SearchLimitExceeded as err:
                err.found = list(self.found)
                err.count = self.count
                raise
        return self.found

    def _search(self, live: int, queens: int, units: tuple[int, ...] | list[int]) -> None:
        """One node of a board search: its budget and the lattice test, then the singles
        and the matching filter to a fixed point over ``units``, the units still open
        above the node in their order (a unit with its queen never opens again, and
        skipping it is what a node spends most on otherwise). It branches on the open unit
        with the fewest live cells (the first of them in unit order), read off the last
        pass of the singles, which placed nothing, so saw the node as it branches."""
        self.nodes += 1
        nodes = self.nodes
        if self.node_limit is not None or self.deadline is not None:
            check_budget(nodes, self.node_limit, self.deadline, self.seconds)
        if nodes == self.lattice_after and not self.count and not self._root_has_cover():
            raise _NoSolution
        kill_masks = self.kill_masks
        n = self.n
        filtering = nodes >= self.filter_after
        while True:
            placed = True
            while placed:
                placed = False
                best = 0
                best_count = n * n
                for mask in units:
                    if mask & queens:
                        continue
                    cells = live & mask
                    if not cells:
                        return
                    if not cells & (cells - 1):
                        queens |= cells
                        live &= ~(kill_masks[cells.bit_length() - 1] | cells)
                        placed = True
                    elif not placed:
                        size = cells.bit_count()
                        if size < best_count:
                            best, best_count = cells, size
            if not filtering or not best:
                break
            filtered = self._filter(live, queens)
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
        units = [mask for mask in units if not mask & queens]
        cap = self.cap
        while best:
            low = best & -best
            best ^= low
            self._search(live & ~(kill_masks[low.bit_length() - 1] | low), queens | low, units)
            if self.count >= cap:
                return
            # The branches are disjoint: later siblings may assume this cell is empty.
            live &= ~low

    def _search_map(self, live: int, queens: int, units: tuple[int, ...] | list[int]) -> None:
        """:meth:`_search` for a map search (:meth:`of_map`: no budget, no lattice test):
        the same nodes in the same order, without their checks. The generator runs
        tens of thousands of these small searches a second, and the general search's
        per-node checks and lookups cost a good part of each."""
        self.nodes += 1
        kill_masks = self.kill_masks
        n = self.n
        while True:
            placed = True
            while placed:
                placed = False
                best = 0
                best_count = n * n
                for mask in units:
                    if mask & queens:
                        continue
                    cells = live & mask
                    if not cells:
                        return
                    if not cells & (cells - 1):
                        queens |= cells
                        live &= ~(kill_masks[cells.bit_length() - 1] | cells)
                        placed = True
                    elif not placed:
                        size = cells.bit_count()
                        if size < best_count:
                            best, best_count = cells, size
            if self.nodes < self.filter_after or queens.bit_count() == n:
                break
            filtered = self._filter(live, queens)
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
        units = [mask for mask in units if not mask & queens]
        cap = self.cap
        while best:
            low = best & -best
            best ^= low
            self._search_map(live & ~(kill_masks[low.bit_length() - 1] | low), queens | low, units)
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

    def _filter(self, live: int, queens: int) -> int | None:
        """Kill the cells whose row-column, region-row or region-column pairing lies in
        no perfect matching; None when one of the three graphs has no perfect matching."""
        n = self.n
        row_masks = self.row_masks
        col_masks = self.col_masks
        region_masks = self.region_masks
        if not self.region_row_parts:
            self.region_row_parts = _region_parts(self.cell_region, region_masks, row_masks, n)
            self.region_col_parts = _region_parts(self.cell_region, region_masks, col_masks, 1)

        open_regions = [k for k in range(n) if not region_masks[k] & queens]
        for parts, lines in (
            (self.region_row_parts, row_masks),
            (self.region_col_parts, col_masks),
        ):
            edges = {}
            for k in open_regions:
                reached = 0
                for index, part in parts[k]:
                    if live & part:
                        reached |= 1 << index
                edges[k] = reached
            dead = dead_edges(edges, n)
            if dead is None:
                return None
            for k, lost in dead.items():
                region = region_masks[k]
                while lost:
                    low = lost & -lost
                    lost ^= low
                    live &= ~(region & lines[low.bit_length() - 1])

        first_row = (1 << n) - 1
        edges = {r: (live >> (r * n)) & first_row for r in range(n) if not row_masks[r] & queens}
        dead = dead_edges(edges, n)
        if dead is None:
            return None
        for r, lost in dead.items():
            live &= ~(lost << (r * n))
        return live


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

"""Flow counting: rows × regions (and columns × regions) as a transportation problem.

Write x(l, r) for the stars region r puts into line l. In any solution every line holds K
stars, every region holds K, and x(l, r) lies between the stars already placed there
(*lo*) and that plus the most pairwise non-touching live cells of r in l (*hi*, its
*room*). So the solution's counts are an integral feasible flow of the network
lines → regions with those bounds and every line's and region's total fixed at K; any
bound that holds for every feasible flow holds in the solution.

One feasible flow is found by augmenting paths; two feasible flows differ by a
circulation among the line and region nodes (the totals are fixed), so x(l, r) can rise
(fall) in some feasible flow exactly when its edge has room that way in the residual
graph and l and r lie in one strongly connected component of it. One flow and one pass
over the components give every pair's least and most.

A pair that can never rise above its lo keeps its live cells empty; a pair that can never
fall below its hi fills its room, which puts a star on every other cell of each run of
odd length it has in the line. The sentence of a step names a group of lines and regions
whose totals force the bound (a set closed in the residual graph): see
:func:`closed_group`.
"""

from __future__ import annotations

from collections import deque

from queens_core import Board, Context, Contradiction, Scratch, State

from .details import Flow

Ctx = Context | Scratch


def _line_cells(board: Board, kind: str) -> tuple[int, ...]:
    return board.row_masks if kind == "rows" else board.col_masks


def _runs(board: Board, kind: str, cells: int) -> list[list[int]]:
    """The maximal runs of adjacent cells of ``cells`` (all in one line), each in order."""
    n = board.n
    step = 1 if kind == "rows" else n
    found: list[list[int]] = []
    previous = -2 * n
    cell = 0
    remaining = cells
    while remaining:
        low = remaining & -remaining
        cell = low.bit_length() - 1
        remaining ^= low
        if found and cell - previous == step:
            found[-1].append(cell)
        else:
            found.append([cell])
        previous = cell
    return found


def room(board: Board, kind: str, cells: int) -> int:
    """The most stars the live ``cells`` of one line can take: no two adjacent in the
    line, so ⌈length / 2⌉ for each run of adjacent cells."""
    return sum((len(run) + 1) // 2 for run in _runs(board, kind, cells))


class Network:
    """The transportation problem of one direction (rows or columns) on one state:
    ``lo[li][r]``, ``hi[li][r]`` and, after :meth:`solve`, a feasible ``x[li][r]``."""

    def __init__(self, board: Board, state: State, kind: str) -> None:
        self.board = board
        self.kind = kind
        n = board.n
        k = board.stars
        lines = _line_cells(board, kind)
        self.cells = [
            [state.live & line & region for region in board.region_masks] for line in lines
        ]
        self.lo = [
            [(state.queens & line & region).bit_count() for region in board.region_masks]
            for line in lines
        ]
        self.hi = [
            [
                self.lo[li][r] + min(room(board, kind, self.cells[li][r]), k - self.lo[li][r])
                if self.cells[li][r]
                else self.lo[li][r]
                for r in range(n)
            ]
            for li in range(n)
        ]
        self.x = [row[:] for row in self.lo]

    def solve(self) -> bool:
        """Find a feasible flow (into ``x``); False when there is none."""
        n = self.board.n
        k = self.board.stars
        x, hi = self.x, self.hi
        supply = [k - sum(x[li]) for li in range(n)]
        demand = [k - sum(x[li][r] for li in range(n)) for r in range(n)]
        if min(supply) < 0 or min(demand) < 0 or sum(supply) != sum(demand):
            return False
        # Greedy first, then augmenting paths for what it leaves.
        for li in range(n):
            for r in range(n):
                take = min(supply[li], demand[r], hi[li][r] - x[li][r])
                if take > 0:
                    x[li][r] += take
                    supply[li] -= take
                    demand[r] -= take
        while any(supply):
            if not self._augment(supply, demand):
                return False
        return True

    def _augment(self, supply: list[int], demand: list[int]) -> bool:
        """One unit along a shortest residual path from a line with supply left to a
        region with demand left (nodes: lines 0..n−1, regions n..2n−1)."""
        n = self.board.n
        x, lo, hi = self.x, self.lo, self.hi
        parent: dict[int, int] = {li: -1 for li in range(n) if supply[li]}
        queue = deque(parent)
        while queue:
            node = queue.popleft()
            if node < n:
                nexts = (n + r for r in range(n) if x[node][r] < hi[node][r])
            else:
                r = node - n
                if demand[r]:
                    self._push(parent, node, supply, demand)
                    return True
                nexts = (li for li in range(n) if x[li][r] > lo[li][r])
            for other in nexts:
                if other not in parent:
                    parent[other] = node
                    queue.append(other)
        return False

    def _push(self, parent: dict[int, int], end: int, supply: list[int], demand: list[int]) -> None:
        n = self.board.n
        demand[end - n] -= 1
        node = end
        while parent[node] != -1:
            before = parent[node]
            if node >= n:
                self.x[before][node - n] += 1
            else:
                self.x[node][before - n] -= 1
            node = before
        supply[node] -= 1

    def successors(self, node: int) -> list[int]:
        """Residual edges: line → region while x < hi, region → line while x > lo."""
        n = self.board.n
        if node < n:
            return [n + r for r in range(n) if self.x[node][r] < self.hi[node][r]]
        r = node - n
        return [li for li in range(n) if self.x[li][r] > self.lo[li][r]]

    def predecessors(self, node: int) -> list[int]:
        n = self.board.n
        if node < n:
            return [n + r for r in range(n) if self.x[node][r] > self.lo[node][r]]
        r = node - n
        return [li for li in range(n) if self.x[li][r] < self.hi[li][r]]

    def reach(self, start: int, backward: bool = False) -> set[int]:
        step = self.predecessors if backward else self.successors
        seen = {start}
        stack = [start]
        while stack:
            for other in step(stack.pop()):
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        return seen

    def components(self) -> list[int]:
        """The strongly connected component of each node of the residual graph."""
        nodes = 2 * self.board.n
        order: list[int] = []
        seen = [False] * nodes
        for start in range(nodes):
            if seen[start]:
                continue
            seen[start] = True
            stack = [(start, iter(self.successors(start)))]
            while stack:
                node, it = stack[-1]
                for other in it:
                    if not seen[other]:
                        seen[other] = True
                        stack.append((other, iter(self.successors(other))))
                        break
                else:
                    stack.pop()
                    order.append(node)
        component = [-1] * nodes
        label = 0
        for start in reversed(order):
            if component[start] != -1:
                continue
            component[start] = label
            stack2 = [start]
            while stack2:
                for other in self.predecessors(stack2.pop()):
                    if component[other] == -1:
                        component[other] = label
                        stack2.append(other)
            label += 1
        return component


def closed_group(net: Network, line: int, region: int, what: str) -> tuple:
    """A group of lines and regions whose totals force the step's bound, as (form, lines,
    regions, amount), the smaller of two choices.

    Form "closed": no residual edge leaves the group, so every pair (line in, region
    out) is at its hi and every pair (line out, region in) at its lo; amount is the sum
    of the hi (for an "empty" step, whose pair is line out, region in) or of the lo (for
    a "fill" step, pair line in, region out) of the other crossing. Form "open": no
    residual edge enters the group, so (line in, region out) is at lo and (line out,
    region in) at hi; amount as above for its crossings.
    """
    n = net.board.n
    if what == "empty":
        closed = net.reach(n + region)  # holds the region, not the line
        opened = net.reach(line, backward=True)  # holds the line, not the region
    else:
        closed = net.reach(line)
        opened = net.reach(n + region, backward=True)
    choices = []
    for form, group in (("closed", closed), ("open", opened)):
        lines = tuple(sorted(v for v in group if v < n))
        regions = tuple(sorted(v - n for v in group if v >= n))
        outside_lines = [v for v in range(n) if v not in lines]
        outside_regions = [r for r in range(n) if r not in regions]
        if form == "closed":
            # in-lines × out-regions at hi, out-lines × in-regions at lo
            high = sum(net.hi[li][r] for li in lines for r in outside_regions)
            low = sum(net.lo[li][r] for li in outside_lines for r in regions)
            amount = high if what == "empty" else low
            usable = (lines and regions) if what == "empty" else lines
        else:
            # in-lines × out-regions at lo, out-lines × in-regions at hi
            low = sum(net.lo[li][r] for li in lines for r in outside_regions)
            high = sum(net.hi[li][r] for li in outside_lines for r in regions)
            amount = high if what == "empty" else low
            usable = (lines and regions) if what == "empty" else regions
        if usable:
            choices.append((len(group), form, lines, regions, amount))
    if not choices:
        return ()
    _, form, lines, regions, amount = min(choices)
    return (form, lines, regions, amount)


def _flow(kind: str, line: int, region: int, what: str, group: tuple, share: int) -> Flow:
    """The detail of a step forced by ``group`` (:func:`closed_group`'s)."""
    form, lines, regions, amount = group
    return Flow(kind, line, region, what, form, lines, regions, amount, share)


def _touched_by_every_half(board: Board, run: list[int]) -> int:
    """The cells outside a run of even length 2m that touch a star of every way to put
    m pairwise non-touching stars on it."""
    rings = board.kill_masks
    inside = sum(1 << cell for cell in run)
    common = -1

    def extend(start: int, left: int, ring: int) -> None:
        nonlocal common
        if not left:
            common &= ring
            return
        for i in range(start, len(run) - 2 * left + 2):
            extend(i + 2, left - 1, ring | rings[run[i]])

    extend(0, len(run) // 2, 0)
    return common & ~inside if common != -1 else 0


def flow_counting(ctx: Ctx) -> bool:
    """Rows against regions, then columns against regions: a pair that no feasible
    count of stars lets rise above the stars already there has its live cells emptied;
    a pair that none lets fall below its room fills it (a star on every other cell of
    each run of odd length; a run of even length holds half its length, so a cell
    outside it touching a star of every such way is empty).

    Sound: the solution's counts x(l, r) are one feasible flow (see the module's
    docstring), so a bound every feasible flow keeps holds for them; a pair at its room
    has, in each run of adjacent live cells, ⌈length / 2⌉ non-touching stars, which in a
    run of odd length means every other cell from its first, and in one of even length
    one of the ways to put half its length there. With no feasible flow at
    all the state has no solution: a :class:`~queens_core.Contradiction`.

    A step's detail is ``("flow", kind, line, region, what, form, lines, regions,
    amount, share)``: what is "empty" or "fill", share the pair's lo or hi, and the rest
    the group of :func:`closed_group` that forces it.
    """
    board = ctx.board
    state = ctx.state
    n = board.n
    changed = False
    for kind in ("rows", "columns"):
        net = Network(board, state, kind)
        if not net.solve():
            raise Contradiction(
                f"the {kind} and the regions cannot share out their stars: no count of "
                f"stars gives every {kind[:-1]} and region {board.stars} with each "
                f"{kind[:-1]}'s share of a region within the room its live cells leave"
            )
        component = net.components()
        for li in range(n):
            for r in range(n):
                cells = net.cells[li][r] & state.live
                if not cells or component[li] == component[n + r]:
                    continue
                if net.x[li][r] == net.lo[li][r]:
                    group = closed_group(net, li, r, "empty")
                    if group and ctx.kill(cells, _flow(kind, li, r, "empty", group, net.lo[li][r])):
                        changed = True
                elif net.x[li][r] == net.hi[li][r] and net.hi[li][r] - net.lo[li][r] == room(
                    board, kind, net.cells[li][r]
                ):
                    group = closed_group(net, li, r, "fill")
                    if not group:
                        continue
                    detail = _flow(kind, li, r, "fill", group, net.hi[li][r])
                    for run in _runs(board, kind, net.cells[li][r]):
                        if len(run) % 2:
                            for cell in run[::2]:
                                if state.live >> cell & 1:
                                    ctx.place(cell, detail)
                                    changed = True
                        else:
                            doomed = _touched_by_every_half(board, run) & state.live
                            if doomed and ctx.kill(doomed, detail):
                                changed = True
    return changed

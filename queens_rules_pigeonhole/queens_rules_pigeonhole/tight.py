"""The work of N-regions-in-N-lines: the graph, its perfect matching, the tight sets.

Its own module, free of plugin hooks, so that the optional compiled build
(scripts/build_compiled.py) can compile it; the package is the same without it. The
package's docstring has the glossary.
"""

from __future__ import annotations

from queens_core import Board, Context, Contradiction, State
from queens_core.matching import augment_all, hall_violator, maximum_matching

from .details import RegionsInLines

ROWS = "row"
COLUMNS = "column"


def _lines(board: Board, kind: str) -> tuple[int, ...]:
    """The line masks of ``kind``."""
    return board.row_masks if kind == ROWS else board.col_masks


def graph(board: Board, state: State, kind: str) -> dict[int, int]:
    """Region index -> bitmask of the line indices where it has live cells (queenless
    regions only)."""
    live = state.live
    queens = state.queens
    last_bits, other_bits, folds, first_row, gather, top = board.line_cover
    edges = {}
    if kind == ROWS:  # rows_met and columns_met of queens_core.board, inline (every pass)
        # rows_met shifts the rows' last bits down to their first before it gathers them;
        # gathering them where they are and shifting the product that much further is
        # the same number (no bit is lost below them) for one operation less a region.
        top += board.n - 1
        for k, region in enumerate(board.region_masks):
            if not queens & region:
                cells = live & region
                ends = (((cells & other_bits) + other_bits) | cells) & last_bits
                edges[k] = (ends * gather >> top) & first_row
    else:
        for k, region in enumerate(board.region_masks):
            if not queens & region:
                cells = live & region
                for shift in folds:
                    cells |= cells >> shift
                edges[k] = cells & first_row
    return edges


def _bits(mask: int) -> list[int]:
    # Not queens_core.board.bits: a list built in a loop is about a third faster than
    # list() of that generator for the few bits seen here, on every pass of the solve.
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _counted(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _hall_message(board: Board, kind: str, regions: list[int], lines: int) -> str:
    """One line for a set of regions with fewer lines than regions, e.g. "regions 'A',
    'B' have live cells only in column 2: 2 queens cannot fit in 1 column"."""
    names = ", ".join(repr(board.letters[k]) for k in regions)
    who = f"region {names} has" if len(regions) == 1 else f"regions {names} have"
    indices = _bits(lines)
    if not indices:
        return f"{who} no live cell in a {kind} without a queen"
    where = ", ".join(str(i + 1) for i in indices)
    return (
        f"{who} live cells only in {kind if len(indices) == 1 else kind + 's'} {where}: "
        f"{_counted(len(regions), 'queen')} cannot fit in {_counted(len(indices), kind)}"
    )


def _still_perfect(edges: dict[int, int], owner: list[int]) -> bool:
    """Whether a perfect matching of an earlier graph is one of ``edges`` (the same left
    vertices, fewer edges): then no new matching needs to be searched."""
    matched = 0
    for right, left in enumerate(owner):
        if left >= 0:
            if not edges.get(left, 0) >> right & 1:
                return False
            matched += 1
    return matched == len(edges)


def tight_kills(
    board: Board,
    state: State,
    kind: str,
    edges: dict[int, int] | None = None,
    owner: list[int] | None = None,
) -> list[tuple[list[int], int, int]]:
    """The tight sets that kill something: (regions, line bitmask, cells to kill).

    ``edges`` is :func:`graph` of the state, if the caller has it already; ``owner`` a
    perfect matching of it, if the caller has one. Raises Contradiction when no perfect
    matching exists.
    """
    if edges is None:
        edges = graph(board, state, kind)
    if not edges:
        return []
    if owner is None:
        owner = _perfect_matching(board, kind, edges)
    # The alternating walk, told on the lines: from line r it reaches the lines of r's
    # partner region. The lines reached from the line matched to region w are the lines
    # of the smallest tight set holding w, and their partners are its regions (the
    # reach of matching.alternating_reach, without turning lines into regions at every
    # step).
    n = board.n
    reached = [0] * n
    distinct = set()
    # Per region, its matched line; and every matched line (made in the walk's loop,
    # which goes over the lines anyway: only a graph with kills reads them).
    line_of = [0] * n
    every_line = 0
    # Per line, the lines of its partner region: one list index in the walk below, not a
    # list index and a dict lookup.
    ahead = [edges[region] if region >= 0 else 0 for region in owner]
    line = -1
    for region in owner:
        line += 1
        if region < 0:
            continue
        line_of[region] = line
        bit = 1 << line
        every_line |= bit
        seen = ahead[line] | bit
        todo = seen ^ bit
        while todo:
            low = todo & -todo
            todo ^= low
            middle = low.bit_length() - 1
            known = reached[middle]
            if known:
                # A finished reach is closed: none of its lines needs expanding.
                seen |= known
                todo &= ~known
            else:
                further = ahead[middle] & ~seen
                seen |= further
                todo |= further
        reached[line] = seen
        distinct.add(seen)
    if sum(map(int.bit_count, distinct)) == len(edges):
        # The tight sets partition the lines: each is closed, no region outside one has
        # a live cell in its lines, and there is nothing to kill.
        return []
    line_masks = _lines(board, kind)
    region_masks = board.region_masks
    live = state.live
    out_list = []
    done = set()
    for k in edges:  # regions in letter order
        line = line_of[k]
        lines = reached[line]
        if lines == every_line or lines in done:
            continue
        done.add(lines)
        if lines == 1 << line:
            # The region alone, confined to its line (the commonest tight set): its cells
            # without a walk over the set's lines.
            cells = line_masks[line] & live & ~region_masks[k]
            if cells:
                out_list.append(([k], lines, cells))
            continue
        members = []
        cells = 0
        inside = 0
        rest = lines
        while rest:
            low = rest & -rest
            rest ^= low
            line = low.bit_length() - 1
            cells |= line_masks[line]
            partner = owner[line]
            members.append(partner)
            inside |= region_masks[partner]
        # Something to kill iff a region outside the set has a live cell in its lines.
        cells &= live & ~inside
        if cells:
            members.sort()
            out_list.append((members, lines, cells))
    return out_list


def _perfect_matching(board: Board, kind: str, edges: dict[int, int]) -> list[int]:
    """A perfect matching of ``edges`` as ``owner``; Contradiction when there is none."""
    owner, unmatched = maximum_matching(edges, board.n)
    if unmatched:
        raise _no_perfect_matching(board, kind, edges, owner, unmatched)
    return owner


def _no_perfect_matching(
    board: Board, kind: str, edges: dict[int, int], owner: list[int], unmatched: list[int]
) -> Contradiction:
    """The contradiction of a graph whose maximum matching ``owner`` leaves regions
    ``unmatched``: a set of regions with fewer lines than regions."""
    regions, lines = hall_violator(edges, owner, unmatched[0])
    return Contradiction(_hall_message(board, kind, regions, lines))


#: A kill's lines, as its detail names them, by their mask: the same few masks recur,
#: and a tuple made by a loop for each kill costs more than the look-up (fewer than
#: 2^17 masks, MAX_SIZE lines at most).
_LINE_INDICES: dict[int, tuple[int, ...]] = {}
#: The detail's word for each kind of line.
_PLURAL = {ROWS: "rows", COLUMNS: "columns"}


def _run(ctx: Context, kind: str) -> bool:
    """One kind of line. The cache keeps, per kind, what the last run left: the live
    cells and queens, the graph (when the run killed nothing) and a perfect matching.
    Live cells only die, so with the same queens the graph only loses edges, and a
    matching whose edges all remain is still perfect."""
    board = ctx.board
    state = ctx.state
    # ctx.cache without the property's call (it runs twice a pass); the property makes
    # the dict the first time.
    cache = state.caches.get(ctx.counter)
    if cache is None:
        cache = ctx.cache
    live = state.live
    queens = state.queens
    last = cache.get(kind)
    if last is not None and last[0] == live and last[1] == queens:
        return False  # nothing changed since the last run, which left nothing to kill
    # graph() inline, and with it greedy_matching (each region, in
    # letter order, takes its lowest free line): one loop over the regions, not two.
    last_bits, other_bits, folds, first_row, gather, top = board.line_cover
    n = board.n
    edges = {}
    owner = [-1] * n
    pending = []
    taken = 0
    k = -1
    by_rows = kind == ROWS
    if by_rows:
        top += n - 1  # as in graph(): the row ends gathered where they lie
    for region in board.region_masks:
        k += 1
        if not queens & region:
            cells = live & region
            if by_rows:
                ends = (((cells & other_bits) + other_bits) | cells) & last_bits
                lines = edges[k] = (ends * gather >> top) & first_row
            else:
                for shift in folds:
                    cells |= cells >> shift
                lines = edges[k] = cells & first_row
            free = lines & ~taken
            if free:
                low = free & -free
                taken |= low
                owner[low.bit_length() - 1] = k
            else:
                pending.append(k)
    if last is not None and last[1] == queens:
        if last[2] == edges:
            # Same graph as after the last run: every killable edge is gone.
            cache[kind] = (live, queens, edges, last[3])
            return False
        if _still_perfect(edges, last[3]):
            owner = last[3]
            pending = []
    if pending and not augment_all(edges, owner, pending):
        # No perfect matching: the contradiction names the regions of a maximum one.
        owner, unmatched = maximum_matching(edges, n)
        raise _no_perfect_matching(board, kind, edges, owner, unmatched)
    killed = False
    plural = _PLURAL[kind]
    for regions, lines, cells in tight_kills(board, state, kind, edges, owner):
        if not cells & state.live:
            continue  # an earlier kill of this run took them: no step, so no detail
        indices = _LINE_INDICES.get(lines)
        if indices is None:
            indices = _LINE_INDICES[lines] = tuple(_bits(lines))
        # The detail made from its tuple form, without a Python call: a cheap rule's.
        detail = ("regions", tuple(regions), plural, indices)
        ctx.kill(cells, tuple.__new__(RegionsInLines, detail))
        killed = True
    # After kills the graph is not kept (None): the next run with these queens builds it.
    # ``owner`` is still a perfect matching of what is left: it used none of the edges
    # the kills removed, which lie in no perfect matching.
    cache[kind] = (state.live, state.queens, None if killed else edges, owner)
    return killed


def apply_n_regions_in_n_lines(ctx: Context) -> None:
    """Rows first; columns only when the rows killed nothing (the catalog's order)."""
    if not _run(ctx, ROWS):
        _run(ctx, COLUMNS)

"""N-regions-in-N-lines, the pigeonhole rule, cheap tier, graded Hard.

If k regions have all their live cells inside k rows, those rows' queens belong to those
regions, so every other region's live cells in those rows are dead. Likewise for columns.

Glossary
--------
graph
    The bipartite graph between the regions that hold no queen yet and the rows (columns)
    that hold no queen yet, with an edge where the region has a live cell in the row.
    Units that already hold a queen stay out: counting them would be unsound.
tight set
    A set S of regions whose live cells meet exactly |S| rows. Its rows' queens are S's.

Rather than trying all 2^N sets of regions, the rule finds one perfect matching and then
the edges that lie in no perfect matching (the Dulmage–Mendelsohn view): an unmatched edge
from region u to the row matched to region w can be swapped in iff u and w lie on a
common alternating cycle, i.e. in the same strongly connected component of the graph
"u -> w when u has a live cell in w's matched row". Every other edge is exactly a cell set
some tight set kills; the tight set that explains it is the set of regions reachable
from w.
"""

from __future__ import annotations

from queens_core import Board, Context, Contradiction, Grade, Rule, State, Step, Tier, hookimpl
from queens_core.matching import alternating_reach, hall_violator, maximum_matching
from queens_core.words import capital, lines_words, region_name, region_short, regions_words

ROWS = "row"
COLUMNS = "column"


def _lines(board: Board, kind: str) -> tuple[tuple[int, ...], tuple]:
    """The line masks of ``kind`` and, per region, its (line index, cells) parts."""
    if kind == ROWS:
        return board.row_masks, board.region_row_masks
    return board.col_masks, board.region_col_masks


def graph(board: Board, state: State, kind: str) -> dict[int, int]:
    """Region index -> bitmask of the line indices where it has live cells (queenless
    regions only)."""
    live = state.live
    queens = state.queens
    _, region_lines = _lines(board, kind)
    edges = {}
    for k, region in enumerate(board.region_masks):
        if queens & region:
            continue
        lines = 0
        for index, part in region_lines[k]:
            if live & part:
                lines |= 1 << index
        edges[k] = lines
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
    reach = alternating_reach(edges, owner)
    groups = set(reach.values())
    if sum(group.bit_count() for group in groups) == len(edges):
        # The groups partition the regions: each is closed, no region outside one has a
        # live cell in its lines, and there is nothing to kill.
        return []
    keys = list(edges)
    everyone = sum(1 << k for k in keys)
    line_masks, _ = _lines(board, kind)
    region_masks = board.region_masks
    live = state.live
    out_list = []
    done = set()
    for k in keys:  # regions in letter order
        group = reach[k]
        if group == everyone or group in done:
            continue
        done.add(group)
        members = _bits(group)
        lines = 0
        inside = 0
        for w in members:
            lines |= edges[w]
            inside |= region_masks[w]
        cells = 0
        for line in _bits(lines):
            cells |= line_masks[line]
        cells &= live & ~inside
        if cells:
            out_list.append((members, lines, cells))
    return out_list


def _perfect_matching(board: Board, kind: str, edges: dict[int, int]) -> list[int]:
    """A perfect matching of ``edges`` as ``owner``; Contradiction when there is none."""
    owner, unmatched = maximum_matching(edges, board.n)
    if unmatched:
        regions, lines = hall_violator(edges, owner, unmatched[0])
        raise Contradiction(_hall_message(board, kind, regions, lines))
    return owner


def _run(ctx: Context, kind: str) -> bool:
    """One kind of line. The cache keeps, per kind, what the last run left: the live
    cells and queens, the graph and a perfect matching of it. Live cells only die, so
    with the same queens the graph only loses edges, and a matching whose edges all
    remain is still perfect."""
    board = ctx.board
    state = ctx.state
    cache = ctx.cache
    live = state.live
    queens = state.queens
    last = cache.get(kind)
    if last is not None and last[0] == live and last[1] == queens:
        return False  # nothing changed since the last run, which left nothing to kill
    edges = graph(board, state, kind)
    owner = None
    if last is not None and last[1] == queens:
        if last[2] == edges:
            # Same graph as after the last run: every killable edge is gone.
            cache[kind] = (live, queens, edges, last[3])
            return False
        if _still_perfect(edges, last[3]):
            owner = last[3]
    if owner is None:
        owner = _perfect_matching(board, kind, edges)
    killed = False
    for regions, lines, cells in tight_kills(board, state, kind, edges, owner):
        if ctx.kill(cells, ("regions", tuple(regions), kind + "s", tuple(_bits(lines)))):
            killed = True
        # Every live cell of those lines outside the tight set died: the other regions
        # lose their edges to them. What is left is the graph of the new state, and
        # ``owner`` is still a perfect matching of it (it used none of those edges).
        inside = 0
        for k in regions:
            inside |= 1 << k
        edges = {k: e if inside >> k & 1 else e & ~lines for k, e in edges.items()}
    cache[kind] = (state.live, state.queens, edges, owner)
    return killed


def apply_n_regions_in_n_lines(ctx: Context) -> None:
    """Rows first; columns only when the rows killed nothing (SOLVER.md)."""
    if not _run(ctx, ROWS):
        _run(ctx, COLUMNS)


def explain(step: Step, board: Board, before: State) -> str | None:
    """The tight set of a kill: ``("regions", regions, "rows"|"columns", lines)``."""
    d = step.detail
    if len(d) != 4 or d[0] != "regions" or d[2] not in ("rows", "columns"):
        return None
    regions, kind, lines = list(d[1]), d[2][:-1], list(d[3])
    where = lines_words(kind, lines)
    if len(regions) == 1:
        name = region_short(board, regions[0])
        return (
            f"{capital(region_name(board, regions[0]))} has live cells only in "
            f"{where}, so {where}'s queen is {name}'s: no other region can have its "
            f"queen in {where}."
        )
    count = len(regions)
    return (
        f"{capital(regions_words(board, regions))} have live cells only in "
        f"{where}: these {count} regions need {count} queens there, and {count} "
        f"{kind}s hold exactly {count} queens, so no other region can have its queen "
        f"in these {kind}s."
    )


RULES = [
    Rule(
        counter="n_regions_in_n_lines",
        display_name="N-regions-in-N-lines",
        tier=Tier.CHEAP,
        position=30,
        summary="k regions confined to k rows (columns) own those lines: kill the rest.",
        apply=apply_n_regions_in_n_lines,
        explain=explain,
        weight=8,  # reasoning across several regions and lines at once
        grade=Grade.HARD,
    )
]


@hookimpl
def queens_register_rules() -> list[Rule]:
    return list(RULES)

"""The 24 polyomino shape rules, cheap tier, graded Medium.

When the live cells of a region form one of the shapes in :data:`shapes.SHAPES`, every
cell outside the region that the queen would kill wherever it lands in the shape is dead.
All 24 rules share one sweep over the regions, in letter order: a region costs one
translation of its live cells and one table lookup, and a region whose live cells did not
change since the sweep last saw it, with the same rules enabled, is skipped — its cells
to kill died back then, and live cells never come back, so the skip cannot make a fixed
point stale.
"""

from __future__ import annotations

from collections.abc import Callable

from queens_core import Board, Context, Grade, Rule, State, Step, Tier, bits, hookimpl
from queens_core.words import article, cells_words, region_name, region_short

from .shapes import FIXED_TABLE, MAX_CELLS, MIN_CELLS, SHAPES

#: A shape has to be recognised in a region's remaining cells: harder than a single cell or
#: a confinement, easier than reasoning over several regions.
FAMILY = "polyomino shape"

#: Per board size: a region's live-cell mask -> (counter, cells to kill) or None. The mask
#: fixes the shape and its place on the board, so the answer holds for every board of
#: that size and is worth keeping across solves.
_KILLS_BY_SIZE: dict[int, dict[int, tuple[str, int] | None]] = {}
#: Past this many masks for one size the cache starts over, so a long-running process
#: (a server, a batch of millions of boards) does not grow without bound.
_CACHE_LIMIT = 200_000


def shape_kills(board: Board, cells: int) -> tuple[str, int] | None:
    """(counter, kill mask) when the cells form a catalog shape, else None."""
    n = board.n
    cache = _KILLS_BY_SIZE.setdefault(n, {})
    try:
        return cache[cells]
    except KeyError:
        pass
    coords = board.cells_of(cells)
    top = min(r for r, _ in coords)
    left = min(c for _, c in coords)
    entry = FIXED_TABLE.get(tuple(sorted((r - top, c - left) for r, c in coords)))
    answer = None
    if entry is not None:
        counter, offsets = entry
        mask = 0
        for dr, dc in offsets:
            r, c = top + dr, left + dc
            if 0 <= r < n and 0 <= c < n:
                mask |= 1 << (r * n + c)
        answer = (counter, mask)
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[cells] = answer
    return answer


def apply_polyomino(ctx: Context) -> None:
    """One sweep of all enabled shape rules over the regions, in letter order."""
    board = ctx.board
    state = ctx.state
    enabled = ctx.enabled
    cache = ctx.cache
    memo = cache.get("seen")
    if memo is None or (memo[0] is not enabled and memo[0] != enabled):
        # What a sweep killed depends on the shape rules enabled then: a state swept
        # under another set (one State solved by two solvers) must be looked at afresh.
        memo = cache["seen"] = (enabled, [-1] * len(board.region_masks))
    seen = memo[1]
    for k, region in enumerate(board.region_masks):
        cells = state.live & region
        if cells == seen[k]:
            continue
        seen[k] = cells
        if not MIN_CELLS <= cells.bit_count() <= MAX_CELLS:
            continue
        found = shape_kills(board, cells)
        if found is not None and found[0] in enabled and found[1] & state.live:
            ctx.kill(found[1], ("region", k), counter=found[0])


def _summary(display: str) -> str:
    name = display.removeprefix("Polyomino: ")
    # The article as the name is spoken: "an I-tromino", "an L-" ("el"), "a U-" ("you").
    article = "an" if name[1:2] == "-" and name[0] in "AEFHILMNORSX" else "a"
    return (
        f"A region whose live cells form {article} {name} kills the cells every queen spot "
        "there kills."
    )


def explainer(shape: str) -> Callable[[Step, Board, State], str | None]:
    """The sentence of a step of the rule of ``shape`` ("L-tromino")."""

    def explain(step: Step, board: Board, before: State) -> str | None:
        d = step.detail
        if len(d) != 2 or d[0] != "region":
            return None
        k = d[1]
        killed = list(bits(step.killed))
        cells = before.live & board.region_masks[k]
        name = region_short(board, k)
        if len(killed) > 1:
            target = f"each of {cells_words(board, killed)} or touch it, so none of them can"
        else:
            target = f"{cells_words(board, killed)} or touch it, so it cannot"
        return (
            f"The live cells of {region_name(board, k)}, {cells_words(board, bits(cells))}, "
            f"form {article(shape)} {shape}: wherever {name}'s queen goes among them, it "
            f"would share a row or column with {target} hold a queen."
        )

    return explain


def weight(cells: int) -> int:
    """The bigger the shape, the harder to spot: 3 up to three cells, then one a cell."""
    return max(3, cells)


RULES = [
    Rule(
        counter=counter,
        display_name=display,
        tier=Tier.CHEAP,
        position=position,
        summary=_summary(display),
        apply=apply_polyomino,
        counting="step",
        explain=explainer(display.split(":", 1)[-1].strip()),
        weight=weight(len(cells)),
        grade=Grade.MEDIUM,
        family=FAMILY,
    )
    for counter, display, position, cells in SHAPES
]


@hookimpl
def queens_register_rules() -> list[Rule]:
    return list(RULES)

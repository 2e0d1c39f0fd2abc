"""The two-unit squeeze, a third-party rule package for queens (cheap tier).

Two rows (or two columns, or two regions) that hold no queen yet each get exactly one
queen, and the two queens must not attack each other. Enumerate the *legal pairs*: a live
cell ``a`` of the first unit and a live cell ``b`` of the second such that ``b`` is not
in ``a``'s kill mask (different column, different region, not neighbours). Then:

- a cell of either unit that no legal pair uses is dead;
- more generally, a cell that **every** legal pair attacks (it lies in the kill mask of
  ``a`` or of ``b`` for each legal pair) is dead, wherever it is on the board;
- no legal pair at all means the state has no solution.

A strong human solver does this with two crowded rows: "whichever way the queens of rows
3 and 4 go, they cover this cell". The catalog has the one-unit version of it (the
polyomino rules and the confinement rules: cells every live cell of *one* unit attacks);
this looks at two units at once.

Soundness
---------
Let S be a solution that agrees with the state (its queens are queens or live cells of
the state) and let U, V be two distinct units of the same kind (two rows, two columns or
two regions: disjoint sets of cells) that hold no queen in the state. S has exactly one
queen a in U and one b in V. Both are live: they are cells of S, and U and V hold no
queen of the state. And b is not in a's kill mask, because the queens of a solution do
not attack each other. So (a, b) is a legal pair. Now take a cell c that every legal pair
attacks: c lies in kill(a) or kill(b). A kill mask never holds its own cell, and b is not
in kill(a) nor a in kill(b) (the kill relation is symmetric), so c is neither a nor b:
it is a cell attacked by a queen of S, hence not a queen of S. So killing c removes no
solution. Every cell of U other than a is in kill(a) (same unit), so the unused cells of
U and V are among those killed. If no legal pair exists, no S exists: the contradiction
is sound too.

Cost
----
For each pair of units whose live cells changed since the rule last looked at them:
for each live a of the first, the partners ``live(V) & ~kill(a)`` and the intersection
of their kill masks — O(|U|·|V|) mask operations, usually far fewer because the search
stops as soon as no cell is left to kill. That is cheap for daily boards (N ≤ 11) and
stays below a second per solve at N = 32.
"""

from __future__ import annotations

from typing import NamedTuple

from queens_core import (
    Board,
    Context,
    Contradiction,
    Grade,
    Place,
    Rule,
    State,
    Step,
    Tier,
    bits,
    hookimpl,
    unit_label,
)
from queens_core.words import capital, cells_words, unit_name

__version__ = "0.2.0"


class PairOfUnits(NamedTuple):
    """Why cells died: every legal pair of queens of two units of one kind attacks them."""

    kind: str  # "row", "column" or "region"
    first: int  # from 0
    second: int  # from 0, after first


def squeezed(kill_masks: tuple[int, ...], first: int, second: int) -> int | None:
    """The cells every legal pair of (a live cell of ``first``, a live cell of
    ``second``) attacks, or None when there is no legal pair.

    ``first`` and ``second`` are the live cells of two disjoint units. The answer may
    include cells that are already dead; the caller masks it with the live cells.
    """
    common = -1  # all cells: the intersection over no pair yet
    paired = False
    rest = first
    while rest:
        low = rest & -rest
        rest ^= low
        attacked_by_a = kill_masks[low.bit_length() - 1]
        partners = second & ~attacked_by_a
        if not partners:
            continue  # a is in no legal pair
        paired = True
        attacked_by_every_b = -1
        while partners:
            b = partners & -partners
            partners ^= b
            attacked_by_every_b &= kill_masks[b.bit_length() - 1]
        # c is attacked by every pair (a, b) for this a iff c is in kill(a), or in the
        # kill mask of every partner b.
        common &= attacked_by_a | attacked_by_every_b
    return common if paired else None


def squeeze_units(ctx: Context, kind: str, units: tuple[int, ...]) -> None:
    """Apply the squeeze to every pair of queenless ``units`` (all of one kind)."""
    board: Board = ctx.board
    state = ctx.state
    kill_masks = board.kill_masks
    # What each pair's live cells were when this rule last squeezed it: a pair whose
    # live cells did not change has nothing new to kill (live cells never come back).
    seen = ctx.cache.setdefault(kind, {})
    count = len(units)
    for i in range(count):
        for j in range(i + 1, count):
            first = state.live & units[i]
            second = state.live & units[j]
            if not first or not second or state.queens & (units[i] | units[j]):
                continue
            if seen.get((i, j)) == (first, second):
                continue
            doomed = squeezed(kill_masks, first, second)
            if doomed is None:
                first_name = unit_label(board, kind, i)
                second_name = unit_label(board, kind, j)
                raise Contradiction(
                    f"{first_name} and {second_name} have no two live cells that can both "
                    f"hold a queen"
                )
            if doomed & state.live:
                ctx.kill(doomed, PairOfUnits(kind, i, j))
            seen[(i, j)] = (state.live & units[i], state.live & units[j])


class Squeeze(Rule):
    """What the two squeezes share: their tier, grade, sentence and focus."""

    tier = Tier.CHEAP
    weight = 6  # two units at once: harder than one shape, easier than a pigeonhole
    grade = Grade.HARD
    family = "squeeze"

    def explain(self, step: Step, board: Board, before: State) -> str | None:
        match step.detail:
            case PairOfUnits(kind=kind, first=first, second=second):
                pair = (
                    f"{capital(unit_name(board, kind, first))} and {unit_name(board, kind, second)}"
                )
                target = "none of them can" if step.killed.bit_count() > 1 else "it cannot"
                return (
                    f"{pair} each need a queen, and the two queens cannot attack each "
                    f"other: every pair of live cells they could take attacks "
                    f"{cells_words(board, bits(step.killed))}, so {target} hold a queen."
                )
        return None

    def focus(self, step: Step, board: Board, before: State) -> Place | None:
        match step.detail:
            case PairOfUnits(kind="row", first=first, second=second):
                return Place.rows((first, second))
            case PairOfUnits(kind="column", first=first, second=second):
                return Place.columns((first, second))
            case PairOfUnits(kind="region", first=first, second=second):
                return Place.regions((first, second))
        return None


class TwoLineSqueeze(Squeeze):
    counter = "two_line_squeeze"
    display_name = "Two-line squeeze"
    position = 1010
    summary = "Cells that every legal pair of queens of two rows (columns) attacks are dead."

    def apply(self, ctx: Context) -> None:
        """Rows pairwise, then columns pairwise."""
        squeeze_units(ctx, "row", ctx.board.row_masks)
        squeeze_units(ctx, "column", ctx.board.col_masks)


class TwoRegionSqueeze(Squeeze):
    counter = "two_region_squeeze"
    display_name = "Two-region squeeze"
    position = 1011
    summary = "Cells that every legal pair of queens of two regions attacks are dead."

    def apply(self, ctx: Context) -> None:
        """Regions pairwise, in letter order."""
        squeeze_units(ctx, "region", ctx.board.region_masks)


RULES: list[Rule] = [TwoLineSqueeze(), TwoRegionSqueeze()]


@hookimpl
def queens_register_rules() -> list[Rule]:
    return list(RULES)

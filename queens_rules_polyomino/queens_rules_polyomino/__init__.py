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

from queens_core import Board, Grade, Rule, State, Step, Tier, bits, hookimpl
from queens_core.words import article, cells_words, region_name, region_short

from .shapes import SHAPES
from .sweep import apply_polyomino, shape_kills

__all__ = ["FAMILY", "RULES", "apply_polyomino", "explainer", "shape_kills"]

#: A shape has to be recognised in a region's remaining cells: harder than a single cell or
#: a confinement, easier than reasoning over several regions.
FAMILY = "polyomino shape"


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


def focus(step: Step, board: Board, before: State) -> tuple[str, int] | None:
    """The region whose live cells form the shape."""
    d = step.detail
    return ("region", d[1]) if len(d) == 2 and d[0] == "region" else None


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
        focus=focus,
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

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

from queens_core import Board, Grade, Place, Rule, State, Step, Tier, bits, cell_label, hookimpl
from queens_core.words import article, cells_words, region_name, region_short

from .details import ShapeInRegion
from .shapes import SHAPES
from .sweep import apply_polyomino, shape_kills

__all__ = ["FAMILY", "RULES", "ShapeInRegion", "ShapeRule", "apply_polyomino", "shape_kills"]

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


def weight(cells: int) -> int:
    """The bigger the shape, the harder to spot: 3 up to three cells, then one a cell."""
    return max(3, cells)


class ShapeRule(Rule):
    """The rule of one shape; all 24 share one sweep over the regions (the same
    ``apply`` function), which kills for every enabled shape at once."""

    tier = Tier.CHEAP
    counting = "step"
    grade = Grade.MEDIUM
    family = FAMILY
    apply = staticmethod(apply_polyomino)

    @property
    def shape(self) -> str:
        """The shape's name in a sentence: ``L-tromino``."""
        return self.display_name.split(":", 1)[-1].strip()

    def explain(self, step: Step, board: Board, before: State) -> str | None:
        if not isinstance(step.detail, ShapeInRegion):
            return None
        k = step.detail.region
        killed = list(bits(step.killed))
        cells = before.live & board.region_masks[k]
        name = region_short(board, k)
        dead = cells_words(board, killed)
        # The dead cells are named where "it" or "them" could be read as either set.
        if len(killed) == 2:
            first, second = (cell_label(board, cell) for cell in killed)
            attacked, ending = f"each of {dead}", f"neither {first} nor {second} can"
        elif len(killed) > 2:
            attacked, ending = f"each of {dead}", f"none of {dead} can"
        else:
            attacked, ending = dead, f"{dead} cannot"
        return (
            f"The live cells of {region_name(board, k)}, {cells_words(board, bits(cells))}, "
            f"form {article(self.shape)} {self.shape}, and each of them shares a row or "
            f"column with, or touches, {attacked}: wherever {name}'s queen goes among them, "
            f"{ending} hold a queen."
        )

    def focus(self, step: Step, board: Board, before: State) -> Place | None:
        """The region whose live cells form the shape."""
        if not isinstance(step.detail, ShapeInRegion):
            return None
        return Place.region(step.detail.region)


RULES: list[Rule] = [
    ShapeRule(
        counter=counter,
        display_name=display,
        position=position,
        summary=_summary(display),
        weight=weight(len(cells)),
    )
    for counter, display, position, cells in SHAPES
]


@hookimpl
def queens_register_rules() -> list[Rule]:
    return list(RULES)

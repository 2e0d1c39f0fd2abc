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

from queens_core import Board, Grade, Place, Rule, State, Step, Tier, hookimpl
from queens_core.words import capital, lines_words, region_name, region_short, regions_words

from .details import RegionsInLines
from .tight import COLUMNS, ROWS, apply_n_regions_in_n_lines, graph, tight_kills

__all__ = [
    "COLUMNS",
    "ROWS",
    "RULES",
    "NRegionsInNLines",
    "RegionsInLines",
    "apply_n_regions_in_n_lines",
    "graph",
    "tight_kills",
]


class NRegionsInNLines(Rule):
    counter = "n_regions_in_n_lines"
    display_name = "N-regions-in-N-lines"
    tier = Tier.CHEAP
    position = 30
    summary = "k regions confined to k rows (columns) own those lines: kill the rest."
    weight = 8  # reasoning across several regions and lines at once
    grade = Grade.HARD

    # The function itself, not a method calling it: a cheap rule runs in every pass.
    apply = staticmethod(apply_n_regions_in_n_lines)

    def explain(self, step: Step, board: Board, before: State) -> str | None:
        """The tight set of a kill: its regions and the lines they are confined to."""
        detail = step.detail
        if not isinstance(detail, RegionsInLines) or detail.kind not in ("rows", "columns"):
            return None
        regions, kind, lines = list(detail.regions), detail.kind[:-1], list(detail.lines)
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

    def focus(self, step: Step, board: Board, before: State) -> Place | None:
        """The regions confined to the lines: their live cells force the kills."""
        if not isinstance(step.detail, RegionsInLines):
            return None
        return Place.regions(step.detail.regions)


RULES: list[Rule] = [NRegionsInNLines()]


@hookimpl
def queens_register_rules() -> list[Rule]:
    return list(RULES)

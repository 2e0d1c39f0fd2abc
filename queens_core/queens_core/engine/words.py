"""The words every explanation uses, so that each rule names cells, lines and regions
alike: ``r3c5``, ``row 3``, ``rows 2 to 6``, ``region P (purple)``, ``a, b and c``.

Rule packages build their sentences (``Rule.explain``) with these; they are light to
import (a plain solve loads them with the rules, and never the explainer itself).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .board import Board
from .state import cell_label

#: letter -> (colour name, hex), as the archive's board files use them.
ARCHIVE_COLOURS: dict[str, tuple[str, str]] = {
    "P": ("purple", "#BBA3E2"),
    "O": ("orange", "#FFC992"),
    "B": ("blue", "#96BEFF"),
    "G": ("green", "#B3DFA0"),
    "S": ("silver", "#DFDFDF"),
    "R": ("red", "#FF7B60"),
    "L": ("lime", "#E6F388"),
    "K": ("khaki", "#B9B29E"),
    "N": ("pink", "#DFA0BF"),
    "T": ("teal", "#95CBCF"),
    "C": ("cyan", "#55EBE2"),
    "Y": ("yellow", "#DCF079"),
    "U": ("ultraviolet", "#AF96DC"),
    "Q": ("squash", "#FBBF81"),
    "A": ("azure", "#85B5FC"),
    "J": ("jade", "#A6D995"),
    "W": ("white-gray", "#D9D9D9"),
    "V": ("vermilion", "#F96C51"),
    "M": ("mauve", "#D895B2"),
    "F": ("fuchsia", "#FE93F1"),
    "H": ("hazel", "#ADA68E"),
}


def colour_name(letter: str) -> str | None:
    """The colour an archive letter stands for ("purple"), or None for another letter."""
    known = ARCHIVE_COLOURS.get(letter)
    return known[0] if known else None


def join_words(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def cells_words(board: Board, cells: Iterable[int]) -> str:
    return join_words([cell_label(board, c) for c in cells])


def region_name(board: Board, k: int) -> str:
    """``region P (purple)``, or ``region x`` for a letter that is not the archive's."""
    letter = board.letters[k]
    colour = colour_name(letter)
    return f"region {letter} ({colour})" if colour else f"region {letter}"


def region_short(board: Board, k: int) -> str:
    """How a sentence refers back to a region it already named: ``P``."""
    return board.letters[k]


def line_name(kind: str, index: int) -> str:
    """``row 3``, ``column 5`` (1-based)."""
    return f"{kind} {index + 1}"


def unit_name(board: Board, kind: str, index: int) -> str:
    return region_name(board, index) if kind == "region" else line_name(kind, index)


def lines_words(kind: str, indices: Sequence[int]) -> str:
    """``row 6``, ``rows 2 and 4`` or ``rows 2 to 6`` (1-based)."""
    if len(indices) == 1:
        return f"{kind} {indices[0] + 1}"
    first, last = indices[0], indices[-1]
    if len(indices) > 2 and list(indices) == list(range(first, last + 1)):
        return f"{kind}s {first + 1} to {last + 1}"
    return f"{kind}s " + join_words([str(i + 1) for i in indices])


def regions_words(board: Board, regions: Sequence[int]) -> str:
    if len(regions) == 1:
        return region_name(board, regions[0])
    names = []
    for k in regions:
        colour = colour_name(board.letters[k])
        names.append(f"{board.letters[k]} ({colour})" if colour else board.letters[k])
    return "regions " + join_words(names)


def placement_kills_words(board: Board, cell: int, killed: Iterable[int]) -> str:
    """Why each cell a queen killed died: ``r1c2 and r1c3 (row 1), r2c2 (touching it)``.

    Each killed cell is put under the first reason that holds: the queen's row, its
    column, its region, or touching it.
    """
    n = board.n
    row, col = divmod(cell, n)
    region = board.cell_region[cell]
    groups: dict[str, list[int]] = {}
    for other in killed:
        r, c = divmod(other, n)
        if r == row:
            reason = f"row {row + 1}"
        elif c == col:
            reason = f"column {col + 1}"
        elif board.cell_region[other] == region:
            reason = f"region {board.letters[region]}"
        else:
            reason = "touching it"
        groups.setdefault(reason, []).append(other)
    order = [
        f"row {row + 1}",
        f"column {col + 1}",
        f"region {board.letters[region]}",
        "touching it",
    ]
    return join_words([f"{cells_words(board, groups[g])} ({g})" for g in order if g in groups])


def capital(text: str) -> str:
    """Upper-case the first letter only (str.capitalize would lower the region letters)."""
    return text[:1].upper() + text[1:]


def article(word: str) -> str:
    """``a`` or ``an`` before a shape name, as it is spoken: "an L-pentomino" (a letter
    name: "el"), "a long-N hexomino", "a U-pentomino" ("you"), "an I-tromino"."""
    if word[1:2] == "-":
        return "an" if word[0].upper() in "AEFHILMNORSX" else "a"
    return "an" if word[:1].lower() in "aeio" else "a"

"""Free polyominoes and the cells each one kills, derived from first principles.

Glossary
--------
shape
    A set of (row, column) offsets. A *fixed* shape is normalised by translation only
    (its top row and left column are 0); a *free* shape is the same up to the 8 rotations
    and reflections, and its canonical form is the least of its 8 normalised images.
dead offsets
    The cells outside a shape that share a row or a column with, or touch, every cell of
    the shape — leaving out the line that holds the whole shape, if one does, since
    region-confined-to-line already kills it. Wherever the region's queen lands among the
    shape's cells, each of these cells is in its row, its column or its king
    neighbourhood, so it is dead.

Of the 1 + 2 + 5 + 12 + 35 free polyominoes of sizes 2 to 6, exactly 24 have dead
offsets; :data:`SHAPES` names them (the catalog's counters 6 to 29).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

# The tables derived below, read as data: deriving them at every start-up cost more than
# a solve. ``scripts/write-polyomino-table`` writes them.
from ._table import CANONICAL_TABLE, FIXED_TABLE

__all__ = ["CANONICAL_TABLE", "FIXED_TABLE", "SHAPES", "build_tables", "canonical", "dead_offsets"]

Cells = tuple[tuple[int, int], ...]

MIN_CELLS = 2
MAX_CELLS = 6

_TRANSFORMS = (
    lambda r, c: (r, c),
    lambda r, c: (c, -r),
    lambda r, c: (-r, -c),
    lambda r, c: (-c, r),
    lambda r, c: (r, -c),
    lambda r, c: (-c, -r),
    lambda r, c: (-r, c),
    lambda r, c: (c, r),
)


def normalise(cells: Iterable[tuple[int, int]]) -> Cells:
    """Translate so the top row and the left column are 0; sort."""
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def orientations(cells: Iterable[tuple[int, int]]) -> list[Cells]:
    """The 8 images of a shape under rotation and reflection, normalised (with repeats)."""
    cells = list(cells)
    return [normalise(t(r, c) for r, c in cells) for t in _TRANSFORMS]


def canonical(cells: Iterable[tuple[int, int]]) -> Cells:
    """The canonical form of a free polyomino: the least of its 8 normalised images."""
    return min(orientations(cells))


@functools.cache
def free_polyominoes(size: int) -> frozenset[Cells]:
    """Every free polyomino of ``size`` cells, in canonical form: those of ``size - 1``
    cells grown by one cell. Cached, so the sizes 2 to 6 the tables need are grown once
    each, not again from one cell for every size."""
    if size <= 1:
        return frozenset({((0, 0),)})
    grown = set()
    for shape in free_polyominoes(size - 1):
        occupied = set(shape)
        for r, c in shape:
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                cell = (r + dr, c + dc)
                if cell not in occupied:
                    grown.add(canonical((*shape, cell)))
    return frozenset(grown)


def dead_offsets(cells: Iterable[tuple[int, int]]) -> Cells:
    """The cells every queen position in the shape kills (see the module glossary)."""
    shape = set(cells)
    rows = {r for r, _ in shape}
    cols = {c for _, c in shape}
    found = []
    # A cell two or more rows (columns) away from the whole shape touches none of it, so
    # it would have to share a column (row) with every cell: only a line shape allows
    # that, and that line is left out. The box around the shape is therefore enough.
    for r in range(min(rows) - 1, max(rows) + 2):
        for c in range(min(cols) - 1, max(cols) + 2):
            if (r, c) in shape:
                continue
            if (len(rows) == 1 and r in rows) or (len(cols) == 1 and c in cols):
                continue
            if all(r == a or c == b or max(abs(r - a), abs(c - b)) < 2 for a, b in shape):
                found.append((r, c))
    return tuple(found)


#: The 24 shapes with a deduction, in catalog order: counter id, display name, catalog
#: position, and the shape in one of its orientations.
SHAPES: tuple[tuple[str, str, int, Cells], ...] = (
    ("polyomino_domino", "Polyomino: domino", 6, ((0, 0), (0, 1))),
    ("polyomino_i_tromino", "Polyomino: I-tromino", 7, ((0, 0), (0, 1), (0, 2))),
    ("polyomino_l_tromino", "Polyomino: L-tromino", 8, ((0, 0), (0, 1), (1, 0))),
    ("polyomino_t_tetromino", "Polyomino: T-tetromino", 9, ((0, 0), (0, 1), (0, 2), (1, 1))),
    ("polyomino_l_tetromino", "Polyomino: L-tetromino", 10, ((0, 0), (1, 0), (2, 0), (2, 1))),
    ("polyomino_s_tetromino", "Polyomino: S-tetromino", 11, ((0, 1), (0, 2), (1, 0), (1, 1))),
    (
        "polyomino_l_pentomino",
        "Polyomino: L-pentomino",
        12,
        ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0)),
    ),
    (
        "polyomino_f_pentomino",
        "Polyomino: F-pentomino",
        13,
        ((0, 1), (0, 2), (1, 0), (1, 1), (2, 1)),
    ),
    (
        "polyomino_n_pentomino",
        "Polyomino: N-pentomino",
        14,
        ((0, 1), (1, 1), (2, 0), (2, 1), (3, 0)),
    ),
    (
        "polyomino_t_pentomino",
        "Polyomino: T-pentomino",
        15,
        ((0, 0), (0, 1), (0, 2), (1, 1), (2, 1)),
    ),
    (
        "polyomino_u_pentomino",
        "Polyomino: U-pentomino",
        16,
        ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2)),
    ),
    (
        "polyomino_v_pentomino",
        "Polyomino: V-pentomino",
        17,
        ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2)),
    ),
    (
        "polyomino_w_pentomino",
        "Polyomino: W-pentomino",
        18,
        ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2)),
    ),
    (
        "polyomino_z_with_tab_hexomino",
        "Polyomino: Z-with-tab hexomino",
        19,
        ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (1, 3)),
    ),
    (
        "polyomino_l_hexomino",
        "Polyomino: L-hexomino",
        20,
        ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0)),
    ),
    (
        "polyomino_n_hexomino",
        "Polyomino: N-hexomino",
        21,
        ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (1, 4)),
    ),
    (
        "polyomino_long_n_hexomino",
        "Polyomino: long-N hexomino",
        22,
        ((0, 0), (0, 1), (0, 2), (1, 2), (1, 3), (1, 4)),
    ),
    (
        "polyomino_c_hexomino",
        "Polyomino: C-hexomino",
        23,
        ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0)),
    ),
    (
        "polyomino_s_block_hexomino",
        "Polyomino: S-block hexomino",
        24,
        ((0, 0), (0, 1), (1, 1), (1, 2), (2, 0), (2, 1)),
    ),
    (
        "polyomino_f_ext_a_hexomino",
        "Polyomino: F-ext-A hexomino",
        25,
        ((0, 0), (0, 1), (0, 2), (1, 2), (1, 3), (2, 2)),
    ),
    (
        "polyomino_n_ext_a_hexomino",
        "Polyomino: N-ext-A hexomino",
        26,
        ((0, 0), (0, 1), (0, 2), (1, 2), (1, 3), (2, 3)),
    ),
    (
        "polyomino_t_ext_hexomino",
        "Polyomino: T-ext hexomino",
        27,
        ((0, 0), (0, 1), (1, 1), (1, 2), (1, 3), (2, 1)),
    ),
    (
        "polyomino_w_ext_hexomino",
        "Polyomino: W-ext hexomino",
        28,
        ((0, 0), (0, 1), (1, 1), (1, 2), (1, 3), (2, 2)),
    ),
    (
        "polyomino_t_hexomino",
        "Polyomino: T-hexomino",
        29,
        ((0, 0), (0, 1), (0, 2), (1, 1), (2, 1), (3, 1)),
    ),
)


def build_tables() -> tuple[dict[Cells, tuple[str, Cells]], dict[Cells, tuple[str, Cells]]]:
    """The canonical table and its expansion to every orientation.

    ``canonical_table`` maps each free shape with a deduction to (counter, dead offsets
    in the canonical orientation). ``fixed_table`` maps every normalised orientation of
    those shapes to (counter, dead offsets in that orientation), so a region is looked up
    by translating its live cells only. Raises if a derived shape has no name or a named
    shape derives nothing, so the catalog and the derivation cannot drift apart.
    """
    names = {canonical(cells): counter for counter, _, _, cells in SHAPES}
    if len(names) != len(SHAPES):
        raise AssertionError("two catalog shapes have the same canonical form")
    canonical_table: dict[Cells, tuple[str, Cells]] = {}
    for size in range(MIN_CELLS, MAX_CELLS + 1):
        for shape in sorted(free_polyominoes(size)):
            dead = dead_offsets(shape)
            if not dead:
                if shape in names:
                    raise AssertionError(f"{names[shape]} derives no dead cell")
                continue
            if shape not in names:
                raise AssertionError(f"shape {shape} kills {dead} but has no catalog name")
            canonical_table[shape] = (names[shape], dead)

    fixed_table: dict[Cells, tuple[str, Cells]] = {}
    for shape, (counter, dead) in canonical_table.items():
        for transform in _TRANSFORMS:
            image = [transform(r, c) for r, c in shape]
            top = min(r for r, _ in image)
            left = min(c for _, c in image)
            moved = tuple(
                sorted((r - top, c - left) for r, c in (transform(*cell) for cell in dead))
            )
            fixed_table[normalise(image)] = (counter, moved)
    return canonical_table, fixed_table


def table_source() -> str:
    """The source of :mod:`._table`: both tables of :func:`build_tables` as literals."""
    canonical_table, fixed_table = build_tables()
    lines = [
        '"""The polyomino tables as data, so that loading the package costs no derivation.',
        "",
        "Written by ``scripts/write-polyomino-table`` from ``shapes.build_tables()``",
        "(and ruff format); the tests derive the tables again and compare. Do not edit.",
        '"""',
        "",
        "CANONICAL_TABLE = {",
        *(f"    {shape!r}: {entry!r}," for shape, entry in canonical_table.items()),
        "}",
        "",
        "FIXED_TABLE = {",
        *(f"    {shape!r}: {entry!r}," for shape, entry in fixed_table.items()),
        "}",
    ]
    return "\n".join(lines) + "\n"

"""The polyomino shape rules (issue 3).

The derived table is checked three ways: against an independent first-principles
computation over every free polyomino of size 2 to 6, against every diagram of
the polyomino shapes (their diagrams) in all 8 orientations, and on boards, against a brute force
over every possible queen position. Then the sweep itself: per-shape boards, counting
through the driver, and the memo that lets it skip unchanged regions.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable, Iterable

import pytest

from queens_core import Board, Context, Solver, State, Step, Tier
from queens_core.testing import make_board, make_state, run_rule
from queens_rules_polyomino import RULES, apply_polyomino
from queens_rules_polyomino.shapes import (
    CANONICAL_TABLE,
    FIXED_TABLE,
    canonical,
    dead_offsets,
    free_polyominoes,
    orientations,
)

Cell = tuple[int, int]
COUNTERS = [rule.counter for rule in RULES]

# -- the shape diagrams, transcribed as drawn ------------------------------------
# Letters and # are shape cells, ✕ the cells the spec marks dead, . anything else.

DIAGRAMS: dict[str, list[str]] = {
    "polyomino_domino": [
        """
        . . . . .
        . ✕ ✕ . .
        . D D . .
        . ✕ ✕ . .
        . . . . .
        """,
        """
        . . . . .
        . ✕ D ✕ .
        . ✕ D ✕ .
        . . . . .
        """,
    ],
    "polyomino_i_tromino": [
        """
        . . . . .
        . . ✕ . .
        . I I I .
        . . ✕ . .
        . . . . .
        """
    ],
    "polyomino_l_tromino": [
        """
        . ✕ . .
        ✕ L L .
        . L ✕ .
        . . . .
        """
    ],
    "polyomino_t_tetromino": [
        """
        . . . . .
        . . ✕ . .
        . T T T .
        . . T . .
        . . . . .
        """
    ],
    "polyomino_l_tetromino": [
        """
        . . . . .
        . L . . .
        . L ✕ . .
        . L L . .
        . ✕ . . .
        """
    ],
    "polyomino_s_tetromino": [
        """
        . . . . .
        . ✕ S S .
        . S S ✕ .
        . . . . .
        """
    ],
    "polyomino_l_pentomino": [
        """
        . . . . . . .
        . ✕ # # # # .
        . . # . . . .
        . . . . . . .
        """
    ],
    "polyomino_f_pentomino": [
        """
        . . . . . .
        . . F F . .
        . F F ✕ . .
        . . F . . .
        . . . . . .
        """
    ],
    "polyomino_n_pentomino": [
        """
        . . . . .
        . . N . .
        . ✕ N . .
        . N N . .
        . N ✕ . .
        . . . . .
        """
    ],
    "polyomino_t_pentomino": [
        """
        . . . . .
        . . ✕ . .
        . T T T .
        . . T . .
        . . T . .
        . . . . .
        """
    ],
    "polyomino_u_pentomino": [
        """
        . . . . .
        . U ✕ U .
        . U U U .
        . . . . .
        """
    ],
    "polyomino_v_pentomino": [
        """
        . . . . .
        . V . . .
        . V ✕ . .
        . V V V .
        . . . . .
        """
    ],
    "polyomino_w_pentomino": [
        """
        . . . . .
        . W . . .
        . W W . .
        . ✕ W W .
        . . . . .
        """
    ],
    "polyomino_z_with_tab_hexomino": [
        """
        . . . . . .
        . # # # . .
        . # ✕ # # .
        . . . . . .
        """
    ],
    "polyomino_l_hexomino": [
        """
        . . . . . . . .
        . ✕ # # # # # .
        . . # . . . . .
        . . . . . . . .
        """
    ],
    "polyomino_n_hexomino": [
        """
        . . . . . . .
        . # # # # ✕ .
        . . . . # # .
        . . . . . . .
        """
    ],
    "polyomino_long_n_hexomino": [
        """
        . . . . . . .
        . # # # ✕ . .
        . . ✕ # # # .
        . . . . . . .
        """
    ],
    "polyomino_c_hexomino": [
        """
        . . . . .
        . # # # .
        . # ✕ # .
        . # . . .
        . . . . .
        """
    ],
    "polyomino_s_block_hexomino": [
        """
        . . . . .
        . # # . .
        . ✕ # # .
        . # # . .
        . . . . .
        """
    ],
    "polyomino_f_ext_a_hexomino": [
        """
        . . . . . .
        . # # # . .
        . . ✕ # # .
        . . . # . .
        . . . . . .
        """
    ],
    "polyomino_n_ext_a_hexomino": [
        """
        . . . . . .
        . # # # ✕ .
        . . . # # .
        . . . . # .
        . . . . . .
        """
    ],
    "polyomino_t_ext_hexomino": [
        """
        . . . . . .
        . # # . . .
        . ✕ # # # .
        . . # . . .
        . . . . . .
        """
    ],
    "polyomino_w_ext_hexomino": [
        """
        . . . . . .
        . # # ✕ . .
        . . # # # .
        . . . # . .
        . . . . . .
        """
    ],
    "polyomino_t_hexomino": [
        """
        . . . . .
        . . ✕ . .
        . # # # .
        . . # . .
        . . # . .
        . . # . .
        . . . . .
        """
    ],
}

#: The catalog's display name and position of each shape rule.
CATALOG = {
    "polyomino_domino": ("Polyomino: domino", 6),
    "polyomino_i_tromino": ("Polyomino: I-tromino", 7),
    "polyomino_l_tromino": ("Polyomino: L-tromino", 8),
    "polyomino_t_tetromino": ("Polyomino: T-tetromino", 9),
    "polyomino_l_tetromino": ("Polyomino: L-tetromino", 10),
    "polyomino_s_tetromino": ("Polyomino: S-tetromino", 11),
    "polyomino_l_pentomino": ("Polyomino: L-pentomino", 12),
    "polyomino_f_pentomino": ("Polyomino: F-pentomino", 13),
    "polyomino_n_pentomino": ("Polyomino: N-pentomino", 14),
    "polyomino_t_pentomino": ("Polyomino: T-pentomino", 15),
    "polyomino_u_pentomino": ("Polyomino: U-pentomino", 16),
    "polyomino_v_pentomino": ("Polyomino: V-pentomino", 17),
    "polyomino_w_pentomino": ("Polyomino: W-pentomino", 18),
    "polyomino_z_with_tab_hexomino": ("Polyomino: Z-with-tab hexomino", 19),
    "polyomino_l_hexomino": ("Polyomino: L-hexomino", 20),
    "polyomino_n_hexomino": ("Polyomino: N-hexomino", 21),
    "polyomino_long_n_hexomino": ("Polyomino: long-N hexomino", 22),
    "polyomino_c_hexomino": ("Polyomino: C-hexomino", 23),
    "polyomino_s_block_hexomino": ("Polyomino: S-block hexomino", 24),
    "polyomino_f_ext_a_hexomino": ("Polyomino: F-ext-A hexomino", 25),
    "polyomino_n_ext_a_hexomino": ("Polyomino: N-ext-A hexomino", 26),
    "polyomino_t_ext_hexomino": ("Polyomino: T-ext hexomino", 27),
    "polyomino_w_ext_hexomino": ("Polyomino: W-ext hexomino", 28),
    "polyomino_t_hexomino": ("Polyomino: T-hexomino", 29),
}


def read_diagram(picture: str) -> tuple[set[Cell], set[Cell]]:
    """(shape cells, cells drawn ✕) of a diagram."""
    shape: set[Cell] = set()
    dead: set[Cell] = set()
    for r, line in enumerate(textwrap.dedent(picture).strip("\n").splitlines()):
        for c, mark in enumerate(line.split()):
            if mark == "✕":
                dead.add((r, c))
            elif mark != ".":
                shape.add((r, c))
    return shape, dead


# -- geometry written independently of shapes.py --------------------------------------------


def _rotate(cell: Cell) -> Cell:
    r, c = cell
    return (c, -r)


def _mirror(cell: Cell) -> Cell:
    r, c = cell
    return (r, -c)


def _symmetry(quarter_turns: int, mirrored: bool) -> Callable[[Cell], Cell]:
    def apply(cell: Cell) -> Cell:
        if mirrored:
            cell = _mirror(cell)
        for _ in range(quarter_turns):
            cell = _rotate(cell)
        return cell

    return apply


#: The 8 rotations and reflections of the square.
SYMMETRIES = [_symmetry(turns, mirrored) for turns in range(4) for mirrored in (False, True)]


def shifted(cells: Iterable[Cell], dr: int, dc: int) -> set[Cell]:
    return {(r + dr, c + dc) for r, c in cells}


def at_origin(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def my_canonical(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    cells = list(cells)
    return min(at_origin(map(t, cells)) for t in SYMMETRIES)


def is_connected(cells: Iterable[Cell]) -> bool:
    cells = set(cells)
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(cells)


def my_free_polyominoes(size: int) -> set[tuple[Cell, ...]]:
    """Grown cell by cell and reduced by :func:`my_canonical`."""
    found = {((0, 0),)}
    for _ in range(size - 1):
        found = {
            my_canonical((*shape, near))
            for shape in found
            for r, c in shape
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if near not in shape
        }
    return found


def doomed(queen_cells: Iterable[Cell], cell: Cell) -> bool:
    """Whether a queen on any of ``queen_cells`` would kill ``cell`` (row, column, king)."""
    r, c = cell
    return all(r == a or c == b or (abs(r - a) <= 1 and abs(c - b) <= 1) for a, b in queen_cells)


def in_whole_line(cells: set[Cell], cell: Cell) -> bool:
    """Whether ``cell`` lies on a row or column that holds all of ``cells``."""
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    return (len(rows) == 1 and cell[0] in rows) or (len(cols) == 1 and cell[1] in cols)


def first_principles_dead(shape: set[Cell]) -> set[Cell]:
    """Every cell, up to 8 cells away, doomed wherever the queen lands in the shape."""
    rows = [r for r, _ in shape]
    cols = [c for _, c in shape]
    return {
        (r, c)
        for r in range(min(rows) - 8, max(rows) + 9)
        for c in range(min(cols) - 8, max(cols) + 9)
        if (r, c) not in shape and not in_whole_line(shape, (r, c)) and doomed(shape, (r, c))
    }


ALL_FREE = {size: my_free_polyominoes(size) for size in range(1, 8)}
DIAGRAM_SHAPES = {counter: read_diagram(pictures[0])[0] for counter, pictures in DIAGRAMS.items()}
COUNTER_OF = {my_canonical(shape): counter for counter, shape in DIAGRAM_SHAPES.items()}


# -- the catalog and the free polyominoes ---------------------------------------------------


def test_the_24_rules_follow_the_catalog():
    assert [r.counter for r in RULES] == list(CATALOG)
    assert [(r.display_name, r.position) for r in RULES] == list(CATALOG.values())
    assert all(r.tier is Tier.CHEAP and r.counting == "step" and not r.problems() for r in RULES)
    # One sweep serves all 24 rules: the driver groups rules by their apply function.
    assert {r.apply for r in RULES} == {apply_polyomino}
    assert list(DIAGRAMS) == list(CATALOG)


@pytest.mark.parametrize(("size", "count"), [(2, 1), (3, 2), (4, 5), (5, 12), (6, 35)])
def test_free_polyomino_counts(size, count):
    found = free_polyominoes(size)
    assert len(found) == count
    assert all(len(shape) == size and is_connected(shape) for shape in found)
    assert len({my_canonical(shape) for shape in found}) == count, "two are the same shape"
    assert {canonical(shape) for shape in ALL_FREE[size]} == found
    assert len(ALL_FREE[size]) == count


def test_canonical_form_is_invariant_under_the_8_symmetries():
    rng = random.Random(3)
    for size in range(1, 8):
        for shape in ALL_FREE[size]:
            form = canonical(shape)
            assert form in orientations(shape)
            assert set(orientations(shape)) == {at_origin(map(t, shape)) for t in SYMMETRIES}
            for t in SYMMETRIES:
                moved = shifted(map(t, shape), rng.randint(-9, 9), rng.randint(-9, 9))
                assert canonical(moved) == form


def test_exactly_the_24_catalog_shapes_have_dead_offsets():
    with_dead = set()
    for size in range(2, 7):
        for shape in ALL_FREE[size]:
            expected = first_principles_dead(set(shape))
            assert set(dead_offsets(shape)) == expected, shape
            if expected:
                with_dead.add(shape)
            else:
                assert canonical(shape) not in CANONICAL_TABLE
                assert not any(image in FIXED_TABLE for image in orientations(shape))
    assert len(with_dead) == 24
    assert with_dead == set(COUNTER_OF)
    assert {canonical(s) for s in with_dead} == set(CANONICAL_TABLE)
    for shape in with_dead:
        assert CANONICAL_TABLE[canonical(shape)][0] == COUNTER_OF[shape]


@pytest.mark.parametrize("size", [4, 5, 6])
def test_the_straight_shapes_yield_nothing(size):
    for line in ({(0, c) for c in range(size)}, {(r, 0) for r in range(size)}):
        assert dead_offsets(line) == ()
        assert first_principles_dead(line) == set()
        assert at_origin(line) not in FIXED_TABLE
        assert canonical(line) not in CANONICAL_TABLE


def test_the_fixed_table_holds_every_orientation_and_nothing_else():
    expected = {at_origin(map(t, shape)) for shape in COUNTER_OF for t in SYMMETRIES}
    assert set(FIXED_TABLE) == expected
    for image, (counter, offsets) in FIXED_TABLE.items():
        assert counter == COUNTER_OF[my_canonical(image)]
        assert set(offsets) == first_principles_dead(set(image))


def test_the_tests_own_enumeration():
    # OEIS A000105: free polyominoes with 1..7 cells.
    assert [len(ALL_FREE[size]) for size in range(1, 8)] == [1, 1, 2, 5, 12, 35, 108]
    assert all(is_connected(shape) for size in ALL_FREE for shape in ALL_FREE[size])


# -- every shape diagram, in all 8 orientations ----------------------------------


@pytest.mark.parametrize("counter", list(DIAGRAMS))
def test_the_derived_table_matches_the_diagram_in_all_8_orientations(counter):
    for picture in DIAGRAMS[counter]:
        shape, dead = read_diagram(picture)
        assert dead, "a diagram with no ✕ was transcribed wrongly"
        for t in SYMMETRIES:
            image = {t(cell) for cell in shape}
            image_dead = {t(cell) for cell in dead}
            top = min(r for r, _ in image)
            left = min(c for _, c in image)
            key = tuple(sorted(shifted(image, -top, -left)))
            assert FIXED_TABLE[key] == (counter, tuple(sorted(shifted(image_dead, -top, -left))))
            assert set(dead_offsets(image)) == image_dead
            assert first_principles_dead(image) == image_dead


# -- boards ---------------------------------------------------------------------------------


def board_with_region(n: int, region: set[Cell]) -> Board:
    """An n×n board whose region 'A' is ``region``; the other cells are split, in reading
    order, into n - 1 regions of nearly equal size."""
    rest = [(r, c) for r in range(n) for c in range(n) if (r, c) not in region]
    assert len(rest) >= n - 1
    grid = [["A"] * n for _ in range(n)]
    groups = n - 1
    for i, (r, c) in enumerate(rest):
        grid[r][c] = chr(ord("B") + i * groups // len(rest))
    return make_board("\n".join("".join(row) for row in grid))


def mask_of(n: int, cells: Iterable[Cell]) -> int:
    return sum(1 << (r * n + c) for r, c in cells if 0 <= r < n and 0 <= c < n)


def brute_force_kills(n: int, cells: set[Cell], live: int) -> int:
    """The live cells outside ``cells`` that every queen position in ``cells`` kills,
    leaving out a line that holds all of ``cells``."""
    out = 0
    for r in range(n):
        for c in range(n):
            bit = 1 << (r * n + c)
            if live & bit and (r, c) not in cells:
                if not in_whole_line(cells, (r, c)) and doomed(cells, (r, c)):
                    out |= bit
    return out


def sweep(board: Board, state: State, enabled: Iterable[str] = COUNTERS):
    return run_rule(apply_polyomino, board, state, COUNTERS[0], enabled=enabled)


def region_steps(outcome, k: int = 0) -> list[Step]:
    return [step for step in outcome.steps if step.detail == ("region", k)]


def random_connected(rng: random.Random, n: int, size: int) -> set[Cell]:
    cells = {(rng.randrange(n), rng.randrange(n))}
    while len(cells) < size:
        r, c = rng.choice(sorted(cells))
        dr, dc = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        if 0 <= r + dr < n and 0 <= c + dc < n:
            cells.add((r + dr, c + dc))
    return cells


def check_against_brute_force(rng: random.Random, n: int, cells: set[Cell]) -> None:
    """Region 'A' has exactly ``cells`` live (plus some dead cells); other regions'
    cells die at random. The sweep must kill for 'A' exactly what the brute force does."""
    extra = {
        (r, c) for r in range(n) for c in range(n) if (r, c) not in cells and rng.random() < 0.08
    }
    extra = set(sorted(extra)[: max(0, n * n - len(cells) - (n - 1))])
    board = board_with_region(n, cells | extra)
    live = board.full & ~mask_of(n, extra)
    for i in range(n * n):
        if board.cell_region[i] != 0 and rng.random() < 0.15:
            live &= ~(1 << i)
    state = State(live)
    outcome = sweep(board, state)
    steps = region_steps(outcome)
    expected = brute_force_kills(n, cells, live)
    fires = 2 <= len(cells) <= 6 and is_connected(cells) and my_canonical(cells) in COUNTER_OF
    if fires:
        # The doomed cells may all be off the board or dead already: then there is no step.
        counter = COUNTER_OF[my_canonical(cells)]
        assert steps == ([Step(counter, 0, expected, ("region", 0))] if expected else [])
    else:
        assert steps == [], f"fired for {sorted(cells)} on {n}×{n}"
        if 2 <= len(cells) <= 6 and is_connected(cells):
            # A connected shape outside the catalog dooms nothing, wherever it lies.
            assert brute_force_kills(n, cells, board.full) == 0


def test_every_fixed_polyomino_against_the_brute_force():
    """Each orientation of each polyomino of 1 to 6 cells (and 150 of the 760 with 7), at a
    random place on a board."""
    rng = random.Random(11)
    for size in range(1, 8):
        fixed = sorted({at_origin(map(t, s)) for s in ALL_FREE[size] for t in SYMMETRIES})
        if size == 7:
            fixed = rng.sample(fixed, 150)
        for shape in fixed:
            n = rng.choice((7, 8, 9))
            height = max(r for r, _ in shape) + 1
            width = max(c for _, c in shape) + 1
            # Corners and edges come up often: the offset is drawn from the extremes too.
            top = rng.choice((0, n - height, rng.randint(0, n - height)))
            left = rng.choice((0, n - width, rng.randint(0, n - width)))
            check_against_brute_force(rng, n, shifted(shape, top, left))


@pytest.mark.slow
def test_random_live_cell_sets_against_the_brute_force():
    rng = random.Random(2024)
    connected = disconnected = 0
    for _ in range(800):
        n = rng.choice((5, 6, 7, 8, 9, 10))
        size = rng.randint(1, 7)
        if rng.random() < 0.6:
            cells = random_connected(rng, n, size)
        else:
            # Scattered cells, mostly near each other so that diagonal neighbours occur.
            r0, c0 = rng.randrange(n - 2), rng.randrange(n - 2)
            box = [(r, c) for r in range(r0, min(n, r0 + 4)) for c in range(c0, min(n, c0 + 4))]
            cells = set(rng.sample(box, min(size, len(box))))
        if is_connected(cells):
            connected += 1
        else:
            disconnected += 1
        check_against_brute_force(rng, n, cells)
    assert connected > 400 and disconnected > 150


# -- per-shape boards -----------------------------------------------------------------------

N = 8


def placements(shape: set[Cell]) -> dict[str, tuple[int, int]]:
    """Where to put a shape (at the origin) on an N×N board: the top-left offset."""
    height = max(r for r, _ in shape) + 1
    width = max(c for _, c in shape) + 1
    return {
        "interior": (2, 2),
        "top edge": (0, 2),
        "bottom edge": (N - height, 2),
        "left edge": (2, 0),
        "right edge": (2, N - width),
        "corner": (N - height, N - width),
    }


def oriented_diagrams(counter: str):
    """(shape, ✕ cells) of the counter's first diagram in each orientation, at the origin."""
    shape, dead = read_diagram(DIAGRAMS[counter][0])
    for t in SYMMETRIES:
        image = {t(cell) for cell in shape}
        image_dead = {t(cell) for cell in dead}
        top = min(r for r, _ in image)
        left = min(c for _, c in image)
        yield shifted(image, -top, -left), shifted(image_dead, -top, -left)


def grow(cells: set[Cell], size: int) -> set[Cell]:
    """``cells`` plus on-board neighbours, in reading order, until there are ``size``."""
    out = set(cells)
    while len(out) < size:
        r, c = min(
            near
            for r, c in sorted(out)
            for near in ((r + 1, c), (r, c + 1), (r - 1, c), (r, c - 1))
            if near not in out and 0 <= near[0] < N and 0 <= near[1] < N
        )
        out.add((r, c))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("counter", list(DIAGRAMS))
def test_each_shape_on_a_board(counter):
    others = [c for c in COUNTERS if c != counter]
    for shape, dead in oriented_diagrams(counter):
        for where, (dr, dc) in placements(shape).items():
            cells = shifted(shape, dr, dc)
            expected = mask_of(N, shifted(dead, dr, dc))  # off-board offsets are skipped
            board = board_with_region(N, cells)
            # Region A is swept first; a filler region may become a shape after A's kills
            # and fire later in the same sweep, which is not this test's business.
            steps = region_steps(sweep(board, make_state(board)))
            assert steps == ([Step(counter, 0, expected, ("region", 0))] if expected else [])
            # Only this shape's own rule decides.
            alone = run_rule(apply_polyomino, board, None, counter, [counter])
            assert region_steps(alone) == steps, where
            assert region_steps(sweep(board, make_state(board), enabled=others)) == [], where

            # A larger region whose other cells are dead fires the same way.
            region = grow(cells, len(cells) + 3)
            board = board_with_region(N, region)
            state = State(board.full & ~mask_of(N, region - cells))
            steps = region_steps(sweep(board, state))
            assert sum(step.killed for step in steps) == expected & state.live, where

            # Seven live cells (connected): no shape, no deduction.
            board = board_with_region(N, grow(cells, 7))
            assert region_steps(sweep(board, make_state(board))) == [], where

            # Not connected: the shape (less a cell, if it has 6) and a far cell.
            far = next(
                (r, c)
                for r, c in ((0, N - 1), (N - 1, 0), (0, 0), (N - 1, N - 1))
                if all(max(abs(r - a), abs(c - b)) > 1 for a, b in cells)
            )
            scattered = set(sorted(cells)[: min(len(cells), 5)]) | {far}
            board = board_with_region(N, cells | {far})
            state = State(board.full & ~mask_of(N, (cells | {far}) - scattered))
            assert region_steps(sweep(board, state)) == [], where


@pytest.mark.parametrize("size", [4, 5, 6])
def test_a_straight_region_fires_nothing(size):
    for line in ({(3, c) for c in range(1, 1 + size)}, {(r, 3) for r in range(1, 1 + size)}):
        board = board_with_region(N, line)
        assert not sweep(board, make_state(board)).changed


def test_a_cell_dead_already_is_not_killed_again():
    board = make_board(
        """
        BBBBBBBB
        BBBBBBBB
        CCAACCCC
        DDDDDDDD
        EEEEEEEE
        FFFFFFFF
        GGGGGGGG
        HHHHHHHH
        """
    )
    state = make_state(
        board,
        """
        . . . . . . . .
        . . ⨯ . . . . .
        . . . . . . . .
        . . ⨯ ⨯ . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        """,
    )
    outcome = sweep(board, state)
    assert outcome.steps == [Step("polyomino_domino", 0, 1 << (1 * 8 + 3), ("region", 0))]
    state = State(state.live & ~outcome.killed)
    assert not sweep(board, state).changed


# -- counting through the driver ------------------------------------------------------------


def test_a_counter_goes_up_once_per_region_that_fired_in_a_pass():
    # A and B are horizontal dominoes and C an L-tromino; every other region has more
    # than 6 live cells, or is a straight line, or falls apart, and stays so after the
    # kills: so everything happens in the first pass.
    board = make_board(
        """
        DDDDDDDD
        DAADDDDD
        EEEEEEEE
        EEEEEEEE
        FFFFFBBF
        FFFFFFFF
        GGGGGGCC
        HHHHHHCH
        """
    )
    result = Solver(RULES).solve(board)
    assert result.status == "stalled"
    fired = {name: count for name, count in result.counters.items() if count}
    assert fired == {"polyomino_domino": 2, "polyomino_l_tromino": 1}
    assert [(s.counter, s.detail) for s in result.steps] == [
        ("polyomino_domino", ("region", 0)),
        ("polyomino_domino", ("region", 1)),
        ("polyomino_l_tromino", ("region", 2)),
    ]
    assert result.passes == 2  # one pass that changed things, one that found nothing


# -- the memo -------------------------------------------------------------------------------


def test_the_memo_skip_is_exact(archive):
    """Sweeps on one state (with its memo) between random deaths give the same result as
    sweeps on fresh copies (no memo) of the same states."""
    rng = random.Random(5)
    enabled = frozenset(COUNTERS)
    sweeps = fired = 0
    for key in rng.sample(sorted(archive), 40):
        board = archive[key]
        state = State.initial(board)
        ctx = Context(board, state)
        ctx.counter = COUNTERS[0]
        ctx.enabled = enabled
        while state.live.bit_count() > board.n:
            fresh = run_rule(apply_polyomino, board, state.copy(), ctx.counter, enabled)
            start = len(ctx.steps)
            apply_polyomino(ctx)
            assert state.live == fresh.state.live, f"board {key}"
            assert ctx.steps[start:] == fresh.steps
            sweeps += 1
            fired += bool(fresh.steps)
            # Other rules would kill some cells now; sometimes none (a sweep on an
            # unchanged state must then change nothing either).
            if rng.random() < 0.8:
                live = [i for i in range(board.n * board.n) if state.live >> i & 1]
                for i in rng.sample(live, min(len(live), rng.randint(1, 4))):
                    state.live &= ~(1 << i)
    assert sweeps > 500 and fired > 50


def test_the_memo_does_not_outlive_a_change_of_rules():
    """A state solved with some shape rules switched off, then solved again with all of
    them, must reach the real fixed point: the memo may not skip the domino region."""
    board = make_board(
        """
        AABBBBBB
        CCCCCCCC
        DDDDDDDD
        EEEEEEEE
        FFFFFFFF
        GGGGGGGG
        HHHHHHHH
        HHHHHHHH
        """
    )
    state = State.initial(board)
    without_domino = [r for r in RULES if r.counter != "polyomino_domino"]
    assert Solver(without_domino).solve(board, state).steps == []
    result = Solver(RULES).solve(board, state)
    assert result.counters["polyomino_domino"] == 1
    assert result.state.live == sweep(board, State.initial(board)).state.live

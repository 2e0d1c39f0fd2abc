"""Random Star Battle boards with a unique solution: ``generate_starbattle(size, stars)``,
the engine of ``queens generate --stars K`` for K >= 2.

Glossary
--------
planted solution
    A random placement of K stars in every row and column, none touching, drawn first;
    the regions are then grown around it so that each holds K of its stars.
tile
    The cells grown from one planted star; K neighbouring tiles make a region.
repair
    While the exact search finds a second solution, one of its stars that the planted
    solution leaves empty is moved into a neighbouring region (keeping every region
    connected and holding K planted stars); that solution no longer fits as it was.
"""

from __future__ import annotations

import random

from ..engine.board import Board, max_stars, size_article
from ..engine.state import State
from ..referee.budget import SearchLimitExceeded
from ..referee.exact import find_solutions
from .regions import REGION_CHARS, neighbours4

__all__ = ["generate_starbattle", "plant"]


def plant(n: int, stars: int, rng: random.Random) -> int:
    """A random mask of K stars per row and column, none touching: a few random cells
    are asked to hold stars (fewer after each failure), the exact engine does the rest."""
    stripes = Board(tuple(REGION_CHARS[r] * n for r in range(n)), stars)
    wanted = n
    while True:
        state = State.initial(stripes)
        for cell in rng.sample(range(n * n), wanted):
            if state.live >> cell & 1:
                state.queens |= 1 << cell
                state.live &= ~((1 << cell) | stripes.kill_masks[cell])
        found = find_solutions(stripes, 1, state)
        if found:
            return found[0]
        if not wanted:
            raise ValueError(f"no {stars}-star placement exists on a {n}×{n} grid")
        wanted //= 2


def _grow(n: int, seeds: list[int], rng: random.Random) -> list[int]:
    """Each cell's seed number, growing all seeds at random until the grid is full."""
    owner = [-1] * (n * n)
    frontier: list[tuple[int, int]] = []
    for t, cell in enumerate(seeds):
        owner[cell] = t
        frontier.extend((j, t) for j in neighbours4(cell, n))
    while frontier:
        j, t = frontier.pop(rng.randrange(len(frontier)))
        if owner[j] >= 0:
            continue
        owner[j] = t
        frontier.extend((m, t) for m in neighbours4(j, n) if owner[m] < 0)
    return owner


def _group_tiles(
    n: int, stars: int, tile_of: list[int], count: int, rng: random.Random
) -> list[int] | None:
    """Tiles grouped into regions of K neighbouring tiles (region number per tile)."""
    adjacent: list[set[int]] = [set() for _ in range(count)]
    for i, t in enumerate(tile_of):
        for j in neighbours4(i, n):
            if tile_of[j] != t:
                adjacent[t].add(tile_of[j])
    group = [-1] * count
    regions = 0
    while True:
        free = [t for t in range(count) if group[t] < 0]
        if not free:
            return group
        # The tile with the fewest free neighbours first: it is the likeliest to be stranded.
        start = min(free, key=lambda t: (sum(group[u] < 0 for u in adjacent[t]), rng.random()))
        members = [start]
        group[start] = regions
        while len(members) < stars:
            options = sorted({u for t in members for u in adjacent[t] if group[u] < 0})
            if not options:
                return None
            pick = min(
                options, key=lambda u: (sum(group[v] < 0 for v in adjacent[u]), rng.random())
            )
            group[pick] = regions
            members.append(pick)
        regions += 1


def _rows(n: int, region_of: list[int]) -> tuple[str, ...]:
    return tuple("".join(REGION_CHARS[region_of[r * n + c]] for c in range(n)) for r in range(n))


def _connected(n: int, cells: set[int]) -> bool:
    if not cells:
        return False
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        i = stack.pop()
        for j in neighbours4(i, n):
            if j in cells and j not in seen:
                seen.add(j)
                stack.append(j)
    return len(seen) == len(cells)


def _repair(n: int, region_of: list[int], planted: int, other: int, rng: random.Random) -> bool:
    """Move one cell the other solution stars (and the planted one leaves empty) into a
    neighbouring region, keeping both regions connected. False if no move exists."""
    candidates = [i for i in range(n * n) if other >> i & 1 and not planted >> i & 1]
    rng.shuffle(candidates)
    for i in candidates:
        source = region_of[i]
        targets = [region_of[j] for j in neighbours4(i, n) if region_of[j] != source]
        rng.shuffle(targets)
        for target in targets:
            rest = {j for j in range(n * n) if region_of[j] == source and j != i}
            if _connected(n, rest):
                region_of[i] = target
                return True
    return False


def generate_starbattle(
    size: int,
    stars: int,
    seed: int | None = None,
    attempts: int = 200,
    node_limit: int = 200_000,
) -> Board:
    """A random ``size``×``size`` board with ``stars`` stars per unit and exactly one
    solution, every region 4-connected. Raises ValueError if ``attempts`` repairs and
    restarts do not get there."""
    if stars < 1 or stars > max_stars(size):
        raise ValueError(
            f"{size_article(size)} {size}×{size} board cannot hold {stars} stars per unit"
        )
    rng = random.Random(seed)
    n = size
    for _ in range(attempts):
        planted = plant(n, stars, rng)
        seeds = [i for i in range(n * n) if planted >> i & 1]
        tile_of = _grow(n, seeds, rng)
        group = _group_tiles(n, stars, tile_of, len(seeds), rng)
        if group is None:
            continue
        region_of = [group[t] for t in tile_of]
        for _ in range(attempts):
            board = Board(_rows(n, region_of), stars)
            try:
                found = find_solutions(board, 2, node_limit=node_limit)
            except SearchLimitExceeded:
                break
            others = [s for s in found if s != planted]
            if not others:
                return board
            if not _repair(n, region_of, planted, others[0], rng):
                break
    raise ValueError(f"no unique {size}×{size} {stars}-star board after {attempts} attempts")

"""dead_edges, the exact solver's matching filter, against unmatchable and against a
brute force over every perfect matching."""

from __future__ import annotations

import itertools
import random

from queens_core.engine.matching import dead_edges, unmatchable


def _perfect_matchings(edges: dict[int, int], size: int) -> list[dict[int, int]]:
    lefts = list(edges)
    found = []
    for rights in itertools.permutations(range(size), len(lefts)):
        if all(edges[left] >> right & 1 for left, right in zip(lefts, rights, strict=True)):
            found.append(dict(zip(lefts, rights, strict=True)))
    return found


def _as_pairs(dead: dict[int, int], size: int) -> set[tuple[int, int]]:
    return {
        (left, right) for left, mask in dead.items() for right in range(size) if mask >> right & 1
    }


def _random_graph(rng: random.Random) -> tuple[dict[int, int], int]:
    """A graph on as many right vertices as left ones (the open units of a search node),
    numbered among ``size`` as the open lines of a board are."""
    size = rng.randint(1, 6)
    used = rng.sample(range(size), rng.randint(1, size))
    lefts = rng.sample(range(size), len(used))
    density = rng.random()
    edges = {}
    for left in lefts:
        mask = 0
        for right in used:
            if rng.random() < density:
                mask |= 1 << right
        edges[left] = mask
    return edges, size


def test_dead_edges_are_the_edges_no_perfect_matching_uses():
    rng = random.Random(39)
    with_dead = without_matching = 0
    for _ in range(1500):
        edges, size = _random_graph(rng)
        matchings = _perfect_matchings(edges, size)
        dead = dead_edges(edges, size)
        if not matchings:
            assert dead is None
            without_matching += 1
            continue
        assert dead is not None
        used = {(left, right) for matching in matchings for left, right in matching.items()}
        every_edge = _as_pairs(edges, size)
        assert _as_pairs(dead, size) == every_edge - used
        assert all(mask for mask in dead.values())
        with_dead += bool(dead)
    # Both outcomes, and graphs with and without dead edges, were met.
    assert without_matching > 100
    assert with_dead > 100


def test_dead_edges_agrees_with_unmatchable():
    rng = random.Random(7)
    for _ in range(2000):
        edges, size = _random_graph(rng)
        dead = dead_edges(edges, size)
        pairs = unmatchable(edges, size)
        if pairs is None:
            assert dead is None
        else:
            assert dead is not None
            assert _as_pairs(dead, size) == set(pairs)

"""augment_all, the pigeonhole rule's way to finish a greedy matching, against
maximum_matching on random graphs."""

from __future__ import annotations

import random

from queens_core.engine.matching import augment_all, greedy_matching, maximum_matching


def test_augment_all_finishes_the_greedy_matching_as_maximum_matching_does():
    rng = random.Random(5)
    seen = {"perfect": 0, "augmented": 0, "no perfect matching": 0}
    for _ in range(3000):
        size = rng.randint(1, 9)
        lefts = sorted(rng.sample(range(size), rng.randint(1, size)))
        density = rng.random()
        edges = {
            left: sum(1 << right for right in range(size) if rng.random() < density)
            for left in lefts
        }
        expected, unmatched = maximum_matching(edges, size)
        owner, pending = greedy_matching(edges, size)
        if augment_all(edges, owner, pending):
            assert not unmatched
            assert owner == expected
            seen["augmented" if pending else "perfect"] += 1
        else:
            assert unmatched
            seen["no perfect matching"] += 1
    assert min(seen.values()) > 100, seen

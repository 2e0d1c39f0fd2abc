"""The exact search skips the row-column graph when every open row and column has more
live cells than half the open rows: such a graph has a perfect matching and each of its
edges lies in one, so filtering it would kill nothing. Held here against the engine's own
dead-edge function, with the bound shown tight."""

from __future__ import annotations

import random

import pytest

from queens_core.engine.matching import dead_edges


def _least_line(rows: list[int], k: int) -> int:
    """The fewest cells of a row or a column of a k×k graph given by each row's columns."""
    columns = [sum(row >> c & 1 for row in rows) for c in range(k)]
    return min([row.bit_count() for row in rows] + columns)


@pytest.mark.parametrize("k", range(1, 10))
def test_lines_fuller_than_half_the_open_rows_leave_no_dead_edge(k):
    rng = random.Random(k)
    checked = 0
    for _ in range(2000):
        # Three cells in four live, so that most graphs pass the test.
        rows = [rng.getrandbits(k) | rng.getrandbits(k) for _ in range(k)]
        if 2 * _least_line(rows, k) <= k:
            continue
        checked += 1
        found = dead_edges(dict(enumerate(rows)), k)
        assert found is not None and not any(found.values()), rows
    assert checked >= 50


@pytest.mark.parametrize("k", [2, 4, 6, 8])
def test_lines_of_exactly_half_the_open_rows_can_leave_dead_edges(k):
    # The first k/2 rows hold only the first k/2 columns; the others hold every column.
    half = k // 2
    rows = [(1 << half) - 1] * half + [(1 << k) - 1] * (k - half)
    assert 2 * _least_line(rows, k) == k
    found = dead_edges(dict(enumerate(rows)), k)
    assert found is not None
    assert {row: lost for row, lost in found.items() if lost} == {
        row: (1 << half) - 1 for row in range(half, k)
    }

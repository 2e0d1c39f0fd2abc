"""New board on a size too small for a grade: every 4×4 Queens board with one solution
is Easy, Medium or Fiendish with the catalog's rules, so the page refuses a 4×4 Hard
board at once, where the maker would try for the whole of its time."""

from __future__ import annotations

import time
from collections import Counter

import pytest
from starlette.testclient import TestClient

from queens_core import load_registry
from queens_core.api import Application
from queens_core.engine.board import Board
from queens_core.exact import find_solutions
from queens_web import adapters
from queens_web.app import create_app

HOST = "127.0.0.1:8000"
N = 4


def neighbours(cell: int) -> list[int]:
    row, column = divmod(cell, N)
    near = ((row + 1, column), (row - 1, column), (row, column + 1), (row, column - 1))
    return [r * N + c for r, c in near if 0 <= r < N and 0 <= c < N]


NEIGHBOURS = [neighbours(cell) for cell in range(N * N)]


def connected(mask: int) -> bool:
    start = (mask & -mask).bit_length() - 1
    seen, stack = 1 << start, [start]
    while stack:
        for near in NEIGHBOURS[stack.pop()]:
            if mask >> near & 1 and not seen >> near & 1:
                seen |= 1 << near
                stack.append(near)
    return seen == mask


def regions_around(seed: int, allowed: int) -> set[int]:
    """Every 4-connected set of ``allowed`` cells that holds ``seed``."""
    found: set[int] = set()

    def grow(region: int, barred: int) -> None:
        found.add(region)
        border = 0
        for cell in range(N * N):
            if region >> cell & 1:
                for near in NEIGHBOURS[cell]:
                    border |= 1 << near
        border &= allowed & ~region & ~barred
        while border:
            bit = border & -border
            border ^= bit
            grow(region | bit, barred)
            barred |= bit

    grow(1 << seed, 0)
    return found


def maps_around(queens: list[int]):
    """Every map of 4-connected regions, one around each queen."""
    every = sum(1 << q for q in queens)

    def rest(k: int, left: int):
        if k == len(queens) - 1:
            if connected(left):
                yield (left,)
            return
        for region in regions_around(queens[k], left & ~(every & ~(1 << queens[k]))):
            for more in rest(k + 1, left & ~region):
                yield (region, *more)

    yield from rest(0, (1 << N * N) - 1)


def rows_of(regions: tuple[int, ...]) -> tuple[str, ...]:
    letters = "ABCD"
    return tuple(
        "".join(
            letters[next(k for k, r in enumerate(regions) if r >> (row * N + column) & 1)]
            for column in range(N)
        )
        for row in range(N)
    )


@pytest.mark.slow
def test_no_4x4_board_with_one_solution_is_hard():
    app = Application()
    grades: Counter[str] = Counter()
    # The two ways to place 4 queens apart on a 4×4 board, row by row.
    for columns in ((1, 3, 0, 2), (2, 0, 3, 1)):
        queens = [row * N + column for row, column in enumerate(columns)]
        for regions in maps_around(queens):
            board = Board(rows_of(regions))
            if len(find_solutions(board, 2)) == 1:
                grades[app.check(board).to_json()["grade"]["name"]] += 1
    assert "Hard" not in grades
    assert set(grades) == {"Easy", "Medium", "Fiendish"}
    assert all(grade not in grades for grade in adapters.NO_BOARD_GRADES[4])


def test_the_page_refuses_a_4x4_hard_board_at_once_and_makes_the_others():
    app, _library = create_app(load_registry(), (HOST,))
    client = TestClient(app, base_url=f"http://{HOST}")
    started = time.monotonic()
    refused = client.post("/api/generate", json={"size": 4, "grade": "Hard"})
    assert time.monotonic() - started < 2
    assert refused.status_code == 400
    assert refused.json()["error"] == (
        "no 4×4 Queens board with one solution is graded Hard: choose another size or grade"
    )
    for grade in ("Easy", "Medium", "Fiendish"):
        made = client.post("/api/generate", json={"size": 4, "grade": grade, "seed": 1})
        assert made.status_code == 200 and made.json()["grade"] == grade


def test_another_packages_rule_may_make_a_board_harder_so_it_is_not_refused():
    from queens_core.testing import make_rule

    registry = load_registry()
    library = adapters.Library.from_registry(registry)
    assert adapters.catalog_only(library)
    extra = make_rule("another_rule", lambda ctx: None, package="another-package")
    registry.rules.append(extra)
    try:
        assert not adapters.catalog_only(library)
    finally:
        registry.rules.remove(extra)

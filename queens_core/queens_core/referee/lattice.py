"""A proof that a board has no solution by counting with integers: the lattice test.

A solution picks one live cell in every row, column and region. Forget that a cell is
picked at most once and allow negative picks: is there an integer weight per live cell
such that every row, every column and every region adds up to 1? If not, there is no
solution either. The exact solver's search and pairwise matchings cannot see such a proof
when it rests on a congruence: regions ``(r + c) mod N`` with N even have no solution
because the queens' ``r + c`` add up to ``N(N - 1)``, a multiple of N, while their regions
add up to ``N(N - 1) / 2``, which is not; searching proves it only cell by cell, in time
exponential in N. Here it takes one integer row reduction (milliseconds at N = 32).

Glossary
--------
unit vector
    A live cell as a vector over the units: 1 at its row, its column and its region,
    0 elsewhere (a sparse dict from unit index to value).
lattice
    Every integer combination of the unit vectors of the live cells.
echelon basis
    A basis of the lattice, one vector per pivot (its lowest nonzero index), built with
    integer row operations only (extended gcd), so it spans exactly the same lattice.
"""

from __future__ import annotations

from collections.abc import Iterable

Vector = dict[int, int]


def _combine(x: Vector, a: int, y: Vector, b: int) -> Vector:
    """``a * x + b * y``, without zero entries."""
    out = {k: a * v for k, v in x.items()} if a != 1 else dict(x)
    for k, v in y.items():
        w = out.get(k, 0) + b * v
        if w:
            out[k] = w
        else:
            out.pop(k, None)
    return out


def _xgcd(a: int, b: int) -> tuple[int, int, int]:
    """``(g, s, t)`` with ``g = gcd(a, b) = s * a + t * b``."""
    x0, x1, y0, y1 = 1, 0, 0, 1
    while b:
        q, a, b = a // b, b, a % b
        x0, x1 = x1, x0 - q * x1
        y0, y1 = y1, y0 - q * y1
    return a, x0, y0


def _insert(basis: dict[int, Vector], v: Vector) -> None:
    while v:
        pivot = min(v)
        b = basis.get(pivot)
        if b is None:
            basis[pivot] = v if v[pivot] > 0 else {k: -x for k, x in v.items()}
            return
        a, c = b[pivot], v[pivot]
        if c % a == 0:
            v = _combine(v, 1, b, -(c // a))
        else:
            # A unimodular change of the pair (b, v): the pivot becomes gcd(a, c).
            g, s, t = _xgcd(a, c)
            basis[pivot] = _combine(b, s, v, t)
            v = _combine(v, a // g, b, -(c // g))


def _member(basis: dict[int, Vector], v: Vector) -> bool:
    while v:
        pivot = min(v)
        b = basis.get(pivot)
        if b is None or v[pivot] % b[pivot]:
            return False
        v = _combine(v, 1, b, -(v[pivot] // b[pivot]))
    return True


def has_integer_cover(cells: Iterable[tuple[int, int, int]], units: Iterable[int]) -> bool:
    """Whether integer weights on ``cells`` (each the indices of its three units) can make
    every unit of ``units`` add up to 1 and every other unit to 0. False proves that no
    choice of cells covers each unit of ``units`` exactly once."""
    basis: dict[int, Vector] = {}
    for row, column, region in cells:
        _insert(basis, {row: 1, column: 1, region: 1})
    return _member(basis, dict.fromkeys(units, 1))

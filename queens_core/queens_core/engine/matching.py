"""Perfect matchings in small bipartite graphs, and the edges no perfect matching uses.

Both the exact solver (filtering every search node) and the pigeonhole rule
(N-regions-in-N-lines) reason about the same thing: units that must be paired one to one
(regions with rows, rows with columns). A graph here is ``edges``: a dict from each left
vertex to the bitmask of its right neighbours; right vertices are ``0 .. size - 1``.

Glossary
--------
owner
    A list, per right vertex, of the left vertex matched to it (-1: none).
reach
    Per left vertex u, the bitmask of left vertices u reaches (u included) in the
    alternating graph "u -> w when u has an edge to w's partner". An edge u -> r lies in
    some perfect matching iff it is matched or u is reachable from owner[r]: the two lie
    on a common alternating cycle (the Dulmage–Mendelsohn view).
tight set
    A set S of left vertices with exactly |S| neighbours: in every perfect matching, S
    takes all of them. reach[w] is the smallest tight set containing w.
"""

from __future__ import annotations


def maximum_matching(edges: dict[int, int], size: int) -> tuple[list[int], list[int]]:
    """A maximum matching (greedy, then augmenting paths) as ``owner``, and the left
    vertices left unmatched (empty when the matching is perfect)."""
    owner, pending = greedy_matching(edges, size)
    if not pending:
        return owner, pending
    unmatched = [left for left in pending if not _augment(edges, owner, left, [0])]
    return owner, unmatched


def greedy_matching(edges: dict[int, int], size: int) -> tuple[list[int], list[int]]:
    """The greedy start of :func:`maximum_matching`: each left vertex, in order, takes its
    lowest free neighbour (most match so, without an augmenting path); returns ``owner``
    and the left vertices that found none, in order."""
    owner = [-1] * size
    pending = []
    taken = 0  # the right vertices matched so far, as a mask
    for left, neighbours in edges.items():
        free = neighbours & ~taken
        if free:
            low = free & -free
            taken |= low
            owner[low.bit_length() - 1] = left
        else:
            pending.append(left)
    return owner, pending


def augment_all(edges: dict[int, int], owner: list[int], pending: list[int]) -> bool:
    """Match each left vertex of ``pending`` into ``owner`` by an augmenting path, in
    order, as :func:`maximum_matching` does after its greedy step; False at the first that
    cannot be matched (``owner`` is then partial: ask :func:`maximum_matching` afresh)."""
    for left in pending:
        if not _augment(edges, owner, left, [0]):
            return False
    return True


def _augment(edges: dict[int, int], owner: list[int], left: int, seen: list[int]) -> bool:
    """Match ``left`` along an augmenting path, if there is one (``seen``: the right
    vertices this search has been through, in a one-item list)."""
    candidates = edges[left] & ~seen[0]
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        seen[0] |= low
        right = low.bit_length() - 1
        if owner[right] < 0 or _augment(edges, owner, owner[right], seen):
            owner[right] = left
            return True
    return False


def alternating_reach(edges: dict[int, int], owner: list[int]) -> dict[int, int]:
    """``reach`` (see the glossary) for a perfect matching ``owner`` of ``edges``."""
    # One alternating step from a left vertex: itself and the partners of its neighbours
    # (its own partner among them is itself).
    partner_bit = [1 << left if left >= 0 else 0 for left in owner]
    step = {}
    for left, neighbours in edges.items():
        ahead = 1 << left
        while neighbours:
            low = neighbours & -neighbours
            neighbours ^= low
            ahead |= partner_bit[low.bit_length() - 1]
        step[left] = ahead
    reach: dict[int, int] = {}
    for left in edges:
        seen = step[left]
        todo = seen & ~(1 << left)
        while todo:
            low = todo & -todo
            todo ^= low
            middle = low.bit_length() - 1
            known = reach.get(middle)
            if known is not None:
                # A finished reach is closed: none of its vertices needs expanding.
                seen |= known
                todo &= ~known
            else:
                ahead = step[middle] & ~seen
                seen |= ahead
                todo |= ahead
        reach[left] = seen
    return reach


def unmatchable(edges: dict[int, int], size: int) -> list[tuple[int, int]] | None:
    """The edges (left, right) that lie in no perfect matching; None when the graph has
    no perfect matching at all."""
    owner, unmatched = maximum_matching(edges, size)
    if unmatched:
        return None
    reach = alternating_reach(edges, owner)
    everyone = 0
    for left in edges:
        everyone |= 1 << left
    if all(seen == everyone for seen in reach.values()):
        return []  # one alternating cycle through every vertex: each edge lies on it
    dead = []
    for left, neighbours in edges.items():
        others = neighbours
        while others:
            low = others & -others
            others ^= low
            right = low.bit_length() - 1
            if owner[right] != left and not reach[owner[right]] >> left & 1:
                dead.append((left, right))
    return dead


def dead_edges(edges: dict[int, int], size: int) -> dict[int, int] | None:
    """:func:`unmatchable` as masks, for a graph with as many right vertices in its edges
    as left vertices (the exact solver's open units): per left vertex with such edges,
    the mask of its right neighbours that no perfect matching pairs it with; None when the
    graph has no perfect matching. Cheaper than ``unmatchable``, for the exact solver's
    filter, which runs at every node.

    It works on the right vertices: ``r -> s`` when the partner of ``r`` has an edge to
    ``s`` (a left vertex's neighbours, as they are: no bit is moved). An edge from the
    partner of ``r`` to ``s`` lies in a perfect matching iff ``r`` and ``s`` lie in one
    strongly connected component of that graph. The components are found one at a time
    (forward from their lowest vertex, then back within what it reaches); the first is
    usually the whole graph, and then nothing is dead."""
    owner, unmatched = maximum_matching(edges, size)
    if unmatched:
        return None
    ahead: dict[int, int] = {}
    everyone = 0
    for right, left in enumerate(owner):
        if left >= 0:
            ahead[right] = edges[left]
            everyone |= 1 << right
    dead: dict[int, int] = {}
    remaining = everyone
    while remaining:
        first = remaining & -remaining
        forward = first | (ahead[first.bit_length() - 1] & remaining)
        todo = forward ^ first
        while todo:
            low = todo & -todo
            todo ^= low
            new = ahead[low.bit_length() - 1] & remaining & ~forward
            forward |= new
            todo |= new
        component = first
        grew = forward != first
        while grew:
            grew = False
            rest = forward & ~component
            while rest:
                low = rest & -rest
                rest ^= low
                if ahead[low.bit_length() - 1] & component:
                    component |= low
                    grew = True
        if component == everyone:
            return dead
        members = component
        while members:
            low = members & -members
            members ^= low
            left = owner[low.bit_length() - 1]
            out = edges[left] & ~component
            if out:
                dead[left] = out
        remaining &= ~component
    return dead


def hall_violator(edges: dict[int, int], owner: list[int], start: int) -> tuple[list[int], int]:
    """From an unmatched left vertex of a maximum matching: the left vertices it reaches
    by alternating paths and their neighbours, fewer neighbours than vertices (Hall's
    condition fails)."""
    lefts = {start}
    rights = 0
    frontier = [start]
    while frontier:
        left = frontier.pop()
        new = edges[left] & ~rights
        rights |= edges[left]
        while new:
            low = new & -new
            new ^= low
            w = owner[low.bit_length() - 1]
            if w >= 0 and w not in lefts:
                lefts.add(w)
                frontier.append(w)
    return sorted(lefts), rights

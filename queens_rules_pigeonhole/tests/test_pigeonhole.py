"""N-regions-in-N-lines (issue 4).

The matching-based rule against the plain 2^N subset loop on many random
states, hand-made boards, contradictions, the rows-then-columns counting, and the
memo that skips a run when the region–line graph did not change.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queens_core import Board, Context, Contradiction, Solver, State, Tier, is_solution
from queens_core.referee.exact import find_solutions
from queens_core.testing import cells_marked, make_board, make_state, rules_of, run_rule
from queens_rules_pigeonhole import RULES, apply_n_regions_in_n_lines, graph, tight_kills
from queens_rules_pigeonhole.details import RegionsInLines

COUNTER = "n_regions_in_n_lines"
KINDS = ("row", "column")


def run(board: Board, state: State):
    return run_rule(apply_n_regions_in_n_lines, board, state, COUNTER)


def line_masks(board: Board, kind: str) -> tuple[int, ...]:
    return board.row_masks if kind == "row" else board.col_masks


def brute_force(
    board: Board, state: State, kind: str, regions: list[int] | None = None
) -> tuple[bool, int]:
    """The plain subset loop over ``regions`` (default: those without a queen).

    Returns (some set S meets fewer than |S| lines — Hall's condition fails, cells killed
    by the sets S that meet exactly |S| lines)."""
    lines = line_masks(board, kind)
    live = state.live
    if regions is None:
        regions = [k for k, m in enumerate(board.region_masks) if not state.queens & m]
    used_by = {
        k: {i for i, line in enumerate(lines) if line & live & board.region_masks[k]}
        for k in regions
    }
    hall_fails = False
    killed = 0
    for size in range(1, len(regions) + 1):
        for group in combinations(regions, size):
            used = set().union(*(used_by[k] for k in group))
            if len(used) < size:
                hall_fails = True
            elif len(used) == size:
                inside = 0
                for k in group:
                    inside |= board.region_masks[k]
                for i in used:
                    killed |= lines[i] & live & ~inside
    return hall_fails, killed


def check_explanation(board: Board, state: State, kind: str, step) -> None:
    """A step names k regions and k lines: the regions live only in those lines, and every
    cell it killed lies in those lines, outside those regions."""
    _, regions, kind_plural, used = step.detail
    assert kind_plural == kind + "s"
    assert len(regions) == len(used)
    lines = line_masks(board, kind)
    in_lines = 0
    for i in used:
        in_lines |= lines[i]
    inside = 0
    for k in regions:
        inside |= board.region_masks[k]
        assert state.live & board.region_masks[k] & ~in_lines == 0
    assert step.killed & ~(in_lines & ~inside) == 0


# -- random boards and states ---------------------------------------------------------------


def random_board(rng: random.Random, n: int) -> Board:
    """N regions grown at random from N seed cells (each region 4-connected)."""
    grid: list[list[int | None]] = [[None] * n for _ in range(n)]
    for k, (r, c) in enumerate(rng.sample([(r, c) for r in range(n) for c in range(n)], n)):
        grid[r][c] = k
    frontier = [(r, c) for r in range(n) for c in range(n) if grid[r][c] is not None]
    todo = n * n - n
    while todo:
        r, c = rng.choice(frontier)
        dr, dc = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        if 0 <= r + dr < n and 0 <= c + dc < n and grid[r + dr][c + dc] is None:
            grid[r + dr][c + dc] = grid[r][c]
            frontier.append((r + dr, c + dc))
            todo -= 1
    return Board.from_rows(["".join(chr(ord("A") + k) for k in row) for row in grid])


def random_state(rng: random.Random, board: Board) -> State:
    """Random dead cells, then 0 to 2 queens placed through the context (so every queen's
    kill list is applied: the state is settled, as rules always see it)."""
    state = State.initial(board)
    chance = rng.choice((0.05, 0.15, 0.3))
    for i in range(board.n * board.n):
        if rng.random() < chance:
            state.live &= ~(1 << i)
    ctx = Context(board, state)
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        live = [i for i in range(board.n * board.n) if state.live >> i & 1]
        if live:
            ctx.place(rng.choice(live))
    return state


def test_the_rule_kills_what_the_subset_loop_kills():
    rng = random.Random(44)
    seen = dict.fromkeys(
        ("row kills", "column kills", "contradiction", "queens+kills", "nothing"), 0
    )
    for _ in range(250):
        board = random_board(rng, rng.choice((4, 5, 6, 6, 7, 7, 8)))
        for _ in range(5):
            state = random_state(rng, board)
            expected = {kind: brute_force(board, state, kind) for kind in KINDS}
            for kind in KINDS:
                hall_fails, killed = expected[kind]
                if hall_fails:
                    with pytest.raises(Contradiction):
                        tight_kills(board, state, kind)
                    seen["contradiction"] += 1
                    continue
                found = tight_kills(board, state, kind)
                union = 0
                for _, _, cells in found:
                    union |= cells
                assert union == killed, f"{kind}s\n{board}\n{state.picture(board)}"
                seen[f"{kind} kills"] += bool(killed)
                seen["nothing"] += not killed
                seen["queens+kills"] += bool(killed and state.queens)

            # One call of the rule: rows; columns only if rows killed nothing.
            (row_fails, row_kills), (col_fails, col_kills) = expected["row"], expected["column"]
            if row_fails or (not row_kills and col_fails):
                with pytest.raises(Contradiction):
                    run(board, state)
                continue
            outcome = run(board, state)
            kind = "row" if row_kills else "column"
            assert outcome.killed == (row_kills or col_kills)
            assert outcome.placed == 0
            for step in outcome.steps:
                assert step.counter == COUNTER
                check_explanation(board, state, kind, step)
    assert min(seen.values()) > 50, seen


def test_the_graph_leaves_out_queened_regions_and_lines():
    rng = random.Random(8)
    for _ in range(100):
        board = random_board(rng, 7)
        state = random_state(rng, board)
        queen_rows = {r for r, _ in board.cells_of(state.queens)}
        queen_cols = {c for _, c in board.cells_of(state.queens)}
        for kind, taken in (("row", queen_rows), ("column", queen_cols)):
            edges = graph(board, state, kind)
            expected = [k for k, m in enumerate(board.region_masks) if not state.queens & m]
            assert sorted(edges) == expected
            for lines in edges.values():
                assert not any(lines >> i & 1 for i in taken)


# -- queened regions stay out ---------------------------------------------------------------


def test_counting_a_queened_region_in_a_set_would_be_unsound():
    board = make_board(
        """
        AABBB
        AABBB
        CCDDE
        CDDDE
        CEEEE
        """
    )
    solution = board.mask_of([(0, 1), (1, 3), (2, 0), (3, 2), (4, 4)])
    assert is_solution(board.rows, board.cells_of(solution))
    state = State.initial(board)
    Context(board, state).place(board.cell(0, 1))  # region A's queen, as in the solution
    assert state.picture(board) == "\n".join(["⨯♛⨯⨯⨯", "⨯⨯⨯..", ".⨯...", ".⨯...", ".⨯..."])
    # D's live cells lie in rows 3 and 4 (1-based). Counted with A, which holds a queen
    # and has no live cell left, {A, D} would be "2 regions in 2 rows" and kill C's cells
    # in those rows -- one of them holds C's queen in the solution.
    a, c, d = (board.letters.index(x) for x in "ACD")
    queenless = [k for k, m in enumerate(board.region_masks) if not state.queens & m]
    _, unsound = brute_force(board, state, "row", regions=[*queenless, a])
    assert unsound & board.mask_of([(2, 0)])
    assert unsound & board.region_masks[c]
    # The rule leaves A out: it kills nothing here (and nothing of the solution anywhere).
    assert a not in graph(board, state, "row") and d in graph(board, state, "row")
    assert brute_force(board, state, "row") == (False, 0)
    assert tight_kills(board, state, "row") == []
    outcome = run(board, state)
    assert outcome.killed & solution == 0


# -- hand-made boards -----------------------------------------------------------------------


def test_two_regions_in_two_rows():
    board = make_board(
        """
        CCCDDD
        ACCDDB
        ACEEDB
        AEEFDB
        EEFFDF
        EFFFFF
        """
    )
    # With r3c1 and r3c6 dead, A and B live only in rows 2 and 4; no other set is tight.
    state = make_state(
        board,
        """
        . . . . . .
        . . . . . .
        ⨯ . . . . ⨯
        . . . . . .
        . . . . . .
        . . . . . .
        """,
    )
    outcome = run(board, state)
    assert outcome.killed == cells_marked(
        board,
        """
        . . . . . .
        . x x x x .
        . . . . . .
        . x x x x .
        . . . . . .
        . . . . . .
        """,
    )
    assert [step.detail for step in outcome.steps] == [("regions", (0, 1), "rows", (1, 3))]


def test_three_regions_in_three_columns():
    board = make_board(
        """
        ADDDDD
        AAADDD
        EEBBBD
        EEEEBF
        CCCCCF
        CFFFFF
        """
    )
    # A lives in columns 1 and 3, B in 3 and 5, C in 1 and 5 (1-based): together they
    # own columns 1, 3 and 5. The rows pair off ({A, D}, {B, E}, {C, F}) but kill nothing.
    state = make_state(
        board,
        """
        . . . . . .
        . ⨯ . . . .
        . . . ⨯ . ⨯
        . . . . . ⨯
        . ⨯ ⨯ ⨯ . .
        . . . . . .
        """,
    )
    assert brute_force(board, state, "row") == (False, 0)
    outcome = run(board, state)
    assert outcome.killed == cells_marked(
        board,
        """
        . . x . x .
        . . . . x .
        x . . . . .
        x . x . . .
        . . . . . .
        . . x . x .
        """,
    )
    assert [step.detail for step in outcome.steps] == [("regions", (0, 1, 2), "columns", (0, 2, 4))]


# -- contradictions -------------------------------------------------------------------------


def test_no_perfect_matching_is_a_contradiction_naming_the_regions():
    board = make_board(
        """
        AABBCC
        AABBCC
        DDDDDD
        EEEEEE
        FFFFFF
        FFFFFF
        """
    )
    state = make_state(board)
    with pytest.raises(Contradiction) as caught:
        tight_kills(board, state, "row")
    assert str(caught.value) == (
        "regions 'A', 'B', 'C' have live cells only in rows 1, 2: 3 queens cannot fit in 2 rows"
    )
    # The columns have a perfect matching; the rule stops at the rows all the same.
    tight_kills(board, state, "column")
    with pytest.raises(Contradiction):
        run(board, state)


def test_the_driver_reports_a_contradiction_no_unit_shows(queens_registry):
    """A, B and C live only in rows 1 and 2: no row, column or region is empty, and no
    baseline or shape rule fires (every line meets two regions or more, A, B and C are
    2×2 blocks, the others have more than 6 cells)."""
    board = make_board(
        """
        AABBCC
        AABBCC
        DDDEEE
        DDDEEE
        DFFFEE
        DFFFFE
        """
    )
    result = Solver(rules_of(queens_registry, "baseline", "polyomino", "pigeonhole")).solve(board)
    assert result.status == "contradiction"
    assert result.culprit.counter == COUNTER
    assert "'A', 'B', 'C'" in result.problem
    assert result.steps == [] and result.passes == 1


def test_a_contradiction_in_the_columns_only():
    board = make_board(
        """
        CBDD
        CBDD
        CAAD
        CAAD
        """
    )
    # A and B both live only in column 2 (1-based); the rows have a perfect matching and
    # kill nothing, so the call goes on to the columns.
    state = make_state(
        board,
        """
        . . . .
        . . . .
        . . ⨯ .
        . . ⨯ .
        """,
    )
    assert brute_force(board, state, "row") == (False, 0)
    with pytest.raises(Contradiction) as caught:
        tight_kills(board, state, "column")
    assert str(caught.value) == (
        "regions 'A', 'B' have live cells only in column 2: 2 queens cannot fit in 1 column"
    )
    with pytest.raises(Contradiction):
        run(board, state)


# -- rows first, one count a pass ------------------------------------------------

ROWS_THEN_COLUMNS = """
    AABBCC
    ABBBCD
    EEEECD
    EEFFFD
    EFFFFD
    EFFFFD
"""


def test_rows_first_and_columns_only_in_a_pass_where_rows_killed_nothing():
    board = make_board(ROWS_THEN_COLUMNS)
    # At the start both variants can kill: D lives in column 6 only (so r1c6 must die).
    assert brute_force(board, State.initial(board), "column")[1]
    first = run(board, make_state(board))
    assert [step.detail[2] for step in first.steps] == ["rows", "rows"]
    assert first.killed == cells_marked(
        board,
        """
        . . . . x x
        . . . . x x
        x x x x . x
        . . . . . .
        . . . . . .
        . . . . . .
        """,
    )
    second = run(board, first.state)
    assert [step.detail[2] for step in second.steps] == ["columns", "columns"]
    assert second.killed == cells_marked(
        board,
        """
        . . . . . .
        . x . . . .
        . . . . . .
        . . . . x .
        . x . . x .
        . x . . x .
        """,
    )
    assert not run(board, second.state).changed


def test_the_counter_counts_at_most_once_a_pass():
    board = make_board(ROWS_THEN_COLUMNS)
    result = Solver(RULES).solve(board)
    # Pass 1: two row steps, pass 2: two column steps, pass 3: nothing.
    assert [step.detail[2] for step in result.steps] == ["rows", "rows", "columns", "columns"]
    assert result.passes == 3
    assert result.counters == {COUNTER: 2}
    assert result.status == "stalled"


def test_the_rule_is_registered_as_the_catalog_says():
    (rule,) = RULES
    assert (rule.counter, rule.display_name, rule.position) == (
        COUNTER,
        "N-regions-in-N-lines",
        30,
    )
    assert rule.tier is Tier.CHEAP and rule.counting == "pass" and not rule.problems()


# -- the memo -------------------------------------------------------------------------------


def evolve_and_compare(rng: random.Random, board: Board, keep: int, counts: dict) -> None:
    """Run the rule on one state (with its memo) between random deaths and placements and
    compare each run with a run on a fresh copy (no memo). Cells of ``keep`` never die
    and queens go only there, so with a solution as ``keep`` the state stays consistent."""
    state = State.initial(board)
    ctx = Context(board, state)
    ctx.counter = COUNTER
    graphs = None
    while state.live:
        try:
            fresh = run(board, state)
        except Contradiction:
            with pytest.raises(Contradiction):
                apply_n_regions_in_n_lines(ctx)
            counts["contradictions"] += 1
            return
        now = (state.queens, graph(board, state, "row"), graph(board, state, "column"))
        counts["runs on an unchanged graph"] += now == graphs
        start = len(ctx.steps)
        apply_n_regions_in_n_lines(ctx)
        assert state == fresh.state
        assert ctx.steps[start:] == fresh.steps
        graphs = (state.queens, graph(board, state, "row"), graph(board, state, "column"))
        counts["runs"] += 1
        counts["runs that killed"] += fresh.changed
        # What other rules would do meanwhile: kill a few cells, sometimes place a queen,
        # sometimes nothing.
        live = [i for i in range(board.n * board.n) if state.live >> i & 1]
        roll = rng.random()
        if roll < 0.1:
            spots = [i for i in live if keep >> i & 1] if keep else live
            if spots:
                ctx.place(rng.choice(spots))
        elif roll < 0.85:
            deaths = [i for i in live if not keep >> i & 1]
            for i in rng.sample(deaths, min(len(deaths), rng.choice((1, 1, 2, 3)))):
                state.live &= ~(1 << i)
            if not deaths:
                return


def test_the_memo_never_makes_the_fixed_point_stale(archive):
    rng = random.Random(17)
    counts = dict.fromkeys(
        ("runs", "runs that killed", "runs on an unchanged graph", "contradictions"), 0
    )
    for key in rng.sample(sorted(archive), 80):
        board = archive[key]
        (solution,) = find_solutions(board, cap=2)
        evolve_and_compare(rng, board, solution, counts)
    for _ in range(80):
        evolve_and_compare(rng, random_board(rng, rng.choice((5, 6, 7, 8))), 0, counts)
    assert counts["runs"] > 600, counts
    assert min(counts.values()) > 30, counts


def test_a_region_with_no_live_cell_is_named():
    board = make_board(
        """
        AB
        AB
        """
    )
    state = make_state(board, "⨯ .\n⨯ .")
    with pytest.raises(Contradiction) as caught:
        tight_kills(board, state, "row")
    assert str(caught.value) == "region 'A' has no live cell in a row without a queen"


# -- the run's own graph and matching -------------------------------------------------------


def reference_run(board: Board, state: State) -> tuple[list[tuple[int, tuple]], str | None]:
    """What a run does, from the public parts (graph(), tight_kills() and its matching) on
    a state without a memo: its kills as (cells, detail), or the contradiction's words."""
    out: list[tuple[int, tuple]] = []
    live = state.live
    for kind in KINDS:
        try:
            found = tight_kills(board, state, kind)
        except Contradiction as contradiction:
            return out, str(contradiction)
        for regions, lines, cells in found:
            if cells & live:
                used = tuple(i for i in range(board.n) if lines >> i & 1)
                out.append((cells & live, RegionsInLines(tuple(regions), kind + "s", used)))
                live &= ~cells
        if out:
            break
    return out, None


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from((4, 5, 6, 7, 8, 9, 10)), st.integers(0, 6))
def test_a_run_builds_the_graph_and_matching_graph_and_tight_kills_would(seed, n, deaths):
    """The run makes its graph and the greedy start of its matching in one loop over the
    regions, and finishes the matching with augmenting paths: the same kills, details
    and contradictions as graph() and tight_kills() give, on a state fresh or with the
    memo of an earlier run on it (then some cells died, as other rules would kill them)."""
    rng = random.Random(seed)
    board = random_board(rng, n)
    state = random_state(rng, board)
    ctx = Context(board, state)
    ctx.counter = COUNTER
    for _ in range(3):
        expected, problem = reference_run(board, state.copy())
        before = state.live
        start = len(ctx.steps)
        if problem is not None:
            with pytest.raises(Contradiction) as caught:
                apply_n_regions_in_n_lines(ctx)
            assert str(caught.value) == problem
            return
        apply_n_regions_in_n_lines(ctx)
        got = [(step.killed, step.detail) for step in ctx.steps[start:]]
        assert got == expected
        assert all(type(detail) is RegionsInLines for _, detail in got)
        assert state.live == before & ~sum(cells for cells, _ in expected)
        live = [i for i in range(n * n) if state.live >> i & 1]
        for i in rng.sample(live, min(len(live), deaths)):
            state.live &= ~(1 << i)

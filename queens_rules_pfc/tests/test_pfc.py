"""Placement-forces-contradiction's trials on plain ints agree with the reference trial."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from queens_core import Board, Context, Solver, State
from queens_core.engine.board import bits
from queens_core.testing import load_boards, rules_of
from queens_rules_pfc import Trials, apply_placement_forces_contradiction, candidates, trial
from queens_rules_pfc.trials import SMALL_REGION

ARCHIVE = Path(__file__).resolve().parents[2] / "archive" / "boards"
BOARDS = list(load_boards(ARCHIVE).values())[::7]


def assert_trials_agree(board: Board, state: State) -> int:
    """Every live cell's fast trial equals the reference; returns how many were compared."""
    trials = Trials(board)
    assert trials.settled(state)
    for cell in bits(state.live):
        reference_state, reference_found = trial(board, state, cell)
        assert trials.run(state.live, state.queens, cell) == (
            reference_state.queens,
            reference_found,
        )
    return state.live.bit_count()


def test_fast_trials_match_the_reference_where_the_catalog_calls_the_rule(queens_registry, archive):
    met: list[tuple[Board, State]] = []

    def spy(ctx: Context) -> None:
        met.append((ctx.board, State(ctx.state.live, ctx.state.queens)))
        apply_placement_forces_contradiction(ctx)

    rules = [
        replace(r, apply=spy) if r.counter == "placement_forces_contradiction" else r
        for r in rules_of(queens_registry, "baseline", "polyomino", "pigeonhole", "pfc")
    ]
    solver = Solver(rules)
    for board in archive.values():
        solver.solve(board)
    assert len(met) > 90
    assert sum(assert_trials_agree(board, state) for board, state in met) > 2000


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(BOARDS) - 1), st.lists(st.integers(0, 10**6), max_size=8))
def test_fast_trials_match_the_reference_on_random_settled_states(which, moves):
    """Random queens and kills through a context (so the state stays settled), some of
    them contradictory, which the trials must report the same way."""
    board = BOARDS[which]
    state = State.initial(board)
    ctx = Context(board, state)
    for move in moves:
        live = list(bits(state.live))
        if not live:
            break
        cell = live[move % len(live)]
        if move % 3 == 0:
            ctx.place(cell)
        else:
            ctx.kill(1 << cell)
    assert_trials_agree(board, state)


def test_an_unsettled_state_takes_the_reference_path_with_the_same_kills():
    board = BOARDS[0]
    # A queen whose kill mask is still live: a state read from a picture, not settled.
    state = State(board.full & ~1, 1)
    assert not Trials(board).settled(state)
    expected = [cell for cell in bits(candidates(board, state)) if trial(board, state, cell)[1]]
    ctx = Context(board, state)
    apply_placement_forces_contradiction(ctx)
    assert [step.detail[1] for step in ctx.steps] == expected


def test_the_trial_layout_gives_each_cell_its_region_and_its_complement():
    """The layout's per-cell region tables, picked by one itemgetter, on boards of one
    cell (where an itemgetter of one index gives no tuple), two and more."""
    archive = [(ARCHIVE / f"{number}.txt").read_text() for number in (1, 100, 600)]
    for text in ("A", "AB\nAB", "AAB\nCCB\nCCB", *archive):
        board = Board.parse(text)
        layout = Trials(board)
        regions = [board.region_masks[k] for k in board.cell_region]
        assert layout.region_at == (0, *regions)
        assert layout.off_region_at == (0, *(board.full ^ mask for mask in regions))


def _candidates_by_definition(board: Board, live: int) -> int:
    """Every live cell whose kill mask meets a region with 1..SMALL_REGION live cells."""
    small = 0
    for region in board.region_masks:
        if 0 < (live & region).bit_count() <= SMALL_REGION:
            small |= live & region
    return sum(1 << cell for cell in bits(live) if board.kill_masks[cell] & small)


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(["AAB\nCCB\nCCB", "A", "AB\nAB", *(str(board) for board in BOARDS)]),
    st.integers(0, 2**121 - 1),
)
def test_candidates_are_the_live_cells_whose_kill_mask_meets_a_small_region(text, mask):
    """The layout finds them from the small regions' cells (kill masks are symmetric and
    leave their own cell out); the definition looks at every live cell."""
    board = Board.parse(text)
    for live in (mask & board.full, (mask >> 7) & mask & board.full, board.full):
        assert Trials(board).candidates(live) == _candidates_by_definition(board, live)

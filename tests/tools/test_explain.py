"""Step-by-step explanations: the recorded steps replay to the final state, and every
step of the archive gets a sentence of its own."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from support import ARCHIVE

from queens_core import Board, Solver, State, Step
from queens_core.cli.app import main
from queens_core.cli.output import format_result
from queens_core.render.text import format_explanation
from queens_core.testing import make_board, make_state
from queens_core.tools.explain import ReplayError, apply_step, explain_steps, replay
from queens_rules_pfc import TrialFails


@pytest.fixture(scope="module")
def solver(registry):
    return Solver(registry.rules)


@pytest.mark.slow
def test_replaying_the_steps_of_every_archive_board_gives_its_final_state(
    archive, registry, solver
):
    for key, board in archive.items():
        result = solver.solve(board)
        assert replay(board, result.steps) == result.state, f"board {key}"
        explanations = explain_steps(board, result.steps, registry.rules)
        assert len(explanations) == len(result.steps)
        generic = [e for e in explanations if e.generic]
        assert not generic, f"board {key}: no sentence of its own for {generic[0]}"
        for e in explanations:
            assert e.rule != e.counter, f"board {key}: rule {e.counter} has no display name"
            assert e.why.endswith("."), e.why


def test_replay_from_a_loaded_state_starts_with_its_queens_kill_lists(registry, solver):
    board = Board.parse((ARCHIVE / "353.txt").read_text())
    start = make_state(
        board,
        """
        ♛ . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """,
    )
    result = solver.solve(board, start.copy())
    assert result.solved
    first = result.steps[0]
    assert first.counter == "queen_adjacent_kill" and first.detail == ("queen", 0)
    assert replay(board, result.steps, start) == result.state
    why = explain_steps(board, result.steps, registry.rules, start)[0].why
    assert why.startswith("The queen already on r1c1 rules out the rest of row 1, column 1")
    assert "r2c2 (touching it)" in why


def test_replay_rejects_steps_that_do_not_fit():
    board = make_board("""
        AAB
        ACB
        CCB
    """)
    state = State.initial(board)
    with pytest.raises(ReplayError, match="not live"):
        apply_step(board, State(0), Step("x", 0, 1, ()))
    with pytest.raises(ReplayError, match="exactly the live cells"):
        apply_step(board, state.copy(), Step("x", 1, 0, ()))  # r1c1's kill list dropped
    with pytest.raises(ReplayError, match="neither"):
        apply_step(board, state.copy(), Step("x", 0, 0, ()))


def _explained(board_id: str, registry, solver):
    board = Board.parse((ARCHIVE / f"{board_id}.txt").read_text())
    result = solver.solve(board)
    return board, result, explain_steps(board, result.steps, registry.rules)


def test_board_353_reads_step_by_step(registry, solver):
    board, _, steps = _explained("353", registry, solver)
    text = {e.number: format_explanation(board, e) for e in steps}
    assert text[1] == (
        "  1. Line-confined-to-region — r1c2 r1c3 r1c4 r1c5 r1c6 dead\n"
        "     Every live cell of column 1 lies in region P (purple), so column 1's queen is P's\n"
        "     queen: P's cells outside column 1 cannot hold a queen."
    )
    assert steps[2].why == (
        "The live cells of region L (lime), r2c4, r2c5, r2c6, r3c6 and r4c6, form a "
        "V-pentomino, and each of them shares a row or column with, or touches, r3c5: "
        "wherever L's queen goes among them, r3c5 cannot hold a queen."
    )
    assert steps[5].why.startswith(
        "Regions B (blue), G (green), L (lime), R (red) and S (silver) have live cells only "
        "in rows 2 to 6: these 5 regions need 5 queens there"
    )
    assert steps[6].why.startswith("Region R (red) has live cells only in row 6")
    # Placement-forces-contradiction names the trial's chain and the unit it emptied.
    assert steps[13].why == (
        "Suppose r2c3 held a queen: the basic rules would then place queens on r3c6, r4c2 "
        "and r5c5, and row 6 would have no cell left for its queen. So r2c3 cannot hold a "
        "queen."
    )
    assert steps[14].why == (
        "Suppose r2c5 held a queen: it would rule out r3c4 and r3c6, all the live cells "
        "left in row 3, leaving no cell for its queen. So r2c5 cannot hold a queen."
    )
    assert steps[22].headline(board) == "queen on r2c6; r1c7 dead"
    assert steps[22].why == (
        "r2c6 is the only live cell left in region L (lime), so L's queen must go there. "
        "The queen rules out r1c7 (touching it)."
    )
    assert steps[25].why.startswith("r1c1 is the only live cell left in row 1")


def test_pfc_details_name_a_unit_the_trial_really_breaks(registry, solver, archive):
    """The detail's unit, after the trial queen and the queens it forced, has no live
    cell and no queen, or two queens: checked from the replayed state, without pfc."""
    checked = emptied_by_queens = 0
    for board in archive.values():
        result = solver.solve(board)
        state = State.initial(board)
        for step in result.steps:
            if step.counter == "placement_forces_contradiction":
                _, cell, kind, index, problem, forced = step.detail
                assert cell == step.killed.bit_length() - 1
                queens = state.queens | (1 << cell)
                for f in forced:
                    queens |= 1 << f
                unit = next(m for k, i, m in board.units if (k, i) == (kind, index))
                if problem == "two_queens":
                    assert (queens & unit).bit_count() >= 2
                else:
                    assert problem == "empty"
                    # The trial may also have killed cells by confinement, so the
                    # queens' kill lists alone need not empty the unit; but the unit
                    # holds none of the trial's queens.
                    assert not queens & unit
                    live = state.live
                    for q in [cell, *forced]:
                        live &= ~board.kill_masks[q]
                    emptied_by_queens += not live & unit
                checked += 1
            apply_step(board, state, step)
    assert checked == 1295  # the archive's pfc kills, one step each
    assert emptied_by_queens > checked // 2, emptied_by_queens


def test_solve_explain_prints_the_steps_then_the_usual_output(registry, solver):
    path = str(ARCHIVE / "353.txt")
    run = CliRunner().invoke(main, ["solve", "--explain", path])
    assert run.exit_code == 0, run.output
    board = Board.parse((ARCHIVE / "353.txt").read_text())
    result = solver.solve(board)
    names = {r.counter: r.display_name for r in registry.rules}
    assert run.output.startswith(
        f"{path}, a 7×7 board. Cells are named rRcC: row R from the top, column C from the "
        "left, counting from 1.\n\n   1 2 3 4 5 6 7\n1  P P P P P P O\n"
    )
    assert "Regions: B blue, G green, L lime, O orange, P purple, R red, S silver\n" in run.output
    assert " 27. Single-cell row / column — queen on r7c7\n" in run.output
    assert run.output.endswith(
        "Solved in 27 steps: every row, column and region has its queen.\n\n"
        + format_result(result, names)
        + "\n"
    )


def test_solve_explain_on_a_stalled_board_says_where_it_stopped(registry):
    from support import rules_of

    board = Board.parse((ARCHIVE / "353.txt").read_text())
    result = Solver(rules_of(registry, "baseline", "polyomino", "pigeonhole")).solve(board)
    from queens_core.cli.report import explanation_text

    text = explanation_text(result, registry.rules, "353")
    assert "Stuck after 13 steps: no rule finds anything more, with 0 of 7 queens placed." in text
    assert text.endswith(result.state.picture(board))


@pytest.mark.slow
def test_no_sentence_names_a_cell_that_is_already_dead_where_it_is_read():
    """Replaying `solve --format json` of the whole archive, step by step: a sentence may
    name a queen, a live cell or a cell its own step kills, never a cell an earlier step
    killed. Placement-forces-contradiction tries every candidate on the position its
    round started from and kills after; its sentences are told on the position the
    reader has reached, where the cells an earlier kill of the round removed are gone."""
    paths = [str(p) for p in sorted(ARCHIVE.glob("*.txt"))]
    output = CliRunner().invoke(main, ["solve", "--format", "json", *paths]).output
    documents = [json.loads(line) for line in output.splitlines()]  # JSON Lines
    assert len(documents) == 607
    label = re.compile(r"\br(\d+)c(\d+)\b")
    for document in documents:
        dead: set[tuple[int, int]] = set()
        for step in document["steps"]:
            named = {(int(r) - 1, int(c) - 1) for r, c in label.findall(step["why"])}
            assert not named & dead, (document["source"], step["number"], step["why"])
            dead |= {tuple(cell) for cell in step["killed"]}


def test_a_trial_that_no_longer_fails_quickly_is_told_without_its_dead_cells(registry):
    """Should the trial, run again on the position the reader has reached, not fail within
    two rounds, the sentence refers to the round's position and names only the trial cell."""
    (pfc,) = (r for r in registry.rules if r.counter == "placement_forces_contradiction")
    board = Board.parse((ARCHIVE / "353.txt").read_text())
    step = Step(pfc.counter, 0, 1, TrialFails(0, "row", 5, "empty", (20, 30)))
    why = pfc.explain(step, board, State.initial(board))  # r1c1 fails nothing here
    assert why == (
        "Suppose r1c1 held a queen: in the position this round of trials started from "
        "(before the cells ruled out just above), two rounds of the basic rules would then "
        "reach a contradiction, so r1c1 cannot hold a queen."
    )

"""``--format json``: it parses, follows the documented schema and round-trips."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from support import ARCHIVE

from queens_core import Board, Solver, State
from queens_core.cli.app import main
from queens_core.render.documents import (
    SOLVE_SCHEMA,
    board_from_json,
    dumps,
    solve_document,
    state_from_json,
    steps_from_json,
)
from queens_core.tools.explain import replay

SOLVE_KEYS = [
    "schema",
    "source",
    "board",
    "status",
    "problem",
    "culprit",
    "budgets",
    "state",
    "counters",
    "steps",
    "error",
]
STEP_KEYS = ["number", "rule", "rule_name", "placed", "killed", "why", "detail"]


def solve_json(*args: str) -> tuple[int, dict]:
    run = CliRunner().invoke(main, ["solve", "--format", "json", *args])
    return run.exit_code, json.loads(run.stdout)


def test_solve_json_of_353_follows_the_schema(registry):
    status, doc = solve_json(str(ARCHIVE / "353.txt"))
    assert status == 0
    assert list(doc) == SOLVE_KEYS
    assert doc["schema"] == SOLVE_SCHEMA
    assert doc["board"] == {
        "size": 7,
        "rows": ["PPPPPPO", "PSGLLLO", "PSGGGLO", "PSSBGLO", "PRSBBBO", "PRRRRBO", "POOOOOO"],
        "regions": ["B", "G", "L", "O", "P", "R", "S"],
    }
    assert doc["status"] == "solved" and doc["problem"] is None and doc["culprit"] is None
    assert doc["state"]["queens"] == [[0, 0], [1, 5], [2, 3], [3, 1], [4, 4], [5, 2], [6, 6]]
    assert doc["state"]["picture"][0] == "♛⨯⨯⨯⨯⨯⨯"
    assert len(doc["state"]["dead"]) == 49 - 7
    queens_rules = [r.counter for r in registry.rules if r.sound_for(1)]
    assert [c["counter"] for c in doc["counters"]] == queens_rules
    assert {c["name"]: c["count"] for c in doc["counters"]}["N-regions-in-N-lines"] == 4
    assert len(doc["steps"]) == 27
    first = doc["steps"][0]
    assert list(first) == STEP_KEYS
    assert first["rule"] == "line_confined_to_region"
    assert first["rule_name"] == "Line-confined-to-region"
    assert first["placed"] is None
    assert first["killed"] == [[0, 1], [0, 2], [0, 3], [0, 4], [0, 5]]
    assert first["why"].startswith("Every live cell of column 1 lies in region P (purple)")
    assert first["detail"] == ["column", 0, "region", 4]
    last = doc["steps"][-1]
    assert last["placed"] == [6, 6] and last["killed"] == []


@pytest.mark.slow
def test_every_archive_board_round_trips_through_json(archive, registry):
    solver = Solver(registry.rules)
    for key, board in archive.items():
        result = solver.solve(board)
        doc = json.loads(dumps(solve_document(result, registry.rules, key)))
        again = board_from_json(doc)
        assert again == board, key
        steps = steps_from_json(again, doc["steps"])
        assert steps == result.steps, key
        final = state_from_json(again, doc["state"])
        assert final == result.state, key
        assert replay(again, steps) == final, key
        assert "\n".join(doc["state"]["picture"]) == final.picture(again), key


def test_a_stalled_board_reports_its_state_and_exit_status():
    # Five row-shaped regions: many solutions, so the rules cannot finish.
    board = "AAAAA\nBBBBB\nCCCCC\nDDDDD\nEEEEE\n"
    run = CliRunner().invoke(main, ["solve", "--format", "json", "-"], input=board)
    assert run.exit_code == 1
    doc = json.loads(run.stdout)
    assert doc["status"] == "stalled" and doc["source"] == "<stdin>"
    parsed = Board.parse(board)
    state = state_from_json(parsed, doc["state"])
    assert state.live and not state.queens
    assert replay(parsed, steps_from_json(parsed, doc["steps"])) == state


def test_a_contradiction_names_the_unit_and_the_rule():
    # Region B is one cell next to region C's only cell: no solution.
    board = "AAAA\nABCA\nAAAA\nDDDD\n"
    run = CliRunner().invoke(main, ["solve", "--format", "json", "-"], input=board)
    assert run.exit_code == 1
    doc = json.loads(run.stdout)
    assert doc["status"] == "contradiction"
    assert doc["problem"] and doc["culprit"]


@pytest.mark.parametrize("value", [[1, [2, 3]], {"a": [1, 2], "b": {"c": None}}, [], {}])
def test_dumps_is_json(value):
    assert json.loads(dumps(value)) == value


def test_state_from_json_reads_what_state_json_writes():
    from queens_core.render.documents import state_json

    board = Board.parse((ARCHIVE / "1.txt").read_text())
    state = State(board.full & ~0b1111, 0b1)
    assert state_from_json(board, state_json(board, state)) == state

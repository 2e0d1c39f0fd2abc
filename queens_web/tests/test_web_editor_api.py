"""The editor's routes of `queens serve`: /api/analyse answers every map being painted
(the document is the API's, held to the exact search) and /api/fix is `queens fix
--format json`; bad input is one line, and a slow analysis never holds up the page."""

from __future__ import annotations

import dataclasses
import json
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from queens_core import Board, Rule, hookimpl, load_registry, make_plugin_manager
from queens_core.api import Application
from queens_core.cli.app import main
from queens_core.exact import count_solutions, find_solutions
from queens_core.testing import make_rule, unsound_kill
from queens_web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
HOST = "testserver"
TWO_SOLUTIONS = (ROOT / "tests" / "fixtures" / "two-solutions.txt").read_text().split()
SEVEN_SOLUTIONS = ROOT / "docs" / "boards" / "seven-solutions.txt"


@pytest.fixture(scope="module")
def client():
    app, _library = create_app(load_registry(), (HOST,))
    return TestClient(app, base_url=f"http://{HOST}")


def error_of(response, status: int) -> str:
    assert response.status_code == status, response.text
    document = response.json()
    assert document["schema"] == "queens-web-error/1"
    assert "\n" not in document["error"] and "Traceback" not in document["error"]
    return document["error"]


def test_analyse_answers_the_api_document_and_agrees_with_the_exact_search(client):
    document = client.post("/api/analyse", json={"board": TWO_SOLUTIONS}).json()
    colours = {"colours": document.pop("colours"), "colour_names": document.pop("colour_names")}
    assert document == Application().analyse(TWO_SOLUTIONS).to_json()
    # The colours the board is drawn in once it is played.
    played = client.post("/api/read", content="\n".join(TWO_SOLUTIONS)).json()
    assert colours == {"colours": played["colours"], "colour_names": played["colour_names"]}
    board = Board.parse("\n".join(TWO_SOLUTIONS))
    assert count_solutions(board, 3) == 2
    first, second = find_solutions(board, 2)
    assert document["status"] == "several-solutions" and document["count"] == 2
    assert document["differing"] == [list(cell) for cell in board.cells_of(first ^ second)]


def test_analyse_answers_a_map_still_being_painted(client):
    document = client.post("/api/analyse", json={"board": ["AAAA"] * 4}).json()
    assert document["status"] == "incomplete"
    assert document["message"] == "1 region of 4: paint 3 more (a 4×4 board has 4 regions)"
    pieces = client.post("/api/analyse", json={"board": ["ABAB", "BBAA", "CCDD", "CDCD"]})
    assert pieces.json()["disconnected"] == ["A", "B", "C", "D"]


def test_analyse_colours_the_palette_before_it_is_painted(client):
    body = {"board": ["AAA", "AAA", "AAA"], "palette": "ABC"}
    document = client.post("/api/analyse", json=body).json()
    assert sorted(document["colours"]) == ["A", "B", "C"]
    played = client.post("/api/read", content="ABC\nABC\nABC").json()
    assert document["colours"] == played["colours"]


def test_analyse_takes_k(client):
    rows = [letter * 10 for letter in "ABCDEFGHIJ"]
    document = client.post("/api/analyse", json={"board": rows, "stars": 2}).json()
    assert document["stars"] == 2 and document["status"] == "several-solutions"


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"board": "AB"}, "'board' must be a list of strings, one a row"),
        ({"board": ["AB", "A"]}, "board: line 2: row has 1 cell, expected 2"),
        ({"board": ["A" * 33] * 33}, "board: the largest board supported is 32×32"),
        ({"board": ["AB", "BA"], "stars": 0}, "'stars' must be a whole number from 1 to 16"),
        ({"board": ["ABCDE"] * 5, "stars": 2}, "board: a 5×5 board cannot hold 2 stars"),
        ({"board": ["AB", "BA"], "palette": 3}, "'palette' must be a string"),
    ],
)
def test_analyse_refuses_bad_input_in_one_line(client, body, says):
    assert error_of(client.post("/api/analyse", json=body), 400).startswith(says)


def client_with_only(rule: Rule, package: str) -> TestClient:
    class Package:
        @hookimpl
        def queens_register_rules(self):
            return [rule]

    manager = make_plugin_manager()
    manager.register(Package(), name=package)
    app, _library = create_app(load_registry(manager, use_entry_points=False), (HOST,))
    return TestClient(app, base_url=f"http://{HOST}")


def test_an_unsound_rule_is_named_in_one_line_not_a_wrong_grade():
    liar = dataclasses.replace(make_rule("liar", unsound_kill), display_name="Liar")
    board = (ROOT / "archive" / "boards" / "353.txt").read_text().split()
    answer = client_with_only(liar, "queens-rules-liar").post("/api/analyse", json={"board": board})
    message = error_of(answer, 500)
    assert message.startswith("a rule failed: ") and "'liar'" in message


def test_fix_is_the_commands_document(client):
    rows = SEVEN_SOLUTIONS.read_text().split()
    document = client.post("/api/fix", json={"board": rows}).json()
    run = CliRunner().invoke(main, ["fix", str(SEVEN_SOLUTIONS), "--format", "json"])
    expected = json.loads(run.stdout)
    assert {**document, "source": None} == {**expected, "source": None}
    fixed = Board.parse("\n".join(document["fixed"]))
    assert count_solutions(fixed, 3) == 1 and not fixed.warnings


def test_an_analysis_in_progress_leaves_the_page_answered(client, monkeypatch):
    """The analysis runs in a worker thread: while one is held, /api/info and the page
    answer, and the held one then answers too."""
    from queens_web import adapters

    held = threading.Event()
    started = threading.Event()
    analyse = adapters.analyse

    def slow_analyse(*args):
        started.set()
        held.wait(30)
        return analyse(*args)

    monkeypatch.setattr(adapters, "analyse", slow_analyse)
    answers: list[int] = []
    worker = threading.Thread(
        target=lambda: answers.append(
            client.post("/api/analyse", json={"board": TWO_SOLUTIONS}).status_code
        )
    )
    worker.start()
    try:
        assert started.wait(30)
        assert client.get("/api/info").status_code == 200
        assert client.get("/").status_code == 200
        assert answers == []
    finally:
        held.set()
        worker.join(60)
    assert answers == [200]

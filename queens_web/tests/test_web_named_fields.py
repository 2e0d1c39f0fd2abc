"""A request the page's server refuses names what it is about as the request does: its
JSON field (``'grade'``) or the endpoint that lists the rules, never a command-line
option or a Python call."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from queens_core import load_registry
from queens_web.app import create_app

HOST = "testserver"


@pytest.fixture(scope="module")
def client() -> TestClient:
    app, _library = create_app(load_registry(), (HOST,))
    return TestClient(app, base_url=f"http://{HOST}")


def error_of(response, status: int) -> str:
    assert response.status_code == status, response.text
    return response.json()["error"]


def test_a_rule_not_installed_points_to_the_endpoint_that_lists_them(client):
    message = error_of(client.post("/api/practise", json={"rule": "bogus"}), 400)
    assert message == "no installed rule is called 'bogus'; /api/info lists them"


def test_a_practice_board_not_found_in_time_is_said_in_the_pages_words(client, monkeypatch):
    """The page offers no time and no size for Practise this: a search that gives up says
    what happened, not "try a larger time or another 'size'"."""
    from queens_web import deductions, practice

    monkeypatch.setattr(practice, "_SEEDS", practice.PracticeSeeds({}))
    monkeypatch.setattr(deductions, "PRACTICE_SECONDS", 0.001)
    message = error_of(client.post("/api/practise", json={"rule": "unit_full"}), 503)
    assert message == (
        "no board to practise Unit full on was found within 0.001 s: in none of the boards made"
        " in that time was it the hint's first step past the easier rules; the next try"
        " searches on from there"
    )

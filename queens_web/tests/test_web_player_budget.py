"""A why or an "every step now" that runs past the request's budget is a time-out (503,
one line, naming what was running), never a rule's failure (500): the budget may end in
a rule's sentence or in where its hint looks, and on a big board that is a sound rule
taking its time."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from queens_core import hookimpl, load_registry, make_plugin_manager
from queens_core.referee.exact import find_solutions
from queens_core.testing import make_rule
from queens_web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
ROWS = (ROOT / "archive" / "boards" / "353.txt").read_text(encoding="utf-8").split()
#: The cell the slow rule crosses, once the board's first row is known.
KILLED: list[int] = []


def sound_kill(ctx) -> None:
    """Cross one cell of the first row that is not the solution's queen: a true step."""
    solution = find_solutions(ctx.board, 1)[0]
    for cell in range(ctx.board.n):
        if ctx.state.live >> cell & 1 and not solution >> cell & 1:
            KILLED[:] = [cell]
            ctx.kill(1 << cell)
            return


def forever(*_args) -> None:
    while True:
        pass


def client_with(**slow_parts) -> TestClient:
    rule = dataclasses.replace(make_rule("slowtalk", sound_kill), display_name="Slow talk")
    rule = dataclasses.replace(rule, **slow_parts)

    class Package:
        @hookimpl
        def queens_register_rules(self):
            return [rule]

    manager = make_plugin_manager()
    manager.register(Package(), name="queens-rules-slowtalk")
    app, _library = create_app(load_registry(manager, use_entry_points=False), ("testserver",))
    return TestClient(app, base_url="http://testserver")


@pytest.mark.slow
@pytest.mark.parametrize("part", ["explain", "focus"])
@pytest.mark.parametrize("endpoint", ["steps", "why"])
def test_a_sentence_or_focus_past_the_budget_is_a_503_that_names_the_rule(
    part, endpoint, monkeypatch
):
    from queens_web import app

    # Steps run first to find the cell for why: their sentences hang too, so they get the
    # same short budget rather than the page's own.
    monkeypatch.setitem(app.BUDGETS, "steps", 1.0)
    monkeypatch.setitem(app.BUDGETS, endpoint, 1.0)
    client = client_with(**{part: forever})
    body: dict = {"board": ROWS}
    if endpoint == "why":
        client.post("/api/steps", json={"board": ROWS})  # finds the cell the rule crosses
        assert KILLED
        body["cell"] = list(divmod(KILLED[0], len(ROWS)))
    response = client.post(f"/api/{endpoint}", json=body)
    assert response.status_code == 503, response.text
    message = response.json()["error"]
    assert "\n" not in message and "failed" not in message
    assert "rule 'slowtalk' (Slow talk) from queens-rules-slowtalk" in message

"""The page's /api/read of a picture whose K its reader found: the board document carries
that K (so the page plays the Star Battle puzzle the picture shows) and a warning line
saying so; a K the user chose wins, and nothing is said."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from queens_core import Reader, Reading, hookimpl, load_registry, make_plugin_manager
from queens_rules_starbattle.sbn import parse_sbn
from queens_web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
#: A 10×10 board with one solution at two stars a unit.
STAR_BATTLE = "AA2W556SAIWSRhAx6840-ZajjL3HvTBSeG"
NOTE = (
    "with one queen a unit the board has no single solution, with 2 stars exactly one: "
    "read as a Star Battle puzzle with 2 stars a unit (the stars menu beside Load board "
    "chooses another)"
)


def client_for(registry) -> TestClient:
    app, _library = create_app(registry, ("testserver",))
    return TestClient(app, base_url="http://testserver")


@pytest.fixture(scope="module")
def client():
    board, _stars = parse_sbn(STAR_BATTLE)

    class Pictures:
        @hookimpl
        def queens_register_readers(self):
            def read(data: bytes) -> Reading:
                return Reading(board=board.with_stars(1), unique_stars=2)

            return [Reader(name="fakeimage", summary="test", read=read, suffixes=(".png",))]

    pm = make_plugin_manager()
    pm.register(Pictures(), name="queens-read-fake")
    return client_for(load_registry(pm, use_entry_points=False))


def test_the_k_a_reader_found_is_the_boards_and_the_page_is_told(client):
    document = client.post("/api/read?name=shot.png", content=b"\x89PNG...").json()
    assert document["stars"] == 2
    assert document["declared_stars"] is None
    assert document["warnings"] == [NOTE]


def test_a_k_the_user_chose_wins_and_nothing_is_said(client):
    document = client.post("/api/read?name=shot.png&stars=1", content=b"\x89PNG...").json()
    assert document["stars"] == 1
    assert document["warnings"] == []


@pytest.mark.slow
def test_a_real_star_battle_picture_is_read_with_its_k():
    client = client_for(load_registry())
    data = (ROOT / "docs" / "starbattle-walls.png").read_bytes()
    document = client.post("/api/read?name=walls.png", content=data).json()
    assert document["stars"] == 2
    assert NOTE in document["warnings"]
    # The page then asks for a hint with the board's K, and gets a Star Battle step.
    hint = client.post(
        "/api/hint", json={"board": document["board"]["rows"], "stars": document["stars"]}
    ).json()
    assert hint["status"] == "hint", hint
    # A rule for two stars a unit, as the command line's hint on the picture gives it.
    rule = next(r for r in load_registry().rules if r.counter == hint["step"]["rule"])
    assert rule.min_stars >= 2, rule.counter

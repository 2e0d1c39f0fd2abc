"""The page's own files for records, the theme and the layout are served like page.js,
and the board document gives the page the core's palette and one emoji a region."""

from __future__ import annotations

import pytest
from test_web_api import BOARD_353, client_for

from queens_core import Board, load_registry
from queens_core.api import region_colours, region_emoji


@pytest.fixture(scope="module")
def client():
    return client_for(load_registry())


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/theme.js", "text/javascript"),
        ("/records.js", "text/javascript"),
        ("/records.css", "text/css"),
    ],
)
def test_the_page_files_are_served_with_safe_headers(client, path, kind):
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith(kind)
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert path in client.get("/").text


def test_the_theme_script_runs_before_the_page_is_drawn(client):
    """Not deferred, and before the style sheet: no light flash on a dark page."""
    html = client.get("/").text
    assert html.index('<script src="/theme.js"></script>') < html.index("/page.css")


@pytest.mark.parametrize("text", [BOARD_353, "ABCDE\nABCDE\nABCDE\nABCDE\nABCDE\n"])
def test_the_board_document_carries_the_core_palette_and_emoji(client, text):
    document = client.post("/api/read?name=board.txt", content=text.encode()).json()
    board = Board.parse(text)
    assert document["colours"] == dict(zip(board.letters, region_colours(board), strict=True))
    assert document["emoji"] == dict(zip(board.letters, region_emoji(board), strict=True))
    assert len(set(document["emoji"].values())) == len(board.letters)


@pytest.mark.parametrize(
    "letters", ["ABCDEFGH", "0123456789AB", "PUBAGJSWRV", "abcdefghij", "PBOGSRLKNTCYUQAJWVMFH"]
)
def test_no_two_regions_share_a_name_on_the_page(client, letters):
    """The page names a region by its colour ("the jade region") or, for a letter
    outside the archive's code, by its letter ("region D"): never two alike, however
    close two colours' names would be."""
    text = "\n".join(ch * len(letters) for ch in letters)
    document = client.post("/api/read?name=board.txt", content=text.encode()).json()
    names = [
        f"the {name} region" if name else f"region {letter}"
        for letter, name in document["colour_names"].items()
    ]
    assert len(set(names)) == len(names) == len(letters)

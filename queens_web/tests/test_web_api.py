"""The JSON API of `queens serve`, through the framework's test client: every endpoint with
good and bad input, the documents against the command line's, and the safety rules."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from queens_core import (
    Board,
    Reader,
    Reading,
    Rule,
    Tier,
    hookimpl,
    load_registry,
    make_plugin_manager,
)
from queens_core.cli.app import main
from queens_core.engine.state import read_state
from queens_core.render.documents import hint_document
from queens_core.testing import make_rule, unsound_kill
from queens_core.tools.hint import find_hint
from queens_web.app import JSON_LIMIT, create_app

#: The repository: the archive of boards and the shared test data live there.
ROOT = Path(__file__).resolve().parents[2]
ARCHIVE = ROOT / "archive" / "boards"

HOST = "testserver"
BOARD_353 = (ARCHIVE / "353.txt").read_text(encoding="utf-8")
ROWS_353 = BOARD_353.split()
FIXTURES = ROOT / "tests" / "fixtures"


def client_for(registry, hosts=(HOST,), base=HOST) -> TestClient:
    app, _library = create_app(registry, hosts)
    return TestClient(app, base_url=f"http://{base}")


@pytest.fixture(scope="module")
def installed():
    return load_registry()


@pytest.fixture(scope="module")
def client(installed):
    return client_for(installed)


def error_of(response, status: int) -> str:
    """The one-line error of a refused request (and that it is one)."""
    assert response.status_code == status, response.text
    document = response.json()
    assert document["schema"] == "queens-web-error/1"
    assert document["status"] == status
    assert "\n" not in document["error"] and "Traceback" not in document["error"]
    return document["error"]


def cli_json(*args: str):
    run = CliRunner().invoke(main, [*args, "--format", "json"])
    assert run.exit_code in (0, 1), run.output
    return json.loads(run.stdout)


# -- the page ---------------------------------------------------------------------------


def test_the_page_and_its_files_are_served_with_safe_headers(client):
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<script src="/page.js"' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-frame-options"] == "DENY"
    assert client.get("/page.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/page.css").headers["content-type"].startswith("text/css")
    assert client.get("/favicon.svg").headers["content-type"] == "image/svg+xml"
    assert 'rel="icon" href="/favicon.svg"' in page.text


def test_info_lists_the_installed_readers_and_rules(client, installed):
    info = client.get("/api/info").json()
    assert info["schema"] == "queens-web-info/1"
    assert [r["name"] for r in info["readers"]] == [r.name for r in installed.readers]
    assert [r["counter"] for r in info["rules"]] == [r.counter for r in installed.rules]
    assert info["upload_limit"] == max(r.max_bytes for r in installed.readers)


# -- reading a board ---------------------------------------------------------------------


def test_a_board_is_read_with_its_colours(client):
    document = client.post("/api/read?name=353.txt", content=BOARD_353.encode()).json()
    assert document["schema"] == "queens-web-board/1"
    assert document["source"] == "353.txt"
    assert document["reader"] == "text"
    assert document["board"]["rows"] == ROWS_353
    assert document["colours"]["P"] == "#BBA3E2"
    assert document["colour_names"]["P"] == "purple"
    assert document["state"] is None
    assert document["warnings"] == []


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"AB\nB\n", "line 2: row has 1 cell, expected 2 (the width of the first row)"),
        (b"", "the request has no board in it"),
        (b"\xff\xfe\x00", "byte 0xff is not valid UTF-8"),
    ],
)
def test_a_bad_board_is_one_line_and_400(client, body, message):
    assert message in error_of(client.post("/api/read", content=body), 400)


def test_an_input_over_the_limit_is_refused_before_it_is_read(client, installed):
    limit = max(r.max_bytes for r in installed.readers)
    big = b"A" * (limit + 1)
    assert "larger than" in error_of(client.post("/api/read", content=big), 413)

    def chunks():  # no Content-Length: the limit holds while reading
        for _ in range(limit // 1024 + 2):
            yield b"A" * 1024

    assert "larger than" in error_of(client.post("/api/read", content=chunks()), 413)


def test_an_installed_image_reader_reads_uploads_with_their_marks():
    board = Board.parse(BOARD_353)
    marks = read_state(board, "Q......\n" + ".......\n" * 5 + "......x\n")

    class Screenshots:
        @hookimpl
        def queens_register_readers(self):
            def read(data: bytes) -> Reading:
                if not data.startswith(b"\x89PNG"):
                    raise ValueError("not a PNG")
                return Reading(board=board, state=marks)

            return [Reader(name="fakeimage", summary="test", read=read, suffixes=(".png",))]

    pm = make_plugin_manager()
    pm.register(Screenshots(), name="queens-read-fake")
    registry = load_registry(pm, use_entry_points=False)
    client = client_for(registry)
    document = client.post("/api/read?name=shot.png", content=b"\x89PNG...").json()
    assert document["reader"] == "fakeimage"
    assert document["state"]["queens"] == [[0, 0]]
    assert document["state"]["dead"] == [[6, 6]]
    failed = error_of(client.post("/api/read?name=shot.png", content=b"GIF89a"), 500)
    assert failed == "reader 'fakeimage' from queens-read-fake failed: ValueError: not a PNG"


# -- hint, explanation, check: the command line's documents -------------------------------


def test_a_hint_is_the_document_of_queens_hint(client, installed, tmp_path):
    state = ["Q......", "x......", "x......", "x......", "x......", "x......", "x......"]
    got = client.post("/api/hint", json={"board": ROWS_353, "state": state}).json()
    board = Board.parse(BOARD_353)
    expected = hint_document(
        find_hint(board, read_state(board, "\n".join(state)), installed.rules),
        "<page>",
        "<page marks>",
    )
    assert got == json.loads(json.dumps(expected))
    assert got["schema"] == "queens-hint/1" and got["status"] == "hint"
    # The same as the command line prints, but for the names of the inputs.
    (tmp_path / "b.txt").write_text(BOARD_353)
    (tmp_path / "s.txt").write_text("\n".join(state))
    printed = cli_json("hint", str(tmp_path / "b.txt"), "--state", str(tmp_path / "s.txt"))
    for key in ("source", "state_source"):
        printed.pop(key), got.pop(key)
    assert got == printed


def test_a_wrong_mark_gets_no_hint_but_its_cells(client):
    state = ["x......"] + ["......."] * 6  # r1c1 holds the solution's queen
    got = client.post("/api/hint", json={"board": ROWS_353, "state": state}).json()
    assert got["status"] == "wrong"
    assert got["wrong"]["dead"] == [[0, 0]] and got["wrong"]["queens"] == []
    assert got["step"] is None


def test_two_queens_that_attack_each_other_are_named_as_a_conflict(client):
    state = ["Q.Q...."] + ["......."] * 6  # two queens in row 1
    got = client.post("/api/hint", json={"board": ROWS_353, "state": state}).json()
    assert got["status"] == "wrong" and got["step"] is None
    assert got["wrong"]["conflicts"] == [[[0, 0], [0, 2]]]


def test_without_marks_the_hint_starts_from_the_empty_board(client):
    got = client.post("/api/hint", json={"board": ROWS_353}).json()
    assert got["state"]["queens"] == [] and got["state"]["dead"] == []
    assert got["step"]["number"] == 1


def test_the_explanation_is_the_document_of_queens_solve(client):
    got = client.post("/api/explain", json={"board": ROWS_353, "source": "353"}).json()
    printed = cli_json("solve", str(ARCHIVE / "353.txt"))
    assert got["schema"] == "queens-solve/1" and got["source"] == "353"
    got.pop("source"), printed.pop("source")
    assert got == printed
    assert len(got["steps"]) == 27


def test_the_check_is_the_document_of_queens_check(client):
    got = client.post("/api/check", json={"board": ROWS_353, "source": "353"}).json()
    printed = cli_json("check", str(ARCHIVE / "353.txt"))
    assert got["schema"] == "queens-check/1" and got["path"] == "353"
    got.pop("path"), printed.pop("path")
    assert got == printed
    assert got["verdict"] == "unique-solved"
    assert got["grade"]["name"] == "Fiendish"


@pytest.mark.parametrize(
    ("fixture", "verdict"),
    [
        ("two-solutions", "several-solutions"),
        ("no-solution", "no-solution"),
        ("unique-rules-stall", "unique-stalled"),
    ],
)
def test_every_verdict_of_the_check(client, fixture, verdict):
    rows = (FIXTURES / f"{fixture}.txt").read_text().split()
    got = client.post("/api/check", json={"board": rows}).json()
    assert got["verdict"] == verdict


@pytest.mark.parametrize("endpoint", ["/api/hint", "/api/explain", "/api/check"])
@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "'board' must be a list of strings, one a row"),
        ({"board": "PPP"}, "'board' must be a list of strings, one a row"),
        ({"board": ["AB", "B"]}, "board: line 2: row has 1 cell, expected 2"),
        ({"board": ["A"], "source": 7}, "'source' must be a string of at most 200 characters"),
    ],
)
def test_bad_requests_are_one_line_and_400(client, endpoint, body, message):
    assert message in error_of(client.post(endpoint, json=body), 400)


@pytest.mark.parametrize(
    ("state", "message"),
    [
        ("Q......", "'state' must be a list of strings"),
        (["Q......", "......."], "the state has 2 rows, the board has 7"),
        (["Z......"] + ["......."] * 6, "state: line 1, column 1: 'Z' is not a state mark"),
    ],
)
def test_a_bad_state_is_one_line_and_400(client, state, message):
    body = {"board": ROWS_353, "state": state}
    assert message in error_of(client.post("/api/hint", json=body), 400)


def test_only_json_objects_sent_as_json_are_read(client):
    headers = {"Content-Type": "text/plain"}
    assert "application/json" in error_of(
        client.post("/api/hint", content=b"{}", headers=headers), 415
    )
    headers = {"Content-Type": "application/json"}
    assert "not valid JSON" in error_of(
        client.post("/api/hint", content=b"{", headers=headers), 400
    )
    assert "JSON object" in error_of(client.post("/api/hint", json=[ROWS_353]), 400)
    big = {"board": ["A" * JSON_LIMIT]}
    assert "larger than" in error_of(client.post("/api/hint", json=big), 413)


def test_a_rule_that_raises_is_a_500_that_names_it():
    def broken(ctx):
        raise RuntimeError("boom")

    class Broken:
        @hookimpl
        def queens_register_rules(self):
            return [
                Rule(
                    counter="broken_rule",
                    display_name="Broken rule",
                    tier=Tier.CHEAP,
                    position=1000,
                    summary="raises",
                    apply=broken,
                )
            ]

    pm = make_plugin_manager()
    pm.register(Broken(), name="queens-rules-broken")
    client = client_for(load_registry(pm, use_entry_points=False))
    message = error_of(client.post("/api/explain", json={"board": ["A"]}), 500)
    assert message.startswith("a rule failed: rule 'broken_rule'")
    assert "RuntimeError: boom" in message
    # The player's panels answer a rule's failure as the hint and the solve do.
    for path, extra in [("/api/hint", {}), ("/api/steps", {}), ("/api/why", {"cell": [0, 0]})]:
        message = error_of(client.post(path, json={"board": ["A"], **extra}), 500)
        assert message.startswith("a rule failed: rule 'broken_rule'"), path


def one_rule_client(rule: Rule, package: str) -> TestClient:
    """A client whose only rule is ``rule``, registered in-process as ``package``."""

    class Package:
        @hookimpl
        def queens_register_rules(self):
            return [rule]

    pm = make_plugin_manager()
    pm.register(Package(), name=package)
    return client_for(load_registry(pm, use_entry_points=False))


def unsound_client() -> TestClient:
    """A client whose only rule kills a cell of the solution (once)."""
    liar = dataclasses.replace(
        make_rule("liar", unsound_kill),
        display_name="Liar",
        summary="kills a cell of the solution",
    )
    return one_rule_client(liar, "queens-rules-liar")


@pytest.mark.parametrize("endpoint", ["/api/hint", "/api/explain"])
def test_an_unsound_rule_is_a_500_that_names_it(endpoint):
    message = error_of(unsound_client().post(endpoint, json={"board": ROWS_353}), 500)
    assert message.startswith("a rule failed: ") and "'liar'" in message


def test_the_check_names_an_unsound_rule_in_its_verdict():
    got = unsound_client().post("/api/check", json={"board": ROWS_353}).json()
    assert got["verdict"] == "rule-failed" and "'liar'" in got["message"]


# -- a new board from the generator -------------------------------------------------------


def test_info_offers_the_sizes_and_grades_of_a_new_board(client):
    got = client.get("/api/info").json()["generate"]
    assert got["sizes"] == [4, 12]
    assert got["grades"][:3] == ["Easy", "Medium", "Hard"]


def test_the_readme_shows_what_api_generate_answers(client):
    readme = (ROOT / "queens_web" / "README.md").read_text(encoding="utf-8")
    shown = readme.split("The second prints", 1)[1].split("```")[1].strip()
    got = client.post("/api/generate", json={"size": 5, "grade": "Easy", "seed": 1})
    assert json.loads(shown) == got.json()


def test_a_new_board_has_the_size_and_grade_asked_and_one_solution(client):
    body = {"size": 7, "grade": "Medium", "seed": 5}
    got = client.post("/api/generate", json=body).json()
    assert got["schema"] == "queens-web-generated/1"
    assert got["board"]["size"] == 7 and got["grade"] == "Medium" and got["level"] == 2
    assert len(got["colours"]) == 7 and got["state"] is None
    # What the page then asks of it: the check agrees with what the generator said.
    check = client.post("/api/check", json={"board": got["board"]["rows"]}).json()
    assert check["verdict"] == "unique-solved" and check["grade"]["name"] == "Medium"
    # A seed makes the same board again; none makes a new one each time.
    assert client.post("/api/generate", json=body).json()["board"] == got["board"]
    assert client.post("/api/generate", json={"size": 7}).json()["seed"] != got["seed"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "'size' must be a whole number from 4 to 12"),
        ({"size": 3}, "'size' must be a whole number from 4 to 12"),
        ({"size": 13}, "'size' must be a whole number from 4 to 12"),
        ({"size": "8"}, "'size' must be a whole number from 4 to 12"),
        ({"size": True}, "'size' must be a whole number from 4 to 12"),
        ({"size": 8, "grade": "Impossible"}, "'grade' must be one of Easy, Medium"),
        ({"size": 8, "seed": -(2**64)}, "'seed' must be a whole number from -"),
        ({"size": 8, "seed": 2**64}, "'seed' must be a whole number from -"),
        ({"size": 8, "stars": 3}, "an 8×8 board cannot hold 3 stars"),
        ({"size": 7, "stars": 2}, "'size' must be a whole number from 8 to 12"),
        ({"size": 10, "stars": 2, "grade": "Easy"}, "'grade' is for Queens boards"),
    ],
)
def test_a_bad_request_for_a_new_board_is_one_line_and_400(client, body, message):
    assert message in error_of(client.post("/api/generate", json=body), 400)


def test_a_seed_of_5000_digits_is_a_400_not_a_500(client):
    body = b'{"size": 8, "seed": ' + b"9" * 5000 + b"}"
    message = error_of(
        client.post("/api/generate", content=body, headers={"content-type": "application/json"}),
        400,
    )
    assert message.startswith("the request is not JSON this server reads: Exceeds the limit")


def test_a_grade_the_rules_cannot_reach_is_a_400():
    from queens_rules_baseline import queens_register_rules as baseline

    class Baseline:
        @hookimpl
        def queens_register_rules(self):
            return baseline()

    pm = make_plugin_manager()
    pm.register(Baseline(), name="queens-rules-baseline")
    client = client_for(load_registry(pm, use_entry_points=False))
    message = error_of(client.post("/api/generate", json={"size": 8, "grade": "Hard"}), 400)
    assert message.startswith("'grade': no board can be graded 3 Hard")


def test_a_new_board_gives_up_in_time_with_a_503(installed, monkeypatch):
    """Round after round fails: the request ends at its deadline, each round a new seed."""
    from queens_core.generator import queens_maker as maker
    from queens_web import adapters

    seeds = []

    def never(self, seed, index):
        seeds.append(seed)
        raise maker.GiveUp("no board")

    monkeypatch.setattr(maker.Maker, "make", never)
    library = adapters.Library.from_registry(installed)
    with pytest.raises(adapters.Problem) as refused:
        adapters.generate(library, 8, "Hard", 100, seconds=0.05)
    assert refused.value.status == 503
    assert str(refused.value) == (
        "no 8×8 board graded Hard was found within 0.05 s: try again, or another size or grade"
    )
    assert len(seeds) >= 2 and seeds == list(range(100, 100 + len(seeds)))


# -- safety ------------------------------------------------------------------------------


def test_a_request_addressed_to_another_host_is_refused(installed):
    client = client_for(installed, {"127.0.0.1:8000", "localhost:8000"}, "127.0.0.1:8000")
    assert client.get("/api/info").status_code == 200
    assert client.get("/", headers={"Host": "localhost:8000"}).status_code == 200
    # DNS rebinding: a foreign name that resolves to 127.0.0.1.
    message = error_of(client.get("/", headers={"Host": "evil.example:8000"}), 403)
    assert "evil.example:8000" in message
    error_of(client.get("/", headers={"Host": "127.0.0.1:9999"}), 403)


def test_a_request_from_another_page_is_refused(client):
    headers = {"Origin": "http://evil.example"}
    error_of(client.post("/api/hint", json={"board": ["A"]}, headers=headers), 403)
    headers = {"Origin": f"http://{HOST}"}
    assert client.post("/api/hint", json={"board": ["A"]}, headers=headers).status_code == 200


def test_unknown_paths_and_methods_are_json_errors(client):
    assert error_of(client.get("/etc/passwd"), 404) == "Not Found"
    assert error_of(client.get("/api/hint"), 405) == "Method Not Allowed"
    assert error_of(client.get("/../pyproject.toml"), 404) == "Not Found"


def test_a_board_is_never_read_from_a_file_named_in_the_request(client):
    # The check reads its board from the request, never from a file of that name.
    got = client.post("/api/check", json={"board": ["A"], "source": "pyproject.toml"}).json()
    assert got["size"] == 1 and got["path"] == "pyproject.toml"
    assert got["verdict"] == "unique-solved"


def test_rules_that_fail_to_load_fail_each_request_in_one_line():
    from queens_core import PluginError

    def load():
        raise PluginError("rule package queens-rules-x[x] failed to load (x): boom")

    client = client_for(load)
    assert client.get("/").status_code == 200  # the page itself does not need the rules
    for _ in range(2):
        message = error_of(client.get("/api/info"), 500)
        assert message == (
            "the rule packages failed to load: "
            "rule package queens-rules-x[x] failed to load (x): boom"
        )


# -- Star Battle: every route takes K ------------------------------------------------------


def star_board(client):
    """A 10×10 2★ board from the generator (seed 0), and its one solution: made as
    ``queens generate --stars 2`` makes board 0 of the batch of its seed, so the rules
    solve it and it comes graded."""
    from queens_core.exact import find_solutions

    got = client.post("/api/generate", json={"size": 10, "stars": 2, "seed": 0}).json()
    assert got["stars"] == 2 and got["board"]["size"] == 10, got
    assert got["grade"] in {"Easy", "Medium", "Hard", "Fiendish"} and got["tier"], got
    board = Board.parse("\n".join(got["board"]["rows"])).with_stars(2)
    (solution,) = find_solutions(board, 2)
    return got, board, solution


def test_a_star_battle_board_is_checked_hinted_and_explained_with_its_k(client):
    got, _board, _solution = star_board(client)
    body = {"board": got["board"]["rows"], "stars": 2}
    check = client.post("/api/check", json=body).json()
    assert check["solutions"]["count"] == 1 and not check["solutions"]["at_least"], check
    # Without its K, the same regions are another puzzle (K = 1): not this answer.
    as_queens = client.post("/api/check", json={"board": body["board"]}).json()
    assert as_queens["solutions"] != check["solutions"]
    hint = client.post("/api/hint", json=body).json()
    assert hint["status"] in ("hint", "stalled"), hint
    explained = client.post("/api/explain", json=body).json()
    assert explained["schema"] == "queens-solve/1" and explained["steps"]


def test_a_pasted_sbn_string_keeps_its_k(client, tmp_path):
    """An SBN string declares K: the page's board says 2, and every route given that K
    answers as the CLI does for the same string (one solution, not 'at least 2')."""
    sbn = pytest.importorskip("queens_rules_starbattle.sbn")
    _got, board, _solution = star_board(client)
    text = sbn.to_sbn(board)
    read = client.post("/api/read?name=pasted%20text", content=text.encode()).json()
    assert read["stars"] == 2 and read["declared_stars"] == 2, read
    assert sbn.to_sbn(Board.parse("\n".join(read["board"]["rows"])).with_stars(2)) == text
    body = {"board": read["board"]["rows"], "stars": read["stars"]}
    check = client.post("/api/check", json=body).json()
    assert check["solutions"]["count"] == 1 and not check["solutions"]["at_least"]
    path = tmp_path / "puzzle.sbn"
    path.write_text(text + "\n")
    by_cli = cli_json("check", str(path))
    assert by_cli["solutions"] == check["solutions"] and by_cli["verdict"] == check["verdict"]
    refused = client.post("/api/read?stars=1", content=text.encode())
    assert error_of(refused, 400) == "the input declares 2 stars per unit, but 1 were asked for"


def test_a_k_the_board_cannot_hold_is_one_line(client):
    body = {"board": ROWS_353, "stars": 3}
    assert "cannot hold 3 stars" in error_of(client.post("/api/hint", json=body), 400)
    assert "'stars' must be" in error_of(
        client.post("/api/check", json={"board": ROWS_353, "stars": "2"}), 400
    )
    assert "'stars' must be" in error_of(client.post("/api/read?stars=x", content=b"AB"), 400)


# -- which board: archive #N, the board of the day ------------------------------------------


def test_archive_board_n_is_the_archive_file(client):
    got = client.post("/api/archive", json={"number": 353}).json()
    assert got["board"]["rows"] == ROWS_353 and got["number"] == 353
    assert got["source"] == "archive board #353"
    assert "no board #4" in error_of(client.post("/api/archive", json={"number": 4}), 400)
    assert "whole number" in error_of(client.post("/api/archive", json={"number": "1"}), 400)


def test_the_shipped_archive_is_the_repository_archive():
    from queens_web.adapters import archive_boards

    shipped = archive_boards()
    files = sorted(ARCHIVE.glob("*.txt"), key=lambda p: int(p.stem))
    assert {int(p.stem): p.read_text(encoding="utf-8").strip() for p in files} == shipped


def test_the_board_of_the_day_is_the_same_for_a_date_and_new_the_next(client):
    first = client.post("/api/daily", json={"date": "2026-11-24"}).json()
    again = client.post("/api/daily", json={"date": "2026-11-24"}).json()
    other = client.post("/api/daily", json={"date": "2026-11-25"}).json()
    assert first["board"] == again["board"] and first["board"] != other["board"]
    size = first["board"]["size"]
    assert first["source"] == f"the {size}×{size} board of the day 2026-11-24"
    check = client.post("/api/check", json={"board": first["board"]["rows"]}).json()
    assert check["verdict"] == "unique-solved"
    assert "YYYY-MM-DD" in error_of(client.post("/api/daily", json={"date": "24/11/2026"}), 400)
    assert "YYYY-MM-DD" in error_of(client.post("/api/daily", json={"date": "2026-02-30"}), 400)


# -- the server: work off the event loop, budgets, pictures ----------------------------------


@pytest.mark.slow
def test_info_is_answered_while_a_slow_computation_runs(installed, monkeypatch):
    """A generate that takes 2 s does not hold /api/info up."""
    import threading
    import time

    from queens_web import adapters

    started = threading.Event()

    def slow(library, *args, **kwargs):
        started.set()
        time.sleep(2)
        return {"schema": "slow"}

    monkeypatch.setattr(adapters, "generate", slow)
    client = client_for(installed)
    client.get("/api/info")
    answer: dict = {}
    worker = threading.Thread(
        target=lambda: answer.update(client.post("/api/generate", json={"size": 8}).json())
    )
    worker.start()
    assert started.wait(5)
    clock = time.monotonic()
    assert client.get("/api/info").status_code == 200
    assert time.monotonic() - clock < 1.0
    worker.join()
    assert answer == {"schema": "slow"}


def test_a_computation_over_its_budget_is_a_503_in_one_line(installed, monkeypatch):
    import time

    from queens_web import adapters, app

    monkeypatch.setattr(adapters, "explain", lambda *args: time.sleep(1.0) or {})
    monkeypatch.setitem(app.BUDGETS, "explain", 0.2)
    client = client_for(installed)
    message = error_of(client.post("/api/explain", json={"board": ROWS_353}), 503)
    assert message == "the explain did not finish within 0.2 s: try a smaller board"


def test_a_huge_picture_is_refused_before_it_is_decoded(client):
    """6300×6300 pixels in a small PNG: its header says so, and nothing decodes it."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 6300, 6300, 8, 0, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")
    pytest.importorskip("PIL")
    message = error_of(client.post("/api/read?name=big.png", content=png), 413)
    assert message.startswith("the picture is 6300×6300 pixels, more than the 10 megapixels")


def test_a_board_to_learn_a_rule_on_is_one_whose_solve_uses_it(client, installed):
    """Domino is never needed on the archive (other rules do its work), so the board is
    the first whose solve uses it; placement-forces-contradiction is needed on one."""
    from queens_core.engine.driver import Solver

    counter = "polyomino_domino"
    if counter not in {rule.counter for rule in installed.rules}:
        pytest.skip("the polyomino rules are not installed")
    got = client.post("/api/archive", json={"rule": counter}).json()
    assert got["rule"] == counter and got["source"] == f"archive board #{got['number']}"
    board = Board.parse("\n".join(got["board"]["rows"]))
    assert Solver(installed.rules).solve(board).counters[counter] > 0
    # No board needs it (the other rules solve every board that uses it): the first board
    # that uses it, none before it does.
    assert got["needed"] is False
    for number in range(1, got["number"]):
        path = ARCHIVE / f"{number}.txt"
        if path.exists():
            earlier = Board.parse(path.read_text())
            assert not Solver(installed.rules).solve(earlier).counters.get(counter)
    message = error_of(client.post("/api/archive", json={"rule": "no_such_rule"}), 400)
    assert message == "'rule' must be the counter of an installed rule (see /api/info)"


def picture_reader_client(read):
    """A server whose only picture reader is ``read``, for pictures named ``.png``."""

    class Pictures:
        @hookimpl
        def queens_register_readers(self):
            return [Reader(name="fakepicture", summary="test", read=read, suffixes=(".png",))]

    pm = make_plugin_manager()
    pm.register(Pictures(), name="queens-read-fake")
    return client_for(load_registry(pm, use_entry_points=False))


def small_png() -> bytes:
    import io

    pil = pytest.importorskip("PIL.Image")
    out = io.BytesIO()
    pil.new("RGB", (40, 30), (187, 163, 226)).save(out, "PNG")
    return out.getvalue()


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="pictures are read in a child")
def test_a_picture_is_read_in_a_child_that_is_stopped_when_it_hangs(monkeypatch):
    import os
    import time

    from queens_web import app

    board = Board.parse(BOARD_353)

    def read(data: bytes) -> Reading:
        if os.environ.get("QUEENS_TEST_HANG"):
            time.sleep(60)
        return Reading(board=board)

    client = picture_reader_client(read)
    picture = small_png()
    got = client.post("/api/read?name=shot.png", content=picture).json()
    assert got["board"]["rows"] == ROWS_353 and got["reader"] == "fakepicture"
    monkeypatch.setenv("QUEENS_TEST_HANG", "1")  # the child sees it, the reader sleeps
    monkeypatch.setitem(app.BUDGETS, "read", 1.5)
    clock = time.monotonic()
    message = error_of(client.post("/api/read?name=shot.png", content=picture), 503)
    assert message == "the read did not finish within 0.5 s"
    assert time.monotonic() - clock < 5
    assert client.get("/api/info").status_code == 200


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="pictures are read in a child")
def test_a_picture_whose_read_runs_out_of_memory_is_a_413_and_the_server_goes_on():
    from queens_web.isolation import MEMORY_HEADROOM

    def read(data: bytes) -> Reading:
        hog = bytearray(MEMORY_HEADROOM + 2**28)  # more than the child may have
        raise AssertionError(f"allocated {len(hog)} bytes")

    client = picture_reader_client(read)
    message = error_of(client.post("/api/read?name=shot.png", content=small_png()), 413)
    assert message in (
        "reader 'fakepicture' from queens-read-fake ran out of memory: send a smaller picture",
        "the read ran out of memory (more than 768 MB): send a smaller picture",
    )
    assert client.get("/api/info").status_code == 200


def test_a_board_to_learn_a_rule_on_needs_it_when_one_does(client, installed):
    from queens_core.engine.driver import Solver

    counter = "placement_forces_contradiction"
    if counter not in {rule.counter for rule in installed.rules}:
        pytest.skip("the pfc rule is not installed")
    got = client.post("/api/archive", json={"rule": counter}).json()
    assert got["needed"] is True
    board = Board.parse("\n".join(got["board"]["rows"]))
    without = Solver([r for r in installed.rules if r.counter != counter])
    assert Solver(installed.rules).solve(board).solved and not without.solve(board).solved


# -- plugin code past its budget, in the server's worker threads ------------------------

#: A rule that never returns, counting its laps where the test can see them.
LAPS: list[int] = [0]


def endless(_ctx) -> None:
    while True:
        LAPS[0] += 1


def runaway_client() -> TestClient:
    rule = dataclasses.replace(make_rule("runaway", endless), display_name="Runaway")
    return one_rule_client(rule, "queens-rules-runaway")


@pytest.mark.slow
@pytest.mark.parametrize("endpoint", ["/api/explain", "/api/hint"])
def test_a_rule_that_never_returns_is_stopped_in_its_worker_and_named(endpoint, monkeypatch):
    """The page says which rule, of which package, was running when the request's time
    ran out (a time-out, not a rule's failure: on a big board that rule may be a sound
    one taking its turn); and the worker thread that ran it is free again (the rule runs
    no more), not busy for ever."""
    import time

    from queens_web import app

    kind = endpoint.rsplit("/", 1)[1]
    monkeypatch.setitem(app.BUDGETS, kind, 1.0)
    client = runaway_client()
    clock = time.monotonic()
    message = error_of(client.post(endpoint, json={"board": ROWS_353}), 503)
    assert time.monotonic() - clock < 3
    # The work's budget (0.9 s) names the rule as it stops it; on a loaded machine the
    # request's own 1 s may end first, and then names the rule its worker is stuck in.
    assert message in (
        f"the {kind}'s time budget (0.9 s) ran out while rule 'runaway' (Runaway) from "
        "queens-rules-runaway was running",
        "rule 'runaway' (Runaway) from queens-rules-runaway did not finish within 1 s",
    )
    laps = LAPS[0]
    time.sleep(0.3)
    assert LAPS[0] == laps  # stopped, not left running in the thread


@pytest.mark.slow
def test_the_check_of_a_rule_that_never_returns_names_it(monkeypatch):
    from queens_web import app

    monkeypatch.setitem(app.BUDGETS, "check", 1.0)
    got = runaway_client().post("/api/check", json={"board": ROWS_353}).json()
    assert got["verdict"] == "rule-failed"
    assert "rule 'runaway' (Runaway) from queens-rules-runaway ran away" in got["message"]


@pytest.mark.slow
def test_a_few_requests_past_their_budget_leave_every_worker_free(monkeypatch):
    """More runaway requests than worker threads, one after another: each is answered
    with the rule's name, none waits behind a thread still busy with an earlier one."""
    from queens_web import app

    monkeypatch.setitem(app.BUDGETS, "explain", 0.5)
    client = runaway_client()
    for _ in range(app.WORKERS + 2):
        message = error_of(client.post("/api/explain", json={"board": ROWS_353}), 503)
        # The worker's own limit or, on a loaded machine, the request's a moment earlier:
        # either names the rule it stopped (a request that never got a worker names none).
        assert "rule 'runaway' (Runaway) from queens-rules-runaway" in message
    # A request that needs a worker (reading a board) is answered after them.
    read = client.post("/api/read?name=b.txt", content=BOARD_353.encode())
    assert read.status_code == 200 and read.json()["board"]["rows"] == ROWS_353


def test_the_exact_search_of_a_hint_or_check_ends_with_the_requests_work(installed, monkeypatch):
    """A hint's or check's exact search gets the work's budget (not the command line's
    30 s), so its worker is free when its request has been answered."""
    from queens_core.api import Application
    from queens_web import app

    searched: dict[str, float] = {}
    real_hint, real_check = Application.hint, Application.check

    def hint_spy(self, board, state, timeout, *rest):
        searched["hint"] = timeout
        return real_hint(self, board, state, timeout, *rest)

    def check_spy(self, board, timeout, **options):
        searched["check"] = timeout
        return real_check(self, board, timeout=timeout, **options)

    monkeypatch.setattr(Application, "hint", hint_spy)
    monkeypatch.setattr(Application, "check", check_spy)
    monkeypatch.setitem(app.BUDGETS, "hint", 10.0)
    monkeypatch.setitem(app.BUDGETS, "check", 5.0)
    client = client_for(installed)
    assert client.post("/api/hint", json={"board": ROWS_353}).status_code == 200
    assert client.post("/api/check", json={"board": ROWS_353}).status_code == 200
    assert searched == {"hint": 10.0 * app.WORK_SHARE, "check": 5.0 * app.WORK_SHARE}

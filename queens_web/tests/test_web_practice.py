"""Where "Practise this" searches from (queens_web/practice.py): the known boards of a
rule in turn, then on from where the last search stopped, never from seed 0 again; a
rule never found first past the easier rules is said, not searched for; and the table of
known seeds is whole and true (each seed gives its board at once)."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

from queens_core import load_registry
from queens_core.api import Application
from queens_core.generator.practice import PracticeGiveUp, make_practice, stars_for
from queens_web import deductions, practice
from queens_web.app import create_app
from queens_web.practice import ONWARD_SECONDS, Known, PracticeSeeds, Search, load_table

HOST = "testserver"


def library_app() -> Application:
    return Application(load_registry())


@pytest.fixture(scope="module")
def client() -> TestClient:
    app, _library = create_app(load_registry(), (HOST,))
    return TestClient(app, base_url=f"http://{HOST}")


def test_the_known_boards_in_turn_then_on_from_where_the_last_search_stopped():
    seeds = PracticeSeeds({"r": Known((3, 9), (True, False), 20)})
    assert seeds.next_search("r") == Search(3, True, None)
    assert seeds.next_search("r") == Search(9, False, None)
    onward = seeds.next_search("r")
    assert onward == Search(20, True, ONWARD_SECONDS)  # where the script stopped
    seeds.searched("r", onward, 31)  # nothing found before seed 31
    assert seeds.fallback("r") == Search(3, True, None)  # a known board instead
    again = seeds.next_search("r")
    assert again.seed == 31  # not 20 again
    seeds.searched("r", again, 40)  # found at 39
    assert seeds.fallback("r") == Search(9, False, None)  # the known boards in turn
    assert seeds.next_search("r").seed == 40


def test_a_rule_the_table_does_not_know_goes_on_where_its_last_search_stopped():
    seeds = PracticeSeeds({})
    first = seeds.next_search("x")
    assert first == Search(0, True, None)
    seeds.searched("x", first, 57)
    assert seeds.next_search("x").seed == 57
    assert seeds.fallback("x") is None and seeds.unpractisable("x", 8, 1) is None


def test_a_rule_searched_at_another_size_is_practised_there():
    seeds = PracticeSeeds({"r": Known((5,), (True,), 9, 10)})
    assert seeds.next_search("r") == Search(5, True, None, 10)
    assert seeds.next_search("r") == Search(9, True, ONWARD_SECONDS, 10)
    assert seeds.fallback("r") == Search(5, True, None, 10)


def test_a_rule_never_found_is_said_with_how_far_it_was_searched():
    seeds = PracticeSeeds({"r": Known((), (), 300), "s": Known((), (), 40, 10)})
    assert seeds.unpractisable("r", 8, 2) == (
        "on the 8×8 boards with 2 stars per row, column and region made from seeds 0 to 299,"
        " it was never the first step past the easier rules"
    )
    assert seeds.unpractisable("r", 8, 1) == (
        "on the 8×8 boards with 1 queen per row, column and region made from seeds 0 to 299,"
        " it was never the first step past the easier rules"
    )
    # A rule the table searched at another size: that size, not practise's default.
    assert seeds.unpractisable("s", 8, 3).startswith("on the 10×10 boards with 3 stars ")


def test_every_rule_the_page_offers_is_in_the_table():
    table = load_table()
    for rule in load_registry().rules:
        if rule.counting != "placement" and not rule.sound_for(1):
            assert rule.counter in table, rule.counter
    for counter, known in table.items():
        assert len(known.seeds) == len(known.needed), counter
        assert all(seed < known.searched_to for seed in known.seeds), counter


def test_info_says_which_rules_are_not_offered_and_why(client):
    rules = {r["counter"]: r for r in client.get("/api/info").json()["rules"]}
    table = load_table()
    for counter, known in table.items():
        said = rules[counter]["unpractisable"]
        assert (said is None) == bool(known.seeds), counter
        if said:
            n, stars = library_app().practice_size(counter)
            n = known.size or n
            assert said.startswith(f"on the {n}×{n} boards with {stars} stars per row,"), said
            assert f"seeds 0 to {known.searched_to - 1}," in said


def test_a_rule_not_offered_is_refused_in_one_line_at_once(client):
    table = load_table()
    never = [counter for counter, known in table.items() if not known.seeds]
    if not never:
        pytest.skip("every rule of the table has a board")
    started = time.monotonic()
    response = client.post("/api/practise", json={"rule": never[0]})
    assert time.monotonic() - started < 5
    assert response.status_code == 409
    message = response.json()["error"]
    assert message.startswith("no board to practise ") and "\n" not in message
    assert "it was never the first step past the easier rules" in message


def test_practise_this_twice_gives_two_boards_the_known_ones_first(client, monkeypatch):
    monkeypatch.setattr(practice, "_SEEDS", PracticeSeeds(load_table()))
    known = load_table()["exclusion"]
    boards = []
    for seed in known.seeds[:2]:
        response = client.post("/api/practise", json={"rule": "exclusion"})
        assert response.status_code == 200, response.text
        found = response.json()["practice"]
        assert found["seed"] == seed and found["hint"]["rule"] == "exclusion"
        boards.append(found["board"])
    assert boards[0] != boards[1]


def test_a_search_that_finds_nothing_in_time_says_the_next_try_goes_on(client, monkeypatch):
    """For a rule the table does not know, the search's words; the next press searches
    on from the seed this one stopped at (it started from seed 0 every time)."""
    monkeypatch.setattr(practice, "_SEEDS", PracticeSeeds({}))
    monkeypatch.setattr(deductions, "PRACTICE_SECONDS", 0.001)
    response = client.post("/api/practise", json={"rule": "undercounting"})
    assert response.status_code == 503
    assert response.json()["error"] == (
        "no board to practise Undercounting on was found within 0.001 s: in none of the boards"
        " made in that time was it the hint's first step past the easier rules; the next try"
        " searches on from there"
    )
    assert practice.practice_seeds().onward["undercounting"] >= 1


@pytest.mark.slow
def test_each_known_seed_gives_its_board_at_once():
    """The table is generated (scripts/practice_seeds.py): each seed, searched as the page
    searches it, is a board where the rule is the first step past the easier rules, needed
    when the table says so; a change to the makers that moves the boards fails here, and
    the script makes the table again."""
    rules = {r.counter: r for r in load_registry().rules}
    installed = list(rules.values())
    for counter, known in load_table().items():
        rule = rules[counter]
        for seed, needed in zip(known.seeds, known.needed, strict=True):
            try:
                made = make_practice(rule, installed, known.size, seed, 60.0, needed)
            except PracticeGiveUp:
                pytest.fail(f"{counter}: seed {seed} gives no board")
            assert made.seed == seed, (counter, seed, made.seed)
            assert made.needed == needed or not needed, (counter, seed)
            assert made.board.stars == stars_for(rule)
            assert known.size is None or made.board.n == known.size
            assert made.start.hint.rule.counter == counter


def first_on(rule, installed, size: int | None, seed: int, needed: bool):
    """The practice board of ``seed`` alone (board 0 of its batch), as the page's search
    takes it, or None when the rule is not its first step past the easier rules (needed,
    with ``needed``)."""
    try:
        return make_practice(rule, installed, size, seed, 0.0, needed)
    except PracticeGiveUp as err:
        assert err.next_seed == seed + 1  # that seed alone was tried
        return None


def test_each_known_seed_of_a_cheap_rule_still_makes_its_board():
    """The "Practise this" of a cheap rule gives its known boards at once: each seed still
    makes a board where the rule is the first step past the easier rules, needed where
    the table says so (about 3.5 processor seconds for them all, the 10×10 boards of flow
    counting one of them; the expensive rules' boards, as many again, in the slow test
    above)."""
    rules = {r.counter: r for r in load_registry().rules}
    installed = list(rules.values())
    for counter, known in load_table().items():
        if rules[counter].tier.value != "cheap":
            continue
        for seed, needed in zip(known.seeds, known.needed, strict=True):
            made = first_on(rules[counter], installed, known.size, seed, needed)
            assert made is not None, f"{counter}: seed {seed} no longer gives its board"
            assert made.start.hint.rule.counter == counter
            assert made.needed or not needed, (counter, seed)


#: The most seeds the slow test below tries per rule not offered (its search tried up
#: to 408 seeds, 92 processor seconds for capacity counting).
NEVER_SAMPLE = 50


@pytest.mark.slow
@pytest.mark.parametrize(
    "counter", sorted(counter for counter, known in load_table().items() if not known.seeds)
)
def test_a_rule_not_offered_is_still_never_first_on_the_seeds_searched(counter):
    """The page says a rule not offered was never the first step past the easier rules on
    the boards of seeds 0 to N: the search again, as the page searches, not strict
    (a board where the rule comes first but is not needed counts): every seed where the
    search tried at most NEVER_SAMPLE seeds (the trial sweep's 47), else NEVER_SAMPLE
    seeds spread evenly over them (about 10 processor seconds a rule)."""
    rules = {r.counter: r for r in load_registry().rules}
    known = load_table()[counter]
    step = -(-known.searched_to // NEVER_SAMPLE)
    for seed in range(0, known.searched_to, step):
        made = first_on(rules[counter], list(rules.values()), known.size, seed, False)
        assert made is None, f"{counter} is first past the easier rules on seed {seed}"

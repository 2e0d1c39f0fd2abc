"""Where the page's "Practise this" searches from, rule by rule.

A practice board of a hard rule is rare: searched from seed 0 every time, a rule whose
first board lies past the search's time was never found, and trying again repeated the
same search. ``practice_seeds.json`` (made by ``scripts/practice_seeds.py``, checked by
``queens_web/tests/test_web_practice.py``) holds, per rule, seeds known to give a
practice board (and whether that board needs the rule), and how far the search went. The
page serves those boards in turn, then searches on from where the script stopped, each
search starting where the last one stopped; a search that finds nothing in time gives
the next known board instead. A rule with no known seed is not offered: the script
searched its boards and the rule was never the first step past the easier rules.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from importlib.resources import files

#: The seconds a search past the known seeds may take before a known board is given.
ONWARD_SECONDS = 8.0


@dataclass(frozen=True)
class Known:
    """A rule's entry of the table."""

    seeds: tuple[int, ...]
    needed: tuple[bool, ...]
    searched_to: int
    #: The boards' size, where it is not practise's default (a rule seldom first there).
    size: int | None = None


@dataclass(frozen=True)
class Search:
    """One search for a practice board: from ``seed``, strict (the board needs the rule)
    or not, for at most ``seconds`` (None: the page's whole budget)."""

    seed: int
    strict: bool
    seconds: float | None
    size: int | None = None


def load_table() -> dict[str, Known]:
    text = files("queens_web").joinpath("practice_seeds.json").read_text(encoding="utf-8")
    return {
        rule: Known(
            tuple(entry["seeds"]),
            tuple(entry.get("needed", [True] * len(entry["seeds"]))),
            entry["searched_to"],
            entry.get("size"),
        )
        for rule, entry in json.loads(text).items()
    }


class PracticeSeeds:
    """The table and, per rule, where the next search starts (shared by every request of
    one server: each press of "Practise this" moves on)."""

    def __init__(self, table: dict[str, Known]):
        self.table = table
        self.lock = threading.Lock()
        #: Per rule: presses so far, and the seed the search past the known ones is at.
        self.presses: dict[str, int] = {}
        self.onward: dict[str, int] = {}

    def unpractisable(self, rule: str, size: int, stars: int) -> str | None:
        """Why ``rule`` is not offered, in words that follow "no board to practise it on
        was found", or None when it is offered. ``size`` and ``stars``: the boards
        practise makes for the rule (``Application.practice_size``), which the search
        made unless the table names another size: the words say what was searched, so
        a rule that runs only on larger boards is not said to be never first on any."""
        known = self.table.get(rule)
        if known is None or known.seeds:
            return None
        n = known.size or size
        pieces = f"{stars} stars" if stars > 1 else "1 queen"
        return (
            f"on the {n}×{n} boards with {pieces} per row, column and region made from "
            f"seeds 0 to {known.searched_to - 1}, it was never the first step past the "
            "easier rules"
        )

    def next_search(self, rule: str) -> Search:
        """The search for the next press on ``rule``: the known boards in turn, then a
        short search on past them (each going on from where the last one stopped), or
        for a rule the table does not know, a search of the page's whole budget."""
        known = self.table.get(rule)
        with self.lock:
            press = self.presses.get(rule, 0)
            self.presses[rule] = press + 1
            if known is None or not known.seeds:
                return Search(self.onward.get(rule, 0), True, None)
            if press < len(known.seeds):
                return Search(known.seeds[press], known.needed[press], None, known.size)
            onward = self.onward.get(rule, known.searched_to)
            return Search(onward, True, ONWARD_SECONDS, known.size)

    def searched(self, rule: str, search: Search, next_seed: int) -> None:
        """A search past the known boards stopped before ``next_seed`` (it found a board
        there, or gave up): the next one goes on from there."""
        if search.seconds is None and rule in self.table and self.table[rule].seeds:
            return  # a known board
        with self.lock:
            self.onward[rule] = max(self.onward.get(rule, 0), next_seed)

    def fallback(self, rule: str) -> Search | None:
        """A known board to give when a search past them found none in time: each in
        turn, as the presses go on."""
        known = self.table.get(rule)
        if known is None or not known.seeds:
            return None
        with self.lock:
            index = (self.presses.get(rule, 1) - 1) % len(known.seeds)
        return Search(known.seeds[index], known.needed[index], None, known.size)


_SEEDS: PracticeSeeds | None = None


def practice_seeds() -> PracticeSeeds:
    """The server's one table (read once)."""
    global _SEEDS
    if _SEEDS is None:
        _SEEDS = PracticeSeeds(load_table())
    return _SEEDS

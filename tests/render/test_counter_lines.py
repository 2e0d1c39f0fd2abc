"""The counter lines ``queens solve`` prints under a solved board, held to their
definition: each display name padded to the longest of the lines printed, `` : ``, the
count (the padding is worked out once per set of names, so this pins it for any set)."""

from __future__ import annotations

import random

from queens_core import load_registry
from queens_core.render.solve_text import format_counters


def lines_by_definition(counters: dict[str, int], names: dict[str, str]) -> str:
    if not counters:
        return ""
    width = max(len(names[counter]) for counter in counters)
    return "\n".join(
        names[counter] + " " * (width - len(names[counter])) + " : " + str(count)
        for counter, count in counters.items()
    )


def test_counter_lines_pad_each_name_to_the_longest_shown():
    names = {rule.counter: rule.display_name for rule in load_registry().rules}
    rng = random.Random(39)
    counters = list(names)
    for _ in range(500):
        chosen = rng.sample(counters, rng.randint(0, len(counters)))
        shown = {counter: rng.randint(0, 10 ** rng.randint(0, 6)) for counter in chosen}
        assert format_counters(shown, names) == lines_by_definition(shown, names)


def test_the_same_names_with_other_counts_keep_their_padding():
    names = {"a": "Short", "b": "A longer name"}
    assert format_counters({"a": 1, "b": 22}, names) == "Short         : 1\nA longer name : 22"
    assert format_counters({"a": 333}, names) == "Short : 333"
    assert format_counters({}, names) == ""

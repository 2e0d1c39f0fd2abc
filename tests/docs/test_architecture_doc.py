"""docs/architecture.md's layer table says what tests/test_layers.py enforces: a layer
added to the test (or an import it newly allows) fails here until the page has its row."""

from __future__ import annotations

import re

from support import ROOT
from test_layers import ALLOWED, THIRD_PARTY

PAGE = ROOT / "docs" / "architecture.md"
HEADER = "| layer | may import from `queens_core` | and from outside the standard library |"


def page_table() -> dict[str, tuple[set[str], set[str]]]:
    """Each row of the page's layer table: layer -> (core layers, outside packages)."""
    text = PAGE.read_text(encoding="utf-8").split(HEADER, 1)[1]
    rows = {}
    for line in text.splitlines()[2:]:
        if not line.startswith("|"):
            break
        layer_cell, core_cell, outside_cell = (cell.strip() for cell in line.strip("|").split("|"))
        layer = re.findall(r"`([^`]+)`", layer_cell)[0].rstrip("/")
        core = {name.rstrip("/") for name in re.findall(r"`([^`]+)`", core_cell)}
        outside = set(re.findall(r"`([^`]+)`", outside_cell))
        rows[layer] = (core, outside)
    return rows


def expected_row(layer: str) -> str:
    """The row the page should have, for the failure message."""
    others = [other for other in ALLOWED if other in ALLOWED[layer] and other != layer]
    core = ", ".join(f"`{name}`" if name == "contract" else f"`{name}/`" for name in others)
    outside = ", ".join(f"`{name}`" for name in sorted(THIRD_PARTY.get(layer, ())))
    name = "`contract`" if layer == "contract" else f"`{layer}/`"
    return f"| {name} | {core or 'nothing else'} | {outside or 'nothing'} |"


def test_the_page_has_a_row_for_each_layer_and_no_other():
    rows = page_table()
    missing = [expected_row(layer) for layer in ALLOWED if layer not in rows]
    assert not missing, "docs/architecture.md lacks the rows:\n" + "\n".join(missing)
    assert set(rows) == set(ALLOWED), (
        f"rows for layers the test does not know: {set(rows) - set(ALLOWED)}"
    )


def test_each_row_says_what_the_layer_may_import():
    rows = page_table()
    wrong = [
        expected_row(layer)
        for layer, (core, outside) in rows.items()
        if core != ALLOWED[layer] - {layer} or outside != THIRD_PARTY.get(layer, set())
    ]
    assert not wrong, "docs/architecture.md should read:\n" + "\n".join(wrong)

"""The archive outcomes recorded in tests/golden/archive-counters.json (see
scripts/record_golden.py, which writes the file, and test_golden.py, which checks it)."""

from __future__ import annotations

from typing import Any

from support import ROOT, archive_paths, rules_of

from queens_core import Board, Solver

GOLDEN = ROOT / "tests" / "golden" / "archive-counters.json"

#: The stages recorded: which catalog packages run.
STAGES = {
    "baseline": ("baseline",),
    "cheap": ("baseline", "polyomino", "pigeonhole"),
    "catalog": ("baseline", "polyomino", "pigeonhole", "pfc"),
}


def outcomes(registry: Any) -> dict[str, dict[str, list[Any]]]:
    """stage -> board id -> [status, queens placed, {counter: count} without zeros]."""
    boards = {p.stem: Board.parse(p.read_text(encoding="utf-8")) for p in archive_paths()}
    table: dict[str, dict[str, list[Any]]] = {}
    for stage, packages in STAGES.items():
        solver = Solver(rules_of(registry, *packages))
        rows = {}
        for key, board in boards.items():
            result = solver.solve(board)
            counters = {k: v for k, v in result.counters.items() if v}
            rows[key] = [str(result.status), result.state.queens.bit_count(), counters]
        table[stage] = rows
    return table

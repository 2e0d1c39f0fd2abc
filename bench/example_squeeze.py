"""How the example squeeze package changes archive outcomes, and what it costs.

    .venv/bin/python bench/example_squeeze.py

For each company of catalog packages, solves every archive board without and with the
two squeeze rules (imported from examples/queens-rules-squeeze, not installed), and
prints the boards solved, those the squeeze turns from stalled to solved (and back),
placement-forces-contradiction calls that killed something, and CPU time (the whole
archive, one solve a board).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "examples" / "queens-rules-squeeze"))

from queens_core import Board, Solver, load_registry  # noqa: E402
from queens_rules_squeeze import RULES  # noqa: E402

COMPANIES = {
    "all four catalog packages": ("baseline", "polyomino", "pigeonhole", "pfc"),
    "pfc package removed": ("baseline", "polyomino", "pigeonhole"),
    "baseline only": ("baseline",),
}


def run(rules, boards):
    solver = Solver(rules)
    solved = set()
    pfc_calls = 0
    start = time.process_time()
    for key, board in boards.items():
        result = solver.solve(board)
        if result.solved:
            solved.add(key)
        pfc_calls += result.counters.get("placement_forces_contradiction", 0)
    return solved, pfc_calls, time.process_time() - start


def main() -> None:
    paths = sorted((ROOT / "archive" / "boards").glob("*.txt"), key=lambda p: int(p.stem))
    boards = {p.stem: Board.parse(p.read_text()) for p in paths}
    registry = load_registry()
    print(f"{len(boards)} archive boards")
    for label, packages in COMPANIES.items():
        wanted = {f"queens-rules-{p}" for p in packages}
        base = [r for r in registry.rules if r.package in wanted]
        solved, calls, seconds = run(base, boards)
        print(f"{label}: {len(solved)} solved; pfc calls with a kill {calls}; CPU {seconds:.2f}s")
        for variant, extra in (("both squeeze rules", RULES), ("two-line squeeze only", RULES[:1])):
            solved_too, calls_too, seconds_too = run([*base, *extra], boards)
            gained = sorted(solved_too - solved, key=int)
            lost = sorted(solved - solved_too, key=int)
            print(
                f"  + {variant}: {len(solved_too)} solved (stalled -> solved: {len(gained)}, "
                f"solved -> stalled: {len(lost)}); pfc calls with a kill {calls_too}; "
                f"CPU {seconds_too:.2f}s"
            )


if __name__ == "__main__":
    main()

"""Does anything in a Star Battle solve, beyond the score, tell a publisher's harder boards
from its easier ones? Fit on half of the labelled boards, shown on the other half.

    .venv/bin/python bench/probe_star_grade_signals.py --public DIR [--stars 3] \\
        [--per-file 2000] [--seed 37]

The boards and their halves are those of ``bench/calibrate_star_score.py`` (same
``--per-file`` and ``--seed``: the same boards in the same halves), here of ``--stars``
stars only. Each board is graded once, and solved once more *breadth first*: round after
round, every rule of the Medium rung is called on the same position (each on its own
copy) and everything they find is made at once; when they find nothing, the cheap tier's
rules are called so instead (the Hard rung's); the solve ends when the board is solved or
nothing is found. A round's breadth is what the position offered: how many deductions
(steps) and cells the rules could settle there. A round offering few is a bottleneck: one
narrow way on.

The signals, read off the graded solve or the breadth-first one:

- the graded solve's hard steps (steps of rules of the Hard rung or above), its longest
  run of hard steps in a row, its rounds (a round: a run of steps in catalog order) and
  its narrow rounds (two cells or fewer settled);
- the size of the reasoning: the units a step's reason names (k regions against k lines
  count min(k, N − k) — the smaller side is what one holds in mind —, a pair of lines 2,
  a case split one for its unit and one for each unit a case's forced steps fill); the
  largest, and the steps naming two units or more;
- the breadth-first solve's rounds, and its bottleneck rounds (one deduction or fewer than
  four on offer, two cells or fewer).

Each signal is tried alone and added to the score as it ships with a factor of ±4, ±16
or ±64; the candidate with the best AUC on the calibration half is the one chosen. The
report gives every candidate's calibration AUC, then, on both halves with a 95% bootstrap
interval (each group resampled), the score as it ships, the chosen candidate and the
bottleneck candidates read the way the hypothesis goes (more bottlenecks, harder), and
any candidate named by ``--show`` (as the first list prints it: ``--show "score +16 x
rounds"``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

from calibrate_star_score import EASIER, HARDER, auc, load_boards

FACTORS = (-64, -16, -4, 4, 16, 64)


def reason_span(detail: object, size: int) -> int:
    """How many units a step's reason names (see the module docstring)."""
    name = type(detail).__name__
    if name in ("Undercount", "Overcount"):
        count = len(detail.regions)  # type: ignore[attr-defined]
        return min(count, size - count)
    if name == "Capacity":
        return len(detail.bounds)  # type: ignore[attr-defined]
    if name == "Flow":
        return len(detail.lines) + len(detail.regions)  # type: ignore[attr-defined]
    if name == "Composite":
        lines = detail.last - detail.first + 1  # type: ignore[attr-defined]
        return min(lines, size - lines) + len(detail.regions)  # type: ignore[attr-defined]
    if name in ("Blocks", "Placements"):
        return 2 if detail.where[0] in ("rows", "columns") else 1  # type: ignore[attr-defined]
    if name == "CaseSplit":
        return 1 + sum(len(case.forced) for case in detail.cases)  # type: ignore[attr-defined]
    return 1


def breadth_first_rounds(board, medium, cheap) -> tuple[list[tuple[int, int, int]], object]:
    """The breadth-first solve of ``board`` (module docstring): per round (rung, steps on
    offer, cells settled), and the state it ends on. ``medium`` and ``cheap`` are
    solvers of the Medium rung's rules and of the cheap tier's."""
    from queens_core.engine.state import State

    state = State.initial(board)
    rounds: list[tuple[int, int, int]] = []
    while state.queens.bit_count() < board.star_total:
        rung, found = 2, list(medium.each_rule_once(board, state))
        if not found:
            rung, found = 3, list(cheap.each_rule_once(board, state))
        found = [result for _, result in found if result.problem is None]
        if not found:
            break
        live, queens = state.live, state.queens
        for result in found:
            live &= result.state.live
            queens |= result.state.queens
        rounds.append((rung, sum(len(r.steps) for r in found), (state.live & ~live).bit_count()))
        state = State(live, queens)
    return rounds, state


def signals(board, graded, hard: set[str], positions: dict[str, int], rounds) -> dict:
    """Every signal of one board (module docstring)."""
    steps = graded.steps
    found: dict[str, float] = {}
    found["hard steps"] = sum(step.counter in hard for step in steps)
    run = longest = 0
    for step in steps:
        run = run + 1 if step.counter in hard else 0
        longest = max(longest, run)
    found["longest run of hard steps"] = longest
    spans = [reason_span(step.detail, board.n) for step in steps]
    found["largest reason (units)"] = max(spans, default=0)
    found["steps whose reason names 2+ units"] = sum(span >= 2 for span in spans)
    cells: list[int] = []
    previous = None
    for step in steps:
        if previous is None or positions[step.counter] < positions[previous]:
            cells.append(0)
        cells[-1] += (step.placed | step.killed).bit_count()
        previous = step.counter
    found["rounds"] = len(cells)
    found["narrow rounds (<= 2 cells)"] = sum(count <= 2 for count in cells)
    found["breadth-first rounds"] = len(rounds)
    found["bottleneck rounds (1 deduction)"] = sum(r[1] <= 1 for r in rounds)
    found["bottleneck rounds (<= 3 deductions)"] = sum(r[1] <= 3 for r in rounds)
    found["bottleneck rounds (<= 2 cells)"] = sum(r[2] <= 2 for r in rounds)
    return found


def _interval(harder: list[float], easier: list[float], seed: int) -> tuple[float, float]:
    draw = random.Random(seed)
    spread = sorted(
        auc(draw.choices(harder, k=len(harder)), draw.choices(easier, k=len(easier)))
        for _ in range(1000)
    )
    return spread[25], spread[974]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--public", type=Path, required=True, help="the labelled SBN files")
    parser.add_argument("--stars", type=int, default=3)
    parser.add_argument("--per-file", type=int, default=2000, metavar="N")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument(
        "--show", nargs="*", default=[], metavar="NAME", help="also show these candidates"
    )
    args = parser.parse_args()
    from queens_core import Board, load_registry
    from queens_core.engine.driver import Solver
    from queens_core.engine.rules import Grade, Tier
    from queens_core.tools.grade import Grader
    from queens_rules_starbattle.sbn import parse_sbn

    rules = [r for r in load_registry().rules if r.sound_for(args.stars)]
    hard = {r.counter for r in rules if r.grade_needed >= Grade.HARD}
    positions = {r.counter: r.position for r in rules}
    grader = Grader(rules, args.stars)
    medium = Solver([r for r in rules if r.grade_needed <= Grade.MEDIUM], stars=args.stars)
    cheap = Solver([r for r in rules if r.tier is Tier.CHEAP], stars=args.stars)
    boards = [
        b for b in load_boards(args.public, args.per_file, args.seed) if b["stars"] == args.stars
    ]
    started = time.process_time()
    for entry in boards:
        parsed, stars = parse_sbn(entry["sbn"])
        board = Board(tuple(parsed.rows), stars)
        found = grader.assess(board)
        entry["score"] = found.score
        if found.graded is not None:
            rounds, _ = breadth_first_rounds(board, medium, cheap)
            entry["signals"] = signals(board, found.graded, hard, positions, rounds)
    print(
        f"{len(boards)} boards of {args.stars} stars graded and solved breadth first in "
        f"{time.process_time() - started:.0f} processor seconds"
    )
    names = list(next(b["signals"] for b in boards if "signals" in b))
    Score = Callable[[dict], float]
    candidates: dict[str, Score] = {"the score as it ships": lambda b: float(b["score"])}
    for name in names:
        candidates[name] = lambda b, n=name: float(b["signals"][n])
        for factor in FACTORS:
            candidates[f"score {factor:+} x {name}"] = lambda b, n=name, f=factor: float(
                b["score"] + f * b["signals"][n]
            )

    def values(half: str, score: Score) -> tuple[list[float], list[float]]:
        chosen = [b for b in boards if b["half"] == half]
        value = [score(b) if b["score"] is not None else float("inf") for b in chosen]
        groups = [b["file"].split("-")[2] for b in chosen]
        harder = [v for g, v in zip(groups, value, strict=True) if g in HARDER]
        easier = [v for g, v in zip(groups, value, strict=True) if g in EASIER]
        return harder, easier

    ranked = sorted(
        ((auc(*values("calibration", score)), name) for name, score in candidates.items()),
        key=lambda entry: -entry[0],
    )
    print("calibration half, AUC of every candidate, best first:")
    for value, name in ranked:
        print(f"  {value:.3f}  {name}")
    best = ranked[0][1]
    print(f"chosen on the calibration half: {best}")
    shown = [
        "the score as it ships",
        best,
        "score +16 x bottleneck rounds (1 deduction)",
        "score +16 x bottleneck rounds (<= 2 cells)",
        "score +16 x breadth-first rounds",
        *args.show,
    ]
    for half in ("calibration", "held-out"):
        print(f"\n{half} half, AUC [95% bootstrap] (harder / easier boards):")
        for name in dict.fromkeys(shown):
            harder, easier = values(half, candidates[name])
            low, high = _interval(harder, easier, args.seed)
            print(
                f"  {auc(harder, easier):.3f} [{low:.3f}, {high:.3f}] "
                f"({len(harder)} / {len(easier)})  {name}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

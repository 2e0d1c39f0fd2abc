"""Fit the Star Battle rules' score weights to publishers' difficulty labels.

    .venv/bin/python bench/calibrate_star_grade.py /tmp/star-sets.json [--tree "this tree"]

Reads what ``bench/bench_star_sets.py --save`` kept (every board's group, half and the
counters of its graded solve) and searches, one rule at a time (``--keep`` leaves some
as they are; ``--stars 1`` fits the Queens rules on the Queens boards), for the weights that
order the *calibration* half best: the mean over K of the AUC between harder (hard,
expert) and easier (ez, med) groups. It prints the AUC per K on both halves with the
tree's own weights and with the fitted ones; only the held-out half says how well they
generalise. A board the rules do not solve counts as hardest in both.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bench_star_sets import EASIER, HARDER, auc

#: The weights tried for each rule.
CHOICES = (0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64)


def _score(counters: dict, weights: dict) -> float:
    return float(sum(weights.get(c, 0) * n for c, n in counters.items()))


def aucs(boards: list, results: list, weights: dict, half: str) -> dict[int, float]:
    found = {}
    for stars in sorted({b["stars"] for b in boards}):
        harder, easier = [], []
        for b, r in zip(boards, results, strict=True):
            if b["stars"] != stars or b["half"] != half:
                continue
            group = b["group"].split("-")[2]
            value = float("inf") if r["score"] is None else _score(r["counters"], weights)
            if group in HARDER:
                harder.append(value)
            elif group in EASIER:
                easier.append(value)
        if harder and easier:
            found[stars] = auc(harder, easier)
    return found


def _mean(values: dict[int, float]) -> float:
    return sum(values.values()) / len(values) if values else 0.0


def main() -> int:
    from queens_core import load_registry

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("saved", type=Path)
    parser.add_argument("--tree", default="this tree")
    parser.add_argument(
        "--weights", nargs="*", default=[], metavar="COUNTER=W", help="also show these weights"
    )
    parser.add_argument(
        "--stars",
        type=int,
        default=2,
        metavar="K",
        help="fit the weights of the rules for K stars on the boards with K stars (1: the "
        "Queens rules on Queens boards); by default the Star Battle rules on every K >= 2",
    )
    parser.add_argument(
        "--keep", nargs="*", default=[], metavar="COUNTER", help="leave these weights as they are"
    )
    args = parser.parse_args()
    saved = json.loads(args.saved.read_text())
    boards, results = saved["boards"], saved["results"][args.tree]
    if args.stars == 1 or "--stars" in sys.argv:
        chosen = [i for i, b in enumerate(boards) if b["stars"] == args.stars]
        boards = [boards[i] for i in chosen]
        results = [results[i] for i in chosen]
    rules = [r for r in load_registry().rules if r.sound_for(args.stars)]
    weights = {r.counter: r.score_weight for r in rules}
    tunable = sorted(({c for r in results for c in r["counters"]} & set(weights)) - set(args.keep))
    fitted = dict(weights)
    best = _mean(aucs(boards, results, fitted, "calibration"))
    for _ in range(3):
        for counter in tunable:
            for choice in CHOICES:
                trial = {**fitted, counter: choice}
                value = _mean(aucs(boards, results, trial, "calibration"))
                if value > best + 1e-9:
                    best, fitted = value, trial
    given = {**weights, **{k: int(v) for k, v in (w.split("=") for w in args.weights)}}
    shown_sets = [("own weights", weights), ("fitted", fitted)]
    if args.weights:
        shown_sets.append(("given", given))
    for name, chosen in shown_sets:
        for half in ("calibration", "held-out"):
            shown = ", ".join(
                f"K={k} {v:.3f}" for k, v in aucs(boards, results, chosen, half).items()
            )
            print(f"{name:<12} {half:<12} {shown}")
    changed = {c: (weights[c], fitted[c]) for c in tunable if fitted[c] != weights[c]}
    print(
        "fitted weights (own → fitted): "
        + ", ".join(f"{c} {a}→{b}" for c, (a, b) in changed.items())
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

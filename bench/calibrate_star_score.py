"""Fit the Star Battle score (K >= 2) on half of the publisher-labelled boards and show it on
the other half.

    .venv/bin/python bench/calibrate_star_score.py --public /tmp/starlogic-public \\
        [--per-file 2000] [--seed 37] [--save /tmp/star-score.json | --load /tmp/star-score.json]

``--public DIR`` holds files named ``N-K-GROUP.txt`` (the layout ``bench_star_sets.py``
reads), one SBN string a line; only the labelled groups of K >= 2 are used: ``ez`` and
``med`` are the easier boards, ``hard`` and ``expert`` the harder ones. The boards are read
at run time and never written anywhere but ``--save``'s file.

From each file the bench draws up to ``--per-file`` distinct boards with a random
generator seeded by ``--seed`` and the file's name, and deals them into two halves: the
*calibration* half, on which the score is chosen, and the *held-out* half, which only
reports. Every board is graded once with this tree's rules; each candidate score is then
computed from the graded solve (its counters and its steps), so all of them are judged on
the same solves.

The candidates are the score of the previous releases (every rule's weight times its
counter) and the ones :func:`candidates` lists; the one with the best calibration AUC,
averaged over K, is chosen. The report gives, for the score as it was, the chosen score and
the score this tree ships (:func:`queens_core.tools.grade.weight_of`), the AUC per K and
per size on each half with a 95% bootstrap interval (boards resampled within each group).
The AUC is the chance that a harder board scores above an easier one (ties count half; a
board the rules do not solve counts as hardest).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

EASIER = ("ez", "med")
HARDER = ("hard", "expert")

Board = dict
Score = Callable[[Board], float]


def load_boards(public: Path, per_file: int, seed: int) -> list[Board]:
    """The labelled K >= 2 boards drawn from ``public``, each with its half."""
    boards: list[Board] = []
    for path in sorted(public.glob("*-*-*.txt")):
        size, stars, group = path.stem.split("-")
        if int(stars) < 2 or group not in EASIER + HARDER:
            continue
        lines = list(dict.fromkeys(line.strip() for line in path.read_text().splitlines()))
        lines = [line for line in lines if line]
        draw = random.Random(f"{seed}:{path.stem}")
        chosen = draw.sample(lines, min(per_file, len(lines)))
        for number, text in enumerate(chosen):
            boards.append(
                {
                    "file": path.stem,
                    "size": int(size),
                    "stars": int(stars),
                    "harder": group in HARDER,
                    "half": "calibration" if number % 2 == 0 else "held-out",
                    "sbn": text,
                }
            )
    return boards


def grade_boards(boards: list[Board]) -> None:
    """Grade every board with this tree's rules; keep what the candidate scores read."""
    from queens_core import Board as Grid
    from queens_core import load_registry
    from queens_core.tools.grade import Grader
    from queens_rules_starbattle.sbn import parse_sbn

    grader = Grader(load_registry().rules)
    started = time.process_time()
    for number, entry in enumerate(boards):
        parsed, stars = parse_sbn(entry["sbn"])
        found = grader.assess(Grid(tuple(parsed.rows), stars))
        graded = found.graded
        entry["solved"] = graded is not None
        entry["score"] = found.score
        entry["level"] = int(found.rung.level) if found.rung else None
        entry["counters"] = {k: v for k, v in graded.counters.items() if v} if graded else {}
        entry["steps"] = [step.counter for step in graded.steps] if graded else []
        if number % 100 == 99:
            print(
                f"  graded {number + 1} of {len(boards)} ({time.process_time() - started:.0f} s)",
                file=sys.stderr,
            )


def auc(harder: list[float], easier: list[float]) -> float:
    """How often a harder board scores above an easier one (ties half)."""
    easier = sorted(easier)
    from bisect import bisect_left, bisect_right

    wins = 0.0
    for value in harder:
        below = bisect_left(easier, value)
        ties = bisect_right(easier, value) - below
        wins += below + ties / 2
    return wins / (len(harder) * len(easier))


def _values(boards: list[Board], score: Score) -> tuple[list[float], list[float]]:
    harder = [score(b) if b["solved"] else float("inf") for b in boards if b["harder"]]
    easier = [score(b) if b["solved"] else float("inf") for b in boards if not b["harder"]]
    return harder, easier


def auc_with_interval(
    boards: list[Board], score: Score, resamples: int, seed: int
) -> tuple[float, float, float, int, int]:
    """The AUC and a 95% percentile bootstrap interval (each group resampled)."""
    harder, easier = _values(boards, score)
    value = auc(harder, easier)
    draw = random.Random(seed)
    spread = sorted(
        auc(draw.choices(harder, k=len(harder)), draw.choices(easier, k=len(easier)))
        for _ in range(resamples)
    )
    low = spread[int(0.025 * resamples)]
    high = spread[min(resamples - 1, int(0.975 * resamples))]
    return value, low, high, len(harder), len(easier)


def difference_interval(
    boards: list[Board], before: Score, after: Score, resamples: int, seed: int
) -> tuple[float, float, float]:
    """How much ``after``'s AUC exceeds ``before``'s, with a 95% bootstrap interval over
    the same resampled boards for both (paired)."""
    harder = [b for b in boards if b["harder"]]
    easier = [b for b in boards if not b["harder"]]

    def gain(hs: list[Board], es: list[Board]) -> float:
        return auc(*_values(hs + es, after)) - auc(*_values(hs + es, before))

    draw = random.Random(seed)
    spread = sorted(
        gain(draw.choices(harder, k=len(harder)), draw.choices(easier, k=len(easier)))
        for _ in range(resamples)
    )
    low = spread[int(0.025 * resamples)]
    high = spread[min(resamples - 1, int(0.975 * resamples))]
    return gain(harder, easier), low, high


def calls(
    steps: list[str], positions: dict[str, int], expensive: set[str]
) -> list[tuple[str, bool]]:
    """The rule calls of a solve, read off its steps' counters, each with whether the
    cheap rules had stalled on the state it was made on: it opened its pass (no rule
    before it in the pass changed anything, so every easier rule had been called on this
    very state and found nothing) or it is an expensive rule's (made only at the cheap
    rules' fixed point). A call's steps are consecutive and a pass calls each cheap rule
    once, in catalog order; two calls of one rule in a row, with no other rule's change
    between them, read as one. A Hard rule's call made on a stalled state is one an
    easiest-first order would have made too, without a second solve to say so."""
    found: list[tuple[str, bool]] = []
    previous: str | None = None
    for number, counter in enumerate(steps):
        if number and counter == steps[number - 1]:
            continue
        opens = (
            previous is None
            or counter in expensive
            or previous in expensive
            or positions[counter] <= positions[previous]
        )
        found.append((counter, opens))
        previous = counter
    return found


def candidates(
    weights: dict[str, int],
    hard_rules: set[str],
    shipped: Score,
    positions: dict[str, int],
    expensive: set[str],
) -> dict[str, Score]:
    """The scores tried, by name, each a function of a board's graded solve; among equals
    the first listed wins."""

    def counted(b: Board) -> float:
        return float(sum(weights.get(c, 0) * n for c, n in b["counters"].items()))

    def hard_counted(b: Board) -> float:
        return float(sum(weights[c] * n for c, n in b["counters"].items() if c in hard_rules))

    def heaviest(b: Board) -> float:
        return float(max((weights.get(c, 0) for c in b["steps"]), default=0))

    def hard_steps(b: Board) -> float:
        return float(sum(c in hard_rules for c in b["steps"]))

    def hard_step_weight(b: Board) -> float:
        return float(sum(weights[c] for c in b["steps"] if c in hard_rules))

    def steps_at_least(limit: int) -> Score:
        return lambda b: float(sum(weights.get(c, 0) >= limit for c in b["steps"]))

    found: dict[str, Score] = {
        "weights x counters (as it was)": counted,
        "hard rules' weights x counters alone": hard_counted,
        "heaviest step's weight": heaviest,
        "hard steps": hard_steps,
        "hard steps' weights": hard_step_weight,
    }
    for limit in (8, 12, 16, 48):
        found[f"steps of weight >= {limit}"] = steps_at_least(limit)
    for factor in (1, 16, 1024):
        found[f"heaviest step x {factor} + hard steps"] = lambda b, f=factor: (
            heaviest(b) * f + hard_steps(b)
        )
    for factor in (2, 4, 8, 16, 64, 1024):
        found[f"classical + {factor} x hard rules' weights x counters"] = lambda b, f=factor: (
            counted(b) + (f - 1) * hard_counted(b)
        )
        found[f"classical + {factor} x hard steps' weights"] = lambda b, f=factor: (
            counted(b) - hard_counted(b) + f * hard_step_weight(b)
        )

    def classical(b: Board) -> float:
        return counted(b) - hard_counted(b)

    for factor in (1, 4):
        # Hard calls that opened a pass (the classical rules had stalled) count 16 times,
        # the others ``factor`` times.
        found[f"classical + 16 x pass-opening hard calls + {factor} x other hard calls"] = (
            lambda b, f=factor: (
                classical(b)
                + sum(
                    weights[c] * (16 if opens else f)
                    for c, opens in calls(b["steps"], positions, expensive)
                    if c in hard_rules
                )
            )
        )
    found["this tree's score"] = shipped
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--public", type=Path, help="the labelled SBN files")
    parser.add_argument("--per-file", type=int, default=2000, metavar="N")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--save", type=Path, help="keep the graded boards in this file")
    parser.add_argument("--load", type=Path, help="read graded boards --save kept instead")
    args = parser.parse_args()
    from queens_core import load_registry
    from queens_core.engine.rules import Grade, Tier
    from queens_core.tools.grade import weight_of

    if args.load:
        boards = json.loads(args.load.read_text())
    elif args.public:
        boards = load_boards(args.public, args.per_file, args.seed)
        grade_boards(boards)
        if args.save:
            args.save.write_text(json.dumps(boards))
    else:
        parser.error("give --public DIR (or --load FILE)")
    rules = [r for r in load_registry().rules if r.sound_for(2)]
    weights = {r.counter: r.score_weight for r in rules}
    hard_rules = {r.counter for r in rules if r.grade_needed >= Grade.HARD}
    shipped_weights = {
        stars: {r.counter: weight_of(r, stars) for r in rules} for stars in range(2, 10)
    }

    def shipped(b: Board) -> float:
        chosen = shipped_weights[b["stars"]]
        return float(sum(chosen.get(c, 0) * n for c, n in b["counters"].items()))

    every_rule = load_registry().rules
    positions = {r.counter: r.position for r in every_rule}
    expensive = {r.counter for r in every_rule if r.tier is Tier.EXPENSIVE}
    scores = candidates(weights, hard_rules, shipped, positions, expensive)
    every_k = sorted({b["stars"] for b in boards})

    def half(name: str, stars: int | None = None, size: int | None = None) -> list[Board]:
        return [
            b
            for b in boards
            if b["half"] == name
            and (stars is None or b["stars"] == stars)
            and (size is None or b["size"] == size)
        ]

    print("calibration half, AUC per K (mean over K):")
    ranked = []
    for name, score in scores.items():
        per_k = [auc(*_values(half("calibration", k), score)) for k in every_k]
        ranked.append((sum(per_k) / len(per_k), name, per_k))
    ranked.sort(key=lambda entry: -entry[0])
    for mean, name, per_k in ranked:
        shown = "  ".join(f"K={k} {v:.3f}" for k, v in zip(every_k, per_k, strict=True))
        print(f"  {mean:.3f}  {shown}  {name}")
    for k in every_k:
        print(f"calibration half, K={k}, best ten:")
        for value, name in sorted(
            (
                (auc(*_values(half("calibration", k), score)), name)
                for name, score in scores.items()
            ),
            key=lambda entry: -entry[0],
        )[:10]:
            print(f"  {value:.3f}  {name}")
    best = ranked[0][1]
    print(f"chosen on the calibration half: {best}")
    shown = ["weights x counters (as it was)", best, "this tree's score"]
    for part in ("calibration", "held-out"):
        print(f"\n{part} half, AUC [95% bootstrap] (harder / easier boards):")
        groups = [(f"K={k}", half(part, k)) for k in every_k]
        groups += [
            (f"{n}x{n} {k}*", half(part, k, n))
            for k in every_k
            for n in sorted({b["size"] for b in boards if b["stars"] == k})
        ]
        for label, chosen in groups:
            for name in dict.fromkeys(shown):
                value, low, high, harder, easier = auc_with_interval(
                    chosen, scores[name], args.resamples, args.seed
                )
                print(
                    f"  {label:<10} {value:.3f} [{low:.3f}, {high:.3f}] "
                    f"({harder} / {easier})  {name}"
                )
            gain, low, high = difference_interval(
                chosen, scores[shown[0]], scores[shown[-1]], args.resamples, args.seed
            )
            print(f"  {label:<10} {gain:+.3f} [{low:+.3f}, {high:+.3f}]  gain, paired")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What one Star Battle rule adds to the cheap tier: boards solved and time, with and without
it, in the same run and on the same boards (rounds interleaved).

    .venv/bin/python bench/bench_starbattle_rule.py flow_counting
    .venv/bin/python bench/bench_starbattle_rule.py flow_counting --generated 60

The boards are the hard set archive/starbattle/ and, with ``--generated N``, N 10×10 2★
and N/4 14×14 3★ boards from the uniqueness search (seeds 0, 1, …). Each line is one
variant of the cheap tier: every cheap rule; without the rule; and, to show what the rule
does on its own, both again without capacity counting.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from queens_core import Board, Rule, Solver, Tier, load_registry
from queens_core.maker_stars import generate_starbattle
from queens_core.plugins.readers import read_source

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 3


def _variants(rule: str) -> dict[str, list[Rule]]:
    cheap = [r for r in load_registry().rules if r.tier is Tier.CHEAP]
    if rule not in {r.counter for r in cheap}:
        raise SystemExit(f"no cheap rule is called {rule!r}")
    without = [r for r in cheap if r.counter != rule]
    return {
        "every cheap rule": cheap,
        f"without {rule}": without,
        "no capacity_counting": [r for r in cheap if r.counter != "capacity_counting"],
        f"no capacity_counting, no {rule}": [
            r for r in without if r.counter != "capacity_counting"
        ],
    }


def _measure(boards: list[Board], variants: dict[str, list[Rule]]) -> dict[str, tuple[int, float]]:
    solved = dict.fromkeys(variants, 0)
    seconds = dict.fromkeys(variants, 0.0)
    for number in range(ROUNDS):
        for board in boards:
            for name, rules in variants.items():
                started = time.perf_counter()
                result = Solver(rules).solve(board)
                seconds[name] += time.perf_counter() - started
                if number == 0:
                    solved[name] += result.solved
    return {name: (solved[name], seconds[name] / ROUNDS) for name in variants}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rule", help="the counter id of a cheap rule")
    parser.add_argument("--generated", type=int, default=0, metavar="N")
    args = parser.parse_args()
    variants = _variants(args.rule)
    sets: list[tuple[str, list[Board]]] = []
    hard = []
    for path in sorted((ROOT / "archive" / "starbattle").glob("*.txt")):
        reading = read_source(str(path))
        assert reading.stars is not None
        hard.append(Board(tuple(reading.board.rows), reading.stars))
    sets.append(("hard set", hard))
    if args.generated:
        for size, stars, count in ((10, 2, args.generated), (14, 3, max(1, args.generated // 4))):
            made = [generate_starbattle(size, stars, seed=seed) for seed in range(count)]
            sets.append((f"{size}×{size} {stars}★", made))
    print(f"cheap tier, mean of {ROUNDS} interleaved rounds")
    print(f"{'boards':14} {'variant':40} {'solved':>8} {'seconds':>8}")
    for label, boards in sets:
        for name, (solved, seconds) in _measure(boards, variants).items():
            print(f"{label:14} {name:40} {f'{solved}/{len(boards)}':>8} {seconds:8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

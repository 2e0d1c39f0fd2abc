"""Count unsound Star Battle deductions on random boards, against the exact solver.

    .venv/bin/python bench/sweep_star_soundness.py --boards 40 --seed 0

For each shape (10×10 2★, 14×14 3★, 17×17 4★, 21×21 5★, 25×25 6★, and 8×8 2★ where cases
come up often), it makes ``--boards`` random boards with at least one solution (regions
grown round planted stars, as the generator grows them), takes a random state on the way
to the planted solution, and runs each cheap Star Battle rule once on it. A deduction is
unsound when it kills a cell of, or puts a star off, a solution the state still allows
(the planted one and up to 30 more the exact solver finds), or calls a contradiction.
Each rule runs on that state and again on what the classical rules leave of it (a rule
that waits for them says nothing before). It prints, per shape, the states tried, the
steps taken and the unsound ones, then the steps each rule took.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

SHAPES = ((8, 2), (10, 2), (14, 3), (17, 4), (21, 5), (25, 6))


def main() -> int:
    from queens_core import (
        Board,
        Context,
        Contradiction,
        Grade,
        Solver,
        State,
        Tier,
        load_registry,
    )
    from queens_core.board import bits
    from queens_core.generator.regions import REGION_CHARS
    from queens_core.generator.stars_maker import _group_tiles, _grow, plant
    from queens_core.referee.exact import find_solutions

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=20, help="boards a shape")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rules = [
        r
        for r in load_registry().rules
        if r.tier is Tier.CHEAP and r.min_stars >= 2 and r.counter != "star_neighbour_kill"
    ]
    classical = Solver([r for r in load_registry().rules if r.grade == Grade.MEDIUM], stars=2)
    print(f"rules: {', '.join(r.counter for r in rules)}")
    print(f"{'shape':<10}{'states':>8}{'steps':>8}{'unsound':>9}{'CPU s':>8}")
    total_unsound = 0
    by_rule = dict.fromkeys((r.counter for r in rules), 0)
    for size, stars in SHAPES:
        rng = random.Random(f"{args.seed}-{size}-{stars}")
        started = time.process_time()
        states = steps = unsound = 0
        while states < args.boards:
            planted = plant(size, stars, rng)
            seeds = [i for i in range(size * size) if planted >> i & 1]
            tile_of = _grow(size, seeds, rng)
            group = _group_tiles(size, stars, tile_of, len(seeds), rng)
            if group is None:
                continue
            rows = tuple(
                "".join(REGION_CHARS[group[tile_of[r * size + c]]] for c in range(size))
                for r in range(size)
            )
            board = Board(rows, stars)
            state = State.initial(board)
            ctx = Context(board, state)
            share = rng.choice((0.2, 0.4, 0.6))
            for cell in bits(planted):
                if rng.random() < share and state.live >> cell & 1:
                    ctx.place(cell)
            for cell in bits(state.live & ~planted):
                if rng.random() < share:
                    state.live &= ~(1 << cell)
            allowed = {planted, *find_solutions(board, 30, state.copy())}
            states += 1
            # Each rule also runs on what the classical rules leave: a rule that waits for
            # them (block cases) says nothing before.
            settled = classical.solve(board, state.copy()).state
            for rule, start in [(rule, start) for start in (state, settled) for rule in rules]:
                trial = start.copy()
                run = Context(board, trial, [])
                run.counter = rule.counter
                try:
                    rule.apply(run)
                except Contradiction:
                    unsound += 1
                    continue
                for step in run.steps:
                    steps += 1
                    by_rule[rule.counter] += 1
                    if any(
                        step.placed & ~solution or step.killed & solution for solution in allowed
                    ):
                        unsound += 1
                        print(f"  unsound: {rule.counter} on {'/'.join(rows)}", file=sys.stderr)
        spent = time.process_time() - started
        total_unsound += unsound
        print(f"{size}x{size}-{stars}{'':<3}{states:>8}{steps:>8}{unsound:>9}{spent:>8.1f}")
    print("steps by rule: " + ", ".join(f"{c} {n}" for c, n in by_rule.items()))
    return 1 if total_unsound else 0


if __name__ == "__main__":
    sys.exit(main())

"""Practice boards per CPU second, for every rule `queens practise` takes.

Run from the repository root: ``.venv/bin/python bench/practice_rates.py [SECONDS [RULE...]]``
(no RULE: every rule).
For each rule, practice boards are made from seed 0 on, each search starting past the
seed of the last board found, until SECONDS of CPU time (default 10) have gone (a search
running then is finished, or given up after 20 × SECONDS of wall time); the rate is
boards per CPU second, and "needed" counts the boards that need the rule.
"""

from __future__ import annotations

import sys
import time

from queens_core.api import Application
from queens_core.generator.practice import make_practice
from queens_core.generator.queens_maker import GiveUp


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    app = Application()
    print(f"{'rule':34} {'K':>2} {'boards':>6} {'needed':>6} {'CPU s':>6} {'boards/CPU-s':>12}")
    chosen = set(sys.argv[2:])
    for rule in app.registry.rules:
        if rule.counting == "placement" or (chosen and rule.counter not in chosen):
            continue
        started = time.process_time()
        boards = needed = 0
        seed = 0
        while (spent := time.process_time() - started) < budget:
            try:
                # The search's own limit is wall time: generous, for a loaded machine.
                made = make_practice(rule, app.registry.rules, seed=seed, seconds=20 * budget)
            except GiveUp:
                break
            boards += 1
            needed += made.needed
            seed = made.seed + 1
        spent = time.process_time() - started
        stars = 1 if rule.sound_for(1) else rule.min_stars
        rate = boards / spent
        print(f"{rule.counter:34} {stars:>2} {boards:>6} {needed:>6} {spent:>6.1f} {rate:>12.2f}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

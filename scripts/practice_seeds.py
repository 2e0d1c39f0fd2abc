#!/usr/bin/env python3
"""Find the seeds the page's "Practise this" starts from, and write them to
``queens_web/queens_web/practice_seeds.json``.

Run from the repository root: ``.venv/bin/python scripts/practice_seeds.py [--seconds S]
[--boards N] [--size N] [RULE...]`` (no RULE: every rule the page offers to practise; the rules
named are searched again and the others' entries kept). For each rule, practice boards
are made as ``queens practise RULE --seed SEED`` makes them (the default size), from seed
0 on, each search starting past the seed of the last board found, until N boards (default
4) or S seconds of processor time (default 120) for the rule: boards that need the rule
for the first two thirds of that time, then boards where it comes first. The file keeps, per rule,
the seeds of the boards found (each one the page's search, strict or not as the board
needs the rule or not, takes at once, which a test checks), whether each board needs the
rule, the seeds searched, and the processor seconds they took; a
rule with no seed was not the first step past the easier rules on any board searched,
and the page says so instead of searching again.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from queens_core.api import Application
from queens_core.generator.practice import PracticeGiveUp, make_practice
from queens_core.generator.queens_maker import GenerateError

#: The wall seconds of one round of the search (the budget is checked between rounds).
ROUND = 30.0
TABLE = Path(__file__).resolve().parents[1] / "queens_web" / "queens_web" / "practice_seeds.json"


def search(
    app: Application, counter: str, boards: int, seconds: float, size: int | None = None
) -> dict:
    """Seeds of practice boards for ``counter``: boards that need the rule for the first
    two thirds of the time, then any where it comes first; searched in short rounds, each
    going on from the seed the last one stopped at, until ``boards`` or ``seconds`` of
    processor time."""
    rule = next(r for r in app.registry.rules if r.counter == counter)
    started = time.process_time()
    seeds: list[int] = []
    needed: list[bool] = []
    seed = 0
    while len(seeds) < boards and (spent := time.process_time() - started) < seconds:
        strict = spent < seconds * 2 / 3
        try:
            made = make_practice(rule, app.registry.rules, size, seed, ROUND, strict)
        except PracticeGiveUp as err:
            seed = err.next_seed
            continue
        except GenerateError:
            break
        seeds.append(made.seed)
        needed.append(made.needed)
        seed = made.seed + 1
    spent = time.process_time() - started
    found = {"seeds": seeds, "needed": needed, "searched_to": seed, "cpu_seconds": round(spent, 1)}
    return found if size is None else {"size": size, **found}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--size", type=int, help="the boards' size (default: practise's)")
    parser.add_argument("--out", type=Path, default=TABLE, help="the table (default: the page's)")
    parser.add_argument("rules", nargs="*")
    args = parser.parse_args()
    app = Application()
    table = json.loads(args.out.read_text()) if args.out.exists() else {}
    offered = [r.counter for r in app.registry.rules if r.counting != "placement"]
    for counter in args.rules or offered:
        if counter not in offered:
            sys.exit(f"practice_seeds: no rule {counter!r} to practise")
        table[counter] = search(app, counter, args.boards, args.seconds, args.size)
        print(counter, table[counter], flush=True)
        args.out.write_text(json.dumps(dict(sorted(table.items())), indent=1) + "\n")


if __name__ == "__main__":
    main()

"""The page's "Practise this", press after press: how long each press takes, rule by rule.

Run from the repository root::

    .venv/bin/python bench/practice_presses.py [--presses N] [--baseline CHECKOUT] [RULE...]

For each Star Battle rule the page offers (or each RULE), the page's own call behind
POST /api/practise (``queens_web.deductions.practise``) is made N times (default 2) in
one process, as presses of one server: each press's processor and wall seconds, and
whether it gave a board (``ok SEED``), was refused (``none``: the rule is said not to be
practisable) or gave up in the page's 25 s (``gave up``). With ``--baseline`` the same is
run in that checkout's ``.venv`` beside this one, in the same run.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import baseline_python


def presses(rules: list[str], count: int) -> list[str]:
    from queens_core import load_registry
    from queens_web.adapters import Library
    from queens_web.deductions import practise
    from queens_web.problems import Problem

    library = Library.from_registry(load_registry())
    offered = [
        r.counter
        for r in library.registry.rules
        if r.counting != "placement" and not r.sound_for(1) and (not rules or r.counter in rules)
    ]
    lines = []
    for counter in offered:
        cells = []
        for _ in range(count):
            cpu, wall = time.process_time(), time.monotonic()
            try:
                said = f"ok {practise(library, counter)['practice']['seed']}"
            except Problem as err:
                said = "none" if err.status == 409 else "gave up"
            cpu, wall = time.process_time() - cpu, time.monotonic() - wall
            cells.append(f"{said:>10} {cpu:5.1f} {wall:5.1f}")
        line = f"{counter:22} " + " | ".join(cells)
        print(line, flush=True)
        lines.append(line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presses", type=int, default=2)
    parser.add_argument("--baseline")
    parser.add_argument("rules", nargs="*")
    args = parser.parse_args()
    print(f"{'rule':22} " + " | ".join(["    answer   CPU  wall"] * args.presses))
    if args.baseline:
        print("-- this tree")
    presses(args.rules, args.presses)
    if args.baseline:
        print(f"-- baseline {args.baseline}")
        python = baseline_python(args.baseline, "practice_presses")
        command = [python, __file__, "--presses", str(args.presses), *args.rules]
        subprocess.run(command, cwd=args.baseline, check=True)


if __name__ == "__main__":
    main()

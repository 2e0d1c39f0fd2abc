"""The 8×8 Queens maker with the compiled build beside the interpreted modules, in
boards per processor second.

    .venv/bin/python bench/bench_compiled_maker.py                  # 3 rounds of 600 boards
    .venv/bin/python bench/bench_compiled_maker.py --baseline /work/wt/base

It builds the compiled modules into their folder (``scripts/build_compiled.py --into``:
immediate once built), then makes boards 0, 1, 2... of seed 1 (every installed rule, no
target) in a process of its own with that folder first on the import path, and in one
without, taking turns within each round; a ``--baseline`` checkout's interpreted modules
take their turn too. Each figure is the most boards per processor second of its rounds
(the least disturbed).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RATE = """
import sys, time
from queens_core import load_registry
from queens_core.generator import queens_maker
from queens_core.generator.queens_maker import Maker
count = int(sys.argv[1])
maker = Maker(load_registry().rules, 8)
maker.make(1, 0)  # the tables of the size, built once a process
start = time.process_time()
for index in range(count):
    maker.make(1, index)
print(queens_maker.__file__.endswith(".py"), count / (time.process_time() - start))
"""


def rate(python: Path, cwd: Path, path: str, count: int) -> tuple[bool, float]:
    env = {"PYTHONPATH": path} if path else {}
    out = subprocess.run(
        [str(python), "-c", RATE, str(count)],
        cwd=cwd,
        env={**_environment(), **env},
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return out[0] == "True", float(out[1])


def _environment() -> dict[str, str]:
    import os

    return {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--boards", type=int, default=600)
    parser.add_argument("--baseline", type=Path, help="another checkout, with its .venv")
    args = parser.parse_args()
    python = ROOT / ".venv" / "bin" / "python"
    built = subprocess.run(
        [str(python), str(ROOT / "scripts" / "build_compiled.py"), "--into"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    runs = {"compiled build": (python, ROOT, built), "interpreted": (python, ROOT, "")}
    if args.baseline is not None:
        base = args.baseline.resolve()
        runs["baseline, interpreted"] = (base / ".venv" / "bin" / "python", base, "")
    best: dict[str, float] = {}
    for _ in range(args.rounds):
        for label, (interpreter, cwd, path) in runs.items():
            interpreted, figure = rate(interpreter, cwd, path, args.boards)
            if interpreted == (label == "compiled build"):
                print(
                    f"{label}: the maker ran {'in' if interpreted else ''}compiled", file=sys.stderr
                )
                return 1
            best[label] = max(best.get(label, 0.0), figure)
    print(
        f"8×8, boards 0 to {args.boards - 1} of seed 1, most boards per processor second "
        f"of {args.rounds} rounds"
    )
    for label, figure in best.items():
        print(f"{label:<24}{figure:>8,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

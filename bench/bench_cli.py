"""Time ``queens`` start-up against the floor of its stack, interleaved, in one run.

    .venv/bin/python bench/bench_cli.py              # 21 rounds
    .venv/bin/python bench/bench_cli.py --rounds 41
    .venv/bin/python bench/bench_cli.py --baseline ../main   # another checkout's too

Each round runs every command once, in turn, so a busy moment of the machine hits them
all alike; the figures are the median CPU time (user + system) and the median wall time
of each command's runs. ``--baseline`` adds the commands of another checkout (its
``.venv``), in the same rounds, to compare a change with what it changes.
The floor is what any command built on click, pluggy and installed entry points pays
before it does anything: a fresh interpreter importing click and pluggy and asking
``importlib.metadata`` for an entry-point group. The environment is passed on as it is
(so is ``PYTHONDONTWRITEBYTECODE``, which the first line reports). ``queens`` is the
installed command of .venv; ``./queens`` adds the checkout's wrapper, which checks the
set-up first.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "archive" / "boards" / "353.txt"
FLOOR = "import click, pluggy, importlib.metadata as m; m.entry_points(group='x')"


def commands(baseline: Path | None = None) -> dict[str, list[str]]:
    python = sys.executable
    queens = str(Path(python).with_name("queens"))
    runs = {
        "python -c pass": [python, "-c", "pass"],
        "stack floor": [python, "-c", FLOOR],
        "queens solve 353": [queens, "solve", str(BOARD)],
        "./queens solve 353": [str(ROOT / "queens"), "solve", str(BOARD)],
        "queens rules list": [queens, "rules", "list"],
        "queens --version": [queens, "--version"],
    }
    if baseline is not None:
        theirs = str(baseline / ".venv" / "bin" / "queens")
        runs["baseline solve 353"] = [theirs, "solve", str(BOARD)]
        runs["baseline rules list"] = [theirs, "rules", "list"]
        runs["baseline --version"] = [theirs, "--version"]
    return runs


def cost(argv: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds the command took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument(
        "--baseline", type=Path, help="another checkout, whose .venv's queens runs too"
    )
    args = parser.parse_args()
    runs = commands(args.baseline)
    for argv in runs.values():  # warm the file cache (and write bytecode where allowed)
        cost(argv)
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    wall: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.rounds):
        for name, argv in runs.items():
            spent, took = cost(argv)
            cpu[name].append(spent)
            wall[name].append(took)
    flag = os.environ.get("PYTHONDONTWRITEBYTECODE") or "unset"
    print(
        f"{args.rounds} interleaved rounds, medians, Python {sys.version.split()[0]}, "
        f"PYTHONDONTWRITEBYTECODE={flag}"
    )
    cpu_floor = statistics.median(cpu["stack floor"])
    wall_floor = statistics.median(wall["stack floor"])
    print(f"{'':<20} {'CPU':>10}  {'':>11}   {'wall':>10}")
    for name in runs:
        spent = statistics.median(cpu[name])
        took = statistics.median(wall[name])
        print(
            f"{name:<20} {spent * 1e3:7.1f} ms  {spent / cpu_floor:5.2f}× floor"
            f"   {took * 1e3:7.1f} ms  {took / wall_floor:5.2f}× floor"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

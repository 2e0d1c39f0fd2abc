"""Time ``queens`` start-up against the floor of its stack, interleaved, in one run.

    .venv/bin/python bench/bench_cli.py              # 21 rounds
    .venv/bin/python bench/bench_cli.py --rounds 41

Each round runs every command once, in turn, so a busy moment of the machine hits them
all alike; the figure is the median CPU time (user + system) of each command's runs.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "archive" / "boards" / "353.txt"
FLOOR = "import click, pluggy, importlib.metadata as m; m.entry_points(group='x')"


def commands() -> dict[str, list[str]]:
    python = sys.executable
    queens = str(Path(python).with_name("queens"))
    return {
        "python -c pass": [python, "-c", "pass"],
        "stack floor": [python, "-c", FLOOR],
        "queens solve 353": [queens, "solve", str(BOARD)],
        "./queens solve 353": [str(ROOT / "queens"), "solve", str(BOARD)],
        "queens rules list": [queens, "rules", "list"],
        "queens --version": [queens, "--version"],
    }


def cpu_time(argv: list[str]) -> float:
    """CPU seconds (user + system) the command took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=21)
    args = parser.parse_args()
    runs = commands()
    for argv in runs.values():  # warm the file cache (and write bytecode where allowed)
        cpu_time(argv)
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.rounds):
        for name, argv in runs.items():
            times[name].append(cpu_time(argv))
    flag = os.environ.get("PYTHONDONTWRITEBYTECODE") or "unset"
    print(
        f"{args.rounds} interleaved rounds, median CPU time, Python {sys.version.split()[0]}, "
        f"PYTHONDONTWRITEBYTECODE={flag}"
    )
    floor = statistics.median(times["stack floor"])
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:<20} {median * 1e3:7.1f} ms   {median / floor:5.2f}× floor")
    return 0


if __name__ == "__main__":
    sys.exit(main())

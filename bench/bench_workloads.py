"""The speed of the main workloads in processor time, this checkout beside another.

    .venv/bin/python bench/bench_workloads.py --baseline ../previous   # 3 rounds
    .venv/bin/python bench/bench_workloads.py --rounds 5 --boards 600

Six figures, each the least processor time (user + system) of ``--rounds`` runs, the
checkouts taking turns within each round so that a busy stretch of the machine falls on
both:

- **catalog**: every rule solves the 607 archive boards, in one process (parsed first,
  not timed);
- **exact**: the exact solver counts each archive board's solutions up to 2;
- **blind units**: the yardstick of ``bench/blind.py`` (forced queens, then a branch on
  the unit with the fewest live cells) does the same, so that a busy machine shows;
- **stats**: ``queens stats archive/boards``, the whole process;
- **solve**: ``queens solve`` of the 607 archive paths in one process, the whole process;
- **generate 8×8**: boards 0, 1, 2... of seed 1 made in one process (``--boards``),
  reported as boards per processor second (higher is better).

Each checkout runs with its own ``.venv`` (``DIR/queens --version`` sets one up), so
``--baseline DIR`` must be a checkout that has one.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Run by each checkout's interpreter, in its own folder: prints one figure.
IN_PROCESS = """
import sys, time
from pathlib import Path
sys.path.insert(0, "bench")
what, count = sys.argv[1], int(sys.argv[2])
if what == "generate":
    from queens_core import load_registry
    from queens_core.generator.queens_maker import Maker
    maker = Maker(load_registry().rules, 8)
    start = time.process_time()
    for index in range(count):
        maker.make(1, index)
    print(count / (time.process_time() - start))
    raise SystemExit
from blind import blind_units
from queens_core import Board, Solver, load_registry
from queens_core.referee.exact import find_solutions
paths = sorted(Path("archive/boards").glob("*.txt"), key=lambda p: int(p.stem))
boards = [Board.parse(p.read_text()) for p in paths]
rules = [r for r in load_registry().rules if r.package in {
    "queens-rules-baseline", "queens-rules-polyomino", "queens-rules-pigeonhole",
    "queens-rules-pfc"}]
solve = Solver(rules).solve
work = {"catalog": solve, "exact": lambda b: find_solutions(b, 2), "blind": blind_units}[what]
start = time.process_time()
for board in boards:
    work(board)
print(time.process_time() - start)
"""

#: (label, kind, argument): kind "in" runs IN_PROCESS, "cli" a whole ``queens`` command.
WORKLOADS = [
    ("catalog (s)", "in", "catalog"),
    ("exact, count to 2 (s)", "in", "exact"),
    ("blind units (s)", "in", "blind"),
    ("queens stats archive/boards (s)", "cli", "stats"),
    ("queens solve, 607 paths (s)", "cli", "solve"),
    ("generate 8×8 (boards per s)", "in", "generate"),
]


def whole_process(checkout: Path, argv: list[str]) -> float:
    """Processor seconds of one ``queens`` process (and any it waited for)."""
    process = subprocess.Popen(
        [str(checkout / ".venv" / "bin" / "queens"), *argv],
        cwd=checkout,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime


def measure(checkout: Path, kind: str, what: str, boards: int) -> float:
    if kind == "cli":
        paths = sorted((checkout / "archive" / "boards").glob("*.txt"), key=lambda p: int(p.stem))
        argv = ["stats", "archive/boards"] if what == "stats" else ["solve", *map(str, paths)]
        return whole_process(checkout, argv)
    python = checkout / ".venv" / "bin" / "python"
    out = subprocess.run(
        [str(python), "-c", IN_PROCESS, what, str(boards)],
        cwd=checkout,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return float(out.split()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", type=Path, help="another checkout, with its .venv")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--boards", type=int, default=300, help="8×8 boards to make")
    args = parser.parse_args()
    checkouts = {"this checkout": ROOT}
    if args.baseline is not None:
        baseline = args.baseline.resolve()
        if not (baseline / ".venv" / "bin" / "python").exists():
            print(f"{baseline}: no .venv; run {baseline}/queens --version first", file=sys.stderr)
            return 2
        checkouts["baseline"] = baseline
    best: dict[tuple[str, str], float] = {}
    for _ in range(args.rounds):
        for label, kind, what in WORKLOADS:
            for name, checkout in checkouts.items():
                figure = measure(checkout, kind, what, args.boards)
                key = (label, name)
                if what == "generate":  # a rate: the most is the least disturbed
                    better = key not in best or figure > best[key]
                else:
                    better = key not in best or figure < best[key]
                if better:
                    best[key] = figure
    print(f"least processor time of {args.rounds} rounds (generate: most boards per second)")
    header = f"{'workload':<34}" + "".join(f"{name:>16}" for name in checkouts)
    if len(checkouts) == 2:
        header += f"{'ratio':>9}"
    print(header)
    for label, _, _ in WORKLOADS:
        figures = [best[label, name] for name in checkouts]
        line = f"{label:<34}" + "".join(f"{figure:>16.3f}" for figure in figures)
        if len(figures) == 2:
            line += f"{figures[0] / figures[1]:>8.2f}×"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

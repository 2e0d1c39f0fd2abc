"""Whole commands over the archive, in processor time, beside another checkout and a
compiled solver.

    .venv/bin/python bench/bench_commands.py --baseline ../previous --rounds 7
    .venv/bin/python bench/bench_commands.py --baseline ../previous --seed PATH/queens-solver
    .venv/bin/python bench/bench_commands.py --baseline ../previous --instructions

Three commands, each a whole process (start-up included), the least processor time (user +
system) of ``--rounds`` runs, every command of every checkout taking its turn in each
round so that a busy stretch of the machine falls on all of them:

- ``queens stats archive/boards`` (each board solved, graded and its solutions counted);
- ``queens stats --no-uniqueness archive/boards`` (solved and graded);
- ``queens solve`` of the 607 archive paths in one process.

``--seed`` adds a compiled solver that reads the 607 boards as one stream on standard
input (``=== NAME ===``, the board, a blank line: the stream mode of
mspiegel/queens-without-backtracking's ``queens-solver``), and every figure is also given
as a multiple of its time. ``--instructions`` counts instructions instead, with
``valgrind --tool=callgrind`` (``PYTHONHASHSEED=0``; one run each, about half a minute a
command): they do not move with the machine's load, but a binary built for the newest
processors may use instructions valgrind cannot run, so the seed is left out of them.

Before anything is measured each command runs once, untimed, with Python allowed to write
its bytecode (``PYTHONDONTWRITEBYTECODE`` dropped): where that variable is set, a module
edited since its bytecode was written would otherwise be compiled again in every run,
some 20 to 40 million instructions for a large module, charged to the checkout that
changed it.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def archive_paths(checkout: Path) -> list[str]:
    found = sorted((checkout / "archive" / "boards").glob("*.txt"), key=lambda p: int(p.stem))
    return [str(p.relative_to(checkout)) for p in found]


def commands(checkout: Path) -> dict[str, list[str]]:
    queens = str(checkout / ".venv" / "bin" / "queens")
    return {
        "queens stats archive/boards": [queens, "stats", "archive/boards"],
        "queens stats --no-uniqueness": [queens, "stats", "--no-uniqueness", "archive/boards"],
        "queens solve, 607 paths": [queens, "solve", *archive_paths(checkout)],
    }


def processor_seconds(argv: list[str], cwd: Path, stdin: Path | None = None) -> float:
    """User + system time of one process (and any it waited for)."""
    with open(stdin or os.devnull, "rb") as source:
        process = subprocess.Popen(
            argv, cwd=cwd, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime


def instructions(argv: list[str], cwd: Path) -> int:
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        cwd=cwd,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no count for {argv[0]}: {run.stderr[-300:]}")
    return int(found.group(1))


def write_bytecode(argv: list[str], cwd: Path) -> None:
    """Run ``argv`` once, untimed, so that every module it imports has fresh bytecode."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(
        argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )


def stream_of_archive(target: Path) -> None:
    """The 607 boards as one stream-mode input, in puzzle-number order."""
    with open(target, "w", encoding="utf-8") as out:
        for path in archive_paths(ROOT):
            out.write(f"=== {Path(path).stem} ===\n{(ROOT / path).read_text()}\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", type=Path, help="another checkout, with its .venv")
    parser.add_argument("--seed", type=Path, help="a compiled solver with a stream mode")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--instructions", action="store_true", help="count instructions")
    args = parser.parse_args()
    checkouts = {"this checkout": ROOT}
    if args.baseline is not None:
        baseline = args.baseline.resolve()
        if not (baseline / ".venv" / "bin" / "queens").exists():
            print(f"{baseline}: no .venv; run {baseline}/queens --version first", file=sys.stderr)
            return 2
        checkouts["baseline"] = baseline
    labels = list(commands(ROOT))
    for checkout in checkouts.values():
        for argv in commands(checkout).values():
            write_bytecode(argv, checkout)
    if args.instructions:
        counts = {
            (label, name): instructions(argv, checkout)
            for name, checkout in checkouts.items()
            for label, argv in commands(checkout).items()
        }
        print("instructions (valgrind --tool=callgrind), millions")
        header = f"{'command':<30}" + "".join(f"{name:>16}" for name in checkouts)
        print(header + (f"{'ratio':>9}" if len(checkouts) == 2 else ""))
        for label in labels:
            figures = [counts[label, name] / 1e6 for name in checkouts]
            line = f"{label:<30}" + "".join(f"{figure:>16,.0f}" for figure in figures)
            if len(figures) == 2:
                line += f"{figures[0] / figures[1]:>8.2f}×"
            print(line)
        return 0
    best: dict[tuple[str, str], float] = {}
    with tempfile.TemporaryDirectory() as scratch:
        stream = Path(scratch) / "archive.stream"
        if args.seed is not None:
            stream_of_archive(stream)
        for _ in range(args.rounds):
            if args.seed is not None:
                seconds = processor_seconds([str(args.seed)], ROOT, stream)
                best["seed", ""] = min(best.get(("seed", ""), seconds), seconds)
            for name, checkout in checkouts.items():
                for label, argv in commands(checkout).items():
                    seconds = processor_seconds(argv, checkout)
                    best[label, name] = min(best.get((label, name), seconds), seconds)
    seed = best.get(("seed", ""))
    print(f"least processor time of {args.rounds} rounds, seconds")
    if seed is not None:
        print(f"{'the seed, stream of 607 boards':<30}{seed:>16.3f}")
    header = f"{'command':<30}" + "".join(f"{name:>16}" for name in checkouts)
    if len(checkouts) == 2:
        header += f"{'ratio':>9}"
    if seed is not None:
        header += "".join(f"{'÷ seed':>10}" for _ in checkouts)
    print(header)
    for label in labels:
        figures = [best[label, name] for name in checkouts]
        line = f"{label:<30}" + "".join(f"{figure:>16.3f}" for figure in figures)
        if len(figures) == 2:
            line += f"{figures[0] / figures[1]:>8.2f}×"
        if seed is not None:
            line += "".join(f"{figure / seed:>9.2f}×" for figure in figures)
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

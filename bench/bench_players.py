"""The player's commands on Star Battle boards in processor time, this checkout beside
another.

    .venv/bin/python bench/bench_players.py --baseline /work/wt/base
    .venv/bin/python bench/bench_players.py --only why-14 --rounds 3

Each figure is the least processor time (user + system, the whole ``queens`` process,
start-up included) of ``--rounds`` runs, the checkouts taking turns within a round so
that a busy stretch of the machine falls on both. The workloads:

- **why-25**: ``queens why r5c5`` on the first 25×25 6★ board of the archive;
- **why-14**: ``queens why r7c7`` on the first 14×14 3★ board;
- **steps-12**: ``queens hint --all`` on a new 12×12 3★ board (made once, by this
  checkout's ``queens generate --seed 1``, and given to both), what the page's
  "Every step now" runs;
- **hint-14**, **hint-21**: ``queens hint`` on the empty 14×14 3★ and 21×21 5★ boards;
- **steps-25**: ``queens hint --all`` on the empty 25×25 6★ board;
- **why-queens**: ``queens why r1c1`` on archive board 353 (a Queens board: no worse).

Each checkout runs with its own ``.venv`` (``DIR/queens --version`` sets one up).
A run that exits with a status above 1 is reported, not timed.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = "archive/starbattle-sizes"


def workloads(new_board: str) -> dict[str, list[str]]:
    return {
        "why-25": ["why", "r5c5", f"{SIZES}/25x25-6stars-01.txt"],
        "why-14": ["why", "r7c7", f"{SIZES}/14x14-3stars-01.txt"],
        "steps-12": ["hint", "--all", new_board],
        "hint-14": ["hint", f"{SIZES}/14x14-3stars-01.txt"],
        "hint-21": ["hint", f"{SIZES}/21x21-5stars-01.txt"],
        "steps-25": ["hint", "--all", f"{SIZES}/25x25-6stars-01.txt"],
        "why-queens": ["why", "r1c1", "archive/boards/353.txt"],
    }


def cpu_seconds(checkout: Path, arguments: list[str]) -> float | str:
    """The processor time of one ``queens`` run in ``checkout``, or why there is none."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run(
        [str(checkout / "queens"), *arguments],
        cwd=checkout,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode > 1:
        return f"exit {run.returncode}: {run.stderr.strip().splitlines()[-1:]}"
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, help="another checkout to compare with")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--only", action="append", help="a workload's name (repeatable)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        made = subprocess.run(
            [str(ROOT / "queens"), "generate", "--size", "12", "--stars", "3", "--seed", "1"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        new_board = Path(folder) / "new-12x12-3stars.txt"
        # The board's rows only: its heading line is the maker's report.
        new_board.write_text("\n".join(made.splitlines()[1:]) + "\n", encoding="utf-8")
        chosen = workloads(str(new_board))
        if options.only:
            chosen = {name: chosen[name] for name in options.only}
        checkouts = [("this", ROOT)]
        if options.baseline:
            checkouts.append(("baseline", options.baseline.resolve()))
        print(f"{'workload':<12}" + "".join(f"{label:>12}" for label, _ in checkouts))
        for name, arguments in chosen.items():
            best: dict[str, float | str] = {}
            for _round in range(options.rounds):
                for label, checkout in checkouts:
                    got = cpu_seconds(checkout, arguments)
                    kept = best.get(label)
                    # The least time of the runs; a failure only where no run was timed.
                    if kept is None or (
                        isinstance(got, float) and (isinstance(kept, str) or got < kept)
                    ):
                        best[label] = got
            cells = [
                f"{v:>11.2f}s" if isinstance(v, float) else f"  {v}"
                for v in (best[label] for label, _ in checkouts)
            ]
            print(f"{name:<12}" + "".join(cells), flush=True)
    sys.exit(0)


if __name__ == "__main__":
    main()

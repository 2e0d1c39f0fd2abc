"""Star Battle's told trial chains, read as a person reads them, beside a baseline
checkout in the same run.

    .venv/bin/python bench/bench_told_chains.py archive/starbattle/17x17-4stars-0[123].txt \\
        --public DIR --sample 12 --baseline /work/wt/base

Each board is solved by every rule and its steps told (``solve --explain``'s
sentences); every chain a sentence tells (a trial's refutation, a split's impossible
case) is checked step by step from only the facts told before it (the state the chain
starts from, the supposed stars and the steps told earlier:
``queens_rules_starbattle/tests/told_facts.py``, this tree's checker, in both trees).
Per tree it prints the chains told, their steps, the chains with a step that does not
hold on what was told (and those steps), and the processor time of the telling.
``--public DIR`` adds, from each file ``17-*.txt`` and ``14-*.txt`` there, ``--sample``
boards spread over it (as ``bench_star_sets.py`` picks them).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from baseline import baseline_python, run_worker

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "queens_rules_starbattle" / "tests"


def _worker(boards: list[list]) -> list[dict]:
    sys.path.insert(0, str(TESTS))
    from told_facts import untold_leans

    from queens_core import Board, Solver, State, load_registry
    from queens_core.tools.explain import explain_steps
    from queens_rules_starbattle import block_split, refute, sentences

    told: list[tuple] = []
    real_refutation = refute.told_refutation
    real_case = refute.told_case

    def refutation(board, state, detail, counter):
        found = real_refutation(board, state, detail, counter)
        told.append((board, State(state.live, state.queens), detail.cell, found[2]))
        return found

    def case(board, state, one):
        found = real_case(board, state, one)
        if found.kind is not None and all(state.live >> cell & 1 for cell in found.placement):
            # (A case whose stars' cells are not all live where it is told reads no chain.)
            told.append((board, State(state.live, state.queens), found.placement, found.forced))
        return found

    sentences.told_refutation = refutation
    sentences.told_case = case
    block_split.told_case = case
    rules = load_registry().rules
    out = []
    for rows, stars in boards:
        board = Board(tuple(rows), stars)
        steps = Solver(rules).solve(board).steps
        told.clear()
        start = time.process_time()
        explain_steps(board, steps, rules)
        seconds = time.process_time() - start
        wrong_chains = wrong_steps = length = 0
        for on, state, supposed, chain in told:
            length += len(chain)
            wrong = untold_leans(on, state, supposed, chain)
            wrong_chains += bool(wrong)
            wrong_steps += len(wrong)
        out.append(
            {
                "chains": len(told),
                "steps": length,
                "longest": max((len(chain) for *_, chain in told), default=0),
                "wrong_chains": wrong_chains,
                "wrong_steps": wrong_steps,
                "seconds": seconds,
            }
        )
    return out


def _run(python: str, boards: list) -> list[dict]:
    return run_worker(python, __file__, boards)


def _boards(paths: list[Path], public: Path | None, sample: int) -> list[tuple[str, list]]:
    from bench_star_sets import load_sets

    from queens_core.plugins.readers import read_source

    boards = []
    for path in paths:
        reading = read_source(str(path))
        boards.append((path.name, [list(reading.board.rows), reading.stars]))
    if public:
        for found in load_sets(public, None, sample):
            if found["group"].split("-")[0] in ("14", "17"):
                boards.append((found["group"], [found["rows"], found["stars"]]))
    return boards


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("boards", nargs="*", type=Path, help="board files")
    parser.add_argument("--public", type=Path, metavar="DIR")
    parser.add_argument("--sample", type=int, default=12, help="boards a public file")
    parser.add_argument("--baseline", metavar="DIR", help="a checkout with its .venv")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        json.dump(_worker(json.load(sys.stdin)), sys.stdout)
        return 0
    trees = {"this tree": sys.executable}
    if args.baseline:
        trees = {"baseline": baseline_python(args.baseline, "bench_told_chains.py"), **trees}
    boards = _boards(args.boards, args.public, args.sample)
    payload = [board for _, board in boards]
    results = {name: _run(python, payload) for name, python in trees.items()}
    print(f"{len(boards)} boards; telling times in processor seconds")
    print(
        f"{'boards':<22}{'tree':<11}{'chains':>7}{'steps':>7}{'longest':>8}"
        f"{'untrue':>7}{'(steps)':>8}{'telling':>9}"
    )
    groups = list(dict.fromkeys(name for name, _ in boards))
    for group in [*groups, "all"]:
        picked = [i for i, (name, _) in enumerate(boards) if group in (name, "all")]
        for tree in trees:
            rows = [results[tree][i] for i in picked]
            print(
                f"{group:<22}{tree:<11}{sum(r['chains'] for r in rows):>7}"
                f"{sum(r['steps'] for r in rows):>7}{max(r['longest'] for r in rows):>8}"
                f"{sum(r['wrong_chains'] for r in rows):>7}"
                f"{sum(r['wrong_steps'] for r in rows):>8}"
                f"{sum(r['seconds'] for r in rows):>8.2f}s"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Where the Star Battle maker's processor time goes, map by map, and what a shorter
patience would have cost on the same maps.

    .venv/bin/python bench/trace_star_maps.py --size 14 --stars 3 --seeds 2000 2001 2002

For each seed it makes board 0 with ``StarMaker`` while timing (processor time) every
map drawn, every question to the exact search (with the repair after it) and every
judgement of a unique board, each map given four K repairs a row. It then prints the
share of each, and for a few patiences (repairs in a row before a map is given up) the
rate the same maps would have given, each map cut where that patience ends it: maps are
drawn independently, so boards made over processor time spent is the rate to expect.
``--save FILE`` keeps the events (one JSON line a seed) and ``--load FILE ...`` reads
them back instead of making boards.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

Event = list  # [kind, processor time at its end, detail]


def trace(size: int, stars: int, seeds: list[int]) -> list[list[Event]]:
    from queens_core import load_registry
    from queens_core.generator import stars_maker

    events: list[Event] = []
    plant, other_solutions = stars_maker.plant, stars_maker._other_solutions

    def timed_plant(*args):
        events.append(["map", time.process_time(), None])
        return plant(*args)

    def timed_question(exact, board, planted, known):
        found = other_solutions(exact, board, planted, known)
        events.append(["question", time.process_time(), None if found is None else len(found)])
        return found

    stars_maker.plant, stars_maker._other_solutions = timed_plant, timed_question
    # Traced with the longest patience of any shape (four K a row), so that the maps can
    # be cut at any shorter one afterwards.
    stars_maker.repairs_per_map = lambda size, stars: 4 * size * stars
    maker = stars_maker.StarMaker(load_registry().rules, size, stars)
    judge_for = maker._judge

    def timed_judge_for(found):
        judge = judge_for(found)

        def timed_judge(board, solution):
            verdict = judge(board, solution)
            events.append(["judge", time.process_time(), verdict is None])
            return verdict

        return timed_judge

    maker._judge = timed_judge_for  # type: ignore[method-assign]
    runs = []
    for seed in seeds:
        events.clear()
        maker.board(0, seed)
        events.append(["end", time.process_time(), None])
        runs.append(list(events))
        print(f"seed {seed}: {sum(e[0] == 'map' for e in events)} maps", flush=True)
    return runs


def maps_of(runs: list[list[Event]]) -> list[tuple[float, list[Event], float]]:
    """Each map: its start, its events, the processor time it ended at."""
    maps = []
    for events in runs:
        starts = [i for i, event in enumerate(events) if event[0] == "map"]
        for first, after in zip(starts, [*starts[1:], len(events) - 1], strict=True):
            maps.append((events[first][1], events[first + 1 : after], events[after][1]))
    return maps


def cut_at(maps, patience: int, judged_most: int) -> tuple[int, float]:
    """Boards made and processor time spent had each map been given up after
    ``patience`` repairs in a row (as ``generate_starbattle`` counts them)."""
    boards, spent = 0, 0.0
    for start, events, natural_end in maps:
        astray = judged = 0
        end = natural_end
        for kind, at, detail in events:
            if kind == "question":
                if detail is None:
                    end = at
                    break
                if detail:
                    astray += 1
                    if astray > patience:
                        end = at
                        break
            elif kind == "judge":
                if detail:
                    boards += 1
                    end = at
                    break
                judged += 1
                if judged > judged_most:
                    end = at
                    break
                astray = 0
        spent += end - start
    return boards, spent


def shares(maps) -> str:
    questions = judged_kept = judged_turned_down = 0.0
    for start, events, _ in maps:
        before = start
        for kind, at, detail in events:
            if kind == "question":
                questions += at - before
            elif kind == "judge":
                if detail:
                    judged_kept += at - before
                else:
                    judged_turned_down += at - before
            before = at
    return (
        f"questions and repairs {questions:.1f} s, judging kept boards {judged_kept:.1f} s, "
        f"judging boards turned down {judged_turned_down:.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=14)
    parser.add_argument("--stars", type=int, default=3)
    parser.add_argument("--seeds", type=int, nargs="*", default=[])
    parser.add_argument("--save", type=Path)
    parser.add_argument("--load", type=Path, nargs="*", default=[])
    parser.add_argument("--patience", type=int, nargs="*", default=[20, 31, 42, 84, 168])
    args = parser.parse_args()
    from queens_core.generator.stars_maker import JUDGED_PER_MAP

    runs = [json.loads(line) for path in args.load for line in path.read_text().splitlines()]
    made = trace(args.size, args.stars, args.seeds) if args.seeds else []
    if args.save:
        args.save.write_text("".join(json.dumps(run) + "\n" for run in made))
    maps = maps_of(runs + made)
    print(f"{len(runs) + len(made)} boards, {len(maps)} maps; {shares(maps)}")
    for patience in args.patience:
        boards, spent = cut_at(maps, patience, JUDGED_PER_MAP)
        rate = boards / spent
        print(f"patience {patience:4d}: {boards:4d} boards in {spent:6.1f} s, {rate:.3f}/s")


if __name__ == "__main__":
    main()

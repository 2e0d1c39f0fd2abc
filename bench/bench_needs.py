"""Boards that need each rule (``queens generate --needs``): the table of docs/writing-rules.md.

    .venv/bin/python bench/bench_needs.py [--size 8[,9...]] [--count 5] [--probe 300] [RULE ...]

For each catalog rule and the two rules of the example squeeze package (imported from
examples/queens-rules-squeeze, not installed), tries the sizes given in order, and at
each size the selections below in order, and keeps the first that yields boards needing
the rule: makes ``--count`` boards, prints the boards per second (wall clock, one
process), and checks every board the way ``queens check`` does, with the selection
(solved, one solution) and with the selection minus the rule (stalled). A selection is
given up on after ``--probe`` boards it solves without one needing the rule; each
give-up goes to standard error with its tally (how often the rule fired). A rule no
selection could be made to need is printed with why.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "examples" / "queens-rules-squeeze"))

from queens_core.engine.rules import Tier  # noqa: E402
from queens_core.generator.needs import NeedsFilter, NeverNeeded, resolve_needed  # noqa: E402
from queens_core.generator.queens_maker import GenerateError, GiveUp, Maker  # noqa: E402
from queens_core.plugins.registry import load_registry  # noqa: E402
from queens_core.plugins.selection import package_key  # noqa: E402
from queens_core.tools.check import check_board  # noqa: E402
from queens_core.tools.grade import Grader  # noqa: E402
from queens_rules_squeeze import RULES as SQUEEZE  # noqa: E402

PFC = "placement_forces_contradiction"
#: Selections tried in order, as (label, the installed rules to keep or None for all,
#: the rules to leave out); RULE stands for the rule itself.
SELECTIONS = (
    ("every rule", None, ()),
    (f"--exclude {PFC}", None, (PFC,)),
    ("--only baseline,RULE", ("baseline", "RULE"), ()),
    (f"--exclude {PFC},n_regions_in_n_lines", None, (PFC, "n_regions_in_n_lines")),
    (
        f"--exclude {PFC},n_regions_in_n_lines,region_confined_to_line",
        None,
        (PFC, "n_regions_in_n_lines", "region_confined_to_line"),
    ),
    (
        f"--exclude {PFC},n_regions_in_n_lines,line_confined_to_region",
        None,
        (PFC, "n_regions_in_n_lines", "line_confined_to_region"),
    ),
)


def selection_of(rules, rule, kept, left_out):
    """The rules a selection keeps: those of ``kept`` (package keys or ids; None: all)
    minus ``left_out``."""
    names = [rule.counter if name == "RULE" else name for name in kept or ()]
    return [
        r
        for r in rules
        if (kept is None or r.counter in names or package_key(r.package) in names)
        and r.counter not in left_out
    ]


def verify(board, selection, rule):
    """``check`` with the selection says unique and solved; without the rule, unique and
    stalled."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "board.txt")
        Path(path).write_text(str(board) + "\n")
        with_rule = check_board(path, Grader(selection))
        without = check_board(path, Grader([r for r in selection if r is not rule]))
    return with_rule.verdict == "unique-solved" and without.verdict == "unique-stalled"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--size",
        type=lambda text: [int(size) for size in text.split(",")],
        default=[8],
        help="sizes to try in order, comma-separated (a larger one only when no selection "
        "made boards that need the rule at the ones before)",
    )
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--probe", type=int, default=300)
    parser.add_argument(
        "--every",
        action="store_true",
        help="try every rule first for the cheap rules too (a probe of --probe boards each)",
    )
    parser.add_argument("rules", nargs="*")
    options = parser.parse_args()
    installed = [r for r in load_registry().rules if r.sound_for(1)] + list(SQUEEZE)
    catalog = [r for r in installed if not options.rules or r.counter in options.rules]
    print("rule | selection | size | boards/s | verified")
    for rule in catalog:
        outcome = None
        for size, (label, kept, left_out) in (
            (size, selection) for size in options.size for selection in SELECTIONS
        ):
            every = label == "every rule"
            if rule.counter in left_out or (
                every and rule.tier is Tier.CHEAP and not options.every
            ):
                continue
            if rule.tier is Tier.EXPENSIVE and label != "every rule":
                continue
            label = label.replace("RULE", rule.counter)
            selection = selection_of(installed, rule, kept, left_out)
            if rule in SQUEEZE:
                label += " (squeeze installed)"
            else:
                selection = [r for r in selection if r not in SQUEEZE]
            try:
                needed = resolve_needed(selection, installed, [rule.counter])
            except GenerateError as err:
                outcome = f"never: {err}"
                break
            accept = NeedsFilter(selection, needed, probe=options.probe)
            maker = Maker(selection, size, accept=accept, max_tries=100_000)
            started = time.perf_counter()
            try:
                boards = [maker.make(1, i) for i in range(options.count)]
            except NeverNeeded as err:
                outcome = f"not with {label} at {size}×{size}: {err}"
                print(f"{rule.counter} | {outcome}", file=sys.stderr, flush=True)
                continue
            except GiveUp as err:
                outcome = f"gave up with {label} at {size}×{size}: {err}"
                print(f"{rule.counter} | {outcome}", file=sys.stderr, flush=True)
                continue
            seconds = time.perf_counter() - started
            ok = all(verify(made.board, selection, rule) for made in boards)
            outcome = f"{label} | {size} | {len(boards) / seconds:.2f} | {ok}"
            break
        print(f"{rule.counter} | {outcome}", flush=True)


if __name__ == "__main__":
    main()

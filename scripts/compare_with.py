"""Run a fixed set of ``queens`` commands in this checkout and in another (the previous
main), and diff what each printed (standard output, standard error, exit status).

    .venv/bin/python scripts/compare_with.py ../previous-checkout   # set up: its own .venv

A refactoring that promises byte-identical behaviour is held to it here: every --help
text, the JSON documents of every command, their text output and their errors.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
BOARDS = ["archive/boards/1.txt", "archive/boards/353.txt"]
STAR = "archive/starbattle"


def commands(scratch: str) -> list[list[str]]:
    star = sorted(str(p.relative_to(HERE)) for p in (HERE / STAR).rglob("*.txt"))[:2]
    folder = f"{scratch}/few"
    out = f"{scratch}/out"
    runs: list[list[str]] = [["--help"], ["--version"]]
    for name in (
        "solve",
        "hint",
        "check",
        "stats",
        "generate",
        "rules",
        "readers",
        "render",
        "import",
        "serve",
    ):
        runs.append([name, "--help"])
    runs += [["rules", "list", "--help"], ["readers", "list", "--help"]]
    runs += [["rules", "list"], ["rules", "list", "--format", "json"]]
    runs += [["readers", "list"], ["readers", "list", "--format", "json"]]
    for board in BOARDS + star:
        runs += [
            ["solve", board],
            ["solve", "--format", "json", board],
            ["solve", "--explain", board],
            ["solve", "--tier", "cheap", "--format", "json", board],
            ["hint", board],
            ["hint", "--format", "json", board],
            ["hint", "--every-step", "--format", "json", board],
            ["check", board],
            ["check", "--format", "json", board],
            ["check", "--exclude", "pfc", "--format", "json", board],
            ["render", board, "-o", "-"],
            ["render", "--solve", board, "-o", "-"],
        ]
    runs += [
        ["render", "archive/boards/353.txt", "--state", "tests/expected/353-cheap.txt", "-o", "-"],
        [
            "render",
            "--solve",
            "archive/boards/353.txt",
            "--state",
            "tests/expected/353-cheap.txt",
            "-o",
            "-",
        ],
        ["hint", "archive/boards/353.txt", "--state", "tests/expected/353-cheap.txt"],
        [
            "hint",
            "--format",
            "json",
            "archive/boards/353.txt",
            "--state",
            "tests/expected/353-cheap.txt",
        ],
        ["stats", "--format", "json", "--no-uniqueness", "archive/boards"],
        ["solve", *BOARDS],
        ["solve", "--format", "json", *BOARDS],
        ["solve", "--only", "baseline", "archive/boards/353.txt"],
        ["solve", "--only", "nosuchrule", "archive/boards/1.txt"],
        ["solve", "nosuchfile.txt"],
        ["solve", "--format", "json", "nosuchfile.txt", "archive/boards/1.txt"],
        ["check", folder],
        ["check", "--format", "json", folder],
        ["stats", folder],
        ["stats", "--format", "json", folder],
        ["stats", "--format", "json", STAR],
        ["generate", "--size", "6", "--count", "3", "--seed", "1"],
        ["generate", "--size", "7", "--count", "2", "--seed", "5", "--format", "json"],
        ["generate", "--size", "7", "--count", "2", "--seed", "5", "--grade", "Medium"],
        ["generate", "--size", "8", "--seed", "2", "--tier", "cheap", "--format", "json"],
        ["generate", "--size", "6", "--count", "2", "--seed", "3", "-o", out],
        ["generate", "--size", "6", "--count", "3", "--seed", "3", "-o", out],
        ["generate", "--size", "6", "--count", "3", "--seed", "3", "-o", out, "--format", "json"],
        ["generate", "--size", "6", "--count", "2", "--seed", "3", "-o", out, "--force"],
        [
            "generate",
            "--size",
            "6",
            "--count",
            "2",
            "--seed",
            "4",
            "--jobs",
            "2",
            "--format",
            "json",
        ],
        ["generate", "--size", "7", "--seed", "1", "--needs", "pigeonhole"],
        ["generate", "--stars", "2", "--size", "8", "--seed", "1"],
        [
            "generate",
            "--stars",
            "2",
            "--size",
            "8",
            "--count",
            "2",
            "--seed",
            "1",
            "--format",
            "json",
        ],
        ["generate", "--stars", "2", "--size", "8", "--seed", "1", "-o", out],
        ["generate", "--stars", "2", "--size", "8", "--count", "2", "--seed", "1", "-o", out],
        ["generate", "--stars", "2", "--size", "8", "--seed", "1", "--jobs", "2"],
        ["generate", "--stars", "2", "--size", "8", "--seed", "1", "--tier", "nosuch"],
        ["generate", "--stars", "3", "--size", "8", "--seed", "1"],
        ["generate", "--stars", "2", "--size", "40"],
        ["generate", "--size", "3", "--seed", "1"],
        ["generate", "--size", "x"],
        ["generate", "--count", "0"],
        ["generate", "--force"],
        ["generate", "--size", "6", "--seed", "1", "--grade", "Impossible"],
        ["generate", "--size", "6", "--seed", "1", "--jobs", "0"],
        ["generate", "--size", "6", "--seed", "1", "--min-region", "9"],
        ["generate", "--size", "6", "--seed", "1", "--max-tries", "0"],
        ["generate", "--size", "6", "--seed", "1", "--needs", "nosuchrule"],
        ["generate", "--size", "5", "--seed", "1", "--max-tries", "1", "--grade", "Fiendish"],
        ["generate", "--size", "6", "--seed", "1", "-o", f"{folder}/1.txt"],
    ]
    return runs


#: Timings, the one thing two runs never share: masked before the comparison.
TIMINGS = [
    (re.compile(r'("(?:solve_s|solve_median_s|solve_p95_s|wall_s|seconds)": )[0-9.e-]+'), r"\1T"),
    (re.compile(r"median [0-9.]+ ms, p95 [0-9.]+ ms; whole run [0-9.]+ s"), "TIMES"),
]


def masked(text: str) -> str:
    for pattern, replacement in TIMINGS:
        text = pattern.sub(replacement, text)
    return text


def run_all(checkout: Path, scratch: str) -> list[str]:
    if os.path.exists(scratch):
        shutil.rmtree(scratch)
    os.makedirs(f"{scratch}/few")
    for name in ("1.txt", "2.txt", "3.txt", "353.txt"):
        shutil.copy(HERE / "archive" / "boards" / name, f"{scratch}/few/{name}")
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80"}
    env.pop("QUEENS_SKIP_BROKEN_PLUGINS", None)
    outputs = []
    for args in commands(scratch):
        done = subprocess.run(
            [str(checkout / "queens"), *args],
            cwd=checkout,
            capture_output=True,
            env=env,
            stdin=subprocess.DEVNULL,
            timeout=600,
        )
        outputs.append(
            f"$ queens {' '.join(args)}\n--- exit {done.returncode}\n"
            f"--- stdout\n{masked(done.stdout.decode(errors='replace'))}"
            f"--- stderr\n{masked(done.stderr.decode(errors='replace'))}"
        )
    return outputs


def main() -> int:
    other = Path(sys.argv[1]).resolve()
    scratch = tempfile.gettempdir() + "/queens-compare"
    mine, theirs = run_all(HERE, scratch), run_all(other, scratch)
    differing = 0
    for a, b in zip(theirs, mine, strict=True):
        if a != b:
            differing += 1
            sys.stdout.writelines(
                difflib.unified_diff(a.splitlines(True), b.splitlines(True), str(other), "here")
            )
    print(f"{len(mine)} commands, {differing} differ")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())

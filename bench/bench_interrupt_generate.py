"""Interrupt ``queens generate --jobs 2 -o DIR`` at random moments, many times over.

    .venv/bin/python bench/bench_interrupt_generate.py                 # 200 interrupts
    .venv/bin/python bench/bench_interrupt_generate.py --trials 50 --seed 7

Each trial starts the command in a process group of its own (as a shell starts a job)
with SIGINT handled as on a terminal, waits a random moment (start-up included), then
either presses Ctrl-C (SIGINT to the whole group, as a terminal does) or sends SIGTERM to
the command alone (as ``kill`` does). It counts as a failure when:

- the command is still running a second after the signal (a hang: it is then killed);
- it exits with another status than 130 (Ctrl-C) or 143 (SIGTERM), unless it had
  finished its boards first (0);
- standard error holds a traceback, or any line but the command's own (counted apart:
  an interrupt in the first milliseconds, while Python starts and pip's launcher imports
  its modules, before any code of queens runs, which only Python could catch: its
  traceback then shows no frame of queens);
- any process of the group (a worker) is still alive a second after the signal;
- the folder holds a file that is not a whole board: every file must be byte-identical
  to the file of the same name an uninterrupted run writes.

Every trial resumes the same folder; at the end one last run completes it, and the
folder must then equal the uninterrupted run's, file for file.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

QUEENS = Path(sys.executable).with_name("queens")
ARGS = ["generate", "--size", "8", "--count", "300", "--jobs", "2", "--seed", "5"]
#: How long a signalled command and its workers may take to be gone.
DEADLINE = 1.0
PYTHON_START = "Python's own traceback: interrupted before queens started"


def _as_on_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _group_alive(pgid: int) -> bool:
    """Whether a process of group ``pgid`` still runs. A zombie does not count: it has
    ended, and in a container whose first process reaps nothing it stays listed."""
    proc = Path("/proc")
    if not proc.is_dir():
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return False
        return True
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        state, group = fields[0], int(fields[2])
        if group == pgid and state != "Z":
            return True
    return False


def _trial(folder: Path, reference: Path, rng: random.Random) -> tuple[str | None, str, float]:
    """One interrupted run: (what went wrong or None, the signal's name, seconds to end)."""
    process = subprocess.Popen(
        [str(QUEENS), *ARGS, "-o", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_as_on_a_terminal,
    )
    time.sleep(rng.uniform(0.0, 1.5))
    name = rng.choice(["SIGINT", "SIGTERM"])
    sent = time.monotonic()
    try:
        if name == "SIGINT":
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        _, error = process.communicate(timeout=DEADLINE)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return "hang: still running a second after the signal", name, DEADLINE
    took = time.monotonic() - sent
    while _group_alive(process.pid) and time.monotonic() - sent < DEADLINE:
        time.sleep(0.01)
    if _group_alive(process.pid):
        os.killpg(process.pid, signal.SIGKILL)
        return "a worker outlived the command by a second", name, took
    text = error.decode("utf-8", "replace")
    frames = [line for line in text.splitlines() if line.lstrip().startswith('File "')]
    if "Traceback" in text and not any("/queens_core/" in frame for frame in frames):
        # Python's own: the signal came while the interpreter started and pip's launcher
        # imported its modules (re, then queens' entry point), before any code of queens
        # ran (its frames would show).
        return PYTHON_START, name, took
    # 130 or -2, 143 or -15: the shell's and Popen's ways of saying "ended by the signal"
    # (-2: the signal came before Python set its handler; it ended the process silently).
    expected = {"SIGINT": (130, -signal.SIGINT), "SIGTERM": (143, -signal.SIGTERM)}[name]
    if process.returncode not in (*expected, 0):
        return f"exit status {process.returncode}: {text.strip()[-300:]}", name, took
    noise = [
        line
        for line in text.splitlines()
        if line.strip() and not line.startswith("queens: warning: ") and "\r" not in line
    ]
    if "Traceback" in text or noise:
        return f"standard error: {text.strip()[-300:]}", name, took
    for path in folder.iterdir() if folder.exists() else ():
        twin = reference / path.name
        if not twin.exists() or not filecmp.cmp(path, twin, shallow=False):
            return f"{path.name} is not a whole board", name, took
    return None, name, took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    work = Path(tempfile.mkdtemp(prefix="queens-interrupt-"))
    try:
        reference = work / "reference"
        subprocess.run([str(QUEENS), *ARGS, "-o", str(reference)], check=True, capture_output=True)
        folder = work / "interrupted"
        failures: list[str] = []
        early = 0
        times: dict[str, list[float]] = {"SIGINT": [], "SIGTERM": []}
        for trial in range(options.trials):
            if trial % 25 == 0 and folder.exists():
                shutil.rmtree(folder)  # start over now and then: early moments again
            problem, name, took = _trial(folder, reference, rng)
            times[name].append(took)
            if problem == PYTHON_START:
                early += 1
            elif problem is not None:
                failures.append(f"trial {trial} ({name}): {problem}")
                print(failures[-1], flush=True)
        subprocess.run([str(QUEENS), *ARGS, "-o", str(folder)], check=True, capture_output=True)
        same = filecmp.dircmp(folder, reference)
        if same.left_only or same.right_only or same.diff_files:
            failures.append(f"the resumed folder differs from the reference: {same.diff_files}")
        for name, spans in times.items():
            if spans:
                spans.sort()
                median = spans[len(spans) // 2]
                print(
                    f"{name}: {len(spans)} interrupts, ended in median {median:.3f} s,"
                    f" slowest {spans[-1]:.3f} s"
                )
        print(
            f"{options.trials} trials, {len(failures)} failures; {early} interrupted Python "
            "itself as it started, before queens' code (its own traceback)"
        )
        return 1 if failures else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

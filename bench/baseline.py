"""The interpreter of a baseline checkout that a benchmark runs beside this tree.

A baseline is a checkout of another commit that has set up its own ``.venv`` (its
packages installed from its own sources), e.g.::

    git worktree add --detach /tmp/base 9f23008
    /tmp/base/queens --version      # creates /tmp/base/.venv on first use
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any


def baseline_python(checkout: str, bench: str) -> str:
    """The checkout's ``.venv/bin/python``; without one, the benchmark ends with one line
    that says how to make it (a bare path would fail later with a traceback)."""
    python = Path(checkout) / ".venv" / "bin" / "python"
    if not python.is_file():
        print(
            f"{bench}: --baseline {checkout}: not a checkout with its own .venv "
            f"(no {python}); make one with `git worktree add --detach {checkout} COMMIT` "
            f"and `{Path(checkout) / 'queens'} --version`",
            file=sys.stderr,
        )
        raise SystemExit(2)
    return str(python)


def run_worker(python: str, script: str, payload: object) -> Any:
    """Run ``script --worker`` under ``python`` (this tree's or a baseline's), the
    ``payload`` as JSON on its standard input; its standard output read back as JSON. A
    worker that fails ends the benchmark with its interpreter and its standard error."""
    run = subprocess.run(
        [python, script, "--worker"],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode:
        sys.exit(f"{python}: worker failed:\n{run.stderr}")
    return json.loads(run.stdout)

"""Write tests/golden/archive-counters.json: every archive board's outcome and counters.

The file is the regression record for refactors and speed work: for each board and each
stage (the baseline package alone; the three cheap packages; the whole catalog) it keeps
the status, the number of queens placed and the non-zero counters. tests/archive/test_golden.py
compares a fresh run with it; any difference is a change of behaviour, to be explained
before the file is written again with

    .venv/bin/python scripts/record_golden.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from golden import GOLDEN, outcomes  # noqa: E402

from queens_core import load_registry  # noqa: E402


def main() -> None:
    table = outcomes(load_registry())
    # One line a board keeps the file small and a difference readable in a diff.
    lines = ["{"]
    for i, (stage, rows) in enumerate(table.items()):
        lines.append(f" {json.dumps(stage)}: {{")
        items = list(rows.items())
        for j, (key, row) in enumerate(items):
            comma = "," if j + 1 < len(items) else ""
            lines.append(f"  {json.dumps(key)}: {json.dumps(row, sort_keys=True)}{comma}")
        lines.append(" }," if i + 1 < len(table) else " }")
    lines.append("}")
    GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN.relative_to(ROOT)}: {len(table)} stages")


if __name__ == "__main__":
    main()

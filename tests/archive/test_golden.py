"""Every archive board's counters, stage by stage, exactly as recorded.

A refactor or a speed-up must not change what the rules do; a change that is meant to
(a new rule in the catalog, a fixed bug) rewrites the file with scripts/record_golden.py
and says why in its commit.
"""

from __future__ import annotations

import json

from golden import GOLDEN, STAGES, outcomes


def test_archive_counters_match_the_golden_file(registry):
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    fresh = outcomes(registry)
    assert set(fresh) == set(recorded) == set(STAGES)
    for stage in STAGES:
        differ = [k for k in recorded[stage] if fresh[stage].get(k) != recorded[stage][k]]
        assert not differ, (
            f"{stage}: {len(differ)} boards changed, first {differ[0]}: "
            f"recorded {recorded[stage][differ[0]]}, now {fresh[stage].get(differ[0])}"
        )
        assert set(fresh[stage]) == set(recorded[stage])


def test_the_readme_figures_are_the_recorded_ones():
    """README: 161 boards with the baseline alone, 513 with the cheap tier, all 607."""
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    solved = {
        stage: sum(row[0] == "solved" for row in rows.values()) for stage, rows in recorded.items()
    }
    assert solved == {"baseline": 161, "cheap": 513, "catalog": 607}

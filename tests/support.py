"""Helpers shared by the test modules (importable because pytest puts tests/ on the path)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "archive" / "boards"
EXPECTED = ROOT / "tests" / "expected"

#: SOLVER.md, "Output: not solved": board 353 where the cheap tier stops (its golden file).
CHEAP_STALL_353 = (EXPECTED / "353-cheap.txt").read_text(encoding="utf-8")


def archive_paths() -> list[Path]:
    """The archive's boards, in puzzle-number order."""
    return sorted(ARCHIVE.glob("*.txt"), key=lambda p: int(p.stem))


def rules_of(registry, *packages: str):
    """The installed rules from the named packages (short names: 'baseline', 'pfc', ...)."""
    wanted = {f"queens-rules-{p}" for p in packages}
    return [rule for rule in registry.rules if rule.package in wanted]


def quick_rule(counter: str, apply, position: int = 1000):
    """A cheap rule with nothing but a counter and ``apply``, registered in-process."""
    from queens_core import Rule, Tier

    return Rule(
        counter=counter,
        display_name=counter,
        tier=Tier.CHEAP,
        position=position,
        summary="test rule",
        apply=apply,
    )

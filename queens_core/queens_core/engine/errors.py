"""The engine's exceptions about rules that break the contract, in a leaf module.

A leaf, and never compiled: the board, the guards and the driver all raise or catch
these, and mypyc cannot compile a subclass of AttributeError (:class:`ReadOnlyBoard`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import Rule


class ReadOnlyBoard(AttributeError):
    """Something tried to change a :class:`~queens_core.engine.board.Board` after it was built.

    Defined here, not in the board module: that module may be compiled (mypyc cannot
    compile a subclass of AttributeError), this one never is."""


class ContractViolation(Exception):
    """A rule broke the contract of :class:`~queens_core.engine.rules.Context` (the driver can no
    longer trust the record of the solve)."""


class OutOfTime(BaseException):
    """The solve's time budget ran out while ``rule`` was running. A BaseException, so a
    rule's own ``except Exception`` does not swallow it."""

    def __init__(self, rule: Rule, budget: float):
        super().__init__(
            f"it was still running when the solve's time budget ({budget:g} s) ran out"
        )
        self.rule = rule
        self.budget = budget

"""The engine's exceptions about rules that break the contract, in a leaf module.

A leaf, and never compiled: the board, the guards and the driver all raise or catch
these, and mypyc cannot compile a subclass of AttributeError (:class:`ReadOnlyBoard`).
"""

from __future__ import annotations


class ReadOnlyBoard(AttributeError):
    """Something tried to change a :class:`~queens_core.engine.board.Board` after it was built.

    Defined here, not in the board module: that module may be compiled (mypyc cannot
    compile a subclass of AttributeError), this one never is."""


class ContractViolation(Exception):
    """A rule broke the contract of :class:`~queens_core.engine.rules.Context` (the driver can no
    longer trust the record of the solve)."""

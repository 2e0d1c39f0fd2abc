"""Whole-number options whose help gives their range in words ("from 4 to 17"), as the
error for a value out of range does, not in click's ``4<=x<=17``. Imports click alone, so
a command module may use it without loading more of the core."""

from __future__ import annotations

import click


class WholeNumbers(click.IntRange):
    """:class:`click.IntRange` (closed bounds, no clamping) described in words."""

    def _describe_range(self) -> str:
        if self.min is None:
            return f"at most {self.max}"
        if self.max is None:
            return f"at least {self.min}"
        return f"from {self.min} to {self.max}"

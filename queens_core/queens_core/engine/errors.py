"""The engine's exceptions about rules that break the contract, in a leaf module.

A leaf, and never compiled: the board, the driver and the runtime's guards
(:mod:`queens_core.runtime.guards`) all raise or catch these, and mypyc cannot compile a
subclass of AttributeError (:class:`ReadOnlyBoard`).
"""

from __future__ import annotations

import re
from typing import Any

#: Characters that a terminal takes as commands, not text: the C0 and C1 controls (an
#: escape sequence can set the window's title, move the cursor, hide what follows) and
#: the bidirectional overrides (which show text in another order than it is). Two
#: patterns, not one class: a class that mixes Latin-1 with other characters makes the
#: regular expression compiler build a table of every character (1.4 million
#: instructions at each start, for the check every registration runs on every rule's
#: name and summary), where the two halves compile in a tenth of that.
_C0_C1 = re.compile("[\x00-\x1f\x7f-\x9f]")
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")

#: The most characters of plugin text one message shows (a 10 MB explanation stays a line).
PLUGIN_TEXT_LIMIT = 2000


def has_controls(text: str) -> bool:
    """Whether ``text`` holds a character a terminal takes as a command."""
    return _C0_C1.search(text) is not None or _BIDI.search(text) is not None


def plugin_text(text: str, limit: int = PLUGIN_TEXT_LIMIT) -> str:
    """Text from plugin code made safe to show: each control character escaped
    (``\\x1b``, ``\\u202e``) and at most ``limit`` characters kept, the rest counted.
    Ordinary text comes back as it is."""
    if has_controls(text):
        for controls in (_C0_C1, _BIDI):
            text = controls.sub(_escaped, text)
    if len(text) > limit:
        text = f"{text[:limit]}… ({len(text) - limit} more characters)"
    return text


class ReadOnlyBoard(AttributeError):
    """Something tried to change a :class:`~queens_core.engine.board.Board` after it was built.

    Defined here, not in the board module: that module may be compiled (mypyc cannot
    compile a subclass of AttributeError), this one never is."""


class ContractViolation(Exception):
    """A rule broke the contract of :class:`~queens_core.engine.rules.Context` (the driver can no
    longer trust the record of the solve)."""


class OutOfTime(BaseException):
    """The time budget ran out while ``culprit`` was running (``rule``: the same, for a
    rule's budget). A BaseException, so plugin code's own ``except Exception`` does not
    swallow it. Raised by the runtime's watchdog (:mod:`queens_core.runtime.guards`);
    defined here, where the driver that turns it into a rule's failure can see it."""

    def __init__(self, culprit: Any, budget: float, what: str = "the solve's time budget"):
        super().__init__(f"it was still running when {what} ({budget:g} s) ran out")
        self.rule = culprit
        self.culprit = culprit
        self.budget = budget
        self.what = what

    def __reduce__(self) -> tuple[type[OutOfTime], tuple[Any, float, str]]:
        # Sent back whole from a worker of ``generate --jobs``.
        return OutOfTime, (self.culprit, self.budget, self.what)


def _escaped(match: re.Match[str]) -> str:
    """A control character as its escape (``\\x1b``), which a terminal shows as text."""
    return match[0].encode("unicode_escape").decode("ascii")

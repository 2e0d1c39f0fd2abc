"""The errors only the application raises (the verbs also raise those of the parts
below them, which :mod:`queens_core.api` exports by name), each with a one-line ``str()``
for the person."""

from __future__ import annotations

from ..engine.arguments import ArgumentError


class InputTooLarge(ValueError):
    """An input larger than its reader accepts, or one that unpacks to too much."""


class ReaderFailed(Exception):
    """A reader package broke while reading (raised, or returned no reading): its bug,
    named with the reader and its package, not the input's fault."""


class PluginRanAway(Exception):
    """Plugin code (a reader's, a rule's) still running when a verb's time limit ran
    out: stopped, and named with its package."""


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of a type the verb does not take (a seed of ``"a"``, a board of
    None, text where bytes go): an :class:`~queens_core.api.ArgumentError` like every
    refused argument, and a ``TypeError`` too, as Python's own would be."""

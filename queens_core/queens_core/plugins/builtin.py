"""The core's own formats, registered through the reader and writer hooks as any
package's are: the registry registers this module first, under the name
``queens-core``, as pytest registers its built-in plugins. A package that registers a
format of the same name is the one named in the clash.

The formats' code is in :mod:`.builtin_formats`, imported when one of them is first
used: every command builds the registry, and few read a URL.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..hookspecs import hookimpl
from .readers import TEXT_READER, Reader
from .writers import Writer

#: The name the registry gives this plugin: its formats are queens-core's.
PLUGIN_NAME = "queens-core"


def _later(name: str) -> Callable[..., Any]:
    """The function ``name`` of :mod:`.builtin_formats`, imported on its first call."""

    def call(*args: Any) -> Any:
        from . import builtin_formats

        return getattr(builtin_formats, name)(*args)

    call.__name__ = call.__qualname__ = name
    return call


PUZLINK_READER = Reader(
    name="puzlink",
    summary="puz.link (pzprjs) Star Battle URLs: https://puzz.link/p?starbattle/6/6/1/4ilb…",
    read=_later("read_puzlink"),
    sniff=_later("sniff_puzlink"),
    inline=True,
    max_bytes=8192,
)
SHARE_READER = Reader(
    name="share",
    summary="The page's share links: any URL ending in #board=ROWS&stars=K[&marks=MARKS]",
    read=_later("read_share"),
    sniff=_later("sniff_share"),
    inline=True,
    max_bytes=8192,
)
TEXT_WRITER = Writer(
    name="text",
    summary="The text format: one line a row, one letter a region, under a first line "
    "'stars: K' for K ≥ 2",
    write=_later("write_text"),
    suffix=".txt",
)
PUZLINK_WRITER = Writer(
    name="puzlink",
    summary="A puz.link (pzprjs) Star Battle URL; a Queens board is its 1-star puzzle",
    write=_later("write_puzlink"),
)
SHARE_WRITER = Writer(
    name="share",
    summary="A link that opens the board (and the marks) on the `queens serve` page",
    write=_later("write_share"),
    carries_marks=True,
)


@hookimpl
def queens_register_readers() -> list[Reader]:
    return [TEXT_READER, PUZLINK_READER, SHARE_READER]


@hookimpl
def queens_register_writers() -> list[Writer]:
    return [TEXT_WRITER, PUZLINK_WRITER, SHARE_WRITER]

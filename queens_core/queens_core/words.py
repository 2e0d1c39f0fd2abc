"""Sentence helpers for rule explanations: cell lists, region and line names, articles.

Part of the plugin contract: rule and reader packages import these names from this
path, which stays stable while the implementation behind it moves.
"""

from .engine.words import (
    article,
    capital,
    cells_words,
    colour_name,
    join_words,
    line_name,
    lines_words,
    placement_kills_words,
    region_name,
    region_short,
    regions_words,
    unit_name,
)

__all__ = [
    "article",
    "capital",
    "cells_words",
    "colour_name",
    "join_words",
    "line_name",
    "lines_words",
    "placement_kills_words",
    "region_name",
    "region_short",
    "regions_words",
    "unit_name",
]

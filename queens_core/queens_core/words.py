"""The words rules build their explanations with (the stable path of :mod:`.engine.words`)."""

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

"""Regions drawn by their borders, for reader and writer packages of such formats (SBN,
puz.link): the board a set of borders cuts a grid into, and the refusal of a region in
pieces, which a border cannot draw.

The stable path of the helpers :mod:`.plugins.builtin_formats` reads puz.link URLs with."""

from .plugins.builtin_formats import refuse_split_regions, regions_from_borders

__all__ = ["refuse_split_regions", "regions_from_borders"]

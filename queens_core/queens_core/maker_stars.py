"""Making Star Battle boards with one solution.

The stable path of :mod:`.generator.stars_maker`."""

from .generator.stars_maker import StarMaker, generate_starbattle

__all__ = ["StarMaker", "generate_starbattle"]

"""Making Star Battle boards with one solution (the stable path of :mod:`.generator.stars`)."""

from .generator.stars import StarMaker, generate_starbattle

__all__ = ["StarMaker", "generate_starbattle"]

"""Making Star Battle boards with one solution (the stable path of :mod:`.generator.stars`)."""

from .generator.stars import generate_starbattle

__all__ = ["generate_starbattle"]

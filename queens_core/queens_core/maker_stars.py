"""Making Star Battle boards (K stars a unit) with exactly one solution.

Part of the stable surface (the queens-rules-starbattle package's ``generate`` imports
it from this path), which stays stable while the implementation behind it moves.
"""

from .generator.stars import generate_starbattle

__all__ = ["generate_starbattle"]

"""Random Star Battle boards with a unique solution: the generator now lives in the core
(``queens generate --stars K``); this name stays importable from the package."""

from queens_core.maker_stars import generate_starbattle

__all__ = ["generate_starbattle"]

"""Making Queens boards with exactly one solution, at a chosen tier or grade.

Part of the stable surface: programs that make boards import these names from this
path, which stays stable while the implementation behind it moves.
"""

from .generator.queens import (
    DEFAULT_MAX_TRIES,
    MIN_GENERATED_SIZE,
    Generated,
    GenerateError,
    GiveUp,
    Maker,
    generate_boards,
    grade_names,
)

__all__ = [
    "DEFAULT_MAX_TRIES",
    "MIN_GENERATED_SIZE",
    "GenerateError",
    "Generated",
    "GiveUp",
    "Maker",
    "generate_boards",
    "grade_names",
]

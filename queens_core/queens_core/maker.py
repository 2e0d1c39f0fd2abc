"""Making Queens boards with one solution, from Python.

The stable path of :mod:`.generator.queens_maker`."""

from .generator.queens_maker import (
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

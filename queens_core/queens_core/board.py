"""The board and its masks, for plugins (the stable path of :mod:`.engine.board`)."""

from .engine.board import (
    MAX_INPUT_BYTES,
    MAX_SIZE,
    Board,
    BoardError,
    bits,
    columns_met,
    covers_every_line,
    decode_input,
    rows_met,
)

__all__ = [
    "MAX_INPUT_BYTES",
    "MAX_SIZE",
    "Board",
    "BoardError",
    "bits",
    "columns_met",
    "covers_every_line",
    "decode_input",
    "rows_met",
]

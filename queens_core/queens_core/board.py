"""The board: its regions as bitmasks, the masks rules use, and the text format.

Part of the plugin contract: rule and reader packages import these names from this
path, which stays stable while the implementation behind it moves.
"""

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

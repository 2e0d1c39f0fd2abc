"""Counts in words, 2×2 blocks above all: shared by the rules' sentences and their errors."""

from __future__ import annotations

#: Counts written as words, so that a count is never read into the "2×2" after it.
_COUNT_WORDS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty",
)  # fmt: skip


def count_words(count: int) -> str:
    """``count`` in words up to twenty ("three"), in digits past it."""
    return _COUNT_WORDS[count] if 0 <= count < len(_COUNT_WORDS) else str(count)


def blocks_words(count: int) -> str:
    """``count`` 2×2 blocks in words: "two 2×2 blocks", "one 2×2 block"; "2×2 blocks, 24
    of them" past twenty, where a word would be long."""
    if count < len(_COUNT_WORDS):
        return f"{count_words(count)} 2×2 block{'s' if count != 1 else ''}"
    return f"2×2 blocks, {count} of them"

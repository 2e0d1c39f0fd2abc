"""The one exception the API turns into an answer: input it cannot take, in one line."""

from __future__ import annotations


class Problem(Exception):
    """Input the library cannot answer: ``str()`` is one line; ``status`` the HTTP one
    (400 bad input, 413 too large, 415 not JSON; 500 when an installed package fails)."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status

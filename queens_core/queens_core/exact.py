"""Exact answers about a board, for any K: its solutions, how many, and a survey.

Part of the plugin contract. These functions guess, so they never *solve* a board for a
user: they are the referee that checks what rules deduced (a rule package's tests hold
its deductions against them) and the judge of uniqueness.
"""

from .referee.budget import DEFAULT_CAP, DEFAULT_TIMEOUT, SearchLimitExceeded
from .referee.exact import count_solutions, find_solutions, solve_exact, survey

__all__ = [
    "DEFAULT_CAP",
    "DEFAULT_TIMEOUT",
    "SearchLimitExceeded",
    "count_solutions",
    "find_solutions",
    "solve_exact",
    "survey",
]

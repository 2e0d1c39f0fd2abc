"""The check of a solve's answer before a command shows it, at the price it needs.

:func:`queens_core.referee.blame.diagnose` holds a solve against the solutions the exact
search finds from the same start: it is how a rule that guesses is caught and named.
Where the answer cannot be wrong the search is left out, and :func:`check_answer`
gives the verdict the search would give. That is the case for a solve that placed
every queen with none but queens' own rules running:

1. Queens' own rules are sound: a step of theirs never kills a cell of a solution of
   the state it starts from, nor places a queen outside one. (Their tests hold every
   rule against the exact solver, on the archive and on generated states.)
2. So every solution of the start state is also a solution of every state of the solve,
   and holds every queen the rules placed.
3. A solve ends solved only when it holds a queen (a star) for every place a
   solution has one and the driver's independent check (:func:`~queens_core.engine.
   validate.is_solution`) accepts that placement. A solution of the start holds all
   those queens and has no room for another, so it *is* the final placement.
4. Hence the start state has exactly one solution, the final placement: the search
   would find that one and no other, and no step disagrees with it. Uniqueness comes
   with the answer, at the cost of the validation the driver has already done.

Every rule of the solve must be queens' own, not only those that took a step: rules
share the state and its caches in one process, so a rule of another package that
changed nothing could still have misled a sound one. A rule is queens' own when the
registry found it in a package installed with queens (first party or the catalog that
``queens-core`` names in its metadata, :func:`queens_core.plugins.installed_with_queens_rank`):
the package it came from, as the registry recorded it, not anything the rule says of
itself. (What this guards against is a rule that deduces wrongly; code that rewrites
queens' own in the same process could rewrite the search as well, and no check run there
could stand against it.) A solve that stalls or ends in a contradiction is always
searched: there the search is what says whether the board has a solution at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from ..engine.rules import Rule
from ..referee.blame import Diagnosis, diagnose

if TYPE_CHECKING:
    from ..engine.driver import Solver, SolveResult
    from ..engine.state import State


@cache
def _installed_with_queens(package: str) -> bool:
    from ..plugins import installed_with_queens_rank

    return installed_with_queens_rank(package) < 2


def all_queens_own(rules: Iterable[Rule]) -> bool:
    """Whether every rule of ``rules`` comes from a package installed with queens."""
    return all(_installed_with_queens(rule.package) for rule in rules)


#: Per solver (built once and reused for many boards): whether its rules are all queens' own.
_own_solvers: WeakKeyDictionary[Solver, bool] = WeakKeyDictionary()


def runs_only_queens_own(solver: Solver) -> bool:
    """Whether every rule ``solver`` runs comes from a package installed with queens."""
    own = _own_solvers.get(solver)
    if own is None:
        own = _own_solvers[solver] = all_queens_own(solver.rules)
    return own


def placed_by_sound_rules(result: SolveResult) -> Diagnosis:
    """The verdict on a solved ``result`` of queens' own rules (module docstring): its
    placement is the only solution of its start, and no rule is to blame."""
    diagnosis = Diagnosis()
    diagnosis.solutions = [result.state.queens]
    return diagnosis


def check_answer(result: SolveResult, start: State | None, solver: Solver) -> Diagnosis:
    """The check of ``result``, solved by ``solver`` from ``start`` (None: the empty
    board): :func:`~queens_core.referee.blame.diagnose`'s verdict, found without a search
    when the rules placed every queen and are all queens' own (module docstring)."""
    if result.solved and runs_only_queens_own(solver):
        return placed_by_sound_rules(result)
    return diagnose(result, start, solver.by_counter)

"""The page's player panels over a position: every step now, why a cell, what-if, and
practice boards. Each endpoint reads its request, calls one verb of the application and
answers with the result's document (docs/json.md); :func:`endpoints` gives them to
:class:`~queens_web.app.Api`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .problems import Problem

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from starlette.requests import Request

    from .adapters import Library

#: The most seconds a practice board is looked for (the request's budget is a little more).
PRACTICE_SECONDS = 25.0


def _cell(board: Any, value: Any) -> int:
    """The cell of a request: ``[row, column]``, 0-based."""
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise Problem("'cell' must be [row, column], 0-based")
    row, column = value
    if not (0 <= row < board.n and 0 <= column < board.n):
        raise Problem(f"'cell' {value} is outside the {board.n}×{board.n} board")
    return row * board.n + column


def _guarded(work: Callable[[], dict[str, Any]], rules: Any) -> dict[str, Any]:
    """The document of ``work``: a bad cell, rule or request answered in one line (400),
    a practice board not found in time (503), a rule's failure and a search past its
    budget as the hint answers them."""
    from queens_core.api import CellError, GenerateError, GiveUp, SelectionError

    from .adapters import answered, said

    def asked() -> dict[str, Any]:
        try:
            return work()
        except (CellError, SelectionError, GenerateError) as err:
            raise Problem(said(err)) from None
        except GiveUp as err:
            raise Problem(said(err), 503) from None

    return answered(asked, rules)


def steps(library: Library, board: Any, state: Any, source: str, seconds: float) -> dict[str, Any]:
    from queens_core.exact import DEFAULT_TIMEOUT

    timeout = min(seconds, DEFAULT_TIMEOUT)
    return _guarded(
        lambda: library.app.steps(board, state, timeout, source, "<page marks>").to_json(),
        library.registry.rules,
    )


def why(
    library: Library, board: Any, state: Any, cell: int, source: str, seconds: float
) -> dict[str, Any]:
    from queens_core.exact import DEFAULT_TIMEOUT

    timeout = min(seconds, DEFAULT_TIMEOUT)
    return _guarded(
        lambda: library.app.why(board, cell, state, timeout, source, "<page marks>").to_json(),
        library.registry.rules,
    )


def what_if(library: Library, board: Any, state: Any, cell: int, source: str) -> dict[str, Any]:
    return _guarded(
        lambda: library.app.what_if(board, cell, state, source).to_json(), library.registry.rules
    )


def practise(library: Library, rule: str) -> dict[str, Any]:
    """A practice board as the page shows a board (its board document), with the
    practice document beside it and the position to start from as its marks. The search
    starts where :mod:`queens_web.practice` says (not from seed 0 every time), and a
    rule never found first past the easier rules is refused in one line (409)."""
    from queens_core import Reading
    from queens_core.api import GiveUp

    from .adapters import board_document
    from .practice import practice_seeds

    def work() -> dict[str, Any]:
        chosen = next((r for r in library.registry.rules if r.counter == rule), None)
        if chosen is None or chosen.counting == "placement":
            # Refused by practise in its words, before any search (and a name that is no
            # installed rule's is not remembered).
            library.app.practise(rule, seconds=PRACTICE_SECONDS)
            raise AssertionError(rule)  # pragma: no cover - practise refuses it
        seeds = practice_seeds()
        why = seeds.unpractisable(rule, *library.app.practice_size(rule))
        if why is not None:
            raise Problem(f"no board to practise {chosen.display_name} on was found: {why}", 409)
        search = seeds.next_search(rule)
        try:
            practice = library.app.practise(
                rule, search.size, search.seed, search.seconds or PRACTICE_SECONDS, search.strict
            )
            seeds.searched(rule, search, practice.made.seed + 1)
        except GiveUp as err:
            seeds.searched(rule, search, getattr(err, "next_seed", search.seed))
            known = seeds.fallback(rule)
            name = chosen.display_name
            if known is None:
                raise Problem(
                    f"no board to practise {name} on was found within {PRACTICE_SECONDS:g} s:"
                    " in none of the boards made in that time was it the hint's first step"
                    " past the easier rules; the next try searches on from there",
                    503,
                ) from None
            try:
                practice = library.app.practise(
                    rule, known.size, known.seed, PRACTICE_SECONDS, known.strict
                )
            except GiveUp:
                raise Problem(
                    f"no board to practise {name} on was found within {PRACTICE_SECONDS:g} s",
                    503,
                ) from None
        found = practice.to_json()
        reading = Reading(board=practice.board, state=practice.start)
        source = f"a board to practise {practice.rule.display_name} on"
        return {**board_document(reading, source, "practice"), "practice": found}

    return _guarded(work, library.registry.rules)


def endpoints(
    api: Any, work_seconds: Callable[[str], float]
) -> list[tuple[str, Callable[[Request], Awaitable[dict[str, Any]]], str]]:
    """The routes of the panels over ``api`` (the page's :class:`~queens_web.app.Api`):
    (path, handler, method); ``work_seconds`` gives the budget of a kind of work."""

    async def position(request: Request) -> tuple[Any, Any, Any, str, dict[str, Any]]:
        adapters, body = await api.board_request(request)
        board = adapters.board_of(body.get("board"), body.get("stars"))
        state = adapters.state_of(board, body.get("state"))
        return adapters, board, state, adapters.source_of(body.get("source")), body

    async def all_steps(request: Request) -> dict[str, Any]:
        _adapters, board, state, source, _body = await position(request)
        return await api.compute("steps", steps, board, state, source, work_seconds("steps"))

    async def why_cell(request: Request) -> dict[str, Any]:
        _adapters, board, state, source, body = await position(request)
        cell = _cell(board, body.get("cell"))
        return await api.compute("why", why, board, state, cell, source, work_seconds("why"))

    async def try_cell(request: Request) -> dict[str, Any]:
        _adapters, board, state, source, body = await position(request)
        cell = _cell(board, body.get("cell"))
        return await api.compute("what-if", what_if, board, state, cell, source)

    async def practice_board(request: Request) -> dict[str, Any]:
        _adapters, body = await api.board_request(request)
        rule = body.get("rule")
        if not isinstance(rule, str) or len(rule) > 100:
            raise Problem("'rule' must be the counter of an installed rule (see /api/info)")
        return await api.compute("practise", practise, rule)

    return [
        ("/api/steps", all_steps, "POST"),
        ("/api/why", why_cell, "POST"),
        ("/api/what-if", try_cell, "POST"),
        ("/api/practise", practice_board, "POST"),
    ]

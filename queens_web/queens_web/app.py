"""The web application: the page, its three files, and the JSON API under ``/api/``.

Safe by default, because a page on localhost can be reached by any web site the browser
visits:

- every request must be addressed (``Host``) to one of the names the server was started
  for, so a site that rebinds its own name to 127.0.0.1 (DNS rebinding) is refused; a
  request that says where it comes from (``Origin``) must come from the page itself;
- the API reads JSON only when sent as ``application/json``, which a foreign page cannot
  send without asking first (and nothing here answers that question);
- request bodies have a size limit, checked before and while reading;
- every problem is one JSON object with one line of text and a 4xx status (a 500 only
  when a rule or reader package itself fails, or this server has a bug), never a
  traceback;
- the page's files are read from the package once, at start-up; the server opens no
  other file.

The page is served before the rules are loaded: the library (registry, solver, grader
and the modules of hint, explanation and check) loads in the background once the page's
script has gone out (or on the first API request, or when the server says so), and the
API waits for it. Loading it earlier would compete with serving the page for the one
interpreter: that is what puts the first paint within a second of ``queens serve``.

Endpoints (POST bodies are JSON objects; ``board`` is the list of the board's rows and
``state`` the ``♛ ⨯ .`` picture, one string a row):

=========================  ============================================================
``GET /api/info``          the readers and rules installed (``queens-web-info/1``)
``POST /api/read``         the raw bytes of a board file or screenshot, ``?name=`` its
                           file name → the board (``queens-web-board/1``)
``POST /api/hint``         ``{board, stars, state}`` → ``queens hint --format json``
                           (``queens-hint/1``)
``POST /api/explain``      ``{board, stars}`` → ``queens solve --format json``
                           (``queens-solve/1``)
``POST /api/check``        ``{board, stars}`` → one board of ``queens check --format json``
``POST /api/generate``     ``{size, grade, seed, stars}`` → a new board from the generator
                           (``queens generate``; ``queens-web-generated/1``), or a 503
                           when none is found within 10 s
``POST /api/daily``        ``{date}`` (``YYYY-MM-DD``) → the board of the day: the
                           generator's board of the date's seed, the same everywhere
``POST /api/archive``      ``{number}`` → LinkedIn's daily board #number from the archive;
                           ``{rule}`` (a rule's counter) → the first one that needs
                           the rule, else the first whose solve uses it
``POST /api/analyse``      ``{board, stars, palette}``, a map being painted (any number
                           of regions) → its count, differing cells and grade
                           (``queens-analysis/1``), and the colours of its letters and
                           the palette's
``POST /api/fix``          ``{board}`` → the fewest region edits that make it unique
                           (``queens fix --format json``, ``queens-fix/1``)
=========================  ============================================================

``stars`` is K, the stars (queens) per row, column and region: 1 (the default) is
Queens, 2 or more Star Battle; ``/api/read`` takes it as ``?stars=``, else the input's own
(an SBN string declares it).

Computations run in a pool of worker threads, never on the event loop, each with a time
budget that ends in a 503 and one line: the page's files and ``/api/info`` are answered
while a slow board is generated. Plugin code still running near the end of the budget
(a rule that does not stop) is stopped there, in its worker thread, and the answer names
it and its package; so the thread is free for the next request.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import ctypes
import json
import sys
import threading
import traceback
from collections.abc import Awaitable, Callable, Iterable
from importlib import resources
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from .problems import Problem

if TYPE_CHECKING:
    from queens_core import Registry

    from .adapters import Library

ERROR_SCHEMA = "queens-web-error/1"
#: The largest JSON request: a 32×32 board and its state take about 3 KB.
JSON_LIMIT = 64 * 1024
#: Uploads are limited by the readers installed (the largest input one accepts), and
#: never above this.
UPLOAD_CEILING = 16 * 1024 * 1024
#: Worker threads for computations: two cores' worth, so that one slow request leaves a
#: thread for the next.
WORKERS = 3
#: The share of a request's budget its computation gets before the plugin code then
#: running is stopped and named (a 500 that says which): the rest lets that answer come
#: back before the request gives up with a 503.
WORK_SHARE = 0.9
#: Seconds a computation may take before its request is answered with a 503.
BUDGETS = {
    "archive": 20.0,
    "read": 30.0,
    "hint": 20.0,
    "explain": 20.0,
    "check": 30.0,
    "generate": 20.0,
    "analyse": 10.0,
    "fix": 20.0,
    # The player's panels (queens_web.deductions).
    "steps": 20.0,
    "why": 20.0,
    "what-if": 20.0,
    "practise": 30.0,
}

#: The page: (path, file in the package, content type).
PAGE_FILES = (
    ("/", "index.html", "text/html; charset=utf-8"),
    ("/page.js", "page.js", "text/javascript; charset=utf-8"),
    ("/page.css", "page.css", "text/css; charset=utf-8"),
    ("/theme.js", "theme.js", "text/javascript; charset=utf-8"),
    ("/records.js", "records.js", "text/javascript; charset=utf-8"),
    ("/records.css", "records.css", "text/css; charset=utf-8"),
    ("/editor.js", "editor.js", "text/javascript; charset=utf-8"),
    ("/editor.css", "editor.css", "text/css; charset=utf-8"),
    ("/favicon.svg", "favicon.svg", "image/svg+xml"),
    ("/deductions.js", "deductions.js", "text/javascript; charset=utf-8"),
    ("/deductions.css", "deductions.css", "text/css; charset=utf-8"),
)
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def error_response(status: int, message: str) -> JSONResponse:
    return JSONResponse(
        {"schema": ERROR_SCHEMA, "status": status, "error": message},
        status_code=status,
        headers=SECURITY_HEADERS,
    )


class HostGuard:
    """Refuse a request not addressed to one of ``hosts`` (``Host``, compared without
    case), or sent from a page of another origin (``Origin``), before anything runs."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str]):
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)
        self.origins = frozenset(f"http://{h}" for h in self.hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = dict(scope["headers"])
            host = headers.get(b"host", b"").decode("latin-1").lower()
            origin = headers.get(b"origin")
            problem = None
            if host not in self.hosts:
                problem = (
                    f"this server answers only requests addressed to "
                    f"{', '.join(sorted(self.hosts))}, not {host or 'no host'!r}"
                )
            elif origin is not None and origin.decode("latin-1").lower() not in self.origins:
                problem = "requests from other web pages are refused"
            if problem:
                await error_response(403, problem)(scope, receive, send)
                return
        await self.app(scope, receive, send)


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refused with 413 as soon as it is known to exceed ``limit``."""
    too_large = Problem(f"the request is larger than {limit} bytes, the most accepted here", 413)
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise Problem("the Content-Length header is not a number")
        if int(declared) > limit:
            raise too_large
    chunks = []
    total = 0
    try:
        # A client that sends its body slowly, or goes away in the middle, is cut off
        # quietly: a line of answer (which a gone client never reads), no traceback.
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                total += len(chunk)
                if total > limit:
                    raise too_large
                chunks.append(chunk)
    except TimeoutError:
        raise Problem(f"the request's body did not arrive within {BODY_SECONDS:g} s", 408) from None
    except ClientDisconnect:
        raise Problem("the client went away before its request was whole") from None
    return b"".join(chunks)


#: Seconds a request's body may take to arrive, whole.
BODY_SECONDS = 10.0


async def read_json(request: Request) -> dict[str, Any]:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Problem("send the request as application/json", 415)
    body = await read_body(request, JSON_LIMIT)
    try:
        value = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise Problem(f"the request is not valid JSON: {err}") from None
    except (ValueError, RecursionError) as err:  # a number of 5,000 digits; deep nesting
        reason = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise Problem(f"the request is not JSON this server reads: {reason}") from None
    if not isinstance(value, dict):
        raise Problem("the request must be a JSON object")
    return value


Handler = Callable[[Request], Awaitable[dict[str, Any]]]


def release_memory() -> None:
    """Return the heap's free memory to the system (glibc's ``malloc_trim``); nothing
    where there is no glibc."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.malloc_trim(0)
    except (OSError, AttributeError):
        pass


class LazyLibrary:
    """The library, built on first need from a registry or a function that loads one;
    :meth:`get` from any thread. When loading fails, :attr:`failure` keeps why (a
    ``SystemExit`` when the command line has already said so on the terminal) and every
    request after it gets a 500 that says so."""

    def __init__(self, registry: Registry | Callable[[], Registry]):
        self._registry = registry
        self._library: Library | None = None
        self.failure: BaseException | None = None
        self._lock = threading.Lock()

    def get(self) -> Library:
        with self._lock:
            if self._library is None and self.failure is None:
                try:
                    from .adapters import Library

                    source = self._registry
                    self._library = Library.from_registry(source() if callable(source) else source)
                except BaseException as err:  # SystemExit too: the CLI's exit 4
                    self.failure = err
            if self._library is None:
                reason = self.failure
                assert reason is not None
                detail = "" if isinstance(reason, SystemExit) else f": {reason}"
                raise Problem(f"the rule packages failed to load{detail}", 500)
            return self._library

    def load(self) -> None:
        """Load now, if not yet; a failure is kept for the requests (and the server)."""
        try:
            self.get()
        except Problem:
            pass


class Api:
    """The JSON API's endpoints over one :class:`LazyLibrary`: each reads its request,
    calls the adapter (one call of the application), and answers; the computations run
    in a pool of worker threads, each within its time budget."""

    def __init__(self, lazy: LazyLibrary):
        self.lazy = lazy
        # Off the event loop, in threads of their own: the page's files and /api/info
        # are answered while a large board is generated or checked.
        self.pool = concurrent.futures.ThreadPoolExecutor(WORKERS, thread_name_prefix="queens-web")
        #: What is answered once and kept: the installation, the boards of the day, the
        #: archive and its board for each rule.
        self.described: dict[str, Any] = {}
        self.days: dict[str, dict[str, Any]] = {}
        self.archive: dict[int, str] = {}
        self.using: dict[str, dict[str, Any]] = {}

    def routes(self) -> list[Route]:
        endpoints: list[tuple[str, Handler, str]] = [
            ("/api/info", self.info, "GET"),
            ("/api/read", self.read, "POST"),
            ("/api/hint", self.hint, "POST"),
            ("/api/explain", self.explain, "POST"),
            ("/api/check", self.check, "POST"),
            ("/api/generate", self.generate, "POST"),
            ("/api/daily", self.daily, "POST"),
            ("/api/archive", self.archive_board, "POST"),
            ("/api/analyse", self.analyse, "POST"),
            ("/api/fix", self.fix, "POST"),
        ]
        from .deductions import endpoints as player_endpoints

        endpoints += player_endpoints(self, work_seconds)
        return [
            Route(path, endpoint(handler), methods=[method]) for path, handler, method in endpoints
        ]

    # -- running the work ---------------------------------------------------------------

    async def compute(
        self, kind: str, function: Callable[..., dict[str, Any]], *args: Any
    ) -> dict[str, Any]:
        """``function(library, *args)`` in a worker thread, within the budget of ``kind``;
        the 503 of a request that ran out of time names the plugin code it was stuck in."""
        from queens_core.api import Application

        loop = asyncio.get_running_loop()
        seconds = BUDGETS[kind]
        what = f"the {kind}'s time budget"
        # A worker that plugin code holds past its grace is given up: one more thread
        # takes its place, so a stuck plugin costs one worker, never the page.
        self.pool._max_workers = WORKERS + Application.abandoned_threads()
        naming: list[Callable[[], str | None]] = []
        work = loop.run_in_executor(
            self.pool, self.bounded, work_seconds(kind), what, function, args, naming
        )
        try:
            return await asyncio.wait_for(work, seconds)
        except TimeoutError:
            stuck_in = naming[0]() if naming else None
            if stuck_in is not None:
                raise Problem(f"{stuck_in} did not finish within {seconds:g} s", 503) from None
            raise Problem(
                f"the {kind} did not finish within {seconds:g} s: try a smaller board", 503
            ) from None

    def bounded(
        self,
        seconds: float,
        what: str,
        function: Callable[..., dict[str, Any]],
        args: tuple,
        naming: list[Callable[[], str | None]],
    ) -> dict[str, Any]:
        """``function`` in a worker thread, its plugin code stopped (and named) when it
        runs past ``seconds``: the thread is free again, whatever a rule does. What names
        the thread's plugin code goes in ``naming``, for the 503 to say what it ran."""
        from queens_core.api import Application, PluginRanAway

        naming.append(Application.work_of_this_thread())
        library = self.lazy.get()
        try:
            with Application.time_limit(seconds, what):
                return function(library, *args)
        except PluginRanAway as err:  # plugin code that is not a rule's (a reader's)
            raise Problem(str(err), 500) from None

    async def library(self) -> Library:
        """The library, loaded (in a worker thread) if it is not yet; the adapters'
        modules come with it."""
        return await run_in_threadpool(self.lazy.get)

    async def board_request(self, request: Request) -> tuple[Any, dict[str, Any]]:
        """The adapters (loaded with the library) and the request's JSON body."""
        body = await read_json(request)
        await self.library()
        from . import adapters

        return adapters, body

    # -- the endpoints ------------------------------------------------------------------

    async def info(self, _request: Request) -> dict[str, Any]:
        from . import adapters

        # Made once, then answered here on the event loop, never queued behind work.
        if not self.described:
            self.described.update(adapters.info_document(await self.library()))
        return self.described

    async def read(self, request: Request) -> dict[str, Any]:
        limit = min((await self.library()).upload_limit(), UPLOAD_CEILING)
        data = await read_body(request, limit)
        if not data:
            raise Problem("the request has no board in it")
        name = request.query_params.get("name")
        if name is not None and len(name) > 200:
            raise Problem("the file name is longer than 200 characters")
        stars_text = request.query_params.get("stars")
        if stars_text is not None and not (stars_text.isdigit() and len(stars_text) <= 2):
            raise Problem("'stars' must be a whole number from 1 to 16")
        from . import adapters

        stars = adapters.stars_of(int(stars_text)) if stars_text is not None else None
        # A little less time than the request's budget, so the child's own 503 (and
        # its end) comes first.
        seconds = BUDGETS["read"] - 1
        try:
            return await self.compute("read", adapters.read_upload, data, name, stars, seconds)
        finally:
            # Where a picture was read in this process (no fork), its pixels were freed
            # in a worker thread's own malloc arena, which glibc keeps unless told.
            release_memory()

    async def hint(self, request: Request) -> dict[str, Any]:
        adapters, body = await self.board_request(request)
        board = adapters.board_of(body.get("board"), body.get("stars"))
        state = adapters.state_of(board, body.get("state"))
        source = adapters.source_of(body.get("source"))
        # The exact search ends with the work's budget: the worker is free again then.
        seconds = work_seconds("hint")
        return await self.compute("hint", adapters.hint, board, state, source, seconds)

    async def explain(self, request: Request) -> dict[str, Any]:
        adapters, body = await self.board_request(request)
        board = adapters.board_of(body.get("board"), body.get("stars"))
        source = adapters.source_of(body.get("source"))
        return await self.compute("explain", adapters.explain, board, source)

    async def check(self, request: Request) -> dict[str, Any]:
        adapters, body = await self.board_request(request)
        board = adapters.board_of(body.get("board"), body.get("stars"))
        source = adapters.source_of(body.get("source"))
        # A check's exact search ends with the work's budget, as a hint's does.
        seconds = work_seconds("check")
        return await self.compute("check", adapters.check, board, source, seconds)

    async def analyse(self, request: Request) -> dict[str, Any]:
        adapters, body = await self.board_request(request)
        rows, stars = adapters.painted_of(body.get("board"), body.get("stars"))
        palette = adapters.palette_of(body.get("palette"))
        return await self.compute("analyse", adapters.analyse, rows, stars, palette)

    async def fix(self, request: Request) -> dict[str, Any]:
        adapters, body = await self.board_request(request)
        board = adapters.board_of(body.get("board"), body.get("stars"))
        return await self.compute("fix", adapters.fix, board)

    async def generate(self, request: Request) -> dict[str, Any]:
        adapters, body = await self.board_request(request)
        options = adapters.generate_options(
            body.get("size"), body.get("grade"), body.get("seed"), body.get("stars")
        )
        return await self.compute("generate", adapters.generate, *options)

    async def daily(self, request: Request) -> dict[str, Any]:
        adapters, body = await self.board_request(request)
        day = body.get("date")
        adapters.daily_seed(day)  # a bad date is a 400 before any work
        assert isinstance(day, str)  # daily_seed refuses anything else
        if day not in self.days:
            if len(self.days) >= 8:  # a week and a bit: the oldest goes
                self.days.pop(next(iter(self.days)))
            self.days[day] = await self.compute("generate", adapters.daily, day)
        return self.days[day]

    async def archive_board(self, request: Request) -> dict[str, Any]:
        adapters, body = await self.board_request(request)
        if not self.archive:
            self.archive.update(adapters.archive_boards())
        rule = body.get("rule")
        if rule is None:
            return adapters.archive_board(self.archive, body.get("number"))
        if not isinstance(rule, str):
            raise Problem("'rule' must be the counter of an installed rule (see /api/info)")
        if rule not in self.using:
            self.using[rule] = await self.compute(
                "archive", adapters.archive_board_using, self.archive, rule
            )
        return self.using[rule]


def work_seconds(kind: str) -> float:
    """How long the work of a request of ``kind`` may run (see :data:`WORK_SHARE`)."""
    return BUDGETS[kind] * WORK_SHARE


def endpoint(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """The endpoint that answers with ``handler``'s document, or its problem as one
    line (a rule's failure named, our own bug's traceback on the terminal)."""

    async def answer(request: Request) -> Response:
        try:
            return JSONResponse(await handler(request), headers=SECURITY_HEADERS)
        except Problem as err:
            return error_response(err.status, str(err))
        except Exception as err:
            from queens_core.api import RuleFailure

            if isinstance(err, RuleFailure):
                late = err.out_of_time
                if late is not None:
                    # The request's budget ends in whichever rule is running then, which
                    # on a big board is a sound rule taking its turn: say what ran out and
                    # where, never that this rule failed.
                    return error_response(
                        503,
                        f"{late.what} ({late.budget:g} s) ran out while "
                        f"{err.rule.describe()} was running",
                    )
                return error_response(500, f"a rule failed: {err}")
            # Our own bug: the whole story for the terminal, one line for the page.
            traceback.print_exc(file=sys.stderr)
            return error_response(500, f"internal error: {type(err).__name__}: {err}")

    return answer


async def http_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return error_response(exc.status_code, str(exc.detail))


def create_app(
    registry: Registry | Callable[[], Registry], hosts: Iterable[str]
) -> tuple[Starlette, LazyLibrary]:
    """The application for the rules and readers of ``registry`` (or of the registry
    a function returns, loaded on first need), answering requests addressed to
    ``hosts`` (``127.0.0.1:8000``, ``localhost:8000``); and its library, to load it
    early with :meth:`LazyLibrary.get`."""
    from queens_core.api import Application

    Application.give_up_stuck_threads()  # a stuck plugin costs a worker, not the page
    lazy = LazyLibrary(registry)
    routes = Api(lazy).routes()
    for path, filename, content_type in PAGE_FILES:
        then = lazy.load if filename == "page.js" else None
        routes.append(Route(path, _static(filename, content_type, then), methods=["GET"]))
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error})
    app.add_middleware(HostGuard, hosts=hosts)
    return app, lazy


def _static(
    filename: str, content_type: str, then: Callable[[], None] | None = None
) -> Callable[[Request], Awaitable[Response]]:
    """An endpoint that answers with one of the page's files, read once, now; ``then``
    runs in a worker thread once the file has gone out."""
    content = resources.files("queens_web").joinpath("static", filename).read_bytes()
    after = BackgroundTask(then) if then is not None else None

    async def page_file(_request: Request) -> Response:
        return Response(
            content, media_type=content_type, headers=SECURITY_HEADERS, background=after
        )

    return page_file

"""What the page asks of the library, in one place.

Each function takes the plain values of a request, calls the library, and returns the
JSON document the command line prints for the same question (``--format json``: the same
``schema`` keys). They are thin on purpose: when the library's API moves (the hint and
explanation documents, the check of a board held in memory), only this module changes.

Glossary
--------
library
    What the server builds once at start-up from the installed packages: the registry
    (rules and readers), a solver and a grader over every rule.
problem
    A request the library cannot answer because of its input: one line for the person,
    and the HTTP status that goes with it (400 bad input, 413 too large).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from queens_core import Board, BoardError, Reading, Registry, Solver, State
from queens_core.api import (
    Application,
    Argument,
    BoardInputError,
    DetailError,
    FixError,
    GenerateError,
    GiveUp,
    InputTooLarge,
    Listing,
    ReaderFailed,
    SearchLimitExceeded,
    UnsoundRule,
    Worded,
    board_json,
    detail_failure,
    grade_names,
    max_stars,
    region_colours,
    region_emoji,
    size_article,
    state_json,
)
from queens_core.exact import DEFAULT_TIMEOUT
from queens_core.words import colour_name

from .problems import Problem

#: The ``schema`` of the documents only the web API has (the others are the CLI's).
BOARD_SCHEMA = "queens-web-board/1"
#: The ``schema`` of a generated board: the board document and how it was made.
GENERATED_SCHEMA = "queens-web-generated/1"
#: The sizes "New board" offers: from the generator's smallest to sizes it makes in well
#: under a second (``bench/bench_generate.py``); a larger board is the command line's job.
GENERATE_SIZES = range(4, 13)
#: How long one "New board" may take before the request gives up with a 503.
GENERATE_SECONDS = 10.0
#: The grades no Queens board of a size has with the catalog's rules: every 4×4 board with
#: one solution (the 7,193 maps of four 4-connected regions around each of its two
#: solutions, mirror images of each other) is Easy, Medium or Fiendish, never Hard
#: (``queens_web/tests/test_web_tiny_boards.py`` grades them all). Asked for one, the
#: page says so at once, where the maker would try for the whole of GENERATE_SECONDS.
NO_BOARD_GRADES = {4: frozenset({"Hard"})}
#: The packages whose rules NO_BOARD_GRADES was found with (another package's rule may
#: make a board harder).
CATALOG_PACKAGES = frozenset(
    {
        "queens-rules-baseline",
        "queens-rules-polyomino",
        "queens-rules-pigeonhole",
        "queens-rules-pfc",
    }
)
#: The sizes of a new Star Battle board (K ≥ 2): 2★ from 8×8 (smaller ones are cramped),
#: up to 12×12 (3★ at 12×12 only: no 11×11 grid holds 3 stars a row, column and region).
STAR_SIZES = range(8, 13)
#: The largest seed the page may ask for: a seed is a number a person types or shares.
MAX_SEED = 2**63 - 1
#: The largest picture read, in pixels: a 4K screenshot (8.3 megapixels) fits; a larger
#: one would take the server over 200 MB while it is decoded and read.
MAX_PIXELS = 10_000_000
#: How long the editor's analysis of one stroke may count solutions: boards a person
#: paints are counted in milliseconds; past this the answer is "undecided".
ANALYSE_SECONDS = 3.0
#: How long the page's Fix searches (``queens fix --seconds``), well within the route's
#: budget.
FIX_SECONDS = 8.0
#: The board's name in the documents when the request does not give one.
PAGE_SOURCE = "<page>"


@dataclass
class Library:
    """The application over the installed rules and readers (its solver and grader are
    built once), and the version the page shows."""

    app: Application
    version: str

    @classmethod
    def from_registry(cls, registry: Registry) -> Library:
        from queens_core import __version__

        app = Application(registry)
        app.solver()  # built now, at load time, not in the first request
        app.grader()
        return cls(app, __version__)

    @property
    def registry(self) -> Registry:
        return self.app.registry

    @property
    def readers(self) -> list[Any]:
        return self.app.readers

    def upload_limit(self) -> int:
        """The largest input some installed reader accepts."""
        return max(reader.max_bytes for reader in self.readers)


def info_document(library: Library) -> dict[str, Any]:
    """What the page needs to know of the installation (schema ``queens-web-info/1``)."""
    from .practice import practice_seeds

    return {
        "schema": "queens-web-info/1",
        "version": library.version,
        "readers": [
            {"name": r.name, "summary": r.summary, "suffixes": list(r.suffixes)}
            for r in library.readers
        ],
        "rules": [
            {
                "counter": r.counter,
                "display_name": r.display_name,
                "tier": r.tier.value,
                "summary": r.summary,
                "package": r.package,
                "stars": [r.min_stars, r.max_stars],
                # "placement": its steps are a placed piece's crosses (nothing to practise).
                "counting": r.counting,
                # Why "Practise this" is not offered (no board was found: ...), or None.
                "unpractisable": practice_seeds().unpractisable(
                    r.counter, *library.app.practice_size(r.counter)
                ),
            }
            for r in library.registry.rules
        ],
        "upload_limit": library.upload_limit(),
        "generate": {
            "sizes": [GENERATE_SIZES[0], GENERATE_SIZES[-1]],
            "grades": grade_names(),
            "stars": {str(k): [n for n in STAR_SIZES if max_stars(n) >= k] for k in (2, 3)},
        },
        "archive": {"count": len(archive_boards())},
    }


def read_board(
    library: Library, data: bytes, name: str | None, stars: int | None = None
) -> dict[str, Any]:
    """Read an uploaded or pasted input with the reader chosen as the command line
    chooses it for a file called ``name`` (its suffix first, then its content), with
    ``stars`` per unit (None: what the input declares, else 1)."""
    refuse_huge_picture(data)
    try:
        read = library.app.read_bytes(data, name, stars)
    except InputTooLarge as err:
        raise Problem(str(err), 413) from None
    except ReaderFailed as err:
        raise Problem(str(err), 500) from err
    except BoardInputError as err:
        raise Problem(err.detail) from None
    found = Reading(board=read.board, state=read.state, stars=read.declared_stars)
    document = board_document(found, name or PAGE_SOURCE, read.reader)
    note = read.stars_note(stars, "the stars menu beside Load board chooses another")
    if note is not None:
        # The board's "stars" is that K already: the page plays it, and says why.
        document["warnings"].append(note)
    return document


def read_upload(
    library: Library, data: bytes, name: str | None, stars: int | None, seconds: float
) -> dict[str, Any]:
    """:func:`read_board`, in a child process when the data is a picture (see
    :mod:`queens_web.isolation`), at most ``seconds``."""
    from .isolation import can_isolate, run_isolated

    if picture_size(data) is None or not can_isolate():
        return read_board(library, data, name, stars)
    refuse_huge_picture(data)  # before the child is even made
    return run_isolated(lambda: read_board(library, data, name, stars), seconds, "read")


def picture_size(data: bytes) -> tuple[int, int] | None:
    """The width and height a picture declares in its header, read without decoding
    it; None when the data is no picture Pillow knows (or Pillow is not installed)."""
    try:
        from PIL import Image, UnidentifiedImageError
    except ImportError:
        return None
    import io
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Pillow's warning of a large picture
            with Image.open(io.BytesIO(data)) as picture:  # the header only
                return picture.size
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        return None
    except Image.DecompressionBombError:
        return (MAX_PIXELS + 1, 1)


def refuse_huge_picture(data: bytes) -> None:
    """A 413 for a picture of more than :data:`MAX_PIXELS`, before anything decodes it:
    a small compressed file can unpack to gigabytes."""
    size = picture_size(data)
    if size is not None and size[0] * size[1] > MAX_PIXELS:
        width, height = size
        raise Problem(
            f"the picture is {width}×{height} pixels, more than the {MAX_PIXELS // 1_000_000} "
            "megapixels read here: send a smaller screenshot of the board",
            413,
        )


def board_document(reading: Reading, source: str, reader: str) -> dict[str, Any]:
    """A board as the page draws it: the CLI's board object, its stars per unit, each
    region's colour, colour name and share-line emoji, and the marks the input showed
    (a screenshot's)."""
    board = reading.board
    colours = region_colours(board)
    return {
        "schema": BOARD_SCHEMA,
        "source": source,
        "reader": reader,
        "board": board_json(board),
        "colours": {letter: colours[k] for k, letter in enumerate(board.letters)},
        "colour_names": {letter: colour_name(letter) for letter in board.letters},
        "emoji": dict(zip(board.letters, region_emoji(board), strict=True)),
        "state": state_json(board, reading.state) if reading.state is not None else None,
        "stars": board.stars,
        "declared_stars": reading.stars,
        "warnings": [str(w) for w in board.warnings],
    }


def stars_of(value: Any) -> int | None:
    """The ``stars`` of a request: K, the stars per row, column and region (1 is Queens),
    or None when absent."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 16:
        raise Problem("'stars' must be a whole number from 1 to 16, or absent")
    return value


def board_of(value: Any, stars: Any = None) -> Board:
    """The board of a request's ``board`` (its rows, one string a row) with the
    request's ``stars`` per unit (absent: 1)."""
    if not isinstance(value, list) or not all(isinstance(row, str) for row in value):
        raise Problem("'board' must be a list of strings, one a row")
    k = stars_of(stars) or 1
    try:
        return Board.parse("\n".join(value)).with_stars(k)
    except BoardError as err:
        raise Problem(f"board: {err}") from None


def state_of(board: Board, value: Any) -> State:
    """The state of a request's ``state``: the ``♛ ⨯ .`` picture (``Q``, ``x``, ``.``
    too), one string a row; none is the empty board."""
    if value is None:
        return State.initial(board)
    if not isinstance(value, list) or not all(isinstance(row, str) for row in value):
        raise Problem("'state' must be a list of strings, one a row (♛ or Q, ⨯ or x, .)")
    try:
        return Application.state(board, value)
    except BoardError as err:
        raise Problem(f"state: {err}") from None


def source_of(value: Any) -> str:
    if value is None:
        return PAGE_SOURCE
    if not isinstance(value, str) or len(value) > 200:
        raise Problem("'source' must be a string of at most 200 characters")
    return value


def field_name(part: Argument | Listing) -> str:
    """A parameter as a request's JSON names it (``'grade'``), or where the page's
    server lists what a message refers to."""
    if isinstance(part, Listing):
        return "/api/info"
    return f"'{part.name}' {part.value}" if part.shown else f"'{part.name}'"


def said(error: BaseException) -> str:
    """What ``error`` says to the page: the parameters it names as the request's fields."""
    return error.worded(field_name) if isinstance(error, Worded) else str(error)


def answered(work: Callable[[], dict[str, Any]], rules: Any) -> dict[str, Any]:
    """The document ``work`` makes; a rule that fails or breaks its contract (500) and an
    exact search past its budget (503) answered in one line that names them."""
    try:
        return work()
    except UnsoundRule as err:
        raise Problem(f"a rule failed: {err}", 500) from None
    except SearchLimitExceeded as err:
        raise Problem(f"undecided within the budget: {err}", 503) from None
    except DetailError as err:
        raise Problem(f"a rule failed: {detail_failure(err, rules)}", 500) from None


def hint(
    library: Library, board: Board, state: State, source: str, seconds: float = DEFAULT_TIMEOUT
) -> dict[str, Any]:
    """The next step from ``state``, or why there is none (``queens hint --format json``),
    its exact search at most ``seconds`` long (the command line's budget at most)."""
    budget = min(seconds, DEFAULT_TIMEOUT)
    return answered(
        lambda: library.app.hint(board, state, budget, False, source, "<page marks>").to_json(),
        library.registry.rules,
    )


def explain(library: Library, board: Board, source: str) -> dict[str, Any]:
    """The whole solve, every step explained (``queens solve --format json``); an unsound
    solve is refused as the command line refuses it, naming the rule."""
    solution = library.app.explain(board, source)
    if solution.unsound:
        raise Problem(f"a rule failed: {solution.unsound}", 500)
    try:
        return solution.to_json()
    except DetailError as err:
        raise Problem(f"a rule failed: {detail_failure(err, solution.rules)}", 500) from None


def check(
    library: Library, board: Board, source: str, seconds: float = DEFAULT_TIMEOUT
) -> dict[str, Any]:
    """Unique? solved by logic? tier and grade (one board of ``queens check --format
    json``), its exact search at most ``seconds`` long (the command line's budget at
    most)."""

    seconds = min(seconds, DEFAULT_TIMEOUT)
    return library.app.check(board, timeout=seconds, name=source).to_json()


def generate_options(
    size: Any, grade: Any, seed: Any, stars: Any = None
) -> tuple[int, str | None, int | None, int]:
    """The size, grade (none: any the rules reach), seed (none: a new board each time)
    and stars per unit (none: 1) of a request for a new board."""
    k = stars_of(stars) or 1
    sizes = GENERATE_SIZES if k == 1 else STAR_SIZES
    if isinstance(size, bool) or not isinstance(size, int) or size not in sizes:
        raise Problem(f"'size' must be a whole number from {sizes[0]} to {sizes[-1]}")
    if k > max_stars(size):
        raise Problem(
            f"{size_article(size)} {size}×{size} board cannot hold {k} stars per unit "
            f"(at most {max_stars(size)})"
        )
    if grade is not None and k > 1:
        raise Problem("'grade' is for Queens boards: leave it out with 'stars' above 1")
    if grade is not None and grade not in grade_names():
        raise Problem(f"'grade' must be one of {', '.join(grade_names())}, or absent")
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED <= seed <= MAX_SEED
    ):
        # Negative too, as `queens generate --seed` takes them: the same batches.
        raise Problem(f"'seed' must be a whole number from -{MAX_SEED} to {MAX_SEED}, or absent")
    return size, grade, seed, k


def generate(
    library: Library,
    size: int,
    grade: str | None,
    seed: int | None,
    stars: int = 1,
    seconds: float = GENERATE_SECONDS,
) -> dict[str, Any]:
    """A new board of ``size`` at ``grade`` with ``stars`` per unit, as ``queens generate``
    makes board 0 of a batch (one solution, solved by the rules, graded), read as the
    page reads any board: short rounds of attempts until one gives a board or
    ``seconds`` have passed (a 503 then); a grade no board of the size has with the
    catalog's rules (:data:`NO_BOARD_GRADES`) at once (a 400)."""
    if stars == 1 and grade in NO_BOARD_GRADES.get(size, ()) and catalog_only(library):
        raise Problem(
            f"no {size}×{size} Queens board with one solution is graded {grade}: "
            "choose another size or grade"
        )
    try:
        made = library.app.new_board(size, stars, grade, seed, seconds)
    except GenerateError as err:
        raise Problem(said(err)) from None
    except GiveUp as err:
        raise Problem(said(err), 503) from None
    kind = f"{size}×{size}" + (f" {stars}★" if stars > 1 else "")
    source = f"new {kind} board (seed {made.seed})"
    reading = Reading(board=made.board, stars=stars if stars > 1 else None)
    document = board_document(reading, source, "generator")
    return {
        **document,
        "schema": GENERATED_SCHEMA,
        "seed": made.seed,
        "grade": made.rung.grade,
        "level": int(made.rung.level),
        "tier": str(made.rung.tier),
    }


def catalog_only(library: Library) -> bool:
    """Whether the installed Queens rules are the catalog's alone."""
    return all(
        rule.package in CATALOG_PACKAGES for rule in library.registry.rules if rule.sound_for(1)
    )


#: The sizes of the board of the day, by the day's number: mostly 8×8 and 9×9, as
#: LinkedIn's daily boards are.
DAILY_SIZES = (8, 9, 7, 8, 9, 10, 8)


def daily_seed(day: Any) -> tuple[int, int]:
    """The seed and size of the board of the day ``day`` (``YYYY-MM-DD``): the date's
    digits are the seed, so every server with the same rules makes the same board."""
    import datetime

    if not isinstance(day, str) or len(day) != 10:
        raise Problem("'date' must be a date written YYYY-MM-DD")
    try:
        date = datetime.date.fromisoformat(day)
    except ValueError:
        raise Problem(f"'date' must be a date written YYYY-MM-DD, not {day!r}") from None
    seed = date.year * 10_000 + date.month * 100 + date.day
    return seed, DAILY_SIZES[date.toordinal() % len(DAILY_SIZES)]


def daily(library: Library, day: str) -> dict[str, Any]:
    """The board of the day ``day``: the generator's board of the date's seed."""
    seed, size = daily_seed(day)
    document = generate(library, size, None, seed)
    return {**document, "source": f"the {size}×{size} board of the day {day}", "date": day}


def archive_boards() -> dict[int, str]:
    """The archive's boards shipped with the page, by their puzzle number."""
    from importlib import resources

    text = resources.files("queens_web").joinpath("archive.txt").read_text(encoding="utf-8")
    boards = {}
    for block in text.strip().split("\n\n"):
        head, *rows = block.split("\n")
        boards[int(head.lstrip("#"))] = "\n".join(rows)
    return boards


def archive_board_using(library: Library, boards: dict[int, str], counter: Any) -> dict[str, Any]:
    """A board to learn the rule ``counter`` on: the first archive board that needs it
    (its solve uses the rule, and the other rules alone do not solve it; ``needed``
    true), else the first whose solve uses it (``needed`` false)."""
    rules = {rule.counter: rule for rule in library.registry.rules}
    if not isinstance(counter, str) or counter not in rules:
        raise Problem("'rule' must be the counter of an installed rule (see /api/info)")
    rule = rules[counter]
    if rule.min_stars > 1:
        raise Problem(f"{rule.display_name} is a Star Battle rule: the archive holds Queens boards")
    without = Solver([r for r in library.registry.rules if r.counter != counter])
    first_use = None
    for number in sorted(boards):
        board = Board.parse(boards[number])
        if not library.app.solver().solve(board).counters.get(counter):
            continue
        if first_use is None:
            first_use = number
        if not without.solve(board).solved:
            return {**archive_board(boards, number), "rule": counter, "needed": True}
    if first_use is None:
        raise Problem(f"no archive board uses {rule.display_name}", 404)
    return {**archive_board(boards, first_use), "rule": counter, "needed": False}


def archive_board(boards: dict[int, str], number: Any) -> dict[str, Any]:
    """LinkedIn's daily board ``number`` from the archive."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise Problem("'number' must be a whole number")
    if number not in boards:
        low, high = min(boards), max(boards)
        raise Problem(
            f"the archive has no board #{number}: it holds #{low} to #{high}, some missing"
        )
    board = Board.parse(boards[number])
    return {
        **board_document(Reading(board=board), f"archive board #{number}", "archive"),
        "number": number,
    }


#: The most letters whose colours an analysis answers with (a palette of 32 regions and
#: some to spare): colouring is not worth its time past that.
MOST_COLOURED = 64


def palette_of(value: Any) -> str:
    """The editor's palette: the letters it paints with, as one string (may be absent)."""
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > MOST_COLOURED:
        raise Problem(f"'palette' must be a string of at most {MOST_COLOURED} letters")
    return value


def letter_colours(letters: str) -> dict[str, dict[str, Any]]:
    """The colour and colour name of each of ``letters`` as any board with exactly these
    region letters is drawn: a painted map's regions keep their colours when it becomes
    the board played."""
    unique = "".join(sorted(set(letters)))
    if not unique or len(unique) > MOST_COLOURED:
        return {"colours": {}, "colour_names": {}}
    # A board whose regions are its columns: its letters, nothing else, decide the colours.
    model = Board(tuple(unique for _ in unique))
    colours = region_colours(model)
    return {
        "colours": {letter: colours[k] for k, letter in enumerate(model.letters)},
        "colour_names": {letter: colour_name(letter) for letter in model.letters},
    }


def painted_of(value: Any, stars: Any = None) -> tuple[list[str], int]:
    """The rows and K of a map being painted in the editor: square, but any number of
    regions (the analysis says what is missing)."""
    if not isinstance(value, list) or not all(isinstance(row, str) for row in value):
        raise Problem("'board' must be a list of strings, one a row")
    if len(value) > 32 or any(len(row) > 32 for row in value):
        raise Problem("board: the largest board supported is 32×32")
    return value, stars_of(stars) or 1


def analyse(library: Library, rows: list[str], stars: int, palette: str = "") -> dict[str, Any]:
    """The editor's live analysis of a painted map (``queens-analysis/1``): its count up
    to two, the cells where two solutions differ, the grade of a unique one; with the
    colours of the map's and the ``palette``'s letters (``colours``, ``colour_names``)."""
    try:
        document = library.app.analyse(rows, stars, ANALYSE_SECONDS).to_json()
        return {**document, **letter_colours(palette + "".join(document["regions"]))}
    except BoardError as err:
        raise Problem(f"board: {err}") from None
    except UnsoundRule as err:
        raise Problem(f"a rule failed: {err}", 500) from None


def fix(library: Library, board: Board, seconds: float = FIX_SECONDS) -> dict[str, Any]:
    """The fewest region edits that leave ``board`` one solution (``queens fix --format
    json``); a Star Battle board is refused in one line."""
    try:
        return library.app.fix(board, seconds=seconds, name=PAGE_SOURCE).to_json()
    except FixError as err:
        raise Problem(said(err)) from None

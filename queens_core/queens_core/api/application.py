"""The application: every verb the ``queens`` command and the page offer, as methods
that take plain values and return the typed results of :mod:`.results`.

The command line parses its options, calls one verb and prints the result; the page
reads a request, calls one verb and answers with the result's ``to_json()``. A Python
user calls the same verbs::

    app = Application()
    solution = app.solve(app.read("archive/boards/1.txt").board)

Each verb puts together the parts below it (the solver of ``engine``, the selection
of ``plugins``, the exact search of ``referee``, the tools, the makers, the renderers)
and re-implements none of them. Bad input raises the error of the part that found it,
each a one-line ``str()``; :mod:`queens_core.api` exports them. An argument of a type a
verb does not take is refused at the door (:mod:`.checking`), before any work, with
``ArgumentTypeError``: an ``ArgumentError`` that names the parameter.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING

from ..engine.arguments import Argument, ArgumentError, check_seconds
from ..engine.board import Board
from ..referee.budget import DEFAULT_CAP, DEFAULT_TIMEOUT
from . import checking
from .results import BOARD_NAME, BoardRead, Solution

if TYPE_CHECKING:
    from ..engine.driver import Solver, SolveResult
    from ..engine.rules import Rule
    from ..engine.state import State
    from ..plugins.readers import Reader, Reading
    from ..plugins.registry import Registry
    from ..plugins.writers import Writer
    from ..referee.blame import Diagnosis
    from ..tools.grade import Grader
    from .analysis import Analysis
    from .converting import Conversion
    from .deductions import StepsNow, WhatIf, WhyAnswer
    from .fixing import FixAnswer
    from .generation import Batch, MadeBoard
    from .practice import Practice
    from .reports import CheckAnswer, Grading, HintAnswer, Installed, Statistics

    #: A board, or the path of a file holding one (read with the installed readers).
    BoardOrPath = Board | str | os.PathLike[str]

#: How long :meth:`Application.analyse` counts solutions by default: a stroke of the
#: page's editor is analysed in far less on boards a person paints.
ANALYSIS_SECONDS = 2.0
#: The pictures :meth:`Application.render` draws.
PICTURES = ("svg", "png", "text")

#: A choice of rules: (only, exclude, tier), as ``--only``, ``--exclude``, ``--tier``.
Selection = tuple[tuple[str, ...], tuple[str, ...], "str | None"]


class Application:
    """The installed rules and readers, and every verb over them.

    ``registry`` is what the plugin packages registered (:func:`~queens_core.load_registry`);
    None loads the installed ones on first need, or the registry ``loader`` returns. The
    solvers and graders of a choice of rules are built once and kept.
    """

    def __init__(
        self,
        registry: Registry | None = None,
        loader: Callable[[], Registry] | None = None,
    ):
        self._registry = registry
        self._loader = loader
        self._solvers: dict[Selection, Solver] = {}
        self._graders: dict[tuple[Selection, int | None], Grader] = {}

    # -- what is installed -------------------------------------------------------------

    @property
    def registry(self) -> Registry:
        if self._registry is None:
            if self._loader is not None:
                self._registry = self._loader()
            else:
                from ..plugins.registry import load_registry

                self._registry = load_registry()
        return self._registry

    @property
    def readers(self) -> list[Reader]:
        return self.registry.readers

    @property
    def writers(self) -> list[Writer]:
        return self.registry.writers

    def installed(self) -> Installed:
        """The installed rules and readers (``queens rules list``, ``queens readers list``)."""
        from .reports import Installed

        return Installed(
            list(self.registry.rules), list(self.registry.readers), list(self.registry.writers)
        )

    def rules(
        self, only: Iterable[str] = (), exclude: Iterable[str] = (), tier: str | None = None
    ) -> list[Rule]:
        """The installed rules narrowed as ``--only``, ``--exclude`` and ``--tier`` narrow
        them (raises ``SelectionError`` for a name that is not installed)."""
        from ..plugins.selection import select_rules

        selection = _names(only, "only"), _names(exclude, "exclude"), _tier(tier)
        return select_rules(self.registry.rules, *selection)

    def rule_names(self) -> dict[str, str]:
        """Every installed rule's counter and the name people read."""
        return {rule.counter: rule.display_name for rule in self.registry.rules}

    def solver(
        self, only: Iterable[str] = (), exclude: Iterable[str] = (), tier: str | None = None
    ) -> Solver:
        """The solver of a choice of rules (built once)."""
        if only == () and exclude == () and tier is None:  # the defaults: nothing to check
            key: Selection = ((), (), None)
        else:
            key = (_names(only, "only"), _names(exclude, "exclude"), _tier(tier))
        if key not in self._solvers:
            from ..engine.driver import Solver

            self._solvers[key] = Solver(self.rules(*key))
        return self._solvers[key]

    def grader(
        self,
        only: Iterable[str] = (),
        exclude: Iterable[str] = (),
        tier: str | None = None,
        stars: int | None = None,
    ) -> Grader:
        """The grader of a choice of rules, for ``stars`` per unit (built once)."""
        selection = (_names(only, "only"), _names(exclude, "exclude"), _tier(tier))
        checking.stars(stars)
        if (selection, stars) not in self._graders:
            from ..tools.grade import Grader

            rules = self.rules(*selection)
            grader = Grader(rules) if stars is None else Grader(rules, stars)
            self._graders[selection, stars] = grader
        return self._graders[selection, stars]

    @staticmethod
    @contextmanager
    def time_limit(seconds: float, what: str) -> Iterator[None]:
        """Run the block with its plugin code stopped when it runs past ``seconds``
        (``what`` names the budget in the message): a rule's overrun ends its solve with
        ``RuleFailure``, any other plugin code's raises ``PluginRanAway``. Usable from
        any thread: the thread is free again, whatever the plugin does."""
        from ..runtime.guards import OutOfTime, describe, watch
        from .errors import PluginRanAway

        check_seconds("seconds", seconds)
        checking.text("what", what)
        try:
            with watch(seconds, what):
                yield
        except OutOfTime as err:
            raise PluginRanAway(f"{describe(err.culprit)} ran away: {err}") from None

    @staticmethod
    def give_up_stuck_threads() -> None:
        """For a server that runs the verbs in a pool of threads: a thread that plugin code
        still holds past its budget's grace is given up (named on standard error) instead
        of ending the process, so a stuck plugin costs one thread, never the server."""
        from ..runtime import guards

        guards.give_up_stuck_threads = True

    @staticmethod
    def abandoned_threads() -> int:
        """How many threads have been given up so far (a pool grows by as many)."""
        from ..runtime.guards import abandoned_threads

        return abandoned_threads()

    @staticmethod
    def work_of_this_thread() -> Callable[[], str | None]:
        """A function that tells, from any thread, which plugin code the calling thread is
        running at that moment (``rule 'x' (X) from queens-rules-y 1.0``), or None: for a
        server to name what a request it gave up on was stuck in."""
        from ..runtime.guards import describe, running_slot

        slot = running_slot()

        def naming() -> str | None:
            culprit = slot.culprit()
            return None if culprit is None else describe(culprit)

        return naming

    # -- reading -----------------------------------------------------------------------

    def read(self, source: str | os.PathLike[str], stars: int | None = None) -> BoardRead:
        """Read the board at ``source``: a file (any format an installed reader reads:
        text, SBN, screenshots; a string or a path object), ``-`` for standard input, or
        an argument an inline reader takes (an SBN string); with ``stars`` per unit (None:
        what the input declares, else 1). Raises ``BoardInputError``, and
        ``ArgumentTypeError`` for a ``source`` that is neither a string nor a path."""
        display_name, read_source, board_with_stars = _reading()
        source = _source(source)
        checking.stars(stars)
        reading = read_source(source, self.readers)
        name = display_name(source)
        board = board_with_stars(reading, stars, name)
        return BoardRead(
            name, board, reading.state, reading.stars, "", reading.notes, reading.unique_stars
        )

    def read_bytes(
        self, data: bytes, name: str | None = None, stars: int | None = None
    ) -> BoardRead:
        """Read the board in ``data`` (an upload) with the reader chosen as for a file
        called ``name``: by its suffix, else by the content. Raises ``InputTooLarge`` past
        the reader's limit, ``BoardInputError`` for bad input, ``ReaderFailed`` when the
        reader itself breaks."""
        from ..engine.board import BoardError
        from ..plugins.readers import Reading, by_content, by_suffix, what_is_wrong
        from ..tools.batch import BoardInputError, board_with_stars
        from .errors import InputTooLarge, ReaderFailed

        data = checking.data("data", data)
        name = checking.text_or_none("name", name)
        checking.stars(stars)
        reader = by_suffix(self.readers, name) if name else None
        if reader is None:
            reader = by_content(self.readers, data)
        if len(data) > reader.max_bytes:
            raise InputTooLarge(
                f"the input is larger than {reader.max_bytes} bytes, the most the "
                f"{reader.name} reader accepts"
            )
        try:
            reading = reader.read(data)
        except BoardError as err:
            detail = what_is_wrong(reader, data, err, self.readers, name)
            raise BoardInputError(detail, detail) from None
        except MemoryError:
            raise InputTooLarge(
                f"{reader.describe()} ran out of memory: send a smaller picture"
            ) from None
        except Exception as err:  # a reader's bug is named, not shown as a traceback
            raise ReaderFailed(f"{reader.describe()} failed: {type(err).__name__}: {err}") from err
        if not isinstance(reading, Reading):
            raise ReaderFailed(f"{reader.describe()} returned {type(reading).__name__}")
        if stars is not None and reading.stars is not None and reading.stars != stars:
            detail = (
                f"the input declares {reading.stars} stars per unit, but {stars} were asked for"
            )
            raise BoardInputError(detail, detail)
        board = board_with_stars(reading, stars, name or "the board")
        return BoardRead(
            name or BOARD_NAME,
            board,
            reading.state,
            reading.stars,
            reader.name,
            reading.notes,
            reading.unique_stars,
        )

    @staticmethod
    def board(rows: str | Sequence[str], stars: int = 1) -> Board:
        """The board drawn by ``rows`` (one string a row, or the text of a board file),
        with ``stars`` per unit. Raises ``BoardError``."""

        text = checking.rows("rows", rows)
        return Board.parse(text).with_stars(checking.whole("stars", stars, 1))

    @staticmethod
    def state(board: Board, rows: str | Sequence[str] | None) -> State:
        """The state drawn by ``rows`` (the ``♛ ⨯ .`` picture, ``Q x .`` too); None is the
        empty board. Raises ``BoardError``."""
        from ..engine.state import State, read_state

        checking.board(board)
        if rows is None:
            return State.initial(board)
        return read_state(board, checking.rows("rows", rows))

    def _board(self, board: BoardOrPath, name: str) -> tuple[Board, str]:
        """``board`` itself, or the board read from the file it names (then named by its
        path, unless ``name`` was given)."""
        if name.__class__ is not str:  # the checks of the hot path cost a call only when wrong
            checking.text("name", name)
        if isinstance(board, (str, os.PathLike)):
            path = os.fspath(board)
            return self.read(path).board, path if name == BOARD_NAME else name
        return checking.board(board), name

    # -- the verbs ---------------------------------------------------------------------

    def write(self, board: Board, to: str, state: State | None = None) -> str:
        """``board`` in format ``to`` (an installed writer's name: ``text``, ``sbn``,
        ``sbn2``, ``puzlink``, ``share``...), with the marks of ``state`` when the format
        carries them. Raises ``UnknownFormat``, or ``WriterError`` for a board the
        format cannot carry (a size or a K it has no code for)."""
        from .converting import write

        checking.board(board)
        checking.text("to", to)
        checking.state_or_none("state", state)
        return write(self.writers, board, to, state)

    def convert(
        self,
        source: str | os.PathLike[str],
        to: str,
        stars: int | None = None,
        marks: bool = True,
        page: str | None = None,
    ) -> Conversion:
        """Read ``source`` (a file, ``-``, or an argument an inline reader takes: an SBN
        string, a puz.link URL, a share link) and write it in format ``to``, with the
        marks the input shows unless ``marks`` is false. ``page``: the address of the
        page a share link opens (None: where ``queens serve`` listens by default); only
        for ``to="share"``. Raises ``UnknownFormat`` before reading, ``WriterError`` for a
        page that is not an http(s) address or given to another format, then as
        :meth:`read` and :meth:`write` do."""
        from .converting import Conversion, find_writer, share_page

        _source(source)
        checking.text("to", to)
        checking.stars(stars)
        checking.flag("marks", marks)
        checking.text_or_none("page", page)
        writer = find_writer(self.writers, to)
        write_link = share_page(writer.name, page)
        read = self.read(source, stars)
        state = read.state if marks and writer.carries_marks else None
        if write_link is not None:
            text = write_link(read.board, state)
        else:
            text = self.write(read.board, writer.name, state)
        return Conversion(
            read.name, read.board, state, writer.name, text, state is not None, read.notes
        )

    def solve(
        self,
        board: BoardOrPath,
        only: Iterable[str] = (),
        exclude: Iterable[str] = (),
        tier: str | None = None,
        name: str = BOARD_NAME,
        start: State | None = None,
    ) -> Solution:
        """Solve ``board`` with the installed rules (or a choice of them) to their fixed
        point, and hold the solve against the exact search: :attr:`Solution.unsound`
        names a rule whose deduction contradicts the board's solutions. (A board that
        rules installed with queens alone solve needs no search: their placement is then
        the only solution, :mod:`queens_core.tools.answers`.) Raises ``RuleFailure`` when
        a rule raises or breaks its contract. ``start``: the state to go on from (a copy
        is solved; None: the empty board)."""
        if start is not None:
            checking.state_or_none("start", start)
        board, name = self._board(board, name)
        solver = self.solver(only, exclude, tier).for_stars(board.stars)
        result = solver.solve(board, None if start is None else start.copy())
        diagnosis = _answer_check()(result, start, solver)
        return Solution(name, board, result, list(solver.rules), diagnosis)

    def explain(self, board: BoardOrPath, name: str = BOARD_NAME) -> Solution:
        """The whole solve with every rule, for its steps in words
        (:meth:`Solution.text` with ``explain``, or :meth:`Solution.to_json`)."""
        return self.solve(board, name=name)

    def hint(
        self,
        board: BoardOrPath,
        state: State | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        every_step: bool = False,
        name: str = BOARD_NAME,
        state_name: str | None = None,
    ) -> HintAnswer:
        """The next deduction from ``state`` (None: the empty board), after checking it
        against the board's solutions within ``timeout`` seconds. Raises
        ``ArgumentError`` for a ``timeout`` not above 0 (as ``steps`` and ``why`` do),
        ``SearchLimitExceeded`` past the timeout, ``UnsoundRule`` or ``RuleFailure``."""
        from ..engine.state import State
        from ..tools.hint import find_hint
        from .reports import HintAnswer

        check_seconds("timeout", timeout)
        checking.state_or_none("state", state)
        checking.flag("every_step", every_step)
        checking.text_or_none("state_name", state_name)
        board, name = self._board(board, name)
        start = state or State.initial(board)
        found = find_hint(board, start, self.registry.rules, timeout, every_step)
        return HintAnswer(found, name, state_name)

    def steps(
        self,
        board: BoardOrPath,
        state: State | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        name: str = BOARD_NAME,
        state_name: str | None = None,
    ) -> StepsNow:
        """Every step the rules can take from ``state`` (None: the empty board), easiest
        first, after the check a hint makes (``queens hint --all``)."""
        from .deductions import StepsNow, steps_from

        answer = self.hint(board, state, timeout, False, name, state_name)
        steps = steps_from(answer.hint, self.solver())
        return StepsNow(answer.hint, steps, answer.name, state_name)

    def why(
        self,
        board: BoardOrPath,
        cell: int | str,
        state: State | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        name: str = BOARD_NAME,
        state_name: str | None = None,
    ) -> WhyAnswer:
        """The shortest chain of steps from ``state`` that decides ``cell`` (an index, or
        ``rRcC``): a queen there or a cross, or that nothing decides it yet (``queens
        why``). Raises ``CellError`` for a cell not on the board."""
        from ..tools.hint import HINT, STUCK
        from ..tools.steps import why_cell
        from .deductions import WhyAnswer, cell_index

        board, name = self._board(board, name)
        index = cell_index(board, cell)
        answer = self.hint(board, state, timeout, False, name, state_name)
        found = answer.hint
        chain = None
        if found.status in (HINT, STUCK):
            chain = why_cell(board, found.state, self.solver(), index)
        return WhyAnswer(found, index, chain, name, state_name)

    def what_if(
        self,
        board: BoardOrPath,
        cell: int | str,
        state: State | None = None,
        name: str = BOARD_NAME,
    ) -> WhatIf:
        """A tentative queen (star) on ``cell`` of ``state``, its queens settled, and what
        the rules derive from it: a contradiction with its reason, or the position they
        reach (``queens what-if``). The state is not checked against the solution.
        Raises ``CellError`` for a cell not on the board or not open."""
        from ..engine.state import State
        from ..tools.steps import start_position, try_queen
        from .deductions import CellError, WhatIf, cell_index

        checking.state_or_none("state", state)
        board, name = self._board(board, name)
        index = cell_index(board, cell)
        position = start_position(board, state or State.initial(board))
        if not position.live >> index & 1:
            raise CellError(_not_open(board, state or State.initial(board), position, index))
        return WhatIf(board, position, try_queen(board, position, self.solver(), index), name)

    def practice_size(self, rule: str) -> tuple[int, int]:
        """The size and the stars per unit of the boards :meth:`practise` makes for
        ``rule`` (its counter) when no size is asked: Queens for a rule that runs there,
        else Star Battle with the fewest stars it runs with. Raises ``SelectionError``
        for a rule not installed."""
        from ..generator.practice import default_size, stars_for
        from ..plugins.selection import SelectionError, unknown_rule

        checking.text("rule", rule)
        chosen = next((r for r in self.registry.rules if r.counter == rule), None)
        if chosen is None:
            raise SelectionError(*unknown_rule(rule, self.registry.rules), about="rule")
        stars = stars_for(chosen)
        return default_size(stars), stars

    def practise(
        self,
        rule: str,
        size: int | None = None,
        seed: int = 0,
        seconds: float = 30.0,
        strict: bool | None = None,
    ) -> Practice:
        """A board to practise ``rule`` (its counter) on: the rule needed, and first past
        the easier rules, where the hint points at it (``queens practise``). Queens for a
        rule that runs there, else Star Battle with the fewest stars it runs with. Raises
        ``SelectionError`` for a rule not installed, ``GenerateError`` for one no board
        can need, ``GiveUp`` past ``seconds`` (its ``next_seed``: where a search may go
        on). ``strict``: whether the board must need the rule (default: for the first
        half of the time; see :func:`~queens_core.generator.practice.make_practice`)."""
        import time

        from ..generator.practice import make_practice
        from ..generator.queens_maker import GenerateError
        from ..plugins.selection import SelectionError, unknown_rule
        from .generation import refuse_fractions
        from .practice import Practice

        checking.text("rule", rule)
        if size is not None:
            refuse_fractions(size=size)
        checking.whole("seed", seed)
        checking.flag_or_none("strict", strict)
        by_counter = {r.counter: r for r in self.registry.rules}
        chosen = by_counter.get(rule)
        if chosen is None:
            raise SelectionError(*unknown_rule(rule, self.registry.rules), about="rule")
        if chosen.counting == "placement":
            raise GenerateError(
                f"{rule}: its steps are a placed piece's own crosses, which the game makes "
                "itself: there is nothing to practise",
                about="rule",
            )
        check_seconds("seconds", seconds)
        started = time.process_time()
        made = make_practice(chosen, self.registry.rules, size, seed, seconds, strict)
        return Practice(chosen, made, time.process_time() - started)

    def check(
        self,
        board: Board | str | os.PathLike[str],
        cap: int = DEFAULT_CAP,
        timeout: float | None = DEFAULT_TIMEOUT,
        stars: int | None = None,
        only: Iterable[str] = (),
        exclude: Iterable[str] = (),
        tier: str | None = None,
        name: str | None = None,
    ) -> CheckAnswer:
        """Is ``board`` (a board, or the path of one) ready to ship: its solutions (up to
        ``cap``, within ``timeout`` seconds), whether the rules solve it, its tier and
        grade. Never raises for a bad board: its report says why. Raises ``ArgumentError``
        for a ``cap`` below 2, which could not tell one solution from several."""
        from ..tools.check import check_board
        from .reports import CheckAnswer

        _check_cap(cap)
        checking.stars(stars)
        _check_timeout(timeout)
        checking.text_or_none("name", name)
        if isinstance(board, os.PathLike):
            board = os.fspath(board)

        grader = self.grader(only, exclude, tier)
        if isinstance(board, str):
            report = check_board(board, grader, cap, timeout, self.readers, stars)
        else:
            board = checking.board(board)
            report = check_board(_IN_MEMORY, grader, cap, timeout, [_holding(board)], board.stars)
            report.path = name or BOARD_NAME
        return CheckAnswer(report)

    def check_paths(
        self,
        paths: Sequence[str] | str | os.PathLike[str],
        cap: int = DEFAULT_CAP,
        timeout: float | None = DEFAULT_TIMEOUT,
        stars: int | None = None,
        only: Iterable[str] = (),
        exclude: Iterable[str] = (),
        tier: str | None = None,
        *,
        cluster: str | None = None,
    ) -> list[tuple[str, Callable[[], CheckAnswer]]]:
        """Every board under ``paths`` (a folder: its board files, at any depth, in
        natural order), each with the check that runs when called; with ``cluster``,
        the address of a Dask scheduler, its workers check the boards (call the checks
        in order: each waits for its answer; a check raises ``ClusterError`` when the
        cluster cannot give it)."""
        _check_cap(cap)
        checking.stars(stars)
        _check_timeout(timeout)
        # One file or folder is one path, not its letters (a "/" among which was the root
        # of the file system, walked for boards).
        paths = _paths_list(paths)
        only, exclude = _names(only, "only"), _names(exclude, "exclude")
        tier = _tier(tier)
        checking.text_or_none("cluster", cluster)
        from ..tools.batch import expand_paths
        from ..tools.check import unreadable
        from .reports import CheckAnswer

        if cluster is not None:
            from ..runtime.cluster import answers_at
            from .batches import checks_on_cluster

            answers_at(cluster)
            entries = expand_paths(paths, self.readers)
            grader = self.grader(only, exclude, tier)
            return checks_on_cluster(cluster, entries, grader, cap, timeout, self.readers, stars)

        def checker(path: str, problem: str | None) -> Callable[[], CheckAnswer]:
            if problem is not None:
                return lambda: CheckAnswer(unreadable(path, problem))
            return lambda: self.check(path, cap, timeout, stars, only, exclude, tier)

        return [
            (path, checker(path, problem)) for path, problem in expand_paths(paths, self.readers)
        ]

    def grade(
        self,
        board: BoardOrPath,
        only: Iterable[str] = (),
        exclude: Iterable[str] = (),
        tier: str | None = None,
    ) -> Grading:
        """How the rules grade ``board``: the tier and grade of the first rung of the
        ladder that solves it, and its score (``rung`` None: they do not solve it)."""
        from .reports import Grading

        board, _name = self._board(board, BOARD_NAME)
        grader = self.grader(only, exclude, tier).for_stars(board.stars)
        return Grading(board, grader.assess(board))

    def stats(
        self,
        paths: Sequence[str] | str | os.PathLike[str],
        stars: int | None = None,
        only: Iterable[str] = (),
        exclude: Iterable[str] = (),
        tier: str | None = None,
        uniqueness: bool = True,
        progress: Callable[[int, int], None] | None = None,
        *,
        cluster: str | None = None,
    ) -> Statistics:
        """Solve every board under ``paths`` in this process (or, with ``cluster``, the
        address of a Dask scheduler, on its workers) and sum it up: by size, tier and
        grade, the counters, the times; each board's solutions counted unless
        ``uniqueness`` is false. Raises ``BoardInputError`` for a path that does not exist
        (before any work), ``ClusterError`` when the cluster cannot."""
        from ..tools.batch import refuse_missing
        from ..tools.grade import Grader
        from ..tools.stats import UniquenessCheck, collect, declared_stars, merged
        from .reports import Statistics

        paths = _paths_list(paths)
        checking.stars(stars)
        checking.flag("uniqueness", uniqueness)
        checking.function_or_none("progress", progress)
        checking.text_or_none("cluster", cluster)
        run = None
        if cluster is not None:
            from ..runtime.cluster import answers_at, on_cluster

            run = on_cluster(answers_at(cluster))

        refuse_missing(paths, self.readers)
        rules = self.rules(only, exclude, tier)
        check = UniquenessCheck() if uniqueness else None
        # Left to the inputs, K is the first board's: a folder of Star Battle boards is
        # summed up as such, and the boards of each other K in a summary of their own
        # (the rules, so the counters, depend on K). A K the user gives is every board's.
        first = stars or declared_stars(paths, self.readers)
        other_stars: dict[int, list[str]] | None = None if stars else {}
        parts = [
            (
                first,
                collect(
                    paths,
                    Grader(rules, first),
                    progress,
                    readers=self.readers,
                    stars=stars,
                    uniqueness=check,
                    other_stars=other_stars,
                    run=run,
                ),
            )
        ]
        for k, their_paths in sorted((other_stars or {}).items()):
            part = collect(
                their_paths,
                Grader(rules, k),
                progress,
                readers=self.readers,
                uniqueness=check,
                run=run,
            )
            parts.append((k, part))
        if len(parts) == 1:
            return Statistics(parts[0][1], tuple(paths))
        parts.sort(key=lambda part: part[0])
        return Statistics(merged([part for _, part in parts]), tuple(paths), tuple(parts))

    def generate(
        self,
        size: int,
        stars: int = 1,
        count: int = 1,
        seed: int = 0,
        tier: str | None = None,
        grade: str | None = None,
        min_region: int = 1,
        max_tries: int | None = None,
        jobs: int = 1,
        needs: Sequence[str] = (),
        only: Iterable[str] = (),
        exclude: Iterable[str] = (),
        out_dir: str | None = None,
        force: bool = False,
        max_region: int | None = None,
        *,
        cluster: str | None = None,
    ) -> Batch:
        """A batch of ``count`` boards of ``size`` with ``stars`` per unit (1: Queens),
        each with one solution that the rules solve, of the ``tier`` or ``grade`` asked
        and needing the rules of ``needs``; board ``i`` of the batch ``seed`` is the same
        board on every machine. With ``out_dir``, the boards whose files are there are
        kept (unless ``force``). ``max_region`` caps a region's cells (Queens boards;
        from 12×12 up the maker keeps regions within published boards' range anyway).
        With ``cluster``, the address of a Dask scheduler, its workers make the boards
        (the same boards). Raises ``GenerateError`` (before any work) for a batch that
        cannot be made, ``ClusterUnreachable`` for a ``cluster`` where nothing answers;
        iterating the batch raises ``GiveUp``, and ``ClusterError`` when the cluster
        cannot run it."""
        from ..generator.queens_maker import GenerateError
        from .generation import plan_batch

        checking.whole("seed", seed)
        checking.whole("stars", stars)
        tier, grade = checking.text_or_none("tier", tier), checking.grade("grade", grade)
        needs = checking.names("needs", needs, "rule ids")
        only, exclude = _names(only, "only"), _names(exclude, "exclude")
        out_dir = checking.path_or_none("out_dir", out_dir)
        checking.flag("force", force)
        checking.text_or_none("cluster", cluster)
        if cluster is not None:
            from ..runtime.cluster import answers_at

            if jobs != 1:
                raise GenerateError(
                    Argument("jobs"),
                    " is for the processes of this machine: with ",
                    Argument("cluster"),
                    " the cluster's workers share the batch",
                )
            answers_at(cluster)
        batch = plan_batch(
            self.registry.rules, size, stars, count, seed, tier, grade, min_region, max_tries, jobs,
            needs, self.rules(only, exclude, None), out_dir, force, max_region,
        )  # fmt: skip
        batch.cluster = cluster
        return batch

    def new_board(
        self, size: int, stars: int = 1, grade: str | None = None, seed: int | None = None,
        seconds: float = 10.0, max_region: int | None = None,
    ) -> MadeBoard:  # fmt: skip
        """One board the rules solve (of ``grade``, if given), as ``generate`` makes
        board 0 of a batch: short rounds of attempts, each the batch of the next seed
        from ``seed`` (None: a random one), until one gives a board; ``GiveUp`` after
        ``seconds``. ``max_region`` as for ``generate``."""
        from ..generator.queens_maker import GenerateError
        from .generation import new_board, refuse_fractions

        refuse_fractions(size=size, max_region=max_region)
        checking.whole("stars", stars)
        if stars < 1:
            raise GenerateError(Argument("stars"), f" must be at least 1, not {stars}")
        checking.whole_or_none("seed", seed)
        checking.budget("seconds", seconds)
        grade = checking.grade("grade", grade)
        return new_board(self.registry.rules, size, stars, grade, seed, seconds, max_region)

    def fix(
        self,
        board: BoardOrPath,
        keep: Iterable[str] = (),
        seconds: float = 10.0,
        seed: int = 0,
        name: str = BOARD_NAME,
        tier: str | None = None,
        grade: str | None = None,
        needs: Sequence[str] = (),
    ) -> FixAnswer:
        """The fewest region edits found within ``seconds`` (each gives a cell to a region
        it touches; every region stays 4-connected and non-empty) that leave ``board``
        (Queens or Star Battle) exactly one solution, changing none of the regions
        lettered in ``keep``; with ``tier``, ``grade`` or ``needs`` (rule ids), only a
        board the installed rules solve at that tier or grade, needing those rules, is a
        fix. Whether no fix with fewer edits exists is proven when the search got that
        far. The fixed board is checked by the exact search before it is returned.
        Raises ``FixError`` for an unknown region letter, tier, grade or rule."""
        from ..generator.fix import fix_target, repair
        from ..referee.exact import find_solutions
        from .fixing import FixAnswer

        check_seconds("seconds", seconds)
        keep = checking.letters("keep", keep)
        checking.whole("seed", seed)
        tier, grade = checking.text_or_none("tier", tier), checking.grade("grade", grade)
        needs = checking.names("needs", needs, "rule ids")
        board, name = self._board(board, name)
        target = fix_target(self.registry.rules, board.stars, tier, grade, needs)
        repaired = repair(board, keep, seconds, seed, target)
        fixed = None if repaired.rows is None else Board(repaired.rows, board.stars)
        solution = 0
        if fixed is not None:
            found = find_solutions(fixed, 2)
            if len(found) != 1 or fixed.warnings:
                raise AssertionError(f"the fix of {name} is not a unique connected board")
            solution = found[0]
            if target is not None and not target(fixed, solution):
                raise AssertionError(f"the fix of {name} is not {target.words}")
        words = None if target is None else target.words
        return FixAnswer(name, board, repaired, fixed, solution, words)

    def analyse(
        self,
        rows: Sequence[str] | BoardOrPath,
        stars: int | None = None,
        seconds: float | None = ANALYSIS_SECONDS,
    ) -> Analysis:
        """A map as a designer paints it (its rows, one string a row), or a board (or its
        path), with ``stars`` per unit (None: a board's own, else 1): its solutions
        counted up to two within ``seconds``, the cells where two of them differ, and the
        grade, tier and rules needed of a map with one solution. A map with too few or
        too many regions is answered ``incomplete``, not refused. Raises ``BoardError``
        for rows that draw no square map or a K its size cannot hold, ``BoardInputError``
        for a path that holds no board, ``RuleFailure`` or ``UnsoundRule`` when a rule
        fails."""
        from .analysis import analyse_map

        checking.stars(stars)
        checking.budget_or_none("seconds", seconds)
        if isinstance(rows, (str, os.PathLike)):
            rows, _name = self._board(rows, BOARD_NAME)
        elif not isinstance(rows, Board):
            rows = checking.rows("rows", rows).split("\n")
        return analyse_map(rows, stars, self.grader(), seconds)

    def render(
        self,
        board: BoardOrPath,
        state: State | None = None,
        picture: str = "svg",
        labels: bool = False,
        letters: bool = False,
        title: str | None = None,
    ) -> str | bytes:
        """``board`` drawn with ``state``'s marks: an SVG document (text), a PNG image
        (bytes; needs Pillow) or the ``♛ ⨯ .`` text picture (``picture``: svg, png, text;
        anything else raises ``ArgumentError``)."""
        checking.state_or_none("state", state)
        if picture not in PICTURES:
            raise ArgumentError(
                Argument("picture"), f" {picture!r} is not one of {', '.join(PICTURES)}"
            )
        checking.flag("labels", labels)
        checking.flag("letters", letters)
        checking.text_or_none("title", title)
        board, _name = self._board(board, BOARD_NAME)
        show_dead = not (state is not None and state.is_solved(board))
        if picture == "text":
            from ..engine.state import State

            return (state or State.initial(board)).picture(board, show_dead=show_dead)
        if picture == "png":
            from ..render.png import render_png

            return render_png(board, state, show_dead=show_dead, labels=labels)
        from ..render.svg import render_svg

        return render_svg(
            board, state, show_dead=show_dead, labels=labels, letters=letters, title=title
        )


#: A name no file can have (it holds a NUL): what the check of a board held in memory
#: reads it under, so that no reader ever looks for a file of that name.
_IN_MEMORY = "\0in-memory board"


# The functions :meth:`Application.read` and :meth:`Application.solve` call, imported on
# their first call rather than with the API (importing ``queens_core.api`` loads neither
# the readers nor the solver), and then kept: an import statement in a method that runs
# once a board costs some 10,000 instructions a time in Python 3.11 (it looks for the
# module's ``__path__``, and builds and drops an AttributeError), about as much as
# reading a small board.


@cache
def _reading() -> tuple[
    Callable[[str], str],
    Callable[[str, Sequence[Reader]], Reading],
    Callable[[Reading, int | None, str], Board],
]:
    from ..plugins.readers import display_name, read_source
    from ..tools.batch import board_with_stars

    return display_name, read_source, board_with_stars


@cache
def _answer_check() -> Callable[[SolveResult, State | None, Solver], Diagnosis]:
    from ..tools.answers import check_answer

    return check_answer


def _holding(board: Board) -> Reader:
    """An inline reader that recognises only :data:`_IN_MEMORY` and hands over ``board``:
    the check reads its board through the readers, and no file is ever opened."""
    from ..plugins.readers import Reader, Reading

    return Reader(
        name="page",
        summary="the board in the request",
        read=lambda _data: Reading(board=board),
        inline=True,
        sniff=lambda data: data == _IN_MEMORY.encode(),
    )


def _check_timeout(timeout: float | None) -> None:
    """A count's time limit, as ``--timeout`` takes it (None: no limit)."""
    if timeout is not None:
        check_seconds("timeout", timeout)


def _source(source: object) -> str:
    """What :meth:`Application.read` reads, as a string: a path object is its path; a
    value of another type is an ``ArgumentTypeError`` that says what is read (it failed inside a
    reader, with an ``AttributeError`` about ``isprintable``)."""
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
    if not isinstance(source, str):
        wanted = "a path (a string or a path object), '-' or a board in an inline format"
        raise checking.refuse("source", source, wanted)
    return source


def _paths_list(paths: Sequence[str] | str | os.PathLike[str]) -> list[str]:
    """The files and folders a batch verb was given: one path (a string or a path
    object) is one, never its letters."""
    return checking.paths("paths", paths)


def _check_cap(cap: int) -> None:
    """A cap below 2 would stop the count at the first solution (or before it)."""
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 2:
        raise ArgumentError(
            Argument.given("cap", cap),
            ": the count must go on to at least 2 solutions to tell one from several",
        )


def _names(values: Iterable[str], parameter: str) -> tuple[str, ...]:
    """A choice of rule names as a key: one string is one name, never its letters."""
    return checking.names(parameter, values)


def _tier(tier: object) -> str | None:
    """A tier's name, or None (any other value is refused by the selection, by name)."""
    return checking.text_or_none("tier", tier)


def _not_open(board: Board, given: State, position: State, index: int) -> str:
    """Why a tentative piece cannot go on ``index``, in words that name the cell."""
    from ..engine.state import cell_label

    piece = "queen" if board.stars == 1 else "star"
    label = cell_label(board, index)
    if position.queens >> index & 1:
        return f"{label} already holds a {piece}; a tentative {piece} goes on an open cell"
    if not given.live >> index & 1:
        return f"{label} is crossed out; a tentative {piece} goes on an open cell"
    return (
        f"{label} is ruled out by the {piece}s already placed; a tentative {piece} goes on "
        "an open cell"
    )

"""Batches of new boards, Queens (K = 1) or Star Battle (K ≥ 2), through one interface.

Both makers answer the same two calls, in one argument order: ``make(seed, index)``,
board ``index`` of the batch ``seed``, and ``boards(seed, count, jobs, skip)``, the
batch in order. A :class:`Batch` puts a maker together with the files of ``-o DIR``:
the name of each board's file, the boards kept there from an earlier run (read and
graded again, refused when they are no board of this batch any more) and the writing
of each new one, whole or not at all.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.arguments import Argument, Listing, Part, parts_of

if TYPE_CHECKING:
    from typing import Protocol

    from ..engine.board import Board
    from ..engine.rules import Rule
    from ..generator.needs import NeedsFilter
    from ..tools.grade import Assessment, Grader, Rung

#: The ``schema`` of a line of ``queens generate --format json``.
GENERATE_SCHEMA = "queens-generate/4"


@dataclass
class MadeBoard:
    """One board of a generated batch, Queens (K = 1) or Star Battle: the board, its one
    solution and how the rules grade it."""

    index: int
    board: Board
    solution: int
    assessment: Assessment
    #: The seed of the batch it belongs to.
    seed: int
    #: Maps tried for it (Queens boards); 0 for a board kept in its file from an earlier
    #: run; None where the maker does not count them (Star Battle boards).
    attempts: int | None = None
    #: The file it was written to or kept in, or None.
    path: str | None = None
    kept: bool = False

    @property
    def rung(self) -> Rung:
        rung = self.assessment.rung
        assert rung is not None  # a maker keeps only boards the rules solve
        return rung

    @property
    def stars(self) -> int:
        return self.board.stars

    @property
    def summary(self) -> str:
        """``9×9, tier cheap, grade 2 Medium, score 14`` (the stars too, above 1)."""
        n, rung = self.board.n, self.rung
        stars = f", {self.board.stars} stars" if self.board.stars > 1 else ""
        return (
            f"{n}×{n}{stars}, tier {rung.tier}, grade {int(rung.level)} {rung.grade}, "
            f"score {self.assessment.score}"
        )

    def text(self, count: int) -> str:
        """What ``queens generate`` prints of it, board ``index + 1`` of ``count``: the
        file it was written to (or kept in), else the board under its heading (after a
        blank line, but for the first)."""
        if self.path is not None:
            return f"{self.path}: {self.summary}{' (kept)' if self.kept else ''}"
        gap = "\n" if self.index else ""
        heading = f"board {self.index + 1} of {count}: {self.summary}"
        if self.board.stars == 1:
            # The rows alone: what board_file_text gives for K = 1, without loading the
            # report texts its module holds.
            return f"{gap}{heading}\n{self.board}"
        from ..render.text import board_file_text

        return f"{gap}{heading}\n{board_file_text(self.board)}"

    def to_json(self) -> dict[str, Any]:
        """The line of ``queens generate --format json`` (``queens-generate/4``)."""
        from ..render.documents import cells_json

        rung, board = self.rung, self.board
        head: dict[str, Any] = {
            "schema": GENERATE_SCHEMA,
            "seed": self.seed,
            "index": self.index,
            "path": self.path,
            "size": board.n,
        }
        if board.stars > 1:
            head["stars"] = board.stars
        record = {
            **head,
            "board": list(board.rows),
            "solution": cells_json(board, self.solution),
            "tier": rung.tier,
            "grade": {"level": int(rung.level), "name": rung.grade},
            "score": self.assessment.score,
            "counters": dict(self.assessment.full.counters),
        }
        if board.stars == 1:
            record["attempts"] = self.attempts
        record["kept"] = self.kept
        return record


#: A board file kept from an earlier run that is no board of this batch: its path and why.
Refused = Callable[[str, str], None]


if TYPE_CHECKING:
    # A type only: a Protocol class costs its import a millisecond to build.
    class BoardMaker(Protocol):
        """What both makers offer (:class:`~queens_core.maker.Maker`,
        :class:`~queens_core.maker_stars.StarMaker`)."""

        size: int
        grader: Grader

        def make(self, seed: int, index: int) -> Any: ...

        def boards(
            self, seed: int, count: int, jobs: int = 1, skip: Callable[[int], bool] | None = None
        ) -> Iterator[Any]: ...


class WriteFailed(OSError):
    """A board file that could not be written (``str()``: one line naming it)."""


@dataclass
class Batch:
    """``count`` boards of the batch ``seed``, made by ``maker`` or kept in ``out_dir``;
    iterate :meth:`boards`. :attr:`refused` lists the kept files that are no boards of
    it (each said to ``on_refused`` as found)."""

    maker: BoardMaker
    stars: int
    count: int
    seed: int
    out_dir: str | None
    force: bool
    #: The file name of board ``index``.
    name_of: Callable[[int], str]
    #: Why a kept board solved by the rules is not of this batch's tier or grade.
    misfit: Callable[[Assessment], str | None]
    needs: NeedsFilter | None = None
    jobs: int = 1
    refused: list[str] = field(default_factory=list)
    #: The address of a Dask scheduler whose workers make the boards (None: this machine).
    cluster: str | None = None

    @property
    def size(self) -> int:
        return self.maker.size

    def path_of(self, index: int) -> str | None:
        """The file board ``index`` is written to (None without ``out_dir``)."""
        return None if self.out_dir is None else os.path.join(self.out_dir, self.name_of(index))

    def is_kept(self, index: int) -> bool:
        """Board ``index`` is in its file already, and is to be kept (not made again)."""
        path = self.path_of(index)
        return path is not None and not self.force and os.path.exists(path)

    @property
    def kept(self) -> int:
        """How many boards of the batch are kept from their files."""
        return sum(self.is_kept(i) for i in range(self.count))

    def boards(
        self, on_refused: Refused = lambda _path, _why: None
    ) -> Generator[MadeBoard, None, None]:
        """The boards in order: those kept in their files (``kept``, attempts 0), and the
        others made and, with ``out_dir``, written. Raises ``GiveUp`` when a board is not
        found, ``RuleFailure`` or ``UnsoundRule`` when a rule fails, :class:`WriteFailed`."""
        from ..generator.needs import NeverNeeded
        from ..generator.queens_maker import GiveUp

        made = self._made()
        try:
            for index in range(self.count):
                path = self.path_of(index)
                if path is not None and self.is_kept(index):
                    board = self._read_kept(path, index, on_refused)
                    if board is not None:
                        yield board
                    continue
                one = next(made)
                if path is not None:
                    write_board(path, one.board)
                yield MadeBoard(
                    one.index, one.board, one.solution, one.assessment, self.seed,
                    getattr(one, "attempts", None), path,
                )  # fmt: skip
            # The maker's work runs to its own end, not to close(): the workers of --jobs
            # then leave as at the end of any batch, and say what plugin code left running.
            if next(made, None) is not None:
                raise AssertionError("the maker made more boards than the batch asked for")
        except NeverNeeded:
            raise
        except GiveUp as err:
            needs = self.needs
            if self.stars > 1 or needs is None or needs.accepted or not needs.offered:
                raise
            raise GiveUp(needs.verdict(), "; or raise ", Argument("max_tries")) from err
        except ValueError as err:  # the Star Battle maker's maps ran out
            needs = self.needs
            if needs is not None and needs.offered:
                # On boards the rules solved but did not need the rule for.
                raise GiveUp(*needs.verdict()) from err
            raise GiveUp(str(err)) from err
        finally:
            # An early end (Ctrl-C, SIGTERM, a board that cannot be written) stops the
            # workers of --jobs now, not when the generator is collected.
            close = getattr(made, "close", None)
            if close is not None:
                close()

    def _made(self) -> Iterator[Any]:
        """The boards to make, in order: by the maker here, or on the cluster."""
        if self.cluster is None:
            return self.maker.boards(self.seed, self.count, self.jobs, skip=self.is_kept)
        from ..generator.queens_maker import made_elsewhere
        from ..runtime.cluster import on_cluster

        indices = [i for i in range(self.count) if not self.is_kept(i)]
        return made_elsewhere(self.maker, self.seed, indices, on_cluster(self.cluster))

    def _read_kept(self, path: str, index: int, on_refused: Refused) -> MadeBoard | None:
        """The board kept in ``path``, its one solution and how the rules grade it; None,
        said to ``on_refused`` and added to :attr:`refused`, when it cannot be read, is
        not a board of this batch's size and stars, has not exactly one solution, is not
        solved by the selected rules, or is not of the batch's target."""
        from ..referee.blame import UnsoundRule
        from ..referee.exact import find_solutions
        from ..tools.batch import BoardInputError, read_board_file

        def refuse(why: str) -> None:
            on_refused(path, why)
            self.refused.append(path)

        try:
            board = read_board_file(path)
        except BoardInputError as err:
            refuse(f"not read again: {err.detail}")
            return None
        size, stars = self.size, self.stars
        if (board.n, board.stars) != (size, stars):
            what = f"{size}×{size}" + (f", {stars} stars" if stars > 1 else "")
            refuse(f"it is not a board of this batch ({what})")
            return None
        solutions = find_solutions(board, 2)
        if len(solutions) != 1:
            refuse("it has no solution" if not solutions else "it has more than one solution")
            return None
        try:
            assessment = self.maker.grader.assess(board, solution=solutions[0])
        except UnsoundRule as err:
            raise UnsoundRule(f"{path}: {err}") from None
        if assessment.rung is None:
            refuse("the selected rules do not solve it")
            return None
        why = self.misfit(assessment)
        if why is not None:
            refuse(why)
            return None
        return MadeBoard(index, board, solutions[0], assessment, self.seed, 0, path, kept=True)


#: The numbers of a batch that may be left out (None): the others must be given.
OPTIONAL = frozenset({"max_tries", "max_region"})


def refuse_fractions(**values: object) -> None:
    """Raise ``GenerateError`` naming the first of ``values`` that is not a whole number
    (None only for those of :data:`OPTIONAL`: not given): a size of ``"8"`` or ``6.0``
    from a form or a command line of one's own reached the maker, which failed deep
    inside with a ``TypeError``."""
    from ..generator.queens_maker import GenerateError

    for name, value in values.items():
        if value is None and name in OPTIONAL:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise GenerateError(Argument(name), f": {value!r} is not a whole number")


def plan_batch(
    installed: list[Rule],
    size: int,
    stars: int,
    count: int,
    seed: int,
    tier: str | None,
    grade: str | None,
    min_region: int,
    max_tries: int | None,
    jobs: int,
    needs: Sequence[str],
    rules: list[Rule],
    out_dir: str | None,
    force: bool,
    max_region: int | None = None,
) -> Batch:
    """The batch asked for, of boards the ``rules`` solve (``installed``: every rule,
    which ``needs`` names), every option checked (``GenerateError``) and ``out_dir``
    made ready before any board is made."""
    from ..generator.queens_maker import GenerateError

    refuse_fractions(size=size, count=count, min_region=min_region, max_tries=max_tries,
                     jobs=jobs, max_region=max_region)  # fmt: skip
    if count < 1:
        raise GenerateError(Argument("count"), f": {count} makes no board; give 1 or more")
    if force and out_dir is None:
        raise GenerateError(
            Argument("force"),
            " needs ",
            Argument("out_dir"),
            ": it overwrites the board files already in DIR",
        )
    if stars != 1:
        batch = _star_batch(
            installed,
            size,
            stars,
            count,
            seed,
            tier,
            grade,
            min_region,
            max_tries,
            jobs,
            needs,
            rules,
            max_region,
        )
    else:
        batch = _queens_batch(
            installed, size, count, seed, tier, grade, min_region, max_tries, jobs, needs, rules,
            max_region,
        )  # fmt: skip
    batch.out_dir, batch.force = out_dir, force
    if out_dir is not None:
        prepare_dir(out_dir)
    return batch


def _queens_only(stars: int) -> tuple[Part, ...]:
    """What follows a parameter that only the Queens maker has."""
    return (" is for Queens boards, not with ", Argument.given("stars", stars))


def _needs_filter(
    installed: list[Rule],
    rules: list[Rule],
    needs: Sequence[str],
    max_tries: int | None,
    stars: int,
) -> NeedsFilter | None:
    """The test of ``--needs`` (None without it); ``GenerateError`` when no board can
    pass it. It gives up no sooner than the maker would: the user's budget."""
    if not needs:
        return None
    from ..generator.needs import PROBE_BOARDS, NeedsFilter, resolve_needed
    from ..generator.queens_maker import DEFAULT_MAX_TRIES

    probe = max(PROBE_BOARDS, max_tries or DEFAULT_MAX_TRIES)
    needed = resolve_needed(rules, installed, needs, stars)
    return NeedsFilter(rules, needed, probe, stars)


def _queens_batch(
    installed: list[Rule],
    size: int,
    count: int,
    seed: int,
    tier: str | None,
    grade: str | None,
    min_region: int,
    max_tries: int | None,
    jobs: int,
    needs: Sequence[str],
    rules: list[Rule],
    max_region: int | None,
) -> Batch:
    from ..generator.queens_maker import DEFAULT_MAX_TRIES, GenerateError, Maker, describe_target

    accept = _needs_filter(installed, rules, needs, max_tries, 1)
    tries = DEFAULT_MAX_TRIES if max_tries is None else max_tries
    maker = Maker(rules, size, tier, grade, min_region, tries, accept=accept, max_region=max_region)
    if jobs < 1:
        raise GenerateError(Argument("jobs"), f": {jobs} is not a positive number")
    # The grade as named on the ladder, however it was typed ("3", "hard").
    grade_name = maker.target[0].grade if grade is not None else None
    parts = [f"{size}x{size}", *(p.lower() for p in (tier, grade_name) if p)]
    if min_region > 1:
        parts.append(f"min{min_region}")
    if max_region is not None:
        parts.append(f"max{max_region}")

    def misfit(assessment: Assessment) -> str | None:
        rung = assessment.rung
        if rung is None or rung.level in maker.levels:
            return None
        return (
            f"it is graded {rung.level} {rung.grade}, and this batch's boards are "
            f"{describe_target(maker.target)}"
        )

    name_of = _file_namer(parts, accept, seed)
    return Batch(maker, 1, count, seed, None, False, name_of, misfit, accept, jobs)


def _star_batch(
    installed: list[Rule],
    size: int,
    stars: int,
    count: int,
    seed: int,
    tier: str | None,
    grade: str | None,
    min_region: int,
    max_tries: int | None,
    jobs: int,
    needs: Sequence[str],
    rules: list[Rule],
    max_region: int | None,
) -> Batch:
    from ..engine.board import MAX_SIZE, max_stars, size_article
    from ..generator.queens_maker import GenerateError
    from ..generator.stars_maker import StarMaker

    # Star Battle boards are made by their own repair loop, which has none of these.
    for option, given in (
        ("min_region", min_region != 1),
        ("max_region", max_region is not None),
        ("max_tries", max_tries is not None),
    ):
        if given:
            raise GenerateError(Argument(option), *_queens_only(stars))
    if stars < 1:
        raise GenerateError(Argument("stars"), f" must be at least 1, not {stars}")
    if jobs < 1:
        raise GenerateError(Argument("jobs"), f": {jobs} is not a positive number")
    if not 4 <= size <= MAX_SIZE:
        raise GenerateError(Argument("size"), f": {size} is not between 4 and {MAX_SIZE}")
    if stars > max_stars(size):
        raise GenerateError(
            Argument("stars"),
            f": {size_article(size)} {size}×{size} board cannot hold {stars} stars per unit "
            f"(at most {max_stars(size)}): no solution exists",
        )
    if not any(rule.sound_for(stars) for rule in rules):
        # Without this the maker would spin through its attempts on boards none can touch.
        raise GenerateError(
            f"none of the selected rules works with {stars} stars per unit (",
            Listing("rules"),
            " shows the stars each rule is for)",
        )
    # A board with too few rounds of repair to need the rule is dropped: give each rule
    # as many boards as the Queens maker gives it before saying none needed it.
    accept = _needs_filter(installed, rules, needs, None, stars)
    try:
        maker = StarMaker(rules, size, stars, tier, grade, accept=accept)
    except ValueError as err:
        raise GenerateError(*parts_of(err)) from None

    def misfit(assessment: Assessment) -> str | None:
        rung = assessment.rung
        if rung is None:
            return None
        if maker.tier is not None and rung.tier != maker.tier:
            return f"it is of tier {rung.tier}, not {maker.tier}"
        if maker.grade is not None and int(rung.level) != maker.grade:
            level = int(rung.level)
            return f"it is graded {level} {rung.grade}; this batch asks for grade {maker.grade}"
        return None

    parts = [f"{size}x{size}", f"{stars}stars", *(p.lower() for p in (tier, grade) if p)]
    name_of = _file_namer(parts, accept, seed)
    return Batch(maker, stars, count, seed, None, False, name_of, misfit, accept, jobs)


def _file_namer(parts: Iterable[str], needs: NeedsFilter | None, seed: int) -> Callable[[int], str]:
    """File names that say what made the board, so that a rerun finds its own files."""
    needed = [] if needs is None else [rule.counter for rule in needs.needed]
    words = [*parts, *(f"needs-{counter.replace('_', '-')}" for counter in needed), f"s{seed}"]
    stem = "-".join(words)
    return lambda index: f"{stem}-{index + 1:04d}.txt"


def prepare_dir(path: str) -> None:
    """Create the folder ``path`` if needed and make sure a file can be written there
    (``GenerateError`` otherwise)."""
    from ..generator.queens_maker import GenerateError

    bare = path.rstrip(os.sep) or path  # "boards.txt/" names the file too (os.path says not)
    if os.path.exists(bare) and not os.path.isdir(bare):
        # -o names a folder of boards; "File exists" would not tell the user that.
        raise GenerateError(f"-o {path}: is a file; -o takes the folder to write the boards into")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as err:
        raise GenerateError(f"cannot write to {path}: {err.strerror or err}") from None
    if not os.path.isdir(path) or not os.access(path, os.W_OK | os.X_OK):
        raise GenerateError(f"cannot write to {path}: not a writable folder")


def write_board(path: str, board: Board) -> None:
    """Write the board file (K on its first line for a Star Battle board) whole or not at
    all: into a hidden file beside it, renamed when complete, so an interrupted batch
    leaves no half-written board to be kept on resuming (a hidden file is no board:
    folders are read without them)."""
    from ..render.text import board_file_text

    folder, name = os.path.split(path)
    partial = os.path.join(folder, f".{name}.part")
    try:
        try:
            with open(partial, "w", encoding="utf-8") as handle:
                handle.write(board_file_text(board) + "\n")
            os.replace(partial, path)
        except BaseException:
            with suppress(OSError):
                os.remove(partial)
            raise
    except OSError as err:
        raise WriteFailed(f"cannot write {path}: {err.strerror or err}") from None


#: Attempts per round of :func:`new_board`: a round is short, so the deadline is
#: checked often.
ATTEMPTS_PER_ROUND = 20


def new_board(
    rules: list[Rule],
    size: int,
    stars: int = 1,
    grade: str | None = None,
    seed: int | None = None,
    seconds: float = 10.0,
    max_region: int | None = None,
) -> MadeBoard:
    """One board the rules solve, of ``grade`` if given, with ``stars`` per unit: board
    0 of the batch of ``seed`` (None: a random seed), else of the next seeds, in short
    rounds, until one gives a board or ``seconds`` have passed (``GiveUp``)."""
    import random
    import time

    from ..generator.queens_maker import GenerateError, GiveUp, Maker
    from ..generator.stars_maker import StarMaker

    refuse_fractions(size=size, max_region=max_region)
    maker: BoardMaker
    if stars == 1:
        maker = Maker(rules, size, None, grade, 1, ATTEMPTS_PER_ROUND, max_region=max_region)
    elif max_region is not None:
        raise GenerateError(Argument("max_region"), *_queens_only(stars))
    else:
        try:
            maker = StarMaker(rules, size, stars, None, grade, ATTEMPTS_PER_ROUND)
        except ValueError as err:
            raise GenerateError(*parts_of(err)) from None
    round_seed = random.randrange(2**32) if seed is None else seed
    deadline = time.monotonic() + seconds
    while True:
        try:
            made = maker.make(round_seed, 0)
            attempts = getattr(made, "attempts", None)
            return MadeBoard(0, made.board, made.solution, made.assessment, round_seed, attempts)
        except (GiveUp, ValueError):  # ValueError: the Star Battle maker's maps ran out
            if time.monotonic() >= deadline:
                target = f"graded {grade}" if grade else "the rules solve"
                kind = f"{size}×{size}" + (f" {stars}★" if stars > 1 else "")
                raise GiveUp(
                    f"no {kind} board {target} was found within {seconds:g} s: "
                    "try again, or another size or grade"
                ) from None
            round_seed += 1

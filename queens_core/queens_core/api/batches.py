"""``check`` over many boards with ``cluster=ADDRESS``: each board is read here, where
its file is, and checked by a worker of the Dask scheduler at ADDRESS; the answers come
back in the order of the boards, as the same checks made here would give them.

The worker-side functions are module-level: a worker imports this module to run them.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.board import Board
    from ..plugins.readers import Reader
    from ..tools.check import CheckReport
    from ..tools.grade import Grader
    from .reports import CheckAnswer


class InOrder:
    """The answers of a batch, taken from ``answers`` as the callers ask for them; a
    caller may ask for answer ``i`` before ``i - 1`` (the others are kept until asked)."""

    def __init__(self, answers: Iterator[Any], names: Sequence[str]) -> None:
        self.answers = answers
        self.names = names
        self.got: dict[int, Any] = {}
        self.following = 0

    def get(self, position: int) -> Any:
        from ..runtime.cluster import ClusterLost

        try:
            while self.following <= position:
                self.got[self.following] = next(self.answers)
                self.following += 1
        except ClusterLost as lost:
            raise lost.naming(self.names[lost.job]) from None
        if self.following == len(self.names):
            self.close()  # the last answer is in: the connection is not needed
        return self.got.pop(position)

    def close(self) -> None:
        close = getattr(self.answers, "close", None)
        if close is not None:
            close()


class _ReadAsSent(Sequence[tuple[str, "tuple[Board, list[str]] | CheckReport"]]):
    """The jobs of a check batch: each board read when its task is sent (a batch of a
    hundred thousand files is not held in memory at once)."""

    def __init__(
        self, paths: list[str], readers: Sequence[Reader], stars: int | None, cap: int
    ) -> None:
        self.paths = paths
        self.readers = readers
        self.stars = stars
        self.cap = cap

    def __len__(self) -> int:
        return len(self.paths)

    def __getitem__(self, position: Any) -> Any:
        from ..tools.check import read_for_check

        path = self.paths[position]
        return path, read_for_check(path, self.readers, self.stars, self.cap)


def checks_on_cluster(
    address: str,
    entries: list[tuple[str, str | None]],
    grader: Grader,
    cap: int,
    timeout: float | None,
    readers: Sequence[Reader],
    stars: int | None,
) -> list[tuple[str, Callable[[], CheckAnswer]]]:
    """Each entry of ``entries`` (a path, and why it names no board, or None) with the
    check that returns its answer when called; the readable boards are checked on the
    cluster, whose connection is closed with the last answer (or when the checks are
    dropped)."""
    from ..runtime.cluster import on_cluster
    from ..tools.check import unreadable
    from .reports import CheckAnswer

    readable = [path for path, problem in entries if problem is None]
    jobs = _ReadAsSent(readable, readers, stars, cap)
    run = on_cluster(address)
    answers = InOrder(run(_set_checker, (grader, cap, timeout), _check_job, jobs), readable)

    def checker(path: str, problem: str | None, position: int) -> Callable[[], CheckAnswer]:
        if problem is not None:
            return lambda: CheckAnswer(unreadable(path, problem))
        return lambda: CheckAnswer(answers.get(position))

    checks = []
    position = 0
    for path, problem in entries:
        checks.append((path, checker(path, problem, position)))
        position += problem is None
    return checks


#: On a worker: the grader, cap and time budget of the batch it checks boards for.
_checking: tuple[Grader, int, float | None] | None = None


def _set_checker(given: tuple[Grader, int, float | None]) -> None:
    global _checking
    _checking = given


def _check_job(job: tuple[str, tuple[Board, int | None] | CheckReport]) -> CheckReport:
    from ..tools.check import CheckReport, check_read_board

    assert _checking is not None
    path, read = job
    if isinstance(read, CheckReport):  # bad input, found where it was read
        return read
    board, unique_stars = read
    grader, cap, timeout = _checking
    report = check_read_board(path, board, grader, cap, timeout, unique_stars)
    if report.error is not None:
        # What a plugin raised goes back only if it survives the trip; else its text.
        try:
            pickle.loads(pickle.dumps(report.error))
        except Exception:
            report.error = RuntimeError(f"{type(report.error).__name__}: {report.error}")
    return report

"""Batches on a Dask cluster (``--cluster ADDRESS``), with the contract of
:func:`.workers.in_processes`: ``work(job)`` for each job after ``set_up(given)``, the
answers yielded in the order of the jobs, whatever order the cluster finishes them in.

The cluster is Dask's distributed scheduler (the optional ``cluster`` extra of
queens-core installs it); the command connects to a scheduler that is already running,
and each job is one task. What this module adds to ``distributed.Client``:

- ``given`` (a maker, with its rules and tables) is sent to the workers once, not with
  every task; a task sets its worker up only when the batch it belongs to changes, under
  a lock, so that several batches can share one cluster, and a worker with several
  threads runs one job at a time (the jobs are CPU-bound Python: threads would only take
  turns). If every copy of it is lost with its workers, it is sent again;
- a worker that dies loses nothing: the scheduler runs its tasks again elsewhere (Dask's
  own bookkeeping); a job that has ended as many workers as the scheduler allows
  (``distributed.scheduler.allowed-failures``), or a cluster left without a worker for
  :data:`WORKERLESS_SECONDS`, ends the batch with
  :class:`ClusterLost`, every answer before it already yielded;
- at most a few tasks per worker thread wait on the scheduler ahead of the answer the
  caller waits for: a batch of a million boards is not a million tasks at once; and a
  task takes several quick jobs (as many as a quarter of a second holds, once a job has
  been timed), so that checking small boards is not all round trips;
- before any work, the workers' queens-core and rule packages are compared with this
  machine's: a worker with other versions (or none) would make other boards, and is
  refused by name;
- an early end (an error, Ctrl-C, a consumer that stops reading) cancels what is left and
  closes the connection; the workers keep running, ready for the next batch. The batch
  waits for answers on an event of its own, where Ctrl-C is answered at once; each call
  that waits inside Dask's client runs with Ctrl-C and SIGTERM deferred until it returns
  (:func:`.signals.signals_deferred`), since the client cannot take them half-way.
"""

from __future__ import annotations

import threading
import uuid
from collections import deque
from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar

from ..engine.arguments import Argument, Worded
from .signals import signals_deferred

J = TypeVar("J")
R = TypeVar("R")

#: What runs a batch's jobs: ``runner(set_up, given, work, jobs)`` yields ``work(job)``
#: for each job, in order, wherever its workers are, each set up with ``set_up(given)``.
Runner = Callable[
    [Callable[[Any], None], Any, Callable[[Any], Any], Sequence[Any]], Generator[Any, None, None]
]

#: How long the scheduler, and then a first worker, may take to answer.
CONNECT_SECONDS = 10.0
#: How long the batch waits with no worker in the cluster before it gives up.
WORKERLESS_SECONDS = 30.0
#: How often the wait for an answer looks at the cluster's workers.
LIVENESS_CHECK = 1.0
#: Tasks that may wait for each worker thread, besides the one it runs.
TASKS_AHEAD = 2
#: How long a task should take: quicker jobs go to a worker several at a time, since
#: each task's round trip through the scheduler costs milliseconds.
TASK_SECONDS = 0.25
#: The most jobs one task takes.
MOST_JOBS_A_TASK = 64
#: Times ``given`` is sent again after every copy of it was lost with its workers.
RESENDS = 3


class ClusterError(Exception):
    """The batch cannot run on the cluster (``str()``: one line that says why)."""


class ClusterUnreachable(ClusterError, Worded):
    """No scheduler answers at the address, none of its workers can run queens, or their
    packages differ from this machine's: nothing was done."""


class ClusterLost(ClusterError):
    """The cluster stopped giving answers during the batch: a job ended the workers that
    ran it, or no worker was left. Every answer before it was yielded. ``job`` is the
    job's position in the batch until a caller puts its name there ("board 7")."""

    def __init__(self, template: str, job: Any) -> None:
        super().__init__(template, job)
        self.template = template
        self.job = job

    def __str__(self) -> str:
        return self.template.replace("{job}", str(self.job))

    def naming(self, job: str) -> ClusterLost:
        """The same loss, its job named as the caller knows it ("board 7")."""
        return ClusterLost(self.template, job)


def on_cluster(
    address: str,
) -> Runner:
    """A runner with the arguments of :func:`.workers.in_processes` but the number of
    processes: ``runner(set_up, given, work, jobs)`` runs the jobs on the cluster whose
    scheduler is at ``address`` (``tcp://host:8786``, ``host:8786``, or the path of the
    scheduler's file)."""

    def run(
        set_up: Callable[[Any], None], given: Any, work: Callable[[J], R], jobs: Sequence[J]
    ) -> Generator[R, None, None]:
        return _run(address, set_up, given, work, jobs)

    return run


def _run(
    address: str,
    set_up: Callable[[Any], None],
    given: Any,
    work: Callable[[J], R],
    jobs: Sequence[J],
) -> Generator[R, None, None]:
    client = _connect(address)
    try:
        _same_software(client, address)
        yield from _Batch(client, address, set_up, given, work, jobs).answers()
    finally:
        with signals_deferred():
            client.close(timeout=CONNECT_SECONDS)


def _connect(address: str) -> Any:
    address = answers_at(address)
    try:
        import distributed
    except ImportError:
        raise ClusterUnreachable(
            Argument("cluster"),
            " needs Dask's distributed scheduler: pip install 'queens-core[cluster]'",
        ) from None
    _quiet(distributed)
    try:
        with signals_deferred():
            client = distributed.Client(
                address, timeout=CONNECT_SECONDS, set_as_default=False, direct_to_workers=False
            )
    except (OSError, TimeoutError, ValueError) as err:
        raise ClusterUnreachable(
            Argument.given("cluster", address),
            f": no Dask scheduler answers there ({_reason(err)})",
        ) from None
    try:
        _wait_for_a_worker(client, address)
    except BaseException:
        with signals_deferred():
            client.close(timeout=CONNECT_SECONDS)
        raise
    return client


def _wait_for_a_worker(client: Any, address: str) -> None:
    """Return once the cluster has a worker; raise :class:`ClusterUnreachable` when none
    joins within :data:`CONNECT_SECONDS`. Asked in short calls, with pauses between them
    where Ctrl-C is answered at once (``client.wait_for_workers`` is one long call)."""
    import time

    deadline = time.monotonic() + CONNECT_SECONDS
    while True:
        try:
            with signals_deferred():
                if client.nthreads():
                    return
        except (OSError, TimeoutError) as err:
            raise ClusterUnreachable(
                Argument.given("cluster", address),
                f": the scheduler stopped answering ({_reason(err)})",
            ) from None
        if time.monotonic() > deadline:
            raise ClusterUnreachable(
                Argument.given("cluster", address),
                f": the scheduler has no worker (none joined within "
                f"{CONNECT_SECONDS:g} s: start some with `dask worker {address}`)",
            )
        time.sleep(0.1)


def scheduler_address(given: str) -> str:
    """The scheduler's address: ``given``, or the address in the scheduler file that
    ``given`` names (``dask scheduler --scheduler-file FILE`` writes one, and workers
    find the scheduler through it: where the cluster shares a file system, it is the
    easiest way to meet). A file that is not there yet is waited for, a while."""
    import json
    import os
    import time

    if not (given.endswith(".json") or os.path.isfile(given)):
        return given
    deadline = time.monotonic() + CONNECT_SECONDS
    while True:
        try:
            with open(given, encoding="utf-8") as file:
                address = json.load(file)["address"]
            if isinstance(address, str):
                return address
            why = "its address is not a string"
        except FileNotFoundError:
            why = "no such file"
        except (OSError, ValueError, KeyError, TypeError) as err:
            # A scheduler may be writing it right now.
            why = f"not a Dask scheduler file ({_reason(err)})"
        if time.monotonic() > deadline:
            raise ClusterUnreachable(Argument.given("cluster", given), f": {why}")
        time.sleep(0.05)


def answers_at(given: str) -> str:
    """The address of the scheduler ``given`` names (see :func:`scheduler_address`);
    raises :class:`ClusterUnreachable` at once where nothing listens there (Dask would
    try again and again until its time-out): a mistyped host or port is the commonest
    mistake, best said before any work."""
    import socket
    from urllib.parse import urlsplit

    address = resolved = scheduler_address(given)
    named = given if resolved == given else f"{given} ({resolved})"
    if "://" not in address:
        address = "tcp://" + address
    try:
        parts = urlsplit(address)
        host, port = parts.hostname, parts.port
    except ValueError as err:
        raise ClusterUnreachable(
            Argument.given("cluster", named), f": not an address ({err})"
        ) from None
    if parts.scheme not in ("tcp", "tls") or host is None or port is None:
        return address  # another of Dask's transports: it says what is wrong with it
    try:
        socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
    except OSError as err:
        raise ClusterUnreachable(
            Argument.given("cluster", named), f": no Dask scheduler answers there ({_reason(err)})"
        ) from None
    return address


def _quiet(distributed: Any) -> None:
    """Dask logs its own view of every worker that comes and goes; what matters to the
    batch reaches its user as one line of ours."""
    import logging

    for name in ("distributed", "distributed.client", "distributed.batched"):
        logging.getLogger(name).setLevel(logging.CRITICAL)


def _reason(err: BaseException) -> str:
    text = " ".join(str(err).split())
    return text[:200] if text else type(err).__name__


def software() -> dict[str, str]:
    """The distributions installed here that decide what a worker computes, each with
    its version: queens-core and every rule package. (Readers and the page do not: the
    boards are read where the command runs.)"""
    from importlib import metadata

    found = {}
    for dist in metadata.distributions():
        name = (dist.metadata["Name"] or "").lower().replace("_", "-")
        if name == "queens-core" or any(e.group == "queens.rules" for e in dist.entry_points):
            found[name] = dist.version
    return dict(sorted(found.items()))


def _same_software(client: Any, address: str) -> None:
    """Refuse the cluster when a worker's queens packages are not this machine's."""
    here = software()
    try:
        with signals_deferred():
            theirs = client.run(software)
    except Exception as err:  # the workers cannot even import queens_core
        raise ClusterUnreachable(
            Argument.given("cluster", address),
            f": its workers cannot run queens ({_reason(err)}): install "
            "queens-core and the same rule packages on every worker",
        ) from None
    for worker, installed in sorted(theirs.items()):
        if installed == here:
            continue
        differences = [
            f"{name} {installed.get(name, 'missing')} (here {here.get(name, 'missing')})"
            for name in sorted(set(here) | set(installed))
            if here.get(name) != installed.get(name)
        ]
        raise ClusterUnreachable(
            Argument.given("cluster", address),
            f": worker {worker} has other queens packages than this "
            f"machine: {', '.join(differences)}; it would make other boards",
        )


class _Batch:
    """The tasks of one batch, submitted a window ahead of the answer awaited; each task
    takes a run of consecutive jobs, as many as run in about :data:`TASK_SECONDS`."""

    def __init__(
        self,
        client: Any,
        address: str,
        set_up: Callable[[Any], None],
        given: Any,
        work: Callable[[Any], Any],
        jobs: Sequence[Any],
    ) -> None:
        self.client = client
        self.address = address
        self.set_up = set_up
        self.given = given
        self.work = work
        self.jobs = jobs
        self.tag = f"queens-{uuid.uuid4().hex[:12]}"
        self.resends = 0
        self.shared = self._share()
        #: The jobs answered so far and the seconds the workers took for them.
        self.timed_jobs = 0
        self.timed_seconds = 0.0

    def _share(self) -> Any:
        with signals_deferred():
            return self.client.scatter(self.given, broadcast=True, hash=False)

    def _submit(self, start: int, end: int) -> Any:
        return self.client.submit(
            _task,
            self.tag,
            self.set_up,
            self.shared,
            self.work,
            [self.jobs[position] for position in range(start, end)],
            key=f"{self.tag}-{start}-{end}-{self.resends}",
            pure=False,
            retries=0,
        )

    def _threads(self) -> int:
        with signals_deferred():
            return max(1, sum(self.client.nthreads().values()))

    def _window(self) -> int:
        return self._threads() * (1 + TASKS_AHEAD)

    def _task_size(self, start: int) -> int:
        """How many jobs the task from job ``start`` takes: one until a job has been
        timed, then those of about :data:`TASK_SECONDS`, but never so many that a worker
        would sit idle at the end of the batch while others finish long tasks."""
        if not self.timed_jobs:
            return 1
        per_job = max(self.timed_seconds / self.timed_jobs, 1e-6)
        fair = (len(self.jobs) - start) // (2 * self._threads())
        return max(1, min(int(TASK_SECONDS / per_job), MOST_JOBS_A_TASK, fair))

    def answers(self) -> Generator[Any, None, None]:
        pending: deque[tuple[int, int, Any]] = deque()
        following = 0
        try:
            while following < len(self.jobs) or pending:
                while following < len(self.jobs) and len(pending) < self._window():
                    end = min(len(self.jobs), following + self._task_size(following))
                    pending.append((following, end, self._submit(following, end)))
                    following = end
                start, end, future = pending.popleft()
                yield from self._answers(start, end, future, pending)
        finally:
            if pending:
                with signals_deferred():
                    self.client.cancel([future for _start, _end, future in pending], force=True)

    def _answers(
        self, start: int, end: int, future: Any, pending: deque[tuple[int, int, Any]]
    ) -> list[Any]:
        """The answers of ``future`` (jobs ``start`` to ``end - 1``); tasks whose copy of
        ``given`` was lost are sent again with a new one."""
        from distributed import CancelledError, KilledWorker

        while True:
            try:
                answers, seconds = self._wait(start, future)
            except KilledWorker:
                if end - start > 1:
                    # One of these jobs ends the workers that run it: find which, one by
                    # one, and give the answers of those before it.
                    return [
                        answer
                        for position in range(start, end)
                        for answer in self._answers(
                            position, position + 1, self._submit(position, position + 1), pending
                        )
                    ]
                raise ClusterLost(
                    f"{{job}} ended the workers of the cluster at {self.address} that ran "
                    "it, one after the other (each died running it; the scheduler's "
                    "distributed.scheduler.allowed-failures says how many may)",
                    start,
                ) from None
            except (CancelledError, OSError) as err:
                # Every worker that held the batch's maker died: send it again, and the
                # tasks that wanted it.
                if self.resends >= RESENDS:
                    raise ClusterLost(
                        f"the cluster at {self.address} lost the work of {{job}} "
                        f"{RESENDS + 1} times ({_reason(err)})",
                        start,
                    ) from None
                self.resends += 1
                self.shared = self._share()
                future = self._submit(start, end)
                for index, (first, last, _old) in enumerate(pending):
                    pending[index] = (first, last, self._submit(first, last))
                continue
            self.timed_jobs += end - start
            self.timed_seconds += seconds
            return answers

    def _wait(self, start: int, future: Any) -> Any:
        """``future``'s answer; gives up when the cluster has had no worker for
        :data:`WORKERLESS_SECONDS`."""
        done = threading.Event()
        future.add_done_callback(lambda _future: done.set())
        workerless = 0.0
        while not done.wait(LIVENESS_CHECK):
            with signals_deferred():
                working = bool(self.client.nthreads())
            if working:
                workerless = 0.0
                continue
            workerless += LIVENESS_CHECK
            if workerless >= WORKERLESS_SECONDS:
                raise ClusterLost(
                    f"the cluster at {self.address} has had no worker for "
                    f"{WORKERLESS_SECONDS:g} s while {{job}} waited",
                    start,
                )
        with signals_deferred():
            return future.result()


#: On a worker: the batch its set-up is for, and the lock that keeps its jobs one at a
#: time (``set_up`` sets module-level state that a job of another batch would replace).
_ready_for: str | None = None
_one_at_a_time = threading.Lock()


def _task(
    tag: str, set_up: Callable[[Any], None], given: Any, work: Callable[[J], R], jobs: list[J]
) -> tuple[list[R], float]:
    """The answers of ``jobs``, and the seconds they took (the set-up left out)."""
    import time

    global _ready_for
    with _one_at_a_time:
        if _ready_for != tag:
            set_up(given)
            _ready_for = tag
        start = time.perf_counter()
        answers = [work(job) for job in jobs]
        return answers, time.perf_counter() - start

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
  caller waits for: a batch of a million boards is not a million tasks at once;
- before any work, the workers' queens packages are compared with this machine's: a
  worker with other versions (or none) would make other boards, and is refused by name;
- an early end (an error, Ctrl-C, a consumer that stops reading) cancels what is left and
  closes the connection; the workers keep running, ready for the next batch.
"""

from __future__ import annotations

import threading
import uuid
from collections import deque
from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar

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
#: Times ``given`` is sent again after every copy of it was lost with its workers.
RESENDS = 3


class ClusterError(Exception):
    """The batch cannot run on the cluster (``str()``: one line that says why)."""


class ClusterUnreachable(ClusterError):
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
        client.close(timeout=CONNECT_SECONDS)


def _connect(address: str) -> Any:
    address = answers_at(address)
    try:
        import distributed
    except ImportError:
        raise ClusterUnreachable(
            "--cluster needs Dask's distributed scheduler: pip install 'queens-core[cluster]'"
        ) from None
    _quiet(distributed)
    try:
        client = distributed.Client(
            address, timeout=CONNECT_SECONDS, set_as_default=False, direct_to_workers=False
        )
    except (OSError, TimeoutError, ValueError) as err:
        raise ClusterUnreachable(
            f"--cluster {address}: no Dask scheduler answers there ({_reason(err)})"
        ) from None
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as err:
        client.close(timeout=CONNECT_SECONDS)
        raise ClusterUnreachable(
            f"--cluster {address}: the scheduler has no worker (none joined within "
            f"{CONNECT_SECONDS:g} s: start some with `dask worker {address}`)"
        ) from err
    return client


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
            raise ClusterUnreachable(f"--cluster {given}: {why}")
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
        raise ClusterUnreachable(f"--cluster {named}: not an address ({err})") from None
    if parts.scheme not in ("tcp", "tls") or host is None or port is None:
        return address  # another of Dask's transports: it says what is wrong with it
    try:
        socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
    except OSError as err:
        raise ClusterUnreachable(
            f"--cluster {named}: no Dask scheduler answers there ({_reason(err)})"
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
    """The queens distributions installed here (the core, rule packages, readers...),
    each with its version: what decides which boards a maker makes."""
    from importlib import metadata

    found = {}
    for dist in metadata.distributions():
        name = dist.metadata["Name"] or ""
        groups = {entry.group for entry in dist.entry_points}
        if name.lower().startswith("queens-") or any(g.startswith("queens.") for g in groups):
            found[name.lower().replace("_", "-")] = dist.version
    return dict(sorted(found.items()))


def _same_software(client: Any, address: str) -> None:
    """Refuse the cluster when a worker's queens packages are not this machine's."""
    here = software()
    try:
        theirs = client.run(software)
    except Exception as err:  # the workers cannot even import queens_core
        raise ClusterUnreachable(
            f"--cluster {address}: its workers cannot run queens ({_reason(err)}): install "
            "queens-core and the same rule packages on every worker"
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
            f"--cluster {address}: worker {worker} has other queens packages than this "
            f"machine: {', '.join(differences)}; it would make other boards"
        )


class _Batch:
    """The tasks of one batch, submitted a window ahead of the answer awaited."""

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

    def _share(self) -> Any:
        return self.client.scatter(self.given, broadcast=True, hash=False)

    def _submit(self, position: int) -> Any:
        return self.client.submit(
            _task,
            self.tag,
            self.set_up,
            self.shared,
            self.work,
            self.jobs[position],
            key=f"{self.tag}-{position}-{self.resends}",
            pure=False,
            retries=0,
        )

    def _window(self) -> int:
        threads = sum(self.client.nthreads().values())
        return max(1, threads) * (1 + TASKS_AHEAD)

    def answers(self) -> Generator[Any, None, None]:
        pending: deque[tuple[int, Any]] = deque()
        following = 0
        try:
            for position in range(len(self.jobs)):
                while following < len(self.jobs) and len(pending) < self._window():
                    pending.append((following, self._submit(following)))
                    following += 1
                waited, future = pending.popleft()
                assert waited == position
                answer = self._answer(position, future, pending)
                yield answer
        finally:
            if pending:
                self.client.cancel([future for _position, future in pending], force=True)

    def _answer(self, position: int, future: Any, pending: deque[tuple[int, Any]]) -> Any:
        """The answer of ``future`` (job ``position``); tasks whose copy of ``given`` was
        lost are sent again with a new one."""
        from distributed import CancelledError, KilledWorker

        while True:
            try:
                return self._wait(position, future)
            except KilledWorker:
                raise ClusterLost(
                    f"{{job}} ended the workers of the cluster at {self.address} that ran "
                    "it, one after the other (each died running it; the scheduler's "
                    "distributed.scheduler.allowed-failures says how many may)",
                    position,
                ) from None
            except (CancelledError, OSError) as err:
                # Every worker that held the batch's maker died: send it again, and the
                # tasks that wanted it.
                if self.resends >= RESENDS:
                    raise ClusterLost(
                        f"the cluster at {self.address} lost the work of {{job}} "
                        f"{RESENDS + 1} times ({_reason(err)})",
                        position,
                    ) from None
                self.resends += 1
                self.shared = self._share()
                future = self._submit(position)
                for index, (waiting, _old) in enumerate(pending):
                    pending[index] = (waiting, self._submit(waiting))

    def _wait(self, position: int, future: Any) -> Any:
        """``future``'s answer; gives up when the cluster has had no worker for
        :data:`WORKERLESS_SECONDS`."""
        from distributed import TimeoutError as DaskTimeout

        workerless = 0.0
        while True:
            try:
                return future.result(timeout=LIVENESS_CHECK)
            except (DaskTimeout, TimeoutError):
                pass
            if self.client.nthreads():
                workerless = 0.0
                continue
            workerless += LIVENESS_CHECK
            if workerless >= WORKERLESS_SECONDS:
                raise ClusterLost(
                    f"the cluster at {self.address} has had no worker for "
                    f"{WORKERLESS_SECONDS:g} s while {{job}} waited",
                    position,
                )


#: On a worker: the batch its set-up is for, and the lock that keeps its jobs one at a
#: time (``set_up`` sets module-level state that a job of another batch would replace).
_ready_for: str | None = None
_one_at_a_time = threading.Lock()


def _task(tag: str, set_up: Callable[[Any], None], given: Any, work: Callable[[J], R], job: J) -> R:
    global _ready_for
    with _one_at_a_time:
        if _ready_for != tag:
            set_up(given)
            _ready_for = tag
        return work(job)

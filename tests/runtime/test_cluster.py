"""Batches on a Dask cluster (``--cluster``): a local cluster of two worker processes,
started by the test, makes and checks the same boards as this machine does alone, loses
no board when a worker is killed, and ends cleanly on Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import ARCHIVE, ROOT

distributed = pytest.importorskip("distributed")

from queens_core.generator.queens_maker import made_elsewhere  # noqa: E402
from queens_core.runtime import cluster as cluster_module  # noqa: E402
from queens_core.runtime.cluster import ClusterLost, ClusterUnreachable  # noqa: E402

pytestmark = pytest.mark.slow

QUEENS = Path(sys.executable).with_name("queens")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[tuple[str, object]]:
    """The address of a local cluster of two single-threaded worker processes, each kept
    alive by a nanny (a killed worker is started again, as on a real cluster), and a
    client of it for the test's own use."""
    local = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    )
    client = distributed.Client(local.scheduler_address)
    try:
        yield local.scheduler_address, client
    finally:
        client.close()
        local.close()


def queens(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(QUEENS), *args], capture_output=True, text=True, timeout=300, cwd=ROOT, check=False
    )


def test_a_batch_on_the_cluster_is_the_batch_made_here(scheduler):
    address, _client = scheduler
    batch = ["generate", "--size", "8", "--count", "12", "--seed", "5", "--format", "json"]
    here = queens(*batch)
    there = queens(*batch, "--cluster", address)
    assert (there.returncode, here.returncode) == (0, 0), there.stderr
    assert there.stdout == here.stdout


def test_star_battle_boards_on_the_cluster_are_those_made_here(scheduler):
    """Star Battle batches run in one process here (--jobs is refused), but a cluster
    takes them."""
    address, _client = scheduler
    batch = ["generate", "--size", "8", "--stars", "2", "--count", "3", "--seed", "2"]
    here = queens(*batch)
    there = queens(*batch, "--cluster", address)
    assert (there.returncode, here.returncode) == (0, 0), there.stderr
    assert there.stdout == here.stdout


def _start(args: list[str]) -> subprocess.Popen:
    return subprocess.Popen(
        [str(QUEENS), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        start_new_session=True,
        # As a terminal's job: a test run started in the background ignores SIGINT.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _wait_for_files(folder: Path, count: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while len(list(folder.glob("*.txt"))) < count:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the batch made no progress"
        time.sleep(0.05)


def _files(folder: Path) -> dict[str, str]:
    return {path.name: path.read_text() for path in sorted(folder.glob("*.txt"))}


BIG_BATCH = ["generate", "--size", "10", "--count", "24", "--seed", "11"]


@pytest.fixture(scope="module")
def made_here(tmp_path_factory) -> dict[str, str]:
    """The files of :data:`BIG_BATCH` made by this machine alone."""
    folder = tmp_path_factory.mktemp("here")
    run = queens(*BIG_BATCH, "-o", str(folder))
    assert run.returncode == 0, run.stderr
    return _files(folder)


def test_a_worker_killed_mid_batch_loses_no_board(scheduler, tmp_path, made_here):
    address, client = scheduler
    process = _start([*BIG_BATCH, "--cluster", address, "-o", str(tmp_path)])
    _wait_for_files(tmp_path, 3, process)
    victim = sorted(client.run(os.getpid).values())[0]
    os.kill(victim, signal.SIGKILL)  # as the out-of-memory killer does
    _out, error = process.communicate(timeout=300)
    assert process.returncode == 0, error
    assert _files(tmp_path) == made_here
    client.wait_for_workers(2, timeout=60)  # the nanny starts it again, for the next test


def test_ctrl_c_ends_a_cluster_batch_with_130_and_the_rerun_resumes_it(
    scheduler, tmp_path, made_here
):
    address, _client = scheduler
    process = _start([*BIG_BATCH, "--cluster", address, "-o", str(tmp_path)])
    _wait_for_files(tmp_path, 2, process)
    os.killpg(process.pid, signal.SIGINT)
    _out, error = process.communicate(timeout=60)
    assert process.returncode == 130, error
    assert b"Traceback" not in error
    assert len(_files(tmp_path)) < len(made_here)
    rerun = queens(*BIG_BATCH, "--cluster", address, "-o", str(tmp_path))
    assert rerun.returncode == 0, rerun.stderr
    assert _files(tmp_path) == made_here


def test_check_on_the_cluster_reports_what_check_reports_here(scheduler, tmp_path):
    address, _client = scheduler
    (tmp_path / "broken.txt").write_text("AB\nBA\nCC\n")
    boards = [str(ARCHIVE / f"{n}.txt") for n in (1, 2, 3, 353)]
    for args in (
        ["check", *boards, "--format", "json"],
        ["check", *boards, str(tmp_path / "broken.txt")],
        ["check", str(ROOT / "archive" / "starbattle" / "10x10-2stars-01.txt")],
    ):
        here, there = queens(*args), queens(*args, "--cluster", address)
        assert (there.returncode, there.stdout, there.stderr) == (
            here.returncode,
            here.stdout,
            here.stderr,
        )


def test_nothing_listening_at_the_address_is_one_line_and_status_2():
    for command in (["generate", "--size", "8"], ["check", str(ARCHIVE / "1.txt")]):
        run = queens(*command, "--cluster", "127.0.0.1:1")
        assert run.returncode == 2
        assert run.stderr.startswith("queens: error: --cluster 127.0.0.1:1: no Dask ")
        assert run.stderr.count("\n") == 1


def test_jobs_and_cluster_together_are_refused(scheduler):
    address, _client = scheduler
    run = queens("generate", "--size", "8", "--jobs", "2", "--cluster", address)
    assert run.returncode == 2
    assert "--jobs is for the processes of this machine" in run.stderr


def test_workers_with_other_queens_packages_are_refused_by_name(monkeypatch):
    class Workers:
        def run(self, function):
            theirs = dict(function())
            theirs["queens-core"] = "0.0.1"
            return {"tcp://10.0.0.7:4000": theirs}

    with pytest.raises(ClusterUnreachable) as refused:
        cluster_module._same_software(Workers(), "tcp://sched:8786")
    message = str(refused.value)
    assert "worker tcp://10.0.0.7:4000" in message
    assert "queens-core 0.0.1 (here " in message


def test_a_board_the_cluster_lost_is_named_by_its_number():
    """The runner names a lost job by its place among the jobs it was given; the maker
    names it as the board of the batch (boards 1 and 2 were kept: the jobs start at 3,
    and the second job is board 4)."""

    def lost_at_once(set_up, given, work, jobs):
        raise ClusterLost("{job} ended the workers that ran it", 1)
        yield  # a generator, as runners are

    class Maker:
        grader = None

    with pytest.raises(ClusterLost) as lost:
        list(made_elsewhere(Maker(), 0, [2, 3, 4], lost_at_once))
    assert str(lost.value) == "board 4 ended the workers that ran it"


def _without_times(document: object) -> object:
    """A stats document with the times left out: they are the workers' clocks."""
    if isinstance(document, dict):
        return {
            key: _without_times(value)
            for key, value in document.items()
            if key not in ("time", "seconds", "solve_s")
        }
    if isinstance(document, list):
        return [_without_times(value) for value in document]
    return document


def test_stats_on_the_cluster_sum_up_what_stats_sums_up_here(scheduler, tmp_path):
    """Boards of two K and a bad file: the summaries per K, the unreadable board and the
    exit status are those made here; only the times are the workers'."""
    import json

    address, _client = scheduler
    (tmp_path / "broken.txt").write_text("AB\nBA\nCC\n")
    boards = [str(ARCHIVE / f"{n}.txt") for n in (1, 2, 353)]
    starred = str(ROOT / "archive" / "starbattle" / "10x10-2stars-01.txt")
    args = ["stats", *boards, starred, str(tmp_path / "broken.txt"), "--format", "json"]
    here, there = queens(*args), queens(*args, "--cluster", address)
    assert there.returncode == here.returncode, there.stderr
    assert there.stderr == here.stderr
    assert _without_times(json.loads(there.stdout)) == _without_times(json.loads(here.stdout))


def test_a_scheduler_without_workers_is_refused_in_one_line(monkeypatch):
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 0.5)
    empty = distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0")
    try:
        with pytest.raises(ClusterUnreachable) as refused:
            cluster_module._connect(empty.scheduler_address)
    finally:
        empty.close()
    assert str(refused.value).endswith(
        ": the scheduler has no worker (none joined within 0.5 s: start some with "
        f"`dask worker {empty.scheduler_address}`)"
    )


class _WatchedClient:
    """A stand-in for Dask's client that runs each task at once and notes, for every call
    that would wait on Dask's event loop, whether Ctrl-C was deferred around it (the
    loop's callbacks fail if Ctrl-C lands in one of those calls: see signals_deferred)."""

    def __init__(self) -> None:
        self.undeferred: list[str] = []
        self.answering = signal.getsignal(signal.SIGINT)

    def _waits(self, call: str) -> None:
        if signal.getsignal(signal.SIGINT) is self.answering:
            self.undeferred.append(call)

    def run(self, function):
        self._waits("run")
        return {"tcp://w:1": function()}

    def scatter(self, given, **_options):
        self._waits("scatter")
        return given

    def nthreads(self):
        self._waits("nthreads")
        return {"tcp://w:1": 1}

    def submit(self, function, *args, **_options):
        return _DoneFuture(self, function(*args))

    def cancel(self, futures, **_options):
        self._waits("cancel")

    def close(self, **_options):
        self._waits("close")


class _DoneFuture:
    def __init__(self, client: _WatchedClient, answer: object) -> None:
        self.client = client
        self.answer = answer

    def add_done_callback(self, callback) -> None:
        callback(self)

    def result(self):
        self.client._waits("result")
        return self.answer


def test_every_call_that_waits_inside_the_client_runs_with_ctrl_c_deferred(monkeypatch):
    client = _WatchedClient()
    monkeypatch.setattr(cluster_module, "_connect", lambda address: client)
    batch = cluster_module.on_cluster("tcp://sched:8786")(
        lambda given: None, None, lambda job: job * job, list(range(10))
    )
    assert next(batch) == 0  # the rest is cancelled when the batch is closed early
    batch.close()
    assert client.undeferred == []
    assert list(cluster_module.on_cluster("x")(lambda g: None, None, str, [1, 2])) == ["1", "2"]
    assert client.undeferred == []

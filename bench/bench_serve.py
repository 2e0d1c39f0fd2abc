"""Time `queens serve`: its start-up to the page's first paint, and the API's round trips.

    .venv/bin/python bench/bench_serve.py              # every 5th archive board, best of 3
    .venv/bin/python bench/bench_serve.py --step 1 --repeat 5
    .venv/bin/python bench/bench_serve.py --baseline OTHER-CHECKOUT/.venv/bin/queens

Start-up: `queens serve --port 0` is started as a user starts it; the clock runs from the
spawn to the page's first paint in a headless chromium (launched beforehand: the browser's
own start is not the server's), and to the board being drawn (after the page has asked
/api/info and /api/daily, which makes the board of the day); the time until the
browser has the page's HTML, and the browser's own share from there to the paint, are
shown apart. Side by side, the
baseline: `queens rules list` (the command line's start-up with the rule packages
loaded, which serve pays too). Without chromium, only the time until the page's HTML is
served.

Round trips: for archive boards, a hint from the empty board (POST /api/hint) and the
whole explanation (POST /api/explain) over HTTP to the running server, each board's best
of ``--repeat``; side by side, the same library calls in this process, without HTTP.

Under load: GET /api/info, one request after another for ``--load-seconds``, first with
the server idle, then while another connection keeps it busy making 12×12 Fiendish
boards (each up to the generator's 10 s); median, p99 and max. ``--baseline QUEENS``
runs the same against another checkout's ``queens`` (one that computes one request at
a time) side by side.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from queens_core import Board, State, load_registry
from queens_core.engine.driver import Solver
from queens_core.render.documents import hint_document, solve_document
from queens_core.tools.hint import find_hint

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "archive" / "boards"
QUEENS = str(Path(sys.executable).parent / "queens")
CHROMIUM = os.environ.get("QUEENS_CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def start_server(queens: str = QUEENS) -> tuple[subprocess.Popen, str, float]:
    """`queens serve` on a free port: the process, its URL, and when it was spawned."""
    spawned = time.time()
    process = subprocess.Popen([queens, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line.startswith("queens: serving "):
        raise SystemExit(f"queens serve did not start: {line!r}")
    return process, line.split()[2], spawned


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    process.wait(timeout=10)


def startup(runs: int) -> list[str]:
    lines = []
    baseline = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([QUEENS, "rules", "list"], capture_output=True, check=True)
        baseline.append(time.perf_counter() - start)
    lines.append(f"baseline: queens rules list            best {min(baseline) * 1e3:6.0f} ms")
    if not os.path.exists(CHROMIUM):
        served = []
        for _ in range(runs):
            process, url, spawned = start_server()
            host = url.split("/")[2]
            connection = http.client.HTTPConnection(host)
            connection.request("GET", "/")
            connection.getresponse().read()
            served.append(time.time() - spawned)
            stop(process)
        lines.append(f"queens serve: page HTML served          best {min(served) * 1e3:6.0f} ms")
        lines.append(f"(no chromium at {CHROMIUM}: first paint not measured)")
        return lines
    from playwright.sync_api import sync_playwright

    paints, drawn, served, browser_side = [], [], [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        for _ in range(runs):
            tab = browser.new_page()
            process, url, spawned = start_server()
            tab.goto(url)
            tab.wait_for_selector("#board .cell, #board rect.cell")
            drawn_at = time.time()
            origin, response_end, paint = tab.evaluate(
                "() => [performance.timeOrigin,"
                " performance.getEntriesByType('navigation')[0].responseEnd,"
                " performance.getEntriesByName('first-contentful-paint')[0].startTime]"
            )
            paints.append((origin + paint) / 1e3 - spawned)
            served.append((origin + response_end) / 1e3 - spawned)
            browser_side.append((paint - response_end) / 1e3)
            drawn.append(drawn_at - spawned)
            tab.close()
            stop(process)
        browser.close()
    lines.append(f"queens serve: page HTML received       best {min(served) * 1e3:6.0f} ms")
    lines.append(f"queens serve: first contentful paint   best {min(paints) * 1e3:6.0f} ms")
    lines.append(f"  of which the browser, HTML to paint  best {min(browser_side) * 1e3:6.0f} ms")
    lines.append(f"queens serve: board drawn (2 API calls) best {min(drawn) * 1e3:6.0f} ms")
    return lines


def best_times(items: list, work: Callable, repeat: int) -> list[float]:
    times = [float("inf")] * len(items)
    for _ in range(repeat):
        for i, item in enumerate(items):
            start = time.perf_counter()
            work(item)
            times[i] = min(times[i], time.perf_counter() - start)
    return times


def quantile(times: list[float], share: float) -> float:
    """The time ``share`` of the runs took at most (0.95: the 95th percentile)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(name: str, times: list[float]) -> str:
    return (
        f"{name:<28} median {statistics.median(times) * 1e3:6.2f} ms   "
        f"p95 {quantile(times, 0.95) * 1e3:6.2f} ms   max {max(times) * 1e3:6.2f} ms"
    )


def round_trips(step: int, repeat: int) -> list[str]:
    paths = sorted(ARCHIVE.glob("*.txt"), key=lambda p: int(p.stem))[::step]
    rows = [p.read_text().split() for p in paths]
    boards = [Board.parse("\n".join(r)) for r in rows]
    registry = load_registry()
    solver = Solver(registry.rules)
    process, url, _ = start_server()
    try:
        connection = http.client.HTTPConnection(url.split("/")[2])

        def post(path: str, body: dict) -> None:
            connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            assert response.status == 200, response.status

        lines = [f"{len(rows)} archive boards, best of {repeat} each"]
        lines.append(
            summary(
                "hint: library, in process",
                best_times(
                    boards,
                    lambda b: hint_document(
                        find_hint(b, State.initial(b), registry.rules), "x", None
                    ),
                    repeat,
                ),
            )
        )
        lines.append(
            summary(
                "hint: HTTP round trip",
                best_times(rows, lambda r: post("/api/hint", {"board": r}), repeat),
            )
        )
        lines.append(
            summary(
                "explain: library, in process",
                best_times(
                    boards,
                    lambda b: solve_document(solver.solve(b), solver.rules, "x"),
                    repeat,
                ),
            )
        )
        lines.append(
            summary(
                "explain: HTTP round trip",
                best_times(rows, lambda r: post("/api/explain", {"board": r}), repeat),
            )
        )
    finally:
        stop(process)
    return lines


def info_latencies(host: str, seconds: float) -> list[float]:
    """GET /api/info one after another for ``seconds``: each round trip's time."""
    connection = http.client.HTTPConnection(host)
    times = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        start = time.perf_counter()
        connection.request("GET", "/api/info")
        response = connection.getresponse()
        response.read()
        times.append(time.perf_counter() - start)
        assert response.status == 200, response.status
        time.sleep(0.01)
    return times


def percentiles(name: str, times: list[float]) -> str:
    return (
        f"{name:<44} n {len(times):4d}  median {statistics.median(times) * 1e3:7.1f} ms"
        f"   p99 {quantile(times, 0.99) * 1e3:7.1f} ms   max {max(times) * 1e3:7.1f} ms"
    )


def under_load(queens: str, label: str, seconds: float) -> list[str]:
    """/api/info's round trips, idle and while 12×12 Fiendish boards are generated."""
    process, url, _ = start_server(queens)
    host = url.split("/")[2]
    stop_load = threading.Event()
    made: list[int] = []

    def keep_busy() -> None:
        connection = http.client.HTTPConnection(host, timeout=60)
        seed = 0
        while not stop_load.is_set():
            body = json.dumps({"size": 12, "grade": "Fiendish", "seed": seed})
            connection.request("POST", "/api/generate", body, {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            made.append(response.status)
            seed += 1

    try:
        info_latencies(host, 1.0)  # the library loaded, the connection warm
        idle = info_latencies(host, seconds)
        worker = threading.Thread(target=keep_busy, daemon=True)
        worker.start()
        time.sleep(0.5)  # the first generate under way
        loaded = info_latencies(host, seconds)
        stop_load.set()
        worker.join(timeout=30)
    finally:
        stop(process)
    return [
        percentiles(f"{label}: /api/info, server idle", idle),
        percentiles(f"{label}: /api/info, while generating", loaded),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--step", type=int, default=5, help="every STEP-th archive board")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--startups", type=int, default=3)
    parser.add_argument("--load-seconds", type=float, default=8.0)
    parser.add_argument("--baseline", metavar="QUEENS", help="another checkout's queens")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}")
    for line in startup(args.startups):
        print(line)
    for line in round_trips(args.step, args.repeat):
        print(line)
    if args.baseline:
        for line in under_load(args.baseline, "baseline", args.load_seconds):
            print(line)
    for line in under_load(QUEENS, "this checkout", args.load_seconds):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The browser that ``serve --open`` starts writes nothing into ``queens serve``'s
standard output: descriptor 1 is standard error while queens runs (what a child process
prints goes there), and the output holds queens' own line only."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest


@pytest.mark.slow
def test_the_browser_serve_opens_prints_on_standard_error(tmp_path):
    opened = tmp_path / "opened"
    browser = tmp_path / "browser"
    browser.write_text(f'#!/bin/sh\necho "browser opened $1"\ntouch {opened}\n', encoding="utf-8")
    browser.chmod(0o755)
    queens = os.path.join(os.path.dirname(sys.executable), "queens")
    with subprocess.Popen(
        [queens, "serve", "--port", "0", "--open"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "BROWSER": str(browser)},
        text=True,
    ) as server:
        deadline = time.monotonic() + 30
        while not opened.exists() and time.monotonic() < deadline and server.poll() is None:
            time.sleep(0.1)
        server.send_signal(signal.SIGINT)
        output, error = server.communicate(timeout=30)
    assert opened.exists(), error
    assert output.startswith("queens: serving http://127.0.0.1:"), output
    assert "browser opened" not in output
    assert "browser opened http://127.0.0.1:" in error, error

"""Every command the README and the manual show is run, and its output compared with the
one pasted under it; every path their prose names exists; the manual builds as a site
with no warning. The convention the documents follow is in doc_sessions.py."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from doc_sessions import (
    DOCUMENTS,
    ROOT,
    Session,
    check_console,
    check_pycon,
    commands,
    matches,
    path_exists,
    prose_paths,
    sessions,
    workspace,
)

ALL_SESSIONS = [session for document in DOCUMENTS for session in sessions(document)]


def marked(session: Session):
    marks = [pytest.mark.slow] if session.slow else []
    return pytest.param(session, id=session.name, marks=marks)


@pytest.mark.parametrize("session", [marked(s) for s in ALL_SESSIONS])
def test_the_documented_session_prints_what_is_shown(session, tmp_path):
    folder = workspace(tmp_path)
    check = check_console if session.kind == "console" else check_pycon
    failures = check(session, folder)
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_paths_the_prose_names_exist(document):
    missing = [
        f"{document.relative_to(ROOT)}:{line}: `{path}` does not exist"
        for line, path in prose_paths(document)
        if not path_exists(path, document)
    ]
    assert not missing, "\n".join(missing)


def test_the_manual_builds_strictly(tmp_path):
    """A broken link, a page left out of the nav or a nav entry without its page fails."""
    mkdocs = Path(sys.executable).with_name("mkdocs")
    build = subprocess.run(
        # Not --quiet: it hides the warnings from the count that --strict fails on.
        [str(mkdocs), "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    assert (tmp_path / "site" / "index.html").exists()


def test_the_readme_stays_a_front_page():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 200


# The harness itself: it must be able to fail.


def test_a_wildcard_line_stands_for_any_lines_and_inside_a_line_for_any_text():
    assert matches(["a", "...", "d"], "a\nb\nc\nd\n")
    assert matches(["a", "...", "d"], "a\nd\n")
    assert matches(["took ... s"], "took 0.25 s\n")
    assert not matches(["a", "d"], "a\nb\nd\n")
    assert not matches(["took ... s"], "took 0.25 ms\n")
    assert not matches(["a"], "a\nb\n")


def test_a_drifted_output_fails(tmp_path):
    document = tmp_path / "drift.md"
    document.write_text("```console\n$ echo one; echo two\none\nthree\n```\n")
    (session,) = sessions(document)
    failures = check_console(session, tmp_path)
    assert len(failures) == 1 and "--- printed\none\ntwo\n" in failures[0]


def test_a_failing_pycon_example_fails(tmp_path):
    document = tmp_path / "drift.md"
    document.write_text("```pycon\n>>> 1 + 1\n3\n```\n")
    (session,) = sessions(document)
    assert check_pycon(session, tmp_path)


def test_a_moved_path_fails(tmp_path):
    document = tmp_path / "stale.md"
    document.write_text("See `queens_core/cli/jsonfmt.py` and `queens_core/engine/board.py`.\n")
    found = [path for _, path in prose_paths(document) if not path_exists(path, document)]
    assert found == ["queens_core/cli/jsonfmt.py"]


@pytest.fixture
def harness_document(tmp_path):
    def write(text: str) -> list[Session]:
        document = tmp_path / "sample.md"
        document.write_text(text)
        return sessions(document)

    return write


def test_the_guides_blocks_are_left_to_their_harness_and_slow_blocks_are_marked(
    harness_document,
):
    found = harness_document(
        "<!-- run -->\n```console\n$ guide only\n```\n"
        "<!-- slow -->\n```console\n$ queens solve \\\n    a.txt\nout\n```\n"
    )
    assert len(found) == 1 and found[0].slow
    assert [(c.command, c.expected) for c in commands(found[0])] == [
        ("queens solve  a.txt", ["out"])
    ]


def test_the_readmes_rule_example_is_the_one_the_guide_runs():
    """The README shows the heart of the guide's package as plain Python (a rule needs a
    package around it to run); the guide's test builds and runs that package. A body of
    a comment and ``...`` in the excerpt stands for the guide's lines (and keeps the
    excerpt valid Python): each piece around them is verbatim in the guide, in order."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    guide = (ROOT / "docs" / "writing-rules.md").read_text(encoding="utf-8")
    excerpts = re.findall(r"^```python\n(.*?)^```$", readme, flags=re.S | re.M)
    assert excerpts
    for excerpt in excerpts:
        position = 0
        for piece in re.split(r"^ *# [^\n]*\n *\.\.\.\n", excerpt, flags=re.M):
            found = guide.find(piece, position)
            assert found >= 0, f"the README's excerpt is not in docs/writing-rules.md:\n{piece}"
            position = found + len(piece)


#: How a duration or a count of tests reads: "40 s", "0.3 seconds", "a minute or two",
#: "takes minutes", "1,234 tests", "all tests pass".
TIMING_OR_TEST_COUNT = re.compile(
    r"\b\d[\d,.]*\s*(?:ms|s|sec|seconds?|min|minutes?|hours?)\b"
    r"|\ban? (?:few )?(?:seconds?|minutes?|hours?)\b|\b(?:takes|within) (?:seconds|minutes)\b"
    r"|\b\d[\d,]*\s+(?:tests?|test cases)\b|\btests? pass",
    flags=re.I,
)


def test_the_readme_states_no_timings_and_no_test_counts():
    """They go stale with every change of the suite or the machine; the manual's pages
    (Development, Performance) say how long things take, measured."""
    found = TIMING_OR_TEST_COUNT.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    assert not found, found
    assert TIMING_OR_TEST_COUNT.search("creates `.venv/` (a minute or two)")
    assert TIMING_OR_TEST_COUNT.search("the whole suite, and takes minutes")
    assert TIMING_OR_TEST_COUNT.search("1,204 tests in 40 s")
    assert not TIMING_OR_TEST_COUNT.search("the 607 real daily boards, 32×32 at most")

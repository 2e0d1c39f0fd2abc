"""The documented sessions of the README and the manual, and how to check them.

The convention every document follows (``docs/development.md`` tells contributors):

- a fenced block with the info string ``console`` holds lines ``$ COMMAND`` (a shell
  command, run from the repository root; a line ending in ``\\`` goes on with the next),
  each followed by its exact output: standard output, then standard error;
- a fenced block with the info string ``pycon`` holds ``>>> `` lines and their output,
  under doctest's rules;
- in an expected output a line that is exactly ``...`` stands for any number of lines,
  and ``...`` inside a line for any text; everything else is compared exactly;
- an HTML comment ``<!-- slow -->`` on the line before a block marks it slow (the fast
  loop leaves it out); a block under one of the comments of the guides' own harness
  (``<!-- run -->``, ``<!-- file: ... -->``, see guide.py) is theirs, not this one's.

Output that is shown but not run (a benchmark's, which takes minutes and varies) goes in a
``text`` block, with the run it came from named beside it.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from support import ROOT

DOCUMENTS = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
BIN = Path(sys.executable).parent

FENCE = re.compile(r"^(```+)([\w-]*)\s*$")
GUIDE_DIRECTIVE = re.compile(r"^<!--\s*(file|layout|run|shown)\b")
SLOW = "<!-- slow -->"
WILDCARD = "..."


@dataclass(frozen=True)
class Session:
    document: Path
    line: int  # 1-based line of the opening fence
    kind: str  # console or pycon
    text: str
    slow: bool

    @property
    def name(self) -> str:
        where = self.document
        if where.is_relative_to(ROOT):
            where = where.relative_to(ROOT)
        return f"{where}:{self.line}"


@dataclass(frozen=True)
class Command:
    command: str
    expected: list[str]


def sessions(document: Path) -> list[Session]:
    """The ``console`` and ``pycon`` blocks of a markdown document, in order."""
    lines = document.read_text(encoding="utf-8").split("\n")
    found = []
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i].strip())
        if not fence:
            i += 1
            continue
        indent = len(lines[i]) - len(lines[i].lstrip())
        end = next(
            (j for j in range(i + 1, len(lines)) if lines[j].strip() == fence.group(1)),
            len(lines),
        )
        previous = lines[i - 1].strip() if i else ""
        if fence.group(2) in ("console", "pycon") and not GUIDE_DIRECTIVE.match(previous):
            body = "\n".join(line[indent:] for line in lines[i + 1 : end])
            found.append(Session(document, i + 1, fence.group(2), body + "\n", previous == SLOW))
        i = end + 1
    return _one_python_session(found)


def _one_python_session(found: list[Session]) -> list[Session]:
    """The pycon blocks of a document as one session, as a reader who types them in
    order into one interpreter would run them: a later block uses the names an earlier
    one made. Each block keeps its lines, so a failure names the document's own line."""
    python = [session for session in found if session.kind == "pycon"]
    if len(python) < 2:
        return found
    first = python[0].line
    lines: list[str] = []
    for session in python:
        # Blank lines up to the block's first line: doctest counts lines from the start.
        lines += [""] * (session.line - first - len(lines))
        lines += [*session.text.rstrip("\n").split("\n"), ""]
    merged = Session(
        python[0].document, first, "pycon", "\n".join(lines) + "\n", any(s.slow for s in python)
    )
    return [session for session in found if session.kind != "pycon"] + [merged]


def commands(session: Session) -> list[Command]:
    """The commands of a console block, each with the lines of output shown after it."""
    found: list[Command] = []
    lines = session.text.rstrip("\n").split("\n")
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            raise ValueError(f"{session.name}: output before the first $ command: {lines[i]!r}")
        command = lines[i][2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command[:-1] + " " + lines[i].strip()
        i += 1
        expected = []
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        found.append(Command(command, expected))
    return found


def pattern(expected: list[str]) -> re.Pattern[str]:
    """A regular expression for the whole output (lines, each ending in a newline)."""
    parts = []
    for line in expected:
        if line == WILDCARD:
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(part) for part in line.split(WILDCARD)) + r"\n")
    return re.compile("".join(parts))


def matches(expected: list[str], output: str) -> bool:
    if output and not output.endswith("\n"):
        output += "\n"
    return pattern(expected).fullmatch(output) is not None


def workspace(folder: Path) -> Path:
    """A folder that looks like the repository root to a command: every entry of the
    checkout linked, but ``docs/`` copied, so a command that writes a picture there (as
    the designers' page does) leaves the checkout alone; new files land in the folder."""
    for entry in ROOT.iterdir():
        if entry.name in (".git", "docs"):
            continue
        (folder / entry.name).symlink_to(entry)
    shutil.copytree(ROOT / "docs", folder / "docs")
    return folder


def environment() -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("NO_COLOR", "FORCE_COLOR", "QUEENS_SKIP_BROKEN_PLUGINS")
    }
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env["COLUMNS"] = "80"
    # No progress lines from a long `queens generate`: when they come depends on the
    # machine's load, not on the command.
    env["QUEENS_QUIET"] = "1"
    return env


def run(command: str, folder: Path, status: int = 0) -> tuple[str, int]:
    """What the command prints (standard output, then standard error) and its exit
    status; ``$?`` in the command is ``status``, the previous command's."""
    done = subprocess.run(
        ["bash", "-c", f"(exit {status}); {command}"],
        cwd=folder,
        env=environment(),
        capture_output=True,
        timeout=300,
        check=False,
    )
    return (done.stdout + done.stderr).decode("utf-8", "replace"), done.returncode


def check_console(session: Session, folder: Path) -> list[str]:
    """One message for each command whose output is not the one shown."""
    failures = []
    status = 0
    for command in commands(session):
        output, status = run(command.command, folder, status)
        if not matches(command.expected, output):
            failures.append(
                f"{session.name}: the output of `{command.command}` is not the one shown\n"
                f"--- shown\n" + "\n".join(command.expected) + "\n--- printed\n" + output
            )
    return failures


def check_pycon(session: Session, folder: Path) -> list[str]:
    """Run a pycon block with doctest in folder; the report of each failed example."""
    parser = doctest.DocTestParser()
    test = parser.get_doctest(
        session.text, {"__name__": "__doc__"}, session.name, str(session.document), session.line
    )
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    here, path = Path.cwd(), os.environ.get("PATH", "")
    os.chdir(folder)
    os.environ["PATH"] = environment()["PATH"]  # an example may run `queens` itself
    try:
        runner.run(test, out=report.append, clear_globs=True)
    finally:
        os.chdir(here)
        os.environ["PATH"] = path
    return ["".join(report)] if report else []


#: Backticked words of the prose that name files or folders of this repository.
PROSE_PATH = re.compile(
    r"`([\w.-]+(?:/[\w.-]+)*(?:\.(?:py|md|txt|toml|png|svg|json|sbn|sh|yml)|/))`"
)
#: Where a path in prose may be relative to: the root, a distribution's folder (its
#: package inside it), the core's package (its layers: ``engine/board.py``).
PACKAGE_ROOTS = [ROOT, *sorted(ROOT.glob("queens_*")), ROOT / "queens_core" / "queens_core"]
#: Paths the documents' own examples create or that are placeholders, not repository files.
MADE_BY_EXAMPLES = {"boards/", "board.txt", "state.txt", "progress.txt", "board.svg"}


def prose_paths(document: Path) -> list[tuple[int, str]]:
    """(line, path) for each backticked path outside the code blocks."""
    found = []
    inside = False
    for number, line in enumerate(document.read_text(encoding="utf-8").split("\n"), 1):
        if FENCE.match(line.strip()):
            inside = not inside
            continue
        if inside:
            continue
        for path in PROSE_PATH.findall(line):
            if "/" in path or path.endswith(".md"):
                found.append((number, path))
    return found


def path_exists(path: str, document: Path) -> bool:
    if path in MADE_BY_EXAMPLES or path.split("/")[0] in MADE_BY_EXAMPLES:
        return True
    bases = [*PACKAGE_ROOTS, document.parent]
    return any((base / path).exists() for base in bases)

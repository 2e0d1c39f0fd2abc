"""Reading a markdown guide whose code blocks are tests (docs/writing-rules.md).

Every fenced block must be preceded by one of these HTML comments, which says how the
test suite exercises it:

- ``<!-- file: PATH -->``: the block is the content of file PATH;
- ``<!-- layout -->``: the block is a folder tree listing the files of the guide;
- ``<!-- run -->``: a console session. Lines starting with ``$ `` are commands; the lines
  after a command are an excerpt of its output: each must match a whole line of the real
  output, in order. ``[...]`` alone stands for any number of lines, ``[...]`` inside a
  line for any text (``...`` is left alone: boards are drawn with dots). A command with
  no line after it must just succeed (one that ends with ``# exit status N`` must exit
  with N instead);
- ``<!-- shown: KEY -->``: a sample of output that a test produces and compares
  (``KEY`` says which, see ``SHOWN`` in tests/docs/test_writing_rules_guide.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

DIRECTIVE = re.compile(r"^<!--\s*(file|layout|run|shown)(?::\s*(\S+))?\s*-->$")
FENCE = re.compile(r"^(```+)(\w*)\s*$")
WILDCARD = "[...]"


class GuideError(ValueError):
    pass


@dataclass
class Block:
    kind: str  # file, layout, run, shown
    argument: str | None
    language: str
    text: str
    line: int  # 1-based line of the opening fence


@dataclass
class Command:
    command: str
    expected: list[str] = field(default_factory=list)


def blocks(markdown: str) -> list[Block]:
    """Every fenced block with its directive; a block without one is a GuideError."""
    lines = markdown.split("\n")
    found = []
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        start = i
        end = next(
            (j for j in range(i + 1, len(lines)) if lines[j].strip() == fence.group(1)), None
        )
        if end is None:
            raise GuideError(f"line {start + 1}: the code block is never closed")
        previous = lines[start - 1].strip() if start else ""
        directive = DIRECTIVE.match(previous)
        if directive is None:
            raise GuideError(
                f"line {start + 1}: a code block without a <!-- file/layout/run/shown --> "
                f"comment just before it is a sample no test exercises"
            )
        found.append(
            Block(
                directive.group(1),
                directive.group(2),
                fence.group(2),
                "\n".join(lines[start + 1 : end]) + "\n",
                start + 1,
            )
        )
        i = end + 1
    return found


def commands(block: Block) -> list[Command]:
    """The commands of a ``run`` block with their expected output excerpts."""
    out: list[Command] = []
    for line in block.text.rstrip("\n").split("\n"):
        if line.startswith("$ "):
            out.append(Command(line[2:]))
        elif not out:
            raise GuideError(f"line {block.line}: output before the first command")
        else:
            out[-1].expected.append(line)
    return out


def mismatch(expected: list[str], actual: str) -> str | None:
    """Why ``actual`` does not match the excerpt ``expected``, or None if it does."""
    lines = actual.rstrip("\n").split("\n") if actual.strip() else []
    position = 0
    gap = False
    for want in expected:
        if want == WILDCARD:
            gap = True
            continue
        parts = want.split(WILDCARD)
        pattern = re.compile(".*".join(re.escape(part) for part in parts) + r"\Z")
        if gap:
            hit = next((k for k in range(position, len(lines)) if pattern.match(lines[k])), None)
        else:
            hit = position if position < len(lines) and pattern.match(lines[position]) else None
        if hit is None:
            where = "after" if gap else "at"
            return f"no line {where} output line {position + 1} matches {want!r}"
        position = hit + 1
        gap = False
    if expected and not gap and position != len(lines):
        return f"unexpected output from line {position + 1}: {lines[position]!r}"
    return None


def write_files(found: list[Block], root: Path) -> None:
    """Write every ``file`` block of a guide under ``root``, where the guide puts it."""
    for block in found:
        if block.kind == "file":
            path = root / block.argument
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(block.text, encoding="utf-8")


def follow(found: list[Block], run: Callable[[str], str]) -> int:
    """Run the commands of every ``run`` block in order with ``run(command) -> output``,
    assert that each output matches the guide's excerpt, and return how many ran."""
    ran = 0
    for block in found:
        if block.kind != "run":
            continue
        for step in commands(block):
            output = run(step.command)
            problem = mismatch(step.expected, output)
            assert problem is None, (
                f"guide line {block.line}: $ {step.command}\n{problem}\n--- output ---\n{output}"
            )
            ran += 1
    return ran

"""Helpers for testing rules with boards and states drawn as text.

::

    from queens_core.testing import make_board, make_state, assert_kills

    board = make_board('''
        AAB
        ACB
        CCB
    ''')
    state = make_state(board, '''
        . . ⨯
        ⨯ . .
        . . .
    ''')
    assert_kills(my_rule, board, state, '''
        . . .
        . x .
        . . .
    ''')

and, against the exact solver over many boards::

    report = check_soundness([my_rule], random_boards(50), with_rules=baseline)
    assert report.fired["my_rule"] > 0

Boards and rules to test with: :func:`load_boards` reads a folder of ``*.txt`` boards,
:func:`rules_of` picks the installed rules of named packages (the company a rule keeps in
a catalog solve), :func:`make_rule` turns a bare apply function into a rule to register
in-process, and :func:`unsound_kill` is the apply function of a rule that lies, for a
front end (a command or web package) to show that it catches and names an unsound rule.

Rule authors get these and a few fixtures (``queens_boards``, ``baseline_rules``, the
``--queens-boards=DIR`` option) with ``pytest_plugins = ["queens_core.pytest_plugin"]``.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine.board import Board, BoardError
from .engine.driver import CONTRADICTION, RuleFailure, Solver
from .engine.rules import Context, Contradiction, Rule, Step, Tier, UnsoundDeduction
from .engine.state import State, cell_label, cell_labels
from .generator.regions import random_board
from .plugins.readers import Reader, Reading
from .plugins.registry import Registry
from .referee.exact import find_solutions

__all__ = [
    "FunctionRule",
    "Outcome",
    "RuleLike",
    "SoundnessReport",
    "assert_kills",
    "assert_places",
    "assert_reads",
    "assert_refuses",
    "assert_unchanged",
    "cells_marked",
    "check_sniff",
    "check_soundness",
    "draw",
    "load_boards",
    "make_board",
    "make_rule",
    "make_state",
    "modules_loaded_by",
    "random_boards",
    "rules_of",
    "run_rule",
    "unsound_kill",
]

#: A cell as a sentence names it: ``r3c5``.
_CELL_LABEL = re.compile(r"\br(\d+)c(\d+)\b")

#: A rule under test: a registered :class:`Rule`, or just its apply function.
RuleLike = Rule | Callable[[Context], Any]


def make_board(picture: str) -> Board:
    """A board from an indented picture (compact or spaced rows)."""
    return Board.parse(textwrap.dedent(picture))


def make_state(board: Board, picture: str | None = None) -> State:
    """A state from a picture of ``♛`` (or ``Q``), ``⨯`` (or ``x``) and ``.``.

    Without a picture: the empty state (every cell live).
    """
    if picture is None:
        return State.initial(board)
    return State.from_picture(board, textwrap.dedent(picture))


def cells_marked(board: Board, picture: str, marks: str = "xX⨯♛Q") -> int:
    """The mask of the cells drawn with one of ``marks`` (everything else is ignored)."""
    lines = [line.replace(" ", "") for line in textwrap.dedent(picture).strip("\n").split("\n")]
    if len(lines) != board.n or any(len(line) != board.n for line in lines):
        raise ValueError(f"picture is not {board.n}×{board.n}: {lines!r}")
    mask = 0
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch in marks:
                mask |= 1 << (r * board.n + c)
    return mask


def draw(board: Board, mask: int, mark: str = "x") -> str:
    """A mask as a picture: ``mark`` on its cells, ``.`` elsewhere."""
    n = board.n
    return "\n".join(
        "".join(mark if mask >> (r * n + c) & 1 else "." for c in range(n)) for r in range(n)
    )


@dataclass
class Outcome:
    """What one call of a rule did: the queens it placed, every cell that died, its
    steps (a placement's kill list included)."""

    placed: int
    killed: int
    steps: list[Step]
    state: State

    @property
    def changed(self) -> bool:
        return bool(self.steps)


def run_rule(
    rule: RuleLike,
    board: Board,
    state: State | None = None,
    counter: str | None = None,
    enabled: Iterable[str] | None = None,
) -> Outcome:
    """Call a rule (or an apply function) once on a copy of ``state``; report what it did.

    The counter defaults to the rule's own, or ``rule_under_test`` for a bare function.
    """
    apply, own = _apply_and_counter(rule)
    counter = counter or own
    start = State.initial(board) if state is None else state.copy()
    before_live = start.live
    before_queens = start.queens
    ctx = Context(board, start)
    ctx.counter = counter
    ctx.enabled = frozenset(enabled) if enabled is not None else frozenset([counter])
    apply(ctx)
    placed = start.queens & ~before_queens
    killed = before_live & ~start.live & ~placed
    return Outcome(placed, killed, ctx.steps, start)


def _apply_and_counter(rule: RuleLike) -> tuple[Callable[[Context], Any], str]:
    if isinstance(rule, Rule):
        return rule.apply, rule.counter
    return rule, "rule_under_test"


def _as_mask(board: Board, expected: str | int) -> int:
    return cells_marked(board, expected) if isinstance(expected, str) else expected


def _side_by_side(board: Board, pictures: dict[str, str]) -> str:
    """Pictures of one board next to each other, each under its title."""
    width = max(board.n, *(len(title) for title in pictures)) + 3
    columns = [[title, *picture.split("\n")] for title, picture in pictures.items()]
    return "\n".join(
        "".join(column[row].ljust(width) for column in columns).rstrip()
        for row in range(board.n + 1)
    )


def _mismatch(board: Board, state: State | None, what: str, expected: int, got: int) -> str:
    state = State.initial(board) if state is None else state
    return f"{what}:\n" + _side_by_side(
        board,
        {
            "board": str(board),
            "state": state.picture(board),
            "expected": draw(board, expected),
            "got": draw(board, got),
        },
    )


def assert_kills(rule: RuleLike, board: Board, state: State | None, expected: str | int) -> Outcome:
    """Assert that one call of ``rule`` kills exactly the cells marked in ``expected`` (a
    picture with ``x`` on them, or a mask) and places no queen."""
    outcome = run_rule(rule, board, state)
    want = _as_mask(board, expected)
    if outcome.placed:
        raise AssertionError(
            _mismatch(board, state, "the rule placed a queen instead", 0, outcome.placed)
        )
    if outcome.killed != want:
        raise AssertionError(
            _mismatch(board, state, "the rule killed other cells", want, outcome.killed)
        )
    return outcome


def assert_places(
    rule: RuleLike, board: Board, state: State | None, expected: str | int
) -> Outcome:
    """Assert that one call of ``rule`` places queens on exactly the cells marked in
    ``expected`` (``♛``, ``Q`` or ``x``; or a mask). Their kill lists die with them."""
    outcome = run_rule(rule, board, state)
    want = _as_mask(board, expected)
    if outcome.placed != want:
        raise AssertionError(
            _mismatch(board, state, "the rule placed other queens", want, outcome.placed)
        )
    return outcome


def assert_unchanged(rule: RuleLike, board: Board, state: State | None = None) -> Outcome:
    """Assert that one call of ``rule`` changes nothing."""
    outcome = run_rule(rule, board, state)
    if outcome.changed:
        raise AssertionError(
            _mismatch(
                board, state, "the rule changed the state", 0, outcome.killed | outcome.placed
            )
        )
    return outcome


# -- boards to test on -----------------------------------------------------------------


def random_boards(
    count: int, sizes: Iterable[int] = (5, 6, 7, 8), seed: int = 0
) -> dict[str, Board]:
    """``count`` boards that have at least one solution, named ``random-<size>-<i>``.

    Each grows one 4-connected region from each queen of a random valid placement
    (:func:`queens_core.generator.regions.random_board`, regions picked in proportion to their
    size, so sizes vary as on real boards), so the queens are a solution. Most such
    boards have several solutions, which makes them a harsh soundness test: a rule that
    leans on uniqueness fails on them. The same seed gives the same boards.
    """
    rng = random.Random(seed)
    sizes = [n for n in sizes if n == 1 or n >= 4]  # 2×2 and 3×3 boards have no solution
    if not sizes:
        raise ValueError("no size with a solution (sizes 2 and 3 have none)")
    boards = {}
    for i in range(count):
        n = sizes[i % len(sizes)]
        boards[f"random-{n}-{i}"] = random_board(n, rng, bias=1.0)
    return boards


def load_boards(folder: str | os.PathLike[str]) -> dict[str, Board]:
    """The ``*.txt`` boards of ``folder`` by file name without ``.txt``: numbered names in
    number order (``2`` before ``10``), then the others by name. A folder without a board
    is a ValueError, so that a wrong path cannot pass for an empty test."""
    paths = list(Path(folder).glob("*.txt"))
    if not paths:
        raise ValueError(f"{folder}: no *.txt board there")
    paths.sort(key=lambda p: (0, int(p.stem), "") if p.stem.isdigit() else (1, 0, p.stem))
    return {path.stem: Board.parse(path.read_text(encoding="utf-8")) for path in paths}


# -- rules to test with ------------------------------------------------------------------


def modules_loaded_by(
    code: str, prefix: str, cwd: str | os.PathLike[str] | None = None
) -> set[str]:
    """The modules whose names start with ``prefix`` that a fresh interpreter holds after
    running ``code``: to check that a package loads a module only when it is needed (a
    command that never calls a rule need not import it)."""
    shown = f"import sys; print(*sorted(m for m in sys.modules if m.startswith({prefix!r})))"
    run = subprocess.run(
        [sys.executable, "-c", f"{code}\n{shown}"],
        capture_output=True,
        text=True,
        check=True,
        cwd=cwd,
    )
    return set(run.stdout.split())


def rules_of(registry: Registry, *packages: str) -> list[Rule]:
    """The rules of the named installed packages, in the registry's order. A package is
    named by its distribution (``queens-rules-squeeze``) or by what follows
    ``queens-rules-`` (``squeeze``). A name no installed package has is a ValueError: a
    typo would otherwise leave a rule out of the test without a word."""
    wanted = {p if p.startswith("queens-") else f"queens-rules-{p}" for p in packages}
    missing = wanted - {rule.package for rule in registry.rules}
    if missing:
        raise ValueError(f"no installed rule comes from {', '.join(sorted(missing))}")
    return [rule for rule in registry.rules if rule.package in wanted]


class FunctionRule(Rule):
    """A rule whose deduction is a bare function, made by :func:`make_rule`: a rule of
    the current contract, so registering it draws no notice about contract 0.2."""


def make_rule(counter: str, apply: Callable[[Context], Any], **fields: Any) -> Rule:
    """A cheap rule that runs ``apply``, late in the catalog (position 1000), named by its
    counter, to register in-process (a test's plugin manager, a :class:`Solver`). Other
    :class:`Rule` fields (``display_name``, ``summary``, ``tier``...) come as keywords."""
    chosen: dict[str, Any] = {
        "display_name": counter,
        "tier": Tier.CHEAP,
        "position": 1000,
        "summary": "test rule",
        **fields,
    }
    return FunctionRule(counter=counter, apply=apply, **chosen)


def unsound_kill(ctx: Context) -> None:
    """The apply function of a rule that lies, once per solve: in the first row where
    cells of the board's first solution and other cells are both live, it kills the
    solution's. The row keeps live cells, so no unit empties at once and only a referee
    that knows the solution sees the lie: what a front end must catch and name."""
    if ctx.cache.get("lied"):
        return
    ctx.cache["lied"] = True
    solution = find_solutions(ctx.board, 1)[0]
    for row in ctx.board.row_masks:
        live = ctx.state.live & row
        if live & solution and live & ~solution:
            ctx.kill(live & solution)
            return


# -- soundness against the exact solver ------------------------------------------------


@dataclass
class SoundnessReport:
    """What :func:`check_soundness` saw: boards checked and skipped, boards the rules
    solved, and how many steps each rule under test recorded (so a test can insist that
    the rule was exercised at all)."""

    boards: int = 0
    skipped: int = 0
    solved: int = 0
    fired: dict[str, int] = field(default_factory=dict)

    def __str__(self) -> str:
        fired = ", ".join(f"{c} {n}" for c, n in self.fired.items())
        return (
            f"{self.boards} boards checked ({self.skipped} skipped), {self.solved} solved; "
            f"steps: {fired}"
        )


def check_soundness(
    rules: Iterable[Rule],
    boards: Mapping[str, Board] | Iterable[Board],
    with_rules: Iterable[Rule] = (),
    max_solutions: int = 1000,
    random_states: int = 3,
    seed: int = 0,
) -> SoundnessReport:
    """Check ``rules`` against the exact solver; raise AssertionError at the first
    unsound deduction, naming the board, the rule, the step and the cells.

    For each board, every solution is found (boards with none, or with more than
    ``max_solutions``, are skipped). A sound step never kills a cell that some solution
    uses and never places a queen that some solution lacks, whatever came before, so:

    1. the driver runs ``rules`` together with ``with_rules`` (typically the baseline) to
       its fixed point, and every recorded step is checked; the solve must not end in a
       contradiction;
    2. each rule under test is also called once on ``random_states`` states the driver
       may never reach: some cells no solution uses killed at random, and some queens
       every solution has placed.

    The sentences of the rules under test (``Rule.explain``) are checked on every step
    they recorded too: an explain must return a string or None without raising, and a
    sentence may name only cells that are live or queens just before its step (a
    sentence must be true where it is read).
    """
    rules = list(rules)
    under_test = {rule.counter for rule in rules}
    explained = {rule.counter: rule for rule in rules if rule.explain is not None}
    helpers = [rule for rule in with_rules if rule.counter not in under_test]
    solver = Solver([*rules, *helpers])
    named = boards.items() if isinstance(boards, Mapping) else enumerate(boards)
    report = SoundnessReport(fired=dict.fromkeys(sorted(under_test), 0))
    rng = random.Random(seed)
    for name, board in named:
        found = find_solutions(board, max_solutions + 1)
        if not found or len(found) > max_solutions:
            report.skipped += 1
            continue
        report.boards += 1
        used = common = found[0]
        for solution in found[1:]:
            used |= solution
            common &= solution
        try:
            result = solver.solve(board)
        except RuleFailure as err:
            raise AssertionError(f"board {name}: {err}") from err
        _check_steps(board, name, result.steps, State.initial(board), used, common)
        _check_sentences(board, name, result.steps, State.initial(board), explained)
        if result.status == CONTRADICTION:
            culprit = result.culprit.counter if result.culprit else "no rule"
            raise AssertionError(
                f"board {name} has {len(found)} solution(s), but the solve ended in a "
                f"contradiction: {result.problem} (rule {culprit})"
            )
        report.solved += result.solved
        for step in result.steps:
            if step.counter in report.fired:
                report.fired[step.counter] += 1
        for _ in range(random_states):
            state = _random_consistent_state(board, used, common, rng)
            for rule in rules:
                if not rule.sound_for(board.stars):
                    continue  # the driver would not run it on this board either
                try:
                    outcome = run_rule(rule, board, state, enabled=under_test)
                except (Contradiction, UnsoundDeduction) as err:
                    raise AssertionError(
                        f"board {name}: rule {rule.counter!r} found a contradiction in a "
                        f"state that {len(found)} solution(s) agree with: {err}\n"
                        + _side_by_side(board, {"board": str(board), "state": state.picture(board)})
                    ) from err
                _check_steps(board, name, outcome.steps, state, used, common)
                _check_sentences(board, name, outcome.steps, state, explained)
                for step in outcome.steps:
                    report.fired[step.counter] = report.fired.get(step.counter, 0) + 1
    return report


def _random_consistent_state(board: Board, used: int, common: int, rng: random.Random) -> State:
    """A state every solution agrees with: some unused cells dead, some sure queens placed
    (with their kill lists applied)."""
    queens = 0
    rest = common
    while rest:
        low = rest & -rest
        rest ^= low
        if rng.random() < 0.3:
            queens |= low
    live = board.full & ~queens
    unused = board.full & ~used
    kill_share = rng.random()
    while unused:
        low = unused & -unused
        unused ^= low
        if rng.random() < kill_share:
            live &= ~low
    q = queens
    while q:
        low = q & -q
        q ^= low
        live &= ~board.kill_masks[low.bit_length() - 1]
    return State(live, queens)


def _check_sentences(
    board: Board, name: object, steps: list[Step], start: State, rules: Mapping[str, Rule]
) -> None:
    state = start.copy()
    for index, step in enumerate(steps):
        rule = rules.get(step.counter)
        if rule is not None and rule.explain is not None:
            where = f"board {name}: step {index} by rule {step.counter!r}"
            try:
                why = rule.explain(step, board, state)
            except Exception as err:
                raise AssertionError(f"{where}: explain raised {err!r}") from err
            if why is not None and not isinstance(why, str):
                raise AssertionError(f"{where}: explain gave {why!r}, not a str or None")
            for row, column in _CELL_LABEL.findall(why or ""):
                cell = (int(row) - 1) * board.n + int(column) - 1
                if 0 <= cell < board.n * board.n and not (state.live | state.queens) >> cell & 1:
                    raise AssertionError(
                        f"{where}: its sentence names {cell_label(board, cell)}, which is "
                        f"already dead before the step: {why}"
                    )
        state.queens |= step.placed
        state.live &= ~(step.killed | step.placed)


def _check_steps(
    board: Board, name: object, steps: list[Step], start: State, used: int, common: int
) -> None:
    state = start.copy()
    for index, step in enumerate(steps):
        wrong_kill = step.killed & used
        wrong_queen = step.placed & ~common
        if wrong_kill or wrong_queen:
            if wrong_queen:
                what = f"placed a queen on {_cells(board, wrong_queen)}, which a solution lacks"
            else:
                what = f"killed {_cells(board, wrong_kill)}, which a solution uses"
            raise AssertionError(
                f"board {name}: step {index} by rule {step.counter!r} {what}\n"
                + _side_by_side(
                    board,
                    {
                        "board": str(board),
                        "state before": state.picture(board),
                        "wrong cells": draw(board, wrong_kill | wrong_queen),
                    },
                )
            )
        state.queens |= step.placed
        state.live &= ~(step.killed | step.placed)


def _cells(board: Board, mask: int) -> str:
    return ", ".join(cell_labels(board, mask))


# -- readers -----------------------------------------------------------------------------


def _as_bytes(data: bytes | str) -> bytes:
    return data.encode("utf-8") if isinstance(data, str) else data


def assert_reads(
    reader: Reader,
    data: bytes | str,
    board: str,
    state: str | None = None,
    stars: int | None = None,
) -> Reading:
    """Assert that ``reader`` reads ``data`` (text is encoded as UTF-8) as ``board`` (drawn
    as for :func:`make_board`), with the ``state`` it shows (a picture as for
    :func:`make_state`; None: it shows none) and the ``stars`` it declares; return the
    reading."""
    reading = reader.read(_as_bytes(data))
    assert isinstance(reading, Reading), (
        f"the {reader.name} reader returned {type(reading).__name__}, not a Reading"
    )
    expected = make_board(board)
    assert reading.board.rows == expected.rows, (
        f"the {reader.name} reader read the board\n{reading.board}\nnot\n{expected}"
    )
    if state is None:
        assert reading.state is None, (
            f"the {reader.name} reader found a state:\n{reading.state.picture(reading.board)}"
            if reading.state is not None
            else ""
        )
    else:
        wanted = make_state(expected, state)
        assert reading.state is not None, f"the {reader.name} reader found no state"
        assert reading.state == wanted, _side_by_side(
            expected,
            {"read": reading.state.picture(expected), "expected": wanted.picture(expected)},
        )
    assert reading.stars == stars, f"declared stars {reading.stars}, expected {stars}"
    return reading


def assert_refuses(reader: Reader, data: bytes | str, message: str) -> str:
    """Assert that ``reader`` refuses ``data`` the way the contract asks: a
    :class:`~queens_core.BoardError` of one line that contains ``message`` (what the user
    will read after the input's name). Return that line."""
    try:
        reading = reader.read(_as_bytes(data))
    except BoardError as err:
        line = str(err)
        assert "\n" not in line, f"the error is not one line: {line!r}"
        assert message in line, f"the error {line!r} does not say {message!r}"
        return line
    raise AssertionError(f"the {reader.name} reader read it: {reading!r}")


#: Inputs every ``sniff`` must answer without raising: none of them is a board.
JUNK = (b"", b"\x00\xff\xfe", b"\x89PNG\r\n\x1a\n", "♛⨯".encode(), b"/" * 10_000)


def check_sniff(reader: Reader, mine: Iterable[bytes | str], others: Iterable[bytes | str]) -> None:
    """Assert that ``reader.sniff`` recognises each of ``mine``, none of ``others``, and
    answers a few junk inputs without raising."""
    sniff = reader.sniff
    assert sniff is not None, f"the {reader.name} reader has no sniff"
    for data in mine:
        assert sniff(_as_bytes(data)), f"sniff does not recognise {data!r}"
    for data in others:
        assert not sniff(_as_bytes(data)), f"sniff claims {data!r}"
    for data in JUNK:
        answer = sniff(data)  # a raise fails the test here, with its traceback
        assert isinstance(answer, bool), f"sniff answered {answer!r} for {data[:20]!r}"

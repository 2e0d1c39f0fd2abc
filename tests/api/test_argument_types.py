"""Every argument of every verb of :class:`Application`, given a value it does not take (a
seed of ``"a"``, a bool where a number goes, text where bytes go, a negative count), is
refused with the API's one error for bad arguments, ``ArgumentError``: one line that
names the parameter, before any work. Python's own errors (an ``AttributeError`` about
``strip``, a ``TypeError`` about joining) said neither what was wrong nor where."""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import ARCHIVE

from queens_core.api import Application, ArgumentError

BOARD = str(ARCHIVE / "1.txt")
RULE = "single_cell_line"


@pytest.fixture(scope="module")
def app() -> Application:
    return Application()


# -- values a parameter of each kind does not take -----------------------------------------

#: Values of no kind a verb takes anywhere: an object, a set, a function's result.
ALIEN = st.one_of(st.just(object()), st.just({1, 2}), st.just(complex(1, 2)))
NUMBERS = st.one_of(st.integers(-(10**6), 10**6), st.floats(allow_nan=True, allow_infinity=True))
TEXT = st.text(max_size=8)
INT_LISTS = st.lists(st.one_of(st.integers(), st.none()), min_size=1, max_size=3)


def not_whole(least: int | None = None, optional: bool = False) -> st.SearchStrategy[Any]:
    """Not a whole number (or below ``least``): text, fractions, bools, lists, bytes."""
    bad = [
        TEXT,
        st.floats(allow_nan=True, allow_infinity=True),
        st.booleans(),
        INT_LISTS,
        st.binary(max_size=3),
        ALIEN,
    ]
    if least is not None:
        bad.append(st.integers(-(10**6), least - 1))
    if not optional:
        bad.append(st.none())
    return st.one_of(bad)


def not_seconds(optional: bool = False, zero: bool = False) -> st.SearchStrategy[Any]:
    """Not a time limit: text, bools, infinities and NaN, 0 or less (0 for a budget that
    may be 0: less than it)."""
    too_small = st.floats(max_value=-1e-9 if zero else 0.0, allow_nan=False)
    bad = [
        TEXT,
        st.booleans(),
        st.sampled_from([math.inf, -math.inf, math.nan]),
        too_small,
        INT_LISTS,
        ALIEN,
    ]
    if not zero:
        bad.append(st.integers(-(10**6), 0))
    if not optional:
        bad.append(st.none())
    return st.one_of(bad)


def not_text(optional: bool = False) -> st.SearchStrategy[Any]:
    bad = [NUMBERS, st.booleans(), st.binary(max_size=3), INT_LISTS, ALIEN]
    return st.one_of(bad if optional else [*bad, st.none()])


NOT_FLAG = st.one_of(st.integers(), TEXT, st.none(), st.floats(allow_nan=False), INT_LISTS, ALIEN)
#: Not names: one name is a string, several an iterable of strings.
NOT_NAMES = st.one_of(
    NUMBERS, st.none(), st.booleans(), st.binary(min_size=1, max_size=3), INT_LISTS, ALIEN
)
NOT_A_BOARD = st.one_of(
    NUMBERS, st.none(), st.booleans(), st.binary(max_size=3), st.lists(TEXT, max_size=2), ALIEN
)
NOT_A_STATE = st.one_of(NUMBERS, TEXT, st.booleans(), st.lists(TEXT, max_size=2), ALIEN)
NOT_ROWS = st.one_of(NUMBERS, st.none(), st.booleans(), st.binary(max_size=3), INT_LISTS, ALIEN)
NOT_PATHS = st.one_of(
    NUMBERS, st.none(), st.booleans(), st.binary(min_size=1, max_size=3), INT_LISTS, ALIEN
)
NOT_GRADE = st.one_of(
    st.floats(allow_nan=False), st.booleans(), st.binary(max_size=3), INT_LISTS, ALIEN
)
NOT_A_CELL = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(),
    st.integers(64, 10**6),
    st.integers(-(10**6), -1),
    INT_LISTS,
    ALIEN,
)

#: The rule selection most verbs take (only, exclude, tier).
SELECTION = {"only": NOT_NAMES, "exclude": NOT_NAMES, "tier": not_text(optional=True)}

#: Each verb: how it is called with good arguments (positional), and the values each of
#: its parameters does not take.
VERBS: dict[str, tuple[Callable[[Application], tuple[Any, ...]], dict[str, Any]]] = {
    "rules": (
        lambda app: (),
        dict(SELECTION),
    ),
    "solver": (
        lambda app: (),
        dict(SELECTION),
    ),
    "grader": (
        lambda app: (),
        {
            **SELECTION,
            "stars": not_whole(1, optional=True),
        },
    ),
    "time_limit": (
        lambda app: (5.0, "the test"),
        {"seconds": not_seconds(), "what": not_text()},
    ),
    "read": (
        lambda app: (BOARD,),
        {"source": NOT_A_BOARD, "stars": not_whole(1, optional=True)},
    ),
    "read_bytes": (
        lambda app: (b"AB\nBA\n",),
        {
            "data": st.one_of(TEXT, NUMBERS, st.none(), INT_LISTS, ALIEN),
            "name": not_text(optional=True),
            "stars": not_whole(1, optional=True),
        },
    ),
    "board": (
        lambda app: (["AB", "BA"],),
        {"rows": NOT_ROWS, "stars": not_whole(1)},
    ),
    "state": (
        lambda app: (app.read(BOARD).board, None),
        {"board": NOT_A_BOARD, "rows": NOT_ROWS.filter(lambda rows: rows is not None)},
    ),
    "write": (
        lambda app: (app.read(BOARD).board, "text"),
        {"board": NOT_A_BOARD, "to": not_text(), "state": NOT_A_STATE},
    ),
    "convert": (
        lambda app: (BOARD, "sbn"),
        {
            "source": NOT_A_BOARD,
            "to": not_text(),
            "stars": not_whole(1, optional=True),
            "marks": NOT_FLAG,
            "page": not_text(optional=True),
        },
    ),
    "solve": (
        lambda app: (BOARD,),
        {
            "board": NOT_A_BOARD,
            **SELECTION,
            "name": not_text(),
            "start": NOT_A_STATE,
        },
    ),
    "explain": (lambda app: (BOARD,), {"board": NOT_A_BOARD, "name": not_text()}),
    "hint": (
        lambda app: (BOARD,),
        {
            "board": NOT_A_BOARD,
            "state": NOT_A_STATE,
            "timeout": not_seconds(),
            "every_step": NOT_FLAG,
            "name": not_text(),
            "state_name": not_text(optional=True),
        },
    ),
    "steps": (
        lambda app: (BOARD,),
        {
            "board": NOT_A_BOARD,
            "state": NOT_A_STATE,
            "timeout": not_seconds(),
            "name": not_text(),
            "state_name": not_text(optional=True),
        },
    ),
    "why": (
        lambda app: (BOARD, "r1c1"),
        {
            "board": NOT_A_BOARD,
            "cell": NOT_A_CELL,
            "state": NOT_A_STATE,
            "timeout": not_seconds(),
            "name": not_text(),
            "state_name": not_text(optional=True),
        },
    ),
    "what_if": (
        lambda app: (BOARD, "r1c1"),
        {"board": NOT_A_BOARD, "cell": NOT_A_CELL, "state": NOT_A_STATE, "name": not_text()},
    ),
    "practise": (
        lambda app: (RULE,),
        {
            "rule": not_text(),
            "size": not_whole(4, optional=True),
            "seed": not_whole(),
            "seconds": not_seconds(),
            "strict": NOT_FLAG.filter(lambda value: value is not None),
        },
    ),
    "practice_size": (lambda app: (RULE,), {"rule": not_text()}),
    "check": (
        lambda app: (BOARD,),
        {
            "board": NOT_A_BOARD,
            "cap": not_whole(2),
            "timeout": not_seconds(optional=True),
            "stars": not_whole(1, optional=True),
            **SELECTION,
            "name": not_text(optional=True),
        },
    ),
    "check_paths": (
        lambda app: ([BOARD],),
        {
            "paths": NOT_PATHS,
            "cap": not_whole(2),
            "timeout": not_seconds(optional=True),
            "stars": not_whole(1, optional=True),
            **SELECTION,
            "cluster": not_text(optional=True),
        },
    ),
    "grade": (
        lambda app: (BOARD,),
        {
            "board": NOT_A_BOARD,
            **SELECTION,
        },
    ),
    "stats": (
        lambda app: ([BOARD],),
        {
            "paths": NOT_PATHS,
            "stars": not_whole(1, optional=True),
            **SELECTION,
            "uniqueness": NOT_FLAG,
            "progress": st.one_of(NUMBERS, TEXT, INT_LISTS),
            "cluster": not_text(optional=True),
        },
    ),
    "generate": (
        lambda app: (8,),
        {
            "size": not_whole(4),
            "stars": not_whole(1),
            "count": not_whole(1),
            "seed": not_whole(),
            "tier": not_text(optional=True),
            "grade": NOT_GRADE,
            "min_region": not_whole(1),
            "max_tries": not_whole(1, optional=True),
            "jobs": not_whole(1),
            "needs": NOT_NAMES,
            "only": NOT_NAMES,
            "exclude": NOT_NAMES,
            "out_dir": st.one_of(NUMBERS, st.booleans(), INT_LISTS, ALIEN),
            "force": NOT_FLAG,
            "max_region": not_whole(1, optional=True),
            "cluster": not_text(optional=True),
        },
    ),
    "new_board": (
        lambda app: (6,),
        {
            "size": not_whole(4),
            "stars": not_whole(1),
            "grade": NOT_GRADE,
            "seed": not_whole(optional=True),
            "seconds": not_seconds(zero=True),
            "max_region": not_whole(1, optional=True),
        },
    ),
    "fix": (
        lambda app: (BOARD,),
        {
            "board": NOT_A_BOARD,
            "keep": NOT_NAMES,
            "seconds": not_seconds(),
            "seed": not_whole(),
            "name": not_text(),
            "tier": not_text(optional=True),
            "grade": NOT_GRADE,
            "needs": NOT_NAMES,
        },
    ),
    "analyse": (
        lambda app: (BOARD,),
        {
            "rows": NOT_ROWS,
            "stars": not_whole(1, optional=True),
            "seconds": not_seconds(optional=True, zero=True),
        },
    ),
    "render": (
        lambda app: (BOARD,),
        {
            "board": NOT_A_BOARD,
            "state": NOT_A_STATE,
            "picture": st.one_of(NUMBERS, st.none(), st.sampled_from(["gif", "SVG", ""])),
            "labels": NOT_FLAG,
            "letters": NOT_FLAG,
            "title": not_text(optional=True),
        },
    ),
}

#: What takes no argument, or is not a verb (the registry and its parts).
NOT_VERBS = {
    "installed",
    "rule_names",
    "give_up_stuck_threads",
    "abandoned_threads",
    "work_of_this_thread",
    "registry",
    "readers",
    "writers",
}


def verbs() -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(getattr(Application, name))
        for name in vars(Application)
        if not name.startswith("_") and name not in NOT_VERBS
    }


def test_every_parameter_of_every_verb_is_tried():
    """A verb or a parameter added later is tried too: the table must name it."""
    assert set(verbs()) == set(VERBS)
    for name, signature in verbs().items():
        parameters = {p for p in signature.parameters if p != "self"}
        assert parameters == set(VERBS[name][1]), name


def call(app: Application, verb: str, parameter: str, value: Any) -> None:
    """``verb`` with its good arguments but ``parameter``, given ``value``."""
    base, _kinds = VERBS[verb]
    arguments = (
        inspect.signature(getattr(Application, verb))
        .bind_partial(*((app,) if verb not in ("board", "state", "time_limit") else ()), *base(app))
        .arguments
    )
    arguments.pop("self", None)
    arguments[parameter] = value
    result = getattr(app, verb)(**arguments)
    if verb == "time_limit":
        with result:
            pass


PARAMETERS = [(verb, parameter) for verb, (_, kinds) in VERBS.items() for parameter in kinds]


@pytest.mark.parametrize(("verb", "parameter"), PARAMETERS, ids=[f"{v}-{p}" for v, p in PARAMETERS])
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_a_value_a_verb_does_not_take_is_refused_by_name(app, verb, parameter, data):
    value = data.draw(VERBS[verb][1][parameter], label=parameter)
    with pytest.raises(ArgumentError) as refused:
        call(app, verb, parameter, value)
    text = str(refused.value)
    assert "\n" not in text
    assert refused.value.parameter == parameter, text
    assert text.startswith(parameter), text

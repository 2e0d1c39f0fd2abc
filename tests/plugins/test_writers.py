"""Board writers: the hook beside the reader hook, the core's formats registered
through it, and a writer package found through a real ``queens.writers`` entry point
that ``queens convert`` then writes with."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from fakedist import ROOT, FakeSite

from queens_core import (
    Board,
    BoardError,
    PluginError,
    State,
    Writer,
    load_registry,
    make_plugin_manager,
)
from queens_core.cli.app import main
from queens_core.hookspecs import hookimpl
from queens_core.plugins.writers import WriterError, write_board

BOARD_1 = ROOT / "archive" / "boards" / "1.txt"

#: A third party's format: the rows on one line, joined by commas, K after a colon.
COMMA_PACKAGE = """
from queens_core import BoardError, Writer, hookimpl

def write(board, state):
    if board.n > 9:
        raise BoardError("the comma format stops at 9×9")
    return ",".join(board.rows) + f":{board.stars}"

@hookimpl
def queens_register_writers():
    return [Writer(name="comma", summary="Rows joined by commas", write=write, suffix=".comma")]
"""


@pytest.fixture
def site(tmp_path, monkeypatch):
    fake = FakeSite(tmp_path / "site", monkeypatch)
    yield fake
    fake.forget_modules()


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def by_hand(*plugins: object):
    pm = make_plugin_manager()
    for i, plugin in enumerate(plugins):
        pm.register(plugin, name=f"hand{i}")
    return load_registry(pm, use_entry_points=False)


def plugin_returning(*writers: object) -> object:
    class Plugin:
        @hookimpl
        def queens_register_writers(self):
            return list(writers)

    return Plugin()


def toy(**fields) -> Writer:
    defaults: dict = {"name": "toy", "summary": "A toy", "write": lambda board, state: "x"}
    return Writer(**{**defaults, **fields})


def test_the_core_formats_come_through_the_hook_as_queens_core_s():
    registry = by_hand()
    names = {w.name: w for w in registry.writers}
    assert {"text", "puzlink", "share"} <= set(names)
    assert all(w.package == "queens-core" and w.version for w in names.values())
    assert registry.readers[0].name == "text"
    assert {"puzlink", "share"} <= {r.name for r in registry.readers}


def test_the_installed_registry_has_the_star_battle_package_s_sbn_writers():
    names = {w.name: w.package for w in load_registry().writers}
    assert names["sbn"] == names["sbn2"] == "queens-rules-starbattle"


def test_a_writer_package_found_by_its_entry_point_is_used_by_convert(site):
    site.add(
        "queens-write-comma",
        "0.3.0",
        {"comma": "comma_writer"},
        {"comma_writer/__init__.py": COMMA_PACKAGE},
        group="queens.writers",
    )
    result = run("convert", str(BOARD_1), "--to", "comma")
    assert result.exit_code == 0, result.output
    rows = BOARD_1.read_text(encoding="utf-8").split()
    assert result.output == ",".join(rows) + ":1\n"
    listed = run("writers", "list")
    assert "comma" in listed.output and "queens-write-comma 0.3.0" in listed.output
    document = json.loads(run("writers", "list", "--format", "json").output)
    assert document["schema"] == "queens-writers/1"
    comma = next(w for w in document["writers"] if w["name"] == "comma")
    assert comma == {
        "name": "comma",
        "summary": "Rows joined by commas",
        "suffix": ".comma",
        "carries_marks": False,
        "package": "queens-write-comma",
        "version": "0.3.0",
    }


def test_a_writer_name_registered_twice_names_both_packages():
    with pytest.raises(
        PluginError, match=r"writer name 'text' is registered twice: by queens-core and by hand0"
    ):
        by_hand(plugin_returning(toy(name="text")))


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"name": "Bad Name"}, "is not a lower-case id"),
        ({"summary": " "}, "summary is empty"),
        ({"write": "not callable"}, "write is not callable"),
        ({"suffix": "sbn"}, "is not empty or a lower-case suffix"),
        ({"carries_marks": "yes"}, "is not a bool"),
    ],
)
def test_a_bad_writer_is_refused_with_what_is_wrong(fields, problem):
    with pytest.raises(PluginError, match=f"writer package hand0: writer .*{problem}"):
        by_hand(plugin_returning(toy(**fields)))


def test_a_writer_hook_that_returns_no_list_is_named():
    with pytest.raises(PluginError, match="queens_register_writers must return a list of Writer"):
        by_hand(_returning_none())


def _returning_none() -> object:
    class Plugin:
        @hookimpl
        def queens_register_writers(self):
            return None

    return Plugin()


def test_a_writer_only_package_is_a_plugin_package():
    registry = by_hand(plugin_returning(toy(name="only")))
    assert "only" in {w.name for w in registry.writers}


def test_a_board_the_format_cannot_carry_is_one_line_naming_the_format():
    board = Board.parse(BOARD_1.read_text(encoding="utf-8"))
    refusing = toy(write=lambda board, state: (_ for _ in ()).throw(BoardError("too big")))
    with pytest.raises(WriterError, match=r"^toy: too big$"):
        write_board(refusing, board)


def test_a_broken_writer_is_named_with_its_package():
    board = Board.parse(BOARD_1.read_text(encoding="utf-8"))
    broken = toy(write=lambda board, state: 1 / 0, package="queens-write-toy", version="1.0")
    with pytest.raises(
        WriterError, match=r"writer 'toy' from queens-write-toy 1.0 failed: ZeroDivisionError"
    ):
        write_board(broken, board)
    not_text = toy(write=lambda board, state: b"bytes")
    with pytest.raises(WriterError, match="returned bytes, not a str"):
        write_board(not_text, board)


def test_a_writer_that_carries_no_marks_is_not_given_them():
    seen = []
    board = Board.parse(BOARD_1.read_text(encoding="utf-8"))
    plain = toy(write=lambda board, state: seen.append(state) or "ok")
    marking = toy(write=lambda board, state: seen.append(state) or "ok", carries_marks=True)
    state = State.initial(board)
    write_board(plain, board, state)
    write_board(marking, board, state)
    assert seen == [None, state]

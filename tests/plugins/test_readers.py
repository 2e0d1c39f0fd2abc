"""Board readers: the built-in text reader, and a reader package found through a real
``queens.readers`` entry point that every command then reads boards with.

The package under test reads a one-line "slash" notation (rows separated by ``/``,
``AAB/ABB/CCB``) from files ending in ``.slash``, from standard input by sniffing, and
from a command-line argument (it is ``inline``); a state may follow after ``|``.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from fakedist import ROOT, FakeSite

from queens_core import Board, PluginError, Reader, Reading, load_registry, make_plugin_manager
from queens_core.cli.app import main
from queens_core.hookspecs import hookimpl
from queens_core.plugins.readers import TEXT_READER, InputError, read_source
from queens_core.tools.batch import expand_paths

BOARD_1 = (ROOT / "archive" / "boards" / "1.txt").read_text(encoding="utf-8")
SLASH_1 = "/".join(BOARD_1.split())

SLASH_PACKAGE = """
from queens_core import Board, BoardError, Reader, Reading, State, hookimpl


def sniff(data):
    text = data.decode("ascii", "replace").strip()
    return "/" in text and "\\n" not in text and " " not in text


def read(data):
    text = data.decode("ascii").strip()
    board_part, _, marks = text.partition("|")
    if not board_part.count("/"):
        raise BoardError("a slash board has at least two rows")
    board = Board.from_rows(board_part.split("/"))
    state = State.from_picture(board, "\\n".join(marks.split("/"))) if marks else None
    return Reading(board=board, state=state)


@hookimpl
def queens_register_readers():
    return [Reader(name="slash", summary="Rows separated by slashes", read=read,
                   suffixes=(".slash",), sniff=sniff, inline=True)]
"""


@pytest.fixture
def site(tmp_path, monkeypatch):
    fake = FakeSite(tmp_path / "site", monkeypatch)
    yield fake
    fake.forget_modules()


@pytest.fixture
def slash(site):
    site.add(
        "queens-read-slash",
        "0.2.0",
        {"slash": "slash_reader"},
        {"slash_reader/__init__.py": SLASH_PACKAGE},
        group="queens.readers",
    )
    return site


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def by_hand(*plugins: object):
    pm = make_plugin_manager()
    for i, plugin in enumerate(plugins):
        pm.register(plugin, name=f"hand{i}")
    return load_registry(pm, use_entry_points=False)


def reader(**fields) -> Reader:
    defaults: dict = {"name": "toy", "summary": "A toy", "read": lambda data: None}
    return Reader(**{**defaults, **fields})


def plugin_returning(*readers: object) -> object:
    class Plugin:
        @hookimpl
        def queens_register_readers(self):
            return list(readers)

    return Plugin()


# -- the built-in reader -----------------------------------------------------------------


def test_the_text_reader_is_always_there_and_first():
    registry = by_hand()
    # The core's own formats, registered through the reader hook as any package's are.
    assert [r.name for r in registry.readers] == ["text", "puzlink", "share"]
    assert {r.package for r in registry.readers} == {"queens-core"}
    assert registry.readers[0].version  # the installed core's


def test_read_source_reads_a_text_file_by_default(tmp_path):
    path = tmp_path / "b.txt"
    path.write_text(BOARD_1, encoding="utf-8")
    assert read_source(str(path)).board == Board.parse(BOARD_1)


def test_a_missing_file_is_one_line_naming_it():
    with pytest.raises(InputError) as caught:
        read_source("/nonexistent/board.txt")
    assert str(caught.value) == "cannot read /nonexistent/board.txt: No such file or directory"


# -- a reader package through its entry point ---------------------------------------------


def test_a_reader_package_is_listed(slash):
    result = run("readers", "list", "--format", "json")
    document = json.loads(result.output)
    assert document["schema"] == "queens-readers/1"
    # The repository's own readers (image, Star Battle notation) are installed in the
    # development environment too.
    ours = ("queens-read-image", "queens-rules-starbattle")
    listed = [r for r in document["readers"] if r["package"] not in ours]
    assert [r["name"] for r in listed] == ["text", "puzlink", "share", "slash"]
    mine = listed[-1]
    assert (mine["package"], mine["version"], mine["suffixes"]) == (
        "queens-read-slash",
        "0.2.0",
        [".slash"],
    )
    assert mine["inline"] and mine["sniffs_content"]
    assert (
        "slash    .slash; recognises content  (queens-read-slash 0.2.0)"
        in run("readers", "list").output
    )


def test_solve_reads_a_file_by_its_suffix(slash, tmp_path):
    path = tmp_path / "one.slash"
    path.write_text(SLASH_1 + "\n")
    from_text = run("solve", str(ROOT / "archive" / "boards" / "1.txt"))
    from_slash = run("solve", str(path))
    assert from_slash.exit_code == 0
    assert from_slash.output == from_text.output


def test_standard_input_is_sniffed(slash):
    result = run("solve", "-", stdin=SLASH_1)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("...♛....")


def test_an_argument_an_inline_reader_recognises_is_the_board_itself(slash):
    result = run("check", SLASH_1)
    assert result.exit_code == 0, result.output
    # A mistyped path is still a missing file, not a board.
    missing = run("solve", "no-such-board.txt")
    assert missing.exit_code == 2
    assert "no-such-board.txt: No such file or directory" in missing.output


def test_an_argument_ending_in_a_claimed_suffix_is_a_file_name(slash):
    # The slash reader sniffs any word with a slash, but a path ending in .txt or .slash
    # is a file the user meant, missing or not.
    for path in ("boards/no-such-board.txt", "boards/no-such-board.slash"):
        missing = run("solve", path)
        assert missing.exit_code == 2
        assert missing.output == f"queens: error: cannot read {path}: No such file or directory\n"


def test_hint_uses_the_marks_the_input_shows(slash):
    # The solution's first queen is at r1c4; the slash input marks it.
    marks = "/".join(["...Q...."] + ["........"] * 7)
    result = run("hint", f"{SLASH_1}|{marks}", "--every-step")
    assert result.exit_code == 0, result.output
    assert "The queen already on r1c4 rules out" in result.output
    # By default its crosses are taken as made, as the game makes them.
    crossed = " ".join(run("hint", f"{SLASH_1}|{marks}").output.split())
    assert re.search(r"Crossed first, as the game does: the \d+ cells your queen attacks", crossed)
    # Without marks, the hint starts from the empty board.
    assert "Next step: Single-cell region — queen on r2c6" in run("hint", SLASH_1).output


def test_a_reader_error_is_one_line_exit_2(slash):
    result = run("solve", "AAAA/")
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line]
    assert len(lines) == 1
    assert "AAAA/" in lines[0]


def test_stats_finds_the_files_of_every_reader_in_a_folder(slash, tmp_path):
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "a.slash").write_text(SLASH_1)
    (folder / "b.txt").write_text(BOARD_1)
    (folder / "notes.md").write_text("not a board")
    registry = load_registry()
    found = [p for p, _ in expand_paths([str(folder)], registry.readers)]
    assert [p.rsplit("/", 1)[1] for p in found] == ["a.slash", "b.txt"]
    result = run("stats", "--json", str(folder))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["solved"] == 2


# -- what the registry refuses -------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"name": "Has Space"}, "is not a lower-case id"),
        ({"summary": " "}, "summary is empty"),
        ({"read": "not callable"}, "read is not callable"),
        ({"suffixes": ".png"}, "is not a tuple of lower-case suffixes"),
        ({"suffixes": ("PNG",)}, "is not a tuple of lower-case suffixes"),
        ({"max_bytes": 0}, "is not a positive int"),
        ({"sniff": 3}, "sniff is not callable"),
    ],
)
def test_a_bad_reader_is_refused_with_what_is_wrong(fields, problem):
    with pytest.raises(PluginError, match=problem):
        by_hand(plugin_returning(reader(**fields)))


def test_two_readers_may_not_share_a_name_or_a_suffix():
    with pytest.raises(PluginError, match=r"reader name 'text' is registered twice"):
        by_hand(plugin_returning(reader(name="text")))
    with pytest.raises(PluginError, match=r"suffix '\.txt' is claimed twice: by queens-core"):
        by_hand(plugin_returning(reader(suffixes=(".txt",))))
    with pytest.raises(PluginError, match=r"suffix '\.qz' is claimed twice: by hand0 and by hand1"):
        by_hand(
            plugin_returning(reader(name="one", suffixes=(".qz",))),
            plugin_returning(reader(name="two", suffixes=(".qz",))),
        )


def test_a_hook_returning_something_else_is_named():
    class Garbage:
        @hookimpl
        def queens_register_readers(self):
            return TEXT_READER

    with pytest.raises(PluginError, match=r"reader package g: .* must return a list of Reader"):
        pm = make_plugin_manager()
        pm.register(Garbage(), name="g")
        load_registry(pm, use_entry_points=False)


def test_a_failing_reader_is_named_not_a_traceback(tmp_path):
    def explode(data: bytes) -> Reading:
        raise ValueError("cannot happen")

    registry = by_hand(plugin_returning(reader(read=explode, suffixes=(".qz",))))
    path = tmp_path / "b.qz"
    path.write_text("x")
    with pytest.raises(InputError, match=r"reader 'toy' from hand0 failed: ValueError"):
        read_source(str(path), registry.readers)
    registry = by_hand(plugin_returning(reader(read=lambda data: "a board", suffixes=(".qz",))))
    with pytest.raises(InputError, match=r"returned str, not a queens_core.Reading"):
        read_source(str(path), registry.readers)


def test_input_over_a_readers_limit_is_refused_before_reading(tmp_path):
    seen: list[bytes] = []

    def record(data: bytes) -> Reading:
        seen.append(data)
        return Reading(board=Board.parse("A"))

    registry = by_hand(plugin_returning(reader(read=record, suffixes=(".qz",), max_bytes=10)))
    path = tmp_path / "big.qz"
    path.write_bytes(b"x" * 11)
    with pytest.raises(InputError, match="larger than 10 bytes, the most the toy reader"):
        read_source(str(path), registry.readers)
    assert not seen
    path.write_bytes(b"x" * 10)
    assert read_source(str(path), registry.readers).board.n == 1


def test_a_sniffer_that_raises_recognises_nothing(tmp_path):
    def bad_sniff(data: bytes) -> bool:
        raise RuntimeError("oops")

    registry = by_hand(plugin_returning(reader(sniff=bad_sniff)))
    path = tmp_path / "board"
    path.write_text(BOARD_1)
    assert read_source(str(path), registry.readers).board == Board.parse(BOARD_1)


def test_stats_takes_an_inline_board_and_still_stops_at_a_mistyped_path(slash):
    """stats refuses a path that does not exist before it starts (issue 11), but an
    argument an inline reader claims is a board, not a missing path. (The slash reader
    claims any argument with a slash, so the mistyped path here has none.)"""
    result = run("stats", SLASH_1)
    assert result.exit_code == 0, result.output
    missing = run("stats", SLASH_1, "no-such-board.txt")
    assert missing.exit_code == 2 and missing.stdout == ""

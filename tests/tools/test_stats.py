"""`queens stats` and the rule-usage chart."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from support import ARCHIVE

from queens_core import Board, load_registry
from queens_core.cli.app import main
from queens_core.plugins.readers import suffixes_of
from queens_core.render.chart import bar_chart_svg, nice_step
from queens_core.render.progress import Progress
from queens_core.tools.batch import expand_paths

SVG = "{http://www.w3.org/2000/svg}"
SAMPLE = ["1", "2", "10", "353", "600", "616"]


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def sample_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "boards"
    folder.mkdir()
    for key in SAMPLE:
        (folder / f"{key}.txt").write_text((ARCHIVE / f"{key}.txt").read_text())
    return folder


def counters_of_solve_output(text: str) -> dict[str, int]:
    """The counter lines of `queens solve` output: display name -> count."""
    _, _, counters = text.partition("\n\n")
    out = {}
    for line in counters.splitlines():
        name, _, count = line.rpartition(" : ")
        out[name.rstrip()] = int(count)
    return out


def test_stats_totals_equal_the_sum_of_the_solve_counters(tmp_path):
    folder = sample_dir(tmp_path)
    expected: dict[str, int] = {}
    for key in SAMPLE:
        result = run("solve", str(folder / f"{key}.txt"))
        assert result.exit_code == 0
        for name, count in counters_of_solve_output(result.stdout).items():
            expected[name] = expected.get(name, 0) + count
    result = run("stats", "--format", "json", str(folder))
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert {r["display_name"]: r["firings"] for r in summary["rules"]} == expected
    assert len(expected) == 31
    # and the text table says the same
    text = run("stats", str(folder)).stdout
    for name, count in expected.items():
        assert any(
            line.strip().startswith(name) and line.split()[-2] == str(count)
            for line in text.splitlines()
        ), name


def test_stats_json_summary(tmp_path):
    folder = sample_dir(tmp_path)
    summary = json.loads(run("stats", "--format", "json", str(folder)).stdout)
    assert summary["boards"] == summary["solved"] == len(SAMPLE)
    assert summary["not_solved"] == summary["errors"] == summary["exit_status"] == 0
    assert [b["path"] for b in summary["per_board"]] == [
        str(folder / f"{key}.txt")
        for key in SAMPLE  # natural order: 2 before 10
    ]
    sizes = {Board.parse((ARCHIVE / f"{k}.txt").read_text()).n for k in SAMPLE}
    assert set(summary["by_size"]) == {str(n) for n in sizes}
    for row in summary["by_size"].values():
        assert row["solved"] == row["baseline"] + row["cheap"] + row["expensive"]
    assert sum(summary["by_grade"].values()) == len(SAMPLE)
    assert summary["time"]["solve_median_s"] <= summary["time"]["solve_p95_s"]
    per_board = {Path(b["path"]).stem: b for b in summary["per_board"]}
    assert per_board["353"]["tier_needed"] == "expensive"
    assert per_board["1"]["counters"]["queen_adjacent_kill"] == 8


@pytest.mark.slow
def test_stats_prints_nothing_on_stderr_when_it_is_not_a_terminal(tmp_path):
    result = run("stats", str(ARCHIVE))
    assert result.exit_code == 0
    assert result.stderr == ""
    assert result.stdout.startswith("Boards: 607 read, 607 solved by the rules, 0 not solved")


def test_the_progress_bar_waits_draws_on_a_terminal_and_erases_itself():
    now = [0.0]
    stream = io.StringIO()
    bar = Progress(stream, delay=1.0, interval=0.1, clock=lambda: now[0], enabled=True)
    bar(1, 10)
    assert stream.getvalue() == ""  # a short run shows nothing
    now[0] = 1.5
    bar(5, 10)
    assert stream.getvalue() == "\r[###############---------------] 5/10 boards"
    now[0] = 1.52
    bar(6, 10)  # too soon to redraw
    assert stream.getvalue().count("\r") == 1
    bar(10, 10)  # the last one always draws
    bar.close()
    assert stream.getvalue().endswith("\r")
    assert "10/10 boards" in stream.getvalue()

    quiet = io.StringIO()
    off = Progress(quiet, delay=0, clock=lambda: now[0])  # StringIO is not a terminal
    off(1, 2)
    off.close()
    assert quiet.getvalue() == ""


def test_stats_reports_bad_boards_and_goes_on(tmp_path):
    folder = sample_dir(tmp_path)
    (folder / "broken.txt").write_text("AB\nA\n")
    result = run("stats", "--format", "json", str(folder))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"queens: error: {folder / 'broken.txt'}: line 2: row has 1 cell, expected 2 "
        "(the width of the first row)",
    ]
    summary = json.loads(result.stdout)
    assert summary["solved"] == len(SAMPLE) and summary["errors"] == 1
    # The text report names the bad board once, with why; standard error only counts it.
    result = run("stats", str(folder))
    assert result.exit_code == 2
    assert (
        f"  {folder / 'broken.txt'}: line 2: row has 1 cell, expected 2 (the width of the "
        "first row)" in result.stdout.splitlines()
    )
    assert result.stderr == (
        f"queens: error: could not read 1 of {len(SAMPLE) + 1} ({folder / 'broken.txt'}): "
        "the report says why\n"
    )


def test_a_mistyped_path_is_bad_input_and_no_report(tmp_path):
    folder = sample_dir(tmp_path)
    for args in ([str(tmp_path / "missing")], [str(folder), str(tmp_path / "missing")]):
        result = run("stats", *args)
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr == (
            f"queens: error: cannot read {tmp_path / 'missing'}: No such file or directory\n"
        )
    (tmp_path / "empty").mkdir()
    result = run("stats", str(tmp_path / "empty"))
    assert result.exit_code == 2 and result.stdout == ""
    # The kinds of file are those the installed readers claim (*.txt is built in).
    kinds = ", ".join(f"*{s}" for s in suffixes_of(load_registry().readers))
    assert result.stderr == (
        f"queens: error: {tmp_path / 'empty'}: no board files ({kinds}) in this folder\n"
    )


def test_stats_exit_status_1_when_a_board_is_not_solved():
    fixture = Path(__file__).parents[1] / "fixtures" / "unique-rules-stall.txt"
    result = run("stats", str(fixture), str(ARCHIVE / "1.txt"))
    assert result.exit_code == 1
    assert f"  {fixture}: stalled" in result.stdout.splitlines()


def test_folders_expand_to_their_board_files_in_natural_order(tmp_path):
    for name in ("10.txt", "9.txt", "notes.md", "sub/2.txt", ".hidden/1.txt"):
        path = tmp_path / name
        path.parent.mkdir(exist_ok=True)
        path.write_text("A\n")
    (tmp_path / "empty").mkdir()
    found = expand_paths([str(tmp_path), str(tmp_path / "empty")])
    assert found == [
        (str(tmp_path / "9.txt"), None),
        (str(tmp_path / "10.txt"), None),
        (str(tmp_path / "sub" / "2.txt"), None),
        (str(tmp_path / "empty"), f"{tmp_path / 'empty'}: no board files (*.txt) in this folder"),
    ]


# -- the chart --------------------------------------------------------------------------


def test_the_chart_is_svg_with_one_bar_per_rule_in_order_of_frequency(tmp_path):
    folder = sample_dir(tmp_path)
    chart = tmp_path / "usage.svg"
    result = run("stats", "--format", "json", str(folder), "--chart", str(chart))
    assert result.exit_code == 0
    rules = json.loads(result.stdout)["rules"]

    root = ET.parse(chart).getroot()
    assert root.tag == f"{SVG}svg"
    bars = [e for e in root.iter(f"{SVG}rect") if e.get("class") == "bar"]
    assert len(bars) == len(rules) == 31
    labels = [e.text for e in root.iter(f"{SVG}text") if e.get("class") == "label"]
    counts = [
        int(e.text.replace(",", "")) for e in root.iter(f"{SVG}text") if e.get("class") == "count"
    ]
    firings = {r["display_name"]: r["firings"] for r in rules}
    assert sorted(labels) == sorted(firings)
    assert counts == [firings[label] for label in labels]
    assert counts == sorted(counts, reverse=True)
    widths = [float(bar.get("width")) for bar in bars]
    assert widths == sorted(widths, reverse=True) and widths[0] > 0
    title = root.find(f"{SVG}title").text
    assert "total firings" in title and f"{len(SAMPLE)} boards" in title


def test_the_chart_escapes_its_text_and_picks_round_ticks():
    svg = bar_chart_svg(
        [("a < b & c", 3, "x"), ('"quoted"', 0, "y")], "T & <t>", "n", groups=["x", "y"]
    )
    root = ET.fromstring(svg)
    labels = [e.text for e in root.iter(f"{SVG}text") if e.get("class") == "label"]
    assert labels == ["a < b & c", '"quoted"']
    assert root.get("aria-label") == "T & <t>"
    assert [nice_step(m) for m in (0, 5, 94, 1103, 5216)] == [1, 1, 20, 200, 1000]


def test_writing_the_chart_to_an_impossible_place_is_an_error_before_any_solve(tmp_path):
    result = run("stats", str(ARCHIVE / "1.txt"), "--chart", str(tmp_path / "no" / "c.svg"))
    assert result.exit_code == 2
    assert result.stderr == (
        f"queens: error: cannot write {tmp_path / 'no' / 'c.svg'}: No such file or directory\n"
    )
    assert result.stdout == ""  # it failed before solving, not after a long run


def test_stats_help_names_every_reader_suffix_not_only_txt():
    # A folder contributes every suffix a reader claims (batch.expand_paths), so the help
    # must not promise *.txt files only.
    help_text = " ".join(CliRunner().invoke(main, ["stats", "--help"]).output.split())
    assert "its *.txt files" not in help_text
    assert "every suffix an installed reader claims" in help_text


def test_stats_takes_star_battle_boards_by_what_they_declare(tmp_path):
    """Left to the inputs (the default), a folder of 2-star boards is summed up with
    the rules for 2 stars, as check and solve read it; the boards of another K (a
    3-star board, a Queens board, which declares nothing) in a summary of their own,
    with their own rules: never as boards that could not be read."""
    import shutil

    starbattle = Path(ARCHIVE).parent / "starbattle"
    for name in ("9x9-2stars-01.txt", "9x9-2stars-02.txt", "14x14-3stars-01.txt"):
        shutil.copy(starbattle / name, tmp_path / name)
    (tmp_path / "queens.txt").write_text((ARCHIVE / "1.txt").read_text())
    result = run("stats", "--format", "json", "--no-uniqueness", str(tmp_path))
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["schema"] == "queens-stats-by-stars/1"
    parts = {part["stars"]: part for part in document["summaries"]}
    assert sorted(parts) == [1, 2, 3]
    names = {
        k: sorted(Path(b["path"]).name for b in part["per_board"]) for k, part in parts.items()
    }
    assert names == {
        1: ["queens.txt"],
        2: ["9x9-2stars-01.txt", "9x9-2stars-02.txt"],
        3: ["14x14-3stars-01.txt"],
    }
    assert all(b["status"] == "solved" for part in parts.values() for b in part["per_board"])
    # The 3-star board's counters are the Star Battle rules'.
    (three,) = parts[3]["per_board"]
    assert three["counters"] and all(
        c in {r["counter"] for r in parts[3]["rules"]} for c in three["counters"]
    )


def test_a_star_battle_summary_lists_only_the_grades_and_tiers_its_rules_can_give(tmp_path):
    """No Star Battle rule is Easy or of the baseline, so a 2-star section has no "Easy"
    row and no "baseline" column (rows of zeros a board could never fill); the Queens
    section beside it keeps them. The JSON document keeps every key."""
    import shutil

    starbattle = Path(ARCHIVE).parent / "starbattle"
    shutil.copy(starbattle / "9x9-2stars-01.txt", tmp_path / "star.txt")
    (tmp_path / "queens.txt").write_text((ARCHIVE / "1.txt").read_text())
    sound_for_two = [r for r in load_registry().rules if r.sound_for(2)]
    assert min(r.grade_needed for r in sound_for_two) > 1  # what the layout relies on
    result = run("stats", "--no-uniqueness", str(tmp_path))
    assert result.exit_code == 0, result.output
    queens, stars = result.stdout.split("== Star Battle boards")
    assert "1 Easy" in queens and " baseline " in queens
    assert "1 Easy" not in stars and "baseline" not in stars
    assert "2 Medium" in stars and " cheap " in stars
    document = json.loads(run("stats", "--format", "json", str(tmp_path / "star.txt")).stdout)
    assert list(document["by_grade"]) == ["Easy", "Medium", "Hard", "Fiendish"]


def test_stats_reads_a_board_on_standard_input_once():
    """Finding the K the inputs declare must not use up standard input."""
    result = run("stats", "--format", "json", "-", stdin=(ARCHIVE / "1.txt").read_text())
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["per_board"][0]["status"] == "solved"

"""What a puzzle designer meets around ``generate``: ``check`` and ``stats`` over folders
and rule selections, uniqueness in ``stats``, and the small things that pointed the wrong
way (``solve --tier baseline``, ``render -o s.jpg``, ``--version``, kept boards on a rerun,
files that are not boards)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from queens_core import Board, Solver, load_registry
from queens_core.cli.app import main

ROOT = Path(__file__).resolve().parents[2]
BOARD = str(ROOT / "archive" / "boards" / "1.txt")
#: Two solutions: the regions are the rows' halves, and the queens may take either
#: diagonal of the 2×2 blocks (a made-up 4×4 board, never a daily one).
TWO_SOLUTIONS = "AABB\nAABB\nCCDD\nCCDD\n"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_solve_and_check_take_tier_baseline():
    solved = run("solve", "--tier", "baseline", "--format", "json", BOARD)
    assert solved.exit_code == 0, solved.output
    counters = json.loads(solved.stdout)["counters"]
    assert {entry["counter"] for entry in counters} == {
        "queen_adjacent_kill",
        "single_cell_region",
        "single_cell_line",
        "region_confined_to_line",
        "line_confined_to_region",
    }
    checked = run("check", "--tier", "baseline", BOARD)
    assert checked.exit_code == 0
    assert "tier needed: baseline (every rule solves it)" in checked.stdout


def test_check_reads_folders_and_several_paths_as_json_lines(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "1.txt").write_text(Path(BOARD).read_text())
    (tmp_path / "a" / "2.txt").write_text(TWO_SOLUTIONS)
    (tmp_path / "empty").mkdir()
    result = run("check", "--format", "json", str(tmp_path / "a"), str(tmp_path / "empty"))
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(Path(r["path"]).name, r["verdict"]) for r in records] == [
        ("1.txt", "unique-solved"),
        ("2.txt", "several-solutions"),
        ("empty", "bad-input"),
    ]
    assert result.exit_code == 2  # the worst: a folder without boards is bad input
    assert "no board files (*" in records[2]["message"]


def test_check_selection_changes_the_verdict(tmp_path):
    # Board 1 needs nothing beyond the baseline rules; with those left out it stalls.
    assert run("check", "--only", "baseline", BOARD).exit_code == 0
    stalled = run("check", "--exclude", "baseline", "--format", "json", BOARD)
    assert stalled.exit_code == 1
    assert json.loads(stalled.stdout)["verdict"] == "unique-stalled"
    unknown = run("check", "--only", "nope", BOARD)
    assert unknown.exit_code == 2
    assert "no installed rule or rule package is called 'nope'" in unknown.stderr


def test_stats_counts_solutions_and_keeps_errors_apart(tmp_path):
    (tmp_path / "1.txt").write_text(Path(BOARD).read_text())
    (tmp_path / "2.txt").write_text(TWO_SOLUTIONS)
    (tmp_path / "3.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    text = run("stats", str(tmp_path))
    assert text.exit_code == 2
    lines = text.stdout.splitlines()
    assert "  size  boards  unique  solved  baseline  cheap  expensive  not solved" in lines
    several = lines.index("Several solutions:")
    assert lines[several + 1] == f"  {tmp_path / '2.txt'}"
    not_solved = lines.index("Not solved:")
    unreadable = lines.index("Could not read:")
    assert all("3.txt" not in line for line in lines[not_solved:unreadable])
    assert lines[unreadable + 1].startswith(f"  {tmp_path / '3.txt'}: this looks like a PNG")

    document = json.loads(run("stats", "--format", "json", str(tmp_path)).stdout)
    assert document["uniqueness"] == {"unique": 1, "several": 1, "none": 0, "undecided": 0}
    assert [b["uniqueness"] for b in document["per_board"]] == ["unique", "several", None]
    assert document["by_size"]["8"]["unique"] == 1

    skipped = json.loads(run("stats", "--no-uniqueness", "--format", "json", str(tmp_path)).stdout)
    assert skipped["uniqueness"] is None
    assert "unique" not in run("stats", "--no-uniqueness", str(tmp_path)).stdout.split("\n\n")[1]


def test_stats_takes_the_rule_selection():
    document = json.loads(run("stats", "--only", "baseline", "--format", "json", BOARD).stdout)
    assert [rule["counter"] for rule in document["rules"]][-1] == "line_confined_to_region"


def test_render_refuses_a_picture_format_it_does_not_write(tmp_path):
    target = tmp_path / "s.jpg"
    result = run("render", BOARD, "-o", str(target))
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"queens: error: -o {target}: render writes SVG (FILE.svg) or PNG (FILE.png), "
        "not a .jpg file"
    )
    assert not target.exists()
    assert run("render", BOARD, "-o", str(tmp_path / "s.SVG")).exit_code == 0


def test_version_names_the_command_packages_too():
    lines = run("--version").stdout.splitlines()
    assert lines[0].startswith("queens-core ")
    assert any(line.startswith("queens-web ") for line in lines)


def test_generate_json_lists_the_boards_kept_in_the_folder(tmp_path):
    args = ["generate", "--size", "6", "--seed", "9", "-o", str(tmp_path), "--format", "json"]
    first = [json.loads(line) for line in run(*args, "--count", "2").stdout.splitlines()]
    again = run(*args, "--count", "3")
    assert again.exit_code == 0
    records = [json.loads(line) for line in again.stdout.splitlines()]
    assert [r["index"] for r in records] == [0, 1, 2]
    assert [r["kept"] for r in records] == [True, True, False]
    for kept, made in zip(records[:2], first, strict=True):
        assert kept["board"] == made["board"] and kept["solution"] == made["solution"]
        assert (kept["tier"], kept["grade"]) == (made["tier"], made["grade"])


@pytest.mark.parametrize("stars", ["1", "2"])
def test_a_rerun_lists_the_kept_boards_and_names_a_file_that_is_not_one(tmp_path, stars):
    args = ["generate", "--size", "8", "--stars", stars, "--seed", "9", "-o", str(tmp_path)]
    first = run(*args, "--count", "2").stdout.splitlines()
    (tmp_path / first[1].split(": ")[0]).write_text("PO\nOP\n")  # now a 2×2 board
    again = run(*args, "--count", "3")
    assert again.exit_code == 1  # the batch asked for is one board short
    lines = again.stdout.splitlines()
    # The good kept board says what it is, as when it was made; the new one is listed.
    assert lines[0] == f"{first[0]} (kept)"
    assert len(lines) == 2 and not lines[1].endswith("(kept)")
    assert lines[1].split(": ")[0].endswith("-0003.txt")
    what = "8×8" if stars == "1" else "8×8, 2 stars"
    assert again.stderr.splitlines() == [
        f"queens: warning: 2 of 3 boards are already in {tmp_path}: kept (--force makes "
        "them again)",
        f"queens: warning: {first[1].split(': ')[0]}: kept, but it is not a board of this "
        f"batch ({what})",
        f"queens: error: a kept file in {tmp_path} is no board of this batch (named above): "
        "move it away, or --force makes it again",
    ]


def test_a_kept_board_of_another_grade_is_named_not_listed(tmp_path):
    args = ["generate", "--size", "8", "--seed", "11", "--grade", "Hard", "-o", str(tmp_path)]
    made = run(*args, "--count", "2").stdout.splitlines()
    second = made[1].split(": ")[0]
    Path(second).write_text((ROOT / "archive" / "boards" / "1.txt").read_text())  # grade 1
    again = run(*args, "--count", "2")
    assert again.exit_code == 1
    assert again.stdout.splitlines() == [f"{made[0]} (kept)"]
    assert (
        f"queens: warning: {second}: kept, but it is graded 1 Easy, and this batch's boards "
        "are graded 3 Hard"
    ) in again.stderr.splitlines()


def test_a_kept_board_the_selected_rules_do_not_solve_is_named_not_listed(tmp_path):
    args = ["generate", "--size", "8", "--seed", "11", "--count", "3", "-o", str(tmp_path)]
    made = run(*args).stdout.splitlines()
    again = run(*args, "--exclude", "pfc")
    assert again.exit_code == 1
    # Board 2 of seed 11 needs the expensive tier: without pfc the rules stall on it.
    (fiendish,) = [line.split(": ")[0] for line in made if "tier expensive" in line]
    board = Board.parse(Path(fiendish).read_text())
    rules = [
        rule for rule in load_registry().rules if rule.counter != "placement_forces_contradiction"
    ]
    assert not Solver(rules).solve(board).solved
    assert f"queens: warning: {fiendish}: kept, but the selected rules do not solve it" in (
        again.stderr.splitlines()
    )
    assert again.stdout.splitlines() == [
        f"{line} (kept)" for line in made if line.split(": ")[0] != fiendish
    ]


def test_files_that_are_not_boards_are_named_for_what_they_look_like(tmp_path):
    picture = tmp_path / "screenshot.txt"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    result = run("solve", str(picture))
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"queens: error: {picture}: this looks like a PNG picture, not a board in text: "
        "name it FILE.png so that the image reader reads it"
    )
    prose = run("solve", str(ROOT / "README.md"))
    assert prose.exit_code == 2
    assert "README.md: this looks like prose, not a board: a board is one line a row" in (
        prose.stderr
    )
    # A board with a mistake is still told its mistake.
    typo = tmp_path / "typo.txt"
    typo.write_text("AAB\nA BB\nCCC\n")
    assert "this looks like" not in run("solve", str(typo)).stderr


def test_what_a_misread_file_looks_like_says_what_to_do_with_the_readers_installed():
    from queens_core.plugins.readers import TEXT_READER, misread

    png = b"\x89PNG\r\n\x1a\n\x00"
    assert misread(png, (TEXT_READER,)) == (
        "this looks like a PNG picture, not a board in text: install queens-read-image to "
        "read screenshots, and name it FILE.png"
    )
    # A screenshot named as one needs the reader only, not a new name.
    for name in ("shot.png", "SHOT.PNG"):
        assert misread(png, (TEXT_READER,), name) == (
            "this looks like a PNG picture, not a board in text: install queens-read-image "
            "to read screenshots"
        )
    assert misread(b"\xff\xd8\xff\xe0", (TEXT_READER,), "photo.jpeg").endswith(
        "install queens-read-image to read screenshots"
    )
    assert misread(png, (TEXT_READER,), "board.txt").endswith("and name it FILE.png")
    assert misread(b"%PDF-1.7", (TEXT_READER,)) == (
        "this looks like a PDF document, not a board in text: a board is text, one line a "
        "row and one character a cell"
    )
    assert misread(b"RIFF\x00\x00\x00\x00WAVE", (TEXT_READER,)) is None  # sound, not WebP
    assert misread(b"AAB\nA#B\nCCB\n", (TEXT_READER,)) is None  # a board with a typo

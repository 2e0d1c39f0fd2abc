"""Broken rule packages, found through real entry points: each failure names the package,
its entry point and the cause, and ``--skip-broken-plugins`` (or the environment variable)
starts without the culprit."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from fakedist import ROOT, FakeSite, rule_module

from queens_core import PluginError, load_registry
from queens_core.cli.app import main
from queens_core.cli.exits import EXIT_PLUGIN_FAILED

BOARD = str(ROOT / "archive" / "boards" / "1.txt")
SOUND = rule_module("pass", "harmless_rule")


@pytest.fixture
def site(tmp_path, monkeypatch):
    fake = FakeSite(tmp_path / "site", monkeypatch)
    yield fake
    fake.forget_modules()


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)


def install_broken(site: FakeSite, source: str, target: str = "broken_rules") -> None:
    site.add(
        "queens-rules-broken",
        "0.3.1",
        {"broken": target},
        {"broken_rules/__init__.py": source},
    )


BROKEN = {
    "import error": (
        "import nonexistent_dependency_for_queens\n",
        "broken_rules",
        "ModuleNotFoundError: No module named 'nonexistent_dependency_for_queens'",
    ),
    "error at import": (
        "x = 1\nraise RuntimeError('the plugin cannot start')\n",
        "broken_rules",
        "RuntimeError: the plugin cannot start",
    ),
    "syntax error": ("def queens_register_rules(:\n", "broken_rules", "SyntaxError"),
    "exit at import": ("import sys\nsys.exit(7)\n", "broken_rules", "SystemExit: 7"),
    "missing attribute": (SOUND, "broken_rules:plugin", "AttributeError"),
    "no hookimpl": (
        "def queens_register_rules():\n    return []\n",
        "broken_rules",
        "it has no queens_register_rules or queens_register_readers or queens_register_writers "
        "function marked @hookimpl",
    ),
    "misspelt hook": (
        "from queens_core import hookimpl\n\n@hookimpl\ndef queens_register_rule():\n"
        "    return []\n",
        "broken_rules",
        "@hookimpl 'queens_register_rule' is not a queens hook",
    ),
    "hook raises": (
        "from queens_core import hookimpl\n\n@hookimpl\ndef queens_register_rules():\n"
        "    raise KeyError('config')\n",
        "broken_rules",
        "queens_register_rules raised KeyError: 'config'",
    ),
    "generator raises": (
        "from queens_core import hookimpl\n\n@hookimpl\ndef queens_register_rules():\n"
        "    yield from ()\n    raise LookupError('no table')\n",
        "broken_rules",
        "queens_register_rules raised LookupError: no table (at ",
    ),
    "not a list": (
        "from queens_core import hookimpl\n\n@hookimpl\ndef queens_register_rules():\n"
        "    return 'rules'\n",
        "broken_rules",
        "must return a list of Rule, not str",
    ),
    "invalid rule": (
        rule_module("pass", "Bad-Name"),
        "broken_rules",
        "counter id 'Bad-Name' is not lower_snake_case",
    ),
    "duplicate counter": (
        rule_module("pass", "single_cell_region"),
        "broken_rules",
        "counter id 'single_cell_region' is registered twice: by "
        "queens-rules-baseline[baseline] and by queens-rules-broken[broken]",
    ),
}


@pytest.mark.parametrize("case", BROKEN)
def test_a_broken_package_stops_queens_with_its_name_and_the_cause(site, case):
    source, target, cause = BROKEN[case]
    install_broken(site, source, target)
    result = run("rules", "list")
    assert result.exit_code == EXIT_PLUGIN_FAILED
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("queens: error: ")
    assert "queens-rules-broken" in lines[0]
    assert "[broken]" in lines[0]
    assert cause in lines[0]
    assert "--skip-broken-plugins" in lines[0]
    assert "QUEENS_SKIP_BROKEN_PLUGINS=1" in lines[0]


def test_the_failure_points_at_the_line_that_raised(site):
    source, target, _ = BROKEN["error at import"]
    install_broken(site, source, target)
    result = run("rules", "list")
    assert f"{site.root / 'broken_rules' / '__init__.py'}:2" in result.stderr


def test_traceback_only_when_asked(site):
    source, target, _ = BROKEN["error at import"]
    install_broken(site, source, target)
    assert "Traceback" not in run("solve", BOARD).stderr
    for args in (["--traceback", "solve", BOARD], ["solve", BOARD, "--traceback"]):
        shown = run(*args)
        assert shown.exit_code == EXIT_PLUGIN_FAILED
        assert "Traceback" in shown.stderr
        assert "the plugin cannot start" in shown.stderr.splitlines()[-1]


@pytest.mark.parametrize("case", ["import error", "hook raises", "duplicate counter"])
@pytest.mark.parametrize("how", ["flag", "flag after the command", "environment"])
def test_skipping_broken_packages_solves_with_the_others(site, case, how):
    expected = run("solve", BOARD)
    assert expected.exit_code == 0
    source, target, cause = BROKEN[case]
    install_broken(site, source, target)
    site.add(
        "queens-rules-fine",
        "1.2.0",
        {"fine": "fine_rules"},
        {"fine_rules/__init__.py": SOUND},
    )
    if how == "flag":
        result = run("--skip-broken-plugins", "solve", BOARD)
    elif how == "flag after the command":
        # Where a user types it after reading the error that names it.
        result = run("solve", "--skip-broken-plugins", BOARD)
    else:
        result = run("solve", BOARD, env={"QUEENS_SKIP_BROKEN_PLUGINS": "1"})
    assert result.exit_code == 0, result.stderr
    # The working third-party rule still runs: its counter follows the catalog's.
    assert (
        result.stdout
        == expected.stdout.rstrip("\n")
        + "\nHarmless rule"
        + (" " * (len("Placement-forces-contradiction") - len("Harmless rule")))
        + " : 0\n"
    )
    warning = result.stderr.splitlines()
    assert len(warning) == 1
    assert warning[0].startswith("queens: warning: rule package queens-rules-broken[broken]")
    assert cause in warning[0]
    assert warning[0].endswith("(skipped)")


@pytest.mark.parametrize(
    "command",
    [
        ["rules", "list"],
        ["check", BOARD],
        ["stats", BOARD],
        ["hint", BOARD],
        ["render", BOARD, "--solve"],
    ],
)
def test_every_command_takes_the_global_options_after_its_name(site, command):
    install_broken(site, *BROKEN["import error"][:2])
    result = run(*command, "--skip-broken-plugins", "--traceback")
    assert result.exit_code in (0, 1), result.stderr
    assert "queens-rules-broken[broken]" in result.stderr and "(skipped)" in result.stderr


def test_the_environment_variable_can_say_no(site):
    install_broken(site, *BROKEN["import error"][:2])
    result = run("rules", "list", env={"QUEENS_SKIP_BROKEN_PLUGINS": "0"})
    assert result.exit_code == EXIT_PLUGIN_FAILED


def test_version_lists_a_broken_package_without_failing(site):
    install_broken(site, *BROKEN["import error"][:2])
    result = run("--version")
    assert result.exit_code == 0
    assert "queens-rules-baseline 0.1.0" in result.stdout
    assert "(broken: rule package queens-rules-broken[broken] failed to load" in result.stdout


def test_a_skipped_package_is_left_out_of_the_registry(site):
    install_broken(site, *BROKEN["duplicate counter"][:2])
    with pytest.raises(PluginError, match="registered twice"):
        load_registry()
    registry = load_registry(skip_broken=True)
    assert "queens-rules-broken" not in {p.name for p in registry.packages}
    assert registry.by_counter()["single_cell_region"].package == "queens-rules-baseline"
    assert len(registry.broken) == 1


def test_a_good_third_party_package_is_listed_with_its_name_and_version(site):
    site.add(
        "queens-rules-fine", "1.2.0", {"fine": "fine_rules"}, {"fine_rules/__init__.py": SOUND}
    )
    result = run("rules", "list")
    assert result.exit_code == 0
    line = next(line for line in result.stdout.splitlines() if "harmless_rule" in line)
    assert line.split() == [
        "1000",
        "harmless_rule",
        "Harmless",
        "rule",
        "K",
        "=",
        "1",
        "3",
        "Hard*",
        "weight",
        "5*",
        "queens-rules-fine",
        "1.2.0",
    ]

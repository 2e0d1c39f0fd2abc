"""The one loader of rule, reader and command packages (queens_core.plugins.finder):
every kind fails in one line naming ``package[entry point]`` and where in the package's
own code the failure is, never in the loader's."""

from __future__ import annotations

from click.testing import CliRunner
from fakedist import ROOT, FakeSite, rule_module

from queens_core import load_registry, make_plugin_manager
from queens_core.cli.app import main
from queens_core.cli.packages import load_commands
from queens_core.plugins.distributions import entry_points
from queens_core.plugins.finder import Failed, Loaded, in_loading_order, load_each

BOARD = str(ROOT / "archive" / "boards" / "1.txt")
CORE = str(ROOT / "queens_core" / "queens_core")


def test_a_hook_pluggy_refuses_leaves_nothing_registered_behind(site: FakeSite):
    """pluggy checks a hook's arguments as it registers the plugin: a hook it refuses is
    the package's failure, named in one line, and skipped, nothing of it stays."""
    site.add(
        "queens-rules-greedy",
        "1.0",
        {"greedy": "greedy_rules"},
        {
            "greedy_rules/__init__.py": rule_module("pass", "greedy").replace(
                "def queens_register_rules():", "def queens_register_rules(more_than_asked):"
            )
        },
    )
    failed = CliRunner().invoke(main, ["solve", BOARD])
    assert failed.exit_code == 4
    assert failed.stderr.startswith(
        "queens: error: rule package queens-rules-greedy[greedy] failed to load (greedy_rules): "
    )
    assert len(failed.stderr.splitlines()) == 1
    skipped = CliRunner().invoke(main, ["--skip-broken-plugins", "solve", BOARD])
    assert skipped.exit_code == 0, skipped.stderr
    assert skipped.stderr.startswith("queens: warning: rule package queens-rules-greedy[greedy]")
    pm = make_plugin_manager()
    registry = load_registry(pm, skip_broken=True)
    assert "queens-rules-greedy[greedy]" not in dict(pm.list_name_plugin())
    assert "greedy" not in registry.by_counter()


def test_a_command_package_refused_is_not_placed_in_the_loader(site: FakeSite):
    site.add(
        "queens-wrong",
        "0.3",
        {"wrong": "queens_wrong"},
        {
            "queens_wrong.py": (
                "from queens_core import hookimpl\n\n@hookimpl\n"
                "def queens_register_commands():\n    return 5\n"
            )
        },
        group="queens.commands",
    )
    wrong = [ep for ep in entry_points("queens.commands") if ep.dist.name == "queens-wrong"]
    found, broken = load_commands(wrong)
    assert found == []
    assert broken == [
        "command package queens-wrong[wrong] 0.3 failed to load (queens_wrong): "
        "queens_register_commands must return a list of click commands, not int"
    ]


def test_every_kind_loads_in_one_order_and_fails_in_one_shape(site: FakeSite):
    for group, name in (("queens.rules", "b"), ("queens.readers", "a"), ("queens.commands", "c")):
        site.add(
            f"queens-{name}",
            "1.0",
            {name: f"module_{name}"},
            {f"module_{name}.py": f"raise ValueError('{group}')\n"},
            group=group,
        )
    found = [
        ep
        for ep in entry_points("queens.rules", "queens.readers", "queens.commands")
        if ep.dist.name.startswith("queens-") and len(ep.dist.name) == len("queens-a")
    ]
    outcomes = list(load_each(in_loading_order(found), "plugin", lambda _ep, _label, p: p))
    assert [o.label for o in outcomes] == ["queens-a[a]", "queens-b[b]", "queens-c[c]"]
    assert all(isinstance(o, Failed) and not isinstance(o, Loaded) for o in outcomes)
    first = outcomes[0]
    assert isinstance(first, Failed)
    assert first.line == (
        "plugin queens-a[a] failed to load (module_a): ValueError: queens.readers "
        f"(at {site.root / 'module_a.py'}:1)"
    )
    assert not any(CORE in o.line for o in outcomes if isinstance(o, Failed))

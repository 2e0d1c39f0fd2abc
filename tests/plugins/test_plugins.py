"""Rule registration: fresh plugin managers, inline plugins, real entry points."""

from __future__ import annotations

import importlib.metadata as metadata
import sys
import textwrap

import pytest

from queens_core import (
    Board,
    PluginError,
    Rule,
    RuleFailure,
    Solver,
    Tier,
    hookimpl,
    load_registry,
    make_plugin_manager,
)
from queens_core.engine.propagation import place_region_single


def noop(ctx) -> None:
    return None


def rule(
    counter: str = "x", position: int = 1000, tier: Tier = Tier.CHEAP, apply=noop, **fields
) -> Rule:
    return Rule(
        counter=counter,
        display_name=fields.pop("display_name", counter.replace("_", " ").title()),
        tier=tier,
        position=position,
        summary=fields.pop("summary", "test rule"),
        apply=apply,
        **fields,
    )


class Plugin:
    def __init__(self, *rules: Rule):
        self.rules = list(rules)

    @hookimpl
    def queens_register_rules(self):
        return self.rules


def registry_of(**plugins) -> list[Rule]:
    pm = make_plugin_manager()
    for name, plugin in plugins.items():
        pm.register(plugin, name=name)
    return load_registry(pm, use_entry_points=False).rules


def test_each_manager_is_fresh():
    first = make_plugin_manager()
    first.register(Plugin(rule("a")), name="p")
    assert make_plugin_manager().get_plugins() == set()


def test_inline_plugins_register_in_tier_then_position_order():
    rules = registry_of(
        p1=Plugin(rule("late", 1001), rule("heavy", 5, Tier.EXPENSIVE)),
        p2=Plugin(rule("early", 3)),
    )
    assert [r.counter for r in rules] == ["early", "late", "heavy"]
    assert {r.counter: r.package for r in rules} == {"early": "p2", "late": "p1", "heavy": "p1"}


def test_duplicate_counter_ids_are_an_error_naming_both():
    with pytest.raises(PluginError, match=r"'same' is registered twice: by p1 and by p2"):
        registry_of(p1=Plugin(rule("same")), p2=Plugin(rule("same")))


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (rule("Bad-Id"), "not lower_snake_case"),
        (rule(display_name=""), "display name is empty"),
        # A name or summary that would command the terminal it is printed on (here: set
        # its title), or fill it.
        (rule(display_name="Kill\x1b]0;owned\x07"), "display name is not one line of printable"),
        (rule(display_name="Two\nlines"), "display name is not one line"),
        (rule(display_name="x" * 81), "at most 80 characters"),
        (rule(summary="Kills \u202ereversed"), "summary is not one line of printable text"),
        (rule(tier="cheap"), "is not Tier.CHEAP"),
        (rule(apply=None), "apply is not callable"),
        (rule(counting="often"), "counting 'often'"),
        (rule(explain="words"), "explain is not callable"),
        (rule(weight=-1), "weight -1 is not an int of 0 or more"),
        (rule(weight=True), "weight True is not an int"),
        (rule(grade=2), "grade 2 is not a Grade"),
    ],
)
def test_invalid_rules_are_rejected_with_the_reason(bad, message):
    with pytest.raises(PluginError, match=message) as caught:
        registry_of(p=Plugin(bad))
    assert "rule package p" in str(caught.value)


def test_a_hook_returning_garbage_is_named():
    class Garbage:
        @hookimpl
        def queens_register_rules(self):
            return "not a list"

    with pytest.raises(PluginError, match=r"rule package g: .* must return a list of Rule"):
        registry_of(g=Garbage())


def test_a_hook_that_raises_is_named():
    class Raises:
        @hookimpl
        def queens_register_rules(self):
            raise RuntimeError("boom")

    with pytest.raises(
        PluginError, match="rule package r: queens_register_rules raised RuntimeError: boom"
    ):
        registry_of(r=Raises())


def test_a_rule_that_raises_during_a_solve_names_the_rule():
    def explode(ctx):
        raise ZeroDivisionError("division by zero")

    rules = registry_of(p=Plugin(rule("exploding", apply=explode)))
    board = Board.parse("AAB\nCCB\nCCB")
    with pytest.raises(RuleFailure) as caught:
        Solver(rules).solve(board)
    assert caught.value.rule.counter == "exploding"
    assert "rule 'exploding'" in str(caught.value) and "from p" in str(caught.value)
    assert isinstance(caught.value.error, ZeroDivisionError)


def test_shared_apply_functions_run_once_per_pass():
    calls = []

    def sweep(ctx):
        calls.append(sorted(ctx.enabled))

    rules = registry_of(
        p=Plugin(rule("shape_a", 10, apply=sweep), rule("shape_b", 11, apply=sweep))
    )
    Solver(rules).solve(Board.parse("AAB\nCCB\nCCB"))
    assert calls == [["shape_a", "shape_b"]]


def test_a_step_for_a_foreign_counter_is_a_rule_failure():
    def impostor(ctx):
        ctx.kill(1, counter="single_cell_region")

    rules = registry_of(p=Plugin(rule("impostor", apply=impostor)))
    with pytest.raises(RuleFailure, match="recorded a step for counter 'single_cell_region'"):
        Solver(rules).solve(Board.parse("AAB\nCCB\nCCB"))


def test_an_unsound_placement_is_a_contradiction_naming_the_rule():
    def place_twice(ctx):
        place_region_single(ctx)
        ctx.place(1)  # r1c2 is next to the queen just placed at r1c1

    rules = registry_of(p=Plugin(rule("reckless", apply=place_twice)))
    result = Solver(rules).solve(Board.parse("ABB\nBBB\nCCC"))
    assert result.status == "contradiction"
    assert result.culprit.counter == "reckless"
    assert "unsound deduction" in result.problem and "r1c2" in result.problem


# -- real entry points -------------------------------------------------------------------


def fake_distribution(tmp_path, name: str, module: str, source: str) -> None:
    """Write a module and a ``*.dist-info`` with an entry point, as pip would install."""
    (tmp_path / f"{module}.py").write_text(textwrap.dedent(source))
    info = tmp_path / f"{name.replace('-', '_')}-1.2.3.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.2.3\n")
    (info / "entry_points.txt").write_text(f"[queens.rules]\n{module} = {module}\n")


def entry_points_under(path) -> list[metadata.EntryPoint]:
    found = []
    for dist in metadata.distributions(path=[str(path)]):
        found.extend(ep for ep in dist.entry_points if ep.group == "queens.rules")
    return found


def test_a_real_entry_point_is_loaded_with_its_package_and_version(tmp_path, monkeypatch):
    fake_distribution(
        tmp_path,
        "queens-rules-fake",
        "queens_fake_rules",
        """
        from queens_core import Rule, Tier, hookimpl

        def apply(ctx):
            pass

        @hookimpl
        def queens_register_rules():
            return [Rule(counter="fake_rule", display_name="Fake rule", tier=Tier.CHEAP,
                         position=1000, summary="does nothing", apply=apply)]
        """,
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = load_registry(entry_points=entry_points_under(tmp_path))
    (only,) = registry.rules
    assert (only.counter, only.package, only.version) == ("fake_rule", "queens-rules-fake", "1.2.3")
    assert registry.packages[0].label == "queens-rules-fake[queens_fake_rules]"
    sys.modules.pop("queens_fake_rules", None)


def test_a_package_that_fails_to_import_is_named(tmp_path, monkeypatch):
    fake_distribution(
        tmp_path,
        "queens-rules-broken",
        "queens_broken_rules",
        "import a_module_that_does_not_exist\n",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    eps = entry_points_under(tmp_path)
    with pytest.raises(PluginError) as caught:
        load_registry(entry_points=eps)
    message = str(caught.value)
    assert "queens-rules-broken[queens_broken_rules] failed to load" in message
    assert "ModuleNotFoundError" in message and "a_module_that_does_not_exist" in message
    # Asked to, the registry starts without it and says what it skipped.
    registry = load_registry(entry_points=eps, skip_broken=True)
    assert registry.rules == [] and len(registry.broken) == 1


def test_a_misspelt_hook_is_reported_by_check_pending(tmp_path, monkeypatch):
    fake_distribution(
        tmp_path,
        "queens-rules-typo",
        "queens_typo_rules",
        """
        from queens_core import hookimpl

        @hookimpl
        def queens_register_rule():
            return []
        """,
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PluginError, match=r"queens-rules-typo.*queens_register_rule"):
        load_registry(entry_points=entry_points_under(tmp_path))
    sys.modules.pop("queens_typo_rules", None)


def test_a_module_plugin_registers_the_same_hooks_as_with_pluggys_own_lookup():
    """make_plugin_manager() rules out a module's non-functions by a glance at its
    __dict__; pluggy's own manager must find the very same implementations."""
    import types

    import pluggy

    from queens_core import hookspecs

    module = types.ModuleType("queens_mixed_plugin")
    exec(
        textwrap.dedent(
            """
            from queens_core import hookimpl, Rule
            import functools

            class Holder:
                @staticmethod
                def queens_register_rules():
                    return []

            @hookimpl
            def queens_register_rules():
                return []

            @hookimpl(optionalhook=True)
            def queens_unknown_hook():
                return None

            queens_register_readers = hookimpl(staticmethod(lambda: []))
            partial = functools.partial(print)
            CONSTANT = 3
            """
        ),
        module.__dict__,
    )
    ours = make_plugin_manager()
    theirs = pluggy.PluginManager(hookspecs.PROJECT)
    theirs.add_hookspecs(hookspecs)
    found = []
    for pm in (ours, theirs):
        pm.register(module, name="mixed")
        found.append(
            sorted(
                (caller.name, impl.function.__name__, impl.optionalhook)
                for caller in pm.get_hookcallers(module) or []
                for impl in caller.get_hookimpls()
            )
        )
    assert found[0] == found[1]
    assert [name for name, _, _ in found[0]] == [
        "queens_register_readers",
        "queens_register_rules",
        "queens_unknown_hook",
    ]

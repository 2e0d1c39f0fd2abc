"""The suite says so when a plugin package that is not this checkout's is installed
beside its packages (a rule author's package, installed into the checkout's .venv as the
guide installs it next to `queens`): the documented output then differs everywhere, and
the failures alone do not say why."""

from __future__ import annotations

from support import checkout_distributions, foreign_plugins, foreign_plugins_note


def test_the_checkouts_own_packages_are_not_foreign():
    assert {"queens-core", "queens-rules-pfc", "queens-web"} <= checkout_distributions()
    assert foreign_plugins() == []


def test_a_rule_package_from_elsewhere_is_named(site):
    site.add("queens-rules-shared-attack", entry_points={"shared-attack": "shared_attack"})
    site.add("queens-read-fancy", entry_points={"fancy": "fancy"}, group="queens.readers")
    found = foreign_plugins()
    assert found == ["queens-read-fancy", "queens-rules-shared-attack"]
    note = foreign_plugins_note(found)
    assert note.startswith(
        "queens: also installed here, not from this checkout: queens-read-fancy, "
        "queens-rules-shared-attack."
    )
    assert "pip uninstall" in note

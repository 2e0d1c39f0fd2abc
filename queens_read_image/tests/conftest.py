"""The image reader's tests: the queens testing kit (fixtures ``queens_registry``,
``baseline_rules``, ``queens_boards``, the ``--queens-boards=DIR`` option)."""

pytest_plugins = ["queens_core.pytest_plugin"]

# The queens testing kit: fixtures queens_boards, baseline_rules, queens_registry and the
# --queens-boards=DIR option (e.g. pytest --queens-boards=../../archive/boards).
pytest_plugins = ["queens_core.pytest_plugin"]

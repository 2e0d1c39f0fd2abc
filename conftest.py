"""Loaded before any test folder's conftest: the packages whose tests live inside their
distribution's folder (queens_rules_pfc/tests/...) are imported here, first.

pytest's importlib mode names a test module by its path from this folder, so
queens_rules_pfc/tests/test_pfc.py becomes ``queens_rules_pfc.tests.test_pfc``; when the
package ``queens_rules_pfc`` is not imported yet, pytest stands the distribution's folder
in for it, a namespace without the package's names, and every ``from queens_rules_pfc
import ...`` after it fails. Imported first, the real package is the parent instead."""

import importlib
import os
from pathlib import Path

# `queens generate` off a terminal says now and then how far it is, first after 5 s: when
# that line comes depends on the machine's load, and a test that compares standard error
# must not. Every test runs it quiet (subprocesses too); the tests of those lines
# (tests/cli/test_generate_progress.py) take the variable away.
os.environ["QUEENS_QUIET"] = "1"

for tests in sorted(Path(__file__).parent.glob("queens_*/tests")):
    importlib.import_module(tests.parent.name)

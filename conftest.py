"""Loaded before any test folder's conftest: the packages whose tests live inside their
distribution's folder (queens_rules_pfc/tests/...) are imported here, first.

pytest's importlib mode names a test module by its path from this folder, so
queens_rules_pfc/tests/test_pfc.py becomes ``queens_rules_pfc.tests.test_pfc``; when the
package ``queens_rules_pfc`` is not imported yet, pytest stands the distribution's folder
in for it, a namespace without the package's names, and every ``from queens_rules_pfc
import ...`` after it fails. Imported first, the real package is the parent instead."""

import importlib
from pathlib import Path

for tests in sorted(Path(__file__).parent.glob("queens_*/tests")):
    importlib.import_module(tests.parent.name)

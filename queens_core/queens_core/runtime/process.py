"""What the ``queens`` process shares between its entry point and the commands.

:mod:`queens_core.cli.entry` starts the run with the cyclic garbage collector off and
ends it early when nothing is left to tidy; the commands say when start-up is over and
whether a command package was loaded. That state lives here, in a leaf that imports
nothing but :mod:`gc`, so that no module of the command line imports the entry point
(which imports the group to run it).
"""

from __future__ import annotations

import gc

#: Whether a command package was loaded: its command may leave a file open for Python's
#: own exit to flush and close, so the run then ends the usual way.
_command_packages_loaded = False


def command_packages_loaded() -> None:
    """Say that a command package's commands were loaded (see above)."""
    global _command_packages_loaded
    _command_packages_loaded = True


def were_command_packages_loaded() -> bool:
    """Whether :func:`command_packages_loaded` was called in this process."""
    return _command_packages_loaded


def start_up_over() -> None:
    """The plugins are loaded: turn the cyclic garbage collector back on, for the work
    of the command. What start-up built lives as long as the process, so it is moved out
    of the collector's sight (``gc.freeze``) rather than scanned again on every full
    collection. Nothing is done when start-up did not turn it off (a test calling the
    command in its own process)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()

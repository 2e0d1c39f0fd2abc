"""The ``queens`` command: the only package that imports click.

Each command parses its options, calls the tools, prints what the render layer words,
and decides the exit status. The console entry is :func:`queens_core.cli.entry.run`,
which runs the group of :mod:`queens_core.cli.app`; the built-in commands are the
modules of :mod:`queens_core.cli.commands`, one a verb, and those of installed command
packages come in through :mod:`queens_core.cli.packages`.
"""

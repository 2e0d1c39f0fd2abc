"""The ``queens`` command: the only package that imports click.

Each command parses its options, calls the tools, prints what the render layer words,
and decides the exit status. The console entry is :func:`queens_core.cli.entry.run`.
"""

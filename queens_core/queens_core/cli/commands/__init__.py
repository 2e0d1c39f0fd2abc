"""The built-in commands, one module a verb (``import_board`` for ``queens import``).

:mod:`queens_core.cli.app` registers each by its dotted name and imports it on first
need, so this package imports nothing: ``queens solve`` loads ``commands.solve`` alone.
"""

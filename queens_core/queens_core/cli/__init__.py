"""The presentation of queens: the ``queens`` command and everything it prints.

The engine (board, state, rules, driver, exact solver, hint, check, stats) lives one
level up and never needs this package to compute an answer; the modules here turn its
results into text, JSON, colour and SVG, and map them to exit statuses. The command
itself is :func:`queens_core.cli.main.main`.
"""

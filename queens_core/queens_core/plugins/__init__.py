"""Finding and loading plugins: the registry of rules, the readers of board formats,
the entry points of installed distributions, and the selection of rules by name.

Imports the engine and pluggy, nothing above.
"""

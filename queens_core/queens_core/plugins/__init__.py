"""Finding and loading plugins: the registry of rules, the readers of board formats,
the entry points of installed distributions, and the selection of rules by name.

Imports the engine, the runtime (which watches plugin code) and pluggy, nothing above.
"""

#: The distributions made with ``queens-core`` that add commands or readers: a command, a
#: reader name or a suffix they register wins over the same one registered by another
#: package (which is the one named), and their readers are asked first. (The rule
#: packages of the catalog are not here: the core knows no rule package by name, and a
#: counter id registered twice is an error naming both.)
FIRST_PARTY = frozenset(
    {"queens-core", "queens-web", "queens-read-image", "queens-rules-starbattle"}
)

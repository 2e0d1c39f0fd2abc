"""Finding and loading plugins: the registry of rules, the readers of board formats,
the entry points of installed distributions, and the selection of rules by name.

Imports the engine and pluggy, nothing above.
"""

#: The distributions made with ``queens-core``, first-party: a command, a reader, a suffix
#: or a counter id they register wins over the same one registered by another package
#: (which is the one named in the warning), and their readers are asked first.
FIRST_PARTY = frozenset(
    {
        "queens-core",
        "queens-web",
        "queens-read-image",
        "queens-rules-baseline",
        "queens-rules-pfc",
        "queens-rules-pigeonhole",
        "queens-rules-polyomino",
        "queens-rules-starbattle",
    }
)

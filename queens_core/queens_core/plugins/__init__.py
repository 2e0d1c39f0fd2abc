"""Finding and loading plugins: the registry of rules, the readers of board formats,
the entry points of installed distributions, and the selection of rules by name.

Imports the engine, the runtime (which watches plugin code) and pluggy, nothing above.
"""

#: The distributions made with ``queens-core`` that add commands or readers: a command, a
#: reader name or a suffix they register wins over the same one registered by another
#: package (which is the one named), and their readers are asked first. (The rule
#: packages of the catalog are those ``queens-core`` names in its metadata: :func:`catalog`.)
FIRST_PARTY = frozenset(
    {"queens-core", "queens-web", "queens-read-image", "queens-rules-starbattle"}
)

#: The extra of ``queens-core`` whose requirements are the rule packages of its catalog
#: (``pip install queens-core[catalog]``).
CATALOG_EXTRA = "catalog"

_catalog: frozenset[str] | None = None


def catalog() -> frozenset[str]:
    """The rule packages installed with ``queens``: those that the installed
    ``queens-core`` names in its own metadata (the requirements of its ``catalog``
    extra), as normalised names. In a clash (a counter id registered twice) they win
    over any other package, which is the one named, and the one left out under
    ``--skip-broken-plugins``, whatever the order of loading. A package installed later
    cannot change another distribution's metadata, so it cannot make itself one of
    them: not as the ``queens.bundled`` entry point (which any package may declare,
    and which only says that a package starts no sentinel), nor by its name's place in
    the alphabet. Read once, on first use."""
    global _catalog
    if _catalog is None:
        from .distributions import catalog_of

        _catalog = catalog_of("queens-core", CATALOG_EXTRA)
    return _catalog


def installed_with_queens_rank(package: str) -> int:
    """0 for :data:`FIRST_PARTY`, 1 for the :func:`catalog`, 2 for any other package."""
    if package in FIRST_PARTY:
        return 0
    from .distributions import normalise

    return 1 if normalise(package) in catalog() else 2

"""Exact answers, by search: the solutions of a board for any K (:mod:`.exact` is the one
interface, with a strategy per kind of board behind it), the lattice proof of no
solution, and the blame of an unsound rule.

Imports the engine only. Nothing here solves a board for a user: it checks.
"""

"""Making boards with exactly one solution: region maps, the queens maker and its grade
targets, and the Star Battle maker.

Imports the engine, the referee and the tools (to grade what it makes).
"""

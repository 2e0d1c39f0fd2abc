"""What the commands do, as functions that return data: explain, hint, grade, check,
stats and the reading of board files in batches.

Imports the engine, the plugins and the referee. A tool returns dataclasses, never
text and never an exit status: the render layer words them, the CLI decides the exit.
"""

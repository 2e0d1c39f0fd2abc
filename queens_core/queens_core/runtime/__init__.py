"""The process layer: everything about the ``queens`` process itself rather than puzzles.

The watch over plugin code (time budgets, alarms, the guards on the standard streams,
the hard stop and the sentinel process: :mod:`.guards`, :mod:`.sentinel`), the signals
and pools of worker processes (:mod:`.workers`), children forked under a memory cap
(:mod:`.forks`) and how a run ends (:mod:`.process`). The engine never imports it: it
asks for supervision through :mod:`queens_core.engine.supervision`, which
:mod:`.guards` fills in when imported. Imports the engine and the standard library.

Nothing is imported here: the entry point imports :mod:`.process` before anything else,
and must not pay for threads or signals then.
"""

"""queens-web: ``queens serve``, a local web page to play a Queens board, ask for a hint
and step through the reasoning, over a small JSON API.

The package adds its command to ``queens`` through the ``queens.commands`` entry-point
group (:mod:`queens_web.command`); the web stack is imported only when the command runs.
"""

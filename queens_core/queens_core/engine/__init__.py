"""The kernel: the board, the state, the rules' context, the basic deductions and the
two-tier driver that runs rules to a fixed point.

Standard library only (no pluggy, no click), and no process machinery (no threads,
signals or child processes: the watch over plugin code is the runtime's, reached
through :mod:`.supervision`): it is what the compiled build compiles, and every other
layer stands on it. Nothing here imports from another folder.
"""

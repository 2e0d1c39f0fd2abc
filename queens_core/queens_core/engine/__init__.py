"""The kernel: the board, the state, the rules' context, the basic deductions and the
two-tier driver that runs rules to a fixed point.

Standard library only (no pluggy, no click): it is what the compiled build compiles,
and every other layer stands on it. Nothing here imports from another folder.
"""

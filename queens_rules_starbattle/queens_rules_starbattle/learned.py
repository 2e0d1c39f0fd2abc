"""What the trial sweep's trials teach, used by its later trials.

A trial of the sweep that refutes nothing still proves something: from the state S it
started on, a star on its cell c ends, after sound deductions only, with some cells
empty and some stars placed. So in every solution extending S, a star on c means those
cells are empty and those stars are there. The sweep keeps these facts
(:class:`Implications`) and, in its later trials, applies them as one more deduction
(:meth:`Implications.learned_trials`):

- a star on c rules out the cells c's trial emptied; and, the same fact read the other
  way, a star on a cell d rules out every c whose trial emptied d (c and d cannot both
  hold a star);
- an empty cell e rules out every c whose trial placed a star on e (a star on c would
  need one on e);
- a star on c beside a star it rules out, or a star on c whose trial placed a star on a
  cell now empty, is a contradiction.

Sound: each fact holds in every solution extending the state its trial started on.
The sweep's states only grow stronger within a solve (live cells never come back; when
the driver takes cells back it empties every rule's cache, and the facts live in the
sweep's cache), so every state a later trial reads is such an extension, and every
solution extending it satisfies the facts: a cell they rule out holds no star in any of
them, and a state they contradict has none.

This is what an expert's notes on earlier what-ifs are: "r3c5 and r7c2 cannot both be
stars" (tried once, remembered); a later what-if that puts a star on one crosses the
other at once, where the rules alone would have to find the same chain again, and often
cannot from the stronger position (capacity counting reads the board, not the chain).
"""

from __future__ import annotations

from queens_core import Board, Context, Contradiction, State, bits, cell_label

from .details import Learned

__all__ = ["Implications"]


class Implications:
    """The facts the sweep's trials proved, for one solve: per cell, the cells a star
    there rules out (``rules_out``, kept symmetric: c rules out d exactly when d rules
    out c), the cells whose star needs a star there (``needed_by``) and the cells a
    star there needs stars on (``needs``, the same facts read from the other end)."""

    __slots__ = ("board", "facts", "learnt_on", "needed_by", "needs", "rules_out", "start")

    def __init__(self, board: Board, start: State) -> None:
        cells = board.n * board.n
        self.board = board
        self.rules_out = [0] * cells
        self.needed_by = [0] * cells
        self.needs = [0] * cells
        #: The state the current trials start from (the sweep's, which only grows).
        self.start = start
        #: How many times :meth:`learn` found something new.
        self.facts = 0
        #: The strongest state a fact was learnt on, as (live, queens).
        self.learnt_on = (start.live, start.queens)

    def holds_on(self, state: State) -> bool:
        """Whether ``state`` is the last state a fact was learnt on or one reached from
        it (no cell live that was not, every star there still there): the states every
        fact holds on. Within a solve always, as live cells never come back."""
        live, queens = self.learnt_on
        return not state.live & ~live and not queens & ~state.queens

    def learn(self, start: State, cell: int, after: State) -> bool:
        """Keep what a trial of ``cell`` from ``start`` proved, ending on ``after``
        without a contradiction: the cells it emptied, the stars it placed. True if
        something of it was not known."""
        new = False
        bit = 1 << cell
        self.learnt_on = (start.live, start.queens)
        emptied = start.live & ~after.live & ~after.queens
        rules_out = self.rules_out
        if emptied & ~rules_out[cell]:
            new = True
            rules_out[cell] |= emptied
            for other in bits(emptied):
                rules_out[other] |= bit
        needed_by = self.needed_by
        for star in bits(after.queens & ~start.queens & ~bit):
            if not needed_by[star] & bit:
                new = True
                needed_by[star] |= bit
                self.needs[cell] |= 1 << star
        if new:
            self.facts += 1
        return new

    def learned_trials(self, ctx: Context) -> bool:
        """Apply the facts to a trial's state (reached from :attr:`start`): rule out
        what its new stars rule out, and the cells whose star needs a star on a cell it
        emptied; a contradiction when one of its new stars needs a star on an empty
        cell, or two of its stars cannot stand together. One step per star or empty
        cell the facts read, its detail a :class:`~.details.Learned`. True if it ruled
        out a cell."""
        state = ctx.state
        start = self.start
        changed = False
        rules_out = self.rules_out
        needs = self.needs
        dead = ~(state.live | state.queens)
        for star in bits(state.queens & ~start.queens):
            missing = needs[star] & dead
            if missing:
                raise Contradiction(self._short(missing.bit_length() - 1, 1 << star))
            out = rules_out[star]
            if not out:
                continue
            if out & state.queens:
                raise Contradiction(self._clash(star, out & state.queens))
            if out & state.live and ctx.kill(out, Learned(star, "star")):
                changed = True
        needed_by = self.needed_by
        for empty in bits(start.live & ~state.live & ~state.queens):
            out = needed_by[empty]
            if not out:
                continue
            if out & state.queens:
                raise Contradiction(self._short(empty, out & state.queens))
            if out & state.live and ctx.kill(out, Learned(empty, "empty")):
                changed = True
        return changed

    def _clash(self, star: int, others: int) -> str:
        other = cell_label(self.board, next(iter(bits(others))))
        return (
            f"stars on {cell_label(self.board, star)} and {other} cannot both stand "
            "(an earlier trial of the sweep showed it)"
        )

    def _short(self, empty: int, stars: int) -> str:
        star = cell_label(self.board, next(iter(bits(stars))))
        return (
            f"a star on {star} needs one on {cell_label(self.board, empty)} (an earlier "
            "trial of the sweep showed it), which is empty"
        )

"""What :meth:`~queens_core.api.Application.fix` returns: a board repaired to exactly
one solution by the fewest region edits found, with what the search proved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.board import Board
    from ..generator.fix import Edit, Repair

#: The mark the picture puts after an edited cell's letter.
EDITED = "*"


@dataclass
class FixAnswer:
    """A board and its repair: ``fixed`` (None when no fix was found within the budget),
    its ``edits``, its one ``solution`` (a queen mask, checked by the exact search), and
    whether the edit count is proven the fewest."""

    name: str
    board: Board
    repair: Repair
    fixed: Board | None
    solution: int
    #: What a fix also had to be, in words ("graded 3 Hard"), or None.
    target: str | None = None

    @property
    def edits(self) -> list[Edit]:
        return self.repair.edits

    @property
    def status(self) -> str:
        """``unique`` (nothing to fix), ``fixed``, or ``not-found`` within the budget."""
        if self.fixed is None:
            return "not-found"
        return "fixed" if self.edits else "unique"

    @property
    def minimal(self) -> bool:
        """Whether no fix with fewer edits exists (proven by the search)."""
        return self.repair.proven_minimal

    @property
    def at_least(self) -> int:
        """Every fix has at least this many edits: the search proved it."""
        return self.repair.proven_at_least

    def claim(self) -> str:
        """The minimality claim in words: proven, or only the best found."""
        count = len(self.edits)
        target = self.target
        if self.status == "unique":
            if target is not None:
                return (
                    f"The board already has exactly one solution and is {target}: nothing to fix."
                )
            return "The board already has exactly one solution: nothing to fix."
        such = "fix" if target is None else "such fix"
        aim = "" if target is None else f" for a board {target}"
        # A board with a fix to make needs one edit at least: a bound of one says nothing.
        proven = self.at_least >= 2
        bound = f"no {such} with fewer than {_edits(self.at_least)} exists"
        if self.status == "not-found":
            return f"No fix{aim} found within the budget" + (f"; {bound}." if proven else ".")
        if self.minimal:
            if not proven:
                return f"Fixed with {_edits(count)}, the fewest a fix can have."
            return f"Fixed with {_edits(count)}, the fewest{aim}: {bound}."
        found = f"Fixed with {_edits(count)}, the best found within the budget{aim}"
        return found + (f" ({bound})." if proven else ".")

    def picture(self) -> str:
        """The fixed board's letters, each edited cell marked with ``*``."""
        assert self.fixed is not None
        edited = {(edit.row, edit.column) for edit in self.edits}
        return "\n".join(
            "".join(
                letter + (EDITED if (r, c) in edited else " ") for c, letter in enumerate(row)
            ).rstrip()
            for r, row in enumerate(self.fixed.rows)
        )

    def text(self) -> str:
        """What ``queens fix`` prints."""
        before = self.repair.solutions_before
        counted = "more than 8" if before > 8 else str(before)
        lines = [f"{self.name}: {counted} solution{'' if before == 1 else 's'}. {self.claim()}"]
        if self.fixed is None or not self.edits:
            return "\n".join(lines)
        lines += ["", "Edits (cell: region before → after):"]
        lines += [f"  {edit}" for edit in self.edits]
        # A Star Battle board as its file has it, so that it can be saved as it is.
        header = [f"stars: {self.fixed.stars}"] if self.fixed.stars != 1 else []
        lines += ["", "The fixed board:", *header, *self.fixed.rows]
        lines += ["", f"Edited cells marked {EDITED}:", self.picture()]
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The ``queens-fix/1`` document."""
        fixed = self.fixed
        solution = None if fixed is None else [list(rc) for rc in fixed.cells_of(self.solution)]
        return (
            {
                "schema": "queens-fix/1",
                "source": self.name,
                "rows": list(self.board.rows),
                "status": self.status,
                "solutions_before": min(self.repair.solutions_before, 9),
                "fixed": None if fixed is None else list(fixed.rows),
                "edits": [
                    {
                        "cell": f"r{edit.row + 1}c{edit.column + 1}",
                        "row": edit.row,
                        "column": edit.column,
                        "from": edit.before,
                        "to": edit.after,
                    }
                    for edit in self.edits
                ],
                "minimal": self.minimal,
                "at_least": self.at_least,
                "solution": solution,
            }
            | ({} if self.board.stars == 1 else {"stars": self.board.stars})
            | ({} if self.target is None else {"target": self.target})
        )


def _edits(count: int) -> str:
    return f"{count} edit{'' if count == 1 else 's'}"

"""A program read whole, without a text: its refusals, its sound assignments with their trees and exact values, and its returned name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from binding_graph._checks import check_text
from binding_graph.drafts._program.text import OWNER, parse, refusal
from binding_graph.drafts._program.tree import read
from binding_graph.drafts._program.values import exact, tree
from binding_graph.errors import BindingGraphError, refuse_type

if TYPE_CHECKING:
    from fractions import Fraction

    from binding_graph.drafts._program.text import Position
    from binding_graph.drafts._program.tree import Statement
    from binding_graph.expressions import Expression

__all__ = ["ReadProgram", "place"]


def place(error: BindingGraphError) -> tuple[int, int]:
    """Return the line and column of *error*, ``(0, 0)`` for a refusal of the whole program."""
    path = error.path
    if len(path) == 4 and path[0] == "line":  # noqa: PLR2004 -- ("line", L, "column", C)
        line, column = path[1], path[3]
        return (line, column)  # type: ignore[return-value]  # ints, by construction
    return (0, 0)


class ReadProgram:
    """The program *source*, read through the whitelist, and what it computes exactly.

    An assignment that uses a name whose assignment was refused is not
    read further: it is not refused again for that.

    Args:
        source: The program.
        max_bytes: The most bytes of UTF-8 to read.
        function: The public function reading it, for the refusals of its
            arguments.

    Raises:
        BindingGraphError: ``wrong_type`` for a *max_bytes* that is no ``int``.
    """

    def __init__(self, source: object, max_bytes: object, function: str) -> None:
        self.found: list[BindingGraphError] = []
        self.sound: list[tuple[Statement, Expression]] = []
        self.values: dict[str, Fraction | None] = {}
        self.returned: tuple[str, Position] | None = None
        if type(max_bytes) is not int:
            refuse_type(function, "max_bytes", "an int", max_bytes, ("max_bytes",))
        try:
            # Named alike by every reader: a program's refusals do not depend on which.
            text = check_text(source, OWNER, "source", ("source",), blank_ok=True)
            syntax, lines = parse(text, max_bytes)
        except BindingGraphError as error:
            self.found.append(error)
            return
        program = read(syntax, lines)
        self.found += program.found
        for statement in program.statements:
            self._evaluate(statement)
        if program.returned is not None and program.returned[0] in self.values:
            self.returned = program.returned

    def _evaluate(self, statement: Statement) -> None:
        """Read *statement* exactly and as the profile's tree, unless it uses what was refused."""
        values = self.values
        if any(op.kind == "name" and op.text not in values for op in statement.tape):
            return
        value, refused = exact(statement.tape, values)
        if refused is not None:
            self.found.append(refused)
            return
        try:
            expression = tree(statement.tape)
        except BindingGraphError as error:
            self.found.append(refusal(error.code, statement.at, error.message))
            return
        values[statement.name] = value
        self.sound.append((statement, expression))

    def refusals(self) -> list[BindingGraphError]:
        """Return every refusal in the order of the program, by line, then column; those of the whole program first."""
        return sorted(self.found, key=place)

"""A program translated into a draft: its quantities, steps and question, and each refusal of that draft told at the program's line and column.

A PAL or Program-of-Thoughts program of assignments is a draft: its names
are the draft's names; an assignment of a number the text states is a
quantity, quoting the number's first place in the text; any other
assignment is a step (a number the text does not state is a constant, a
step that uses no name); the returned name is the question. The draft is
read by the checks every draft meets, so that every check of a draft, and
its graph, are a program's too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from binding_graph._checks import check_text
from binding_graph._occurrences import Occurrences
from binding_graph.drafts._checks.fields import owner
from binding_graph.drafts._checks.near import Passages
from binding_graph.drafts._checks.text import asked_span
from binding_graph.drafts._producer import Translation
from binding_graph.drafts._program.read import ReadProgram, place
from binding_graph.drafts._program.text import refusal
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import first_quotes

if TYPE_CHECKING:
    from fractions import Fraction

    from binding_graph.drafts._producer import Request
    from binding_graph.drafts._program.text import Position
    from binding_graph.drafts._program.tree import Statement
    from binding_graph.errors import RefusalCode
    from binding_graph.expressions import Quote

__all__ = ["order", "question", "translate"]

_NOUNS: Final[dict[tuple[str | int, ...], str]] = {
    ("name",): "the name",
    ("expression",): "the expression",
    ("quote",): "the question's words",
}

_Places = dict[tuple[str | int, ...], tuple["Position | None", "Position | None"]]


def question(function: str, value: object) -> object:
    """Check the option ``question``: the words of the text that ask it, or ``None`` for its last sentence that ends in ``?``."""
    if value is None:
        return None
    return check_text(value, function, "question", ("question",))


def _number(statement: Statement) -> Fraction | None:
    """Return the number *statement* assigns, if it assigns a number alone."""
    tape = statement.tape
    return tape[0].value if len(tape) == 1 and tape[0].kind == "number" else None


class _Translating:
    """A program's draft, made element by element, with the place of each element in the program."""

    def __init__(self, request: Request) -> None:
        self.function = request.function
        self.text = request.text
        self.occurrences = Occurrences(request.text)
        self.program = ReadProgram(request.reply, request.max_bytes, request.function)
        self.places: _Places = {}
        self.asked: Position | None = None

    def draft(self, asked: object) -> dict[str, object]:
        """Return the program's draft: its quantities and steps, and its question unless it was refused."""
        quantities: list[object] = []
        steps: list[object] = []
        for statement, quote, occurrence in self._quantities(steps):
            self.places["quantities", len(quantities)] = (
                statement.target,
                statement.at,
            )
            quantities.append(
                {
                    "name": statement.name,
                    "quote": quote,
                    "value": statement.tape[0].text,
                    "occurrence": occurrence,
                }
            )
        draft: dict[str, object] = {"quantities": quantities, "steps": steps}
        returned = self.program.returned
        if returned is not None:
            words = self._question(returned[1], asked)
            if words is not None:
                quote, occurrence = words
                draft["question"] = {
                    "name": returned[0],
                    "quote": quote,
                    "occurrence": occurrence,
                }
        return draft

    def _quantities(self, steps: list[object]) -> list[tuple[Statement, str, int]]:
        """Return the quantities, each with its quote and the quote's occurrence; add the other assignments to *steps*."""
        text = self.text
        sound = self.program.sound
        stated: dict[Fraction, Quote] = {}
        if any(_number(statement) is not None for statement, _ in sound):
            try:
                stated = first_quotes(text, ("text",), f"{self.function}.text")
            except BindingGraphError as error:
                self.program.found.append(error)
        quantities: list[tuple[Statement, str, int]] = []
        for statement, expression in sound:
            number = _number(statement)
            quote = None if number is None else stated.get(number)
            if quote is None:
                self.places["steps", len(steps)] = (statement.target, statement.at)
                steps.append({"name": statement.name, "expression": str(expression)})
                continue
            words = text[quote.start : quote.end]
            occurrence = self.occurrences.before(words, quote.start)
            quantities.append((statement, words, occurrence))
        return quantities

    def _question(self, at: Position, asked: object) -> tuple[str, int] | None:
        """Return the question's words and their occurrence, or ``None`` after refusing them."""
        found = self.program.found
        self.asked = at
        occurrences = self.occurrences
        if type(asked) is str:
            if occurrences.nth(asked, 0) >= 0 and occurrences.nth(asked, 1) < 0:
                return asked, 0
            count = occurrences.count(asked)
            code: RefusalCode = "ambiguous_quote" if count else "quote_not_found"
            rule = (
                f"must occur once in the text, not {count} times: quote more of it"
                if count
                else Passages(self.text).rule(asked)
            )
            message = f"{self.function}.question {rule}"
            found.append(BindingGraphError(code, message, ("question",)))
            return None
        start, end = asked_span(self.text)
        words = self.text[start:end]
        return words, occurrences.before(words, start)

    def told(self, error: BindingGraphError) -> BindingGraphError | None:
        """Return a refusal of the draft as the refusal of the program where its element comes from.

        A quantity's or a step's name lies at its target, its value at the
        right-hand side; the question's words, at the returned name. A
        question the draft lacks was refused as the program's already.
        """
        path = error.path
        if path == ("question",):
            return None
        rule = error.message.removeprefix(owner(path)).strip()
        target, value = self.places.get(path[:2], (self.asked, self.asked))
        at = target if path[-1:] == ("name",) else value
        return refusal(error.code, at, f"{_NOUNS.get(path[-1:], 'the number')} {rule}")


def translate(request: Request) -> Translation:
    """Return the draft of the program that *request* holds, its own refusals, and where a refusal of its draft lies in it."""
    translating = _Translating(request)
    draft = translating.draft(request.options.get("question"))
    return Translation(
        draft=draft, refusals=tuple(translating.program.found), place=translating.told
    )


def order(error: BindingGraphError) -> tuple[int, int]:
    """Return where *error* lies in the program, by line, then column; a refusal of the whole program first."""
    return place(error)

"""Programs read as drafts, never run: :func:`from_program`, :func:`program_refusals` and :func:`python_value`.

A PAL or Program-of-Thoughts program of assignments is a draft: its
names are the draft's names; an assignment of a number the text states is
a quantity, quoting the number's first place in the text; any other
assignment is a step (a number the text does not state is a constant, a
step that uses no name); the returned name is the question. The program is read
by :mod:`ast` through a whitelist (``_program_tree``) and its draft is
handed to the draft's reader element by element, so that every check of a
draft, and its graph, are a program's too. A refusal is told at the line
and column of the program where it lies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from binding_graph._checks import check_text
from binding_graph._gc_pause import call_paused
from binding_graph.drafts._build import build
from binding_graph.drafts._compile import DEFAULT_LIMIT, listed
from binding_graph.drafts._engine import Engine
from binding_graph.drafts._fields import owner
from binding_graph.drafts._format import ARRAY, OBJECT
from binding_graph.drafts._program_read import ReadProgram
from binding_graph.drafts._program_text import DEFAULT_PROGRAM_BYTES, refusal
from binding_graph.drafts._program_values import python
from binding_graph.drafts._reader import Reader
from binding_graph.drafts._walk import arguments
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import first_quotes, question_span

if TYPE_CHECKING:
    from fractions import Fraction

    from binding_graph.drafts._program_text import Position
    from binding_graph.drafts._program_tree import Statement
    from binding_graph.errors import RefusalCode
    from binding_graph.expressions import Expression, Quote
    from binding_graph.model import SemanticSymbolicBindingGraph

__all__ = [
    "PROGRAM_REPAIR_HEADER",
    "from_program",
    "program_refusals",
    "python_value",
]

PROGRAM_REPAIR_HEADER: Final = (
    "The program was refused. Correct each problem below (WHERE: WHAT [CODE])"
    " and send the whole program again."
)
"""The first line of :func:`~binding_graph.format_refusals` for a program's refusals.

.. versionadded:: 0.1.0
"""

_NOUNS: Final[dict[tuple[str | int, ...], str]] = {
    ("name",): "the name",
    ("expression",): "the expression",
    ("quote",): "the question's words",
}


class _Compiled:
    """A program's draft handed to the draft's reader, and its refusals told at the program's lines.

    Args:
        function: The public function compiling it, for the refusals of its
            arguments.
        source: The program.
        text: The problem's whole text.
        source_id: The id of the text.
        introduced_by: What introduced each symbol.
        question: The question's words, or ``None`` for the text's last
            sentence that ends in ``?``.
        max_bytes: The most bytes of the program to read.

    Raises:
        BindingGraphError: for an argument other than the program.
    """

    def __init__(  # noqa: PLR0917 -- internal; the public functions name them
        self,
        function: str,
        source: object,
        text: object,
        source_id: object,
        introduced_by: object,
        question: object,
        max_bytes: object,
    ) -> None:
        checked = arguments(function, text, source_id, introduced_by)
        if question is not None:
            question = check_text(question, function, "question", ("question",))
        self.function = function
        self.program = ReadProgram(source, max_bytes, function)
        self.engine = Engine(*checked)
        self.places: dict[
            tuple[str | int, ...], tuple[Position | None, Position | None]
        ] = {}
        self.asked: Position | None = None
        self.reader = reader = Reader(self.engine)
        reader.root(OBJECT)
        quantities, steps = self._parts()
        reader.top("quantities", ARRAY)
        for index, (statement, quote, occurrence) in enumerate(quantities):
            self.places["quantities", index] = (statement.target, statement.at)
            self._element(
                {
                    "name": statement.name,
                    "quote": quote,
                    "value": statement.tape[0].text,
                    "occurrence": occurrence,
                }
            )
        reader.end_list()
        reader.top("steps", ARRAY)
        for index, (statement, expression) in enumerate(steps):
            self.places["steps", index] = (statement.target, statement.at)
            self._element({"name": statement.name, "expression": str(expression)})
        reader.end_list()
        returned = self.program.returned
        asked = None if returned is None else self._question(returned[1], question)
        if returned is not None and asked is not None:
            reader.top("question", OBJECT)
            quote, occurrence = asked
            self._element(
                {"name": returned[0], "quote": quote, "occurrence": occurrence},
                item=False,
            )
            reader.end()

    def _element(self, fields: dict[str, object], *, item: bool = True) -> None:
        """Hand the reader one element of the draft, key by key."""
        reader = self.reader
        if item:
            reader.item(OBJECT)
        for key, value in fields.items():
            reader.field(key, value)
        reader.end_element()

    def _parts(
        self,
    ) -> tuple[list[tuple[Statement, str, int]], list[tuple[Statement, Expression]]]:
        """Return the draft's quantities (each with its quote and the quote's occurrence) and its steps."""
        text = self.engine.source.text
        sound = self.program.sound
        stated: dict[Fraction, Quote] = {}
        if any(_number(statement) is not None for statement, _ in sound):
            try:
                stated = first_quotes(text, ("text",), f"{self.function}.text")
            except BindingGraphError as error:
                self.program.found.append(error)
        quantities: list[tuple[Statement, str, int]] = []
        steps: list[tuple[Statement, Expression]] = []
        for statement, expression in sound:
            number = _number(statement)
            quote = None if number is None else stated.get(number)
            if quote is None:
                steps.append((statement, expression))
                continue
            words = text[quote.start : quote.end]
            occurrence = self.engine.source.occurrences.before(words, quote.start)
            quantities.append((statement, words, occurrence))
        return quantities, steps

    def _question(self, at: Position, question: str | None) -> tuple[str, int] | None:
        """Return the question's words and their occurrence, or ``None`` after refusing them."""
        found = self.program.found
        self.asked = at
        source = self.engine.source
        if question is not None:
            occurrences = source.occurrences
            if occurrences.nth(question, 0) >= 0 and occurrences.nth(question, 1) < 0:
                return question, 0
            count = occurrences.count(question)
            code: RefusalCode = "ambiguous_quote" if count else "quote_not_found"
            rule = (
                f"must occur once in the text, not {count} times: quote more of it"
                if count
                else "must occur in the text, exactly as it is written there"
            )
            message = f"{self.function}.question {rule}"
            found.append(BindingGraphError(code, message, ("question",)))
            return None
        span = question_span(source.text)
        if span is None:
            rule = (
                "returns the question, whose words are the text's last sentence"
                " that ends in '?', and the text has none: give the question's"
                " words as question="
            )
            found.append(refusal("quote_not_found", at, rule))
            return None
        start, end = span
        words = source.text[start:end]
        return words, source.occurrences.before(words, start)

    def refusals(self) -> list[BindingGraphError]:
        """Return every refusal, the program's and its draft's, in the order of the program."""
        program = self.program
        program.found += [self._told(error) for error in self.engine.found]
        self.engine.found.clear()
        return program.refusals()

    def _told(self, error: BindingGraphError) -> BindingGraphError:
        """Return a refusal of the draft as the refusal of the program where its element comes from.

        A quantity's or a step's name lies at its target, its value at the
        right-hand side; the question's words, at the returned name.
        """
        path = error.path
        rule = error.message.removeprefix(owner(path)).strip()
        target, value = self.places.get(path[:2], (self.asked, self.asked))
        at = target if path[-1:] == ("name",) else value
        return refusal(error.code, at, f"{_NOUNS.get(path[-1:], 'the number')} {rule}")


def _number(statement: Statement) -> Fraction | None:
    """Return the number *statement* assigns, if it assigns a number alone."""
    tape = statement.tape
    return tape[0].value if len(tape) == 1 and tape[0].kind == "number" else None


def _compiled(*args: object) -> SemanticSymbolicBindingGraph:
    compiled = _Compiled("from_program", *args)
    found = compiled.refusals()
    if found:
        raise found[0]
    return build(compiled.engine)


def from_program(
    source: str,
    text: str,
    *,
    source_id: str,
    introduced_by: str = "program",
    question: str | None = None,
    max_bytes: int = DEFAULT_PROGRAM_BYTES,
) -> SemanticSymbolicBindingGraph:
    """Return the graph that the program *source* computes of the problem *text*, reading it, never running it; or refuse it.

    *source* is a PAL or Program-of-Thoughts program: one function of
    assignments ``NAME = EXPRESSION`` and a last ``return NAME``, alone or
    in one fenced block of Markdown (a text that is Python is the program,
    whatever its strings hold). It is parsed by :func:`ast.parse` and read,
    as Python would run it, through a whitelist; it is never compiled, run
    or imported. Its
    draft (see ``docs/drafts.md``) is compiled as
    :func:`compile_draft` compiles a draft:

    - an assignment of a number that the text states is a quantity: a
      symbol, and a fact quoting the first place of the text that states it;
    - any other assignment is a step: a symbol and an admitted equation (an
      assignment of a number the text does not state is a constant, an
      equation of no dependency);
    - the returned name is the unknown, quoting *question*, or else the
      text's last sentence that ends in ``?``.

    Deterministic: equal programs and texts give equal graphs.

    Args:
        source: The program, as the text a model wrote.
        text: The problem's whole text.
        source_id: The id of the text, for every span of the graph.
        introduced_by: What introduced each symbol.
        question: The words of the text that ask the question, if not its
            last sentence that ends in ``?``; they must occur in it once.
        max_bytes: The largest program to read, in bytes of UTF-8.

    Returns:
        The graph.

    Raises:
        BindingGraphError: the first refusal :func:`program_refusals`
            lists, at ``("line", LINE, "column", COLUMN)`` of the program
            (both from 1) where it lies; for an argument other than the
            program (``wrong_type``, ``empty_text``, ``invalid_text``), at it.

    >>> from binding_graph.drafts import from_program
    >>> program = '''
    ... def solution():
    ...     boxes = 3
    ...     pens_per_box = 12
    ...     pens = boxes * pens_per_box
    ...     return pens
    ... '''
    >>> graph = from_program(program, "Ann has 3 boxes of 12 pens. How many pens?", source_id="p1")
    >>> graph.facts[1].source_span.text, graph.equations[0].rhs_canonical
    ('12', 'boxes * pens_per_box')

    .. versionadded:: 0.1.0
    """
    return call_paused(
        _compiled, source, text, source_id, introduced_by, question, max_bytes
    )


def program_refusals(
    source: str,
    text: str,
    *,
    source_id: str = "program",
    introduced_by: str = "program",
    question: str | None = None,
    limit: int = DEFAULT_LIMIT,
    max_bytes: int = DEFAULT_PROGRAM_BYTES,
) -> tuple[BindingGraphError, ...]:
    """Return every refusal of the program *source* against *text*, in the order of the program: empty exactly when :func:`from_program` accepts it.

    The first is the one :func:`from_program` raises. Each lies at
    ``("line", LINE, "column", COLUMN)`` of the program, counted from 1 as
    an editor counts them, and its message says the same; a refusal of the
    program as a whole (too large, no function) lies at ``()``, first. A
    program that is not Python is refused where the parser stops, and is
    its one refusal. :func:`~binding_graph.format_refusals`, with
    :data:`PROGRAM_REPAIR_HEADER`, tells them to a model.

    Args:
        source: As for :func:`from_program`.
        text: As for :func:`from_program`.
        source_id: As for :func:`from_program`; no refusal depends on it.
        introduced_by: As for :func:`from_program`.
        question: As for :func:`from_program`.
        limit: The most entries to return, at least 2; past it, the last
            entry is a ``limit_exceeded`` refusal that counts the others.
        max_bytes: As for :func:`from_program`.

    Raises:
        BindingGraphError: for an argument other than the program.

    >>> from binding_graph.drafts import program_refusals
    >>> program = '''
    ... def solution():
    ...     import os
    ...     eggs = open("eggs.txt").read()
    ...     for day in range(7):
    ...         eggs = eggs + 1
    ...     return eggs
    ... '''
    >>> for refusal in program_refusals(program, "How many eggs?"):
    ...     print(refusal.code, refusal.path)
    unsupported_syntax ('line', 3, 'column', 5)
    unsupported_syntax ('line', 4, 'column', 12)
    unsupported_syntax ('line', 5, 'column', 5)

    .. versionadded:: 0.1.0
    """
    compiled = call_paused(
        _Compiled,
        "program_refusals",
        source,
        text,
        source_id,
        introduced_by,
        question,
        max_bytes,
    )
    return listed(compiled.refusals(), limit, "program_refusals", "program")


def python_value(source: str, *, max_bytes: int = DEFAULT_PROGRAM_BYTES) -> int | float:
    r"""Return what the program *source* returns when Python runs it, computed without running it.

    The program is read as :func:`from_program` reads it (no text is
    needed), and each assignment computed as Python computes it: an ``int``
    exactly, a number written with a point as a ``float`` (an IEEE double),
    each operation with Python's own rules, ``/`` always a ``float``.
    Where the exact value of :func:`from_program`'s graph is what a
    program means, this is what Python makes of it: GSM-Hard's targets, for
    one, are those values.

    Args:
        source: As for :func:`from_program`.
        max_bytes: As for :func:`from_program`.

    Returns:
        The value, an ``int`` or a ``float``.

    Raises:
        BindingGraphError: the first refusal of the program, as
            :func:`program_refusals` lists those that need no text;
            ``division_by_zero`` where Python would raise
            ``ZeroDivisionError``; ``limit_exceeded`` where it would raise
            ``OverflowError``, or an ``int`` passes
            :data:`~binding_graph.arithmetic.MAX_BITS` bits;
            ``not_arithmetic`` for ``int()`` or ``round()`` of a float that
            is not whole, though its exact value is.

    >>> from binding_graph.drafts import python_value
    >>> python_value("def solution():\n    a = 0.1\n    b = a + 0.2\n    return b")
    0.30000000000000004

    .. versionadded:: 0.1.0
    """
    program = call_paused(ReadProgram, source, max_bytes, "python_value")
    found = program.refusals()
    if found:
        raise found[0]
    assert program.returned is not None  # noqa: S101 -- else it was refused
    values: dict[str, int | float] = {}
    for statement, _ in program.sound:
        values[statement.name] = python(statement.tape, values)
    return values[program.returned[0]]

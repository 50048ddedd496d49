"""ASDiv: a body, a question, a formula over their numbers, and an answer with its unit."""

from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING, Final

from binding_graph._checks import check_text
from binding_graph._show import short_repr
from binding_graph.datasets._answers import answer_number, decimal_places
from binding_graph.datasets._benchmark import Benchmark, BenchmarkCase
from binding_graph.datasets._case import record_fields, record_id, text_field
from binding_graph.datasets._svamp import body_and_question
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import BinaryOperation, decimal, read_decimal
from binding_graph.model import SourceSpanLink
from binding_graph.units import parse_unit

if TYPE_CHECKING:
    from fractions import Fraction

    from binding_graph.datasets._case import Builder

__all__ = ["ASDIV", "from_asdiv"]

_OWNER: Final = "from_asdiv"
_FORMULA: Final = ("Formula",)
_ANSWER: Final = ("Answer",)
_SPACES: Final = " \t\r\n"
# A unit written in parentheses, such as (cent/dime): any text with a letter.
# Each text is read one way only (the blanks from the first of their run,
# the letter the first of the note's), so that no text costs its square.
_NOTE: Final = re.compile(r"(?<![ \t])[ \t]*\([^()A-Za-z]*[A-Za-z][^()]*\)")
# What a calculation may hold: numbers, operators, parentheses and spaces.
_OUTSIDE: Final = re.compile(r"[^0-9.+\-*/() \t]")
_NUMBER: Final = r"(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?|\.[0-9]+"
# A result: a number, and a remainder (8 r2) or a unit in words (198 cents).
# The unit's words end on a letter, so that the blanks after them are read
# one way only.
_RESULT: Final = re.compile(
    rf"[ \t]*({_NUMBER})"
    rf"(?:[ \t]*r[ \t]*({_NUMBER})|[ \t]+[A-Za-z](?:[A-Za-z \t]*[A-Za-z])?)?[ \t]*"
)
_UNIT: Final = re.compile(r"([^()]*)\(([^()]*)\)[ \t\r\n]*")


def _answer(text: str) -> tuple[Fraction, int, str | None]:
    """Return the value of ASDiv's ``Answer``, the decimals it is written with, and its unit, if it states one in parentheses."""
    match = _UNIT.fullmatch(text)
    number, unit = (text, None) if match is None else match.groups()
    try:
        value = answer_number(number)
    except BindingGraphError as error:
        msg = (
            f"{_OWNER}: record['Answer'] must be a number, with its unit in"
            f" parentheses, such as '9 (apples)': {error.message}"
        )
        raise BindingGraphError(error.code, msg, _ANSWER) from None
    if unit is not None:
        unit = unit.strip(_SPACES)
        try:
            parse_unit(unit)
        except BindingGraphError as error:
            msg = (
                f"{_OWNER}: record['Answer'] states its unit as {short_repr(unit)},"
                f" which the units do not read: {error.message}"
            )
            raise BindingGraphError(error.code, msg, _ANSWER) from None
    return value, decimal_places(number.strip(_SPACES)), unit


def _statements(formula: str) -> list[tuple[int, int]]:
    """Return where each statement of *formula* starts and ends, without the spaces around it; blank ones are skipped."""
    places: list[tuple[int, int]] = []
    start = 0
    for piece in formula.split(";"):
        end = start + len(piece)
        stripped = piece.strip(_SPACES)
        if stripped:
            first = start + len(piece) - len(piece.lstrip(_SPACES))
            places.append((first, first + len(stripped)))
        start = end + 1
    return places


def _statement(builder: Builder, span: SourceSpanLink, number: int) -> None:
    """Add the step of one statement of the formula, ``EXPRESSION`` or ``EXPRESSION=RESULT``, quoted by *span*."""
    where = f"record['Formula'] step {number} {short_repr(span.text)}"
    expression, equals, result = _NOTE.sub("", span.text).partition("=")
    if "=" in result:
        rule = "must be 'EXPRESSION=RESULT', with one '='"
        raise builder.refuse("not_arithmetic", where, rule, _FORMULA)
    outside = _OUTSIDE.search(expression)
    if outside is not None:
        rule = (
            f"must compute with numbers, + - * / and parentheses only:"
            f" {short_repr(outside.group())} at offset {outside.start()} is not"
        )
        raise builder.refuse("not_arithmetic", where, rule, _FORMULA)
    match = _RESULT.fullmatch(result) if equals else None
    stated = None
    if match is not None:
        name = f"{_OWNER}: {where}"
        stated = read_decimal(match.group(1), _FORMULA, name)
        if match.group(2) is not None:
            # N/D = Q rR: the remainder, N - D * Q, with ASDiv's quotient.
            tree = builder.tree(expression, where=where, path=_FORMULA)
            if type(tree) is not BinaryOperation or tree.operator != "/":
                rule = "must divide, as a remainder 'rR' says"
                raise builder.refuse("not_arithmetic", where, rule, _FORMULA)
            expression = f"({tree.left}) - ({tree.right}) * {decimal(stated)}"
            stated = read_decimal(match.group(2), _FORMULA, name)
    builder.step(expression, span=span, stated=stated, where=where, path=_FORMULA)


def from_asdiv(problem: object, *, source_id: str) -> BenchmarkCase:
    """Return the gold case of one ASDiv problem: a body, a question, a formula, and an answer with its unit.

    The text is ``Body``, a space, and ``Question``; the ``Formula`` is
    provenance too, under ``SOURCE_ID/formula``. It is read as statements,
    split at ``;``, each ``EXPRESSION`` or ``EXPRESSION=RESULT`` once each
    unit it writes in parentheses (``10 (cent/dime)``) is dropped; each
    statement is a step, built as :mod:`binding_graph.datasets` says, its
    span the statement, as the formula writes it. A result
    links later numbers to its step, as a GSM8K step's does: a number,
    followed by a unit in words (``198 cents``) or a remainder
    (``8 r2``); a division with a remainder, ``N/D=Q rR``, is the step
    ``N - D * Q``, the remainder, with ASDiv's quotient. The last step is
    the unknown, which must reach the ``Answer``'s number (or, where it is
    written with decimals, a value that rounds to it there, which the case
    then holds), and whose ``expected_unit`` is the unit the answer states
    in parentheses (``9 (apples)``), as ASDiv writes it, once
    :func:`binding_graph.units.parse_unit` reads it; an answer without
    one asks for a pure number.

    Args:
        problem: One ``<Problem>`` of ``ASDiv.xml``, as a ``dict`` of
            ``str``: its attributes (``ID``, ``Grade``, ``Source``) and the
            text of each child (``Body``, ``Question``, ``Solution-Type``,
            ``Answer``, ``Formula``), by name; the adapter reads ``Body``,
            ``Question``, ``Answer`` and ``Formula``, and ignores the rest.
        source_id: The id of the problem's text in the graph's spans; the
            formula's is ``SOURCE_ID/formula``.

    Returns:
        The case, with *source_id*, the gold graph and the answer.

    Raises:
        BindingGraphError: with a path into the record (``("Formula",)``
            for the steps, ``("Answer",)`` for the answer and its unit) and
            a code of the set :mod:`binding_graph.datasets` lists:
            ``wrong_type``, ``missing_key``, ``empty_text``,
            ``invalid_text``, ``not_arithmetic``, ``division_by_zero``,
            ``answer_mismatch``, ``unknown_unit`` or ``limit_exceeded``.

    >>> from binding_graph.datasets import from_asdiv
    >>> case = from_asdiv(
    ...     {"ID": "nluds-0001", "Body": "Ann has seven red apples and two green apples.",
    ...      "Question": "How many apples does Ann have?", "Answer": "9 (apples)",
    ...      "Formula": "7+2=9"},
    ...     source_id="nluds-0001",
    ... )
    >>> case.answer, case.graph.equations[0].rhs_canonical, case.graph.unknowns[0].expected_unit
    (Fraction(9, 1), 'sym_seven_000 + sym_two_001', 'apples')

    .. versionadded:: 0.1.0
    """
    fields = record_fields(problem, _OWNER)
    source = check_text(source_id, _OWNER, "source_id", ("source_id",))
    body = text_field(fields, "Body", _OWNER)
    question = text_field(fields, "Question", _OWNER)
    answer, places, unit = _answer(text_field(fields, "Answer", _OWNER))
    formula = text_field(fields, "Formula", _OWNER)
    builder, asked = body_and_question(_OWNER, source, body, question)
    statements = _statements(formula)
    if not statements:
        msg = f"{_OWNER}: record['Formula'] must hold a calculation (got {short_repr(formula)})"
        raise BindingGraphError("not_arithmetic", msg, _FORMULA)
    formula_id = f"{source}/formula"
    for number, (start, end) in enumerate(statements, 1):
        span = SourceSpanLink(formula_id, start, end, formula[start:end])
        _statement(builder, span, number)
    return builder.case(
        answer,
        question=asked,
        provenance=(
            builder.problem,
            SourceSpanLink(formula_id, 0, len(formula), formula),
        ),
        answer_path=_ANSWER,
        places=places,
        expected_unit=unit,
    )


ASDIV: Final = Benchmark(
    name="asdiv",
    title="ASDiv",
    layout="xml",
    summary="ASDiv.xml, one XML document of <Problem> records",
    adapter=from_asdiv,
    source_id=partial(record_id, benchmark="asdiv"),
)
"""ASDiv as ``binding-graph import asdiv`` reads it: a case is named by its problem's ``ID``, such as ``nluds-0001``."""

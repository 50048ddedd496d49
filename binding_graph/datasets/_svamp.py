"""SVAMP: a body and a question, one equation over the numbers of the text, and its answer."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Final, cast

from binding_graph._checks import check_text
from binding_graph.arithmetic import MAX_DIGITS, parse_number
from binding_graph.datasets._benchmark import Benchmark, BenchmarkCase
from binding_graph.datasets._case import (
    Builder,
    number_field,
    record_fields,
    record_id,
    text_field,
)
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import Quote, first_quotes
from binding_graph.model import SourceSpanLink

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = ["SVAMP", "body_and_question", "from_svamp"]

_OWNER: Final = "from_svamp"


def _answer(fields: dict[str, object]) -> Fraction:
    """Return the value of the record's ``Answer``: a JSON number, read as the profile reads its ``repr``."""
    answer = number_field(fields, "Answer", _OWNER)
    if type(answer) is float:
        text = float.__repr__(answer)
    else:
        whole = cast("int", answer)
        # Only what the profile could read is spelled: repr() of a larger
        # int is slow, or refused outright.
        if whole.bit_length() > 4 * MAX_DIGITS:
            raise BindingGraphError(
                "limit_exceeded",
                f"{_OWNER}: record['Answer'] has more than {MAX_DIGITS} digits",
                ("Answer",),
            )
        text = int.__repr__(whole)
    try:
        return parse_number(text)
    except BindingGraphError as error:
        raise BindingGraphError(
            error.code,
            f"{_OWNER}: record['Answer'] is not a number of the profile: {error.message}",
            ("Answer",),
        ) from None


def body_and_question(
    owner: str, source: str, body: str, question: str
) -> tuple[Builder, SourceSpanLink]:
    """Return the builder of a problem told as a ``Body`` and a ``Question``, joined by a space, and the question's span.

    Each part's numbers are quoted in it, those of the body first: none
    across the join.

    Raises:
        BindingGraphError: ``limit_exceeded`` at ``("Body",)`` or
            ``("Question",)`` for a number of too many digits.
    """
    text = f"{body} {question}"
    start = len(body) + 1
    quotes = {
        number: Quote(quote.start + start, quote.end + start, number)
        for number, quote in first_quotes(
            question, ("Question",), f"{owner}.record['Question']"
        ).items()
    }
    quotes.update(first_quotes(body, ("Body",), f"{owner}.record['Body']"))
    builder = Builder(owner, SourceSpanLink(source, 0, len(text), text), quotes)
    return builder, SourceSpanLink(source, start, len(text), question)


def from_svamp(record: object, *, source_id: str) -> BenchmarkCase:
    """Return the gold case of one SVAMP record: a body, a question, and one equation over their numbers.

    The text is ``Body``, a space, and ``Question``. The graph is built as
    :mod:`binding_graph.datasets` says: a fact per number of the
    ``Equation``, each of which the text must state; one equation, its span
    and the unknown's the question, which must reach the ``Answer``.

    Args:
        record: One record of SVAMP's JSON array: a ``dict`` with the
            ``str`` fields ``Body``, ``Question`` and ``Equation`` (such as
            ``"( 76.0 - 25.0 )"``), and the number ``Answer``; other keys
            (``ID``, ``Type``) are ignored.
        source_id: The id of the problem's text in the graph's spans.

    Returns:
        The case, with *source_id*, the gold graph and the answer.

    Raises:
        BindingGraphError: with a path into the record (``("Equation",)``
            for the equation, ``("Answer",)`` for the answer) and a code of
            the set :mod:`binding_graph.datasets` lists: ``wrong_type``,
            ``missing_key``, ``empty_text``, ``invalid_text``,
            ``not_arithmetic``, ``untraceable_number``,
            ``division_by_zero``, ``answer_mismatch`` or ``limit_exceeded``.

    >>> from binding_graph.datasets import from_svamp
    >>> case = from_svamp(
    ...     {"Body": "Dan had 7 pens and gave away 3.", "Question": "How many are left?",
    ...      "Equation": "( 7.0 - 3.0 )", "Answer": 4.0},
    ...     source_id="s1",
    ... )
    >>> case.answer, case.graph.equations[0].rhs_canonical
    (Fraction(4, 1), 'sym_7_000 - sym_3_001')

    .. versionadded:: 0.1.0
    """
    fields = record_fields(record, _OWNER)
    source = check_text(source_id, _OWNER, "source_id", ("source_id",))
    body = text_field(fields, "Body", _OWNER)
    question = text_field(fields, "Question", _OWNER)
    equation = text_field(fields, "Equation", _OWNER)
    answer = _answer(fields)
    builder, asked = body_and_question(_OWNER, source, body, question)
    builder.step(
        equation,
        span=asked,
        stated=None,
        where="record['Equation']",
        path=("Equation",),
        traceable=True,
    )
    return builder.case(
        answer, question=asked, provenance=(builder.problem,), answer_path=("Answer",)
    )


SVAMP: Final = Benchmark(
    name="svamp",
    title="SVAMP",
    layout="array",
    summary="one JSON array of records",
    adapter=from_svamp,
    source_id=partial(record_id, benchmark="svamp"),
)
"""SVAMP as ``binding-graph import svamp`` reads it: a case is named by its record's ``ID``."""

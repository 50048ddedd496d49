"""GSM-Hard: GSM8K's problems with larger numbers, each with the PAL program that solves it and the value Python gave it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from binding_graph._checks import check_text
from binding_graph.arithmetic import answers
from binding_graph.datasets._benchmark import Benchmark, BenchmarkCase
from binding_graph.datasets._case import number_field, record_fields, text_field
from binding_graph.drafts import from_program, python_value
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import question_span, spelled

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = ["GSM_HARD", "from_gsm_hard"]

_OWNER: Final = "from_gsm_hard"
_PLACES: Final = 10
"""The decimal places some of GSM-Hard's targets are rounded to."""


def _in_code(error: BindingGraphError) -> BindingGraphError:
    """Return a refusal of the program as the refusal of the record's ``code``."""
    message = error.message.removeprefix("Program")
    return BindingGraphError(
        error.code, f"{_OWNER}: record['code']{message}", ("code", *error.path)
    )


def agrees(value: int | float, target: int | float) -> bool:  # noqa: PYI041 -- an int is no float to the reader
    """Tell whether *target* is *value*, what Python computes of the program.

    An ``int`` target is the value exactly, as Python compares an ``int``
    with an ``int`` or a ``float``: never through a float, which holds
    whole numbers exactly only up to 2**53. A ``float`` target is the value
    as a float, or that float rounded to ten decimal places; a value too
    large for a float is none.
    """
    if type(target) is int:
        return value == target
    try:
        computed = float(value)
    except OverflowError:
        return False
    return computed == target or round(computed, _PLACES) == target


def from_gsm_hard(record: object, *, source_id: str) -> BenchmarkCase:
    r"""Return the gold case of one GSM-Hard record: a problem, and the program that solves it.

    The graph is the program's, as :func:`~binding_graph.drafts.from_program`
    reads it against the problem's text: a fact for each number the program
    assigns that the text states, an equation for each other assignment,
    the unknown on the returned name, quoting the text's last sentence that
    ends in ``?`` (the whole text if none does). The answer is the exact
    value of the graph. The record is imported when its ``target`` agrees
    with what Python's own arithmetic computes of the program
    (:func:`~binding_graph.drafts.python_value`): a ``float`` target when
    it is that value as a float, or that float rounded to ten decimal
    places, as some of GSM-Hard's targets are; an ``int`` target when it is
    that value exactly.

    Args:
        record: One line of GSM-Hard's file, parsed: a ``dict`` with the
            ``str`` fields ``input`` (the problem) and ``code`` (the
            program), and the number ``target``; other keys are ignored.
        source_id: The id of the problem's text in the graph's spans.

    Returns:
        The case, with *source_id*, the program's graph and its exact value.

    Raises:
        BindingGraphError: with a path into the record: ``("code", "line",
            LINE, "column", COLUMN)`` for what the program holds, as
            :func:`~binding_graph.drafts.program_refusals` lists it
            (``unsupported_syntax``, ``not_arithmetic``, ``malformed_document``,
            ``unknown_symbol``, ``duplicate_symbol_id``, ...); ``("code",)``
            for what its value makes (``division_by_zero``,
            ``limit_exceeded``); ``answer_mismatch`` at ``("target",)``; and
            ``wrong_type``, ``missing_key``, ``empty_text`` or
            ``invalid_text`` at a field.

    >>> from binding_graph.datasets import from_gsm_hard
    >>> case = from_gsm_hard(
    ...     {"input": "Ann has 3 bags of 4 apples. How many apples?",
    ...      "code": "def solution():\n    bags = 3\n    apples = 4\n    total = bags * apples\n    return total",
    ...      "target": 12.0},
    ...     source_id="h1",
    ... )
    >>> case.answer, case.graph.equations[0].rhs_canonical
    (Fraction(12, 1), 'bags * apples')

    .. versionadded:: 0.1.0
    """
    fields = record_fields(record, _OWNER)
    source = check_text(source_id, _OWNER, "source_id", ("source_id",))
    text = text_field(fields, "input", _OWNER)
    code = text_field(fields, "code", _OWNER)
    target = number_field(fields, "target", _OWNER)
    question = None if question_span(text) is not None else text
    try:
        graph = from_program(
            code, text, source_id=source, introduced_by=_OWNER, question=question
        )
        value = python_value(code)
    except BindingGraphError as error:
        raise _in_code(error) from None
    try:
        (answer,) = answers(graph)
    except BindingGraphError as error:
        # Floats may miss a zero that the exact value divides by.
        raise BindingGraphError(
            error.code,
            f"{_OWNER}: record['code'] has no exact value: {error.message}",
            ("code",),
        ) from None
    if not agrees(value, target):
        exact: Fraction = answer
        raise BindingGraphError(
            "answer_mismatch",
            f"{_OWNER}: the program's value is {spelled(exact)}, which Python"
            f" computes as {value!r}, not the record's target {target!r}",
            ("target",),
        )
    return BenchmarkCase(source, graph, answer)


def _numbered(_: object, line: int) -> str:
    return f"gsm-hard-{line}"


GSM_HARD: Final = Benchmark(
    name="gsm-hard",
    title="GSM-Hard",
    layout="lines",
    summary="JSON Lines, one record a line",
    adapter=from_gsm_hard,
    source_id=_numbered,
)
"""GSM-Hard as ``binding-graph import gsm-hard`` reads it: the record on line N is the case ``gsm-hard-N``."""

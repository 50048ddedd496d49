"""GSM8K: a problem, and a solution whose steps carry calculator annotations ``<<48/2=24>>``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from binding_graph._checks import check_text
from binding_graph._show import short_repr
from binding_graph.arithmetic import parse_number
from binding_graph.datasets._benchmark import Benchmark, BenchmarkCase
from binding_graph.datasets._case import (
    Builder,
    question_sentence,
    record_fields,
    text_field,
)
from binding_graph.datasets._numbers import first_quotes, read_decimal
from binding_graph.errors import BindingGraphError
from binding_graph.model import SourceSpanLink

if TYPE_CHECKING:
    from fractions import Fraction

    from binding_graph.errors import RefusalCode

__all__ = ["GSM8K", "from_gsm8k"]

_OWNER: Final = "from_gsm8k"
_PATH: Final = ("answer",)
_FINAL: Final = "\n#### "
_ANNOTATION: Final = re.compile(r"<<([^<>\n]*)>>")
# What a calculation may hold: numbers, operators, parentheses and spaces.
_OUTSIDE: Final = re.compile(r"[^0-9.+\-*/() \t]")
_GROUPED: Final = re.compile(r"-?[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?")
_RESULT: Final = re.compile(
    r"[ \t]*((?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?|\.[0-9]+)[ \t]*"
)


def _refuse(code: RefusalCode, rule: str) -> BindingGraphError:
    return BindingGraphError(code, f"{_OWNER}: record['answer'] {rule}", _PATH)


def _answer(final: str) -> Fraction:
    """Return the value of the final answer's text: a number, its digits grouped by thousands or not."""
    text = final.strip(" \t\r\n")
    number = text.replace(",", "") if _GROUPED.fullmatch(text) else text
    try:
        return parse_number(number)
    except BindingGraphError as error:
        raise _refuse(
            error.code,
            f"must end in a line '#### ANSWER', a number: {error.message}",
        ) from None


def _stated(result: str) -> Fraction | None:
    """Return the value of a step's stated result, or ``None`` if it is not a number."""
    match = _RESULT.fullmatch(result)
    if match is None:
        return None
    return read_decimal(match.group(1), _PATH, f"{_OWNER}.record['answer']")


def _step_span(
    solution: str, annotations: list[re.Match[str]], index: int
) -> tuple[int, int]:
    """Return where the span of step *index* starts and ends in *solution*.

    A step quotes its line, but not past the annotations before and after
    it on that line: each character of a line is quoted by at most two
    steps, so the spans of a line of many steps grow with the line, not
    with its square.
    """
    match = annotations[index]
    start = solution.rfind("\n", 0, match.start()) + 1
    if index > 0:
        start = max(start, annotations[index - 1].end())
    end = solution.find("\n", match.end())
    end = len(solution) if end < 0 else end
    if index + 1 < len(annotations):
        end = min(end, annotations[index + 1].start())
    return start, end


def from_gsm8k(record: object, *, source_id: str) -> BenchmarkCase:
    r"""Return the gold case of one GSM8K record: a problem, and a solution of annotated steps.

    The graph is built as :mod:`binding_graph.datasets` says: a fact per
    number of the ``question`` that a step uses, an equation per
    annotation ``<<EXPRESSION=RESULT>>`` of the ``answer``, the unknown on
    the last one, which must reach the answer of its line ``#### ANSWER``.

    Args:
        record: One line of a GSM8K file, parsed: a ``dict`` with the
            ``str`` fields ``question`` and ``answer``; other keys are
            ignored.
        source_id: The id of the problem's text in the graph's spans; the
            solution's is ``SOURCE_ID/solution``.

    Returns:
        The case, with *source_id*, the gold graph and the answer.

    Raises:
        BindingGraphError: with a path into the record (``("answer",)``
            for all that the solution holds) and a code of the set
            :mod:`binding_graph.datasets` lists: ``wrong_type``,
            ``missing_key``, ``empty_text``, ``invalid_text``,
            ``no_annotation``, ``not_arithmetic``, ``division_by_zero``,
            ``answer_mismatch`` or ``limit_exceeded``.

    >>> from binding_graph.datasets import from_gsm8k
    >>> from_gsm8k({"question": "Why?", "answer": "No steps.\n#### 1"}, source_id="p")
    Traceback (most recent call last):
    ...
    binding_graph.errors.BindingGraphError: from_gsm8k: record['answer'] must hold a step annotated '<<EXPRESSION=RESULT>>' (got 'No steps.') [code=no_annotation, path=answer]

    .. versionadded:: 0.1.0
    """
    fields = record_fields(record, _OWNER)
    source = check_text(source_id, _OWNER, "source_id", ("source_id",))
    question = text_field(fields, "question", _OWNER)
    answer = text_field(fields, "answer", _OWNER)
    solution, final_line, final = answer.rpartition(_FINAL)
    if not final_line:
        raise _refuse(
            "not_arithmetic",
            f"must end in a line '#### ANSWER' (got {short_repr(answer)})",
        )
    value = _answer(final)
    annotations = list(_ANNOTATION.finditer(solution))
    if not annotations:
        raise _refuse(
            "no_annotation",
            "must hold a step annotated '<<EXPRESSION=RESULT>>'"
            f" (got {short_repr(solution)})",
        )
    quotes = first_quotes(question, ("question",), f"{_OWNER}.record['question']")
    problem = SourceSpanLink(source, 0, len(question), question)
    builder = Builder(_OWNER, problem, quotes)
    solution_id = f"{source}/solution"
    for number, match in enumerate(annotations, 1):
        annotation = match.group(1)
        where = f"record['answer'] step {number} {short_repr(match.group())}"
        expression, equals, result = annotation.partition("=")
        if not equals or "=" in result:
            raise _refuse(
                "not_arithmetic",
                f"step {number} must be annotated '<<EXPRESSION=RESULT>>'"
                f" (got {short_repr(match.group())})",
            )
        outside = _OUTSIDE.search(expression)
        if outside is not None:
            raise _refuse(
                "not_arithmetic",
                f"step {number} must compute with numbers, + - * / and"
                f" parentheses only: {short_repr(outside.group())} at offset"
                f" {outside.start()} is not (got {short_repr(match.group())})",
            )
        start, end = _step_span(solution, annotations, number - 1)
        builder.step(
            expression,
            span=SourceSpanLink(solution_id, start, end, solution[start:end]),
            stated=_stated(result),
            where=where,
            path=_PATH,
        )
    return builder.case(
        value,
        question=question_sentence(builder.problem),
        provenance=(
            builder.problem,
            SourceSpanLink(solution_id, 0, len(solution), solution),
        ),
        answer_path=_PATH,
    )


def _numbered(_: object, line: int) -> str:
    return f"gsm8k-{line}"


GSM8K: Final = Benchmark(
    name="gsm8k",
    title="GSM8K",
    layout="lines",
    summary="JSON Lines, one record a line",
    adapter=from_gsm8k,
    source_id=_numbered,
)
"""GSM8K as ``binding-graph import gsm8k`` reads it: the record on line N is the case ``gsm8k-N``."""

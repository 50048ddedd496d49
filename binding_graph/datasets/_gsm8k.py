"""GSM8K: a problem, and a solution whose steps carry calculator annotations ``<<48/2=24>>``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final, NamedTuple

from binding_graph._checks import check_text
from binding_graph._show import short_repr
from binding_graph.datasets._answers import answer_number
from binding_graph.datasets._benchmark import Benchmark, BenchmarkCase
from binding_graph.datasets._case import (
    Builder,
    question_sentence,
    record_fields,
    text_field,
)
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import first_quotes, read_decimal
from binding_graph.model import SourceSpanLink

if TYPE_CHECKING:
    from fractions import Fraction

    from binding_graph.errors import ErrorPath, RefusalCode

__all__ = ["FINAL", "GSM8K", "Solution", "from_gsm8k", "solution_case"]

_OWNER: Final = "from_gsm8k"
FINAL: Final = "\n#### "
"""What starts the last line of a solution, ``#### ANSWER``."""
_ANNOTATION: Final = re.compile(r"<<([^<>\n]*)>>")
# What a calculation may hold: numbers, operators, parentheses and spaces.
_OUTSIDE: Final = re.compile(r"[^0-9.+\-*/() \t]")
_RESULT: Final = re.compile(
    r"[ \t]*((?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?|\.[0-9]+)[ \t]*"
)


def _refuse(code: RefusalCode, owner: str, field: str, rule: str) -> BindingGraphError:
    return BindingGraphError(code, f"{owner}: record[{field!r}] {rule}", (field,))


def _answer(final: str) -> Fraction:
    """Return the value of the final answer's text: a number, its digits grouped by thousands or not."""
    try:
        return answer_number(final)
    except BindingGraphError as error:
        raise _refuse(
            error.code,
            _OWNER,
            "answer",
            f"must end in a line '#### ANSWER', a number: {error.message}",
        ) from None


def _stated(result: str, path: ErrorPath, name: str) -> Fraction | None:
    """Return the value of a step's stated result, or ``None`` if it is not a number."""
    match = _RESULT.fullmatch(result)
    if match is None:
        return None
    return read_decimal(match.group(1), path, name)


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
    # Each search stops at the neighbouring annotation: a line of many steps
    # is read once, not once a step.
    before = annotations[index - 1].end() if index > 0 else 0
    start = max(solution.rfind("\n", before, match.start()) + 1, before)
    after = (
        annotations[index + 1].start()
        if index + 1 < len(annotations)
        else len(solution)
    )
    end = solution.find("\n", match.end(), after)
    end = after if end < 0 else end
    return start, end


class Solution(NamedTuple):
    """A problem and its annotated solution, as a record of GSM8K's family holds them."""

    owner: str
    """The adapter, such as ``from_gsm8k``, that messages name."""
    source: str
    """The ``source_id`` of the problem's text."""
    question: str
    """The problem's text."""
    solution: str
    """The solution's text, without its line ``#### ANSWER``."""
    field: str
    """The record's field that holds the solution, the path of its refusals."""


def solution_case(
    solved: Solution, answer: Fraction, *, answer_field: str, places: int = 0
) -> BenchmarkCase:
    """Return the case of a problem whose solution annotates its steps ``<<EXPRESSION=RESULT>>``.

    Each annotation is a step, the last one the unknown, which must reach
    *answer*: exactly, or, with *places*, a value that rounds to it at that
    many decimals (:meth:`Builder.case`).

    Raises:
        BindingGraphError: ``no_annotation``, ``not_arithmetic``,
            ``division_by_zero`` or ``limit_exceeded`` at
            ``(solved.field,)``; ``limit_exceeded`` at ``("question",)``;
            ``answer_mismatch`` at ``(answer_field,)``.
    """
    owner, source, question, solution, field = solved
    path = (field,)
    annotations = list(_ANNOTATION.finditer(solution))
    if not annotations:
        raise _refuse(
            "no_annotation",
            owner,
            field,
            "must hold a step annotated '<<EXPRESSION=RESULT>>'"
            f" (got {short_repr(solution)})",
        )
    quotes = first_quotes(question, ("question",), f"{owner}.record['question']")
    problem = SourceSpanLink(source, 0, len(question), question)
    builder = Builder(owner, problem, quotes)
    solution_id = f"{source}/solution"
    for number, match in enumerate(annotations, 1):
        annotation = match.group(1)
        where = f"record[{field!r}] step {number} {short_repr(match.group())}"
        expression, equals, result = annotation.partition("=")
        if not equals or "=" in result:
            raise _refuse(
                "not_arithmetic",
                owner,
                field,
                f"step {number} must be annotated '<<EXPRESSION=RESULT>>'"
                f" (got {short_repr(match.group())})",
            )
        outside = _OUTSIDE.search(expression)
        if outside is not None:
            raise _refuse(
                "not_arithmetic",
                owner,
                field,
                f"step {number} must compute with numbers, + - * / and"
                f" parentheses only: {short_repr(outside.group())} at offset"
                f" {outside.start()} is not (got {short_repr(match.group())})",
            )
        start, end = _step_span(solution, annotations, number - 1)
        builder.step(
            expression,
            span=SourceSpanLink(solution_id, start, end, solution[start:end]),
            stated=_stated(result, path, f"{owner}.record[{field!r}]"),
            where=where,
            path=path,
        )
    return builder.case(
        answer,
        question=question_sentence(builder.problem),
        provenance=(
            builder.problem,
            SourceSpanLink(solution_id, 0, len(solution), solution),
        ),
        answer_path=(answer_field,),
        places=places,
    )


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
    solution, final_line, final = answer.rpartition(FINAL)
    if not final_line:
        raise _refuse(
            "not_arithmetic",
            _OWNER,
            "answer",
            f"must end in a line '#### ANSWER' (got {short_repr(answer)})",
        )
    solved = Solution(_OWNER, source, question, solution, "answer")
    return solution_case(solved, _answer(final), answer_field="answer")


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

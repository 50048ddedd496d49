r"""GSM-Plus: GSM8K's problems perturbed eight ways, one of them (critical thinking) made unanswerable."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from binding_graph._checks import check_text
from binding_graph.allocation import allocate_symbols
from binding_graph.datasets._answers import answer_number, decimal_places
from binding_graph.datasets._benchmark import Benchmark, BenchmarkCase
from binding_graph.datasets._case import question_sentence, record_fields, text_field
from binding_graph.datasets._gsm8k import FINAL, Solution, solution_case
from binding_graph.errors import BindingGraphError
from binding_graph.model import (
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
)

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = ["GSM_PLUS", "from_gsm_plus"]

_OWNER: Final = "from_gsm_plus"
_NONE: Final = "None"
"""GSM-Plus's answer to a problem that cannot be answered."""


def _answer(text: str) -> Fraction:
    """Return the value of GSM-Plus's ``answer``: a number, its digits grouped by thousands or not."""
    try:
        return answer_number(text)
    except BindingGraphError as error:
        msg = (
            f"{_OWNER}: record['answer'] must be a number, or 'None' for a problem"
            f" that cannot be answered: {error.message}"
        )
        raise BindingGraphError(error.code, msg, ("answer",)) from None


def _unanswerable(problem: SourceSpanLink, perturbation: str) -> BenchmarkCase:
    """Return the case of a problem that cannot be answered: its question asks for what nothing determines."""
    question = question_sentence(problem)
    (target,) = allocate_symbols(
        ["answer"],
        source_span=question,
        introduced_by=_OWNER,
        semantic_role="unknown",
    )
    graph = SemanticSymbolicBindingGraph(
        symbols=(target,),
        unknowns=(BoundUnknown(symbol_id=target.symbol_id, question_span=question),),
        provenance=(problem,),
    )
    reason = (
        f"GSM-Plus answers 'None' ({perturbation}): the problem lacks what its"
        " question needs"
    )
    return BenchmarkCase(
        problem.source_id, graph, None, reason=reason, perturbation=perturbation
    )


def from_gsm_plus(record: object, *, source_id: str) -> BenchmarkCase:
    r"""Return the gold case of one GSM-Plus record: a perturbed GSM8K problem, its solution, and its answer.

    A record whose ``answer`` is ``"None"`` (GSM-Plus's critical thinking:
    the problem lacks what its question needs) is a case that expects a
    refusal: its answer is ``None``, its reason says why, and its graph
    holds the problem's text as provenance and one symbol, ``answer``, the
    unknown of the question (the last sentence that ends in ``?``), which
    nothing determines, so that
    :func:`~binding_graph.analysis.require_solvable` refuses it as
    ``unbound_unknown``. Every other record is read as
    :func:`~binding_graph.datasets.from_gsm8k` reads GSM8K's: its
    ``solution``, up to a last line ``#### ANSWER`` if it has one, must
    annotate its steps ``<<EXPRESSION=RESULT>>``, the last of which must
    reach GSM-Plus's ``answer``. Where that answer is written with
    decimals, it may be rounded: steps whose exact value rounds to it, at
    as many decimals, reach it, and the case holds their exact value
    (``33.33`` is answered by steps that reach 100/3). The case keeps the
    record's ``perturbation_type`` as its ``perturbation``.

    Args:
        record: One line of GSM-Plus's file, parsed: a ``dict`` with the
            ``str`` fields ``question``, ``solution``, ``answer`` (a number,
            or ``"None"``) and ``perturbation_type``; other keys
            (``seed_question``, ...) are ignored.
        source_id: The id of the problem's text in the graph's spans; the
            solution's is ``SOURCE_ID/solution``.

    Returns:
        The case, with *source_id*, the gold graph, and the answer, or the
        reason there is none.

    Raises:
        BindingGraphError: with a path into the record (``("solution",)``
            for its steps, ``("answer",)`` for the answer) and a code of the
            set :mod:`binding_graph.datasets` lists: ``wrong_type``,
            ``missing_key``, ``empty_text``, ``invalid_text``,
            ``no_annotation``, ``not_arithmetic``, ``division_by_zero``,
            ``answer_mismatch`` or ``limit_exceeded``.

    >>> from binding_graph.datasets import from_gsm_plus
    >>> case = from_gsm_plus(
    ...     {"question": "Ann splits 13 cakes among 3 friends. How many cakes each?",
    ...      "solution": "13/3 = <<13/3=4.33>>4.33\n#### 4.33", "answer": "4.33",
    ...      "perturbation_type": "numerical substitution"},
    ...     source_id="p1",
    ... )
    >>> case.answer, case.perturbation
    (Fraction(13, 3), 'numerical substitution')
    >>> from_gsm_plus(
    ...     {"question": "Ann splits some cakes among 3 friends. How many cakes each?",
    ...      "solution": "We don't know.\n#### None", "answer": "None",
    ...      "perturbation_type": "critical thinking"},
    ...     source_id="p2",
    ... ).reason
    "GSM-Plus answers 'None' (critical thinking): the problem lacks what its question needs"

    .. versionadded:: 0.1.0
    """
    fields = record_fields(record, _OWNER)
    source = check_text(source_id, _OWNER, "source_id", ("source_id",))
    question = text_field(fields, "question", _OWNER)
    solution = text_field(fields, "solution", _OWNER)
    answer = text_field(fields, "answer", _OWNER).strip(" \t\r\n")
    perturbation = text_field(fields, "perturbation_type", _OWNER)
    if answer == _NONE:
        problem = SourceSpanLink(source, 0, len(question), question)
        return _unanswerable(problem, perturbation)
    value = _answer(answer)
    steps, final_line, _ = solution.rpartition(FINAL)
    solved = Solution(
        _OWNER, source, question, steps if final_line else solution, "solution"
    )
    case = solution_case(
        solved, value, answer_field="answer", places=decimal_places(answer)
    )
    return BenchmarkCase(
        case.source_id, case.graph, case.answer, perturbation=perturbation
    )


def _numbered(_: object, line: int) -> str:
    return f"gsm-plus-{line}"


GSM_PLUS: Final = Benchmark(
    name="gsm-plus",
    title="GSM-Plus",
    layout="lines",
    summary="JSON Lines, one record a line",
    adapter=from_gsm_plus,
    source_id=_numbered,
)
"""GSM-Plus as ``binding-graph import gsm-plus`` reads it: the record on line N is the case ``gsm-plus-N``."""

"""Scoring a parser's graphs against gold cases: answers, refusals, and facts."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final, cast

from binding_graph._checks import guarded
from binding_graph.arithmetic import answers, parse_number
from binding_graph.datasets._case import BenchmarkCase
from binding_graph.datasets._results import PREDICTED, Score, WrongCase, check_code
from binding_graph.errors import BindingGraphError, refuse_type
from binding_graph.jsonl import LineRecord
from binding_graph.model import SemanticSymbolicBindingGraph

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from fractions import Fraction

    from binding_graph.datasets._results import Why
    from binding_graph.model import BoundFact

__all__ = ["score"]

_END: Final = object()

_FactKey = tuple[str, int, int, str, "Fraction"]


def _key(fact: BoundFact) -> _FactKey | None:
    """Return what a fact is matched by: its span's source, offsets and text, and its value; ``None`` if the value does not read."""
    span = fact.source_span
    try:
        value = parse_number(fact.value)
    except BindingGraphError:
        return None
    # The text too: a graph without the gold's provenance may quote other
    # words at the same offsets.
    return (span.source_id, span.start, span.end, span.text, value)


def _matched(
    predicted: SemanticSymbolicBindingGraph, gold: SemanticSymbolicBindingGraph
) -> int:
    """Return how many facts of *predicted* match a fact of *gold*, each gold fact at most once."""
    keys = Counter(key for key in map(_key, gold.facts) if key is not None)
    matched = 0
    for fact in predicted.facts:
        key = _key(fact)
        if key is not None and keys[key] > 0:
            keys[key] -= 1
            matched += 1
    return matched


def _outcome(
    item: object, index: int
) -> SemanticSymbolicBindingGraph | BindingGraphError:
    """Return the graph or the refusal that a predicted item holds."""
    cls = type(item)
    if cls is LineRecord:
        record = cast("LineRecord", item)
        outcome: object = record.graph if record.error is None else record.error
    elif cls is SemanticSymbolicBindingGraph or cls is BindingGraphError:
        outcome = item
    else:
        refuse_type("score", "predicted", PREDICTED, item, ("predicted", index))
    if type(outcome) is BindingGraphError:
        check_code(
            "score", f"predicted[{index}].code", outcome.code, ("predicted", index)
        )
    return cast("SemanticSymbolicBindingGraph | BindingGraphError", outcome)


def score(
    predicted: Iterable[object], gold: Iterable[BenchmarkCase], *, keep: int = 100
) -> Score:
    r"""Score *predicted* graphs against *gold* cases, paired in order.

    A predicted graph is *correct* when
    ``binding_graph.arithmetic.answers(graph) == (case.answer,)``; when
    :func:`~binding_graph.arithmetic.answers` refuses it, the case is
    *unsolvable* by the refusal's code; a predicted refusal is *refused* by
    its code. A predicted fact matches a gold fact when their spans have the
    same ``source_id``, ``start``, ``end`` and ``text`` (so quote the same
    words at the same place) and
    :func:`~binding_graph.arithmetic.parse_number` reads equal values of
    them (a value it refuses matches nothing); each gold fact is matched at
    most once. A refusal predicts no facts. Both iterables are read once, in
    step; memory is bounded by *keep*.

    Args:
        predicted: An iterable of a
            :class:`~binding_graph.SemanticSymbolicBindingGraph`, a
            :class:`~binding_graph.BindingGraphError` (the producer's
            refusal) or a :class:`~binding_graph.LineRecord` (its graph or
            its error) per case; exactly those classes.
        gold: An iterable of :class:`BenchmarkCase`, as many.
        keep: The most wrong cases to keep in the ``wrong`` of the score; all are
            counted in its ``wrong_total``.

    Returns:
        The score.

    Raises:
        BindingGraphError: ``wrong_type`` at ``("keep",)`` unless *keep* is
            an ``int`` of at least 0; at ``("predicted", INDEX)`` or
            ``("gold", INDEX)`` for an item of another class, a refusal
            whose code is not a ``str`` (or ``not_in_vocabulary`` if it is
            none of the library's codes); at ``("predicted",)`` or
            ``("gold",)`` for an iterable whose own code raises anything but
            an ``OSError``, which passes as it is; ``malformed_document`` at
            ``("predicted",)`` or ``("gold",)``, whichever ends first, when
            the two are not of one length.

    >>> from fractions import Fraction
    >>> from binding_graph import BindingGraphError
    >>> from binding_graph.datasets import BenchmarkCase, from_gsm8k, score
    >>> case = from_gsm8k(
    ...     {"question": "Ann has 3 bags of 4 apples. How many apples?",
    ...      "answer": "<<3*4=12>>12\n#### 12"}, source_id="p1")
    >>> result = score([case.graph, BindingGraphError("not_arithmetic", "no")], [case, case])
    >>> result.accuracy, dict(result.refused), result.fact_recall
    (Fraction(1, 2), {'not_arithmetic': 1}, Fraction(1, 2))

    .. versionadded:: 0.1.0
    """
    if type(keep) is not int or keep < 0:
        refuse_type("score", "keep", "an int of at least 0", keep, ("keep",))
    predictions = guarded(
        predicted, "score", "predicted", f"an iterable of {PREDICTED}"
    )
    cases = guarded(gold, "score", "gold", "an iterable of BenchmarkCase")
    correct = facts_matched = facts_predicted = facts_gold = wrong_total = 0
    refused: Counter[str] = Counter()
    unsolvable: Counter[str] = Counter()
    wrong: list[WrongCase] = []
    total = 0
    for index, (item, case) in enumerate(_pairs(predictions, cases)):
        total += 1
        outcome = _outcome(item, index)
        facts_gold += len(case.graph.facts)
        if type(outcome) is SemanticSymbolicBindingGraph:
            facts_predicted += len(outcome.facts)
            facts_matched += _matched(outcome, case.graph)
        why, code, got = _judge(outcome, case.answer)
        if why is None:
            correct += 1
            continue
        if why == "refused":
            refused[cast("str", code)] += 1
        elif why == "unsolvable":
            unsolvable[cast("str", code)] += 1
        wrong_total += 1
        if len(wrong) < keep:
            wrong.append(
                WrongCase(
                    index=index,
                    source_id=case.source_id,
                    why=why,
                    code=code,
                    expected=case.answer,
                    got=got,
                )
            )
    return Score(
        total=total,
        correct=correct,
        refused=dict(refused),
        unsolvable=dict(unsolvable),
        wrong=tuple(wrong),
        wrong_total=wrong_total,
        facts_matched=facts_matched,
        facts_predicted=facts_predicted,
        facts_gold=facts_gold,
    )


def _pairs(
    predictions: Iterator[object], cases: Iterator[object]
) -> Iterator[tuple[object, BenchmarkCase]]:
    """Yield each predicted item with its gold case; refuse a gold item of another class, and iterables of two lengths."""
    index = 0
    while True:
        item = next(predictions, _END)
        case = next(cases, _END)
        if item is _END or case is _END:
            if item is case:
                return
            side, other = (
                ("predicted", "gold") if item is _END else ("gold", "predicted")
            )
            msg = (
                f"score.{side} ended after {index} items, before score.{other}:"
                " the two must pair one to one"
            )
            raise BindingGraphError("malformed_document", msg, (side,))
        if type(case) is not BenchmarkCase:
            expected = "an iterable of BenchmarkCase"
            refuse_type("score", "gold", expected, case, ("gold", index))
        yield item, case
        index += 1


def _judge(
    outcome: SemanticSymbolicBindingGraph | BindingGraphError, answer: Fraction
) -> tuple[Why | None, str | None, tuple[Fraction, ...] | None]:
    """Return why *outcome* does not answer *answer*, the refusal's code, and the answers got; ``why`` is ``None`` if it does."""
    if type(outcome) is BindingGraphError:
        return "refused", outcome.code, None
    try:
        got = answers(cast("SemanticSymbolicBindingGraph", outcome))
    except BindingGraphError as error:
        return "unsolvable", error.code, None
    return (None if got == (answer,) else "wrong_answer"), None, got

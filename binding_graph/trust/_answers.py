"""Answers a question can have: a count is a whole, nonnegative number."""

from __future__ import annotations

from typing import TYPE_CHECKING

from binding_graph.arithmetic import evaluate
from binding_graph.errors import BindingGraphError
from binding_graph.expressions import spelled
from binding_graph.trust._text import is_count

if TYPE_CHECKING:
    from binding_graph.errors import RefusalCode
    from binding_graph.model import SemanticSymbolicBindingGraph

__all__ = ["answer_refusals"]


def answer_refusals(graph: SemanticSymbolicBindingGraph) -> list[BindingGraphError]:
    """Return the refusal of each unknown that asks for a count and whose answer is not a whole, nonnegative number.

    The answers are those :func:`~binding_graph.arithmetic.evaluate` gives;
    its refusal, if it cannot give them, is the only one. An unknown that
    nothing determines is not judged here: that is
    :func:`~binding_graph.analysis.require_solvable`'s.
    """
    try:
        values = evaluate(graph)
    except BindingGraphError as error:
        return [error]
    units = {symbol.symbol_id: symbol.unit for symbol in graph.symbols}
    found: list[BindingGraphError] = []
    for index, unknown in enumerate(graph.unknowns):
        value = values.get(unknown.symbol_id)
        if value is None or (value.denominator == 1 and value >= 0):
            continue
        why = is_count(unknown, units[unknown.symbol_id])
        if why is None:
            continue
        shown = spelled(value)
        code: RefusalCode
        if value.denominator != 1:
            code = "non_integer_solution"
            rule = f"{shown} is not a whole number"
        else:
            code = "negative_solution"
            rule = f"{shown} is negative"
        found.append(
            BindingGraphError(
                code,
                f"BoundUnknown {unknown.symbol_id!r} {why}; {rule}: a count is a"
                f" whole, nonnegative number (question: {unknown.question_span.text!r})",
                ("unknowns", index),
            )
        )
    return found

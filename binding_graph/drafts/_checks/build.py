"""The graph of a draft that every check has passed: what each element becomes.

- The provenance: the whole text, ``[0, len(text))`` of *source_id*.
- Each quantity: a symbol, and a fact whose span quotes the quantity's
  quote, valued as the draft writes the value.
- Each step: a symbol, and an admitted equation: the expression's
  canonical spelling, the names it uses as dependencies, the operation of
  its top operator, the proof of its units (or that none were given), and
  the span of its quote, or else the whole text.
- The question: the unknown, quoting the question.
- Each constraint: a constraint on its name, the predicate spelt
  canonically.

A symbol is named by its element's name (or ``label``), has the role
``quantity`` (or ``role``), was introduced by the caller's *introduced_by*
(or the element's), at its quote's span (or ``symbol_start`` to
``symbol_end``); its unit is its element's. Quantities' symbols come first,
in order, then steps'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from binding_graph.model import (
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)

if TYPE_CHECKING:
    from binding_graph.drafts._checks.element import Element
    from binding_graph.drafts._checks.engine import Engine
    from binding_graph.drafts._checks.fields import Number, Read, UnitText

__all__ = ["build"]


class _Spans:
    """The spans of one text and source: each made once."""

    def __init__(self, text: str, source_id: str) -> None:
        self.text = text
        self.source_id = source_id
        self.whole = SourceSpanLink(source_id, 0, len(text), text)

    def of(self, span: tuple[int, int] | None) -> SourceSpanLink:
        """Return the span from *span*'s start to its end, or the whole text for ``None``."""
        if span is None:
            return self.whole
        start, end = span
        return SourceSpanLink(self.source_id, start, end, self.text[start:end])


def _unit(element: Element) -> str | None:
    unit: UnitText | None = element.get("unit")
    return None if unit is None else unit.text


def _symbol(
    element: Element, span: SourceSpanLink, spans: _Spans, introduced_by: str
) -> SymbolBinding:
    name: str = element.get("name")
    start = element.get("symbol_start")
    return SymbolBinding(
        symbol_id=name,
        name=element.get("label") or name,
        semantic_role=element.get("role") or "quantity",
        source_span=span
        if start is None
        else spans.of((start, element.get("symbol_end"))),
        introduced_by=element.get("introduced_by") or introduced_by,
        entity=element.get("entity"),
        unit=_unit(element),
    )


def build(engine: Engine) -> SemanticSymbolicBindingGraph:
    """Return the graph of the draft *engine* has read, every check passed."""
    spans = _Spans(engine.source.text, engine.source_id)
    introduced_by = engine.introduced_by
    elements = engine.elements
    symbols: list[SymbolBinding] = []
    facts: list[BoundFact] = []
    for quantity in elements["quantities"]:
        span = spans.of(quantity.span)
        number: Number = quantity.get("value")
        symbols.append(_symbol(quantity, span, spans, introduced_by))
        facts.append(
            BoundFact(
                symbol_id=quantity.get("name"),
                value=number.text,
                source_span=span,
                unit=_unit(quantity),
            )
        )
    equations: list[BoundEquation] = []
    for index, step in enumerate(elements["steps"]):
        span = spans.of(step.span)
        read: Read = step.get("expression")
        symbols.append(_symbol(step, span, spans, introduced_by))
        equations.append(
            BoundEquation(
                lhs_symbol_id=step.get("name"),
                rhs_canonical=read.canonical,
                dependencies=frozenset(read.names),
                operation_kind=step.get("operation") or read.operation,
                unit_proof=step.get("unit_proof") or engine.proof(index),
                admissibility_status="admitted",
                source_span=span,
            )
        )
    (question,) = elements["question"]
    unknown = BoundUnknown(
        symbol_id=question.get("name"),
        question_span=spans.of(question.span),
        expected_unit=_unit(question),
    )
    constraints = tuple(
        BoundConstraint(
            symbol_id=constraint.get("name"),
            predicate=constraint.get("predicate").canonical,
            source_span=spans.of(constraint.span),
        )
        for constraint in elements["constraints"]
    )
    return SemanticSymbolicBindingGraph(
        symbols=tuple(symbols),
        facts=tuple(facts),
        equations=tuple(equations),
        unknowns=(unknown,),
        constraints=constraints,
        provenance=(spans.whole,),
    )

"""Small factories of valid model objects, so that each test states only what it varies.

Every factory takes keyword overrides for any field; a deliberately wrong
value goes through :func:`untyped`, so that the type checkers see the test's
intent instead of a ``# type: ignore``.
"""

from __future__ import annotations

from typing import Any

from binding_graph import (
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)

__all__ = [
    "constraint",
    "equation",
    "fact",
    "graph",
    "span",
    "symbol",
    "unknown",
    "untyped",
]


def untyped(value: object) -> Any:
    """Return *value* typed ``Any``: the way a test passes a deliberately wrong type."""
    return value


def span(**overrides: Any) -> SourceSpanLink:
    """Build a valid span, ``SourceSpanLink("p1", 0, 5, "Alice")``, with *overrides*."""
    fields: dict[str, Any] = {"source_id": "p1", "start": 0, "end": 5, "text": "Alice"}
    fields.update(overrides)
    return SourceSpanLink(**fields)


def symbol(**overrides: Any) -> SymbolBinding:
    """Build a valid symbol ``x``, with *overrides*."""
    fields: dict[str, Any] = {
        "symbol_id": "x",
        "name": "apples",
        "semantic_role": "quantity",
        "source_span": span(),
        "introduced_by": "test",
    }
    fields.update(overrides)
    return SymbolBinding(**fields)


def fact(**overrides: Any) -> BoundFact:
    """Build a valid fact ``x = 3``, with *overrides*."""
    fields: dict[str, Any] = {"symbol_id": "x", "value": "3", "source_span": span()}
    fields.update(overrides)
    return BoundFact(**fields)


def equation(**overrides: Any) -> BoundEquation:
    """Build a valid admitted equation ``z := x + y``, with *overrides*."""
    fields: dict[str, Any] = {
        "lhs_symbol_id": "z",
        "rhs_canonical": "x + y",
        "dependencies": frozenset({"x", "y"}),
        "operation_kind": "sum",
        "unit_proof": "same unit",
        "admissibility_status": "admitted",
        "source_span": span(),
    }
    fields.update(overrides)
    return BoundEquation(**fields)


def unknown(**overrides: Any) -> BoundUnknown:
    """Build a valid unknown asking for ``z``, with *overrides*."""
    fields: dict[str, Any] = {"symbol_id": "z", "question_span": span()}
    fields.update(overrides)
    return BoundUnknown(**fields)


def constraint(**overrides: Any) -> BoundConstraint:
    """Build a valid constraint ``x >= 0``, with *overrides*."""
    fields: dict[str, Any] = {
        "symbol_id": "x",
        "predicate": "x >= 0",
        "source_span": span(),
    }
    fields.update(overrides)
    return BoundConstraint(**fields)


def graph(**overrides: Any) -> SemanticSymbolicBindingGraph:
    """Build a valid graph over symbols ``x``, ``y``, ``z``, with *overrides*.

    It holds one element of every kind: the fact ``x = 3``, the equation
    ``z := x + y``, the unknown ``z``, the constraint ``x >= 0`` and one span
    of provenance.
    """
    fields: dict[str, Any] = {
        "symbols": (
            symbol(symbol_id="x"),
            symbol(symbol_id="y"),
            symbol(symbol_id="z"),
        ),
        "facts": (fact(),),
        "equations": (equation(),),
        "unknowns": (unknown(),),
        "constraints": (constraint(),),
        "provenance": (span(),),
    }
    fields.update(overrides)
    return SemanticSymbolicBindingGraph(**fields)

"""The seed's spelling of a span and of a graph: its Phase-1 model's canonical strings, for interchange and logs.

The system this library comes from gives each value a canonical string:
a span ``doc[3:8]``, a graph one line per element.
This module spells them exactly so, for logs and tools written against that
system; it is not this library's identity of a value, which stays its
canonical bytes and content hash (:func:`~binding_graph.canonical_bytes`).
Values are written as they are, with no quoting or escaping, and ``None`` as
``None``: two different graphs may share a spelling (a name holding a space,
a text holding a line break, a unit spelt ``"None"``), so it is read by no
reader, and it names no graph.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # The model imports this module, so its classes are seen by their fields.
    from binding_graph._span_fields import Span

__all__ = ["graph_string", "span_string"]


def span_string(span: Span) -> str:
    """Return ``source_id[start:end]``, as the seed spells a span."""
    return f"{span.source_id}[{span.start}:{span.end}]"


def graph_string(graph: Any) -> str:  # noqa: ANN401 -- a graph, which imports this module
    """Return the seed's lines of *graph*, one per element in collection order, joined by a line feed.

    ``S`` symbols, ``F`` facts, ``E`` equations (dependencies sorted by code
    point), ``U`` unknowns, ``C`` constraints, ``P`` provenance; ``None`` is
    written ``None``. An unknown's question form and state are not spelt:
    the seed's Phase-1 lines have no place for them.
    """
    lines = [
        f"S {s.symbol_id} {s.name} {s.semantic_role} entity={s.entity}"
        f" unit={s.unit} span={span_string(s.source_span)} by={s.introduced_by}"
        for s in graph.symbols
    ]
    lines += [
        f"F {f.symbol_id} = {f.value} unit={f.unit} span={span_string(f.source_span)}"
        for f in graph.facts
    ]
    lines += [
        f"E {e.lhs_symbol_id} := {e.rhs_canonical} op={e.operation_kind}"
        f" deps=[{','.join(sorted(e.dependencies))}] unit_proof={e.unit_proof}"
        f" status={e.admissibility_status} refusal={e.refusal_reason}"
        f" span={span_string(e.source_span)}"
        for e in graph.equations
    ]
    lines += [
        f"U {u.symbol_id} expected_unit={u.expected_unit}"
        f" qspan={span_string(u.question_span)}"
        for u in graph.unknowns
    ]
    lines += [
        f"C {c.symbol_id} pred={c.predicate} span={span_string(c.source_span)}"
        for c in graph.constraints
    ]
    lines += [f"P {span_string(p)} text={p.text}" for p in graph.provenance]
    return "\n".join(lines)

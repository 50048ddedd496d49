"""A typed, immutable, refusal-first boundary between language and solvers.

A parser, a converter or a language model proposes symbols, facts,
equations, unknowns and constraints; :mod:`binding_graph` either builds a
:class:`SemanticSymbolicBindingGraph` that is sound, or refuses with a
:class:`BindingGraphError` that says what rule was broken (:attr:`~BindingGraphError.code`)
and where (:attr:`~BindingGraphError.path`).
"""

from __future__ import annotations

from binding_graph.allocation import allocate_symbols
from binding_graph.errors import (
    REFUSAL_CODES,
    BindingGraphError,
    RefusalCode,
    format_refusals,
)
from binding_graph.jsonl import (
    LineRecord,
    dump_lines,
    load_line,
    load_lines,
    refusal_line,
)
from binding_graph.model import (
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph.serialization import (
    canonical_bytes,
    content_hash,
    dumps,
    from_data,
    is_canonical,
    json_schema,
    loads,
    refusals,
    to_data,
)
from binding_graph.vocabularies import (
    ADMISSIBILITY_STATUSES,
    SEMANTIC_ROLES,
    AdmissibilityStatus,
    SemanticRole,
)

__all__ = [
    "ADMISSIBILITY_STATUSES",
    "REFUSAL_CODES",
    "SEMANTIC_ROLES",
    "AdmissibilityStatus",
    "BindingGraphError",
    "BoundConstraint",
    "BoundEquation",
    "BoundFact",
    "BoundUnknown",
    "LineRecord",
    "RefusalCode",
    "SemanticRole",
    "SemanticSymbolicBindingGraph",
    "SourceSpanLink",
    "SymbolBinding",
    "allocate_symbols",
    "canonical_bytes",
    "content_hash",
    "dump_lines",
    "dumps",
    "format_refusals",
    "from_data",
    "is_canonical",
    "json_schema",
    "load_line",
    "load_lines",
    "loads",
    "refusal_line",
    "refusals",
    "to_data",
]


def __getattr__(name: str) -> str:
    # Read lazily: importing the package must not touch installed metadata.
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version  # noqa: PLC0415

        try:
            return version("binding-graph")
        except PackageNotFoundError:  # pragma: no cover -- run from a bare checkout
            msg = "__version__ is only known for an installed binding-graph"
            raise AttributeError(msg) from None
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)

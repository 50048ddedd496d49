"""The same model in msgspec: frozen Structs, with ``__post_init__`` checks.

msgspec checks types (strictly: a ``bool`` is not an ``int``), bounds and
vocabularies (``Literal``) while it decodes or converts; ``__post_init__``
adds the rules it has no constraint for (blank text, lone surrogates,
identifiers and NFKC, span length, refusal reasons, the graph), with the
baseline's helpers.
Note that a Struct's own ``__init__`` checks no types: only
``msgspec.convert`` and ``msgspec.json.decode`` do.
"""

from __future__ import annotations

from typing import Annotated, Literal

import baseline as b
import msgspec

__all__ = [
    "BoundConstraint",
    "BoundEquation",
    "BoundFact",
    "BoundUnknown",
    "SemanticSymbolicBindingGraph",
    "SourceSpanLink",
    "SymbolBinding",
]

Offset = Annotated[int, msgspec.Meta(ge=0, le=b.MAX_OFFSET)]
Role = Literal[
    "entity", "quantity", "rate", "duration", "count", "total", "difference",
    "ratio", "unknown",
]  # fmt: skip
Status = Literal["admitted", "pending", "refused"]

_text = b.check_text
_optional = b.check_optional_text
_identifier = b.check_identifier


class _Struct(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class SourceSpanLink(_Struct, frozen=True):
    """A half-open span of a source text, and its text."""

    source_id: str
    start: Offset
    end: Offset
    text: str

    def __post_init__(self) -> None:
        _text(self.source_id, "SourceSpanLink", "source_id")
        b.check_span(self.start, self.end, self.text, "SourceSpanLink")


class SymbolBinding(_Struct, frozen=True):
    """A named symbol with its role and provenance."""

    symbol_id: str
    name: str
    semantic_role: Role
    source_span: SourceSpanLink
    introduced_by: str
    entity: str | None = None
    unit: str | None = None

    def __post_init__(self) -> None:
        _identifier(self.symbol_id, "SymbolBinding", "symbol_id")
        _text(self.name, "SymbolBinding", "name")
        _text(self.introduced_by, "SymbolBinding", "introduced_by")
        _optional(self.entity, "SymbolBinding", "entity")
        _optional(self.unit, "SymbolBinding", "unit")


class BoundFact(_Struct, frozen=True):
    """A fact ``symbol_id = value [unit]``."""

    symbol_id: str
    value: str
    source_span: SourceSpanLink
    unit: str | None = None

    def __post_init__(self) -> None:
        _identifier(self.symbol_id, "BoundFact", "symbol_id")
        _text(self.value, "BoundFact", "value")
        _optional(self.unit, "BoundFact", "unit")


class BoundEquation(_Struct, frozen=True):
    """An equation ``lhs := rhs`` and its standing."""

    lhs_symbol_id: str
    rhs_canonical: str
    dependencies: frozenset[str]
    operation_kind: str
    unit_proof: str
    admissibility_status: Status
    source_span: SourceSpanLink
    refusal_reason: str | None = None

    def __post_init__(self) -> None:
        owner = "BoundEquation"
        _identifier(self.lhs_symbol_id, owner, "lhs_symbol_id")
        _text(self.rhs_canonical, owner, "rhs_canonical")
        for dependency in self.dependencies:
            _identifier(dependency, owner, "dependencies")
        _text(self.operation_kind, owner, "operation_kind")
        _text(self.unit_proof, owner, "unit_proof")
        b.check_refusal(self.admissibility_status, self.refusal_reason, owner)


class BoundUnknown(_Struct, frozen=True):
    """A question target."""

    symbol_id: str
    question_span: SourceSpanLink
    expected_unit: str | None = None

    def __post_init__(self) -> None:
        _identifier(self.symbol_id, "BoundUnknown", "symbol_id")
        _optional(self.expected_unit, "BoundUnknown", "expected_unit")


class BoundConstraint(_Struct, frozen=True):
    """A predicate over one symbol."""

    symbol_id: str
    predicate: str
    source_span: SourceSpanLink

    def __post_init__(self) -> None:
        _identifier(self.symbol_id, "BoundConstraint", "symbol_id")
        _text(self.predicate, "BoundConstraint", "predicate")


class SemanticSymbolicBindingGraph(_Struct, frozen=True):
    """A sound binding graph."""

    format: Literal["binding-graph"] = "binding-graph"
    version: Literal[1] = 1
    symbols: tuple[SymbolBinding, ...] = ()
    facts: tuple[BoundFact, ...] = ()
    equations: tuple[BoundEquation, ...] = ()
    unknowns: tuple[BoundUnknown, ...] = ()
    constraints: tuple[BoundConstraint, ...] = ()
    provenance: tuple[SourceSpanLink, ...] = ()

    def __post_init__(self) -> None:
        b.check_graph(
            self.symbols, self.facts, self.equations, self.unknowns, self.constraints
        )

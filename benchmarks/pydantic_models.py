"""The same model in pydantic v2: frozen models with equivalent constraints.

What pydantic's core (Rust) can check exactly, it checks: strict ``str`` and
``int`` (so a ``bool`` is not an offset), bounds, vocabularies as
``Literal``, no unknown keys.
What it cannot check with Python's own semantics (``str.isspace``, lone
surrogates, ``str.isidentifier``, NFKC) runs as an ``AfterValidator`` with
the baseline's helpers, and the cross-field and graph rules as
``model_validator(mode="after")``.
Containers are lax, as the other competitors' builders are: a JSON array
becomes a tuple or a frozenset.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import baseline as b
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    model_validator,
)

__all__ = [
    "BoundConstraint",
    "BoundEquation",
    "BoundFact",
    "BoundUnknown",
    "SemanticSymbolicBindingGraph",
    "SourceSpanLink",
    "SymbolBinding",
]


def _text(value: str) -> str:
    b.check_text(value, "model", "field")
    return value


def _verbatim(value: str) -> str:
    b.check_verbatim(value, "model", "field")
    return value


def _identifier(value: str) -> str:
    b.check_identifier(value, "model", "field")
    return value


Text = Annotated[StrictStr, AfterValidator(_text)]
Verbatim = Annotated[StrictStr, AfterValidator(_verbatim)]
Identifier = Annotated[StrictStr, AfterValidator(_identifier)]
Offset = Annotated[StrictInt, Field(ge=0, le=b.MAX_OFFSET)]
Role = Literal[
    "entity", "quantity", "rate", "duration", "count", "total", "difference",
    "ratio", "unknown",
]  # fmt: skip
Status = Literal["admitted", "pending", "refused"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SourceSpanLink(_Model):
    """A half-open span of a source text, and its text."""

    source_id: Text
    start: Offset
    end: Offset
    text: Verbatim

    @model_validator(mode="after")
    def _span(self) -> SourceSpanLink:
        if not self.start < self.end or len(self.text) != self.end - self.start:
            msg = "invalid_span"
            raise ValueError(msg)
        return self


class SymbolBinding(_Model):
    """A named symbol with its role and provenance."""

    symbol_id: Identifier
    name: Text
    semantic_role: Role
    source_span: SourceSpanLink
    introduced_by: Text
    entity: Text | None = None
    unit: Text | None = None


class BoundFact(_Model):
    """A fact ``symbol_id = value [unit]``."""

    symbol_id: Identifier
    value: Text
    source_span: SourceSpanLink
    unit: Text | None = None


class BoundEquation(_Model):
    """An equation ``lhs := rhs`` and its standing."""

    lhs_symbol_id: Identifier
    rhs_canonical: Text
    dependencies: frozenset[Identifier]
    operation_kind: Text
    unit_proof: Text
    admissibility_status: Status
    source_span: SourceSpanLink
    refusal_reason: StrictStr | None = None

    @model_validator(mode="after")
    def _refusal(self) -> BoundEquation:
        b.check_refusal(self.admissibility_status, self.refusal_reason, "BoundEquation")
        return self


class BoundUnknown(_Model):
    """A question target."""

    symbol_id: Identifier
    question_span: SourceSpanLink
    expected_unit: Text | None = None


class BoundConstraint(_Model):
    """A predicate over one symbol."""

    symbol_id: Identifier
    predicate: Text
    source_span: SourceSpanLink


class SemanticSymbolicBindingGraph(_Model):
    """A sound binding graph."""

    format: Literal["binding-graph"] = "binding-graph"
    version: Literal[1] = 1
    symbols: tuple[SymbolBinding, ...] = ()
    facts: tuple[BoundFact, ...] = ()
    equations: tuple[BoundEquation, ...] = ()
    unknowns: tuple[BoundUnknown, ...] = ()
    constraints: tuple[BoundConstraint, ...] = ()
    provenance: tuple[SourceSpanLink, ...] = ()

    @model_validator(mode="after")
    def _graph(self) -> SemanticSymbolicBindingGraph:
        b.check_graph(
            self.symbols, self.facts, self.equations, self.unknowns, self.constraints
        )
        return self


def evolve(
    graph: SemanticSymbolicBindingGraph, **changes: Any
) -> SemanticSymbolicBindingGraph:
    """Build a new, validated graph with *changes* (``model_copy`` would not validate)."""
    fields = {name: getattr(graph, name) for name in type(graph).model_fields}
    fields.update(changes)
    return SemanticSymbolicBindingGraph(**fields)

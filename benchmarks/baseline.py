"""The yardstick: the ADR-0132 design as first written.

Frozen slots dataclasses whose ``__post_init__`` enforces the same rules as
:mod:`binding_graph` (``docs/design.md``, "The rules"), written the way a
careful engineer would write them by hand: small helper functions, the
obvious efficient idiom for each rule, a message only on failure.
It is not tuned for the benchmark, and not handicapped either.

The rule helpers (``check_text`` and friends) are reused by the pydantic and
msgspec competitors, so that all four enforce one rule set.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from keyword import iskeyword
from typing import Any, Final

__all__ = [
    "ADMISSIBILITY_STATUSES",
    "MAX_OFFSET",
    "SEMANTIC_ROLES",
    "BoundConstraint",
    "BoundEquation",
    "BoundFact",
    "BoundUnknown",
    "RefusalError",
    "SemanticSymbolicBindingGraph",
    "SourceSpanLink",
    "SymbolBinding",
    "check_graph",
    "check_identifier",
    "check_int",
    "check_optional_text",
    "check_refusal",
    "check_span",
    "check_text",
    "check_verbatim",
    "check_vocabulary",
    "to_data",
]

MAX_OFFSET: Final = 2**53 - 1
SEMANTIC_ROLES: Final = frozenset({
    "entity", "quantity", "rate", "duration", "count", "total", "difference",
    "ratio", "unknown",
})  # fmt: skip
ADMISSIBILITY_STATUSES: Final = frozenset({"admitted", "pending", "refused"})


class RefusalError(ValueError):
    """A refusal: which rule (*code*), and where (*path*)."""

    def __init__(self, code: str, message: str, path: tuple[Any, ...] = ()) -> None:
        super().__init__(code, message, path)
        self.code = code
        self.path = path


def check_text(value: object, owner: str, field: str) -> None:
    """Refuse anything but a non-blank str that encodes as UTF-8."""
    if type(value) is not str:
        raise RefusalError("wrong_type", f"{owner}.{field} must be a str", (field,))
    if not value or value.isspace():
        raise RefusalError("empty_text", f"{owner}.{field} must not be blank", (field,))
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise RefusalError(
                "invalid_text", f"{owner}.{field} holds a lone surrogate", (field,)
            ) from None


def check_optional_text(value: object, owner: str, field: str) -> None:
    """Refuse anything but None or a text as :func:`check_text`."""
    if value is not None:
        check_text(value, owner, field)


def check_verbatim(value: object, owner: str, field: str) -> None:
    """Refuse anything but a non-empty (possibly blank) UTF-8 encodable str."""
    if type(value) is not str:
        raise RefusalError("wrong_type", f"{owner}.{field} must be a str", (field,))
    if not value:
        raise RefusalError("empty_text", f"{owner}.{field} must not be empty", (field,))
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise RefusalError(
                "invalid_text", f"{owner}.{field} holds a lone surrogate", (field,)
            ) from None


def check_identifier(value: object, owner: str, field: str) -> None:
    """Refuse anything but an NFKC-normal Python identifier that is not a keyword."""
    check_text(value, owner, field)
    if (
        not value.isidentifier()  # type: ignore[attr-defined]
        or iskeyword(value)  # type: ignore[arg-type]
        or not unicodedata.is_normalized("NFKC", value)  # type: ignore[arg-type]
    ):
        raise RefusalError(
            "invalid_identifier", f"{owner}.{field} must be an identifier", (field,)
        )


def check_vocabulary(
    value: object, vocabulary: frozenset[str], owner: str, field: str
) -> None:
    """Refuse anything but a member of *vocabulary*."""
    check_text(value, owner, field)
    if value not in vocabulary:
        raise RefusalError(
            "not_in_vocabulary",
            f"{owner}.{field} must be one of {vocabulary}",
            (field,),
        )


def check_int(value: object, owner: str, field: str) -> None:
    """Refuse anything but an int that is not a bool."""
    if type(value) is not int:
        raise RefusalError("wrong_type", f"{owner}.{field} must be an int", (field,))


def check_span(start: int, end: int, text: str, owner: str) -> None:
    """Refuse a span outside ``0 <= start < end <= 2**53 - 1`` or of the wrong length."""
    check_int(start, owner, "start")
    if not 0 <= start <= MAX_OFFSET:
        raise RefusalError("invalid_span", f"{owner}.start out of range", ("start",))
    check_int(end, owner, "end")
    if not start < end <= MAX_OFFSET:
        raise RefusalError("invalid_span", f"{owner}.end out of range", ("end",))
    check_verbatim(text, owner, "text")
    if len(text) != end - start:
        raise RefusalError(
            "invalid_span", f"{owner}.text is not end - start long", ("text",)
        )


def check_refusal(status: str, reason: object, owner: str) -> None:
    """Require a non-blank reason iff *status* is ``refused``."""
    if status == "refused":
        if reason is None or (type(reason) is str and (not reason or reason.isspace())):
            raise RefusalError(
                "refusal_reason_required", f"{owner}.refusal_reason is required",
                ("refusal_reason",),
            )  # fmt: skip
        check_text(reason, owner, "refusal_reason")
    elif reason is not None:
        raise RefusalError(
            "refusal_reason_forbidden", f"{owner}.refusal_reason must be None",
            ("refusal_reason",),
        )  # fmt: skip


def _check_span_field(value: object, owner: str, field: str) -> None:
    if type(value) is not SourceSpanLink:
        raise RefusalError("wrong_type", f"{owner}.{field} must be a span", (field,))


@dataclass(frozen=True, slots=True)
class SourceSpanLink:
    """A half-open span of a source text, and its text."""

    source_id: str
    start: int
    end: int
    text: str

    def __post_init__(self) -> None:
        check_text(self.source_id, "SourceSpanLink", "source_id")
        check_span(self.start, self.end, self.text, "SourceSpanLink")


@dataclass(frozen=True, slots=True, kw_only=True)
class SymbolBinding:
    """A named symbol with its role and provenance."""

    symbol_id: str
    name: str
    semantic_role: str
    source_span: SourceSpanLink
    introduced_by: str
    entity: str | None = None
    unit: str | None = None

    def __post_init__(self) -> None:
        owner = "SymbolBinding"
        check_identifier(self.symbol_id, owner, "symbol_id")
        check_text(self.name, owner, "name")
        check_vocabulary(self.semantic_role, SEMANTIC_ROLES, owner, "semantic_role")
        _check_span_field(self.source_span, owner, "source_span")
        check_text(self.introduced_by, owner, "introduced_by")
        check_optional_text(self.entity, owner, "entity")
        check_optional_text(self.unit, owner, "unit")


@dataclass(frozen=True, slots=True, kw_only=True)
class BoundFact:
    """A fact ``symbol_id = value [unit]``."""

    symbol_id: str
    value: str
    source_span: SourceSpanLink
    unit: str | None = None

    def __post_init__(self) -> None:
        check_identifier(self.symbol_id, "BoundFact", "symbol_id")
        check_text(self.value, "BoundFact", "value")
        _check_span_field(self.source_span, "BoundFact", "source_span")
        check_optional_text(self.unit, "BoundFact", "unit")


@dataclass(frozen=True, slots=True, kw_only=True)
class BoundEquation:
    """An equation ``lhs := rhs`` and its standing."""

    lhs_symbol_id: str
    rhs_canonical: str
    dependencies: frozenset[str]
    operation_kind: str
    unit_proof: str
    admissibility_status: str
    source_span: SourceSpanLink
    refusal_reason: str | None = None

    def __post_init__(self) -> None:
        owner = "BoundEquation"
        check_identifier(self.lhs_symbol_id, owner, "lhs_symbol_id")
        check_text(self.rhs_canonical, owner, "rhs_canonical")
        if type(self.dependencies) is not frozenset:
            raise RefusalError("wrong_type", f"{owner}.dependencies", ("dependencies",))
        for dependency in self.dependencies:
            check_identifier(dependency, owner, "dependencies")
        check_text(self.operation_kind, owner, "operation_kind")
        check_text(self.unit_proof, owner, "unit_proof")
        check_vocabulary(
            self.admissibility_status, ADMISSIBILITY_STATUSES, owner,
            "admissibility_status",
        )  # fmt: skip
        _check_span_field(self.source_span, owner, "source_span")
        check_refusal(self.admissibility_status, self.refusal_reason, owner)


@dataclass(frozen=True, slots=True, kw_only=True)
class BoundUnknown:
    """A question target."""

    symbol_id: str
    question_span: SourceSpanLink
    expected_unit: str | None = None

    def __post_init__(self) -> None:
        check_identifier(self.symbol_id, "BoundUnknown", "symbol_id")
        _check_span_field(self.question_span, "BoundUnknown", "question_span")
        check_optional_text(self.expected_unit, "BoundUnknown", "expected_unit")


@dataclass(frozen=True, slots=True, kw_only=True)
class BoundConstraint:
    """A predicate over one symbol."""

    symbol_id: str
    predicate: str
    source_span: SourceSpanLink

    def __post_init__(self) -> None:
        check_identifier(self.symbol_id, "BoundConstraint", "symbol_id")
        check_text(self.predicate, "BoundConstraint", "predicate")
        _check_span_field(self.source_span, "BoundConstraint", "source_span")


def _check_tuple(value: object, cls: type, field: str) -> None:
    if type(value) is not tuple or not all(type(item) is cls for item in value):
        raise RefusalError(
            "wrong_type", f"graph.{field} must be a tuple of {cls}", (field,)
        )


def check_graph(
    symbols: Any, facts: Any, equations: Any, unknowns: Any, constraints: Any
) -> None:
    """Refuse repeated symbol ids and references to symbols not in the graph."""
    known = {symbol.symbol_id for symbol in symbols}
    if len(known) != len(symbols):
        raise RefusalError("duplicate_symbol_id", "symbol ids repeat", ("symbols",))
    for field, items in (("facts", facts), ("unknowns", unknowns)):
        for index, item in enumerate(items):
            if item.symbol_id not in known:
                raise RefusalError("unknown_symbol", field, (field, index, "symbol_id"))
    for index, item in enumerate(constraints):
        if item.symbol_id not in known:
            raise RefusalError("unknown_symbol", "constraints", ("constraints", index))
    for index, equation in enumerate(equations):
        if equation.lhs_symbol_id not in known or not known.issuperset(
            equation.dependencies
        ):
            raise RefusalError("unknown_symbol", "equations", ("equations", index))


@dataclass(frozen=True, slots=True, kw_only=True)
class SemanticSymbolicBindingGraph:
    """A sound binding graph."""

    symbols: tuple[SymbolBinding, ...] = ()
    facts: tuple[BoundFact, ...] = ()
    equations: tuple[BoundEquation, ...] = ()
    unknowns: tuple[BoundUnknown, ...] = ()
    constraints: tuple[BoundConstraint, ...] = ()
    provenance: tuple[SourceSpanLink, ...] = ()

    def __post_init__(self) -> None:
        _check_tuple(self.symbols, SymbolBinding, "symbols")
        _check_tuple(self.facts, BoundFact, "facts")
        _check_tuple(self.equations, BoundEquation, "equations")
        _check_tuple(self.unknowns, BoundUnknown, "unknowns")
        _check_tuple(self.constraints, BoundConstraint, "constraints")
        _check_tuple(self.provenance, SourceSpanLink, "provenance")
        check_graph(
            self.symbols, self.facts, self.equations, self.unknowns, self.constraints
        )


# -- the dict form, written by hand as the design would --------------------


def _span(s: SourceSpanLink) -> dict[str, Any]:
    return {"source_id": s.source_id, "start": s.start, "end": s.end, "text": s.text}


def to_data(g: SemanticSymbolicBindingGraph) -> dict[str, Any]:
    """Return the graph as a document: a JSON-compatible tree."""
    return {
        "format": "binding-graph",
        "version": 1,
        "symbols": [
            {
                "symbol_id": s.symbol_id,
                "name": s.name,
                "semantic_role": s.semantic_role,
                "source_span": _span(s.source_span),
                "introduced_by": s.introduced_by,
                "entity": s.entity,
                "unit": s.unit,
            }
            for s in g.symbols
        ],
        "facts": [
            {
                "symbol_id": f.symbol_id,
                "value": f.value,
                "source_span": _span(f.source_span),
                "unit": f.unit,
            }
            for f in g.facts
        ],
        "equations": [
            {
                "lhs_symbol_id": e.lhs_symbol_id,
                "rhs_canonical": e.rhs_canonical,
                "dependencies": sorted(e.dependencies),
                "operation_kind": e.operation_kind,
                "unit_proof": e.unit_proof,
                "admissibility_status": e.admissibility_status,
                "source_span": _span(e.source_span),
                "refusal_reason": e.refusal_reason,
            }
            for e in g.equations
        ],
        "unknowns": [
            {
                "symbol_id": u.symbol_id,
                "question_span": _span(u.question_span),
                "expected_unit": u.expected_unit,
            }
            for u in g.unknowns
        ],
        "constraints": [
            {
                "symbol_id": c.symbol_id,
                "predicate": c.predicate,
                "source_span": _span(c.source_span),
            }
            for c in g.constraints
        ],
        "provenance": [_span(s) for s in g.provenance],
    }

"""The four competitors behind one interface, each doing each workload its own natural way.

Every method takes what the workload gives (primitives, a graph built by the
same competitor, a document the same competitor wrote) and returns the
result; the harness times the call and throws the result away.
A competitor whose package is not installed has ``missing`` set and is shown
as "not installed".
"""

from __future__ import annotations

import hashlib
import importlib
import json
import re
import unicodedata
from dataclasses import replace
from typing import Any, Final

import baseline

__all__ = ["Before", "Competitor", "LibraryFast", "all_competitors", "build_graph"]


# -- building from primitives, the same code for binding_graph and the baseline


def build_graph(ns: Any, data: dict[str, Any]) -> Any:
    """Build a graph of *ns*'s classes from the primitive tree *data*."""
    span_cls = ns.SourceSpanLink
    symbol_cls, fact_cls, equation_cls = (
        ns.SymbolBinding,
        ns.BoundFact,
        ns.BoundEquation,
    )
    unknown_cls, constraint_cls = ns.BoundUnknown, ns.BoundConstraint

    def span(d: dict[str, Any]) -> Any:
        return span_cls(d["source_id"], d["start"], d["end"], d["text"])

    return ns.SemanticSymbolicBindingGraph(
        symbols=tuple(
            [
                symbol_cls(
                    symbol_id=d["symbol_id"],
                    name=d["name"],
                    semantic_role=d["semantic_role"],
                    source_span=span(d["source_span"]),
                    introduced_by=d["introduced_by"],
                    entity=d["entity"],
                    unit=d["unit"],
                )
                for d in data["symbols"]
            ]
        ),
        facts=tuple(
            [
                fact_cls(
                    symbol_id=d["symbol_id"],
                    value=d["value"],
                    source_span=span(d["source_span"]),
                    unit=d["unit"],
                )
                for d in data["facts"]
            ]
        ),
        equations=tuple(
            [
                equation_cls(
                    lhs_symbol_id=d["lhs_symbol_id"],
                    rhs_canonical=d["rhs_canonical"],
                    dependencies=frozenset(d["dependencies"]),
                    operation_kind=d["operation_kind"],
                    unit_proof=d["unit_proof"],
                    admissibility_status=d["admissibility_status"],
                    source_span=span(d["source_span"]),
                    refusal_reason=d["refusal_reason"],
                )
                for d in data["equations"]
            ]
        ),
        unknowns=tuple(
            [
                unknown_cls(
                    symbol_id=d["symbol_id"],
                    question_span=span(d["question_span"]),
                    expected_unit=d["expected_unit"],
                )
                for d in data["unknowns"]
            ]
        ),
        constraints=tuple(
            [
                constraint_cls(
                    symbol_id=d["symbol_id"],
                    predicate=d["predicate"],
                    source_span=span(d["source_span"]),
                )
                for d in data["constraints"]
            ]
        ),
        provenance=tuple([span(d) for d in data["provenance"]]),
    )


def _fact(ns: Any, d: dict[str, Any]) -> Any:
    s = d["source_span"]
    return ns.BoundFact(
        symbol_id=d["symbol_id"],
        value=d["value"],
        source_span=ns.SourceSpanLink(s["source_id"], s["start"], s["end"], s["text"]),
        unit=d["unit"],
    )


# -- allocation, as binding_graph.allocate_symbols specifies it -------------

_NOT_SLUG: Final = re.compile(r"[^a-z0-9]+")


def _slugify(phrase: str) -> str:
    folded = unicodedata.normalize("NFKD", phrase).encode("ascii", "ignore")
    return _NOT_SLUG.sub("_", folded.decode("ascii").lower()).strip("_")


def allocate(
    symbol_cls: Any,
    phrases: list[str],
    *,
    source_span: Any,
    introduced_by: str,
    semantic_role: str = "quantity",
    prefix: str = "sym",
) -> tuple[Any, ...]:
    """Allocate one *symbol_cls* per phrase, with the library's ids and checks."""
    owner = "allocate"
    baseline.check_text(introduced_by, owner, "introduced_by")
    baseline.check_vocabulary(
        semantic_role, baseline.SEMANTIC_ROLES, owner, "semantic_role"
    )
    baseline.check_identifier(prefix, owner, "prefix")
    items = tuple(phrases)
    if not items:
        raise baseline.RefusalError("empty_allocation", "no phrases")
    symbols = []
    for index, phrase in enumerate(items):
        baseline.check_text(phrase, owner, "noun_phrases")
        slug = _slugify(phrase)
        if not slug:
            raise baseline.RefusalError(
                "unslugifiable_phrase", phrase, ("noun_phrases", index)
            )
        symbols.append(
            symbol_cls(
                symbol_id=f"{prefix}_{slug}_{index:03d}",
                name=phrase.strip(),
                semantic_role=semantic_role,
                source_span=source_span,
                introduced_by=introduced_by,
            )
        )
    return tuple(symbols)


def _sha256(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def _json_bytes(data: Any) -> bytes:
    return json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode("utf-8")


class Competitor:
    """One way of doing every workload; subclasses fill in each one."""

    name: str = ""
    missing: str | None = None
    """Why the competitor cannot run (shown in its cells), or None."""

    def unavailable(self, workload: str) -> str | None:  # noqa: ARG002 -- overridden
        """Return why *workload* cannot run for this competitor, or None."""
        return self.missing

    ns: Any = None

    def construct(self, data: dict[str, Any]) -> Any:
        """Build and validate the whole graph from primitives."""
        return build_graph(self.ns, data)

    def span(self, d: dict[str, Any]) -> Any:
        """Build one span from primitives."""
        return self.ns.SourceSpanLink(d["source_id"], d["start"], d["end"], d["text"])

    def allocate(self, phrases: list[str], span: Any) -> Any:
        """Allocate one symbol per phrase."""
        return allocate(
            self.ns.SymbolBinding, phrases, source_span=span, introduced_by="bench"
        )

    def add_fact(self, graph: Any, fact: dict[str, Any]) -> Any:
        """Return *graph* with one more fact, validated again."""
        raise NotImplementedError

    def to_data(self, graph: Any) -> Any:
        """Return the graph as JSON-compatible primitives."""
        raise NotImplementedError

    def canonical_bytes(self, graph: Any) -> bytes:
        """Return the graph's canonical (or closest) JSON bytes."""
        raise NotImplementedError

    def content_hash(self, graph: Any) -> str:
        """Return ``sha256:`` and the hex digest of the canonical bytes."""
        return _sha256(self.canonical_bytes(graph))

    def loads(self, document: bytes) -> Any:
        """Parse a document this competitor wrote into a validated graph."""
        raise NotImplementedError

    def symbol(self, span: Any, symbol_id: str) -> Any:
        """Build one symbol (for the memory workload)."""
        return self.ns.SymbolBinding(
            symbol_id=symbol_id,
            name="apples Alice has",
            semantic_role="quantity",
            source_span=span,
            introduced_by="parser-v3",
            entity="Alice",
            unit="apple",
        )


class Library(Competitor):
    """binding_graph itself."""

    name = "binding_graph"

    def __init__(self) -> None:
        import attrs  # noqa: PLC0415

        import binding_graph  # noqa: PLC0415
        from binding_graph import serialization  # noqa: PLC0415

        self.ns = binding_graph
        self.evolve = attrs.evolve
        self.ser = serialization

    def select(self) -> None:
        """Run the pure path alone, whatever is installed (before each timed call)."""
        from binding_graph.documents import _paths as _switch  # noqa: PLC0415

        _switch.use(None)

    def allocate(self, phrases: list[str], span: Any) -> Any:
        """Call :func:`binding_graph.allocate_symbols`."""
        return self.ns.allocate_symbols(
            phrases, source_span=span, introduced_by="bench"
        )

    def add_fact(self, graph: Any, fact: dict[str, Any]) -> Any:
        """``attrs.evolve`` with one more fact."""
        return self.evolve(graph, facts=(*graph.facts, _fact(self.ns, fact)))

    def to_data(self, graph: Any) -> Any:
        """``binding_graph.serialization.to_data``."""
        return self.ser.to_data(graph)

    def canonical_bytes(self, graph: Any) -> bytes:
        """``binding_graph.serialization.canonical_bytes``."""
        return self.ser.canonical_bytes(graph)

    def content_hash(self, graph: Any) -> str:
        """``binding_graph.serialization.content_hash``."""
        return self.ser.content_hash(graph)

    def loads(self, document: bytes) -> Any:
        """``binding_graph.serialization.loads``.

        Its size limit (64 MiB by default) is raised to the document's size,
        as a user loading a graph this large would: the other competitors
        have no limit.
        """
        limit = max(len(document), self.ser.DEFAULT_MAX_BYTES)
        return self.ser.loads(document, max_bytes=limit)


class Baseline(Competitor):
    """Frozen slots dataclasses with hand-written ``__post_init__`` checks."""

    name = "dataclass baseline"
    ns = baseline

    def add_fact(self, graph: Any, fact: dict[str, Any]) -> Any:
        """``dataclasses.replace`` with one more fact."""
        return replace(graph, facts=(*graph.facts, _fact(baseline, fact)))

    def to_data(self, graph: Any) -> Any:
        """The hand-written dict form."""
        return baseline.to_data(graph)

    def canonical_bytes(self, graph: Any) -> bytes:
        """``json.dumps(to_data(g), sort_keys=True, ...)`` as UTF-8."""
        return _json_bytes(baseline.to_data(graph))

    def loads(self, document: bytes) -> Any:
        """``json.loads``, a format check, and construction."""
        data = json.loads(document)
        if data.get("format") != "binding-graph" or data.get("version") != 1:
            raise baseline.RefusalError("malformed_document", "not a binding graph v1")
        return build_graph(baseline, data)


class Pydantic(Competitor):
    """pydantic v2 frozen models."""

    name = "pydantic v2"

    def __init__(self) -> None:
        try:
            import pydantic_models  # noqa: PLC0415
        except ImportError:
            self.missing = "not installed"
            return
        self.ns = pydantic_models
        self.graph_cls = pydantic_models.SemanticSymbolicBindingGraph

    def construct(self, data: dict[str, Any]) -> Any:
        """``model_validate`` on the primitives."""
        return self.graph_cls.model_validate(data)

    def span(self, d: dict[str, Any]) -> Any:
        """A span model, validated."""
        return self.ns.SourceSpanLink(**d)

    def add_fact(self, graph: Any, fact: dict[str, Any]) -> Any:
        """A new validated model with one more fact (``model_copy`` would not validate)."""
        return self.ns.evolve(graph, facts=(*graph.facts, self.ns.BoundFact(**fact)))

    def to_data(self, graph: Any) -> Any:
        """``model_dump(mode="json")``."""
        return graph.model_dump(mode="json")

    def canonical_bytes(self, graph: Any) -> bytes:
        """``model_dump_json()`` (field order, not sorted)."""
        return graph.model_dump_json().encode("utf-8")  # type: ignore[no-any-return]

    def loads(self, document: bytes) -> Any:
        """``model_validate_json``."""
        return self.graph_cls.model_validate_json(document)


class Msgspec(Competitor):
    """msgspec frozen Structs with ``__post_init__`` checks."""

    name = "msgspec"

    def __init__(self) -> None:
        try:
            import msgspec  # noqa: PLC0415
            import msgspec_models  # noqa: PLC0415
        except ImportError:
            self.missing = "not installed"
            return
        self.ns = msgspec_models
        self.graph_cls = msgspec_models.SemanticSymbolicBindingGraph
        self.msgspec = msgspec
        self.decoder = msgspec.json.Decoder(self.graph_cls)
        self.encoder = msgspec.json.Encoder(order="sorted")

    def construct(self, data: dict[str, Any]) -> Any:
        """``msgspec.convert`` of the primitives into Structs."""
        return self.msgspec.convert(data, self.graph_cls)

    def span(self, d: dict[str, Any]) -> Any:
        """A span Struct, converted and checked."""
        return self.msgspec.convert(d, self.ns.SourceSpanLink)

    def add_fact(self, graph: Any, fact: dict[str, Any]) -> Any:
        """``msgspec.structs.replace`` with one more (converted) fact."""
        new = self.msgspec.convert(fact, self.ns.BoundFact)
        return self.msgspec.structs.replace(graph, facts=(*graph.facts, new))

    def to_data(self, graph: Any) -> Any:
        """``msgspec.to_builtins(order="sorted")``."""
        return self.msgspec.to_builtins(graph, order="sorted")

    def canonical_bytes(self, graph: Any) -> bytes:
        """``msgspec.json.encode`` with sorted keys and sets."""
        return self.encoder.encode(graph)

    def loads(self, document: bytes) -> Any:
        """``msgspec.json.decode`` into Structs (``__post_init__`` runs)."""
        return self.decoder.decode(document)


class LibraryFast(Library):
    """binding_graph with the ``fast`` extra (msgspec) in use."""

    name = "binding_graph[fast]"

    def __init__(self) -> None:
        super().__init__()
        from binding_graph.documents import _paths as _switch  # noqa: PLC0415

        self.fast = _switch.load()
        if self.fast is None:
            self.missing = "not installed"

    def select(self) -> None:
        """Run the fast path (before each timed call)."""
        from binding_graph.documents import _paths as _switch  # noqa: PLC0415

        _switch.use(self.fast)


class Before(Library):
    """binding_graph as it was at an earlier commit, imported under another name."""

    name = "before"

    def __init__(self, package: Any) -> None:
        import attrs  # noqa: PLC0415

        self.ns = package
        self.evolve = attrs.evolve
        self.ser = package.serialization
        try:
            self.paths: Any = importlib.import_module(
                f"{package.__name__}.documents._paths"
            )
        except ImportError:  # a revision before the fast extra: one path
            self.paths = None

    def select(self) -> None:
        """Run that package's pure path, as binding_graph's column does (before each timed call)."""
        if self.paths is not None:
            self.paths.use(None)


def all_competitors() -> list[Competitor]:
    """Return the competitors, binding_graph first (and with its extra, if installed)."""
    return [Library(), LibraryFast(), Baseline(), Pydantic(), Msgspec()]

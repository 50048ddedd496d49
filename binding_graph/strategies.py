"""Hypothesis strategies that build valid binding-graph values.

Requires the ``hypothesis`` extra (``pip install binding-graph[hypothesis]``).
Every strategy builds valid values by construction, never by filtering
at random: identifiers are drawn first and every reference is sampled from
them, so a generated graph always passes its integrity check.

>>> from hypothesis import given
>>> from binding_graph import strategies as bgst
>>> @given(bgst.graphs(max_symbols=4))
... def test_round_trip(graph): ...

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import keyword
import unicodedata
from typing import TYPE_CHECKING, Any, Final, cast, get_args

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from binding_graph._validators import MAX_OFFSET
from binding_graph.errors import REFUSAL_CODES
from binding_graph.model import (
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph.serialization import FORMAT_VERSION, to_data
from binding_graph.vocabularies import AdmissibilityStatus, SemanticRole

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    from hypothesis.strategies import DrawFn, SearchStrategy

__all__ = [
    "INVALID_DOCUMENT_CODES",
    "bound_constraints",
    "bound_equations",
    "bound_facts",
    "bound_unknowns",
    "graph_documents",
    "graphs",
    "identifiers",
    "invalid_graph_documents",
    "source_spans",
    "symbol_bindings",
    "texts",
]

# Every character a string field may hold: anything but a lone surrogate.
_CHARACTERS: Final = st.characters(exclude_categories=["Cs"])
# Characters that stress encoders: quotes, escapes, separators, controls.
_NASTY: Final = st.sampled_from('"\\\n\r\t\x00\x1f\x7f =[]{}:,\u2028\u2029\ufeff')

_ROLES: Final[tuple[SemanticRole, ...]] = get_args(SemanticRole)
_STATUSES: Final[tuple[AdmissibilityStatus, ...]] = get_args(AdmissibilityStatus)

_ASCII_IDENTIFIERS: Final = st.from_regex(
    r"[A-Za-z_][A-Za-z0-9_]{0,15}", fullmatch=True
)


def _concat(head: str, tail: str) -> str:
    return head + tail


def _is_valid_identifier(text: str) -> bool:
    return (
        text.isidentifier()
        and not keyword.iskeyword(text)
        and unicodedata.is_normalized("NFKC", text)
    )


def identifiers() -> SearchStrategy[str]:
    """Build symbol ids: NFKC-normal Python identifiers that are not keywords.

    Mostly ASCII, sometimes with letters from other scripts.
    """
    ascii_ids = _ASCII_IDENTIFIERS.map(
        # A keyword is a valid identifier once suffixed: no filtering needed.
        lambda s: s + "_" if keyword.iskeyword(s) else s
    )
    letters = st.characters(categories=["Lu", "Ll", "Lo"]).filter(_is_valid_identifier)
    unicode_ids = st.builds(_concat, letters, _ASCII_IDENTIFIERS).filter(
        _is_valid_identifier
    )
    return st.one_of(ascii_ids, unicode_ids)


def texts(*, min_size: int = 1, max_size: int = 24) -> SearchStrategy[str]:
    """Build required text: not blank, UTF-8 encodable, often hostile to encoders."""
    return st.builds(
        _concat,
        # The anchor makes the text non-blank without rejecting anything.
        st.characters(exclude_categories=["Cs", "Zs", "Zl", "Zp", "Cc"]).filter(
            lambda c: not c.isspace()
        ),
        st.text(
            st.one_of(_CHARACTERS, _NASTY), min_size=min_size - 1, max_size=max_size - 1
        ),
    )


def _optional_texts() -> SearchStrategy[str | None]:
    return st.none() | texts()


@st.composite
def source_spans(draw: DrawFn, *, source_id: str | None = None) -> SourceSpanLink:
    """Build a valid :class:`~binding_graph.SourceSpanLink`.

    Args:
        source_id: Use this source id instead of drawing one.
    """
    text = draw(st.text(st.one_of(_CHARACTERS, _NASTY), min_size=1, max_size=24))
    start = draw(
        st.one_of(st.integers(0, 10_000), st.integers(0, MAX_OFFSET - len(text)))
    )
    return SourceSpanLink(
        source_id if source_id is not None else draw(texts(max_size=12)),
        start,
        start + len(text),
        text,
    )


@st.composite
def symbol_bindings(draw: DrawFn, *, symbol_id: str | None = None) -> SymbolBinding:
    """Build a valid :class:`~binding_graph.SymbolBinding`.

    Args:
        symbol_id: Use this id instead of drawing one.
    """
    return SymbolBinding(
        symbol_id=symbol_id if symbol_id is not None else draw(identifiers()),
        name=draw(texts()),
        semantic_role=draw(st.sampled_from(_ROLES)),
        source_span=draw(source_spans()),
        introduced_by=draw(texts(max_size=12)),
        entity=draw(_optional_texts()),
        unit=draw(_optional_texts()),
    )


def _ids(symbol_ids: Sequence[str] | None) -> SearchStrategy[str]:
    return identifiers() if symbol_ids is None else st.sampled_from(symbol_ids)


@st.composite
def bound_facts(draw: DrawFn, *, symbol_ids: Sequence[str] | None = None) -> BoundFact:
    """Build a valid :class:`~binding_graph.BoundFact`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
    """
    return BoundFact(
        symbol_id=draw(_ids(symbol_ids)),
        value=draw(texts()),
        source_span=draw(source_spans()),
        unit=draw(_optional_texts()),
    )


@st.composite
def bound_equations(
    draw: DrawFn, *, symbol_ids: Sequence[str] | None = None, max_dependencies: int = 4
) -> BoundEquation:
    """Build a valid :class:`~binding_graph.BoundEquation`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
        max_dependencies: The most dependencies to draw.
    """
    status = draw(st.sampled_from(_STATUSES))
    return BoundEquation(
        lhs_symbol_id=draw(_ids(symbol_ids)),
        rhs_canonical=draw(texts()),
        dependencies=draw(st.frozensets(_ids(symbol_ids), max_size=max_dependencies)),
        operation_kind=draw(texts(max_size=12)),
        unit_proof=draw(texts()),
        admissibility_status=status,
        source_span=draw(source_spans()),
        refusal_reason=draw(texts()) if status == "refused" else None,
    )


@st.composite
def bound_unknowns(
    draw: DrawFn, *, symbol_ids: Sequence[str] | None = None
) -> BoundUnknown:
    """Build a valid :class:`~binding_graph.BoundUnknown`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
    """
    return BoundUnknown(
        symbol_id=draw(_ids(symbol_ids)),
        question_span=draw(source_spans()),
        expected_unit=draw(_optional_texts()),
    )


@st.composite
def bound_constraints(
    draw: DrawFn, *, symbol_ids: Sequence[str] | None = None
) -> BoundConstraint:
    """Build a valid :class:`~binding_graph.BoundConstraint`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
    """
    return BoundConstraint(
        symbol_id=draw(_ids(symbol_ids)),
        predicate=draw(texts()),
        source_span=draw(source_spans()),
    )


@st.composite
def graphs(
    draw: DrawFn,
    *,
    min_symbols: int = 0,
    max_symbols: int = 6,
    max_facts: int = 6,
    max_equations: int = 6,
    max_unknowns: int = 3,
    max_constraints: int = 3,
    max_provenance: int = 3,
) -> SemanticSymbolicBindingGraph:
    """Build a valid :class:`~binding_graph.SemanticSymbolicBindingGraph`.

    Symbol ids are drawn first, unique; every other element refers only to
    them, so the graph is sound by construction.
    A graph without symbols has no facts, equations, unknowns or constraints.

    Args:
        min_symbols: The fewest symbols.
        max_symbols: The most symbols.
        max_facts: The most facts.
        max_equations: The most equations.
        max_unknowns: The most unknowns.
        max_constraints: The most constraints.
        max_provenance: The most provenance spans.
    """
    ids = draw(
        st.lists(identifiers(), min_size=min_symbols, max_size=max_symbols, unique=True)
    )
    symbols = tuple(draw(symbol_bindings(symbol_id=i)) for i in ids)
    provenance = tuple(draw(st.lists(source_spans(), max_size=max_provenance)))
    if not ids:
        return SemanticSymbolicBindingGraph(symbols=symbols, provenance=provenance)
    return SemanticSymbolicBindingGraph(
        symbols=symbols,
        facts=tuple(draw(st.lists(bound_facts(symbol_ids=ids), max_size=max_facts))),
        equations=tuple(
            draw(st.lists(bound_equations(symbol_ids=ids), max_size=max_equations))
        ),
        unknowns=tuple(
            draw(st.lists(bound_unknowns(symbol_ids=ids), max_size=max_unknowns))
        ),
        constraints=tuple(
            draw(st.lists(bound_constraints(symbol_ids=ids), max_size=max_constraints))
        ),
        provenance=provenance,
    )


# -- documents --------------------------------------------------------------

_Document = dict[str, Any]


@st.composite
def graph_documents(
    draw: DrawFn,
    *,
    min_symbols: int = 0,
    max_symbols: int = 6,
    max_facts: int = 6,
    max_equations: int = 6,
    max_unknowns: int = 3,
    max_constraints: int = 3,
    max_provenance: int = 3,
) -> dict[str, Any]:
    """Build valid graph documents, as :func:`~binding_graph.to_data` writes them.

    Dependencies come in any order, as a producer may write them: a
    document need not be canonical to be valid.
    The arguments bound the sizes, as for :func:`graphs`.

    .. versionadded:: 0.1.0
    """
    graph = draw(
        graphs(
            min_symbols=min_symbols,
            max_symbols=max_symbols,
            max_facts=max_facts,
            max_equations=max_equations,
            max_unknowns=max_unknowns,
            max_constraints=max_constraints,
            max_provenance=max_provenance,
        )
    )
    document = to_data(graph)
    for equation in document["equations"]:
        equation["dependencies"] = draw(st.permutations(equation["dependencies"]))
    return document


INVALID_DOCUMENT_CODES: Final[frozenset[str]] = REFUSAL_CODES - {
    "empty_allocation",
    "unslugifiable_phrase",
    # binding_graph.analysis.require_solvable's: a document that loads is
    # valid, whether or not it determines its unknowns.
    "unbound_unknown",
}
"""Every refusal code a document can cause, which is all but the allocator's own and ``unbound_unknown``.

:func:`invalid_graph_documents` draws documents for each of them.

.. versionadded:: 0.1.0
"""

_STRING_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "symbols": ("name", "introduced_by"),
    "facts": ("value",),
    "equations": ("rhs_canonical", "operation_kind", "unit_proof"),
    "constraints": ("predicate",),
}
_ID_FIELDS: Final[dict[str, str]] = {
    "symbols": "symbol_id",
    "facts": "symbol_id",
    "equations": "lhs_symbol_id",
    "unknowns": "symbol_id",
    "constraints": "symbol_id",
}
_SPAN_FIELDS: Final[dict[str, str]] = {
    "symbols": "source_span",
    "facts": "source_span",
    "equations": "source_span",
    "unknowns": "question_span",
    "constraints": "source_span",
}
_OPTIONAL_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "symbols": ("entity", "unit"),
    "facts": ("unit",),
    "unknowns": ("expected_unit",),
}
_BLANKS: Final = st.sampled_from(["", " ", "\t\n", "\u3000", "\u2029 \r"])
_NOT_IDENTIFIERS: Final = st.one_of(
    st.sampled_from(keyword.kwlist),
    identifiers().map(lambda s: "1" + s),
    identifiers().map(lambda s: s + "-"),
    identifiers().map(lambda s: s + "\uff58"),  # fullwidth x: not NFKC-normal
)


def _element(
    draw: DrawFn, document: _Document, ids: list[str], collection: str
) -> _Document:
    """Pick an element of *collection*, adding a valid one if there is none."""
    items: list[_Document] = document[collection]
    if not items:
        build = {
            "symbols": symbol_bindings(),
            "facts": bound_facts(symbol_ids=ids),
            "equations": bound_equations(symbol_ids=ids),
            "unknowns": bound_unknowns(symbol_ids=ids),
            "constraints": bound_constraints(symbol_ids=ids),
        }[collection]
        items.append(to_data(cast("Any", draw(build))))
    return items[draw(st.integers(0, len(items) - 1))]


# Each breaker breaks exactly one rule of a valid document, in place, at an
# element of *collection* that is *element*.
def _wrong_type(
    draw: DrawFn,
    document: _Document,
    _ids: list[str],
    collection: str,
    element: _Document,
) -> None:
    span = element[_SPAN_FIELDS[collection]]
    target, field = draw(
        st.sampled_from(
            [
                (document, "symbols"),
                (document, "version"),
                (element, _ID_FIELDS[collection]),
                (span, "start"),
                (span, "text"),
            ]
        )
    )
    # JSON scalars only: a nested value could exceed the depth limit, and a
    # fraction is refused by the JSON reader before any field is read.
    numeric = field in {"start", "version"}
    target[field] = draw(st.sampled_from([True, None, "1" if numeric else 7]))


def _empty_text(
    draw: DrawFn,
    _document: _Document,
    _ids: list[str],
    collection: str,
    element: _Document,
) -> None:
    fields = (*_STRING_FIELDS.get(collection, ()), _ID_FIELDS[collection])
    element[draw(st.sampled_from(fields))] = draw(_BLANKS)


def _invalid_text(
    draw: DrawFn,
    _document: _Document,
    _ids: list[str],
    collection: str,
    element: _Document,
) -> None:
    fields = (
        *_STRING_FIELDS.get(collection, ()),
        _ID_FIELDS[collection],
        *_OPTIONAL_FIELDS.get(collection, ()),
    )
    field = draw(st.sampled_from(fields))
    old: str = element[field] or "x"
    at = draw(st.integers(0, len(old)))
    element[field] = old[:at] + "\ud800" + old[at:]


def _invalid_identifier(
    draw: DrawFn,
    _document: _Document,
    _ids: list[str],
    collection: str,
    element: _Document,
) -> None:
    if collection == "equations" and draw(st.booleans()):
        element["dependencies"].append(draw(_NOT_IDENTIFIERS))
    else:
        element[_ID_FIELDS[collection]] = draw(_NOT_IDENTIFIERS)


def _not_in_vocabulary(
    draw: DrawFn,
    document: _Document,
    ids: list[str],
    collection: str,
    element: _Document,
) -> None:
    bad = draw(texts(max_size=8).map(lambda s: "x" + s))
    if collection == "equations":
        element["admissibility_status"] = bad
        element["refusal_reason"] = None
    else:
        _element(draw, document, ids, "symbols")["semantic_role"] = bad


def _invalid_span(
    draw: DrawFn,
    _document: _Document,
    _ids: list[str],
    collection: str,
    element: _Document,
) -> None:
    span = element[_SPAN_FIELDS[collection]]
    width = span["end"] - span["start"]
    breaks: list[_Document] = [
        {"start": -1},
        {"end": span["start"]},
        {"text": span["text"] + "x"},
        {"start": MAX_OFFSET - width + 1, "end": MAX_OFFSET + 1},
    ]
    span.update(draw(st.sampled_from(breaks)))


def _refusal_reason_required(
    draw: DrawFn,
    document: _Document,
    ids: list[str],
    _collection: str,
    _target: _Document,
) -> None:
    equation = _element(draw, document, ids, "equations")
    equation["admissibility_status"] = "refused"
    equation["refusal_reason"] = draw(st.none() | _BLANKS)


def _refusal_reason_forbidden(
    draw: DrawFn,
    document: _Document,
    ids: list[str],
    _collection: str,
    _target: _Document,
) -> None:
    equation = _element(draw, document, ids, "equations")
    equation["admissibility_status"] = draw(st.sampled_from(["admitted", "pending"]))
    equation["refusal_reason"] = draw(texts() | _BLANKS)


def _duplicate_symbol_id(
    draw: DrawFn,
    document: _Document,
    ids: list[str],
    _collection: str,
    _target: _Document,
) -> None:
    twin = to_data(draw(symbol_bindings(symbol_id=draw(st.sampled_from(ids)))))
    document["symbols"].insert(draw(st.integers(0, len(document["symbols"]))), twin)


def _unknown_symbol(
    draw: DrawFn,
    document: _Document,
    ids: list[str],
    collection: str,
    element: _Document,
) -> None:
    missing = max(ids, key=len) + "_x"  # longer than every id: none of them
    if collection == "equations" and draw(st.booleans()):
        element["dependencies"].append(missing)
    elif collection == "symbols":
        _element(draw, document, ids, "facts")["symbol_id"] = missing
    else:
        element[_ID_FIELDS[collection]] = missing


def _malformed_document(
    draw: DrawFn,
    document: _Document,
    ids: list[str],
    collection: str,
    element: _Document,
) -> None:
    if collection == "equations":
        # A set written twice: the same id, twice.
        element["dependencies"].extend([ids[0], ids[0]])
    else:
        document["format"] = draw(
            st.sampled_from(["binding-graf", "", "BINDING-GRAPH"])
        )


def _limit_exceeded(
    draw: DrawFn,
    _document: _Document,
    _ids: list[str],
    collection: str,
    element: _Document,
) -> None:
    span = element[_SPAN_FIELDS[collection]]
    span[draw(st.sampled_from(sorted(span)))] = [[draw(st.integers(0, MAX_OFFSET))]]


def _unsupported_version(
    draw: DrawFn,
    document: _Document,
    _ids: list[str],
    _collection: str,
    _target: _Document,
) -> None:
    document["version"] = draw(
        st.integers(-MAX_OFFSET, MAX_OFFSET).filter(lambda v: v != FORMAT_VERSION)
    )


def _unknown_key(
    draw: DrawFn,
    document: _Document,
    _ids: list[str],
    collection: str,
    element: _Document,
) -> None:
    target = draw(
        st.sampled_from([document, element, element[_SPAN_FIELDS[collection]]])
    )
    target[draw(texts(max_size=8).map(lambda s: "x_" + s))] = None


def _missing_key(
    draw: DrawFn,
    document: _Document,
    _ids: list[str],
    collection: str,
    element: _Document,
) -> None:
    target = draw(
        st.sampled_from([document, element, element[_SPAN_FIELDS[collection]]])
    )
    # Without its header a document is not a binding-graph document at all.
    keys = sorted(set(target) - {"format", "version"})
    del target[draw(st.sampled_from(keys))]


_BREAKERS: Final[
    dict[str, Callable[[DrawFn, _Document, list[str], str, _Document], None]]
] = {
    "wrong_type": _wrong_type,
    "empty_text": _empty_text,
    "invalid_text": _invalid_text,
    "invalid_identifier": _invalid_identifier,
    "not_in_vocabulary": _not_in_vocabulary,
    "invalid_span": _invalid_span,
    "refusal_reason_required": _refusal_reason_required,
    "refusal_reason_forbidden": _refusal_reason_forbidden,
    "duplicate_symbol_id": _duplicate_symbol_id,
    "unknown_symbol": _unknown_symbol,
    "malformed_document": _malformed_document,
    "limit_exceeded": _limit_exceeded,
    "unsupported_version": _unsupported_version,
    "unknown_key": _unknown_key,
    "missing_key": _missing_key,
}


def invalid_graph_documents(
    *, codes: Iterable[str] | None = None
) -> SearchStrategy[tuple[dict[str, Any], str]]:
    """Build ``(document, code)``: a valid document with exactly one rule broken.

    :func:`~binding_graph.from_data` refuses *document* with exactly *code*.
    So does :func:`~binding_graph.loads` of the document as JSON text, but
    for an offset beyond ``2**53 - 1``: the parser refuses that integer
    first, as ``malformed_document``.

    Args:
        codes: Draw only these codes, a subset of
            :data:`INVALID_DOCUMENT_CODES`; all of them by default.

    Raises:
        hypothesis.errors.InvalidArgument: if *codes* is empty or names a
            code no document can cause.

    .. versionadded:: 0.1.0
    """
    wanted = INVALID_DOCUMENT_CODES if codes is None else frozenset(codes)
    if not wanted or not wanted <= INVALID_DOCUMENT_CODES:
        msg = (
            "codes must be a non-empty subset of INVALID_DOCUMENT_CODES"
            f" (got {sorted(wanted)})"
        )
        raise InvalidArgument(msg)
    return _broken_documents(sorted(wanted))


@st.composite
def _broken_documents(draw: DrawFn, codes: list[str]) -> tuple[dict[str, Any], str]:
    code = draw(st.sampled_from(codes))
    document = draw(
        graph_documents(min_symbols=1, max_symbols=3, max_facts=3, max_equations=3)
    )
    ids = [symbol["symbol_id"] for symbol in document["symbols"]]
    collection = draw(st.sampled_from(sorted(_ID_FIELDS)))
    element = _element(draw, document, ids, collection)
    _BREAKERS[code](draw, document, ids, collection, element)
    return document, code

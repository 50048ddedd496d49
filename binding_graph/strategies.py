"""Hypothesis strategies that build valid binding-graph values.

Requires the ``hypothesis`` extra (``pip install binding-graph[hypothesis]``).
Every strategy builds valid values by construction, never by filtering
at random: identifiers are drawn first and every reference is sampled from
them, so a generated graph always passes its integrity check.
Each strategy is built once, when it is asked for, never inside a draw.

>>> from hypothesis import given
>>> from binding_graph import strategies as bgst
>>> @given(bgst.graphs(max_symbols=4))
... def test_round_trip(graph): ...

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import keyword
import unicodedata
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeVar, cast

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from binding_graph._fields import declared_fields
from binding_graph._validators import MAX_OFFSET
from binding_graph.errors import DOCUMENT_CODES
from binding_graph.model import (
    MODEL_CLASSES,
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    Model,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph.serialization import FORMAT_VERSION, to_data

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    from hypothesis.strategies import DrawFn, SearchStrategy

_E = TypeVar("_E", bound=Model)

__all__ = [
    "INVALID_DOCUMENT_CODES",
    "STRATEGIES",
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
_SOURCE_TEXT: Final = st.text(st.one_of(_CHARACTERS, _NASTY), min_size=1, max_size=24)


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


# Built once: a strategy built inside a draw is validated by Hypothesis on
# every draw, which cost more than the drawing itself.
_IDENTIFIERS: Final = identifiers()
_TEXTS: Final = texts()
_SHORT_TEXTS: Final = texts(max_size=12)
_OPTIONAL_TEXTS: Final = st.none() | _TEXTS
_TEXT_KINDS: Final = {"text": _TEXTS, "optional_text": _OPTIONAL_TEXTS}
# One strategy per vocabulary, as its fields declare it.
_MEMBERS: Final = {
    declared.vocabulary: st.sampled_from(sorted(declared.vocabulary))
    for cls in MODEL_CLASSES
    for _, declared in declared_fields(cls)
    if declared.kind == "member"
}
_START: Final = st.one_of(st.integers(0, 10_000), st.integers(0, MAX_OFFSET))
_DEPENDENCY_COUNT: Final = st.integers(0, 4)
# An index into the symbol ids a graph has drawn: taken modulo their number,
# so one strategy serves every graph, and shrinks towards the first id.
_PICK: Final = st.integers(0, 255)


def _draw_span(draw: DrawFn, source_id: str | None = None) -> SourceSpanLink:
    text = draw(_SOURCE_TEXT)
    # Clamped, so that the largest start still leaves room for the text.
    start = min(draw(_START), MAX_OFFSET - len(text))
    return SourceSpanLink(
        source_id if source_id is not None else draw(_SHORT_TEXTS),
        start,
        start + len(text),
        text,
    )


def _pick(draw: DrawFn, ids: Sequence[str] | None) -> str:
    if ids is None:
        return draw(_IDENTIFIERS)
    return ids[draw(_PICK) % len(ids)]


def _draw_element(
    draw: DrawFn,
    cls: type[_E],
    ids: Sequence[str] | None,
    given: dict[str, Any],
    dependency_count: SearchStrategy[int] = _DEPENDENCY_COUNT,
) -> _E:
    """Draw a valid *cls*, field by field, as the fields' declarations say.

    Fields in *given* take that value; identifiers are picked from *ids*.
    """
    values: dict[str, Any] = {}
    for name, declared in declared_fields(cls):
        kind = declared.kind
        if name in given:
            values[name] = given[name]
        elif kind == "identifier":
            values[name] = _pick(draw, ids)
        elif kind == "identifiers":
            picks = range(draw(dependency_count))
            values[name] = frozenset(_pick(draw, ids) for _ in picks)
        elif kind == "member":
            values[name] = draw(_MEMBERS[declared.vocabulary])
        elif kind == "object":
            values[name] = _draw_span(draw)
        elif kind == "refusal_reason":
            # What the validator of the field requires of the status.
            refused = values["admissibility_status"] == "refused"
            values[name] = draw(_TEXTS) if refused else None
        else:
            values[name] = draw(_TEXT_KINDS[kind])
    return cls(**values)


def _draw_symbol(
    draw: DrawFn, _ids: Sequence[str] | None, symbol_id: str | None = None
) -> SymbolBinding:
    given = {} if symbol_id is None else {"symbol_id": symbol_id}
    return _draw_element(draw, SymbolBinding, None, given)


def _elements(
    cls: type[_E],
    symbol_ids: Sequence[str] | None,
    dependency_count: SearchStrategy[int] = _DEPENDENCY_COUNT,
) -> SearchStrategy[_E]:
    return st.composite(_draw_element)(cls, _ids(symbol_ids), {}, dependency_count)


def source_spans(*, source_id: str | None = None) -> SearchStrategy[SourceSpanLink]:
    """Build a valid :class:`~binding_graph.SourceSpanLink`.

    Args:
        source_id: Use this source id instead of drawing one.
    """
    return st.composite(_draw_span)(source_id)


def symbol_bindings(*, symbol_id: str | None = None) -> SearchStrategy[SymbolBinding]:
    """Build a valid :class:`~binding_graph.SymbolBinding`.

    Args:
        symbol_id: Use this id instead of drawing one.
    """
    return st.composite(_draw_symbol)(None, symbol_id)


def bound_facts(
    *, symbol_ids: Sequence[str] | None = None
) -> SearchStrategy[BoundFact]:
    """Build a valid :class:`~binding_graph.BoundFact`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
    """
    return _elements(BoundFact, symbol_ids)


def bound_equations(
    *, symbol_ids: Sequence[str] | None = None, max_dependencies: int = 4
) -> SearchStrategy[BoundEquation]:
    """Build a valid :class:`~binding_graph.BoundEquation`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
        max_dependencies: The most dependencies to draw.
    """
    return _elements(BoundEquation, symbol_ids, st.integers(0, max_dependencies))


def bound_unknowns(
    *, symbol_ids: Sequence[str] | None = None
) -> SearchStrategy[BoundUnknown]:
    """Build a valid :class:`~binding_graph.BoundUnknown`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
    """
    return _elements(BoundUnknown, symbol_ids)


def bound_constraints(
    *, symbol_ids: Sequence[str] | None = None
) -> SearchStrategy[BoundConstraint]:
    """Build a valid :class:`~binding_graph.BoundConstraint`.

    Args:
        symbol_ids: Refer only to these ids (non-empty); any id if ``None``.
    """
    return _elements(BoundConstraint, symbol_ids)


def _ids(symbol_ids: Sequence[str] | None) -> tuple[str, ...] | None:
    if symbol_ids is None:
        return None
    ids = tuple(symbol_ids)
    if not ids:
        msg = "symbol_ids must not be empty: there would be nothing to refer to"
        raise InvalidArgument(msg)
    return ids


class _Sizes(NamedTuple):
    """The bounds of a graph's collections, as :func:`graphs` takes them."""

    min_symbols: int = 0
    max_symbols: int = 6
    max_facts: int = 6
    max_equations: int = 6
    max_unknowns: int = 3
    max_constraints: int = 3
    max_provenance: int = 3


# The collections of a graph whose elements refer to its symbols, and the
# class of their elements, as the graph's fields declare them.
_REFERRING: Final[tuple[tuple[str, type[Model]], ...]] = tuple(
    (name, cast("type[Model]", declared.item))
    for name, declared in declared_fields(SemanticSymbolicBindingGraph)
    if declared.item not in {SymbolBinding, SourceSpanLink}
)


def _graph_strategy(sizes: _Sizes) -> SearchStrategy[SemanticSymbolicBindingGraph]:
    ids_strategy = st.lists(
        _IDENTIFIERS,
        min_size=sizes.min_symbols,
        max_size=sizes.max_symbols,
        unique=True,
    )
    counts = {
        name: st.integers(0, getattr(sizes, f"max_{name}")) for name, _ in _REFERRING
    }
    provenance_count = st.integers(0, sizes.max_provenance)

    @st.composite
    def build(draw: DrawFn) -> SemanticSymbolicBindingGraph:
        ids: list[str] = draw(ids_strategy)
        symbols = tuple(_draw_symbol(draw, None, i) for i in ids)
        provenance = tuple(_draw_span(draw) for _ in range(draw(provenance_count)))
        if not ids:
            return SemanticSymbolicBindingGraph(symbols=symbols, provenance=provenance)
        elements: dict[str, Any] = {
            name: tuple(
                _draw_element(draw, item, ids, {}) for _ in range(draw(counts[name]))
            )
            for name, item in _REFERRING
        }
        return SemanticSymbolicBindingGraph(
            symbols=symbols, provenance=provenance, **elements
        )

    return build()


def graphs(
    *,
    min_symbols: int = 0,
    max_symbols: int = 6,
    max_facts: int = 6,
    max_equations: int = 6,
    max_unknowns: int = 3,
    max_constraints: int = 3,
    max_provenance: int = 3,
) -> SearchStrategy[SemanticSymbolicBindingGraph]:
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
    return _graph_strategy(
        _Sizes(
            min_symbols,
            max_symbols,
            max_facts,
            max_equations,
            max_unknowns,
            max_constraints,
            max_provenance,
        )
    )


# -- documents --------------------------------------------------------------

_Document = dict[str, Any]


def graph_documents(**sizes: int) -> SearchStrategy[dict[str, Any]]:
    """Build valid graph documents, as :func:`~binding_graph.to_data` writes them.

    Dependencies come in any order, as a producer may write them: a
    document need not be canonical to be valid.

    Args:
        sizes: The bounds of :func:`graphs` (``min_symbols``,
            ``max_symbols``, ``max_facts``, ...), passed on to it.

    .. versionadded:: 0.1.0
    """
    return _documents(graphs(**sizes))


def _documents(
    graph_strategy: SearchStrategy[SemanticSymbolicBindingGraph],
) -> SearchStrategy[dict[str, Any]]:
    @st.composite
    def build(draw: DrawFn) -> dict[str, Any]:
        document = to_data(draw(graph_strategy))
        for equation in document["equations"]:
            equation["dependencies"] = draw(st.permutations(equation["dependencies"]))
        return document

    return build()


INVALID_DOCUMENT_CODES: Final[frozenset[str]] = DOCUMENT_CODES
"""Every refusal code a document can cause, which is :data:`binding_graph.errors.DOCUMENT_CODES`.

:func:`invalid_graph_documents` draws documents for each of them.

.. versionadded:: 0.1.0
"""

STRATEGIES: Final[dict[type, SearchStrategy[Any]]] = {
    SourceSpanLink: source_spans(),
    SymbolBinding: symbol_bindings(),
    BoundFact: bound_facts(),
    BoundEquation: bound_equations(),
    BoundUnknown: bound_unknowns(),
    BoundConstraint: bound_constraints(),
    SemanticSymbolicBindingGraph: graphs(),
}
"""The default strategy of every model class, as :func:`hypothesis.strategies.from_type` gives it.

.. versionadded:: 0.1.0
"""


# -- invalid documents ------------------------------------------------------
# What each collection's elements hold, read from the fields' declarations.


def _fields_of_kind(cls: type, *kinds: str) -> tuple[str, ...]:
    return tuple(
        name for name, declared in declared_fields(cls) if declared.kind in kinds
    )


_ITEM_CLASSES: Final[dict[str, type[Model]]] = {
    name: cast("type[Model]", declared.item)
    for name, declared in declared_fields(SemanticSymbolicBindingGraph)
    if declared.item is not SourceSpanLink  # provenance names no symbol
}
_ID_FIELD: Final = {
    c: _fields_of_kind(i, "identifier")[0] for c, i in _ITEM_CLASSES.items()
}
_ID_SETS: Final = {
    c: _fields_of_kind(i, "identifiers") for c, i in _ITEM_CLASSES.items()
}
_TEXT_FIELDS: Final = {c: _fields_of_kind(i, "text") for c, i in _ITEM_CLASSES.items()}
_OPTIONAL_FIELDS: Final = {
    c: _fields_of_kind(i, "optional_text") for c, i in _ITEM_CLASSES.items()
}
_MEMBER_FIELDS: Final = {
    c: _fields_of_kind(i, "member") for c, i in _ITEM_CLASSES.items()
}
_REASON_FIELDS: Final = {
    c: _fields_of_kind(i, "refusal_reason") for c, i in _ITEM_CLASSES.items()
}
_SPAN_FIELD: Final = {
    c: _fields_of_kind(i, "object")[0] for c, i in _ITEM_CLASSES.items()
}
_COLLECTIONS: Final = sorted(_ITEM_CLASSES)
# The collections whose elements can be refused (required) a reason.
_REASONED: Final = sorted(c for c, fields in _REASON_FIELDS.items() if fields)

_BLANKS: Final = st.sampled_from(["", " ", "\t\n", "\u3000", "\u2029 \r"])
_NOT_IDENTIFIERS: Final = st.one_of(
    st.sampled_from(keyword.kwlist),
    _IDENTIFIERS.map(lambda s: "1" + s),
    _IDENTIFIERS.map(lambda s: s + "-"),
    _IDENTIFIERS.map(lambda s: s + "\uff58"),  # fullwidth x: not NFKC-normal
)
_NOT_MEMBERS: Final = texts(max_size=8).map(lambda s: "x" + s)
_STRAY_KEYS: Final = texts(max_size=8).map(lambda s: "x_" + s)
_OTHER_VERSIONS: Final = st.integers(-MAX_OFFSET, MAX_OFFSET).map(
    lambda v: v + 1 if v == FORMAT_VERSION else v
)


class _Site(NamedTuple):
    """Where a rule is broken: a valid document, and one element of it."""

    document: _Document
    ids: list[str]
    collection: str
    element: _Document

    @property
    def span(self) -> _Document:
        """The element's source span."""
        span: _Document = self.element[_SPAN_FIELD[self.collection]]
        return span

    def some(self, draw: DrawFn, collection: str) -> _Document:
        """Pick an element of *collection*, adding a valid one if there is none."""
        items: list[_Document] = self.document[collection]
        if not items:
            item = _ITEM_CLASSES[collection]
            # A new symbol gets an id of its own; anything else names one.
            ids = None if item is SymbolBinding else self.ids
            items.append(to_data(_draw_element(draw, item, ids, {})))
        return items[draw(_PICK) % len(items)]


# Each breaker breaks exactly one rule of a valid document, in place, at
# its site.


def _wrong_type(draw: DrawFn, site: _Site) -> None:
    targets = [
        (site.document, "symbols"),
        (site.document, "version"),
        (site.element, _ID_FIELD[site.collection]),
        (site.span, "start"),
        (site.span, "text"),
    ]
    target, field = targets[draw(_PICK) % len(targets)]
    # JSON scalars only: a nested value could exceed the depth limit, and a
    # fraction is refused by the JSON reader before any field is read.
    numeric = field in {"start", "version"}
    target[field] = draw(st.sampled_from([True, None, "1" if numeric else 7]))


def _empty_text(draw: DrawFn, site: _Site) -> None:
    fields = (*_TEXT_FIELDS[site.collection], _ID_FIELD[site.collection])
    site.element[fields[draw(_PICK) % len(fields)]] = draw(_BLANKS)


def _invalid_text(draw: DrawFn, site: _Site) -> None:
    collection = site.collection
    fields = (
        *_TEXT_FIELDS[collection],
        _ID_FIELD[collection],
        *_OPTIONAL_FIELDS[collection],
    )
    field = fields[draw(_PICK) % len(fields)]
    old: str = site.element[field] or "x"
    at = draw(_PICK) % (len(old) + 1)
    site.element[field] = old[:at] + "\ud800" + old[at:]


def _invalid_identifier(draw: DrawFn, site: _Site) -> None:
    sets = _ID_SETS[site.collection]
    if len(sets) > 0 and draw(st.booleans()):
        site.element[sets[0]].append(draw(_NOT_IDENTIFIERS))
    else:
        site.element[_ID_FIELD[site.collection]] = draw(_NOT_IDENTIFIERS)


def _not_in_vocabulary(draw: DrawFn, site: _Site) -> None:
    # Not every element has a member of a vocabulary: then a symbol's does.
    collection = site.collection if _MEMBER_FIELDS[site.collection] else "symbols"
    element = (
        site.element if collection == site.collection else site.some(draw, collection)
    )
    element[_MEMBER_FIELDS[collection][0]] = draw(_NOT_MEMBERS)
    for field in _REASON_FIELDS[collection]:
        element[field] = None  # neither refused nor reasoned now


def _invalid_span(draw: DrawFn, site: _Site) -> None:
    span = site.span
    width = span["end"] - span["start"]
    breaks: list[_Document] = [
        {"start": -1},
        {"end": span["start"]},
        {"text": span["text"] + "x"},
        {"start": MAX_OFFSET - width + 1, "end": MAX_OFFSET + 1},
    ]
    span.update(breaks[draw(_PICK) % len(breaks)])


def _refusal_reason_required(draw: DrawFn, site: _Site) -> None:
    collection = _REASONED[0]
    element = site.some(draw, collection)
    element[_MEMBER_FIELDS[collection][0]] = "refused"
    element[_REASON_FIELDS[collection][0]] = draw(st.none() | _BLANKS)


def _refusal_reason_forbidden(draw: DrawFn, site: _Site) -> None:
    collection = _REASONED[0]
    element = site.some(draw, collection)
    element[_MEMBER_FIELDS[collection][0]] = draw(
        st.sampled_from(["admitted", "pending"])
    )
    element[_REASON_FIELDS[collection][0]] = draw(_TEXTS | _BLANKS)


def _duplicate_symbol_id(draw: DrawFn, site: _Site) -> None:
    twin = to_data(_draw_symbol(draw, None, site.ids[draw(_PICK) % len(site.ids)]))
    symbols = site.document["symbols"]
    symbols.insert(draw(_PICK) % (len(symbols) + 1), twin)


def _unknown_symbol(draw: DrawFn, site: _Site) -> None:
    missing = max(site.ids, key=len) + "_x"  # longer than every id: none of them
    sets = _ID_SETS[site.collection]
    if len(sets) > 0 and draw(st.booleans()):
        site.element[sets[0]].append(missing)
    elif site.collection == "symbols":
        # A symbol names no symbol: a fact does, and names this one.
        site.some(draw, "facts")[_ID_FIELD["facts"]] = missing
    else:
        site.element[_ID_FIELD[site.collection]] = missing


def _malformed_document(draw: DrawFn, site: _Site) -> None:
    sets = _ID_SETS[site.collection]
    if sets:
        # A set written twice: the same id, twice.
        site.element[sets[0]].extend([site.ids[0], site.ids[0]])
    else:
        site.document["format"] = draw(
            st.sampled_from(["binding-graf", "", "BINDING-GRAPH"])
        )


def _limit_exceeded(draw: DrawFn, site: _Site) -> None:
    span = site.span
    fields = sorted(span)
    span[fields[draw(_PICK) % len(fields)]] = [[draw(_START)]]


def _unsupported_version(draw: DrawFn, site: _Site) -> None:
    site.document["version"] = draw(_OTHER_VERSIONS)


def _target(draw: DrawFn, site: _Site) -> _Document:
    targets = [site.document, site.element, site.span]
    return targets[draw(_PICK) % len(targets)]


def _unknown_key(draw: DrawFn, site: _Site) -> None:
    _target(draw, site)[draw(_STRAY_KEYS)] = None


def _missing_key(draw: DrawFn, site: _Site) -> None:
    target = _target(draw, site)
    # Without its header a document is not a binding-graph document at all.
    keys = sorted(set(target) - {"format", "version"})
    del target[keys[draw(_PICK) % len(keys)]]


_BREAKERS: Final[dict[str, Callable[[DrawFn, _Site], None]]] = {
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
# Breaking a rule on a small graph shows it as well as on a large one.
_BREAKABLE: Final = _documents(
    graphs(min_symbols=1, max_symbols=3, max_facts=3, max_equations=3)
)
_COLLECTION: Final = st.sampled_from(_COLLECTIONS)


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
    code_strategy = st.sampled_from(sorted(wanted))

    @st.composite
    def build(draw: DrawFn) -> tuple[dict[str, Any], str]:
        code = draw(code_strategy)
        document = draw(_BREAKABLE)
        ids = [symbol["symbol_id"] for symbol in document["symbols"]]
        collection = draw(_COLLECTION)
        site = _Site(document, ids, collection, {})
        site = site._replace(element=site.some(draw, collection))
        _BREAKERS[code](draw, site)
        return document, code

    return build()

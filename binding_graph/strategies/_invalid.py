"""Drawing invalid documents: a valid one with exactly one rule broken, for each refusal code.

Each breaker breaks one rule of a valid document, in place, at a site: an
element of one of its collections, and that element's span. What each
element holds is read from its fields' kinds.
"""

from __future__ import annotations

import keyword
from typing import TYPE_CHECKING, Any, Final, NamedTuple, cast

from hypothesis import strategies as st

from binding_graph._checks import MAX_OFFSET
from binding_graph._declarations import Kind, declared_fields
from binding_graph._format import FORMAT_VERSION
from binding_graph._kinds import (
    IDENTIFIER,
    IDENTIFIERS,
    MEMBER,
    OBJECT,
    OPTIONAL_TEXT,
    REFUSAL_REASON,
    TEXT,
)
from binding_graph.model import (
    Model,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph.serialization import to_data
from binding_graph.strategies._valid import (
    PICK,
    SYMBOL_IDS,
    TEXTS,
    Drawing,
    draw_element,
    own_source,
    text_strategy,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from hypothesis.strategies import DrawFn, SearchStrategy

_Document = dict[str, Any]


# -- invalid documents ------------------------------------------------------
# What each collection's elements hold, read from the fields' declarations.


def _fields_of_kind(cls: type, *kinds: Kind) -> tuple[str, ...]:
    return tuple(
        name for name, declared in declared_fields(cls) if declared.kind in kinds
    )


_ITEM_CLASSES: Final[dict[str, type[Model]]] = {
    name: cast("type[Model]", declared.item)
    for name, declared in declared_fields(SemanticSymbolicBindingGraph)
    if declared.item is not SourceSpanLink  # provenance names no symbol
}
_ID_FIELD: Final = {
    c: _fields_of_kind(i, IDENTIFIER)[0] for c, i in _ITEM_CLASSES.items()
}
_ID_SETS: Final = {c: _fields_of_kind(i, IDENTIFIERS) for c, i in _ITEM_CLASSES.items()}
_TEXT_FIELDS: Final = {c: _fields_of_kind(i, TEXT) for c, i in _ITEM_CLASSES.items()}
_OPTIONAL_FIELDS: Final = {
    c: _fields_of_kind(i, OPTIONAL_TEXT) for c, i in _ITEM_CLASSES.items()
}
_MEMBER_FIELDS: Final = {
    c: _fields_of_kind(i, MEMBER) for c, i in _ITEM_CLASSES.items()
}
_REASON_FIELDS: Final = {
    c: _fields_of_kind(i, REFUSAL_REASON) for c, i in _ITEM_CLASSES.items()
}
_SPAN_FIELD: Final = {
    c: _fields_of_kind(i, OBJECT)[0] for c, i in _ITEM_CLASSES.items()
}
_OMITTED: Final = frozenset(
    name
    for cls in _ITEM_CLASSES.values()
    for name, declared in declared_fields(cls)
    if declared.kind.omitted
)
_COLLECTIONS: Final = sorted(_ITEM_CLASSES)
_COLLECTION_STRATEGY: Final = st.sampled_from(_COLLECTIONS)
# The collections whose elements can be refused (required) a reason.
_REASONED: Final = sorted(c for c, fields in _REASON_FIELDS.items() if fields)

_BLANKS: Final = st.sampled_from(["", " ", "\t\n", "\u3000", "\u2029 \r"])
_NOT_IDENTIFIERS: Final = st.one_of(
    st.sampled_from(keyword.kwlist),
    SYMBOL_IDS.map(lambda s: "1" + s),
    SYMBOL_IDS.map(lambda s: s + "-"),
    SYMBOL_IDS.map(lambda s: s + "\uff58"),  # fullwidth x: not NFKC-normal
)
_NOT_MEMBERS: Final = text_strategy(1, 8).map(lambda s: "x" + s)
_STRAY_KEYS: Final = text_strategy(1, 8).map(lambda s: "x_" + s)
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
            # A new symbol gets an id of its own; anything else names one,
            # and an unknown's state names one of the equations.
            ids = None if item is SymbolBinding else self.ids
            drawing = Drawing(draw, ids)
            drawing.equations = len(self.document["equations"])
            added = to_data(draw_element(drawing, item, {}))
            own_source(added[_SPAN_FIELD[collection]], self.document["provenance"])
            items.append(added)
        return items[draw(PICK) % len(items)]


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
    target, field = targets[draw(PICK) % len(targets)]
    # JSON scalars only: a nested value could exceed the depth limit, and a
    # fraction is refused by the JSON reader before any field is read.
    numeric = field in {"start", "version"}
    target[field] = draw(st.sampled_from([True, None, "1" if numeric else 7]))


def _empty_text(draw: DrawFn, site: _Site) -> None:
    fields = (*_TEXT_FIELDS[site.collection], _ID_FIELD[site.collection])
    site.element[fields[draw(PICK) % len(fields)]] = draw(_BLANKS)


def _invalid_text(draw: DrawFn, site: _Site) -> None:
    collection = site.collection
    fields = (
        *_TEXT_FIELDS[collection],
        _ID_FIELD[collection],
        *_OPTIONAL_FIELDS[collection],
    )
    field = fields[draw(PICK) % len(fields)]
    old: str = site.element[field] or "x"
    at = draw(PICK) % (len(old) + 1)
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
    span.update(breaks[draw(PICK) % len(breaks)])


def _span_text_mismatch(draw: DrawFn, site: _Site) -> None:
    # A new provenance span over a span of the document (the element's or
    # another provenance span), reading otherwise at one character of it.
    provenance: list[_Document] = site.document["provenance"]
    quoted = site.span
    if len(provenance) > 0 and draw(st.booleans()):
        quoted = provenance[draw(PICK) % len(provenance)]
    text: str = quoted["text"]
    at = draw(PICK) % len(text)
    changed = text[:at] + ("y" if text[at] == "x" else "x") + text[at + 1 :]
    before = min(draw(PICK) % 4, quoted["start"])
    after = min(draw(PICK) % 4, MAX_OFFSET - quoted["end"])
    twin = {
        "source_id": quoted["source_id"],
        "start": quoted["start"] - before,
        "end": quoted["end"] + after,
        "text": "x" * before + changed + "x" * after,
    }
    provenance.insert(draw(PICK) % (len(provenance) + 1), twin)


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
    element[_REASON_FIELDS[collection][0]] = draw(TEXTS | _BLANKS)


def _duplicate_symbol_id(draw: DrawFn, site: _Site) -> None:
    given = {"symbol_id": site.ids[draw(PICK) % len(site.ids)]}
    twin = to_data(draw_element(Drawing(draw), SymbolBinding, given))
    own_source(twin[_SPAN_FIELD["symbols"]], site.document["provenance"])
    symbols = site.document["symbols"]
    symbols.insert(draw(PICK) % (len(symbols) + 1), twin)


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
    span[fields[draw(PICK) % len(fields)]] = [[draw(PICK)]]


def _unsupported_version(draw: DrawFn, site: _Site) -> None:
    site.document["version"] = draw(_OTHER_VERSIONS)


def _target(draw: DrawFn, site: _Site) -> _Document:
    targets = [site.document, site.element, site.span]
    return targets[draw(PICK) % len(targets)]


def _unknown_key(draw: DrawFn, site: _Site) -> None:
    _target(draw, site)[draw(_STRAY_KEYS)] = None


def _missing_key(draw: DrawFn, site: _Site) -> None:
    target = _target(draw, site)
    # Without its header a document is not a binding-graph document at all;
    # a key a document may leave out is missed by no one.
    keys = sorted(set(target) - {"format", "version"} - _OMITTED)
    del target[keys[draw(PICK) % len(keys)]]


def _unknown_equation(draw: DrawFn, site: _Site) -> None:
    unknown = site.some(draw, "unknowns")
    unknown["state_index"] = len(site.document["equations"]) + draw(PICK)


BREAKERS: Final[dict[str, Callable[[DrawFn, _Site], None]]] = {
    "wrong_type": _wrong_type,
    "empty_text": _empty_text,
    "invalid_text": _invalid_text,
    "invalid_identifier": _invalid_identifier,
    "not_in_vocabulary": _not_in_vocabulary,
    "invalid_span": _invalid_span,
    "span_text_mismatch": _span_text_mismatch,
    "refusal_reason_required": _refusal_reason_required,
    "refusal_reason_forbidden": _refusal_reason_forbidden,
    "duplicate_symbol_id": _duplicate_symbol_id,
    "unknown_symbol": _unknown_symbol,
    "malformed_document": _malformed_document,
    "limit_exceeded": _limit_exceeded,
    "unsupported_version": _unsupported_version,
    "unknown_key": _unknown_key,
    "missing_key": _missing_key,
    "unknown_equation": _unknown_equation,
}


def invalid_documents(
    codes: list[str], valid: SearchStrategy[dict[str, Any]]
) -> SearchStrategy[tuple[dict[str, Any], str]]:
    """Build ``(document, code)`` from the *valid* documents, with a rule of one of *codes* broken."""
    code_strategy = st.sampled_from(codes)

    @st.composite
    def build(draw: DrawFn) -> tuple[dict[str, Any], str]:
        code = draw(code_strategy)
        document = draw(valid)
        break_rule(draw, code, document)
        return document, code

    return build()


def break_rule(draw: DrawFn, code: str, document: _Document) -> None:
    """Break a rule of *code* in the valid *document*, in place, at a site drawn with *draw*."""
    ids = [symbol["symbol_id"] for symbol in document["symbols"]]
    collection = draw(_COLLECTION_STRATEGY)
    site = _Site(document, ids, collection, {})
    site = site._replace(element=site.some(draw, collection))
    BREAKERS[code](draw, site)

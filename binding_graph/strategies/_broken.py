"""Drawing documents with several rules broken at once, each in an element of its own, and where each refusal sits.

Each break is local: it makes its element refused at one known path, and
nothing else of the document (no symbol id changes, so no reference or
uniqueness elsewhere is touched; no span is moved into another's
provenance). So a document with *k* breaks has exactly *k* refusals, which
:func:`~binding_graph.refusals` lists in document order.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Final

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from binding_graph._declarations import declared_fields
from binding_graph._kinds import (
    IDENTIFIER,
    MEMBER,
    OBJECT,
    OPTIONAL_MEMBER,
    OPTIONAL_TEXT,
    STATE_INDEX,
    TEXT,
)
from binding_graph.model import BoundFact, SemanticSymbolicBindingGraph
from binding_graph.serialization import to_data
from binding_graph.strategies._valid import PICK, Drawing, draw_element, text_strategy

if TYPE_CHECKING:
    from collections.abc import Callable

    from hypothesis.strategies import DrawFn, SearchStrategy

    from binding_graph.errors import ErrorPath

_Document = dict[str, Any]
_Break = tuple[str, "ErrorPath"]

_COLLECTIONS: Final = {
    name: declared.model
    for name, declared in declared_fields(SemanticSymbolicBindingGraph)
}
# The order of a document's collections: the order of its refusals.
_ORDER: Final = {name: rank for rank, name in enumerate(_COLLECTIONS)}
_STRAY: Final = text_strategy(1, 8).map(lambda s: "x_" + s)


def _fields(cls: type, *kinds: object) -> list[str]:
    return [name for name, declared in declared_fields(cls) if declared.kind in kinds]


class _Site:
    """An element to break, and an id that names no symbol of its document."""

    __slots__ = ("element", "missing")

    def __init__(self, element: _Document, missing: str) -> None:
        self.element = element
        self.missing = missing


def _set(name: str, value: object, code: str, _: DrawFn, site: _Site) -> _Break:
    site.element[name] = value
    return code, (name,)


def _unknown(name: str, _: DrawFn, site: _Site) -> _Break:
    site.element[name] = site.missing
    return "unknown_symbol", (name,)


def _span_start(name: str, _: DrawFn, site: _Site) -> _Break:
    # An offset before the text: the span refused at its start only.
    site.element[name]["start"] = -1
    return "invalid_span", (name, "start")


def _stray_key(draw: DrawFn, site: _Site) -> _Break:
    key = draw(_STRAY)
    site.element[key] = None
    return "unknown_key", (key,)


def _breaks(cls: type, collection: str) -> list[Callable[[DrawFn, _Site], _Break]]:
    """Return the ways to break one rule of an element of *cls*, each returning its code and path within the element."""
    ways: list[Callable[[DrawFn, _Site], _Break]] = [
        *(partial(_set, name, " ", "empty_text") for name in _fields(cls, TEXT)),
        *(partial(_set, name, 7, "wrong_type") for name in _fields(cls, OPTIONAL_TEXT)),
        *(
            partial(_set, name, "x_not_one", "not_in_vocabulary")
            for name in _fields(cls, MEMBER, OPTIONAL_MEMBER, STATE_INDEX)
        ),
        *(partial(_span_start, name) for name in _fields(cls, OBJECT)),
        _stray_key,
    ]
    if collection != "symbols":
        # A reference to no symbol; a symbol's own id stays, or other
        # elements would be refused with it.
        ways += [partial(_unknown, name) for name in _fields(cls, IDENTIFIER)]
    return ways


_WAYS: Final = {name: _breaks(cls, name) for name, cls in _COLLECTIONS.items()}


def broken_documents(
    valid: SearchStrategy[_Document], min_rules: int, max_rules: int
) -> SearchStrategy[tuple[_Document, tuple[_Break, ...]]]:
    """Build ``(document, breaks)``: a valid document with between *min_rules* and *max_rules* rules broken, each in an element of its own.

    *breaks* holds each broken rule's code and path, in document order.

    Raises:
        hypothesis.errors.InvalidArgument: unless ``1 <= min_rules <= max_rules``.
    """
    if not 1 <= min_rules <= max_rules:
        msg = (
            "broken_graph_documents needs 1 <= min_rules <= max_rules"
            f" (got min_rules={min_rules!r}, max_rules={max_rules!r})"
        )
        raise InvalidArgument(msg)

    @st.composite
    def build(draw: DrawFn) -> tuple[_Document, tuple[_Break, ...]]:
        count = draw(st.integers(min_rules, max_rules))
        document = draw(valid)
        ids = [symbol["symbol_id"] for symbol in document["symbols"]]
        missing = max(ids, key=len) + "_x"  # longer than every id: none of them
        facts: list[_Document] = document["facts"]
        sites = [(c, i) for c in _COLLECTIONS for i in range(len(document[c]))]
        while len(sites) < count:
            # Facts of the graph's own symbols, which no provenance span can
            # govern: every element is broken then, provenance too.
            fact = to_data(draw_element(Drawing(draw, ids), BoundFact, {}))
            sites.append(("facts", len(facts)))
            facts.append(fact)
        chosen = draw(st.permutations(sites))[:count]
        breaks: list[tuple[tuple[int, int], _Break]] = []
        for collection, index in chosen:
            ways = _WAYS[collection]
            site = _Site(document[collection][index], missing)
            code, path = ways[draw(PICK) % len(ways)](draw, site)
            breaks.append(
                ((_ORDER[collection], index), (code, (collection, index, *path)))
            )
        breaks.sort(key=lambda entry: entry[0])
        return document, tuple(entry for _, entry in breaks)

    return build()

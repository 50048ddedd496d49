"""Every rule a tree breaks, in document order: the reader that goes on past a refusal.

The compiled decoders of :mod:`binding_graph.documents._trees` take a valid
tree in one pass and only tell an invalid one apart; this walk says what is
wrong, all of it, in document order:

- a graph's header first (a wrong ``format`` or ``version`` ends the walk:
  the rest of such a document means something else);
- then, in each object, every key that is no field of it, in the order the
  object holds them, and every field it leaves out, in field order;
- then each field it holds, in field order, with the field's own check;
  a nested object's refusals at its field, a set's members in the order
  the array holds them, a collection's elements by index;
- and the graph's own rules at the field they fault: a repeated symbol id
  at the later symbol, a reference to no symbol at the reference, a span
  that misquotes its provenance at its ``text``.

It goes on past a refusal wherever the rest can still be checked: the other
fields of an object (a field whose check reads an earlier field that was
refused gets only the check of what it must be on its own), the other
elements, and the graph's rules against the symbol ids and provenance
spans that are valid. Each element is read with its compiled decoder
first, so that only what is wrong is walked slowly.
Its depth is the model's, whatever the tree's: a tree nested deeper than
the format is refused as such, and not walked.
"""

from __future__ import annotations

import functools
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Final, cast

from binding_graph._checks import Site, check_identifier, is_dict, is_list
from binding_graph._declarations import Declaration, declared_fields, fields_read
from binding_graph._integrity import duplicate_id, unknown_equation, unknown_reference
from binding_graph._kinds import IDENTIFIER, IDENTIFIERS, STATE_INDEX
from binding_graph._model_class import header
from binding_graph._quotes import SPAN_FIELDS, QuoteIndex
from binding_graph.documents._found import Enough, Found
from binding_graph.documents._tree_refusals import (
    fields_of,
    missing_entry,
    missing_field,
    nested_too_deep,
    not_array,
    not_object,
    repeated_member,
    stray_key,
    too_deep,
    wrong_entry,
)
from binding_graph.documents._trees import Invalid, decoder, omitted
from binding_graph.errors import BindingGraphError, ErrorPath
from binding_graph.model import SemanticSymbolicBindingGraph

if TYPE_CHECKING:
    from collections.abc import Callable

    from binding_graph._declarations import Kind
    from binding_graph.model import Model, SourceSpanLink

_SPAN_OF: Final = dict(SPAN_FIELDS)
"""Each collection's span field, whose quote the graph checks."""
_SYMBOLS: Final = "symbols"
_PROVENANCE: Final = "provenance"


def walk(data: object, cls: type[Model], *, check_keys: bool, found: Found) -> Found:
    """Add every refusal of the tree *data*, a *cls* document, to *found*, in document order, and return it.

    With *check_keys*, the tree was built in Python and may hold keys that
    are not exactly a ``str``, which are refused without being compared.
    A tree nested deeper than the format is refused once, at the first
    value too deep, and walked no further: the rest is not a document. A
    root that is no object is refused as such, however deep.
    """
    limit = decoder(cls)[1]
    try:
        path = too_deep(data, limit) if is_dict(data) else None
        if path is not None:
            found.add(nested_too_deep(cls, limit, path))
        elif cls is SemanticSymbolicBindingGraph:
            _graph(found, data, check_keys=check_keys)
        else:
            _object(found, data, cls, (), None)
    except Enough:
        pass
    return found


# -- objects ---------------------------------------------------------------------


def _present(data: dict[object, object], fields: tuple[str, ...]) -> dict[str, object]:
    """Return the entries of *data* whose keys are fields.

    Iterating a dict runs no code of its keys'; a key is compared with the
    fields' names only once it is known to be exactly a ``str``.
    """
    return {
        key: value for key, value in data.items() if type(key) is str and key in fields
    }


def _header(found: Found, present: dict[str, object], cls: type) -> bool:
    """Report a graph document's missing or wrong header entries; tell whether the walk goes on.

    A missing entry is reported, and the walk goes on; a wrong one ends it.
    """
    owner = cls.__name__
    entries = header(cls)
    for entry in entries:
        if entry.name not in present:
            found.add(missing_entry(owner, entry, entries))
    right = True
    for entry in entries:
        if entry.name in present:
            refused = wrong_entry(owner, entry, present[entry.name])
            if refused is not None:
                found.add(refused)
                right = False
    return right


def _keys(
    found: Found,
    data: dict[object, object],
    present: dict[str, object],
    cls: type,
    path: ErrorPath,
) -> None:
    """Report every key of *data* that is no field of *cls*, in the object's order, then every field it leaves out."""
    owner = cls.__name__
    fields = fields_of(cls)
    for key in data:
        if type(key) is not str or key not in fields:
            found.add_made(stray_key, owner, key, fields, prefix=path)
    # A header's entry is reported apart; a field of an omitted kind may be
    # left out.
    skipped = {entry.name for entry in header(cls)}.union(omitted(cls))
    for name in fields:
        if name not in present and name not in skipped:
            found.add_made(missing_field, owner, name, prefix=path)


def _object(
    found: Found,
    data: object,
    cls: type,
    path: ErrorPath,
    element: _Element | None,
) -> dict[str, object] | None:
    """Walk the object *data* of *cls* at *path*; return the values of its fields that passed their checks.

    ``None`` if it is no object. *element* says where it sits in a graph,
    for the graph's own rules.
    """
    owner = cls.__name__
    if not is_dict(data):
        found.add_made(not_object, owner, data, prefix=path)
        return None
    present = _present(data, fields_of(cls))
    _keys(found, data, present, cls, path)
    values: dict[str, object] = {}
    for name, declared in declared_fields(cls):
        if name not in present:
            continue
        value = present[name]
        kind = declared.kind
        before = found.count
        if kind.nested == "one":
            inner = _object(found, value, declared.model, (*path, name), None)
            if inner is None or found.count != before:
                continue
            value = declared.model(**inner)
        elif kind is IDENTIFIERS:
            value = _members(found, value, owner, name, path, element)
            if value is None:
                continue
        elif not _scalar(found, declared, owner, name, value, values, path):
            continue
        values[name] = value
        if element is not None:
            element.field(found, name, kind, value)
    return values


@functools.cache
def _check_of(
    declared: Declaration, owner: str, name: str
) -> Callable[[object, object], None]:
    return declared.check_of(owner, name)


@functools.cache
def _reads(kind: Kind) -> frozenset[str]:
    return frozenset(fields_read(kind.fast))


def _scalar(  # noqa: PLR0917 -- internal; one call site
    found: Found,
    declared: Declaration,
    owner: str,
    name: str,
    value: object,
    values: dict[str, object],
    path: ErrorPath,
) -> bool:
    """Check *value*, the field *name*; tell whether it passed.

    A field whose check reads earlier fields, one of which is missing or
    was refused, gets its kind's check of what it must be on its own.
    """
    kind = declared.kind
    siblings = _reads(kind)
    try:
        if siblings <= values.keys():
            instance = SimpleNamespace(**{s: values[s] for s in siblings})
            _check_of(declared, owner, name)(instance, value)
        else:
            alone: Any = kind.alone
            alone(value, Site(owner, name, (name,)))
    except BindingGraphError as exc:
        found.add_prefixed(exc, path)
        return False
    return True


def _members(  # noqa: PLR0917 -- internal; one call site
    found: Found,
    value: object,
    owner: str,
    field: str,
    path: ErrorPath,
    element: _Element | None,
) -> frozenset[str] | None:
    """Check the array of a set of symbol ids, member by member; return the set, or ``None`` if any was refused."""
    if not is_list(value):
        found.add_made(not_array, owner, field, value, prefix=path)
        return None
    seen: set[str] = set()
    valid = True
    for position, member in enumerate(value):
        at: ErrorPath = (field, position)
        try:
            string = check_identifier(member, owner, field, at)
        except BindingGraphError as exc:
            found.add_prefixed(exc, path)
            valid = False
            continue
        if string in seen:
            found.add_made(repeated_member, owner, field, string, at, prefix=path)
            valid = False
            continue
        seen.add(string)
        if element is not None:
            element.member(found, field, position, string)
    return frozenset(seen) if valid else None


# -- the graph ---------------------------------------------------------------------


class _Graph:
    """What the graph's own rules read while its elements are walked: the valid symbol ids so far, the valid provenance, and how many equations there are."""

    def __init__(self, quotes: QuoteIndex, equations: int | None) -> None:
        self.known: set[str] = set()
        self.quotes = quotes
        self.equations = equations


class _Element:
    """An element of a graph's collection, as the graph's own rules see each of its fields."""

    __slots__ = ("collection", "graph", "index")

    def __init__(self, graph: _Graph, collection: str, index: int) -> None:
        self.graph = graph
        self.collection = collection
        self.index = index

    def field(self, found: Found, name: str, kind: Kind, value: object) -> None:
        """Check the graph's rules of the field *name*, whose *value* passed its own check."""
        collection, index = self.collection, self.index
        if kind is IDENTIFIER:
            symbol_id: str = value  # type: ignore[assignment]  # an identifier passed
            known = self.graph.known
            if collection == _SYMBOLS:
                if symbol_id in known:
                    found.add_made(duplicate_id, index, symbol_id, prefix=())
                known.add(symbol_id)
            elif symbol_id not in known:
                path: ErrorPath = (collection, index, name)
                found.add_made(
                    unknown_reference,
                    collection,
                    index,
                    name,
                    symbol_id,
                    path,
                    prefix=(),
                )
        elif kind is STATE_INDEX:
            count = self.graph.equations
            if type(value) is int and count is not None and value >= count:
                found.add(unknown_equation(index, value, count))
        elif name == _SPAN_OF.get(collection):
            span: Any = value
            path = (collection, index, name, "text")
            refused = self.graph.quotes.mismatch(span, path)
            if refused is not None:
                found.add(refused)

    def member(self, found: Found, field: str, position: int, symbol_id: str) -> None:
        """Check that the valid member *symbol_id* of the set *field*, at *position*, names a symbol."""
        if symbol_id not in self.graph.known:
            collection, index = self.collection, self.index
            path: ErrorPath = (collection, index, field, position)
            found.add_made(
                unknown_reference, collection, index, field, symbol_id, path, prefix=()
            )

    def valid(self, found: Found, obj: object, data: object) -> None:
        """Check the graph's rules of every field of *obj*, an element its decoder read from *data*."""
        fields: dict[str, list[str]] = data  # type: ignore[assignment]  # it was read
        for name, declared in declared_fields(type(obj)):
            if declared.kind is IDENTIFIERS:
                # The document's order of the set, which the object has lost.
                for position, member in enumerate(fields[name]):
                    self.member(found, name, position, member)
            else:
                self.field(found, name, declared.kind, getattr(obj, name))


def _decoded(decode: Callable[[object], Model], data: object) -> Model | None:
    try:
        return decode(data)
    except (BindingGraphError, Invalid):
        return None


def _provenance(provenance: object, *, check_keys: bool) -> list[Model | None]:
    """Read each provenance span that is valid, first, though it comes last: every span of the graph is compared with them."""
    if not is_list(provenance):
        return []
    item = dict(declared_fields(SemanticSymbolicBindingGraph))[_PROVENANCE].model
    decode = decoder(item, check_keys=check_keys)[0]
    return [_decoded(decode, span) for span in provenance]


def _graph(found: Found, data: object, *, check_keys: bool) -> None:
    """Walk a graph document: its header and keys, then each collection, element by element."""
    cls = SemanticSymbolicBindingGraph
    owner = cls.__name__
    if not is_dict(data):
        found.add(not_object(owner, data, document=True))
        return
    present = _present(data, fields_of(cls))
    if not _header(found, present, cls):
        return
    _keys(found, data, present, cls, ())
    spans = _provenance(present.get(_PROVENANCE), check_keys=check_keys)
    quotes = QuoteIndex(
        [(i, cast("SourceSpanLink", span)) for i, span in enumerate(spans) if span]
    )
    # An index names an equation by its place, valid or not: the count is
    # known wherever the equations are an array.
    equations = present.get("equations")
    graph = _Graph(quotes, len(equations) if is_list(equations) else None)
    for name, declared in declared_fields(cls):
        if name not in present:
            continue
        items = present[name]
        if not is_list(items):
            found.add(not_array(owner, name, items))
            continue
        model = declared.model
        decode = decoder(model, check_keys=check_keys)[0]
        for index, item in enumerate(items):
            element = _Element(graph, name, index)
            obj = spans[index] if name == _PROVENANCE else _decoded(decode, item)
            if obj is None:
                _object(found, item, model, (name, index), element)
                continue
            element.valid(found, obj, item)
            if name == _PROVENANCE:
                disagreement = quotes.disagreements.get(index)
                if disagreement is not None:
                    found.add(disagreement)

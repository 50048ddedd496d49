"""Lossless JSON documents, canonical bytes, a content hash and a JSON Schema.

A graph is written as a *document*: a JSON object that carries the format
marker ``"format": "binding-graph"`` and the format's own ``"version": 1``,
then every field of the graph, in field order.
The other model classes are written as plain objects of their fields, with
no marker, so that a fragment of a document (a symbol, a span) reads and
writes on its own.

Every field is always present (``None`` as ``null``); tuples are arrays and
the ``frozenset`` of :attr:`~binding_graph.BoundEquation.dependencies` is an
array sorted by code point.
The canonical encoding is RFC 8785 (the JSON Canonicalization Scheme) in
UTF-8: see ``docs/format.md``.

The document format has its own version, independent of the package's.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import keyword
from operator import length_hint
from typing import TYPE_CHECKING, Any, Final, NoReturn, TypeVar, cast, overload

import attrs

from binding_graph._validators import MAX_OFFSET, check_identifier, refuse_type
from binding_graph.errors import BindingGraphError, Path, show
from binding_graph.model import (
    BoundConstraint,
    BoundEquation,
    BoundFact,
    BoundUnknown,
    SemanticSymbolicBindingGraph,
    SourceSpanLink,
    SymbolBinding,
)
from binding_graph.vocabularies import ADMISSIBILITY_STATUSES, SEMANTIC_ROLES

if TYPE_CHECKING:
    from collections.abc import Callable, Generator, Iterator
    from typing import TypeGuard

__all__ = [
    "DEFAULT_MAX_BYTES",
    "FORMAT",
    "FORMAT_VERSION",
    "canonical_bytes",
    "content_hash",
    "dumps",
    "from_data",
    "is_canonical",
    "json_schema",
    "loads",
    "to_data",
]

FORMAT: Final = "binding-graph"
"""The marker every graph document carries in its ``format`` field.

.. versionadded:: 0.1.0
"""

FORMAT_VERSION: Final = 1
"""The version of the document format this library writes and reads.

It is independent of the package's version, and changes only when the
document format does.

.. versionadded:: 0.1.0
"""

DEFAULT_MAX_BYTES: Final = 64 * 1024 * 1024
"""The largest document :func:`~binding_graph.loads` reads by default: 64 MiB of UTF-8.

A word problem's graph takes a few kilobytes.

.. versionadded:: 0.1.0
"""

Model = (
    SourceSpanLink
    | SymbolBinding
    | BoundFact
    | BoundEquation
    | BoundUnknown
    | BoundConstraint
    | SemanticSymbolicBindingGraph
)
_M = TypeVar("_M", bound=Model)
_Object = dict[str, Any]

# -- to_data ----------------------------------------------------------------
# One hand-written function per class: no reflection on the hot path.


def _span_data(span: SourceSpanLink) -> _Object:
    return {
        "source_id": span.source_id,
        "start": span.start,
        "end": span.end,
        "text": span.text,
    }


def _symbol_data(symbol: SymbolBinding) -> _Object:
    return {
        "symbol_id": symbol.symbol_id,
        "name": symbol.name,
        "semantic_role": symbol.semantic_role,
        "source_span": _span_data(symbol.source_span),
        "introduced_by": symbol.introduced_by,
        "entity": symbol.entity,
        "unit": symbol.unit,
    }


def _fact_data(fact: BoundFact) -> _Object:
    return {
        "symbol_id": fact.symbol_id,
        "value": fact.value,
        "source_span": _span_data(fact.source_span),
        "unit": fact.unit,
    }


def _equation_data(equation: BoundEquation) -> _Object:
    return {
        "lhs_symbol_id": equation.lhs_symbol_id,
        "rhs_canonical": equation.rhs_canonical,
        # str order is code-point order: the same under every hash seed.
        "dependencies": sorted(equation.dependencies),
        "operation_kind": equation.operation_kind,
        "unit_proof": equation.unit_proof,
        "admissibility_status": equation.admissibility_status,
        "source_span": _span_data(equation.source_span),
        "refusal_reason": equation.refusal_reason,
    }


def _unknown_data(unknown: BoundUnknown) -> _Object:
    return {
        "symbol_id": unknown.symbol_id,
        "question_span": _span_data(unknown.question_span),
        "expected_unit": unknown.expected_unit,
    }


def _constraint_data(constraint: BoundConstraint) -> _Object:
    return {
        "symbol_id": constraint.symbol_id,
        "predicate": constraint.predicate,
        "source_span": _span_data(constraint.source_span),
    }


def _graph_data(graph: SemanticSymbolicBindingGraph) -> _Object:
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "symbols": list(map(_symbol_data, graph.symbols)),
        "facts": list(map(_fact_data, graph.facts)),
        "equations": list(map(_equation_data, graph.equations)),
        "unknowns": list(map(_unknown_data, graph.unknowns)),
        "constraints": list(map(_constraint_data, graph.constraints)),
        "provenance": list(map(_span_data, graph.provenance)),
    }


_ENCODERS: Final[dict[type, Callable[[Any], _Object]]] = {
    SourceSpanLink: _span_data,
    SymbolBinding: _symbol_data,
    BoundFact: _fact_data,
    BoundEquation: _equation_data,
    BoundUnknown: _unknown_data,
    BoundConstraint: _constraint_data,
    SemanticSymbolicBindingGraph: _graph_data,
}
_CLASS_NAMES: Final = ", ".join(cls.__name__ for cls in _ENCODERS)


def to_data(obj: Model) -> dict[str, Any]:
    """Return *obj* as a tree of ``dict``, ``list``, ``str``, ``int`` and ``None``.

    A graph becomes a document, ``{"format": "binding-graph", "version": 1,
    "symbols": [...], ...}``; any other model object becomes the object of its
    fields.
    Keys follow the class's field order; every field is present, ``None``
    included; ``dependencies`` is a list sorted by code point.

    Args:
        obj: An instance of one of the model classes (not of a subclass,
            whose extra fields the format could not hold).

    Returns:
        A new tree, which the caller may change freely.

    Raises:
        BindingGraphError: ``wrong_type`` if *obj* is not a model object.

    >>> to_data(SourceSpanLink("p1", 0, 5, "Alice"))
    {'source_id': 'p1', 'start': 0, 'end': 5, 'text': 'Alice'}

    .. versionadded:: 0.1.0
    """
    encode = _ENCODERS.get(type(obj))
    if encode is None:
        refuse_type("to_data", "obj", f"one of {_CLASS_NAMES}", obj, ())
    return encode(obj)


# -- canonical bytes --------------------------------------------------------

# Documents hold only objects with ASCII keys, arrays, strings, integers of at
# most 2**53 - 1 and null. For those, this encoder writes exactly RFC 8785:
# keys sorted (ASCII, so UTF-16 and code-point order agree), no whitespace,
# strings escaping only '"', '\\' and U+0000..U+001F (with the short forms
# \b \f \n \r \t and lowercase \u00xx otherwise), integers in decimal.
# Built once: json.dumps would build an encoder on every call.
_ENCODE: Final = json.JSONEncoder(
    ensure_ascii=False,
    check_circular=False,
    allow_nan=False,
    sort_keys=True,
    separators=(",", ":"),
).encode


def canonical_bytes(obj: Model) -> bytes:
    """Return the canonical encoding of *obj*: RFC 8785 JSON, in UTF-8.

    Equal objects give equal bytes and distinct objects distinct bytes, in
    every process, under every hash seed, on every supported Python.
    :func:`dumps`, :func:`content_hash` and
    :meth:`~binding_graph.SemanticSymbolicBindingGraph.to_canonical_string`
    all derive from it.

    Args:
        obj: A model object, as for :func:`to_data`.

    Raises:
        BindingGraphError: ``wrong_type`` if *obj* is not a model object.

    >>> canonical_bytes(SourceSpanLink("p1", 0, 5, "Alice"))
    b'{"end":5,"source_id":"p1","start":0,"text":"Alice"}'

    .. versionadded:: 0.1.0
    """
    return _ENCODE(to_data(obj)).encode()


def dumps(obj: Model) -> str:
    """Return the canonical encoding of *obj* as text.

    It is :func:`canonical_bytes`, decoded: RFC 8785 JSON, keys sorted, no
    whitespace.

    Args:
        obj: A model object, as for :func:`to_data`.

    Raises:
        BindingGraphError: ``wrong_type`` if *obj* is not a model object.

    .. versionadded:: 0.1.0
    """
    return canonical_bytes(obj).decode()


def content_hash(obj: Model) -> str:
    """Return ``"sha256:"`` and the hex SHA-256 digest of :func:`canonical_bytes`.

    Two objects have the same hash exactly when they are equal.

    Args:
        obj: A model object, as for :func:`to_data`.

    Raises:
        BindingGraphError: ``wrong_type`` if *obj* is not a model object.

    >>> content_hash(SourceSpanLink("p1", 0, 5, "Alice"))[:15]
    'sha256:28e6385e'

    .. versionadded:: 0.1.0
    """
    return "sha256:" + hashlib.sha256(canonical_bytes(obj)).hexdigest()


# -- from_data --------------------------------------------------------------


def _names(cls: type) -> tuple[str, ...]:
    return tuple(a.name for a in attrs.fields(cls))


_SPAN_FIELDS: Final = _names(SourceSpanLink)
_SYMBOL_FIELDS: Final = _names(SymbolBinding)
_FACT_FIELDS: Final = _names(BoundFact)
_EQUATION_FIELDS: Final = _names(BoundEquation)
_UNKNOWN_FIELDS: Final = _names(BoundUnknown)
_CONSTRAINT_FIELDS: Final = _names(BoundConstraint)
_GRAPH_FIELDS: Final = ("format", "version", *_names(SemanticSymbolicBindingGraph))

_SPAN_KEYS: Final = frozenset(_SPAN_FIELDS)
_SYMBOL_KEYS: Final = frozenset(_SYMBOL_FIELDS)
_FACT_KEYS: Final = frozenset(_FACT_FIELDS)
_EQUATION_KEYS: Final = frozenset(_EQUATION_FIELDS)
_UNKNOWN_KEYS: Final = frozenset(_UNKNOWN_FIELDS)
_CONSTRAINT_KEYS: Final = frozenset(_CONSTRAINT_FIELDS)
_GRAPH_KEYS: Final = frozenset(_GRAPH_FIELDS)


def _malformed(message: str, path: Path = ()) -> BindingGraphError:
    return BindingGraphError("malformed_document", message, path)


def _refuse_not_object(owner: str, value: object) -> NoReturn:
    raise BindingGraphError(
        "wrong_type",
        f"a {owner} must be a JSON object, not {type(value).__qualname__}"
        f" (got {show(value)})",
    )


def _refuse_object(value: object, owner: str, fields: tuple[str, ...]) -> NoReturn:
    """Refuse *value* where an object with exactly *fields* belongs."""
    if type(value) is not dict:
        _refuse_not_object(owner, value)
    present = cast("dict[object, object]", value)
    for key in present:  # document order: the first stray key is reported
        if key not in fields:
            raise BindingGraphError(
                "unknown_key",
                f"{owner} has no field {show(key)}; its fields are {', '.join(fields)}",
                (key,) if type(key) is str else (),
            )
    missing = next(name for name in fields if name not in present)
    raise BindingGraphError(
        "missing_key",
        f"{owner}.{missing} is missing: a document holds every field, null for None",
        (missing,),
    )


def _located(exc: BindingGraphError, *prefix: str | int) -> BindingGraphError:
    return exc.with_prefix(prefix)


def _is_exactly(data: object, keys: frozenset[str]) -> TypeGuard[_Object]:
    """Tell whether *data* is a ``dict`` with exactly *keys*."""
    return type(data) is dict and data.keys() == keys


def _span(data: object) -> SourceSpanLink:
    if not _is_exactly(data, _SPAN_KEYS):
        _refuse_object(data, "SourceSpanLink", _SPAN_FIELDS)
    # The model checks each value: types (a bool is not an offset), ranges.
    return SourceSpanLink(data["source_id"], data["start"], data["end"], data["text"])


def _nested_span(data: _Object, field: str) -> SourceSpanLink:
    try:
        return _span(data[field])
    except BindingGraphError as exc:
        raise _located(exc, field) from None


def _symbol(data: object) -> SymbolBinding:
    if not _is_exactly(data, _SYMBOL_KEYS):
        _refuse_object(data, "SymbolBinding", _SYMBOL_FIELDS)
    return SymbolBinding(
        symbol_id=data["symbol_id"],
        name=data["name"],
        semantic_role=data["semantic_role"],
        source_span=_nested_span(data, "source_span"),
        introduced_by=data["introduced_by"],
        entity=data["entity"],
        unit=data["unit"],
    )


def _fact(data: object) -> BoundFact:
    if not _is_exactly(data, _FACT_KEYS):
        _refuse_object(data, "BoundFact", _FACT_FIELDS)
    return BoundFact(
        symbol_id=data["symbol_id"],
        value=data["value"],
        source_span=_nested_span(data, "source_span"),
        unit=data["unit"],
    )


def _refuse_dependency(members: list[object]) -> None:
    """Refuse the first bad member of *members*, in list order, at its index."""
    seen: set[str] = set()
    # Called only once a member is known to be bad: the loop never ends.
    for index, member in enumerate(members):  # pragma: no branch
        path: Path = ("dependencies", index)
        text = check_identifier(member, "BoundEquation", "dependencies", path)
        if text in seen:
            msg = (
                "BoundEquation.dependencies encodes a set and must not repeat"
                f" an entry (got {show(member)} again)"
            )
            raise _malformed(msg, path)
        seen.add(text)


def _dependencies(data: _Object) -> frozenset[str]:
    value: object = data["dependencies"]
    if type(value) is not list:
        refuse_type(
            "BoundEquation", "dependencies", "a JSON array", value, ("dependencies",)
        )
    members = cast("list[object]", value)
    try:
        result = cast("frozenset[str]", frozenset(members))
    except TypeError:  # an unhashable member, such as a list
        result = frozenset[str]()
    if len(result) != len(members):  # a repeat, or an unhashable member
        _refuse_dependency(members)
    # Members of the wrong type or form are left to the model.
    return result


def _equation(data: object) -> BoundEquation:
    if not _is_exactly(data, _EQUATION_KEYS):
        _refuse_object(data, "BoundEquation", _EQUATION_FIELDS)
    dependencies = _dependencies(data)
    source_span = _nested_span(data, "source_span")
    try:
        return BoundEquation(
            lhs_symbol_id=data["lhs_symbol_id"],
            rhs_canonical=data["rhs_canonical"],
            dependencies=dependencies,
            operation_kind=data["operation_kind"],
            unit_proof=data["unit_proof"],
            admissibility_status=data["admissibility_status"],
            source_span=source_span,
            refusal_reason=data["refusal_reason"],
        )
    except BindingGraphError as exc:
        if exc.path == ("dependencies",):
            # The model names no position in a set; the document has one.
            _refuse_dependency(data["dependencies"])
        raise


def _unknown(data: object) -> BoundUnknown:
    if not _is_exactly(data, _UNKNOWN_KEYS):
        _refuse_object(data, "BoundUnknown", _UNKNOWN_FIELDS)
    return BoundUnknown(
        symbol_id=data["symbol_id"],
        question_span=_nested_span(data, "question_span"),
        expected_unit=data["expected_unit"],
    )


def _constraint(data: object) -> BoundConstraint:
    if not _is_exactly(data, _CONSTRAINT_KEYS):
        _refuse_object(data, "BoundConstraint", _CONSTRAINT_FIELDS)
    return BoundConstraint(
        symbol_id=data["symbol_id"],
        predicate=data["predicate"],
        source_span=_nested_span(data, "source_span"),
    )


def _each(decode: Callable[[object], _M], data: _Object, field: str) -> tuple[_M, ...]:
    value: object = data[field]
    if type(value) is not list:
        refuse_type(
            "SemanticSymbolicBindingGraph", field, "a JSON array", value, (field,)
        )
    items = cast("list[object]", value)
    iterator: Iterator[object] = iter(items)
    try:
        return tuple(map(decode, iterator))
    except BindingGraphError as exc:
        # A list iterator knows how many items it has left: the one that
        # failed is the last it gave, so no index is kept on the hot path.
        index = len(items) - length_hint(iterator) - 1
        raise _located(exc, field, index) from None


def _check_header(data: object) -> NoReturn:
    """Refuse a graph document whose header or keys are wrong.

    The header comes first: a document of another format or version may
    well have other keys.
    """
    owner = "SemanticSymbolicBindingGraph"
    if type(data) is not dict:
        _refuse_not_object(owner, data)
    document = cast("dict[object, object]", data)
    for name in ("format", "version"):
        if name not in document:
            raise BindingGraphError(
                "missing_key",
                f"{owner}.{name} is missing: a graph document holds"
                f' "format": "{FORMAT}" and "version": {FORMAT_VERSION}',
                (name,),
            )
    marker, version = document["format"], document["version"]
    if type(marker) is not str or marker != FORMAT:
        raise _malformed(
            f"{owner}.format must be {FORMAT!r}: this is not a binding-graph"
            f" document (got {show(marker)})",
            ("format",),
        )
    if type(version) is not int:
        refuse_type(owner, "version", "an int", version, ("version",))
    if version != FORMAT_VERSION:
        raise BindingGraphError(
            "unsupported_version",
            f"{owner}.version must be {FORMAT_VERSION}, the only version of the"
            f" format this library reads (got {show(version)})",
            ("version",),
        )
    _refuse_object(document, owner, _GRAPH_FIELDS)


def _graph(data: object) -> SemanticSymbolicBindingGraph:
    if (
        not _is_exactly(data, _GRAPH_KEYS)
        or type(data["version"]) is not int
        or data["version"] != FORMAT_VERSION
        or data["format"] != FORMAT
    ):
        _check_header(data)
    symbols = _each(_symbol, data, "symbols")
    facts = _each(_fact, data, "facts")
    equations = _each(_equation, data, "equations")
    unknowns = _each(_unknown, data, "unknowns")
    constraints = _each(_constraint, data, "constraints")
    provenance = _each(_span, data, "provenance")
    try:
        return SemanticSymbolicBindingGraph(
            symbols=symbols,
            facts=facts,
            equations=equations,
            unknowns=unknowns,
            constraints=constraints,
            provenance=provenance,
        )
    except BindingGraphError as exc:
        if exc.code == "unknown_symbol" and exc.path[2:] == ("dependencies",):
            members: list[str] = data["equations"][exc.path[1]]["dependencies"]
            known = {symbol.symbol_id for symbol in symbols}
            first = min(m for m in members if m not in known)
            raise BindingGraphError(
                exc.code, exc.message, (*exc.path, members.index(first))
            ) from None
        raise


_DECODERS: Final[dict[object, tuple[Callable[[object], Model], int]]] = {
    # Each class's reader, and how deep its documents nest (its own object
    # counts as 1).
    SourceSpanLink: (_span, 1),
    SymbolBinding: (_symbol, 2),
    BoundFact: (_fact, 2),
    BoundEquation: (_equation, 2),
    BoundUnknown: (_unknown, 2),
    BoundConstraint: (_constraint, 2),
    SemanticSymbolicBindingGraph: (_graph, 4),  # graph, symbols, symbol, span
}


def _decoder(cls: object) -> tuple[Callable[[object], Model], int]:
    try:
        return _DECODERS[cls]
    except (KeyError, TypeError):  # not a model class; unhashable
        refuse_type("from_data", "cls", f"one of {_CLASS_NAMES}", cls, ("cls",))


def _too_deep(data: object, limit: int) -> Path | None:
    """Return the path of the first array or object nested deeper than *limit*."""
    stack: list[tuple[Path, object, int]] = [((), data, 1)]
    while stack:
        path, value, depth = stack.pop()
        if type(value) is dict:
            children = list(cast("dict[object, object]", value).items())
        elif type(value) is list:
            children = list(enumerate(cast("list[object]", value)))
        else:
            continue
        if depth > limit:
            return path
        for key, child in reversed(children):
            step = key if isinstance(key, (str, int)) else show(key)
            stack.append(((*path, step), child, depth + 1))
    return None


@contextlib.contextmanager
def _collector_paused() -> Generator[None, None, None]:
    """Pause Python's cyclic garbage collector while a document is read.

    Reading allocates many objects and frees none, so the collector would
    run again and again over a heap that only grows, for nothing: the
    objects built hold no reference cycles. That made the time per object
    grow with the document. The collector's state is restored on the way
    out, refused or not; one that was already off stays off.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _read(data: object, cls: object) -> Model:
    decode, limit = _decoder(cls)
    try:
        return decode(data)
    except BindingGraphError:
        # Only a refused tree is measured: a valid one nests as it should.
        path = _too_deep(data, limit)
        if path is None:
            raise
    msg = (
        f"a {cast('type', cls).__name__} document nests at most {limit}"
        " arrays and objects deep; this one nests deeper"
    )
    raise BindingGraphError("limit_exceeded", msg, path)


@overload
def from_data(data: object) -> SemanticSymbolicBindingGraph: ...
@overload
def from_data(data: object, cls: type[_M]) -> _M: ...
def from_data(data: object, cls: object = SemanticSymbolicBindingGraph) -> Model:
    """Build a *cls* from a tree such as :func:`to_data` returns.

    The reading is strict: an object must hold exactly the class's fields, a
    graph document must carry ``"format": "binding-graph"`` and
    ``"version": 1``, arrays must be ``list`` and objects ``dict``, and
    nothing may nest deeper than the format does.
    ``dependencies`` may come in any order, but must not repeat an entry.
    Then every rule of the model applies.

    Args:
        data: The tree, as :func:`json.loads` returns it.
        cls: The model class to build; a graph by default.

    Returns:
        The object, equal to the one the tree was made from.

    Raises:
        BindingGraphError: for the first broken rule, with a
            :attr:`~binding_graph.BindingGraphError.path` from the tree's
            root, such as ``("equations", 2, "dependencies", 0)``:
            ``wrong_type``, ``unknown_key``, ``missing_key``,
            ``unsupported_version``, ``malformed_document`` (not a
            binding-graph document, a repeated dependency),
            ``limit_exceeded`` (nested deeper than the format)
            or any code of the model.

    >>> from_data({"source_id": "p1", "start": 0, "end": 5, "text": "Alice"}, SourceSpanLink)
    SourceSpanLink(source_id='p1', start=0, end=5, text='Alice')

    .. versionadded:: 0.1.0
    """
    with _collector_paused():
        return _read(data, cls)


# -- loads --------------------------------------------------------------------


def _unique_keys(pairs: list[tuple[str, Any]]) -> _Object:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:  # pragma: no branch -- a key is repeated
            if key in seen:
                msg = f"a JSON object must not repeat a key (got {show(key)} again)"
                raise _malformed(msg)
            seen.add(key)
    return result


def _integer(text: str) -> int:
    # Bounded before int(): a long run of digits costs quadratic time, and
    # past sys.get_int_max_str_digits() int() raises its own ValueError.
    if len(text) <= len("-9007199254740991"):
        value = int(text)
        if -MAX_OFFSET <= value <= MAX_OFFSET:
            return value
    msg = (
        "integers in a document must lie within -(2**53 - 1) and 2**53 - 1,"
        f" as every JSON implementation holds them exactly (got {show(text)})"
    )
    raise _malformed(msg)


def _no_fraction(text: str) -> NoReturn:
    msg = (
        "numbers in a document must be integers, written without a fraction or"
        f" an exponent (got {show(text)})"
    )
    raise _malformed(msg)


def _no_constant(text: str) -> NoReturn:
    raise _malformed(f"a document must not hold {text}: it is not JSON")


_DECODE: Final = json.JSONDecoder(
    object_pairs_hook=_unique_keys,
    parse_int=_integer,
    parse_float=_no_fraction,
    parse_constant=_no_constant,
).decode


def _utf8_size(text: str) -> int:
    # "surrogatepass": a lone surrogate is refused later, as invalid_text.
    encoded = text.encode(errors="surrogatepass")  # as UTF-8, the default
    return len(encoded)


def _too_large(text: str | bytes | bytearray, max_bytes: int) -> bool:
    size = len(text)
    if size > max_bytes or isinstance(text, (bytes, bytearray)) or text.isascii():
        return size > max_bytes
    # A character takes at most 4 bytes: encoding a copy of the text, only
    # to count its bytes, is needed only where they could exceed the limit.
    return size * 4 > max_bytes and _utf8_size(text) > max_bytes


def _loads(text: object, cls: object, max_bytes: object) -> Model:
    _decoder(cls)
    if type(max_bytes) is not int:
        refuse_type("loads", "max_bytes", "an int", max_bytes, ("max_bytes",))
    if not isinstance(text, (str, bytes, bytearray)):
        refuse_type("loads", "text", "a str or bytes", text, ("text",))
    if _too_large(text, max_bytes):
        raise BindingGraphError(
            "limit_exceeded",
            f"a document may take at most {max_bytes} bytes of UTF-8;"
            " this one takes more",
        )
    if not isinstance(text, str):
        try:
            text = text.decode()
        except UnicodeDecodeError as exc:
            msg = f"a document must be UTF-8 ({exc.reason} at byte {exc.start})"
            raise _malformed(msg) from None
    if text.startswith("\ufeff"):
        msg = "a document must not start with a byte order mark (U+FEFF)"
        raise _malformed(msg)
    try:
        data = _DECODE(text)
    except BindingGraphError:
        raise
    except json.JSONDecodeError as exc:
        msg = (
            f"a document must be JSON ({exc.msg}: line {exc.lineno} column {exc.colno})"
        )
        raise _malformed(msg) from None
    except RecursionError:
        msg = "a document must not nest arrays and objects this deep"
        raise BindingGraphError("limit_exceeded", msg) from None
    return _read(data, cls)


@overload
def loads(
    text: str | bytes | bytearray, *, max_bytes: int = ...
) -> SemanticSymbolicBindingGraph: ...
@overload
def loads(
    text: str | bytes | bytearray, cls: type[_M], *, max_bytes: int = ...
) -> _M: ...
def loads(
    text: str | bytes | bytearray,
    cls: object = SemanticSymbolicBindingGraph,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> Model:
    """Read a *cls* from JSON *text* that nobody vouches for.

    The text must be a JSON document, as :func:`dumps` writes it (though not
    necessarily canonical: any key order and whitespace will do), within the
    limits below; it is then read by :func:`from_data`.
    Nothing but :class:`~binding_graph.BindingGraphError` ever escapes.

    Args:
        text: The document: ``str``, or ``bytes`` (or ``bytearray``) in
            UTF-8, without a byte order mark.
        cls: The model class to build; a graph by default.
        max_bytes: The largest document to read, in bytes of UTF-8;
            :data:`~binding_graph.serialization.DEFAULT_MAX_BYTES` (64 MiB)
            by default.

    Returns:
        The object the document describes.

    Raises:
        BindingGraphError: ``limit_exceeded`` above *max_bytes*, or for
            arrays and objects nested deeper than the format;
            ``malformed_document`` for text that is not UTF-8 or not JSON,
            starts with a byte order mark, repeats a key in an object, holds
            ``NaN``, ``Infinity``, a number with a fraction or an exponent,
            or an integer beyond ``2**53 - 1`` in magnitude; ``wrong_type`` for *text*, *cls* or *max_bytes*
            of the wrong type; then whatever :func:`from_data` refuses.

    >>> loads('{"source_id": "p1", "start": 0, "end": 5, "text": "Alice"}', SourceSpanLink)
    SourceSpanLink(source_id='p1', start=0, end=5, text='Alice')

    .. versionadded:: 0.1.0
    """
    with _collector_paused():
        return _loads(text, cls, max_bytes)


def is_canonical(
    text: str | bytes | bytearray,
    cls: type[Model] = SemanticSymbolicBindingGraph,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> bool:
    """Tell whether *text* is a valid document, written in canonical form.

    That is, whether ``canonical_bytes(loads(text, cls))`` is *text* itself
    (in UTF-8): a document a producer can hash, compare or store as it is.

    Args:
        text: The document, as for :func:`loads`.
        cls: The model class it describes; a graph by default.
        max_bytes: As for :func:`loads`.

    Returns:
        ``False`` for any text :func:`loads` refuses, and for a valid
        document written in another form.

    Raises:
        BindingGraphError: ``wrong_type`` if *cls* is not a model class.

    >>> is_canonical('{"end":5,"source_id":"p1","start":0,"text":"Alice"}', SourceSpanLink)
    True
    >>> is_canonical('{"source_id":"p1","start":0,"end":5,"text":"Alice"}', SourceSpanLink)
    False

    .. versionadded:: 0.1.0
    """
    _decoder(cls)
    try:
        obj = _loads(text, cls, max_bytes)
    except BindingGraphError:
        return False
    # The text loaded, so it is UTF-8 or a str without a lone surrogate.
    raw = text.encode() if isinstance(text, str) else bytes(text)
    return canonical_bytes(obj) == raw


# -- json_schema --------------------------------------------------------------

# JSON Schema patterns are ECMA-262, where \s, \S, \w and "." differ from
# Python's re (\s there holds U+FEFF, which str.isspace() does not, and lacks
# U+001C..U+001F, which it does). So the patterns name their characters.
# Not blank: some character that str.isspace() rejects.
_NOT_BLANK: Final = (
    r"[^\u0009-\u000d\u001c-\u0020\u0085\u00a0\u1680\u2000-\u200a"
    r"\u2028\u2029\u202f\u205f\u3000]"
)
# The ASCII part of a Python identifier; any non-ASCII character is let
# through (the loader checks it, and NFKC), so no identifier is refused.
_IDENTIFIER: Final = (
    r"^(?:[A-Za-z_]|[^\u0000-\u007f])(?:[A-Za-z0-9_]|[^\u0000-\u007f])*$"
)

_UNEXPRESSED: Final = (
    "Rules the loader also enforces, which this schema cannot express:"
    " identifiers (symbol_id, lhs_symbol_id, dependencies) are Python"
    " identifiers (str.isidentifier) equal to their NFKC normal form;"
    " in every span, start < end and text is exactly end - start code points"
    " long; symbol ids are unique within the graph; every fact, equation"
    " (lhs_symbol_id and each dependency), unknown and constraint names a"
    " symbol of the graph; no string holds a lone surrogate (such as the"
    " escape \\ud800); numbers are written as integers, without a fraction"
    " or an exponent; no object repeats a key."
)


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


def _object_schema(description: str, properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "description": description,
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def json_schema() -> dict[str, Any]:
    """Return the JSON Schema (draft 2020-12) of a graph document, version 1.

    It states every rule of a single field that a schema can: required keys
    and no others, types, vocabularies, identifier and non-blank patterns,
    offset bounds, and ``refusal_reason`` a string exactly when
    ``admissibility_status`` is ``"refused"``.
    It is never stricter than :func:`loads`: every document :func:`loads`
    reads is valid against it.
    Rules it cannot express (referential integrity, span lengths, NFKC) are
    listed in its ``description``; :func:`loads` enforces them.
    The package ships the same schema as
    ``binding_graph/schema/binding-graph-v1.schema.json``.

    Returns:
        A new ``dict`` on every call.

    .. versionadded:: 0.1.0
    """
    optional_text = {"anyOf": [_ref("text"), {"type": "null"}]}
    span = _ref("source_span")
    identifier = _ref("identifier")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"binding-graph document, version {FORMAT_VERSION}",
        "description": (
            "A semantic-symbolic binding graph, as binding_graph writes it."
            f" {_UNEXPRESSED}"
        ),
        "type": "object",
        "properties": {
            "format": {"const": FORMAT},
            "version": {"const": FORMAT_VERSION},
            "symbols": {"type": "array", "items": _ref("symbol")},
            "facts": {"type": "array", "items": _ref("fact")},
            "equations": {"type": "array", "items": _ref("equation")},
            "unknowns": {"type": "array", "items": _ref("unknown")},
            "constraints": {"type": "array", "items": _ref("constraint")},
            "provenance": {"type": "array", "items": span},
        },
        "required": list(_GRAPH_FIELDS),
        "additionalProperties": False,
        "$defs": {
            "text": {
                "description": (
                    "A string with at least one character that is not"
                    " whitespace to Python's str.isspace()."
                ),
                "type": "string",
                "pattern": _NOT_BLANK,
            },
            "identifier": {
                "description": (
                    "A symbol id: a Python identifier, NFKC-normal, not a"
                    " keyword. The pattern checks its ASCII characters only."
                ),
                "type": "string",
                "pattern": _IDENTIFIER,
                "not": {"enum": sorted(keyword.kwlist)},
            },
            "offset": {
                "type": "integer",
                "minimum": 0,
                "maximum": MAX_OFFSET,
            },
            "source_span": _object_schema(
                "A half-open span [start, end) of a source text, and that text,"
                " verbatim (it may be whitespace). start < end, and text is"
                " exactly end - start code points long.",
                {
                    "source_id": _ref("text"),
                    "start": _ref("offset"),
                    "end": {"allOf": [_ref("offset")], "minimum": 1},
                    "text": {"type": "string", "minLength": 1},
                },
            ),
            "symbol": _object_schema(
                "A symbol; its symbol_id is unique in the graph.",
                {
                    "symbol_id": identifier,
                    "name": _ref("text"),
                    "semantic_role": {"enum": sorted(SEMANTIC_ROLES)},
                    "source_span": span,
                    "introduced_by": _ref("text"),
                    "entity": optional_text,
                    "unit": optional_text,
                },
            ),
            "fact": _object_schema(
                "A fact symbol_id = value [unit].",
                {
                    "symbol_id": identifier,
                    "value": _ref("text"),
                    "source_span": span,
                    "unit": optional_text,
                },
            ),
            "equation": {
                **_object_schema(
                    "An equation lhs_symbol_id := rhs_canonical. refusal_reason"
                    " is a string exactly when admissibility_status is"
                    " 'refused', and null otherwise.",
                    {
                        "lhs_symbol_id": identifier,
                        "rhs_canonical": _ref("text"),
                        "dependencies": {
                            "description": "A set of symbol ids, in any order.",
                            "type": "array",
                            "items": identifier,
                            "uniqueItems": True,
                        },
                        "operation_kind": _ref("text"),
                        "unit_proof": _ref("text"),
                        "admissibility_status": {
                            "enum": sorted(ADMISSIBILITY_STATUSES)
                        },
                        "source_span": span,
                        "refusal_reason": {"type": ["string", "null"]},
                    },
                ),
                "if": {"properties": {"admissibility_status": {"const": "refused"}}},
                "then": {"properties": {"refusal_reason": _ref("text")}},
                "else": {"properties": {"refusal_reason": {"type": "null"}}},
            },
            "unknown": _object_schema(
                "A question target.",
                {
                    "symbol_id": identifier,
                    "question_span": span,
                    "expected_unit": optional_text,
                },
            ),
            "constraint": _object_schema(
                "A predicate over one symbol.",
                {
                    "symbol_id": identifier,
                    "predicate": _ref("text"),
                    "source_span": span,
                },
            ),
        },
    }

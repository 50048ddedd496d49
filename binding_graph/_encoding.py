"""Writing model objects as documents: trees, canonical bytes and hashes."""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any, Final

from binding_graph import _switch
from binding_graph._codegen import compile_function
from binding_graph._fields import declared_fields
from binding_graph._validators import refuse_type
from binding_graph.model import MODEL_CLASSES, Model, SemanticSymbolicBindingGraph

if TYPE_CHECKING:
    from collections.abc import Callable


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

CLASS_NAMES: Final = ", ".join(cls.__name__ for cls in MODEL_CLASSES)
"""The model classes, named for messages that ask for one of them."""


def _value(name: str, kind: str, item: type | None) -> str:
    """Return the expression that writes field *name* of ``obj``."""
    if kind == "identifiers":
        # str order is code-point order: the same under every hash seed.
        return f"sorted(obj.{name})"
    if kind == "object":
        return f"encode_{item.__name__}(obj.{name})"  # type: ignore[union-attr]
    if kind == "objects":
        return f"list(map(encode_{item.__name__}, obj.{name}))"  # type: ignore[union-attr]
    return f"obj.{name}"


def _encoder(cls: type, namespace: dict[str, Any]) -> Callable[[Any], dict[str, Any]]:
    lines = [f"def encode_{cls.__name__}(obj):", "    return {"]
    if cls is SemanticSymbolicBindingGraph:
        lines += ['        "format": FORMAT,', '        "version": FORMAT_VERSION,']
    for name, declared in declared_fields(cls):
        lines.append(f'        "{name}": {_value(name, declared.kind, declared.item)},')
    lines.append("    }")
    return compile_function(f"encode_{cls.__name__}", "\n".join(lines), namespace)


def _encoders() -> dict[type, Callable[[Any], dict[str, Any]]]:
    # Parts come before wholes in MODEL_CLASSES: each encoder finds the
    # encoders of its nested classes already in the shared namespace.
    namespace: dict[str, Any] = {"FORMAT": FORMAT, "FORMAT_VERSION": FORMAT_VERSION}
    encoders: dict[type, Callable[[Any], dict[str, Any]]] = {}
    for cls in MODEL_CLASSES:
        encoders[cls] = namespace[f"encode_{cls.__name__}"] = _encoder(cls, namespace)
    return encoders


_ENCODERS: Final = _encoders()
# By the class's identity: a caller's object may be of any class, and hashing
# it could run its metaclass's code. The model classes live as long as the
# process, so no other class can take one's id.
_ENCODERS_BY_ID: Final = {id(cls): encode for cls, encode in _ENCODERS.items()}


def to_data(obj: Model) -> dict[str, Any]:
    """Return *obj* as a tree of ``dict``, ``list``, ``str``, ``int`` and ``None``.

    A graph becomes a document, ``{"format": "binding-graph", "version": 1,
    "symbols": [...], ...}``; any other model object becomes the object of its
    fields.
    Keys follow the class's field order; every field is present, ``None``
    included; ``dependencies`` is a list sorted by code point.

    Args:
        obj: An instance of one of the model classes.

    Returns:
        A new tree, which the caller may change freely.

    Raises:
        BindingGraphError: ``wrong_type`` if *obj* is not a model object.

    >>> from binding_graph import SourceSpanLink
    >>> to_data(SourceSpanLink("p1", 0, 5, "Alice"))
    {'source_id': 'p1', 'start': 0, 'end': 5, 'text': 'Alice'}

    .. versionadded:: 0.1.0
    """
    encode = _ENCODERS_BY_ID.get(id(type(obj)))
    if encode is None:
        refuse_type("to_data", "obj", f"one of {CLASS_NAMES}", obj, ())
    return encode(obj)


# The canonical bytes by definition; the compiled writers below are held to
# it (reference_bytes). Documents hold objects with ASCII keys, arrays,
# strings, ints within 2**53 - 1 and null only, for which this writes
# RFC 8785: keys sorted (ASCII: UTF-16 and code-point order agree), no
# whitespace, strings escaping '"', '\\' and U+0000..U+001F only, ints in decimal.
_ENCODE: Final = json.JSONEncoder(
    ensure_ascii=False,
    check_circular=False,
    allow_nan=False,
    sort_keys=True,
    separators=(",", ":"),
).encode


def reference_bytes(obj: Model) -> bytes:
    """Return the canonical bytes of *obj* by their definition: json over :func:`to_data`.

    The compiled writers, and the fast path, must give exactly these bytes.
    """
    return _ENCODE(to_data(obj)).encode()


# -- the compiled writers ------------------------------------------------------
# One function per class writes its canonical text straight from the object,
# with the keys already in order: no tree, no sorting. Strings go through the
# C function the json encoder itself escapes them with; an offset goes
# through "%d". A model object holds exactly str and int, never a subclass
# that could write itself otherwise.

_ESCAPE: Final = json.encoder.encode_basestring


def _written(name: str, kind: str, item: type | None) -> tuple[str, str, str]:
    """Return how field *name* of ``obj`` is written: text before, expression, text after."""
    value = f"obj.{name}"
    if kind in {"optional_text", "refusal_reason"}:
        return "", f'("null" if {value} is None else escape({value}))', ""
    if kind in {"start", "end"}:
        return "", f'"%d" % {value}', ""
    if kind == "identifiers":
        # str order is code-point order: the same under every hash seed.
        return "[", f'",".join(map(escape, sorted({value})))', "]"
    if kind == "object":
        return "", f"write_{item.__name__}({value})", ""  # type: ignore[union-attr]
    if kind == "objects":
        return "[", f'",".join(map(write_{item.__name__}, {value}))', "]"  # type: ignore[union-attr]
    return "", f"escape({value})", ""


def _writer(cls: type, namespace: dict[str, Any]) -> Callable[[Any], str]:
    members = [
        (name, _written(name, declared.kind, declared.item))
        for name, declared in declared_fields(cls)
    ]
    if cls is SemanticSymbolicBindingGraph:
        # Constants: nothing to compute, only text to write.
        members += [
            ("format", (_ESCAPE(FORMAT), "", "")),
            ("version", (f"{FORMAT_VERSION}", "", "")),
        ]
    parts: list[str] = []
    text = "{"
    for index, (name, (before, written, after)) in enumerate(sorted(members)):
        text += f'{"," if index else ""}"{name}":{before}'
        if written:
            parts += [repr(text), written]
            text = ""
        text += after
    parts.append(repr(text + "}"))
    name = f"write_{cls.__name__}"
    source = f"def {name}(obj):\n    return ''.join(({', '.join(parts)}))"
    return compile_function(name, source, namespace)


def _writers() -> dict[type, Callable[[Any], str]]:
    namespace: dict[str, Any] = {"escape": _ESCAPE}
    writers: dict[type, Callable[[Any], str]] = {}
    for cls in MODEL_CLASSES:  # parts before wholes, as for the encoders
        writers[cls] = namespace[f"write_{cls.__name__}"] = _writer(cls, namespace)
    return writers


_WRITERS: Final = _writers()
_WRITERS_BY_ID: Final = {id(cls): write for cls, write in _WRITERS.items()}  # as above


def canonical_text(obj: Model) -> str:
    """Return the canonical text of *obj* on the pure path; see :func:`canonical_bytes`."""
    write = _WRITERS_BY_ID.get(id(type(obj)))
    if write is None:
        refuse_type("to_data", "obj", f"one of {CLASS_NAMES}", obj, ())
    return write(obj)


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

    >>> from binding_graph import SourceSpanLink
    >>> canonical_bytes(SourceSpanLink("p1", 0, 5, "Alice"))
    b'{"end":5,"source_id":"p1","start":0,"text":"Alice"}'

    .. versionadded:: 0.1.0
    """
    fast = _switch.fast
    if fast is not None:
        encoded = fast.canonical_bytes(obj)
        if encoded is not None:
            return encoded
    return canonical_text(obj).encode()


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
    fast = _switch.fast
    if fast is not None:
        encoded = fast.canonical_bytes(obj)
        if encoded is not None:
            return encoded.decode()
    return canonical_text(obj)


def content_hash(obj: Model) -> str:
    """Return ``"sha256:"`` and the hex SHA-256 digest of :func:`canonical_bytes`.

    Two objects have the same hash exactly when they are equal.

    Args:
        obj: A model object, as for :func:`to_data`.

    Raises:
        BindingGraphError: ``wrong_type`` if *obj* is not a model object.

    >>> from binding_graph import SourceSpanLink
    >>> content_hash(SourceSpanLink("p1", 0, 5, "Alice"))[:15]
    'sha256:28e6385e'

    .. versionadded:: 0.1.0
    """
    return "sha256:" + hashlib.sha256(canonical_bytes(obj)).hexdigest()

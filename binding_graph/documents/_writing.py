"""Writing model objects as documents: trees, canonical bytes and hashes."""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any, Final

from binding_graph._codegen import compile_function
from binding_graph._declarations import declared_fields
from binding_graph._model_class import canonical_text, header
from binding_graph.documents import _paths
from binding_graph.errors import refuse_type
from binding_graph.model import CLASS_NAMES, MODEL_CLASSES, Model

if TYPE_CHECKING:
    from collections.abc import Callable


def _encoder(cls: type, namespace: dict[str, Any]) -> Callable[[Any], dict[str, Any]]:
    """Compile the function that writes a *cls* as a tree, its header first.

    A field of a kind that documents leave out when ``None`` is taken out
    of the tree then, the other keys keeping their order.
    """
    fields = declared_fields(cls)
    omitted = [name for name, declared in fields if declared.kind.omitted]
    lines = [
        f"def encode_{cls.__name__}(obj):",
        "    tree = {" if omitted else "    return {",
    ]
    lines += [f"        {entry.name!r}: {entry.value!r}," for entry in header(cls)]
    for name, declared in fields:
        item = "" if declared.item is None else declared.item.__name__
        value = declared.kind.tree.format(value=f"obj.{name}", item=item)
        lines.append(f"        {name!r}: {value},")
    lines.append("    }")
    for name in omitted:
        lines += [f"    if obj.{name} is None:", f"        del tree[{name!r}]"]
    if omitted:
        lines.append("    return tree")
    return compile_function(f"encode_{cls.__name__}", "\n".join(lines), namespace)


def _encoders() -> dict[type, Callable[[Any], dict[str, Any]]]:
    # Parts come before wholes in MODEL_CLASSES: each encoder finds the
    # encoders of its nested classes already in the shared namespace.
    namespace: dict[str, Any] = {}
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
    included, but an unknown's ``question_form`` and ``state_index``, which
    are left out when ``None``; ``dependencies`` is a list sorted by code
    point.

    Args:
        obj: An instance of one of the model classes.

    Returns:
        A new tree, which the caller may change freely.

    Raises:
        BindingGraphError: ``wrong_type`` if *obj* is not a model object.

    >>> from binding_graph import SourceSpanLink, to_data
    >>> to_data(SourceSpanLink("p1", 0, 5, "Alice"))
    {'source_id': 'p1', 'start': 0, 'end': 5, 'text': 'Alice'}

    .. versionadded:: 0.1.0
    """
    encode = _ENCODERS_BY_ID.get(id(type(obj)))
    if encode is None:
        refuse_type("to_data", "obj", f"one of {CLASS_NAMES}", obj, ())
    return encode(obj)


# The canonical bytes by definition; the compiled writers, and the fast path,
# are held to it (reference_bytes). Documents hold objects with ASCII keys,
# arrays, strings, ints within 2**53 - 1 and null only, for which this
# writes RFC 8785: keys sorted (ASCII: UTF-16 and code-point order agree),
# no whitespace, strings escaping '"', '\\' and U+0000..U+001F only, ints in
# decimal.
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


def pure_text(obj: Model) -> str:
    """Return the canonical text of *obj* on the pure path; see :func:`canonical_bytes`."""
    text = canonical_text(obj)
    if text is None:
        refuse_type("to_data", "obj", f"one of {CLASS_NAMES}", obj, ())
    return text


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

    >>> from binding_graph import SourceSpanLink, canonical_bytes
    >>> canonical_bytes(SourceSpanLink("p1", 0, 5, "Alice"))
    b'{"end":5,"source_id":"p1","start":0,"text":"Alice"}'

    .. versionadded:: 0.1.0
    """
    fast = _paths.fast
    if fast is not None:
        encoded = fast.canonical_bytes(obj)
        if encoded is not None:
            return encoded
    return pure_text(obj).encode()


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
    fast = _paths.fast
    if fast is not None:
        encoded = fast.canonical_bytes(obj)
        if encoded is not None:
            return encoded.decode()
    return pure_text(obj)


def content_hash(obj: Model) -> str:
    """Return ``"sha256:"`` and the hex SHA-256 digest of :func:`canonical_bytes`.

    Two objects have the same hash exactly when they are equal.

    Args:
        obj: A model object, as for :func:`to_data`.

    Raises:
        BindingGraphError: ``wrong_type`` if *obj* is not a model object.

    >>> from binding_graph import SourceSpanLink, content_hash
    >>> content_hash(SourceSpanLink("p1", 0, 5, "Alice"))[:15]
    'sha256:28e6385e'

    .. versionadded:: 0.1.0
    """
    return "sha256:" + hashlib.sha256(canonical_bytes(obj)).hexdigest()

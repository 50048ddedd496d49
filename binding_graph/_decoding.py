"""Reading model objects from trees of ``dict``, ``list``, ``str``, ``int`` and ``None``."""

from __future__ import annotations

from itertools import repeat
from operator import is_, length_hint
from typing import (
    TYPE_CHECKING,
    Any,
    Final,
    NamedTuple,
    NoReturn,
    TypeVar,
    cast,
    overload,
)

from binding_graph._codegen import compile_function
from binding_graph._collector import call_paused
from binding_graph._encoding import CLASS_NAMES, FORMAT, FORMAT_VERSION
from binding_graph._fields import declared_fields
from binding_graph._init import build_lines
from binding_graph._validators import (
    check_identifier,
    is_dict,
    is_list,
    is_str,
    refuse_type,
)
from binding_graph.errors import BindingGraphError, ErrorPath, short_repr, type_name
from binding_graph.model import MODEL_CLASSES, Model, SemanticSymbolicBindingGraph

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    # Types only, so nothing but the type checkers reads them.
    _Object = dict[str, Any]
    # A class's decoder, its documents' depth, and the class, typed.
    _Decoder = tuple[Callable[[object], Model], int, type[Model]]

# At run time too: the documentation reads the signatures of from_data().
_M = TypeVar("_M", bound=Model)

_DOCUMENT: Final = SemanticSymbolicBindingGraph


def malformed(message: str, path: ErrorPath = ()) -> BindingGraphError:
    """Return the ``malformed_document`` refusal of *message* at *path*."""
    return BindingGraphError("malformed_document", message, path)


def _refuse_not_object(owner: str, value: object) -> NoReturn:
    raise BindingGraphError(
        "wrong_type",
        f"a {owner} must be a JSON object, not {type_name(value)}"
        f" (got {short_repr(value)})",
    )


def _refuse_object(value: object, owner: str, fields: tuple[str, ...]) -> NoReturn:
    """Refuse *value* where an object with exactly *fields* belongs."""
    if not is_dict(value):
        _refuse_not_object(owner, value)
    for key in value:  # document order: the first stray key is reported
        # A key that is not a str, or lies about its equality, is never
        # compared with the field names.
        if not is_str(key) or key not in fields:
            raise BindingGraphError(
                "unknown_key",
                f"{owner} has no field {short_repr(key)}; its fields are"
                f" {', '.join(fields)}",
                (key,) if type(key) is str else (),
            )
    # Every key is a field, and the keys are not all the fields.
    missing = next(name for name in fields if name not in value)
    raise BindingGraphError(
        "missing_key",
        f"{owner}.{missing} is missing: a document holds every field, null for None",
        (missing,),
    )


def _refuse_key(key: object, path: ErrorPath) -> NoReturn:
    raise BindingGraphError(
        "unknown_key",
        f"an object of a document has a key of type {type_name(key)},"
        f" which is no field: keys are field names, of type str (got {short_repr(key)})",
        path,
    )


def _refuse_header(data: object) -> NoReturn:
    """Refuse a graph document whose header or keys are wrong.

    The header comes first: a document of another format or version may
    well have other keys.
    """
    owner = _DOCUMENT.__name__
    if not is_dict(data):
        _refuse_not_object(owner, data)
    for name in ("format", "version"):
        if name not in data:
            raise BindingGraphError(
                "missing_key",
                f"{owner}.{name} is missing: a graph document holds"
                f' "format": "{FORMAT}" and "version": {FORMAT_VERSION}',
                (name,),
            )
    marker, version = data["format"], data["version"]
    if type(marker) is not str or marker != FORMAT:
        raise malformed(
            f"{owner}.format must be {FORMAT!r}: this is not a binding-graph"
            f" document (got {short_repr(marker)})",
            ("format",),
        )
    if type(version) is not int:
        refuse_type(owner, "version", "an int", version, ("version",))
    if version != FORMAT_VERSION:
        raise BindingGraphError(
            "unsupported_version",
            f"{owner}.version must be {FORMAT_VERSION}, the only version of the"
            f" format this library reads (got {short_repr(version)})",
            ("version",),
        )
    _refuse_object(data, owner, _fields_of(_DOCUMENT))


def _each(
    decode: Callable[[object], _M], value: object, owner: str, field: str
) -> tuple[_M, ...]:
    if not is_list(value):
        refuse_type(owner, field, "a JSON array", value, (field,))
    iterator: Iterator[object] = iter(value)
    try:
        return tuple(map(decode, iterator))
    except BindingGraphError as exc:
        # A list iterator knows how many items it has left: the one that
        # failed is the last it gave, so no index is kept on the hot path.
        index = len(value) - length_hint(iterator) - 1
        raise exc.with_prefix((field, index)) from None


def _refuse_member(members: list[object], owner: str, field: str) -> None:
    """Refuse the first bad member of *members*, in list order, at its index."""
    seen: set[str] = set()
    for index, member in enumerate(members):  # pragma: no branch -- one is bad
        path: ErrorPath = (field, index)
        string = check_identifier(member, owner, field, path)
        if string in seen:
            msg = (
                f"{owner}.{field} encodes a set and must not repeat"
                f" an entry (got {short_repr(member)} again)"
            )
            raise malformed(msg, path)
        seen.add(string)


def _identifiers(value: object, owner: str, field: str) -> frozenset[str]:
    if not is_list(value):
        refuse_type(owner, field, "a JSON array", value, (field,))
    members = value
    # By identity: hashing a member's class could run its metaclass's code.
    if not all(map(is_, map(type, members), repeat(str))):
        # Anything but a str is refused before it is hashed: its hashing
        # may be its own.
        _refuse_member(members, owner, field)
    result = cast("frozenset[str]", frozenset(members))
    if len(result) != len(members):
        _refuse_member(members, owner, field)
    return result


def _locate(exc: BindingGraphError, data: _Object, cls: type) -> BindingGraphError:
    """Point a model's refusal of a *cls* at the member of the document it means.

    The model names no position in a set; the document has one.
    """
    path = exc.path
    if len(path) == 1 and path[0] in _SETS[cls]:
        _refuse_member(data[path[0]], cls.__name__, path[0])
    if exc.code == "unknown_symbol" and len(path) == 3:  # noqa: PLR2004 -- (collection, index, field)
        collection, index, field = cast("tuple[str, int, str]", path)
        if field in _SETS[_ITEMS[cls][collection]]:
            members: list[str] = data[collection][index][field]
            # Every symbol was read already: their ids are valid strings.
            known = {symbol["symbol_id"] for symbol in data["symbols"]}
            first = min(m for m in members if m not in known)
            return BindingGraphError(
                exc.code, exc.message, (*path, members.index(first))
            )
    return exc


# -- the generated decoders ---------------------------------------------------


def _fields_of(cls: type) -> tuple[str, ...]:
    names = tuple(name for name, _ in declared_fields(cls))
    return ("format", "version", *names) if cls is _DOCUMENT else names


_SETS: Final[dict[type, frozenset[str]]] = {
    cls: frozenset(n for n, d in declared_fields(cls) if d.kind == "identifiers")
    for cls in MODEL_CLASSES
}
_ITEMS: Final[dict[type, dict[str, type]]] = {
    cls: {n: d.item for n, d in declared_fields(cls) if d.item is not None}
    for cls in MODEL_CLASSES
}


def _depth(cls: type) -> int:
    """Return how deep the documents of *cls* nest; its own object counts as 1."""
    depth = 0
    for _, declared in declared_fields(cls):
        if declared.kind == "identifiers":
            depth = max(depth, 1)
        elif declared.kind == "object":
            depth = max(depth, _depth(declared.model))
        elif declared.kind == "objects":
            depth = max(depth, 1 + _depth(declared.model))
    return 1 + depth


def _decoder_source(cls: type, namespace: dict[str, Any], *, check_keys: bool) -> str:
    """Return the source of ``decode_<cls>``, filling *namespace* with its globals.

    It reads each field from the object, decodes the nested ones, and builds
    the *cls* as its ``__init__`` would, without calling it.
    With *check_keys*, it also refuses a key that is not exactly a ``str``,
    which a tree built in Python may hold: a subclass equal to a field's
    name, and hashed as it, would be read as that field. The trees that a
    JSON parser builds hold none, and their decoders leave the check out.
    """
    name = cls.__name__
    refuse = f"refuse_object(data, {name!r}, FIELDS)"
    if cls is _DOCUMENT:
        refuse = "refuse_header(data)"
    names = _fields_of(cls)
    # The object holds exactly the fields when it holds as many keys as
    # there are fields, and each field is found.
    lines = [
        f"def decode_{name}(data):",
        f"    if type(data) is not dict or len(data) != {len(names)}:",
        f"        {refuse}",
        "    try:",
        *(f"        {_local(field)} = data[{field!r}]" for field in names),
        "    except KeyError:",
        f"        {refuse}",
    ]
    if check_keys:
        # By identity: hashing a key's class could run its metaclass's code.
        lines += [
            "    if not all(map(is_, map(type, data), repeat(str))):",
            f"        {refuse}",
        ]
    if cls is _DOCUMENT:
        lines += [
            "    if not (",
            "        type(header_version) is int and header_version == FORMAT_VERSION",
            "        and type(header_format) is str and header_format == FORMAT",
            "    ):",
            f"        {refuse}",
        ]
    for field, declared in declared_fields(cls):
        kind = declared.kind
        if kind == "identifiers":
            lines.append(f"    {field} = identifiers({field}, {name!r}, {field!r})")
        elif kind == "object":
            decode = f"decode_{declared.model.__name__}"
            lines += [
                "    try:",
                f"        {field} = {decode}({field})",
                "    except BindingGraphError as exc:",
                f"        raise exc.with_prefix(({field!r},)) from None",
            ]
        elif kind == "objects":
            decode = f"decode_{declared.model.__name__}"
            lines.append(f"    {field} = each({decode}, {field}, {name!r}, {field!r})")
    lines += [
        f"    obj = new({name})",
        "    try:",
        *(f"        {line}" for line in build_lines(cls, namespace, "obj")),
        "    except BindingGraphError as exc:",
        f"        raise locate(exc, data, {name}) from None",
        "    return obj",
    ]
    return "\n".join(lines)


def _local(field: str) -> str:
    # The header's keys name no field; "format" would hide a builtin.
    return f"header_{field}" if field in {"format", "version"} else field


def _decoders(*, check_keys: bool) -> dict[object, _Decoder]:
    shared: dict[str, Any] = {
        "BindingGraphError": BindingGraphError,
        "FORMAT": FORMAT,
        "FORMAT_VERSION": FORMAT_VERSION,
        "new": object.__new__,
        "each": _each,
        "identifiers": _identifiers,
        "is_": is_,
        "locate": _locate,
        "refuse_header": _refuse_header,
        "refuse_object": _refuse_object,
        "repeat": repeat,
    }
    decoders: dict[object, _Decoder] = {}
    # Parts come before wholes in MODEL_CLASSES: each decoder finds the
    # decoders of its nested classes already in the shared namespace.
    for cls in MODEL_CLASSES:
        name = cls.__name__
        namespace = {
            **shared,
            name: cls,
            "KEYS": frozenset(_fields_of(cls)),
            "FIELDS": _fields_of(cls),
        }
        source = _decoder_source(cls, namespace, check_keys=check_keys)
        qualname = f"decode_{name}" + (" of a tree" if check_keys else "")
        decode = compile_function(
            f"decode_{name}", source, namespace, qualname=qualname
        )
        shared[f"decode_{name}"] = decode
        decoders[cls] = (decode, _depth(cls), cls)
    # The nested decoders are looked up in each namespace at call time.
    return decoders


_DECODERS: Final = _decoders(check_keys=False)
"""The decoders of the trees a JSON parser builds, by model class."""
_TREE_DECODERS: Final = _decoders(check_keys=True)
"""The decoders of trees built in Python, which check every key, by model class."""

# By the class's identity: *cls* comes from the caller, and hashing it could
# run its metaclass's code. The model classes live as long as the process,
# so no other object can take one's id.
_BY_ID: Final = {id(cls): entry for cls, entry in _DECODERS.items()}
_TREE_BY_ID: Final = {id(cls): entry for cls, entry in _TREE_DECODERS.items()}


def decoder(cls: object, *, check_keys: bool = False) -> _Decoder:
    """Return the decoder of the model class *cls*, its documents' depth, and *cls*.

    With *check_keys*, the decoder of trees built in Python, which may hold
    keys that are not exactly ``str``.
    """
    found = (_TREE_BY_ID if check_keys else _BY_ID).get(id(cls))
    if found is None:
        refuse_type("from_data", "cls", f"one of {CLASS_NAMES}", cls, ("cls",))
    return found


def _too_deep(data: object, limit: int) -> ErrorPath | None:
    """Return the path of the first array or object nested deeper than *limit*."""
    stack: list[tuple[ErrorPath, object, int]] = [((), data, 1)]
    while stack:
        path, value, depth = stack.pop()
        children: list[tuple[object, object]]
        if is_dict(value):
            children = list(value.items())
        elif is_list(value):
            children = list(enumerate(value))
        else:
            continue
        if depth > limit:
            return path
        for key, child in reversed(children):
            step = key if type(key) is str or type(key) is int else short_repr(key)
            stack.append(((*path, step), child, depth + 1))
    return None


class _Step(NamedTuple):
    """Where a value of a tree sits: the step to it from its parent's place."""

    parent: _Step | None
    key: str | int

    def path(self) -> ErrorPath:
        """Return the path from the root, built once, when it is needed."""
        steps: list[str | int] = []
        step: _Step | None = self
        while step is not None:
            steps.append(step.key)
            step = step.parent
        return tuple(reversed(steps))


def _refuse_foreign_key(data: object) -> None:
    """Refuse the first key, in document order, that is not a ``str``.

    Each value carries only the step to it from its parent, so a tree of
    any depth costs time in proportion to its size.
    """
    stack: list[tuple[_Step | None, object]] = [(None, data)]
    seen: set[int] = set()
    while stack:
        step, value = stack.pop()
        if id(value) in seen:  # a shared or self-referencing container
            continue
        seen.add(id(value))
        children: list[tuple[_Step | None, object]] = []
        if is_dict(value):
            for key, child in list(value.items()):
                if not is_str(key):
                    _refuse_key(key, () if step is None else step.path())
                children.append((_Step(step, key), child))
        elif is_list(value):
            children = [(_Step(step, i), v) for i, v in enumerate(value)]
        else:
            continue
        stack.extend(reversed(children))


def read(data: object, cls: object, *, check_keys: bool = False) -> Model:
    """Build a *cls* from the tree *data*; see :func:`from_data`.

    With *check_keys*, every key is checked to be exactly a ``str``: a tree
    built in Python may hold others, one that a JSON parser built does not.
    """
    decode, limit, model = decoder(cls, check_keys=check_keys)
    try:
        return decode(data)
    except BindingGraphError:
        # Only a refused tree is measured: a valid one nests as it should.
        path = _too_deep(data, limit)
        if path is None:
            raise
    except Exception:
        # Only a tree built in Python can get here: a key whose equality or
        # hashing raises, met while the keys were compared with the fields.
        # Anything else is a defect of this library, and is raised as it is.
        _refuse_foreign_key(data)
        raise
    raise BindingGraphError(
        "limit_exceeded",
        f"a {model.__name__} document nests arrays and objects at most {limit} deep;"
        " this one nests deeper",
        path,
    )


@overload
def from_data(data: object) -> SemanticSymbolicBindingGraph: ...
@overload
def from_data(data: object, cls: type[_M]) -> _M: ...
def from_data(data: object, cls: object = SemanticSymbolicBindingGraph) -> Model:
    """Build a *cls* from a tree such as :func:`~binding_graph.to_data` returns.

    The reading is strict: an object must hold exactly the class's fields,
    with keys of type ``str``, a graph document must carry
    ``"format": "binding-graph"`` and ``"version": 1``, arrays must be
    ``list`` and objects ``dict``, and nothing may nest deeper than the
    format does.
    Every value, key and container must be exactly of its built-in type,
    as :func:`json.loads` makes them: a subclass is refused, whatever it
    does.
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

    >>> from binding_graph import SourceSpanLink
    >>> from_data({"source_id": "p1", "start": 0, "end": 5, "text": "Alice"}, SourceSpanLink)
    SourceSpanLink(source_id='p1', start=0, end=5, text='Alice')

    .. versionadded:: 0.1.0
    """
    # Reading allocates many objects and frees none, so the cyclic collector
    # would run again and again over a heap that only grows, for nothing: the
    # objects built hold no reference cycles.
    return call_paused(read, data, cls, check_keys=True)

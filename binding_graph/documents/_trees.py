"""Reading model objects from trees of ``dict``, ``list``, ``str``, ``int`` and ``None``.

Each model class has a decoder, compiled from its fields' kinds, that reads
a valid tree in one pass: it looks each field up, reads the nested ones with
their classes' decoders, and builds the object as its ``__init__`` would,
without calling it.
Only when something is wrong does it call the refusals of
:mod:`binding_graph.documents._tree_refusals`, to say what.
"""

from __future__ import annotations

from itertools import repeat
from operator import is_, length_hint
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast, overload

from binding_graph._checks import is_dict, is_list
from binding_graph._codegen import compile_function
from binding_graph._declarations import declared_fields
from binding_graph._gc_pause import call_paused
from binding_graph._model_class import build_lines, header
from binding_graph.documents._tree_refusals import (
    fields_of,
    locate,
    refuse_foreign_key,
    refuse_header,
    refuse_member,
    refuse_object,
    too_deep,
)
from binding_graph.errors import BindingGraphError, refuse_type
from binding_graph.model import (
    CLASS_NAMES,
    MODEL_CLASSES,
    Model,
    SemanticSymbolicBindingGraph,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    # A class's decoder, its documents' depth, and the class, typed.
    _Decoder = tuple[Callable[[object], Model], int, type[Model]]

# At run time too: the documentation reads the signatures of from_data().
_M = TypeVar("_M", bound=Model)


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


def _identifiers(value: object, owner: str, field: str) -> frozenset[str]:
    if not is_list(value):
        refuse_type(owner, field, "a JSON array", value, (field,))
    members = value
    # By identity: hashing a member's class could run its metaclass's code.
    if not all(map(is_, map(type, members), repeat(str))):
        # Anything but a str is refused before it is hashed: its hashing
        # may be its own.
        refuse_member(members, owner, field)
    result = cast("frozenset[str]", frozenset(members))
    if len(result) != len(members):
        refuse_member(members, owner, field)
    return result


def _depth(cls: type) -> int:
    """Return how deep the documents of *cls* nest; its own object counts as 1."""
    depth = 0
    for _, declared in declared_fields(cls):
        inner = _depth(declared.model) if declared.kind.nested else 0
        depth = max(depth, declared.kind.depth + inner)
    return 1 + depth


def _local(field: str, cls: type) -> str:
    # A header's keys name no field; "format" would hide a builtin.
    return f"header_{field}" if field in {e.name for e in header(cls)} else field


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
    entries = header(cls)
    refuse = f"refuse_object(data, {name!r}, FIELDS)"
    if entries:
        refuse = f"refuse_header(data, {name})"
    names = fields_of(cls)
    # The object holds exactly the fields when it holds as many keys as
    # there are fields, and each field is found.
    lines = [
        f"def decode_{name}(data):",
        f"    if type(data) is not dict or len(data) != {len(names)}:",
        f"        {refuse}",
        "    try:",
        *(f"        {_local(field, cls)} = data[{field!r}]" for field in names),
        "    except KeyError:",
        f"        {refuse}",
    ]
    if check_keys:
        # By identity: hashing a key's class could run its metaclass's code.
        lines += [
            "    if not all(map(is_, map(type, data), repeat(str))):",
            f"        {refuse}",
        ]
    if entries:
        tests = [
            f"type({_local(e.name, cls)}) is {type(e.value).__name__}"
            f" and {_local(e.name, cls)} == {e.value!r}"
            for e in entries
        ]
        lines += [f"    if not ({' and '.join(tests)}):", f"        {refuse}"]
    for field, declared in declared_fields(cls):
        item = "" if declared.item is None else declared.item.__name__
        lines += [
            "    " + line.format(field=field, owner=name, item=item)
            for line in declared.kind.read
        ]
    lines += [
        f"    obj = new({name})",
        "    try:",
        *(f"        {line}" for line in build_lines(cls, namespace, "obj")),
        "    except BindingGraphError as exc:",
        f"        raise locate(exc, data, {name}) from None",
        "    return obj",
    ]
    return "\n".join(lines)


def _decoders(*, check_keys: bool) -> dict[object, _Decoder]:
    shared: dict[str, Any] = {
        "BindingGraphError": BindingGraphError,
        "new": object.__new__,
        "each": _each,
        "identifiers": _identifiers,
        "is_": is_,
        "locate": locate,
        "refuse_header": refuse_header,
        "refuse_object": refuse_object,
        "repeat": repeat,
    }
    decoders: dict[object, _Decoder] = {}
    # Parts come before wholes in MODEL_CLASSES: each decoder finds the
    # decoders of its nested classes already in the shared namespace.
    for cls in MODEL_CLASSES:
        name = cls.__name__
        namespace = {**shared, name: cls, "FIELDS": fields_of(cls)}
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
        # A root that is no object is refused as such, however deep.
        path = too_deep(data, limit) if is_dict(data) else None
        if path is None:
            raise
    except Exception:
        # Only a tree built in Python can get here: a key whose equality or
        # hashing raises, met while the keys were compared with the fields.
        # Anything else is a defect of this library, and is raised as it is.
        refuse_foreign_key(data)
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

    >>> from binding_graph import SourceSpanLink, from_data
    >>> from_data({"source_id": "p1", "start": 0, "end": 5, "text": "Alice"}, SourceSpanLink)
    SourceSpanLink(source_id='p1', start=0, end=5, text='Alice')

    .. versionadded:: 0.1.0
    """
    # Reading allocates many objects and frees none, so the cyclic collector
    # would run again and again over a heap that only grows, for nothing: the
    # objects built hold no reference cycles.
    return call_paused(read, data, cls, check_keys=True)

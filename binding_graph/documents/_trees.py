"""The compiled decoders: each reads a valid tree of its model class in one pass, and only tells an invalid one apart.

Each model class has a decoder, compiled from its fields' kinds, that reads
a valid tree in one pass: it looks each field up, reads the nested ones with
their classes' decoders, and builds the object as its ``__init__`` would,
without calling it.
Of an invalid tree it says nothing but that it is invalid, by raising: the
walk of :mod:`binding_graph.documents._walk` then says what is wrong, in
document order.
"""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, Final, cast

from binding_graph._checks import is_list
from binding_graph._codegen import compile_function
from binding_graph._declarations import declared_fields
from binding_graph._model_class import build_lines, header
from binding_graph.documents._tree_refusals import fields_of
from binding_graph.errors import refuse_type
from binding_graph.model import CLASS_NAMES, MODEL_CLASSES, Model

if TYPE_CHECKING:
    from collections.abc import Callable

    # A class's decoder, its documents' depth, and the class, typed.
    _Decoder = tuple[Callable[[object], Model], int, type[Model]]


class Invalid(Exception):  # noqa: N818 -- a signal, not an error shown to anyone
    """Raised by a decoder for a tree it does not take, besides the model's own refusals."""


def _invalid() -> None:
    raise Invalid


def _each(decode: Callable[[object], Model], value: object) -> tuple[Model, ...]:
    if not is_list(value):
        raise Invalid
    return tuple(map(decode, value))


def _identifiers(value: object) -> frozenset[str]:
    if not is_list(value):
        raise Invalid
    members = value
    # By identity: hashing a member's class could run its metaclass's code.
    # Anything but a str is refused before it is hashed: its hashing may be
    # its own.
    if not all(map(is_, map(type, members), repeat(str))):
        raise Invalid
    result = cast("frozenset[str]", frozenset(members))
    if len(result) != len(members):
        raise Invalid
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
    names = fields_of(cls)
    # The object holds exactly the fields when it holds as many keys as
    # there are fields, and each field is found.
    lines = [
        f"def decode_{name}(data):",
        f"    if type(data) is not dict or len(data) != {len(names)}:",
        "        invalid()",
    ]
    if check_keys:
        # By identity, before any lookup: hashing a key's class, or
        # comparing a key, could run its own code.
        lines += [
            "    if not all(map(is_, map(type, data), repeat(str))):",
            "        invalid()",
        ]
    lines += [
        "    try:",
        *(f"        {_local(field, cls)} = data[{field!r}]" for field in names),
        "    except KeyError:",
        "        invalid()",
    ]
    if entries:
        tests = [
            f"type({_local(e.name, cls)}) is {type(e.value).__name__}"
            f" and {_local(e.name, cls)} == {e.value!r}"
            for e in entries
        ]
        lines += [f"    if not ({' and '.join(tests)}):", "        invalid()"]
    for field, declared in declared_fields(cls):
        item = "" if declared.item is None else declared.item.__name__
        lines += [
            "    " + line.format(field=field, owner=name, item=item)
            for line in declared.kind.read
        ]
    lines += [
        f"    obj = new({name})",
        *(f"    {line}" for line in build_lines(cls, namespace, "obj")),
        "    return obj",
    ]
    return "\n".join(lines)


def _decoders(*, check_keys: bool) -> dict[object, _Decoder]:
    shared: dict[str, Any] = {
        "new": object.__new__,
        "each": _each,
        "identifiers": _identifiers,
        "invalid": _invalid,
        "is_": is_,
        "repeat": repeat,
    }
    decoders: dict[object, _Decoder] = {}
    # Parts come before wholes in MODEL_CLASSES: each decoder finds the
    # decoders of its nested classes already in the shared namespace.
    for cls in MODEL_CLASSES:
        name = cls.__name__
        namespace = {**shared, name: cls}
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


def decoder(
    cls: object, *, check_keys: bool = False, owner: str = "from_data"
) -> _Decoder:
    """Return the decoder of the model class *cls*, its documents' depth, and *cls*.

    With *check_keys*, the decoder of trees built in Python, which may hold
    keys that are not exactly ``str``. A *cls* that is no model class is
    refused as the argument of *owner*.
    """
    found = (_TREE_BY_ID if check_keys else _BY_ID).get(id(cls))
    if found is None:
        refuse_type(owner, "cls", f"one of {CLASS_NAMES}", cls, ("cls",))
    return found

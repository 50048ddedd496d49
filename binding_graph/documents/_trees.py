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


def omitted(cls: type) -> tuple[str, ...]:
    """Return the fields of *cls* that a document may leave out, reading them as ``None``."""
    return tuple(
        name for name, declared in declared_fields(cls) if declared.kind.omitted
    )


def _local(field: str, cls: type) -> str:
    # A header's keys name no field; "format" would hide a builtin.
    return f"header_{field}" if field in {e.name for e in header(cls)} else field


def _body(
    cls: type, data: str, prefix: str, namespace: dict[str, Any], *, check_keys: bool
) -> list[str]:
    """Return the lines that read the tree in the local *data* as a *cls*, into the local ``{prefix}obj``.

    Nested objects are read by the same lines, inlined, and the elements of
    a collection in a loop: one function reads a whole document, with no
    call per object. Every local is named after *prefix*.
    """
    entries = header(cls)
    left_out = omitted(cls)
    names = [name for name in fields_of(cls) if name not in left_out]
    # The object holds exactly the fields when it holds as many keys as
    # the fields it holds, and each field is found.
    least, most = len(names), len(names) + len(left_out)
    fits = f"len({data}) != {least}"
    if left_out:
        fits = f"not {least} <= len({data}) <= {most}"
    lines = [f"if type({data}) is not dict or {fits}:", "    invalid()"]
    if check_keys:
        # By identity, before any lookup: hashing a key's class, or
        # comparing a key, could run its own code.
        lines += [
            f"if not all(map(is_, map(type, {data}), repeat(str))):",
            "    invalid()",
        ]
    lines += [
        "try:",
        *(f"    {prefix}{_local(field, cls)} = {data}[{field!r}]" for field in names),
        "except KeyError:",
        "    invalid()",
    ]
    if left_out:
        # A key left out reads as None, as does null; the object holds as
        # many keys as the fields found. With the required keys alone, as
        # most objects are, none is looked up.
        held = [f"{prefix}{field}" for field in left_out]
        found = " + ".join(f"({local} is not absent)" for local in held)
        lines += [
            f"if len({data}) == {least}:",
            *(f"    {local} = None" for local in held),
            "else:",
            *(
                f"    {local} = {data}.get({field!r}, absent)"
                for local, field in zip(held, left_out, strict=True)
            ),
            f"    if len({data}) != {least} + {found}:",
            "        invalid()",
        ]
        for local in held:
            lines += [f"    if {local} is absent:", f"        {local} = None"]
    if entries:
        tests = [
            f"type({prefix}{_local(e.name, cls)}) is {type(e.value).__name__}"
            f" and {prefix}{_local(e.name, cls)} == {e.value!r}"
            for e in entries
        ]
        lines += [f"if not ({' and '.join(tests)}):", "    invalid()"]
    for field, declared in declared_fields(cls):
        value, inner = f"{prefix}{field}", f"{prefix}{field}_"
        if declared.kind.nested == "one":
            lines += _body(
                declared.model, value, inner, namespace, check_keys=check_keys
            )
            lines.append(f"{value} = {inner}obj")
        elif declared.kind.nested == "many":
            element = f"{inner}data"
            lines += [
                f"if type({value}) is not list:",
                "    invalid()",
                f"{inner}all = []",
                f"for {element} in {value}:",
                *(
                    f"    {line}"
                    for line in _body(
                        declared.model, element, inner, namespace, check_keys=check_keys
                    )
                ),
                f"    {inner}all.append({inner}obj)",
                f"{value} = tuple({inner}all)",
            ]
        else:
            lines += [line.format(field=value) for line in declared.kind.read]
    namespace[cls.__name__] = cls
    return [
        *lines,
        f"{prefix}obj = new({cls.__name__})",
        *build_lines(cls, namespace, f"{prefix}obj", prefix),
    ]


def _decoder_source(cls: type, namespace: dict[str, Any], *, check_keys: bool) -> str:
    """Return the source of ``decode_<cls>``, filling *namespace* with its globals.

    It reads each field from the object, reads the nested ones, inlined,
    and builds the *cls* as its ``__init__`` would, without calling it.
    With *check_keys*, it also refuses a key that is not exactly a ``str``,
    which a tree built in Python may hold: a subclass equal to a field's
    name, and hashed as it, would be read as that field. The trees that a
    JSON parser builds hold none, and their decoders leave the check out.
    """
    body = _body(cls, "data", "", namespace, check_keys=check_keys)
    lines = [f"def decode_{cls.__name__}(data):", *(f"    {line}" for line in body)]
    return "\n".join([*lines, "    return obj"])


_SHARED: Final[dict[str, Any]] = {
    "absent": object(),
    "new": object.__new__,
    "identifiers": _identifiers,
    "invalid": _invalid,
    "is_": is_,
    "repeat": repeat,
}
"""The globals every decoder reads."""


def _compile(cls: type[Model], *, check_keys: bool) -> _Decoder:
    namespace = dict(_SHARED)
    source = _decoder_source(cls, namespace, check_keys=check_keys)
    name = cls.__name__
    qualname = f"decode_{name}" + (" of a tree" if check_keys else "")
    decode = compile_function(f"decode_{name}", source, namespace, qualname=qualname)
    return (decode, _depth(cls), cls)


# By the class's identity: *cls* comes from the caller, and hashing it could
# run its metaclass's code. The model classes live as long as the process,
# so no other object can take one's id.
_CLASSES: Final = {id(cls): cls for cls in MODEL_CLASSES}
# Each decoder is compiled when it is first asked for: importing the package
# compiles none, and a process that reads only graphs from JSON compiles one.
_BY_ID: Final[dict[int, _Decoder]] = {}
"""The decoders of the trees a JSON parser builds, by the id of their model class."""
_TREE_BY_ID: Final[dict[int, _Decoder]] = {}
"""The decoders of trees built in Python, which check every key, by the id of their model class."""


def decoder(
    cls: object, *, check_keys: bool = False, owner: str = "from_data"
) -> _Decoder:
    """Return the decoder of the model class *cls*, its documents' depth, and *cls*.

    With *check_keys*, the decoder of trees built in Python, which may hold
    keys that are not exactly ``str``. A *cls* that is no model class is
    refused as the argument of *owner*.
    """
    table = _TREE_BY_ID if check_keys else _BY_ID
    found = table.get(id(cls))
    if found is None:
        model = _CLASSES.get(id(cls))
        if model is None:
            refuse_type(owner, "cls", f"one of {CLASS_NAMES}", cls, ("cls",))
        found = table[id(cls)] = _compile(model, check_keys=check_keys)
    return found

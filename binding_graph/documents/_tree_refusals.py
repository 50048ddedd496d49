"""Why a tree is not a document: the words of every refusal that reading a tree can give, besides a field's own check.

The decoders of :mod:`binding_graph.documents._trees` only tell whether a
tree is valid; the walk of :mod:`binding_graph.documents._walk` says what is
wrong, in these words: a value that is not an object, a key that is no
field, a missing one, a wrong header, a repeated member of a set, an array
where none belongs, a tree nested deeper than the format.
Each function returns the refusal, with its path from the object it is in;
none raises.
"""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING

from binding_graph._checks import is_dict, is_list
from binding_graph._declarations import Header, declared_fields
from binding_graph._model_class import header
from binding_graph._refuse import malformed
from binding_graph._show import short_repr, type_name
from binding_graph.errors import BindingGraphError, ErrorPath, refusal, type_refusal

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence


@functools.cache  # a walk asks it of every object of a document
def fields_of(cls: type) -> tuple[str, ...]:
    """Return the keys a *cls* document holds: its header's, then its fields'."""
    names = tuple(name for name, _ in declared_fields(cls))
    return (*(entry.name for entry in header(cls)), *names)


def not_object(
    owner: str, value: object, *, document: bool = False
) -> BindingGraphError:
    """Refuse *value* where an object of *owner* belongs; a whole *document* says more of a list."""
    hint = ""
    if document and is_list(value):
        hint = (
            ": a document holds one graph, and a file of several holds one a"
            " line, as JSON Lines (.jsonl)"
        )
    return BindingGraphError(
        "wrong_type",
        f"a {owner} must be a JSON object, not {type_name(value)}{hint}"
        f" (got {short_repr(value)})",
    )


def not_array(owner: str, field: str, value: object) -> BindingGraphError:
    """Refuse *value* in ``owner.field``, where a JSON array belongs."""
    return type_refusal(owner, field, "a JSON array", value, (field,))


def stray_key(owner: str, key: object, fields: tuple[str, ...]) -> BindingGraphError:
    """Refuse *key*, which names no field of *owner* (*fields*), or is not exactly a ``str``.

    A key that is not exactly a ``str`` is never compared with the field
    names: its equality may be its own. Its refusal sits at the object.
    """
    known = type(key) is str
    return BindingGraphError(
        "unknown_key",
        f"{owner} has no field {short_repr(key)}; its fields are {', '.join(fields)}",
        (key,) if known else (),  # type: ignore[arg-type]  # a str, when known
    )


def missing_field(owner: str, name: str) -> BindingGraphError:
    """Refuse an object of *owner* that leaves out the field *name*."""
    return BindingGraphError(
        "missing_key",
        f"{owner}.{name} is missing: a document holds every field, null for None",
        (name,),
    )


def missing_entry(
    owner: str, entry: Header, entries: Sequence[Header]
) -> BindingGraphError:
    """Refuse a document of *owner* that leaves out the header entry *entry*."""
    held = " and ".join(f'"{e.name}": {json.dumps(e.value)}' for e in entries)
    return BindingGraphError(
        "missing_key",
        f"{owner}.{entry.name} is missing: a graph document holds {held}",
        (entry.name,),
    )


def wrong_entry(owner: str, entry: Header, value: object) -> BindingGraphError | None:
    """Refuse the header entry *entry* of a document of *owner* holding *value*; ``None`` if it holds the one value.

    Read by type identity first: *value* may come from a tree built in Python.
    """
    if type(value) is type(entry.value) and value == entry.value:
        return None
    path: ErrorPath = (entry.name,)
    if entry.typed and type(value) is not type(entry.value):
        expected = "an int" if type(entry.value) is int else "a str"
        return type_refusal(owner, entry.name, expected, value, path)
    return refusal(entry.code, owner, entry.name, entry.rule, value, path)


def repeated_member(
    owner: str, field: str, member: str, path: ErrorPath
) -> BindingGraphError:
    """Refuse *member*, which an earlier member of the set ``owner.field`` already is."""
    return malformed(
        f"{owner}.{field} encodes a set and must not repeat"
        f" an entry (got {short_repr(member)} again)",
        path,
    )


def too_deep(data: object, limit: int) -> ErrorPath | None:
    """Return the path of the first array or object nested deeper than *limit*.

    A tree built in Python may hold one list or dict in many places: each is
    looked into again only where it sits deeper than wherever it was looked
    into before (its values already fit there), so that a tree of a few
    shared lists costs its distinct containers times the depth at most, not
    the number of paths through it.
    """
    stack: list[tuple[ErrorPath, object, int]] = [((), data, 1)]
    # The deepest place each container was looked into; the tree keeps every
    # one alive, so no id is reused while this runs.
    deepest: dict[int, int] = {}
    while stack:
        path, value, depth = stack.pop()
        children: Iterable[tuple[object, object]]  # read only if looked into
        if is_dict(value):
            children = value.items()
        elif is_list(value):
            children = enumerate(value)
        else:
            continue
        if depth > limit:
            return path
        if deepest.get(id(value), 0) >= depth:
            continue
        deepest[id(value)] = depth
        for key, child in reversed(list(children)):
            step = key if type(key) is str or type(key) is int else short_repr(key)
            stack.append(((*path, step), child, depth + 1))
    return None


def nested_too_deep(cls: type, limit: int, path: ErrorPath) -> BindingGraphError:
    """Refuse a *cls* document that nests deeper than *limit*, at *path*, the first value too deep."""
    return BindingGraphError(
        "limit_exceeded",
        f"a {cls.__name__} document nests arrays and objects at most {limit} deep;"
        " this one nests deeper",
        path,
    )
